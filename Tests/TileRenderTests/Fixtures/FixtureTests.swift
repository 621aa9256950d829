import Foundation
import Testing
@testable import TileRenderPipeline

/// The repository carries its own fixtures (Tests/Fixtures/Scenes, Benchmarks): these tests fail when one
/// is missing, and, where the project's shared folder exists, when a copy differs from it by a byte.
@Suite struct FixtureTests {
    static let repositoryScenes = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Scenes")
    static let repositoryBench = Fixtures.packageRoot.appendingPathComponent("Benchmarks")

    /// Scene names (SVG files without extension) in `folder`.
    static func sceneNames(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func everyPublicSceneHasItsReferencesAndTolerance() throws {
        let names = try Self.sceneNames(in: Fixtures.publicScenes)
        #expect(names.count == 58, "expected 58 public scenes in \(Fixtures.publicScenes.path)")
        let tolerances = try SceneTolerance.load(from: Fixtures.publicScenes)
        for name in names {
            _ = try Fixtures.file(name + ".png")
            _ = try Fixtures.file(name + ".skia.png")
            #expect(tolerances[name] != nil, "\(name) has no entry in agreement.json")
        }
        _ = try Fixtures.file("MANIFEST.md")
    }

    @Test func everyBenchmarkSceneHasItsReferences() throws {
        let names = try Self.sceneNames(in: Fixtures.bench)
        #expect(names == ["Ghostscript_Tiger", "micro_1000_shapes", "synthetic_30k_shapes"])
        let tolerances = try SceneTolerance.load(from: Fixtures.bench)
        for name in names {
            _ = try Fixtures.file(name + ".png", in: Fixtures.bench)
            _ = try Fixtures.file(name + ".skia.png", in: Fixtures.bench)
            #expect(tolerances[name] != nil, "\(name) has no entry in Benchmarks/agreement.json")
        }
    }

    /// Relative paths of the regular files under `root`, sorted.
    static func files(under root: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        let prefix = root.standardizedFileURL.path + "/"
        return walker.compactMap { item -> String? in
            guard let url = item as? URL,
                  (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(prefix.count))
        }.sorted()
    }

    static func expectIdentical(_ copy: URL, _ original: URL) throws {
        let copied = files(under: copy), originals = files(under: original)
        #expect(copied == originals, "files differ between \(copy.path) and \(original.path)")
        for path in Set(copied).intersection(originals).sorted() {
            let a = try Data(contentsOf: copy.appendingPathComponent(path))
            let b = try Data(contentsOf: original.appendingPathComponent(path))
            #expect(a == b, "\(copy.appendingPathComponent(path).path) differs from \(original.appendingPathComponent(path).path)")
        }
    }

    @Test(.enabled(if: Fixtures.upstream != nil, "the project's shared folder is not next to this clone"))
    func copiesMatchTheSharedFolderByteForByte() throws {
        let upstream = try #require(Fixtures.upstream)
        try Self.expectIdentical(Self.repositoryScenes, upstream.appendingPathComponent("scenes"))
        try Self.expectIdentical(Self.repositoryBench, upstream.appendingPathComponent("bench"))
        // tile-bench compare-peers runs the peers' harness from scripts/peers (see its README).
        for script in ["render_peers.py", "svgscene.py"] {
            let copy = Fixtures.packageRoot.appendingPathComponent("scripts/peers/" + script)
            let original = upstream.appendingPathComponent("peers/" + script)
            #expect(try Data(contentsOf: copy) == Data(contentsOf: original), "\(copy.path) differs from \(original.path)")
        }
    }
}
