import Foundation
import TileRender

// tile-bench micro [--tests NAME[,NAME...]] [--sizes N[,N...]] [--styles solid,linear] [--count N] [--runs N]
//                  [--threads T] [--seed S] [--python PATH] [--no-peers] [--json FILE]
// tile-bench micro --dump-shapes TEST SIZE [--count N] [--seed S]
//
// Blend2D's bl_bench matrix (blend2d-apps, bl_bench/app.cpp): 24 tests (FillRectA/U/Rot, FillRoundU/Rot,
// FillTriangle, FillPolyNZi and FillPolyEOi with 10, 20 and 40 vertices, and their Stroke versions at width
// 2) at sizes 8-256, solid and linear gradient, `count` seeded shapes on a 512x600 canvas. Each cell is the
// best of `runs` renders of the whole scene (encode, bin, fine) on the CPU, as ms per 1000 shapes. Blend2D's
// figure (scripts/peers/micro_peers.py, blend2d-py, the same shapes from the same generator) stands beside
// it where blend2d-py can draw the test: solid non-zero fills of rectangles and polygons.

let microUsage = """
    usage: tile-bench micro [--tests NAME[,NAME...]] [--sizes N[,N...]] [--styles solid,linear] [--count N] [--runs N] [--threads T] [--seed S] [--python PATH] [--no-peers] [--json FILE]
           tile-bench micro --dump-shapes TEST SIZE [--count N] [--seed S]
    """

/// bl_bench's canvas.
private let microCanvas = CGSize(width: 512, height: 600)

/// The tests, in bl_bench's order.
let microTests: [String] = {
    let shapes = ["RectA", "RectU", "RectRot", "RoundU", "RoundRot", "Triangle",
                  "PolyNZi10", "PolyNZi20", "PolyNZi40", "PolyEOi10", "PolyEOi20", "PolyEOi40"]
    return shapes.map { "Fill" + $0 } + shapes.map { "Stroke" + $0 }
}()

/// SplitMix64: the generator micro_peers.py implements too, draw for draw.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A double in [0, 1): the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }
    /// Straight RGBA bytes, alpha at least 1.
    mutating func color() -> [Int] {
        let v = next()
        return [Int(v & 255), Int((v >> 8) & 255), Int((v >> 16) & 255), max(1, Int((v >> 24) & 255))]
    }
}

/// One shape of a test: its colour, its outline's corners (a rectangle's four, rotated ones too), and a
/// rounded rectangle's radius.
struct MicroShape {
    var color: [Int]
    var points: [CGPoint]
    var radius: Double?
    /// A rotated rectangle's centre and angle.
    var rotation: (center: CGPoint, angle: Double)?
}

