import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline

/// The UIKit pieces seed code uses: `UIColor` to read a colour's components, and gestures that
/// compile and never fire.
@Suite struct UIKitCompatTests {
    @Test func uiColorReadsHueSaturationAndBrightness() {
        var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        // .blue = (0, 122, 255): hue 0.5869 (MANIFEST's pencil gradient), full saturation and brightness.
        #expect(UIColor(.blue).getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        #expect(abs(h - 0.58693) < 1e-4 && s == 1 && b == 1 && a == 1)
        UIColor(Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.25)).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(h == 0 && s == 0 && b == 0.5 && a == 0.25)
        // Black: no division by zero.
        UIColor(.black).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(h == 0 && s == 0 && b == 0)
        // HSB round trip through Color(hue:saturation:brightness:).
        UIColor(hue: 0.3, saturation: 0.6, brightness: 0.8, alpha: 1).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(abs(h - 0.3) < 1e-9 && abs(s - 0.6) < 1e-9 && abs(b - 0.8) < 1e-9)
        var r: CGFloat = 0, g: CGFloat = 0, bl: CGFloat = 0
        UIColor(.orange).getRed(&r, green: &g, blue: &bl, alpha: &a)
        #expect(r == 1 && abs(g - 149.0 / 255) < 1e-12 && bl == 0)
        #expect(Color(uiColor: UIColor(red: 1, green: 0, blue: 0, alpha: 1)) == Color(red: 1, green: 0, blue: 0))
    }

    @Test func hsbColoursWithNonFiniteComponentsDoNotTrap() {
        // A NaN or infinite hue is hue 0; the other components pass through as given (the renderer
        // clamps them).
        #expect(Color(hue: .nan, saturation: 1, brightness: 1) == Color(hue: 0, saturation: 1, brightness: 1))
        #expect(Color(hue: .infinity, saturation: 1, brightness: 1) == Color(hue: 0, saturation: 1, brightness: 1))
        _ = Color(hue: 0.5, saturation: .nan, brightness: .infinity)
        var h: CGFloat = 0, s: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(red: .nan, green: 0, blue: 0, alpha: 1).getHue(&h, saturation: &s, brightness: &b, alpha: &a)
        #expect(h.isFinite)
    }

    @Test func gesturesCompileAndLeaveTheViewUnchanged() throws {
        var fired = false
        let plain = Rectangle().fill(.red).frame(width: 8, height: 8)
        let withGestures = plain
            .gesture(DragGesture(minimumDistance: 0).onChanged { v in fired = v.translation.width > 0 }.onEnded { _ in fired = true })
            .simultaneousGesture(TapGesture(count: 2).onEnded { fired = true })
            .highPriorityGesture(LongPressGesture().onEnded { _ in fired = true })
            .onLongPressGesture { fired = true }
        let a = try ImageRenderer(content: plain).render(backend: .cpu)
        let b = try ImageRenderer(content: withGestures).render(backend: .cpu)
        #expect(a.pixels == b.pixels && !fired)
    }
}
