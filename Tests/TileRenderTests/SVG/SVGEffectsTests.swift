import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderSVG

/// The SVG cases of Tests/Fixtures/SVGEffects (filter primitives and graphs, masks, mix-blend-mode and
/// isolation) and Tests/Fixtures/SVGFeatures (patterns, markers, `<style>`, embedded images), each
/// imported and compared with its reference PNG made by resvg (scripts/make-svg-conformance-references.py
/// --folder NAME; provenance in each folder's README.md) by the reference scenes' tolerance rule; and
/// the mask behaviours around them.
enum SVGEffectCases {
    static let fixtures: URL = {
        // This file is Tests/TileRenderTests/SVG/SVGEffectsTests.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures")
    }()
    static let folders = ["SVGEffects", "SVGFeatures"]

    /// "FOLDER/NAME" for every case.
    static let cases: [String] = folders.flatMap { folder in
        let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path)) ?? []
        return files.filter { $0.hasSuffix(".svg") }.map { folder + "/" + String($0.dropLast(4)) }.sorted()
    }

    static func folder(of testCase: String) -> URL { fixtures.appendingPathComponent(String(testCase.split(separator: "/")[0])) }
    static func name(of testCase: String) -> String { String(testCase.split(separator: "/")[1]) }

    static func document(_ testCase: String) throws -> SVGDocument {
        try SVGDocument(contentsOf: folder(of: testCase).appendingPathComponent(name(of: testCase) + ".svg"))
    }
}

@Suite("SVG effects") struct SVGEffectsTests {
    @Test func casesArePresent() throws {
        for (folder, minimum) in [("SVGEffects", 30), ("SVGFeatures", 23)] {
            let cases = SVGEffectCases.cases.filter { $0.hasPrefix(folder + "/") }
            #expect(cases.count >= minimum, "cases in \(folder)")
            let tolerances = try SceneTolerance.load(from: SVGEffectCases.fixtures.appendingPathComponent(folder))
            for testCase in cases {
                #expect(tolerances[SVGEffectCases.name(of: testCase)] != nil, "\(testCase) has no entry in agreement.json")
            }
        }
    }

