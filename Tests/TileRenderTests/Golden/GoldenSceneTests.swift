import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
import TileRenderSVG

/// The public reference scenes (Tests/Fixtures/Scenes/public), rendered through the SVG importer and compared
/// with the reference PNGs by the MANIFEST tolerance rule.
enum PublicScenes {
    /// Scenes whose SVG is only an approximation of the reference (MANIFEST.md): angular_gradient's
    /// conic gradient has no SVG form (720 solid wedges stand in), so it is checked through the Swift
    /// API in `PortsAngularGradient` instead.
    static let svgApproximations: Set<String> = ["angular_gradient"]

    static let all: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.publicScenes.path)) ?? []
        return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }()

    static var drawable: [String] { all.filter { !svgApproximations.contains($0) } }

    /// Renders a scene's SVG at its own size on the CPU.
    static func render(_ name: String, folder: URL = Fixtures.publicScenes) throws -> Bitmap {
        let document = try SVGDocument(contentsOf: folder.appendingPathComponent(name + ".svg"))
        return try Renderer(backend: .cpu).render(document.makeScene())
    }
}

@Suite struct GoldenSceneTests {
    @Test func referenceScenesArePresent() {
        #expect(PublicScenes.all.count == 58, "expected the 58 public scenes in \(Fixtures.publicScenes.path)")
        #expect(PublicScenes.drawable.count == 57)
    }

    @Test(arguments: PublicScenes.drawable)
    func sceneMatchesReference(_ name: String) throws {
        try expectMatchesReference(try PublicScenes.render(name), scene: name)
    }
}

/// The benchmark scenes (Benchmarks/) at the size they are timed at, 1024x1024, against resvg's renders.
@Suite struct BenchmarkSceneTests {
    static let tolerances: [String: SceneTolerance] = (try? SceneTolerance.load(from: Fixtures.bench)) ?? [:]

    @Test(arguments: ["Ghostscript_Tiger", "micro_1000_shapes", "synthetic_30k_shapes"])
    func benchmarkSceneMatchesReference(_ name: String) throws {
        let document = try SVGDocument(contentsOf: try Fixtures.file(name + ".svg", in: Fixtures.bench))
        let bitmap = try Renderer(backend: .cpu).render(document.makeScene(size: CGSize(width: 1024, height: 1024)))
        try expectMatchesReference(bitmap, scene: name, folder: Fixtures.bench, tolerances: Self.tolerances)
    }
}
