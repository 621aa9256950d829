import Foundation
import TileRender
import TileRenderPipeline

// tile-bench strategies: the seed's scrolling experiment (ScrollingExperiment.swift), each strategy and
// backend in a child process of its own so that its peak RSS is its own.
//
//   tile-bench strategies [--frames N] [--backend cpu|vulkan|all] [--only NAME] [--out DIR]
//                         [--check-every K] [--cards N] [--no-animations] [--quiet]
//
// After the strategies, the seed's TimelineView animations run over the same number of frames on each
// backend, fresh and retained (AnimationRuns.swift); --no-animations or --only leaves them out.
//   tile-bench strategies --static ...   the still grid of 50 cards (Strategies.swift)
//
// `--backend all` (the default) runs the CPU and a hardware GPU; a software Vulkan device (lavapipe) runs
// only when asked for by name. The CPU shape stack runs first and is the pixel reference: every strategy's frames on every backend
// are compared with its frames (every K-th frame and the last, K = N/15 by default) by the MANIFEST
// tolerance rule with zero agreement (mean_abs <= 1, pct>8 <= 1%, local5 <= 40).

func runStrategies(_ args: [String]) throws {
    if args.contains("--static") { return try runStaticGrid(args) }
    if let i = args.firstIndex(of: "--child") { return try runStrategyChild(Array(args[(i + 1)...]) + Array(args[..<i])) }
    var frames = 120
    var backends: [Backend] = [.cpu, .vulkan]
    var only: String?
    var outFolder: String?
    var checkEvery: Int?
    var quiet = false
    var withAnimations = true
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--frames": frames = try arguments.repeatCount(for: a)
        case "--backend":
            let text = try arguments.value(for: a)
            switch text {
            case "all": backends = [.cpu, .vulkan]
            case "cpu": backends = [.cpu]
            case "vulkan": backends = [.vulkan]
            default: throw UsageError(description: "invalid --backend '\(text)': cpu, vulkan or all")
            }
        case "--only":
            let name = try arguments.value(for: a)
            guard Strategy(rawValue: name) != nil else {
                throw UsageError(description: "unknown strategy '\(name)': \(Strategy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            only = name
        case "--out", "-o": outFolder = try arguments.value(for: a)
        case "--check-every": checkEvery = try arguments.repeatCount(for: a)
        case "--no-animations": withAnimations = false
        case "--cards": ScrollingScene.cardCount = try cardCount(arguments.value(for: a))
        case "--quiet":
            quiet = true
            BackendLog.silence()
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    guard frames <= 100_000 else { throw UsageError(description: "invalid --frames \(frames): at most 100000") }
    let step = checkEvery ?? max(1, frames / 15)
    var checked = Set(stride(from: 0, to: frames, by: step))
    checked.insert(frames - 1)

    let dump = FileManager.default.temporaryDirectory.appendingPathComponent("tile-bench-strategies-\(getpid())")
    try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dump) }

    var usable: [Backend] = []
    var notes: [String] = []
    for backend in backends {
        if let reason = unavailability(of: backend) {
            notes.append("\(backend.rawValue): not run (\(reason))")
        } else if backend == .vulkan, backends.count > 1, case .softwareOnly(let device)? = BackendSelection.defaultGPU?.probe {
            // `all` means the machine's GPU: a software rasterizer (lavapipe) takes seconds a frame here.
            notes.append("vulkan: not run (the only Vulkan device is a software rasterizer, \(device); `--backend vulkan` runs it anyway)")
        } else {
            usable.append(backend)
        }
    }
    let strategies = Strategy.allCases.filter { only == nil || $0.rawValue == only }
    // The reference: the CPU shape stack, run first even when another strategy is asked for alone.
    var jobs: [(Strategy, Backend, isReference: Bool)] = [(.shapeStack, .cpu, true)]
    for backend in usable {
        for strategy in strategies where !(strategy == .shapeStack && backend == .cpu) { jobs.append((strategy, backend, false)) }
    }
    let started = ContinuousClock.now
    var runs: [StrategyRun] = []
    for (n, job) in jobs.enumerated() {
        let label = "strategies [\(n + 1)/\(jobs.count)] \(job.0.rawValue) on \(job.1.rawValue)"
        var childArgs = ["strategies", "--child", job.0.rawValue, "--backend", job.1.rawValue, "--frames", String(frames),
                         "--dump", dump.path, "--label", label, "--cards", String(ScrollingScene.cardCount),
                         "--checked", checked.sorted().map(String.init).joined(separator: ",")]
        if job.isReference { childArgs.append("--reference") }
        if let outFolder {
            let frames = URL(fileURLWithPath: outFolder).appendingPathComponent("frames")
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
            childArgs += ["--frames-out", frames.path]
        }
        if quiet { childArgs.append("--quiet") }
        var run = try runChild(childArgs)
        // The reference matches itself; a run of the shape stack outside the table is not listed.
        if job.isReference {
            run.pixelsMatch = true
            if !usable.contains(.cpu) || (only != nil && only != Strategy.shapeStack.rawValue) { continue }
        }
        runs.append(run)
    }
    var animations: [AnimationRun] = []
    if withAnimations, only == nil {
        for backend in usable {
            animations += try runAnimations(frames: frames, backend: backend,
                                            progress: Progress(label: "animations on \(backend.rawValue)", quiet: quiet))
        }
    }
    let elapsed = ContinuousClock.now - started
    let report = StrategiesReport(runs: runs, animations: animations, frames: frames, checkedFrames: checked.count, notes: notes,
                                  seconds: Double(elapsed.components.seconds))
    print(report.markdown())
    if let outFolder {
        let folder = URL(fileURLWithPath: outFolder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try report.markdown().write(to: folder.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        try report.json().write(to: folder.appendingPathComponent("report.json"))
        try report.chart().writePNG(to: folder.appendingPathComponent("chart.png"))
        if !quiet { FileHandle.standardError.write(Data("strategies: wrote \(folder.path)/report.md, report.json and chart.png\n".utf8)) }
    }
    if runs.contains(where: { $0.pixelsMatch == false }) || animations.contains(where: { $0.pixelsMatch == false }) {
        throw UsageError(description: "strategies: frames differ where they should agree (see pixels in the tables)")
    }
}

/// A `--cards` value: 1 to 50 (the seed's list).
private func cardCount(_ text: String) throws -> Int {
    guard let n = Int(text), (1...50).contains(n) else { throw UsageError(description: "invalid --cards '\(text)': 1 to 50") }
    return n
}

/// Why `backend` cannot render here, or nil when it can (a one-pixel render on it).
private func unavailability(of backend: Backend) -> String? {
    do {
        _ = try Renderer(backend: backend).render(Scene(size: CGSize(width: 1, height: 1)))
        return nil
    } catch {
        return "\(error)"
    }
}

/// Runs this executable with `arguments` (a child's), standard error passed through; decodes the
/// `StrategyRun` it prints.
private func runChild(_ arguments: [String]) throws -> StrategyRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw UsageError(description: "strategies: the run '\(arguments.joined(separator: " "))' failed with status \(process.terminationStatus)")
    }
    return try JSONDecoder().decode(StrategyRun.self, from: data)
}

