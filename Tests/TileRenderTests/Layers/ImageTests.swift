import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct ImageTests {
    /// A 2x2 image: red, green / blue, white (opaque).
    private func checker() throws -> Image {
        try Image(bitmap: Bitmap(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 255, 0, 255,
                                                                            0, 0, 255, 255, 255, 255, 255, 255]))
    }

    @Test func drawAtNaturalSizeCopiesPixels() throws {
        let image = try checker()
        let b = try renderCPU(width: 6, height: 6) { $0.draw(image, in: CGRect(x: 2, y: 3, width: 2, height: 2)) }
        #expect(b.pixel(x: 2, y: 3) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(b.pixel(x: 3, y: 3) == Bitmap.Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(b.pixel(x: 2, y: 4) == Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(b.pixel(x: 3, y: 4) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(b.pixel(x: 1, y: 3).a == 0)
    }

    @Test func stretchingInterpolatesBilinearly() throws {
        let image = try checker()
        let b = try renderCPU(width: 40, height: 40) { ctx in
            ctx.opacity = 0.5
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        // The centre blends all four texels equally; the corners keep their texel's colour.
        let centre = b.pixel(x: 20, y: 20)
        #expect(abs(Int(centre.a) - 128) <= 1)
        #expect(b.pixel(x: 0, y: 0) == Bitmap.Pixel(r: 128, g: 0, b: 0, a: 128))
    }

    @Test func imageViewTakesItsSizeUnlessResizable() throws {
        let image = try checker()
        let fixed = try renderView(image.frame(width: 10, height: 10), width: 10, height: 10)
        #expect(fixed.pixel(x: 4, y: 4).a == 255 && fixed.pixel(x: 1, y: 1).a == 0)   // 2x2, centred in the frame
        let stretched = try renderView(image.resizable().frame(width: 10, height: 10), width: 10, height: 10)
        #expect(stretched.pixel(x: 1, y: 1) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(stretched.pixel(x: 8, y: 8) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func imagesMatchOnVulkan() throws {
        let source = try renderCPU(width: 16, height: 12) { samplePicture(&$0, count: 10, extent: 16) }
        var scene = Scene(size: CGSize(width: 90, height: 70))
        scene.draw { ctx in
            ctx.rotate(by: .degrees(12))
            ctx.draw(Image(bitmap: source), in: CGRect(x: 10, y: 5, width: 64, height: 48))
        }
        let cpu = try Renderer(backend: .cpu).render(scene), gpu = try Renderer(backend: .vulkan).render(scene)
        let worst = zip(cpu.pixels, gpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }

    @Test func aBitmapDrawnManyTimesIsStoredOnce() throws {
        let image = try checker()
        var scene = Scene(size: CGSize(width: 20, height: 20))
        scene.draw { ctx in
            for i in 0..<5 { ctx.draw(image, in: CGRect(x: i * 4, y: 0, width: 2, height: 2)) }
        }
        #expect(EncodedScene(scene).images.texelCount == 4 && EncodedScene(scene).images.entries.count == 1)
    }
}
