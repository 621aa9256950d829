import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

/// Small SVG cases of Tests/Fixtures/SVGConformance, each rendered through the importer and compared with
/// a reference PNG made by resvg (scripts/make-svg-conformance-references.py, provenance in the folder's
/// README.md) by the reference scenes' tolerance rule, with the limits of the folder's agreement.json.
enum SVGConformance {
    static let folder: URL = {
        // This file is Tests/TileRenderTests/SVG/SVGConformanceTests.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/SVGConformance")
    }()

    static let cases: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }()

    static let tolerances: [String: SceneTolerance] = (try? SceneTolerance.load(from: folder)) ?? [:]

    static func document(_ name: String) throws -> SVGDocument {
        try SVGDocument(contentsOf: folder.appendingPathComponent(name + ".svg"))
    }
}

private func parse(_ body: String, size: String = #"width="10" height="10""#) throws -> SVGDocument {
    let text = #"<svg xmlns="http://www.w3.org/2000/svg" \#(size)>"# + body + "</svg>"
    return try SVGDocument.parse(data: Data(text.utf8))
}

/// The colour of the first recorded fill.
private func firstFillColor(_ doc: SVGDocument) -> Color? {
    for command in doc.makeScene().commands {
        if case .fill(let f) = command, case .color(let c) = f.shading.kind { return c }
    }
    return nil
}

private func rgba(_ c: Color?) -> [Int] {
    guard let c else { return [] }
    return [c.red, c.green, c.blue, c.opacity].map { Int(($0 * 255).rounded()) }
}

@Suite("SVG conformance") struct SVGConformanceTests {
    @Test func casesArePresent() {
        #expect(SVGConformance.cases.count >= 25, "cases in \(SVGConformance.folder.path)")
        for name in SVGConformance.cases {
            #expect(SVGConformance.tolerances[name] != nil, "\(name) has no entry in agreement.json")
        }
    }

    @Test(arguments: SVGConformance.cases)
    func caseMatchesReference(_ name: String) throws {
        let document = try SVGConformance.document(name)
        let bitmap = try Renderer(backend: .cpu).render(document.makeScene())
        try expectMatchesReference(bitmap, scene: name, folder: SVGConformance.folder,
                                   tolerances: SVGConformance.tolerances)
    }

    // Behaviours the reference renderer does not share (README.md: resvg rejects them, CSS Color 4 and
    // Chrome accept them), checked on the parsed values.

    @Test func alphaAsPercentage() throws {
        #expect(rgba(SVGColor.parse("rgba(100%, 0%, 0%, 50%)")) == [255, 0, 0, 128])
        #expect(rgba(SVGColor.parse("rgb(0 0 255 / 25%)")) == [0, 0, 255, 64])
        #expect(rgba(SVGColor.parse("rgba(255,255,0,150%)")) == [255, 255, 0, 255])
        #expect(rgba(SVGColor.parse("rgba(0,0,0,-20%)")) == [0, 0, 0, 0])
    }

    @Test func mixedNumbersAndPercentagesAreInvalid() {
        // CSS Color: the comma syntax takes three numbers or three percentages.
        #expect(SVGColor.parse("rgb(255, 50%, 0)") == nil)
        #expect(SVGColor.parse("rgba(100%, 0, 0, 0.5)") == nil)
        #expect(rgba(SVGColor.parse("rgb(10.5%, 80%, 30%)")) == [27, 204, 77, 255])
        #expect(rgba(SVGColor.parse("RGB( 255 , 0 , 0 )")) == [255, 0, 0, 255])
    }