/// A child: one strategy on one backend; prints its `StrategyRun` as JSON.
private func runStrategyChild(_ args: [String]) throws {
    var arguments = Arguments(args)
    guard let name = arguments.next(), let strategy = Strategy(rawValue: name) else {
        throw UsageError(description: "--child needs a strategy")
    }
    var backend = Backend.cpu, frames = 120, dump = "", label = name, checked: Set<Int> = [], isReference = false, quiet = false
    var framesOut: String?
    while let a = arguments.next() {
        switch a {
        case "strategies": continue
        case "--backend": backend = try arguments.backend(for: a)
        case "--frames": frames = try arguments.repeatCount(for: a)
        case "--dump": dump = try arguments.value(for: a)
        case "--label": label = try arguments.value(for: a)
        case "--checked": checked = Set(try arguments.value(for: a).split(separator: ",").compactMap { Int($0) })
        case "--reference": isReference = true
        case "--frames-out": framesOut = try arguments.value(for: a)
        case "--cards": ScrollingScene.cardCount = try cardCount(arguments.value(for: a))
        case "--quiet":
            quiet = true
            BackendLog.silence()
        default: throw UsageError(description: "unknown option \(a)")
        }
    }
    let run = try runStrategy(strategy, backend: backend, frames: frames, checked: checked, dumpFolder: dump,
                              isReference: isReference, framesOut: framesOut, progress: Progress(label: label, quiet: quiet))
    FileHandle.standardOutput.write(try JSONEncoder().encode(run))
}
