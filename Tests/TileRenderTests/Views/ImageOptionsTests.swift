import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `Image` options: cap insets (stretch and tile), interpolation, template rendering and antialiasing,
/// checked in pixels on the CPU and, where a Vulkan device is there, against it.
@Suite struct ImageOptionsTests {
    /// An opaque image from a function of its pixel coordinates.
    private func image(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> Image {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let c = color(x, y); pixels += [c.0, c.1, c.2, c.3] } }
        return Image(bitmap: try Bitmap(width: width, height: height, premultipliedRGBA: pixels))
    }
    private static let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    private static let green: (UInt8, UInt8, UInt8, UInt8) = (0, 255, 0, 255)
    private static let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255)

    private func render<V: View>(_ view: V, _ backend: Backend = .cpu) throws -> Bitmap {
        try ImageRenderer(content: view).render(backend: backend)
    }
    private func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] { let p = b.pixel(x: x, y: y); return [p.r, p.g, p.b, p.a] }

    /// 9 x 9: red corners of 3 x 3, green edges, a blue centre.
    private func nineParts() throws -> Image {
        try image(9, 9) { x, y in
            let edgeX = x < 3 || x >= 6, edgeY = y < 3 || y >= 6
            return edgeX && edgeY ? Self.red : (edgeX || edgeY ? Self.green : Self.blue)
        }
    }

    @Test func capInsetsKeepTheCornersAndStretchTheRest() throws {
        let view = try nineParts().resizable(capInsets: EdgeInsets(top: 3, leading: 3, bottom: 3, trailing: 3)).frame(width: 40, height: 30)
        let b = try render(view)
        // Corners stay 3 x 3; the edges run between them; the centre fills the middle.
        for (x, y) in [(1, 1), (38, 1), (1, 28), (38, 28)] { #expect(rgb(b, x, y) == [255, 0, 0, 255], "corner \(x),\(y)") }
        for (x, y) in [(20, 1), (20, 28), (1, 15), (38, 15)] { #expect(rgb(b, x, y) == [0, 255, 0, 255], "edge \(x),\(y)") }
        #expect(rgb(b, 20, 15) == [0, 0, 255, 255])
        // Without caps the corner is stretched: at (5, 5) it would still be red.
        let plain = try render(try nineParts().resizable().frame(width: 40, height: 30))
        #expect(rgb(plain, 5, 5) == [255, 0, 0, 255] && rgb(b, 5, 5) != [255, 0, 0, 255])
    }

    @Test func tiledPartsRepeatAtTheirSize() throws {
        // 4 x 4: a 1-pixel white frame around a 2 x 2 checker of red and green.
        let checker = try image(4, 4) { x, y in
            if x == 0 || y == 0 || x == 3 || y == 3 { return (255, 255, 255, 255) }
            return (x + y) % 2 == 0 ? Self.red : Self.green
        }
        let b = try render(checker.resizable(capInsets: EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1), resizingMode: .tile)
            .interpolation(.none).frame(width: 12, height: 12))
        // The centre repeats the checker pixel by pixel from (1, 1).
        for y in 1..<11 {
            for x in 1..<11 {
                #expect(rgb(b, x, y) == ((x + y) % 2 == 0 ? [255, 0, 0, 255] : [0, 255, 0, 255]), "\(x),\(y)")
            }
        }
        #expect(rgb(b, 0, 5) == [255, 255, 255, 255])
    }

    @Test func interpolationNoneTakesTheNearestTexel() throws {
        let two = try image(2, 1) { x, _ in x == 0 ? Self.red : Self.blue }
        let nearest = try render(two.resizable().interpolation(.none).frame(width: 20, height: 4))
        let smooth = try render(two.resizable().frame(width: 20, height: 4))
        #expect(rgb(nearest, 9, 2) == [255, 0, 0, 255] && rgb(nearest, 10, 2) == [0, 0, 255, 255])
        // Bilinear blends across the middle.
        #expect(rgb(smooth, 9, 2)[0] < 255 && rgb(smooth, 9, 2)[2] > 0)
        if vulkanAvailable {
            expectVulkanParity(nearest, try render(two.resizable().interpolation(.none).frame(width: 20, height: 4), .vulkan), "nearest")
            let view = try nineParts().resizable(capInsets: EdgeInsets(top: 3, leading: 3, bottom: 3, trailing: 3), resizingMode: .tile).frame(width: 40, height: 30)
            expectVulkanParity(try render(view), try render(view, .vulkan), "tiled caps")
        }
    }

    @Test func aTemplateImagePaintsItsAlphaInTheForegroundStyle() throws {
        // Opaque red on the left half, transparent on the right.
        let half = try image(10, 10) { x, _ in x < 5 ? Self.red : (0, 0, 0, 0) }
        let b = try render(half.renderingMode(.template).foregroundStyle(Color(red: 0, green: 0, blue: 1)))
        #expect(rgb(b, 2, 5) == [0, 0, 255, 255] && rgb(b, 7, 5)[3] == 0, "\(rgb(b, 2, 5)) \(rgb(b, 7, 5))")
        // The default foreground is black; .original keeps the colours.
        #expect(rgb(try render(half.renderingMode(.template)), 2, 5) == [0, 0, 0, 255])
        #expect(rgb(try render(half.renderingMode(.original).foregroundStyle(Color.blue)), 2, 5) == [255, 0, 0, 255])
    }

    @Test func antialiasedFalseRoundsTheFrameToWholePixels() throws {
        let solid = try image(4, 4) { _, _ in Self.green }
        func edgeAlphas(_ img: Image) throws -> Set<UInt8> {
            var scene = Scene(size: CGSize(width: 20, height: 20))
            scene.draw { $0.draw(img, in: CGRect(x: 2.5, y: 2.5, width: 10.3, height: 10.3)) }
            let b = try Renderer(backend: .cpu).render(scene)
            return Set((0..<20).map { b.pixel(x: $0, y: 8).a })
        }
        #expect(try edgeAlphas(solid).contains { $0 > 0 && $0 < 255 })
        #expect(try edgeAlphas(solid.antialiased(false)).allSatisfy { $0 == 0 || $0 == 255 })
    }

    @Test func oddCapsEndInDocumentedValues() throws {
        // Caps larger than the image or the frame shrink to fit; NaN and negative ones count as 0.
        let parts = try nineParts()
        for insets in [EdgeInsets(top: 50, leading: 50, bottom: 50, trailing: 50), EdgeInsets(top: .nan, leading: -3, bottom: .infinity, trailing: 3)] {
            let b = try render(parts.resizable(capInsets: insets).frame(width: 5, height: 4))
            #expect(b.width == 5 && b.height == 4)
            #expect((0..<4).allSatisfy { y in (0..<5).allSatisfy { b.pixel(x: $0, y: y).a == 255 } }, "\((0..<4).map { y in (0..<5).map { b.pixel(x: $0, y: y).a } })")
        }
    }
}
