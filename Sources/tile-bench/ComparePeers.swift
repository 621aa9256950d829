import Foundation
import TileRender

// tile-bench compare-peers [--scenes NAME[,NAME...]] [--runs N] [--size WxH] [--threads T]
//                          [--backend cpu|vulkan|auto] [--python PATH] [--polygons] [-o FOLDER]
//
// TileRender next to Blend2D, Skia and Cairo on the bench scenes, in one run on one machine (peer timings
// are noisy, about ±30%, so only figures taken together compare). The peers run through the vendored
// scripts/peers/render_peers.py (render only: parsing and setup untimed, median of N); TileRender through
// `tile-bench render --repeat N`. Prints a Markdown table of medians and TileRender's ratio to each peer.
// A peer whose Python package is missing is named with its install command; with none installed, or
// without the harness's numpy and Pillow, nothing is timed and the command fails.
// `--polygons` times everyone on the polygons Blend2D's peer draws instead (scripts/peers/polygon_scene.py:
// curves flattened and strokes expanded ahead of time, as the blend2d-ir peer does before its timed call),
// so that the figures compare the rasterizers alone.

let comparePeersUsage = "usage: tile-bench compare-peers [--scenes NAME[,NAME...]] [--runs N] [--size WxH] [--threads T] [--backend cpu|vulkan|auto] [--python PATH] [--polygons] [-o FOLDER]"

/// A peer as render_peers.py names it, and the Python modules it imports.
struct Peer {
    var name: String
    /// render_peers.py's `--peers` key.
    var key: String
    var modules: [String]

    /// The three the table compares with: the fastest CPU renderer there is, the one in browsers, and
    /// the one in GTK. blend2d-ir expands strokes and flattens curves with skia-python.
    static let all = [
        Peer(name: "Blend2D", key: "blend2d-ir", modules: ["blend2d", "skia"]),
        Peer(name: "Skia", key: "skia-svgdom", modules: ["skia"]),
        Peer(name: "Cairo", key: "cairo-ir", modules: ["cairo"]),
    ]
}

/// The PyPI package of each Python module the harness and the peers import.
let pythonPackages: KeyValuePairs<String, String> = [
    "numpy": "numpy", "PIL": "pillow", "skia": "skia-python", "blend2d": "blend2d-py", "cairo": "pycairo",
]

let benchScenes = ["Ghostscript_Tiger", "micro_1000_shapes", "synthetic_30k_shapes"]

/// The outcome of running a program: its status and what it printed.
struct ProgramOutput {
    var status: Int32
    var out: String
    var err: String
}

