import Foundation
import Testing

/// `tile-bench micro`: Blend2D's bl_bench matrix. Its shapes must be the ones scripts/peers/micro_peers.py
/// gives Blend2D (the same SplitMix64 draws), and every test must draw.
@Suite(.serialized) struct MicroCLITests {
    static let script = Fixtures.packageRoot.appendingPathComponent("scripts/peers/micro_peers.py")

    static let python: URL? = {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") } + [URL(fileURLWithPath: "/usr/bin/python3")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private static func shapes(_ json: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// The Swift and Python generators agree draw for draw, for every kind of shape.
    @Test(arguments: ["FillRectA", "FillRectU", "StrokeRectRot", "FillRoundU", "FillRoundRot", "FillTriangle", "FillPolyEOi20"])
    func theShapesAreMicroPeersShapes(test: String) throws {
        let python = try #require(Self.python, "python3 is needed to run micro_peers.py")
        let ours = try TileBenchCLITests.run(["micro", "--dump-shapes", test, "64", "--count", "25", "--seed", "7"])
        #expect(ours.status == 0, "\(ours.err)")
        let theirs = try TileBenchCLITests.run(python, [Self.script.path, "--dump-shapes", test, "64", "--count", "25", "--seed", "7"])
        #expect(theirs.status == 0, "\(theirs.err)")
        let a = try Self.shapes(ours.out), b = try Self.shapes(theirs.out)
        #expect(a.count == 25 && b.count == 25)
        for (x, y) in zip(a, b) {
            #expect(x["color"] as? [Int] == y["color"] as? [Int])
            let p = try #require(x["points"] as? [[Double]]), q = try #require(y["points"] as? [[Double]])
            #expect(p.count == q.count && p.count >= 3)
            for (u, v) in zip(p, q) { #expect(abs(u[0] - v[0]) < 1e-9 && abs(u[1] - v[1]) < 1e-9, "\(u) \(v)") }
            #expect((x["radius"] as? Double).map { r in abs(r - ((y["radius"] as? Double) ?? .nan)) < 1e-9 } ?? (y["radius"] == nil))
            // Inside the 512x600 canvas, as bl_bench places them (rotated ones around a point on it).
            for u in p { #expect(u[0] > -64 && u[0] < 512 + 64 && u[1] > -64 && u[1] < 600 + 64) }
        }
    }

    /// A small matrix prints a row per test with a figure per size, in both styles.
    @Test func aSmallMatrixPrintsEveryCell() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("micro-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: json) }
        let result = try TileBenchCLITests.run(["micro", "--tests", "FillRectA,StrokePolyEOi10,FillRoundRot", "--sizes", "8,32",
                                                "--count", "10", "--runs", "1", "--no-peers", "--json", json.path])
        #expect(result.status == 0, "\(result.err)")
        for test in ["FillRectA", "StrokePolyEOi10", "FillRoundRot"] {
            let rows = result.out.split(separator: "\n").filter { $0.hasPrefix("| \(test) |") }
            #expect(rows.count == 2, "\(result.out)")  // solid and linear
            for row in rows {
                let cells = row.split(separator: "|").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(cells.count == 2 && cells.allSatisfy { (Double($0) ?? 0) > 0 }, "\(row)")
            }
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let cells = try #require(object["tilerender_ms_per_1000"] as? [String: Double])
        #expect(cells.count == 3 * 2 * 2)
    }
}
