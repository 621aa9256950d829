import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// The reference-scene tolerance rule of Tests/Fixtures/Scenes (MANIFEST.md, imgdiff.py), in Swift.
///
/// Images are compared premultiplied, in 0...255 levels:
/// - meanAbs: mean absolute difference over all pixels and the 4 channels;
/// - pctOver8: percentage of pixels whose largest channel difference exceeds 8 levels;
/// - local5: largest mean of the per-pixel largest channel difference over any 5x5 window.
struct ImageDifference: CustomStringConvertible {
    var meanAbs: Double
    var pctOver8: Double
    var maxAbs: Double
    var local5: Double

    init(_ a: Bitmap, _ b: Bitmap) {
        precondition(a.width == b.width && a.height == b.height, "size mismatch")
        let w = a.width, h = a.height
        var perPixel = [Double](repeating: 0, count: w * h)
        var sum = 0.0, over8 = 0, maxAbs = 0.0
        for y in 0..<h {
            for x in 0..<w {
                let pa = a.pixel(x: x, y: y), pb = b.pixel(x: x, y: y)
                let dr = abs(Int(pa.r) - Int(pb.r)), dg = abs(Int(pa.g) - Int(pb.g))
                let db = abs(Int(pa.b) - Int(pb.b)), da = abs(Int(pa.a) - Int(pb.a))
                sum += Double(dr + dg + db + da)
                let m = Double(max(max(dr, dg), max(db, da)))
                perPixel[y * w + x] = m
                if m > 8 { over8 += 1 }
                maxAbs = max(maxAbs, m)
            }
        }
        meanAbs = sum / Double(w * h * 4)
        pctOver8 = Double(over8) / Double(w * h) * 100
        self.maxAbs = maxAbs
        // Summed-area table for the 5x5 window means.
        let k = min(5, w, h)
        var table = [Double](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0.0
            for x in 0..<w {
                row += perPixel[y * w + x]
                table[(y + 1) * (w + 1) + x + 1] = table[y * (w + 1) + x + 1] + row
            }
        }
        var best = 0.0
        for y in 0...(h - k) {
            for x in 0...(w - k) {
                let s = table[(y + k) * (w + 1) + x + k] - table[y * (w + 1) + x + k]
                    - table[(y + k) * (w + 1) + x] + table[y * (w + 1) + x]
                best = max(best, s)
            }
        }
        local5 = best / Double(k * k)
    }

    var description: String {
        String(format: "mean_abs %.3f, pct>8 %.3f%%, local5 %.1f, max %.0f", meanAbs, pctOver8, local5, maxAbs)
    }
}

/// A scene's limits from agreement.json.
struct SceneTolerance {
    var meanAbs: Double
    var pctOver8: Double
    var local5: Double

    func accepts(_ d: ImageDifference) -> Bool {
        d.meanAbs <= meanAbs && d.pctOver8 <= pctOver8 && d.local5 <= local5
    }

    /// Reads every scene's tolerance from `agreement.json` in `folder`.
    static func load(from folder: URL) throws -> [String: SceneTolerance] {
        let data = try Data(contentsOf: folder.appendingPathComponent("agreement.json"))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]] else { return [:] }
        var out: [String: SceneTolerance] = [:]
        for (name, entry) in json {
            guard let m = entry["tol_mean_abs"] as? Double, let p = entry["tol_pct_over8"] as? Double,
                  let l = entry["tol_local5"] as? Double else { continue }
            out[name] = SceneTolerance(meanAbs: m, pctOver8: p, local5: l)
        }
        return out
    }
}

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