/// The shapes of `test` at `size`, as micro_peers.py makes them.
func microShapes(test: String, size: Int, count: Int, seed: UInt64) throws -> [MicroShape] {
    var rng = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(size))
    let s = Double(size), width = Double(microCanvas.width), height = Double(microCanvas.height)
    let kind = test.replacingOccurrences(of: "Fill", with: "").replacingOccurrences(of: "Stroke", with: "")
    let vertices: Int
    switch kind {
    case "Triangle": vertices = 3
    case "PolyNZi10", "PolyEOi10": vertices = 10
    case "PolyNZi20", "PolyEOi20": vertices = 20
    case "PolyNZi40", "PolyEOi40": vertices = 40
    case "RectA", "RectU", "RoundU", "RectRot", "RoundRot": vertices = 0
    default: throw UsageError(description: "unknown micro test '\(test)': one of \(microTests.joined(separator: ", "))")
    }
    var shapes: [MicroShape] = []
    shapes.reserveCapacity(count)
    for _ in 0..<count {
        let color = rng.color()
        switch kind {
        case "RectA", "RectU", "RoundU":
            var x = rng.unit() * (width - s), y = rng.unit() * (height - s)
            if kind == "RectA" { x = x.rounded(.down); y = y.rounded(.down) }
            var shape = MicroShape(color: color, points: [CGPoint(x: x, y: y), CGPoint(x: x + s, y: y), CGPoint(x: x + s, y: y + s), CGPoint(x: x, y: y + s)])
            if kind == "RoundU" { shape.radius = min(s / 2, 4 + rng.unit() * 36) }
            shapes.append(shape)
        case "RectRot", "RoundRot":
            let cx = rng.unit() * width, cy = rng.unit() * height, angle = rng.unit() * 2 * Double.pi
            let c = cos(angle), sn = sin(angle), h = s / 2
            let corners = [(-h, -h), (h, -h), (h, h), (-h, h)].map { (px, py) in CGPoint(x: cx + px * c - py * sn, y: cy + px * sn + py * c) }
            var shape = MicroShape(color: color, points: corners, rotation: (CGPoint(x: cx, y: cy), angle))
            if kind == "RoundRot" { shape.radius = min(s / 2, 4 + rng.unit() * 36) }
            shapes.append(shape)
        default:
            let x0 = rng.unit() * (width - s), y0 = rng.unit() * (height - s)
            var points: [CGPoint] = []
            for _ in 0..<vertices { points.append(CGPoint(x: x0 + rng.unit() * s, y: y0 + rng.unit() * s)) }
            shapes.append(MicroShape(color: color, points: points))
        }
    }
    return shapes
}

/// The scene of a test: every shape filled (or stroked at width 2) with its colour, or with a linear
/// gradient from it to its complement across the shape's box.
func microScene(test: String, size: Int, count: Int, seed: UInt64, linear: Bool) throws -> Scene {
    let shapes = try microShapes(test: test, size: size, count: count, seed: seed)
    let stroke = test.hasPrefix("Stroke"), evenOdd = test.contains("EO")
    var scene = Scene(size: microCanvas)
    scene.draw { context in
        for shape in shapes {
            let path: Path
            if let radius = shape.radius {
                let s = CGFloat(size)
                if let rotation = shape.rotation {
                    let local = Path(roundedRect: CGRect(x: -s / 2, y: -s / 2, width: s, height: s), cornerRadius: CGFloat(radius))
                    path = local.applying(CGAffineTransform(rotationAngle: CGFloat(rotation.angle))
                        .concatenating(CGAffineTransform(translationX: rotation.center.x, y: rotation.center.y)))
                } else {
                    path = Path(roundedRect: CGRect(origin: shape.points[0], size: CGSize(width: s, height: s)), cornerRadius: CGFloat(radius))
                }
            } else {
                var polygon = Path()
                polygon.addLines(shape.points)
                polygon.closeSubpath()
                path = polygon
            }
            let rgba = shape.color.map { Double($0) / 255 }
            let color = Color(red: rgba[0], green: rgba[1], blue: rgba[2], opacity: rgba[3])
            let shading: GraphicsContext.Shading
            if linear {
                let box = path.boundingRect
                let other = Color(red: 1 - rgba[0], green: 1 - rgba[1], blue: 1 - rgba[2], opacity: rgba[3])
                shading = .linearGradient(Gradient(colors: [color, other]), startPoint: CGPoint(x: box.minX, y: box.minY),
                                          endPoint: CGPoint(x: box.maxX, y: box.maxY))
            } else {
                shading = .color(color)
            }
            if stroke {
                context.stroke(path, with: shading, lineWidth: 2)
            } else {
                context.fill(path, with: shading, style: FillStyle(eoFill: evenOdd))
            }
        }
    }
    return scene
}

