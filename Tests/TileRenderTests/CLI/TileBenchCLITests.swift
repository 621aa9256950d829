import Foundation
import Testing
@testable import TileRenderPipeline

/// The tile-bench command line is a contract (api.md): output line, exit status, one-line errors.
@Suite(.serialized) struct TileBenchCLITests {
    /// The tile-bench executable SwiftPM built next to the test bundle.
    static let executable: URL? = {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("tile-bench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()

    private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try Self.run(arguments)
    }

    /// Runs tile-bench with `arguments`: its exit status, standard output and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try run(try #require(Self.executable, "tile-bench was not built next to the tests"), arguments)
    }

    /// Runs `executable` with `arguments` (in `folder`, when given): its exit status, standard output and error.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil,
                    environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func renderRepeatPrintsTheSummaryLine() throws {
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cli-heart-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let svg = try Fixtures.file("heart.svg").path
        let result = try run(["render", svg, "-o", output.path, "--size", "150x100", "--backend", "cpu", "--repeat", "3"])
        #expect(result.status == 0, "\(result.err)")
        let line = try #require(result.out.split(separator: "\n").first.map(String.init))
        #expect(line.contains(try Regex(#"^render: median [0-9.]+ ms, min [0-9.]+ ms over 3 runs \(backend cpu, 150x100, [0-9]+ threads\)$"#)), "\(line)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }

    @Test func strategiesCompareTheFourWaysAndWriteTheCanvasScene() throws {
        let sceneFile = FileManager.default.temporaryDirectory.appendingPathComponent("tile-bench-cards-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: sceneFile) }
        let result = try run(["strategies", "--static", "--repeat", "1", "--backend", "cpu", "--threads", "1", "--scene-out", sceneFile.path])
        #expect(result.status == 0, "\(result.err)")
        let names = result.out.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(names == ["shape-stack", "canvas", "image", "drawing-group", "canvas, render only", "wrote 7401 fills to \(sceneFile.path)"])
        #expect(result.out.contains("(backend cpu, 7401 fills, 1 threads)"))
        // The background, 50 cards and 7,350 diamonds, in device pixels, as plain colours.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: sceneFile)) as? [String: Any])
        #expect(json["width"] as? Int == 1010 && json["height"] as? Int == 960)
        let fills = try #require(json["fills"] as? [[String: Any]])
        #expect(fills.count == 7401)
        let diamond = try #require(fills.last)
        #expect((diamond["rgba"] as? [Double])?.map { ($0 * 255).rounded() } == [255, 59, 48, 255])
        let elements = try #require(diamond["elements"] as? [[Any]])
        #expect(elements.map { $0[0] as? String } == ["M", "Q", "Q", "Q", "Q", "Z"])  // the seed's curved diamond
    }

    /// The scrolling experiment, small: three cards, three frames, on the CPU. Every strategy runs in
    /// its own process and is checked against the shape stack's pixels; the report has the api.md fields
    /// and the seed's animations.
    @Test func strategiesScrollTheCardsAndWriteTheReport() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tile-bench-report-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try run(["strategies", "--cards", "3", "--frames", "3", "--backend", "cpu", "--out", out.path, "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty, "--quiet says nothing: \(result.err)")
        // The strategies' table: the rows before the animations' heading.
        let strategiesTable = result.out.components(separatedBy: "## The seed's TimelineView")[0]
        let rows = strategiesTable.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| strategy") }
        #expect(rows.map { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } } ==
                ["shape-stack", "canvas", "image", "drawing-group"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any])
        let strategies = try #require(json["strategies"] as? [[String: Any]])
        #expect(strategies.map { $0["name"] as? String } == ["shape-stack", "canvas", "image", "drawing-group"])
        for s in strategies {
            #expect(s["backend"] as? String == "cpu")
            for key in ["median_ms", "p95_ms", "first_frame_ms"] { #expect(((s[key] as? Double) ?? 0) > 0, "\(key)") }
            #expect(((s["peak_rss_bytes"] as? Int) ?? 0) > 1 << 20)
            #expect(s["renderer_bytes"] is Int)
            #expect(s["pixels_match"] as? Bool == true)
        }
        // The seed's animations, fresh and retained, drawing the same frames.
        let animations = try #require(json["animations"] as? [[String: Any]])
        #expect(animations.map { "\($0["name"] ?? "") \($0["caching"] ?? "")" } ==
                ["cogs fresh", "cogs retained", "blob fresh", "blob retained", "stars fresh", "stars retained"])
        #expect(animations.filter { $0["caching"] as? String == "retained" }.allSatisfy { $0["pixels_match"] as? Bool == true })
        let chart = try Bitmap(contentsOfPNG: out.appendingPathComponent("chart.png"))
        #expect(chart.width == 1800 && chart.height == 1120)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.md").path))
    }

    @Test func textReportsGlyphsPerSecondAndWritesTheGlyphs() throws {
        let glyphs = FileManager.default.temporaryDirectory.appendingPathComponent("tile-bench-glyphs-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: glyphs) }
        let result = try run(["text", "--repeat", "1", "--backend", "cpu", "--threads", "1", "--glyphs-out", glyphs.path])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("text ") }
        #expect(lines.count == 8, "\(result.out)")
        for line in lines {
            #expect(line.contains(try Regex(#"^text (paragraph|chart) [a-z ,-]+: median [0-9.]+ ms, min [0-9.]+ ms over 1 runs, [0-9]+ glyphs/s \([0-9]+ glyphs"#)), "\(line)")
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: glyphs)) as? [String: Any]
        let paragraph = try #require(json?["paragraph"] as? [String: Any])
        #expect(((paragraph["glyphs"] as? [Any])?.count ?? 0) > 1000)
    }

    @Test func animateWritesFramesAndAWebP() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("animate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: out.appendingPathExtension("webp")) }
        let result = try run(["animate", "cogs", "-o", out.path, "--fps", "5", "--seconds", "0.4", "--backend", "cpu"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("frame 2/2"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["frame-0000.png", "frame-0001.png"])
        let frames = try AnimatedWebP.decode(Data(contentsOf: out.appendingPathExtension("webp")))
        #expect(frames.count == 2 && frames[0].bitmap.width == 330 && frames[0].bitmap.height == 400)
        #expect(frames[0].bitmap.pixels != frames[1].bitmap.pixels)  // the cogs turned
    }

    @Test func layoutReportsPerViewCostsAndTheLazyListsCards() throws {
        let result = try run(["layout", "--repeat", "1", "--backend", "cpu"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        // Layout, a first layout and recording (the renderer made and freed outside the clock, then
        // inside it), an unchanged re-render, a first render, one cell changed.
        #expect(lines.filter { $0.hasPrefix("layout grid 10,000 views") && $0.contains("us per view") }.count == 6, "\(result.out)")
        #expect(lines.contains { $0.hasPrefix("layout grid 10,000 views, first layout and recording, renderer made and freed") }, "\(result.out)")
        #expect(lines.contains { $0.hasPrefix("layout grid 10,000 views, re-render after one cell changed") }, "\(result.out)")
        // Depth, nested stacks and the scrolled lists are reported.
        #expect(lines.filter { $0.hasPrefix("layout nested VStack > HStack > padding, depth") }.count == 4, "\(result.out)")
        #expect(lines.contains { $0.hasPrefix("layout 16 nested stacks") }, "\(result.out)")
        #expect(lines.filter { $0.hasPrefix("layout ScrollView + LazyVStack") }.count == 2, "\(result.out)")
        // The eager list draws every card; the lazy one only those near the 640-point viewport.
        #expect(lines.contains { $0.hasPrefix("layout cards eager") && $0.contains("50 of 50 cards drawn") }, "\(result.out)")
        let lazy = try #require(lines.first { $0.hasPrefix("layout cards lazy") })
        let drawn = try #require(lazy.firstMatch(of: /(\d+) of 50 cards drawn/)).1
        #expect((1...8).contains(Int(drawn) ?? 0), "\(lazy)")
    }

    @Test(arguments: [("blob", 450, 400), ("stars", 608, 400)])
    func animateRunsTheSeedTimelineViews(_ name: String, _ width: Int, _ height: Int) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("animate-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: out.appendingPathExtension("webp")) }
        let result = try run(["animate", name, "-o", out.path, "--fps", "4", "--seconds", "0.5", "--backend", "cpu"])
        #expect(result.status == 0, "\(result.err)")
        let frames = try AnimatedWebP.decode(Data(contentsOf: out.appendingPathExtension("webp")))
        #expect(frames.count == 2 && frames[0].bitmap.width == width && frames[0].bitmap.height == height)
        #expect(frames[0].bitmap.pixels != frames[1].bitmap.pixels)  // a quarter of a second moved it
    }

    /// Without the peers' Python packages, compare-peers names each with its install command and times
    /// nothing. The peers are hidden from Python by modules that refuse to import, so the test is the same
    /// whether or not this machine has them.
    @Test func comparePeersNamesMissingPeersAndHowToInstallThem() throws {
        let python = try #require(["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "compare-peers runs the peers with python3")
        let blockers = FileManager.default.temporaryDirectory.appendingPathComponent("no-peers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: blockers) }
        for module in ["skia", "blend2d", "cairo"] {
            let package = blockers.appendingPathComponent(module)
            try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
            try Data("raise ImportError('hidden by TileBenchCLITests')\n".utf8).write(to: package.appendingPathComponent("__init__.py"))
        }
        let result = try Self.run(try #require(Self.executable), ["compare-peers", "--python", python, "--runs", "1"],
                                  environment: ["PYTHONPATH": blockers.path])
        #expect(result.status == 1)
        #expect(result.out.isEmpty, "\(result.out)")
        let error = try #require(result.err.split(separator: "\n").first.map(String.init))
        #expect(error.hasPrefix("tile-bench: error: \(python) lacks the Python packages "), "\(result.err)")
        #expect(error.contains("skia-python blend2d-py pycairo"), "\(error)")
        #expect(error.contains("pip install numpy pillow skia-python blend2d-py pycairo"), "\(error)")
        #expect(!result.err.contains("TileRender (backend"), "nothing is timed: \(result.err)")
        // --polygons expands the scenes' strokes with skia-python before anything runs.
        let polygons = try Self.run(try #require(Self.executable), ["compare-peers", "--polygons", "--python", python, "--runs", "1"],
                                    environment: ["PYTHONPATH": blockers.path])
        #expect(polygons.status == 1)
        #expect(polygons.err.hasPrefix("tile-bench: error: --polygons expands strokes with skia-python, which \(python) lacks"), "\(polygons.err)")
    }

    @Test(arguments: [
        ["animate", "sparkles", "-o", "/tmp/x"],
        ["animate", "cogs", "-o", "/tmp/x", "--fps", "0"],
        ["animate", "cogs"],
        ["strategies", "--static", "--threads", "0"],
        ["strategies", "--cards", "0"],
        ["strategies", "--only", "mosaic"],
        ["strategies", "--frames", "0"],
        ["animate", "cogs", "-o", "/tmp/x", "--seconds", "1e9"],
        ["text", "--repeat", "0"],
        ["render", "/nonexistent/scene.svg", "-o", "/tmp/x.png"],
        ["render", "x.svg"],
        ["render", "x.svg", "-o", "y.png", "--size", "0x5"],
        ["render", "x.svg", "-o", "y.png", "--backend", "metal"],
        ["frobnicate"],
        ["check"],
        ["check", "/nonexistent/renders"],
        ["check", "/tmp", "--set", "/nonexistent/scenes"],
        ["check", "/tmp", "--set", "private"],
        ["check", "/tmp", "--sets", "public"],
        ["compare-peers", "--runs", "0"],
        ["compare-peers", "--scenes", "tiger"],
        ["compare-peers", "--scenes", ""],
        ["compare-peers", "--size", "0x5"],
        ["compare-peers", "--python", "/nonexistent/python3"],
        ["compare-peers", "--frobnicate"],
        ["micro", "--tests", "FillCircle"],
        ["micro", "--sizes", "0"],
        ["micro", "--sizes", "8,x"],
        ["micro", "--styles", "radial"],
        ["micro", "--count", "0"],
        ["micro", "--dump-shapes", "FillRectA"],
        ["micro", "--python", "/nonexistent/python3"],
    ])
    func badInvocationsFailWithOneLineErrors(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status != 0)
        #expect(result.err.hasPrefix("tile-bench: error: "), "\(result.err)")
    }
}

/// `tile-bench parity` (scripts/gpu-check.sh's parity report): one line per scene, a summary naming the
/// Vulkan device, exit status 0 in parity; a bad option is a one-line error.
@Suite(.serialized, .enabled(if: vulkanAvailable, "No Vulkan device available"))
struct TileBenchParityCLITests {
    @Test func parityReportsEachSceneAndTheDevice() throws {
        let result = try TileBenchCLITests.run(["parity", Fixtures.publicScenes.path, "--only", "heart,badge_full"])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix("ok   ") })
        #expect(lines.last?.hasPrefix("parity: 2 of 2 scenes within 1 level of the CPU on ") == true, "\(lines)")
        let bad = try TileBenchCLITests.run(["parity", "--limit", "0"])
        #expect(bad.status == 1 && bad.err.contains("--limit"))
    }
}
