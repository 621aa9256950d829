import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

enum ReferenceScenes {
    /// The public scenes' tolerances; empty when agreement.json is missing, which `FixtureTests` and
    /// every comparison report as a failure.
    static let tolerances: [String: SceneTolerance] = (try? SceneTolerance.load(from: Fixtures.publicScenes)) ?? [:]

    static func reference(_ name: String, folder: URL = Fixtures.publicScenes) throws -> Bitmap {
        try Bitmap(contentsOfPNG: Fixtures.file(name + ".png", in: folder))
    }
}

/// Compares `bitmap` with the reference `name` and records an issue (and writes the render for
/// inspection) when the tolerance rule fails.
func expectMatchesReference(_ bitmap: Bitmap, scene name: String, folder: URL = Fixtures.publicScenes,
                            tolerances: [String: SceneTolerance] = ReferenceScenes.tolerances,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = try ReferenceScenes.reference(name, folder: folder)
    #expect(bitmap.width == reference.width && bitmap.height == reference.height,
            "\(name): size \(bitmap.width)x\(bitmap.height), reference \(reference.width)x\(reference.height)",
            sourceLocation: sourceLocation)
    guard bitmap.width == reference.width && bitmap.height == reference.height else { return }
    let tolerance = try #require(tolerances[name], "no tolerance for \(name) in \(folder.appendingPathComponent("agreement.json").path)", sourceLocation: sourceLocation)
    let difference = ImageDifference(bitmap, reference)
    let ok = tolerance.accepts(difference)
    if !ok {
        try? FileManager.default.createDirectory(at: Fixtures.failureOutput, withIntermediateDirectories: true)
        try? bitmap.writePNG(to: Fixtures.failureOutput.appendingPathComponent(name + ".png"))
    }
    #expect(ok, "\(name): \(difference) exceeds \(tolerance) (render written to \(Fixtures.failureOutput.path))",
            sourceLocation: sourceLocation)
}