func runMicro(_ args: [String]) throws {
    var tests = microTests
    var sizes = [8, 16, 32, 64, 128, 256]
    var styles = ["solid", "linear"]
    var count = 1000, runs = 5, threads = 1
    var seed: UInt64 = 1
    var pythonPath: String?
    var peers = true
    var jsonPath: String?
    var dump: (test: String, size: Int)?
    var arguments = Arguments(args)
    func list(_ text: String, _ flag: String) throws -> [String] {
        let items = text.split(separator: ",").map(String.init)
        guard !items.isEmpty else { throw UsageError(description: "\(flag) needs at least one value") }
        return items
    }
    func positive(_ text: String, _ flag: String, max: Int = 1_000_000) throws -> Int {
        guard let n = Int(text), n >= 1, n <= max else { throw UsageError(description: "invalid \(flag) '\(text)': a whole number from 1 to \(max)") }
        return n
    }
    while let a = arguments.next() {
        switch a {
        case "--tests":
            tests = try list(try arguments.value(for: a), a)
            for t in tests where !microTests.contains(t) {
                throw UsageError(description: "unknown micro test '\(t)': one of \(microTests.joined(separator: ", "))")
            }
        case "--sizes": sizes = try list(try arguments.value(for: a), a).map { try positive($0, a, max: 512) }
        case "--styles":
            styles = try list(try arguments.value(for: a), a)
            for s in styles where s != "solid" && s != "linear" { throw UsageError(description: "invalid --styles '\(s)': solid or linear") }
        case "--count": count = try positive(try arguments.value(for: a), a)
        case "--runs": runs = try arguments.repeatCount(for: a)
        case "--threads": threads = try positive(try arguments.value(for: a), a, max: 256)
        case "--seed":
            let text = try arguments.value(for: a)
            guard let s = UInt64(text) else { throw UsageError(description: "invalid --seed '\(text)'") }
            seed = s
        case "--python": pythonPath = try arguments.value(for: a)
        case "--no-peers": peers = false
        case "--json": jsonPath = try arguments.value(for: a)
        case "--dump-shapes":
            let test = try arguments.value(for: a)
            dump = (test, try positive(try arguments.value(for: a), a, max: 512))
        default: throw UsageError(description: "unknown argument \(a)\n\(microUsage)")
        }
    }
    if let dump {
        let shapes = try microShapes(test: dump.test, size: dump.size, count: count, seed: seed)
        let items: [[String: Any]] = shapes.map { shape in
            var item: [String: Any] = ["color": shape.color, "points": shape.points.map { [Double($0.x), Double($0.y)] }]
            if let r = shape.radius { item["radius"] = r }
            return item
        }
        print(String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self))
        return
    }

    // Blend2D first (it needs only the shapes), so that a missing peer is said before minutes of timing.
    var blend2d: [String: Double] = [:]
    var peerNote: String?
    if peers && styles.contains("solid") {
        (blend2d, peerNote) = try microPeerTimings(tests: tests, sizes: sizes, count: count, runs: runs, seed: seed, pythonPath: pythonPath)
    } else {
        peerNote = peers ? "Blend2D: not run (blend2d-py draws only solid fills)" : "Blend2D: not run (--no-peers)"
    }

    #if DEBUG
    FileHandle.standardError.write(Data("micro: this tile-bench is a debug build, several times slower than TileRender is: build it with swift build -c release\n".utf8))
    #endif
    let renderer = Renderer(backend: .cpu, threadCount: threads)
    var results: [String: Double] = [:]
    for style in styles {
        for test in tests {
            for size in sizes {
                let scene = try microScene(test: test, size: size, count: count, seed: seed, linear: style == "linear")
                // Warm (the renderer's buffers), and a check that the cell draws: a bench of shapes that
                // left the canvas empty would time nothing.
                let first = try renderer.render(scene)
                var painted = 0
                for i in stride(from: 3, to: first.pixels.count, by: 4) where first.pixels[i] != 0 { painted += 1 }
                guard painted >= min(count, 8) else {
                    throw UsageError(description: "micro \(test) at \(size) (\(style)) painted \(painted) pixels: its shapes drew nothing")
                }
                var best = Double.infinity
                for _ in 0..<runs { best = min(best, try timed { try renderer.render(scene) }.1) }
                results["\(style)/\(test)/\(size)"] = best * 1000 / Double(count)
            }
        }
    }

    print("tile-bench micro: ms per 1000 shapes (best of \(runs)), \(count) shapes a cell on a 512x600 canvas, CPU, \(threads) thread\(threads == 1 ? "" : "s"); seed \(seed).")
    if let peerNote { print(peerNote) }
    for style in styles {
        print("")
        print("### \(style == "solid" ? "Solid" : "Linear gradient"), source-over")
        print("")
        let withPeer = style == "solid" && !blend2d.isEmpty
        print("| test | " + sizes.map(String.init).joined(separator: " | ") + " |")
        print("|---|" + String(repeating: "---:|", count: sizes.count))
        for test in tests {
            let cells = sizes.map { size -> String in
                let ours = results["\(style)/\(test)/\(size)"] ?? .nan
                var cell = String(format: "%.2f", ours)
                if withPeer, let theirs = blend2d["\(test)/\(size)"], theirs > 0 {
                    cell += String(format: " (B2D %.2f, %.2fx)", theirs * 1000 / Double(count), ours / (theirs * 1000 / Double(count)))
                }
                return cell
            }
            print("| \(test) | " + cells.joined(separator: " | ") + " |")
        }
    }
    if !blend2d.isEmpty { print("\n(B2D ms, TileRender / Blend2D): under 1x, TileRender is faster. Blend2D's figure includes Python's call overhead per shape.") }
    if let jsonPath {
        var object: [String: Any] = ["count": count, "runs": runs, "threads": threads, "seed": seed,
                                     "tilerender_ms_per_1000": results]
        object["blend2d_ms_per_1000"] = blend2d.mapValues { $0 * 1000 / Double(count) }
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: jsonPath))
    }
}

