import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// ImageDifference and SceneTolerance, the reference tolerance rule, are in the library
// (TileRenderPipeline/Output/ImageDifference.swift): tile-bench checks renders with them too.

/// The fixtures the tests read: the repository's own copies of the reference scenes
/// (Tests/Fixtures/Scenes, a verbatim copy of the project's shared/scenes) and of the benchmark scenes
/// (Benchmarks/, a copy of shared/bench). `$TILERENDER_SHARED` points the tests at another copy laid out
/// like the shared folder (its scenes/public and bench). `FixtureTests` fails when a fixture is missing and,
/// where the shared folder exists next to the package, when a copy has drifted from it.
enum Fixtures {
    /// The package root: this file is Tests/TileRenderTests/Support/ImageComparison.swift.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$TILERENDER_SHARED`, when set: the tests then read the scenes and bench files from there.
    static let overrideRoot: URL? = ProcessInfo.processInfo.environment["TILERENDER_SHARED"]
        .flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }

    static var publicScenes: URL {
        overrideRoot?.appendingPathComponent("scenes/public")
            ?? packageRoot.appendingPathComponent("Tests/Fixtures/Scenes/public")
    }
    static var bench: URL { overrideRoot?.appendingPathComponent("bench") ?? packageRoot.appendingPathComponent("Benchmarks") }

    /// The project's shared folder the copies came from, when it exists next to the package (or at
    /// `$TILERENDER_SHARED`): the copies are compared with it byte for byte.
    static var upstream: URL? {
        let candidate = overrideRoot ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("scenes/public").path,
                                              isDirectory: &isFolder) && isFolder.boolValue ? candidate : nil
    }

    /// The URL of fixture `name` in `folder`; a missing fixture is an error that says where it was
    /// expected, so a test never passes because its input is absent.
    static func file(_ name: String, in folder: URL = publicScenes) throws -> URL {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw MissingFixture(url: url) }
        return url
    }

    static var failureOutput: URL {
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tilerender-test-failures")
    }
}

struct MissingFixture: Error, CustomStringConvertible {
    var url: URL
    var description: String {
        "missing test fixture \(url.path): the repository carries its fixtures under Tests/Fixtures and Benchmarks"
    }
}