/// Runs `executable` with `arguments` and waits for it. Standard error goes through a file, so that a
/// program that fills the error pipe while standard output is read cannot block.
func runProgram(_ executable: URL, _ arguments: [String]) throws -> ProgramOutput {
    let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("tile-bench-stderr-\(getpid())-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: errFile.path, contents: nil) else {
        throw UsageError(description: "cannot create \(errFile.path)")
    }
    defer { try? FileManager.default.removeItem(at: errFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = try FileHandle(forWritingTo: errFile)
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProgramOutput(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                         err: String(decoding: (try? Data(contentsOf: errFile)) ?? Data(), as: UTF8.self))
}

/// The first `name` on PATH that is an executable file.
func executableOnPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// The modules of `modules` that `python` cannot import (an import that fails for any reason counts).
func missingPythonModules(_ modules: [String], python: URL) throws -> [String] {
    let probe = """
        import importlib
        for name in [\(modules.map { "'\($0)'" }.joined(separator: ", "))]:
            try:
                importlib.import_module(name)
            except Exception:
                print(name)
        """
    let result = try runProgram(python, ["-c", probe])
    guard result.status == 0 else {
        throw UsageError(description: "\(python.path) failed to run a Python probe: \(result.err.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
    return result.out.split(separator: "\n").map(String.init)
}

/// The PyPI packages of `modules`, space-separated.
func packageNames(_ modules: [String]) -> String {
    pythonPackages.filter { modules.contains($0.key) }.map(\.value).joined(separator: " ")
}

/// How to install the harness and every peer in a fresh environment (Debian's Python refuses a plain pip
/// install into the system's, so a virtual environment is the way that works everywhere).
let peersInstallAdvice = "python3 -m venv .venv-peers && .venv-peers/bin/pip install \(packageNames(pythonPackages.map(\.key))), then pass --python .venv-peers/bin/python"

/// A median in milliseconds, or why there is none.
enum Timing {
    case median(Double)
    case notInstalled
    case failed(String)

    var cell: String {
        switch self {
        case .median(let ms): return String(format: "%.2f", ms)
        case .notInstalled: return "not installed"
        case .failed: return "failed"
        }
    }
}

/// TileRender's median divided by `peer`'s, as "0.85x", or "-" without both.
func ratioCell(_ tileRender: Timing, _ peer: Timing) -> String {
    guard case .median(let ours) = tileRender, case .median(let theirs) = peer, theirs > 0 else { return "-" }
    return String(format: "%.2fx", ours / theirs)
}

func runComparePeers(_ args: [String]) throws {
    var scenes = benchScenes
    var runs = 20
    var size = "1024x1024"
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var backend = "cpu"
    var pythonPath: String?
    var outFolder: String?
    var polygons = false
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--scenes":
            scenes = try arguments.value(for: a).split(separator: ",").map(String.init)
            guard !scenes.isEmpty else { throw UsageError(description: "--scenes needs at least one scene name") }
        case "--runs": runs = try arguments.repeatCount(for: a)
        case "--size":
            size = try arguments.value(for: a)
            _ = try parseSize(size)
        case "--threads":
            let text = try arguments.value(for: a)
            guard let n = Int(text), n >= 1 else { throw UsageError(description: "invalid --threads '\(text)'") }
            threads = n
        case "--backend": backend = try arguments.backend(for: a).rawValue
        case "--python": pythonPath = try arguments.value(for: a)
        case "-o", "--output": outFolder = try arguments.value(for: a)
        case "--polygons": polygons = true
        default: throw UsageError(description: "unknown argument \(a)\n\(comparePeersUsage)")
        }
    }
    // Every scene file and the harness first, so that a typo fails before minutes of timing.
    let svgs = try scenes.map { scene -> URL in
        if scene.hasSuffix(".svg"), FileManager.default.fileExists(atPath: scene) { return URL(fileURLWithPath: scene) }
        guard let svg = repositoryItem("Benchmarks/\(scene).svg") else {
            throw UsageError(description: "no bench scene '\(scene)': expected Benchmarks/\(scene).svg in the repository (\(benchScenes.joined(separator: ", "))) or an SVG file")
        }
        return svg
    }
    guard let harness = repositoryItem("scripts/peers/render_peers.py"), let polygonScript = repositoryItem("scripts/peers/polygon_scene.py") else {
        throw UsageError(description: "cannot find scripts/peers/render_peers.py and polygon_scene.py above the working directory or the executable: run tile-bench from the repository")
    }
    let python: URL
    if let pythonPath {
        guard FileManager.default.isExecutableFile(atPath: pythonPath) else { throw UsageError(description: "no Python at --python \(pythonPath)") }
        python = URL(fileURLWithPath: pythonPath)
    } else {
        guard let found = executableOnPath("python3") else {
            throw UsageError(description: "no python3 on PATH: the peers run in Python (install python3, or pass --python PATH)")
        }
        python = found
    }
    guard let tileBench = Bundle.main.executableURL else { throw UsageError(description: "cannot locate the tile-bench executable") }

    let missing = try missingPythonModules(pythonPackages.map(\.key), python: python)
    let harnessMissing = missing.filter { ["numpy", "PIL"].contains($0) }
    let peers = Peer.all.filter { peer in peer.modules.allSatisfy { !missing.contains($0) } }
    if polygons && missing.contains("skia") {
        throw UsageError(description: "--polygons expands strokes with skia-python, which \(python.path) lacks (pip install skia-python)")
    }
    if !harnessMissing.isEmpty || peers.isEmpty {
        throw UsageError(description: "\(python.path) lacks the Python packages \(packageNames(missing)): "
                         + (harnessMissing.isEmpty ? "no peer renderer is installed" : "render_peers.py needs numpy and Pillow")
                         + ". Install them: \(peersInstallAdvice)")
    }
    for peer in Peer.all where !peers.contains(where: { $0.key == peer.key }) {
        let lacking = packageNames(peer.modules.filter { missing.contains($0) })
        progress("\(peer.name) is skipped: \(python.path) lacks \(lacking) (pip install \(lacking))")
    }

    #if DEBUG
    progress("this tile-bench is a debug build, several times slower than TileRender is: build it with swift build -c release")
    #endif
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("tile-bench-peers-\(getpid())")
    let out = outFolder.map { URL(fileURLWithPath: $0) } ?? temporary
    defer { if outFolder == nil { try? FileManager.default.removeItem(at: temporary) } }

    var rows: [String] = []
    for (scene, original) in zip(scenes, svgs) {
        let name = original.deletingPathExtension().lastPathComponent
        let folder = out.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var svg = original
        if polygons {
            svg = folder.appendingPathComponent("\(name)-polygons.svg")
            progress("\(scene): writing the polygons Blend2D's peer draws to \(svg.lastPathComponent)")
            let written = try runProgram(python, [polygonScript.path, original.path, svg.path, "--size", size])
            guard written.status == 0 else {
                throw UsageError(description: "polygon_scene.py failed on \(scene): \(written.err.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
        }
        // render_peers.py merges into an existing timings.json: an earlier run's figures must not stand in.
        let timingsFile = folder.appendingPathComponent("timings.json")
        try? FileManager.default.removeItem(at: timingsFile)
        progress("\(scene): peers (\(peers.map(\.name).joined(separator: ", "))), \(runs) runs")
        let peerRun = try runProgram(python, [harness.path, svg.path, folder.path, "--size", size,
                                              "--peers", peers.map(\.key).joined(separator: ","), "--runs", String(runs)])
        guard peerRun.status == 0 else {
            throw UsageError(description: "render_peers.py failed on \(scene): \(peerRun.err.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let timings = (try? JSONSerialization.jsonObject(with: Data(contentsOf: timingsFile))) as? [String: [String: Any]] ?? [:]
        let peerTimings = Peer.all.map { peer -> Timing in
            guard peers.contains(where: { $0.key == peer.key }) else { return .notInstalled }
            if let ms = timings[peer.key]?["median_ms"] as? Double { return .median(ms) }
            let error = timings[peer.key]?["error"] as? String ?? "no timing in timings.json"
            progress("\(scene): \(peer.name) failed: \(error)")
            return .failed(error)
        }

        // At least 3 runs, as render_peers.py times at least 3 (and render prints its median from 2 on).
        progress("\(scene): TileRender (backend \(backend), \(threads) threads), \(runs) runs")
        let render = try runProgram(tileBench, ["render", svg.path, "-o", folder.appendingPathComponent("tilerender.png").path,
                                                "--size", size, "--backend", backend, "--threads", String(threads),
                                                "--repeat", String(max(runs, 3)), "--quiet"])
        guard render.status == 0 else { throw UsageError(description: "tile-bench render failed on \(scene): \(render.err)") }
        // The contract line (api.md): "render: median X ms, min Y ms over N runs (...)".
        guard let match = render.out.firstMatch(of: /render: median ([0-9.]+) ms/), let ms = Double(match.1) else {
            throw UsageError(description: "tile-bench render printed no median on \(scene): \(render.out)")
        }
        let ours = Timing.median(ms)
        rows.append("| \(name) | \(ours.cell) | " + peerTimings.map(\.cell).joined(separator: " | ") + " | "
                    + peerTimings.map { ratioCell(ours, $0) }.joined(separator: " | ") + " |")
    }

    print("Medians in ms of \(runs) runs at \(size); TileRender on \(backend) with \(threads) threads, the peers on one thread; a ratio under 1 means TileRender is faster."
          + (polygons ? " Everyone draws the scenes' polygons as Blend2D's peer flattens and strokes them (--polygons)." : ""))
    print("")
    print("| scene | TileRender | " + Peer.all.map(\.name).joined(separator: " | ") + " | "
          + Peer.all.map { "TileRender / \($0.name)" }.joined(separator: " | ") + " |")
    print("|---|" + String(repeating: "---:|", count: 1 + 2 * Peer.all.count))
    for row in rows { print(row) }
    if outFolder != nil { print("\nPNGs and timings.json per scene in \(out.path)") }
}

/// A line on standard error while the comparison runs.
func progress(_ line: String) {
    FileHandle.standardError.write(Data("compare-peers: \(line)\n".utf8))
}