    @Test func unterminatedCommentRunsToTheEndOfTheStyle() throws {
        // CSS: an unterminated comment is closed by the end of the input.
        let doc = try parse(#"<rect width="10" height="10" style="fill:#800080; /* note ; fill: red"/>"#)
        #expect(rgba(firstFillColor(doc)) == [128, 0, 128, 255])
        #expect(SVGStyle.declarations("a: b /* ; c: d */; e: f").map { $0.0 } == ["a", "e"])
    }

    @Test func invalidTransformIsIgnoredWithAWarning() throws {
        let doc = try parse(#"<rect width="4" height="4" fill="red" transform="scale(x)"/>"#)
        #expect(doc.warnings.contains { $0.message.contains("transform") })
        let fills = doc.makeScene().commands.compactMap { if case .fill(let f) = $0 { f } else { nil } }
        #expect(fills.count == 1 && fills.first?.transform == .identity)
    }

    @Test func clipPathSelfReferenceWarnsAndDrawsTheChildUnclipped() throws {
        let doc = try parse(#"<clipPath id="c"><rect width="5" height="5" clip-path="url(#c)"/></clipPath><rect width="10" height="10" clip-path="url(#c)"/>"#)
        #expect(doc.warnings.contains { $0.message.contains("circular") })
        let bitmap = try Renderer(backend: .cpu).render(doc.makeScene())
        #expect(bitmap.pixel(x: 2, y: 2).a == 255 && bitmap.pixel(x: 7, y: 7).a == 0)
    }

    @Test func clipPathsWhoseMasksMultiplyAreIgnored() throws {
        // c0 has two children clipped by c1, which has two clipped by c2, ...: 2^24 fills if expanded.
        var body = ""
        for i in 0..<24 {
            let clip = i < 23 ? #" clip-path="url(#c\#(i + 1))""# : ""
            body += #"<clipPath id="c\#(i)"><rect width="6" height="6"\#(clip)/><rect x="4" width="6" height="6"\#(clip)/></clipPath>"#
        }
        let doc = try parse(body + #"<rect width="10" height="10" clip-path="url(#c0)"/>"#)
        #expect(doc.warnings.contains { $0.message.contains("outlines; ignored") })
        let scene = doc.makeScene()
        #expect(scene.commands.count < 100_000)
        _ = try Renderer(backend: .cpu).render(scene)
    }

    @Test func deeplyChainedClipPathsAreBounded() throws {
        var body = ""
        for i in 0..<500 {
            body += #"<clipPath id="c\#(i)"><rect width="9" height="9" clip-path="url(#c\#(i + 1))"/></clipPath>"#
        }
        let doc = try parse(body + #"<rect width="10" height="10" clip-path="url(#c0)"/>"#)
        #expect(doc.warnings.contains { $0.message.contains("nested more than") })
        _ = try Renderer(backend: .cpu).render(doc.makeScene())
    }

    @Test func radialFocalPointOnOrBeyondTheCircleDoesNotCrash() throws {
        for (fx, fy) in [("10", "5"), ("0", "5"), ("-1e30", "5"), ("5", "5")] {
            let doc = try parse("""
                <radialGradient id="g" gradientUnits="userSpaceOnUse" cx="5" cy="5" r="5" fx="\(fx)" fy="\(fy)">\
                <stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>\
                <rect width="10" height="10" fill="url(#g)"/>
                """)
            _ = try Renderer(backend: .cpu).render(doc.makeScene())
        }
    }
}

/// The conformance cases on the Vulkan backend (focal gradients in the shader, clip masks drawn with
/// layers and destinationOut): the same pixels as the CPU within the stated 1 level per channel.
@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"))
struct SVGConformanceVulkanTests {
    @Test(arguments: SVGConformance.cases)
    func vulkanMatchesTheCPU(_ name: String) throws {
        let scene = try SVGConformance.document(name).makeScene()
        let cpu = try Renderer(backend: .cpu).render(scene), gpu = try Renderer(backend: .vulkan).render(scene)
        let worst = zip(cpu.pixels, gpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        let differing = stride(from: 0, to: cpu.pixels.count, by: 4).filter { i in
            (0..<4).contains { abs(Int(cpu.pixels[i + $0]) - Int(gpu.pixels[i + $0])) > 1 }
        }.count
        #expect(worst <= 1 || Double(differing) <= 0.001 * Double(cpu.width * cpu.height),
                "\(name): worst \(worst), \(differing) pixels differ by more than 1")
    }
}
