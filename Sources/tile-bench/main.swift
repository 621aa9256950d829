import Foundation
import TileRender
import TileRenderSVG

// tile-bench: renders SVG scenes with TileRender and times them.
//
//   tile-bench render IN.svg -o OUT.png [--size WxH | --scale S] [--backend cpu|vulkan|auto]
//                                        [--repeat N] [--threads T] [--quiet]
//   tile-bench strategies [--frames N] [--backend cpu|vulkan|all] [--only NAME] [--out DIR] [--check-every K] [--cards N] [--no-animations] [--quiet]
//                                        (the seed's scrolling experiment; see StrategiesCommand.swift)
//   tile-bench strategies --static [--backend cpu|vulkan|auto|all] [--repeat N] [-o FOLDER] [--scene-out FILE] [--threads T] [--only NAME]
//                                        (the four strategies on a still grid; see Strategies.swift)
//   tile-bench text [--backend cpu|vulkan|auto] [--repeat N] [--threads T] [--only paragraph|chart] [--warm-only] [--glyphs-out FILE] [-o FOLDER]   (see TextBench.swift)
//   tile-bench effects [--backend cpu|vulkan|auto] [--repeat N] [-o FOLDER]   (see EffectsBench.swift)
//   tile-bench layout [--backend cpu|vulkan|auto] [--repeat N] [--only TEXT]   (see LayoutBench.swift)
//   tile-bench animate cogs|blob|stars -o OUT [--fps F] [--seconds S] [--backend cpu|vulkan|auto]   (OUT.webp and OUT/frame-NNNN.png)
//   tile-bench check OUT_DIR [--set DIR] [--json OUT.json]   (the reference scenes' tolerance rule; see Check.swift)
//   tile-bench parity [FOLDER] [--only NAME,...] [--limit N] [--out DIR] (CPU-Vulkan parity of a folder's SVGs; see Parity.swift)
//   tile-bench compare-peers [--scenes NAME,...] [--runs N] [--python PATH] [-o FOLDER]   (Blend2D, Skia, Cairo; see ComparePeers.swift)
//   tile-bench bandwidth [--size WxH] [--repeat N] [--threads T] [--only CASE]   (fills and image draws against memset/memcpy; see BandwidthBench.swift)
//
// With --repeat N the SVG is parsed once and rendered N times; the summary line is
//   render: median X ms, min Y ms over N runs (backend B, WxH, T threads)
// Exit status 0 on success; otherwise 1 with a one-line error on stderr.

struct UsageError: Error, CustomStringConvertible {
    let description: String
}

let usage = """
    usage: tile-bench render IN.svg -o OUT.png [--size WxH | --scale S] [--backend cpu|vulkan|auto] [--repeat N] [--threads T] [--quiet]
           tile-bench strategies [--frames N] [--backend cpu|vulkan|all] [--only NAME] [--out DIR] [--check-every K] [--cards N] [--no-animations] [--quiet]
           tile-bench strategies --static [--backend cpu|vulkan|auto|all] [--repeat N] [-o FOLDER] [--scene-out FILE] [--threads T] [--only NAME]
           tile-bench text [--backend cpu|vulkan|auto] [--repeat N] [--threads T] [--only paragraph|chart] [--warm-only] [--glyphs-out FILE] [-o FOLDER]
           tile-bench effects [--backend cpu|vulkan|auto] [--repeat N] [-o FOLDER]
           tile-bench layout [--backend cpu|vulkan|auto] [--repeat N] [--only TEXT]
           tile-bench animate cogs|blob|stars -o OUT [--fps F] [--seconds S] [--backend cpu|vulkan|auto]
           tile-bench check OUT_DIR [--set DIR] [--json OUT.json]
           tile-bench parity [FOLDER] [--only NAME[,NAME...]] [--limit N] [--out DIR]
           tile-bench compare-peers [--scenes NAME[,NAME...]] [--runs N] [--size WxH] [--threads T] [--backend cpu|vulkan|auto] [--python PATH] [-o FOLDER]
           tile-bench micro [--tests NAME[,NAME...]] [--sizes N[,N...]] [--styles solid,linear] [--count N] [--runs N] [--threads T] [--seed S] [--python PATH] [--no-peers] [--json FILE]
           tile-bench bandwidth [--size WxH] [--repeat N] [--threads T] [--only CASE]
    """

