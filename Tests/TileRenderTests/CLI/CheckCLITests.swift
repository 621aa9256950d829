import Foundation
import Testing
@testable import TileRenderPipeline

/// `tile-bench check` gives check.py's verdicts and figures (Tests/Fixtures/Scenes/check.py, the MANIFEST
/// rule) on every public scene: both run on the same folders of candidates, the references themselves and
/// copies shifted, noisy, with a blob, and broken ones (missing, unreadable, wrong size, fainter).
@Suite(.serialized) struct CheckCLITests {
    static let checkScript = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Scenes/check.py")

    /// A python3 that imports numpy and Pillow (check.py needs both): the first on PATH, else the system's.
    /// CI installs them (python3-numpy python3-pil in scripts/install-deps.sh).
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            + [URL(fileURLWithPath: "/usr/bin/python3")]
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { return false }
            return (try? TileBenchCLITests.run(candidate, ["-c", "import numpy, PIL"]).status) == 0
        }
    }()

    enum Perturbation: String, CaseIterable {
        case identical, shifted, noisy, blob, broken
    }

    /// Writes a candidate for every public scene into a new folder, changed by `perturbation`.
    static func makeCandidates(_ perturbation: Perturbation) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(perturbation)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = try SceneTolerance.load(from: Fixtures.publicScenes).keys.sorted()
        var generator = SeededRandom(seed: 20)
        for (index, name) in names.enumerated() {
            let reference = Fixtures.publicScenes.appendingPathComponent(name + ".png")
            let candidate = folder.appendingPathComponent(name + ".png")
            var (width, height, pixels) = try Bitmap.straightRGBA(contentsOfPNG: reference)
            switch perturbation {
            case .identical:
                try FileManager.default.copyItem(at: reference, to: candidate)
                continue
            case .shifted:  // half a pixel right (each pixel averaged with its left neighbour): edges move
                for y in 0..<height {
                    for x in stride(from: width - 1, to: 0, by: -1) {
                        let i = (y * width + x) * 4
                        for c in 0..<4 { pixels[i + c] = UInt8((Int(pixels[i + c]) + Int(pixels[i + c - 4]) + 1) / 2) }
                    }
                }
            case .noisy:  // every 60th pixel's channels move by up to 12 levels: about 1.3% of pixels over 8
                for i in stride(from: 0, to: pixels.count, by: 240) {
                    for c in 0..<4 { pixels[i + c] = UInt8(clamping: Int(pixels[i + c]) + Int.random(in: -12...12, using: &generator)) }
                }
            case .blob:  // a mid-grey square of 3 pixels in the middle: a local error near local5's floor
                for y in height / 2 ..< height / 2 + 3 {
                    for x in width / 2 ..< width / 2 + 3 {
                        pixels.replaceSubrange((y * width + x) * 4 ..< (y * width + x) * 4 + 4, with: [128, 128, 128, 255])
                    }
                }
            case .broken:
                switch index % 4 {
                case 0: continue  // missing
                case 1: try Data("not a PNG".utf8).write(to: candidate); continue
                case 2:  // one column narrower
                    pixels = (0..<height).flatMap { y in pixels[y * width * 4 ..< (y * width + width - 1) * 4] }
                    width -= 1
                default:  // fainter: semi-transparent pixels, whose colours premultiply to fractions of a level
                    for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = UInt8(Int(pixels[i]) * 97 / 100) }
                }
            }
            try Bitmap(width: width, height: height, straightRGBA: pixels).writePNG(to: candidate)
        }
        return folder
    }

    @Test(arguments: Perturbation.allCases)
    func checkGivesCheckPysVerdictsAndFigures(_ perturbation: Perturbation) throws {
        guard let python = Self.python else {
            Issue.record("check.py needs python3 with numpy and Pillow: apt-get install python3-numpy python3-pil (scripts/install-deps.sh does), or pip install numpy pillow")
            return
        }
        let candidates = try Self.makeCandidates(perturbation)
        defer { try? FileManager.default.removeItem(at: candidates) }
        let swiftJSON = candidates.appendingPathComponent("swift.json"), pythonJSON = candidates.appendingPathComponent("python.json")
        // From a folder outside the repository: the default set is found from the executable.
        let swift = try TileBenchCLITests.run(try #require(TileBenchCLITests.executable), ["check", candidates.path, "--json", swiftJSON.path],
                                              in: FileManager.default.temporaryDirectory)
        let script = try TileBenchCLITests.run(python, [Self.checkScript.path, candidates.path, "--json", pythonJSON.path])
        #expect(script.err.isEmpty, "\(script.err)")
        #expect(swift.err.isEmpty, "\(swift.err)")
        #expect(swift.status == script.status)
        #expect(swift.out.split(separator: "\n").last == script.out.split(separator: "\n").last, "\(swift.out)")

        let ours = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: swiftJSON)) as? [String: [String: Any]])
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: pythonJSON)) as? [String: [String: Any]])
        #expect(ours.keys.sorted() == theirs.keys.sorted())
        #expect(ours.count == 58)
        for (name, expected) in theirs {
            let got = try #require(ours[name])
            #expect(got["result"] as? String == expected["result"] as? String, "\(name): \(got) vs \(expected)")
            #expect(got["reason"] as? String == expected["reason"] as? String, "\(name)")
            for key in ["mean_abs", "pct_over8", "local5", "max_abs"] {
                let a = got[key] as? Double, b = expected[key] as? Double
                #expect((a == nil) == (b == nil) && abs((a ?? 0) - (b ?? 0)) <= 1e-3, "\(name) \(key): \(String(describing: a)) vs \(String(describing: b))")
            }
            #expect(got["tol"] as? [Double] == expected["tol"] as? [Double], "\(name)")
        }
        // Each folder holds what it was made to: the verdicts the comparison above covers.
        let results = Set(theirs.values.map { "\($0["result"] ?? "")\($0["reason"].map { " \($0)" } ?? "")" })
        switch perturbation {
        case .identical: #expect(results == ["pass"])
        case .shifted, .noisy, .blob: #expect(results == ["pass", "FAIL"], "\(results)")  // near the limits: both verdicts
        case .broken: #expect(results.isSuperset(of: ["MISSING", "FAIL unreadable", "FAIL size"]), "\(results)")
        }
    }
}
