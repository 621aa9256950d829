import Foundation
import Testing

/// tile-bench with hostile canvas sizes: exit 1 with a one-line error naming the limit, never a trap
/// in a float-to-integer conversion and never a canvas-sized allocation first.
@Suite(.serialized) struct TileBenchHostileCLITests {
    private static let hostile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/Hostile")

    private func run(_ arguments: [String]) throws -> (status: Int32, err: String) {
        let result = try TileBenchCLITests.run(arguments)
        return (result.status, result.err)
    }

    @Test(arguments: [
        (["root-width-1e20.svg"], "too large: at most 268435456 pixels and 32768 per side"),
        (["root-height-infinite.svg"], "must be finite and at least 1 pixel"),
        (["root-32768-square.svg"], "canvas 32768x32768 is too large"),
        (["small.svg", "--scale", "1e18"], "too large"),
        (["small.svg", "--size", "1e20x10"], "too large"),
        (["small.svg", "--size", "32768x32768"], "canvas 32768x32768 is too large"),
        (["small.svg", "--size", "infx10"], "invalid --size"),
        (["small.svg", "--scale", "1e-9"], "must be finite and at least 1 pixel"),
    ])
    func hostileSizesExitWithOneLineErrors(_ extra: [String], _ message: String) throws {
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hostile-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let input = Self.hostile.appendingPathComponent(extra[0]).path
        let result = try run(["render", input, "-o", output.path, "--backend", "cpu", "--quiet"] + extra.dropFirst())
        #expect(result.status == 1, "\(result.err)")
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("tile-bench: error: ") && lines[0].contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func theSmallFixtureRenders() throws {
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("hostile-small-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try run(["render", Self.hostile.appendingPathComponent("small.svg").path, "-o", output.path, "--backend", "cpu"])
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }
}