    @Test(arguments: SVGEffectCases.cases)
    func caseMatchesReference(_ testCase: String) throws {
        let document = try SVGEffectCases.document(testCase)
        #expect(document.warnings.isEmpty, "\(testCase): \(document.warnings)")
        let bitmap = try Renderer(backend: .cpu).render(document.makeScene())
        let name = SVGEffectCases.name(of: testCase), folder = SVGEffectCases.folder(of: testCase)
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
        }
        try expectMatchesReference(bitmap, scene: name, folder: folder, tolerances: try SceneTolerance.load(from: folder))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"), arguments: SVGEffectCases.cases)
    func vulkanMatchesTheCPU(_ name: String) throws {
        let scene = try SVGEffectCases.document(name).makeScene()
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), name)
    }


    private let red = Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255)
    private let clear = Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0)

    @Test func luminanceAndAlphaMasks() throws {
        // Grey 50% at full alpha: luminance 0.5 (sRGB values) shows half; as an alpha mask, all of it.
        for (type, expected) in [("luminance", 128), ("alpha", 255)] {
            let (document, bitmap) = try renderSVGSnippet(##"""
                <mask id="m" mask-type="\##(type)"><rect width="40" height="40" fill="#808080"/></mask>
                <rect width="40" height="40" fill="#ff0000" mask="url(#m)"/>
                """##)
            #expect(document.warnings.isEmpty, "\(document.warnings)")
            let p = bitmap.pixel(x: 20, y: 20)
            #expect(abs(Int(p.a) - expected) <= 1 && p.g == 0, "\(type): \(p)")
        }
    }

    @Test func aFullyOpaqueWhiteMaskIsTheIdentity() throws {
        let shapes = ##"<circle cx="20" cy="20" r="15" fill="#2a9d8f"/><rect x="5" y="5" width="12" height="30" fill="#e63946" opacity="0.6"/>"##
        let (_, plain) = try renderSVGSnippet("<g>\(shapes)</g>")
        let (_, masked) = try renderSVGSnippet(##"""
            <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="40" height="40"><rect width="40" height="40" fill="#ffffff"/></mask>
            <g mask="url(#m)">\##(shapes)</g>
            """##)
        let worst = zip(plain.pixels, masked.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }

    @Test func theMaskRegionCutsTheElement() throws {
        // The default region is the bounding box grown by 10%; here the region is given in user space.
        let (_, bitmap) = try renderSVGSnippet(##"""
            <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="20" height="40"><rect width="40" height="40" fill="#ffffff"/></mask>
            <rect width="40" height="40" fill="#ff0000" mask="url(#m)"/>
            """##)
        #expect(bitmap.pixel(x: 10, y: 20) == red)
        #expect(bitmap.pixel(x: 30, y: 20) == clear)
    }

    @Test func masksThatMaskThemselvesAreIgnored() throws {
        // A mask referencing itself, and two referencing each other: the circular reference is ignored
        // with a warning, never followed.
        let (selfDoc, selfBitmap) = try renderSVGSnippet(##"""
            <mask id="m" mask="url(#m)"><rect width="40" height="40" fill="#ffffff"/></mask>
            <rect width="40" height="40" fill="#ff0000" mask="url(#m)"/>
            """##)
        #expect(selfDoc.warnings.contains { $0.message.contains("circular mask") }, "\(selfDoc.warnings)")
        #expect(selfBitmap.pixel(x: 20, y: 20) == red)
        let (pairDoc, _) = try renderSVGSnippet(##"""
            <mask id="a"><rect width="40" height="40" fill="#ffffff" mask="url(#b)"/></mask>
            <mask id="b"><rect width="40" height="40" fill="#ffffff" mask="url(#a)"/></mask>
            <rect width="40" height="40" fill="#ff0000" mask="url(#a)"/>
            """##)
        #expect(pairDoc.warnings.contains { $0.message.contains("circular mask") }, "\(pairDoc.warnings)")
    }

    @Test func missingMasksAreIgnoredAndEmptyOnesHide() throws {
        let (missing, a) = try renderSVGSnippet(##"<rect width="40" height="40" fill="#ff0000" mask="url(#nothing)"/>"##)
        #expect(missing.warnings.contains { $0.message.contains("#nothing") })
        #expect(a.pixel(x: 20, y: 20) == red)
        // An objectBoundingBox mask on an element without area, and a zero-width region: nothing drawn.
        let (_, b) = try renderSVGSnippet(##"""
            <mask id="m"><rect width="40" height="40" fill="#ffffff"/></mask>
            <line x1="0" y1="20" x2="40" y2="20" stroke="#ff0000" stroke-width="6" mask="url(#m)"/>
            """##)
        #expect(b.pixel(x: 20, y: 20) == clear)
        let (_, c) = try renderSVGSnippet(##"""
            <mask id="m" width="0"><rect width="40" height="40" fill="#ffffff"/></mask>
            <rect width="40" height="40" fill="#ff0000" mask="url(#m)"/>
            """##)
        #expect(c.pixel(x: 20, y: 20) == clear)
    }

    @Test func nestedMaskFanOutIsBounded() throws {
        // Each mask draws ten shapes masked by the next: 10^8 draws if followed. The cost bound
        // rejects the masks past it, with a warning, at once.
        var defs = ##"<mask id="m8"><rect width="40" height="40" fill="#ffffff"/></mask>"##
        for level in (0..<8).reversed() {
            let shapes = String(repeating: ##"<rect width="40" height="40" fill="#ffffff" mask="url(#m\##(level + 1))"/>"##, count: 10)
            defs += ##"<mask id="m\##(level)">\##(shapes)</mask>"##
        }
        let (document, _) = try renderSVGSnippet(defs + ##"<rect width="40" height="40" fill="#ff0000" mask="url(#m0)"/>"##)
        #expect(document.warnings.contains { $0.message.contains("more than \(SVGBuilder.maxMaskCost) outlines") },
                "\(document.warnings)")
    }

    @Test func blendModeAndIsolationParse() throws {
        // multiply of red over a grey backdrop; inside an isolated group it meets transparency instead.
        let backdrop = ##"<rect width="40" height="40" fill="#808080"/>"##
        let (_, blended) = try renderSVGSnippet(backdrop + ##"<rect width="40" height="40" fill="#ff0000" style="mix-blend-mode: multiply"/>"##)
        let p = blended.pixel(x: 20, y: 20)
        #expect(abs(Int(p.r) - 128) <= 1 && p.g == 0, "\(p)")
        let (_, isolated) = try renderSVGSnippet(backdrop + ##"<g style="isolation: isolate"><rect width="40" height="40" fill="#ff0000" style="mix-blend-mode: multiply"/></g>"##)
        #expect(isolated.pixel(x: 20, y: 20) == red)
        let (bad, _) = try renderSVGSnippet(##"<rect width="4" height="4" style="mix-blend-mode: sideways; isolation: maybe"/>"##)
        #expect(bad.warnings.count == 2, "\(bad.warnings)")
    }
}
