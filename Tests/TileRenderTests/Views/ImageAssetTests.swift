import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline

/// `Image(_:)` by name (PNG and JPEG files from the registered folders) and `Image(systemName:)`.
@Suite struct ImageAssetTests {
    /// A folder of its own per test, registered for lookups.
    private func assetFolder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        Image.registerAssetFolder(dir)
        return dir
    }

    @Test func namedPNGAndJPEGImagesLoad() throws {
        let dir = try assetFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = "cake-\(UUID().uuidString.prefix(8))"
        let bitmap = try Bitmap(width: 3, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 24))
        try bitmap.writePNG(to: dir.appendingPathComponent(name + ".png"))
        let image = Image(name)
        #expect(!image.isMissing && image.size == CGSize(width: 3, height: 2))
        #expect(!Image(name + ".png").isMissing)
        // A JPEG (from the SVG fixtures) by name, with either extension.
        let svg = try String(contentsOf: SVGEffectCases.fixtures.appendingPathComponent("SVGFeatures/image_jpeg_data.svg"), encoding: .utf8)
        let base64 = try #require(svg.firstMatch(of: #/data:image/jpeg;base64,([A-Za-z0-9+/=]+)/#)?.1)
        try #require(Data(base64Encoded: String(base64))).write(to: dir.appendingPathComponent("photo-\(name).jpeg"))
        let photo = Image("photo-\(name)")
        #expect(!photo.isMissing && photo.size.width > 0)
        // As a view it takes its size and draws its pixels.
        let renderer = ImageRenderer(content: Image(name))
        let rendered = try renderer.render()
        #expect(rendered.width == 3 && rendered.pixel(x: 2, y: 1) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func missingAndBrokenImagesAreEmpty() throws {
        let dir = try assetFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = Image("no-such-image-\(UUID().uuidString)")
        #expect(missing.isMissing && missing.size == .zero)
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("broken.png"))
        #expect(Image("broken").isMissing)
        #expect(Image("").isMissing)
        // A missing image in a stack takes no space and draws nothing.
        let renderer = ImageRenderer(content: HStack(spacing: 0) {
            Color.red.frame(width: 4, height: 4)
            Image("no-such-image")
            Color.blue.frame(width: 4, height: 4)
        })
        let bitmap = try renderer.render()
        #expect(bitmap.width == 8 && bitmap.pixel(x: 4, y: 2).b == 255 && bitmap.pixel(x: 4, y: 2).r == 0)
    }

    @Test func systemNamesDrawAPlaceholder() throws {
        let symbol = Image(systemName: "star.fill")
        #expect(symbol.size == CGSize(width: 16, height: 16))
        let bitmap = try ImageRenderer(content: symbol).render()
        #expect(bitmap.pixel(x: 0, y: 0).a == 255 && bitmap.pixel(x: 3, y: 8).r == 200)
    }
}

/// The colour spellings the seeds use: colour literals and `Shading.color` with components.
@Suite struct ColorSpellingTests {
    @Test func colorLiteralsAndComponentShadings() throws {
        let literal = Color(#colorLiteral(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5))
        #expect(abs(literal.red - 0.2) < 1e-6 && abs(literal.blue - 0.8) < 1e-6 && abs(literal.opacity - 0.5) < 1e-6)
        var scene = Scene(size: CGSize(width: 4, height: 2))
        scene.draw { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 2, height: 2)), with: .color(red: 1, green: 0.5, blue: 0))
            c.fill(Path(CGRect(x: 2, y: 0, width: 2, height: 2)), with: .color(.sRGBLinear, white: 0.5, opacity: 1))
        }
        let bitmap = try Renderer(backend: .cpu).render(scene)
        #expect(bitmap.pixel(x: 0, y: 0) == Bitmap.Pixel(r: 255, g: 128, b: 0, a: 255))
        #expect(bitmap.pixel(x: 3, y: 1) == Bitmap.Pixel(r: 188, g: 188, b: 188, a: 255))  // 0.5 linear encodes to 188
    }
}
