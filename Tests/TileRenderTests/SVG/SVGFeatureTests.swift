import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderSVG

/// Patterns, markers and embedded images through the importer: the behaviours around the reference
/// cases of Tests/Fixtures/SVGFeatures (SVGEffectsTests), bad input, and the image decoders and
/// `Shading.tiledImage` they stand on.
@Suite struct SVGFeatureTests {
    private let red = Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255)
    private let blue = Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255)
    private let clear = Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0)

    /// A 2x2 checkerboard of red and blue pixels.
    private func checker() throws -> Bitmap {
        try Bitmap(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255])
    }

    @Test func tiledImageRepeatsInBothDirections() throws {
        var scene = Scene(size: CGSize(width: 12, height: 12))
        let image = Image(bitmap: try checker())
        scene.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 12, height: 12)), with: .tiledImage(image, origin: CGPoint(x: 1, y: 0))) }
        let bitmap = try Renderer(backend: .cpu).render(scene)
        // One device pixel per image pixel (texel centres on pixel centres: exact), the first tile at x = 1.
        #expect(bitmap.pixel(x: 1, y: 0) == red)
        #expect(bitmap.pixel(x: 2, y: 0) == blue)
        #expect(bitmap.pixel(x: 11, y: 0) == red)
        #expect(bitmap.pixel(x: 10, y: 11) == red)
        #expect(bitmap.pixel(x: 0, y: 0) == blue)  // the tile to the left, wrapped
        #expect(bitmap.pixel(x: 0, y: 1) == red)
        // Scaled up, the tile repeats every 4 pixels (sampled bilinearly in between).
        var big = Scene(size: CGSize(width: 12, height: 12))
        big.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 12, height: 12)), with: .tiledImage(image, scale: 2)) }
        let b = try Renderer(backend: .cpu).render(big)
        for x in 0..<4 { #expect(b.pixel(x: x, y: 1) == b.pixel(x: x + 4, y: 1) && b.pixel(x: x, y: 1) == b.pixel(x: x + 8, y: 9)) }
        // sourceRect: the right column only (blue over red), as a 1x2 tile.
        var column = Scene(size: CGSize(width: 4, height: 4))
        column.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .tiledImage(image, sourceRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1))) }
        let c = try Renderer(backend: .cpu).render(column)
        #expect(c.pixel(x: 0, y: 0) == blue && c.pixel(x: 3, y: 0) == blue && c.pixel(x: 2, y: 1) == red)
        // Bad scales and empty source rectangles paint nothing.
        for shading in [GraphicsContext.Shading.tiledImage(image, scale: 0), .tiledImage(image, scale: .nan),
                        .tiledImage(image, sourceRect: CGRect(x: 0.2, y: 0.2, width: 0, height: 0.5))] {
            var s = Scene(size: CGSize(width: 4, height: 4))
            s.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: shading) }
            #expect(try Renderer(backend: .cpu).render(s).pixel(x: 1, y: 1) == clear)
        }
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func tiledImageOnVulkanMatchesTheCPU() throws {
        var scene = Scene(size: CGSize(width: 64, height: 48))
        let image = Image(bitmap: try checker())
        scene.draw { c in
            var r = c
            r.rotate(by: .degrees(20))
            r.fill(Path(ellipseIn: CGRect(x: 4, y: -10, width: 60, height: 40)), with: .tiledImage(image, origin: CGPoint(x: 0.3, y: 0.7), scale: 3.5))
        }
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), "tiled image")
    }

    @Test func patternsThatCannotPaint() throws {
        // A tile without area, a pattern used in its own content, a missing one with a fallback.
        let (_, empty) = try renderSVGSnippet(##"""
            <pattern id="p" width="0" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="#ff0000"/></pattern>
            <rect width="40" height="40" fill="url(#p)"/>
            """##)
        #expect(empty.pixel(x: 5, y: 5) == clear)
        let (selfDoc, _) = try renderSVGSnippet(##"""
            <pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="url(#p)"/></pattern>
            <rect width="40" height="40" fill="url(#p)"/>
            """##)
        #expect(selfDoc.warnings.contains { $0.message.contains("inside its own content") }, "\(selfDoc.warnings)")
        let (_, fallback) = try renderSVGSnippet(##"""
            <pattern id="p" width="10" height="10"/>
            <rect width="40" height="40" fill="url(#p) #0000ff"/>
            """##)
        #expect(fallback.pixel(x: 5, y: 5) == blue)
        // An href cycle ends; a tiny tile is rendered at one pixel and repeated.
        let (_, cycle) = try renderSVGSnippet(##"""
            <pattern id="a" href="#b" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="#ff0000"/></pattern>
            <pattern id="b" href="#a"/>
            <pattern id="tiny" width="1e-9" height="1e-9" patternUnits="userSpaceOnUse"><rect width="1" height="1" fill="#ff0000"/></pattern>
            <rect width="20" height="40" fill="url(#b)"/><rect x="20" width="20" height="40" fill="url(#tiny)"/>
            """##)
        #expect(cycle.pixel(x: 5, y: 5) == red)
        #expect(cycle.pixel(x: 30, y: 5).a > 0)
    }

    @Test func markersOnVerticesWithTheirOrientation() throws {
        // A square marker pointing right (its right half red) placed on a vertical line's end points down.
        let (document, bitmap) = try renderSVGSnippet(##"""
            <marker id="m" markerWidth="10" markerHeight="10" refX="5" refY="5" orient="auto" markerUnits="userSpaceOnUse">
              <rect width="5" height="10" fill="#0000ff"/><rect x="5" width="5" height="10" fill="#ff0000"/></marker>
            <path d="M20,5 L20,30" stroke="#000000" stroke-width="1" marker-end="url(#m)"/>
            """##)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        #expect(bitmap.pixel(x: 17, y: 33) == red)   // below the end: the marker's right half
        #expect(bitmap.pixel(x: 17, y: 27) == blue)  // above it: the left half
    }

    @Test func markerBadInputEndsCleanly() throws {
        // A marker whose content uses the marker, and two that use each other: skipped with a warning.
        let (selfDoc, _) = try renderSVGSnippet(##"""
            <marker id="m" markerWidth="10" markerHeight="10"><path d="M0,0 L10,10" stroke="#000000" marker-start="url(#m)"/></marker>
            <path d="M5,5 L30,30" stroke="#000000" marker-start="url(#m)"/>
            """##)
        #expect(selfDoc.warnings.contains { $0.message.contains("inside its own content") }, "\(selfDoc.warnings)")
        // A path of 50,000 vertices with a marker of 100 shapes on each: bounded, with a warning.
        let shapes = String(repeating: ##"<rect width="1" height="1"/>"##, count: 100)
        let points = (0..<50_000).map { "\($0 % 40),\($0 % 37)" }.joined(separator: " ")
        let (many, _) = try renderSVGSnippet(##"<marker id="m">\##(shapes)</marker><polyline points="\##(points)" stroke="#000000" marker-mid="url(#m)"/>"##)
        #expect(many.warnings.contains { $0.message.contains("markers would draw more than") }, "\(many.warnings.prefix(3))")
        // Zero or negative sizes and a missing reference: no marker, the path still drawn.
        let (missing, plain) = try renderSVGSnippet(##"""
            <marker id="z" markerWidth="0"><rect width="9" height="9"/></marker>
            <path d="M5,20 L35,20" stroke="#ff0000" stroke-width="4" marker-start="url(#z)" marker-end="url(#nothing)"/>
            """##)
        #expect(missing.warnings.contains { $0.message.contains("#nothing") })
        #expect(plain.pixel(x: 20, y: 20) == red)
        // Markers are not drawn on shapes inside a clip path.
        let (_, clipped) = try renderSVGSnippet(##"""
            <marker id="m" markerWidth="40" markerHeight="40" markerUnits="userSpaceOnUse"><rect width="40" height="40"/></marker>
            <clipPath id="c"><path d="M0,0 L2,0 L2,2 Z" marker-start="url(#m)"/></clipPath>
            <rect width="40" height="40" fill="#ff0000" clip-path="url(#c)"/>
            """##)
        #expect(clipped.pixel(x: 20, y: 20) == clear)
    }

    @Test func embeddedImagesDecodeOrWarn() throws {
        // A PNG made here, embedded; a JPEG from the fixtures; then what is not loaded.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("svg-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("c.png")
        try checker().writePNG(to: file)
        let png = try Data(contentsOf: file).base64EncodedString()
        let (pngDoc, pngBitmap) = try renderSVGSnippet(##"<image x="4" y="4" width="20" height="20" href="data:image/png;base64,\##(png)"/>"##)
        #expect(pngDoc.warnings.isEmpty, "\(pngDoc.warnings)")
        #expect(pngBitmap.pixel(x: 6, y: 6) == red && pngBitmap.pixel(x: 20, y: 6) == blue && pngBitmap.pixel(x: 2, y: 2) == clear)
        for (body, what) in [(##"<image width="9" height="9" href="photo.png"/>"##, "not loaded"),
                             (##"<image width="9" height="9" href="data:image/png;base64,AAAA"/>"##, "could not be decoded"),
                             (##"<image width="9" height="9" href="data:image/svg+xml;base64,PHN2Zy8+"/>"##, "SVG data"),
                             (##"<image width="9" height="9"/>"##, "without href")] {
            let (doc, bitmap) = try renderSVGSnippet(body)
            #expect(doc.warnings.contains { $0.message.contains(what) }, "\(what): \(doc.warnings)")
            #expect(bitmap.pixel(x: 4, y: 4) == clear)
        }
    }

    @Test func imageDecodersBoundWhatTheyAllocate() throws {
        let svg = try String(contentsOf: SVGEffectCases.fixtures.appendingPathComponent("SVGFeatures/image_jpeg_data.svg"), encoding: .utf8)
        let base64 = try #require(svg.firstMatch(of: #/data:image/jpeg;base64,([A-Za-z0-9+/=]+)/#)?.1)
        let jpeg = try #require(Data(base64Encoded: String(base64)))
        let decoded = try Bitmap(jpegData: jpeg)
        #expect(decoded.width > 0 && decoded.height > 0 && decoded.pixel(x: 0, y: 0).a == 255)
        #expect(throws: TileRenderError.self) { try Bitmap(jpegData: jpeg, maxPixels: 4) }
        #expect(throws: TileRenderError.self) { try Bitmap(jpegData: jpeg.prefix(20)) }
        #expect(throws: TileRenderError.self) { try Bitmap(jpegData: Data()) }
        #expect(throws: TileRenderError.self) { try Bitmap(pngData: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])) }
        #expect(throws: TileRenderError.self) { try Bitmap(imageData: Data("GIF89a".utf8)) }
        // A JPEG header claiming 65500 x 65500 pixels: refused from the header, nothing decoded.
        var huge = jpeg
        if let sof = (0..<huge.count - 9).first(where: { huge[$0] == 0xFF && (huge[$0 + 1] == 0xC0 || huge[$0 + 1] == 0xC2) }) {
            huge[sof + 5] = 0xFF; huge[sof + 6] = 0xDC; huge[sof + 7] = 0xFF; huge[sof + 8] = 0xDC
            #expect(throws: TileRenderError.self) { try Bitmap(jpegData: huge, maxPixels: SVGBuilder.maxImagePixels) }
        }
    }
}