/// Blend2D's times (ms for `count` shapes) by "TEST/SIZE", through micro_peers.py, and a line on what
/// was left out; no times and a note saying why when blend2d-py is not there.
private func microPeerTimings(tests: [String], sizes: [Int], count: Int, runs: Int, seed: UInt64,
                              pythonPath: String?) throws -> ([String: Double], String?) {
    guard let script = repositoryItem("scripts/peers/micro_peers.py") else {
        return ([:], "Blend2D: not run (scripts/peers/micro_peers.py not found: run tile-bench from the repository)")
    }
    let python: URL
    if let pythonPath {
        guard FileManager.default.isExecutableFile(atPath: pythonPath) else { throw UsageError(description: "no Python at --python \(pythonPath)") }
        python = URL(fileURLWithPath: pythonPath)
    } else if let found = executableOnPath("python3") {
        python = found
    } else {
        return ([:], "Blend2D: not run (no python3 on PATH; pass --python PATH)")
    }
    if try !missingPythonModules(["blend2d"], python: python).isEmpty {
        return ([:], "Blend2D: not run (\(python.path) lacks blend2d-py: \(peersInstallAdvice))")
    }
    let drawable = tests.filter { $0.hasPrefix("Fill") && !$0.contains("EO") && !$0.contains("Round") }
    guard !drawable.isEmpty else { return ([:], "Blend2D: none of these tests is one blend2d-py can draw (solid non-zero fills of rectangles and polygons)") }
    FileHandle.standardError.write(Data("micro: Blend2D (blend2d-py), \(drawable.count) tests x \(sizes.count) sizes\n".utf8))
    let run = try runProgram(python, [script.path, "--tests", drawable.joined(separator: ","), "--sizes", sizes.map(String.init).joined(separator: ","),
                                      "--count", String(count), "--runs", String(runs), "--seed", String(seed)])
    guard run.status == 0, let object = try? JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any] else {
        throw UsageError(description: "micro_peers.py failed: \(run.err.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
    var times: [String: Double] = [:]
    for (key, value) in object { if let ms = value as? Double { times[key] = ms } }
    return (times, "Blend2D beside TileRender where blend2d-py can draw the test (solid non-zero fills of rectangles and polygons), on one thread.")
}
