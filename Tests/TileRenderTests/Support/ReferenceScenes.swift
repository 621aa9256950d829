import Foundation
import Testing
@testable import TileRender

enum ReferenceScenes {
    static let tolerances: [String: SceneTolerance] = (try? SceneTolerance.load(from: SharedFiles.publicScenes)) ?? [:]

    static func reference(_ name: String, folder: URL = SharedFiles.publicScenes) throws -> Bitmap {
        try Bitmap(contentsOfPNG: folder.appendingPathComponent(name + ".png"))
    }
}

/// Compares `bitmap` with the reference `name` and records an issue (and writes the render for
/// inspection) when the tolerance rule fails.
func expectMatchesReference(_ bitmap: Bitmap, scene name: String, folder: URL = SharedFiles.publicScenes,
                            tolerances: [String: SceneTolerance] = ReferenceScenes.tolerances,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = try ReferenceScenes.reference(name, folder: folder)
    #expect(bitmap.width == reference.width && bitmap.height == reference.height,
            "\(name): size \(bitmap.width)x\(bitmap.height), reference \(reference.width)x\(reference.height)",
            sourceLocation: sourceLocation)
    guard bitmap.width == reference.width && bitmap.height == reference.height else { return }
    let tolerance = try #require(tolerances[name], "no tolerance for \(name)", sourceLocation: sourceLocation)
    let difference = ImageDifference(bitmap, reference)
    let ok = tolerance.accepts(difference)
    if !ok {
        try? FileManager.default.createDirectory(at: SharedFiles.failureOutput, withIntermediateDirectories: true)
        try? bitmap.writePNG(to: SharedFiles.failureOutput.appendingPathComponent(name + ".png"))
    }
    #expect(ok, "\(name): \(difference) exceeds \(tolerance) (render written to \(SharedFiles.failureOutput.path))",
            sourceLocation: sourceLocation)
}

