import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Gradients used as views fill the frame they are offered (as `Rectangle().fill(gradient)`), and work
/// as masks, backgrounds and overlays; `EllipticalGradient` stretches its circles to the frame.
@Suite struct GradientViewTests {
    private func near(_ p: Bitmap.Pixel, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, tolerance: Int = 12) -> Bool {
        abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance && abs(Int(p.a) - a) <= tolerance
    }

    @Test func aLinearGradientFillsItsFrame() throws {
        let bitmap = try renderView(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing), width: 100, height: 10)
        #expect(bitmap.width == 100 && bitmap.height == 10)
        #expect(near(bitmap.pixel(x: 0, y: 5), 255, 59, 48))
        #expect(near(bitmap.pixel(x: 99, y: 5), 0, 122, 255))
        // The same pixels as the rectangle filled with it.
        let filled = try renderView(Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)),
                                    width: 100, height: 10)
        #expect(filled.pixels == bitmap.pixels)
        // In a stack it is flexible, like a colour.
        let s = try ImageRenderer(content: HStack(spacing: 0) {
            RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10)
            AngularGradient(colors: [.red, .blue], center: .center)
            Color.green.frame(width: 20)
        }.frame(width: 100, height: 20)).layoutSnapshot()
        #expect(s.leaves.map(\.kind) == ["RadialGradient", "AngularGradient", "Color"])
        #expect(s.leaves.map(\.frame.width) == [40, 40, 20])
    }

    @Test func aGradientMask() throws {
        // `.mask { LinearGradient(...) }`: opaque on the left, transparent on the right.
        let bitmap = try renderView(Color.red.frame(width: 100, height: 10).mask {
            LinearGradient(colors: [.black, .clear], startPoint: .leading, endPoint: .trailing)
        })
        #expect(bitmap.pixel(x: 0, y: 5).a > 245)
        #expect(bitmap.pixel(x: 99, y: 5).a < 10)
        #expect(abs(Int(bitmap.pixel(x: 50, y: 5).a) - 128) < 12)
        // The older spelling, and as a background and an overlay (ShapeStyle and View overloads agree).
        let masked = try renderView(Color.red.frame(width: 100, height: 10)
            .mask(LinearGradient(colors: [.black, .clear], startPoint: .leading, endPoint: .trailing)))
        #expect(masked.pixels == bitmap.pixels)
        let g = LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
        let background = try renderView(Color.clear.frame(width: 10, height: 100).background(g))
        let overlay = try renderView(Color.clear.frame(width: 10, height: 100).overlay(g))
        let asView = try renderView(Color.clear.frame(width: 10, height: 100).background { g })
        #expect(background.pixels == overlay.pixels && background.pixels == asView.pixels)
        #expect(near(background.pixel(x: 5, y: 0), 255, 59, 48))
    }

    @Test func anEllipticalGradientStretchesToItsFrame() throws {
        let gradient = EllipticalGradient(colors: [.red, .blue])
        let bitmap = try renderView(gradient, width: 200, height: 100)
        #expect(near(bitmap.pixel(x: 100, y: 50), 255, 59, 48, tolerance: 16))
        // Halfway to the ellipse along x (50 of 100 points) and along y (25 of 50): the middle colour.
        let mid = bitmap.pixel(x: 150, y: 50), midY = bitmap.pixel(x: 100, y: 75)
        #expect(near(mid, 128, 91, 152, tolerance: 16))
        #expect(near(midY, 128, 91, 152, tolerance: 16))
        // Outside the inscribed ellipse: the last colour.
        #expect(near(bitmap.pixel(x: 2, y: 2), 0, 122, 255))
        // An ellipse shape filled with it: the same inside, nothing outside.
        let shape = try renderView(Ellipse().fill(gradient), width: 200, height: 100)
        #expect(shape.pixel(x: 150, y: 50) == mid)
        #expect(shape.pixel(x: 2, y: 2).a == 0)
        // The leading-dot spelling.
        let dot = try renderView(Rectangle().fill(.ellipticalGradient(colors: [.red, .blue])), width: 200, height: 100)
        #expect(dot.pixels == bitmap.pixels)
    }
}
