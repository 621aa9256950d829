import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `.primary` ... `.quinary` follow the foreground style and the appearance; `Color.Resolved` reads a
/// colour's components back.
@Suite struct HierarchicalStyleTests {
    private func pixel<V: View>(_ view: V) throws -> Bitmap.Pixel {
        try ImageRenderer(content: view.frame(width: 4, height: 4)).render(backend: .cpu).pixel(x: 2, y: 2)
    }
    /// A colour at `opacity` as the renderer stores it (premultiplied 8-bit).
    private func expected(_ r: Double, _ g: Double, _ b: Double, _ opacity: Double) -> Bitmap.Pixel {
        func q(_ v: Double) -> UInt8 { UInt8((v * opacity * 255).rounded()) }
        return Bitmap.Pixel(r: q(r), g: q(g), b: q(b), a: UInt8((opacity * 255).rounded()))
    }
    private func near(_ a: Bitmap.Pixel, _ b: Bitmap.Pixel) -> Bool {
        [Int(a.r) - Int(b.r), Int(a.g) - Int(b.g), Int(a.b) - Int(b.b), Int(a.a) - Int(b.a)].allSatisfy { abs($0) <= 1 }
    }

    @Test func levelsOfTheDefaultForegroundAreTheLabelColours() throws {
        #expect(near(try pixel(Rectangle().fill(.primary)), expected(0, 0, 0, 1)))
        #expect(near(try pixel(Rectangle().fill(.secondary)), expected(60.0 / 255, 60.0 / 255, 67.0 / 255, 0.6)))
        #expect(near(try pixel(Rectangle().fill(.quaternary)), expected(60.0 / 255, 60.0 / 255, 67.0 / 255, 0.18)))
        // Dark: white, and the dark label colours.
        #expect(near(try pixel(Rectangle().fill(.primary).environment(\.colorScheme, .dark)), expected(1, 1, 1, 1)))
        #expect(near(try pixel(Rectangle().fill(.tertiary).environment(\.colorScheme, .dark)), expected(235.0 / 255, 235.0 / 255, 245.0 / 255, 0.3)))
    }

    @Test func levelsOfAForegroundColourAreThatColourFainter() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        #expect(near(try pixel(Rectangle().fill(.secondary).foregroundStyle(red)), expected(1, 0, 0, 0.6)))
        #expect(near(try pixel(Rectangle().fill(.primary).foregroundStyle(red)), expected(1, 0, 0, 1)))
        // Set as the foreground style itself: a level of the foreground around it.
        #expect(near(try pixel(Rectangle().foregroundStyle(.tertiary).foregroundStyle(red)), expected(1, 0, 0, 0.3)))
    }

    @Test func resolvedColoursReadBackTheirComponents() {
        let resolved = Color(red: 0.5, green: 0.25, blue: 1, opacity: 0.5).resolve(in: EnvironmentValues())
        #expect(abs(resolved.red - 0.5) < 1e-6 && abs(resolved.green - 0.25) < 1e-6 && resolved.opacity == 0.5)
        // Stored linear: sRGB 0.5 is linear 0.214.
        #expect(abs(resolved.linearRed - 0.21404) < 1e-4)
        #expect(Color(red: 1, green: 0, blue: 0).resolve(in: EnvironmentValues()).description == "#FF0000FF")
        // A round trip through Color keeps the values; the linear colour space converts.
        let back = Color(resolved)
        #expect(abs(back.red - 0.5) < 1e-6 && abs(back.blue - 1) < 1e-6)
        var r = Color.Resolved(colorSpace: .sRGBLinear, red: 0.21404, green: 0, blue: 0)
        #expect(abs(r.red - 0.5) < 1e-4)
        r.red = 1
        #expect(r.linearRed == 1 && r.description == "#FF0000FF")
        // Extended range keeps its sign; non-finite values print as 0.
        #expect(Color.Resolved(red: -0.5, green: 2, blue: .nan).description == "#00FF00FF")
    }

    @Test func theBackgroundStyleFollowsTheAppearance() throws {
        #expect(try pixel(Rectangle().fill(.background)) == expected(1, 1, 1, 1))
        #expect(try pixel(Rectangle().fill(.background).environment(\.colorScheme, .dark)) == expected(0, 0, 0, 1))
        // A dark card: white text on the dark background, as a render in dark mode shows it.
        let card = ZStack { Rectangle().fill(.background); Rectangle().fill(.primary).frame(width: 2, height: 2) }
            .frame(width: 6, height: 6).environment(\.colorScheme, .dark)
        let b = try ImageRenderer(content: card).render(backend: .cpu)
        #expect(b.pixel(x: 0, y: 0) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255) && b.pixel(x: 3, y: 3) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
    }
}