func parseSize(_ text: String) throws -> CGSize {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1,
          w.isFinite, h.isFinite else {
        throw UsageError(description: "invalid --size '\(text)': expected WxH with positive numbers, e.g. 1024x1024")
    }
    return CGSize(width: w, height: h)
}

func runRender(_ args: [String]) throws {
    var input: String?
    var output: String?
    var size: CGSize?
    var scale: Double?
    var backend = Backend.auto
    var repeatCount = 1
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var quiet = false
    var arguments = Arguments(args)
    func value(_ flag: String) throws -> String { try arguments.value(for: flag) }
    while let a = arguments.next() {
        switch a {
        case "-o", "--output": output = try value(a)
        case "--size": size = try parseSize(try value(a))
        case "--scale":
            let text = try value(a)
            guard let s = Double(text), s > 0, s.isFinite else { throw UsageError(description: "invalid --scale '\(text)'") }
            scale = s
        case "--backend":
            backend = try arguments.backend(for: a)
        case "--repeat":
            repeatCount = try arguments.repeatCount(for: a)
        case "--threads":
            let text = try value(a)
            guard let n = Int(text), n >= 1 else { throw UsageError(description: "invalid --threads '\(text)'") }
            threads = n
        case "--quiet":
            quiet = true
            BackendLog.silence()
        default:
            if a.hasPrefix("-") { throw UsageError(description: "unknown option \(a)\n\(usage)") }
            guard input == nil else { throw UsageError(description: "more than one input file\n\(usage)") }
            input = a
        }
    }
    guard let input else { throw UsageError(description: "no input SVG\n\(usage)") }
    guard let output else { throw UsageError(description: "no output PNG (-o OUT.png)\n\(usage)") }
    if size != nil && scale != nil { throw UsageError(description: "--size and --scale are exclusive") }

    let document = try SVGDocument(contentsOf: URL(fileURLWithPath: input))
    if !quiet {
        for w in document.warnings { FileHandle.standardError.write(Data("warning: \(w)\n".utf8)) }
    }
    var target = document.size
    if let size { target = size }
    if let scale { target = CGSize(width: document.size.width * scale, height: document.size.height * scale) }
    // The one canvas check (finite, at least 1, within the pixel limits), in floating point, before the
    // output buffer below is allocated: 1e20, infinity or 32768x32768 throw here with the limit.
    let (pixelWidth, pixelHeight) = try Scene.pixelSize(for: target)
    let scene = document.makeScene(size: target)
    let renderer = Renderer(backend: backend, threadCount: threads)

    var times: [Double] = []
    var binning: [Double] = []
    var encoding: [Double] = []
    var stroking: [Double] = []
    var device: [Double] = []
    var hostPhases: [GPUHostPhases] = []
    // The scene is rendered into one reused buffer, cleared by each render (as peers clear their surface).
    var pixels = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
    var lastStats: RenderStatistics?
    for _ in 0..<repeatCount {
        let (stats, milliseconds) = try timed {
            try pixels.withUnsafeMutableBytes { buffer in
                try renderer.render(scene, into: buffer, width: pixelWidth, height: pixelHeight,
                                    bytesPerRow: pixelWidth * 4, clear: true)
            }
        }
        times.append(milliseconds)
        binning.append(stats.binningSeconds * 1000)
        encoding.append(stats.encodingSeconds * 1000)
        stroking.append(stats.strokeSeconds * 1000)
        if let seconds = stats.deviceSeconds { device.append(seconds * 1000) }
        if let phases = stats.gpuHostPhases { hostPhases.append(phases) }
        lastStats = stats
    }
    let bitmap: Bitmap? = try Bitmap(width: pixelWidth, height: pixelHeight, premultipliedRGBA: pixels)
    try bitmap!.writePNG(to: URL(fileURLWithPath: output))
    if repeatCount > 1 {
        let used = lastStats!.backend.rawValue
        print(String(format: "render: median %.2f ms, min %.2f ms over %d runs (backend %@, %dx%d, %d threads)",
                     median(times), times.min()!, repeatCount, used, bitmap!.width, bitmap!.height, renderer.threadCount))
        // fine+composite: the rest of the render (the backend's share), after encoding and binning.
        let fine = zip(times, zip(binning, encoding)).map { $0 - $1.0 - $1.1 }
        print(String(format: "stages: encoding median %.2f ms, flatten+bin median %.2f ms (stroke expansion %.2f ms of worker time), fine+composite median %.2f ms, min %.2f ms (%d segments, %d path tiles, peak binned %.1f MiB in %d bands)",
                     median(encoding), median(binning), median(stroking), median(fine), fine.min()!,
                     lastStats!.segmentCount, lastStats!.pathTileCount,
                     Double(lastStats!.peakBinnedBytes) / 1048576, lastStats!.bandCount))
        // The workers each stage took (`StageWork`: a small frame runs on one).
        if case let workers = lastStats!.stageThreads, workers.count == 3 {
            print("workers: flattening \(workers[0]), binning \(workers[1]), fine \(workers[2]) of \(renderer.threadCount)")
        }
        if device.count == repeatCount {
            print(String(format: "device: fine shader median %.2f ms, min %.2f ms (timestamp queries), beside flatten+bin median %.2f ms on the CPU (%@)",
                         median(device), device.min()!, median(binning), lastStats!.deviceName ?? "?"))
        }
        if hostPhases.count == repeatCount {
            // The rest of fine+composite: offscreen groups, buffers chosen, commands recorded.
            let rest = zip(fine, hostPhases).map { f, h in f - (h.uploadSeconds + h.waitSeconds + h.readBackSeconds) * 1000 }
            print(String(format: "host: uploads median %.2f ms (%.1f MiB a frame), wait for the device %.2f ms, copy back %.2f ms, the rest of fine+composite %.2f ms",
                         median(hostPhases.map { $0.uploadSeconds * 1000 }), Double(hostPhases.last!.uploadedBytes) / 1048576,
                         median(hostPhases.map { $0.waitSeconds * 1000 }), median(hostPhases.map { $0.readBackSeconds * 1000 }),
                         median(rest)))
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    guard let command = arguments.first else { throw UsageError(description: usage) }
    switch command {
    case "render": try runRender(Array(arguments.dropFirst()))
    case "strategies": try runStrategies(Array(arguments.dropFirst()))
    case "text": try runTextBench(Array(arguments.dropFirst()))
    case "effects": try runEffectsBench(Array(arguments.dropFirst()))
    case "layout": try runLayoutBench(Array(arguments.dropFirst()))
    case "animate": try runAnimate(Array(arguments.dropFirst()))
    case "compare-peers": try runComparePeers(Array(arguments.dropFirst()))
    case "micro": try runMicro(Array(arguments.dropFirst()))
    case "bandwidth": try runBandwidthBench(Array(arguments.dropFirst()))
    case "check": if try !runCheck(Array(arguments.dropFirst())) { exit(1) }
    case "parity": if try !runParity(Array(arguments.dropFirst())) { exit(1) }
    case "-h", "--help", "help": print(usage)
    default: throw UsageError(description: "unknown command '\(command)'\n\(usage)")
    }
} catch {
    FileHandle.standardError.write(Data("tile-bench: error: \(error)\n".utf8))
    exit(1)
}
