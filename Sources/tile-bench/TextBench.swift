import Foundation
import TileRender
import TileRenderText
@_spi(Caches) import TileRenderGeometry

// tile-bench text: glyphs per second for two text workloads, with a cold and a warm glyph cache.
//   paragraph   about 1000 glyphs of body text (Inter 17 pt) wrapped to 560 points
//   chart       200 axis-style labels ("%.1f", Inter 11 pt) on a grid
// Each is timed end to end (shaping, line breaking, recording the glyph outlines, rendering) and
// render-only (the recorded scene rendered again). "cold" empties the text caches before every frame
// (glyph outlines: FreeType decomposes every glyph again; the strike cache's masks: every glyph is
// rasterized again; laid-out text: every text is shaped again); "warm" keeps them. `--glyphs-out FILE` writes the placed
// glyphs (font file, glyph id, position, size) as JSON, so that scripts/text-peers.py draws the
// same glyphs with skia-python in the same run. `--warm-only` runs only the warm end-to-end frames
// (after one frame that fills the caches), for instruction counts of a warm frame (callgrind: the
// difference between two repeat counts).

enum TextWorkload: String, CaseIterable {
    case paragraph, chart

    var canvas: CGSize {
        switch self {
        case .paragraph: CGSize(width: 600, height: 460)
        case .chart: CGSize(width: 820, height: 420)
        }
    }

    /// The texts and where each goes (a rectangle to wrap in, top-left first).
    var items: [(Text, CGRect)] {
        switch self {
        case .paragraph:
            let sentences = ["Sphinx of black quartz, judge my vow.", "The quick brown fox jumps over the lazy dog.",
                             "Pack my box with five dozen liquor jugs!", "How vexingly quick daft zebras jump;",
                             "Waltz, bad nymph, for quick jigs vex.", "AVATAR: Type 1,234.50 (Tr. Yo)."]
            var text = ""
            var k = 0
            while text.count < 1_180 { text += sentences[k % sentences.count] + " "; k += 1 }
            return [(Text(verbatim: text).font(.body), CGRect(x: 20, y: 20, width: 560, height: 420))]
        case .chart:
            var items: [(Text, CGRect)] = []
            for i in 0..<200 {
                let value = Double((i * 7919) % 1000) / 10
                let column = i % 20, row = i / 20
                items.append((Text("\(value, specifier: "%.1f")").font(.system(size: 11)),
                              CGRect(x: 10 + Double(column) * 40, y: 10 + Double(row) * 40, width: 40, height: 20)))
            }
            return items
        }
    }

    func scene() -> Scene {
        var scene = Scene(size: canvas)
        let items = self.items
        scene.draw { context in
            context.fill(Path(CGRect(origin: .zero, size: canvas)), with: .color(.white))
            for (text, rect) in items { context.draw(text, in: rect) }
        }
        return scene
    }

    /// The glyphs as drawn: face file and index, glyph id, pen position (baseline) and size.
    func placedGlyphs() -> [[String: Any]] {
        var out: [[String: Any]] = []
        for (text, rect) in items {
            let prepared = PreparedText(text, settings: TextSettings())
            let layout = prepared.layout(fitting: rect.size)
            for line in layout.lines {
                for g in line.glyphs {
                    out.append(["file": g.face.origin, "glyph": Int(g.glyph),
                                "x": Double(rect.minX) + line.x + g.x, "y": Double(rect.minY) + line.baseline + g.y,
                                "size": g.scale * Double(g.face.unitsPerEm)])
                }
            }
        }
        return out
    }
}

func runTextBench(_ args: [String]) throws {
    var repeatCount = 20
    var backend = Backend.cpu
    var glyphsOut: String?
    var outputFolder: String?
    var workloads = TextWorkload.allCases
    var warmOnly = false
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--repeat": repeatCount = try arguments.repeatCount(for: a)
        case "--backend":
            backend = try arguments.backend(for: a)
        case "--glyphs-out": glyphsOut = try arguments.value(for: a)
        case "-o", "--output": outputFolder = try arguments.value(for: a)
        case "--warm-only": warmOnly = true
        case "--threads":
            let text = try arguments.value(for: a)
            guard let n = Int(text), n >= 1 else { throw UsageError(description: "invalid --threads '\(text)'") }
            threads = n
        case "--only":
            let name = try arguments.value(for: a)
            guard let workload = TextWorkload(rawValue: name) else {
                throw UsageError(description: "unknown text workload \(name) (paragraph or chart)\n\(usage)")
            }
            workloads = [workload]
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    let renderer = Renderer(backend: backend, threadCount: threads)
    var allGlyphs: [String: Any] = [:]
    for workload in workloads {
        let glyphs = workload.placedGlyphs()
        allGlyphs[workload.rawValue] = ["width": Int(workload.canvas.width), "height": Int(workload.canvas.height), "glyphs": glyphs]
        let count = Double(glyphs.count)
        func report(_ label: String, _ times: [Double]) {
            let m = median(times)
            print(String(format: "text %@ %@: median %.2f ms, min %.2f ms over %d runs, %.0f glyphs/s (%d glyphs, backend %@, %dx%d)",
                         workload.rawValue, label, m, times.min()!, times.count, count / (m / 1000), glyphs.count,
                         backend.rawValue, Int(workload.canvas.width), Int(workload.canvas.height)))
        }
        // Cold: the text caches emptied before every frame (the fonts stay loaded).
        var cold: [Double] = []
        for _ in 0..<(warmOnly ? 0 : repeatCount) {
            GlyphCache.shared.removeAll()
            StrikeCache.shared.removeAll()
            TextLayoutCache.shared.removeAll()
            cold.append(try timed { try renderer.render(workload.scene()) }.1)
        }
        if !warmOnly { report("cold, end to end", cold) }
        _ = try renderer.render(workload.scene())
        var warm: [Double] = []
        var last: Bitmap?
        for _ in 0..<repeatCount {
            let (bitmap, ms) = try timed { try renderer.render(workload.scene()) }
            warm.append(ms); last = bitmap
        }
        report("warm, end to end", warm)
        if !warmOnly {
            let recorded = workload.scene()
            var renderOnly: [Double] = []
            for _ in 0..<repeatCount { renderOnly.append(try timed { try renderer.render(recorded) }.1) }
            report("render only", renderOnly)
            var recordOnly: [Double] = []
            for _ in 0..<repeatCount { recordOnly.append(timed { workload.scene() }.1) }
            report("warm, shaping and recording only", recordOnly)
        }
        if let outputFolder, let last {
            try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
            try last.writePNG(to: URL(fileURLWithPath: outputFolder).appendingPathComponent("text-\(workload.rawValue).png"))
        }
    }
    let s = GlyphCache.shared.statistics
    print("glyph cache: \(s.entries) outlines, \(s.bytes / 1024) KB, \(s.hits) hits, \(s.misses) misses")
    let m = StrikeCache.shared.statistics
    print("strike cache: \(m.entries) masks, \(m.bytes / 1024) KB, \(m.hits) hits, \(m.misses) misses, \(m.rasterized) rasterized")
    let l = TextLayoutCache.shared.statistics
    print("layout cache: \(l.entries) layouts, \(l.bytes / 1024) KB, \(l.hits) hits, \(l.misses) misses")
    if let glyphsOut {
        let data = try JSONSerialization.data(withJSONObject: allGlyphs, options: [.sortedKeys])
        try data.write(to: URL(fileURLWithPath: glyphsOut))
    }
}
