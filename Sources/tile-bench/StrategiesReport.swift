import Foundation
import TileRender

/// The scrolling experiment's results: a Markdown table, JSON (schema in the README) and a chart drawn
/// by TileRender itself.
struct StrategiesReport {
    var runs: [StrategyRun]
    var animations: [AnimationRun] = []
    var frames: Int
    var checkedFrames: Int
    var notes: [String]
    var seconds: Double

    private var title: String {
        "Scrolling the seed's list of \(ScrollingScene.cardCount) cards: \(Int(ScrollingScene.viewport.width))x\(Int(ScrollingScene.viewport.height)) points at "
            + "\(Int(ScrollingScene.scale))x, \(frames) frames"
    }

    private func run(_ strategy: Strategy, _ backend: String) -> StrategyRun? {
        runs.first { $0.name == strategy.rawValue && $0.backend == backend }
    }

    /// Microseconds each shape-stack view costs over the canvas card that draws the same pixels, in the
    /// first frame and in a scrolled one.
    private func perViewOverhead(_ backend: String) -> (first: Double, scrolled: Double)? {
        guard let shapes = run(.shapeStack, backend), let canvas = run(.canvas, backend), shapes.views > canvas.views else { return nil }
        let views = Double(shapes.views - canvas.views)
        return ((shapes.firstFrameMs - canvas.firstFrameMs) * 1000 / views, (shapes.medianMs - canvas.medianMs) * 1000 / views)
    }

    func markdown() -> String {
        var lines = ["## \(title)", ""]
        lines.append("| strategy | backend | first frame (ms) | median (ms) | p95 (ms) | median / image | peak RSS (MiB) | renderer (MiB) | offscreen cache hits / misses / evictions | segments | path tiles | bodies per frame | drawings replayed per frame | pixels |")
        lines.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for r in runs {
            let image = runs.first { $0.name == Strategy.image.rawValue && $0.backend == r.backend }
            let ratio = image.map { String(format: "%.2fx", r.medianMs / $0.medianMs) } ?? "-"
            let pixels: String
            switch r.pixelsMatch {
            case nil: pixels = "-"
            case true? where r.framesCompared == 0: pixels = "reference"
            case let match?:
                pixels = (match ? "match" : "DIFFER") + String(format: " (worst mean_abs %.3f, pct>8 %.3f%%, local5 %.1f)",
                                                             r.worstMeanAbs ?? 0, r.worstPctOver8 ?? 0, r.worstLocal5 ?? 0)
            }
            lines.append(String(format: "| %@ | %@ | %.1f | %.2f | %.2f | %@ | %.0f | %.1f | %d / %d / %d | %d | %d | %.1f | %.1f | %@ |",
                                r.name, r.backend, r.firstFrameMs, r.medianMs, r.p95Ms, ratio, Double(r.peakRSSBytes) / 1048576,
                                Double(r.rendererBytes) / 1048576, r.cacheHits, r.cacheMisses, r.cacheEvictions,
                                r.medianSegments, r.medianPathTiles, r.bodiesPerScrolledFrame, r.drawingsReplayedPerFrame, pixels))
        }
        lines.append("")
        for backend in Set(runs.map(\.backend)).sorted() {
            if let overhead = perViewOverhead(backend), let shapes = run(.shapeStack, backend) {
                lines.append(String(format: "- Shape stack on %@: %d views in the list; each costs %.2f us more than the canvas card's drawing in the first frame, %.3f us in a scrolled frame.",
                                    backend, shapes.views, overhead.first, overhead.scrolled))
            }
        }
        lines.append("- Frame times are end to end (layout, recording, rasterizing) through one `ImageRenderer` per strategy; the first frame is apart, median and p95 are over the \(frames - 1) scrolled frames.")
        lines.append("- Pixels: \(checkedFrames) of the \(frames) frames of every run are compared with the CPU shape stack's by the MANIFEST tolerance rule with zero agreement (mean_abs <= 1, pct>8 <= 1%, local5 <= 40).")
        lines.append("- Peak RSS is each run's own process; renderer bytes are the offscreen cache plus the images the scene draws.")
        for note in notes { lines.append("- \(note)") }
        lines.append(String(format: "- The whole run took %.0f s.", seconds))
        if !animations.isEmpty {
            lines += ["", "## The seed's TimelineView animations, \(frames) frames at 60 fps", "",
                      "| animation | backend | caching | first frame (ms) | median (ms) | p95 (ms) | retained / fresh | pixels |",
                      "|---|---|---|---:|---:|---:|---:|---|"]
            for a in animations {
                let fresh = animations.first { $0.name == a.name && $0.backend == a.backend && $0.caching == "fresh" }
                let ratio = a.caching == "retained" ? fresh.map { String(format: "%.2fx", a.medianMs / $0.medianMs) } ?? "-" : ""
                let pixels = a.pixelsMatch.map { $0 ? "match" : "DIFFER" } ?? "reference"
                lines.append(String(format: "| %@ | %@ | %@ | %.2f | %.2f | %.2f | %@ | %@ |", a.name, a.backend, a.caching,
                                    a.firstFrameMs, a.medianMs, a.p95Ms, ratio, pixels))
            }
            lines.append("")
            lines.append("- fresh: a new ImageRenderer per frame (nothing kept); retained: one ImageRenderer, whose view graph keeps the views around the timeline. Every tenth frame of the retained run is compared with the fresh run's.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() throws -> Data {
        struct Document: Encodable {
            var experiment: Experiment
            var strategies: [StrategyRun]
            var animations: [AnimationRun]
            var notes: [String]
        }
        struct Experiment: Encodable {
            var scene = "seed 003: a ScrollView of \(ScrollingScene.cardCount) cards of 7 x 21 diamonds, each with a title Text"
            var viewportPoints = [Double(ScrollingScene.viewport.width), Double(ScrollingScene.viewport.height)]
            var scale = Double(ScrollingScene.scale)
            var frames: Int
            var framesCompared: Int
            var seconds: Double
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Document(experiment: Experiment(frames: frames, framesCompared: checkedFrames, seconds: seconds),
                                           strategies: runs, animations: animations, notes: notes))
    }

    /// Median scrolled-frame time per strategy and backend, as bars with axes, ticks and labels.
    func chart() throws -> Bitmap {
        let renderer = ImageRenderer(content: StrategiesChart(title: title, runs: runs))
        renderer.proposedSize = ProposedViewSize(width: 900, height: 560)
        renderer.scale = 2
        return try renderer.render(backend: .cpu)
    }
}

/// The report's chart: median frame time per strategy, one bar per backend.
struct StrategiesChart: View {
    let title: String
    let runs: [StrategyRun]

    static let backendColors: [String: Color] = ["cpu": Color(red: 0.22, green: 0.45, blue: 0.78),
                                                 "vulkan": Color(red: 0.93, green: 0.52, blue: 0.18)]

    var body: some View {
        let backends = Strategy.allCases.isEmpty ? [] : ["cpu", "vulkan"].filter { b in runs.contains { $0.backend == b } }
        VStack(alignment: .leading, spacing: 6) {
            Text(title).font(.system(size: 22, weight: .bold))
            Text("Median time of a scrolled frame, end to end, in milliseconds (lower is better)")
                .font(.system(size: 14)).foregroundStyle(.secondary)
            Canvas { context, size in draw(in: &context, size: size, backends: backends) }
            HStack(spacing: 16) {
                ForEach(backends, id: \.self) { backend in
                    HStack(spacing: 6) {
                        Rectangle().fill(Self.backendColors[backend] ?? .gray).frame(width: 14, height: 14)
                        Text(backend == "cpu" ? "CPU" : "Vulkan").font(.system(size: 14))
                    }
                }
            }
        }
        .padding(24)
        .background(Color.white)
    }

    /// Axes, ticks, bars and labels in the canvas's `size`.
    private func draw(in context: inout GraphicsContext, size: CGSize, backends: [String]) {
        let left: CGFloat = 56, bottom: CGFloat = 34, top: CGFloat = 18
        let plot = CGRect(x: left, y: top, width: size.width - left - 8, height: size.height - top - bottom)
        let largest = max(runs.map(\.medianMs).max() ?? 1, 1e-3)
        let step = Self.niceStep(largest / 5)
        let ceiling = (largest / step).rounded(.up) * step
        func y(_ value: Double) -> CGFloat { plot.maxY - CGFloat(value / ceiling) * plot.height }
        let axis = Color(white: 0.25), grid = Color(white: 0.88)
        var tick = 0.0
        while tick <= ceiling + step / 2 {
            var line = Path()
            line.move(to: CGPoint(x: plot.minX, y: y(tick)))
            line.addLine(to: CGPoint(x: plot.maxX, y: y(tick)))
            context.stroke(line, with: .color(tick == 0 ? axis : grid), lineWidth: 1)
            context.draw(Text(Self.label(tick, step: step)).font(.system(size: 12)).foregroundColor(axis),
                         at: CGPoint(x: plot.minX - 8, y: y(tick)), anchor: .trailing)
            tick += step
        }
        var yAxis = Path()
        yAxis.move(to: CGPoint(x: plot.minX, y: plot.minY))
        yAxis.addLine(to: CGPoint(x: plot.minX, y: plot.maxY))
        context.stroke(yAxis, with: .color(axis), lineWidth: 1)
        let groups = Strategy.allCases
        let groupWidth = plot.width / CGFloat(groups.count)
        let barWidth = min(48, groupWidth * 0.7 / CGFloat(max(backends.count, 1)))
        for (g, strategy) in groups.enumerated() {
            let centre = plot.minX + groupWidth * (CGFloat(g) + 0.5)
            let first = centre - barWidth * CGFloat(backends.count) / 2
            for (b, backend) in backends.enumerated() {
                guard let run = runs.first(where: { $0.name == strategy.rawValue && $0.backend == backend }) else { continue }
                let bar = CGRect(x: first + CGFloat(b) * barWidth + 2, y: y(run.medianMs),
                                 width: barWidth - 4, height: plot.maxY - y(run.medianMs))
                context.fill(Path(bar), with: .color(Self.backendColors[backend] ?? .gray))
                context.draw(Text(String(format: run.medianMs < 10 ? "%.2f" : "%.1f", run.medianMs)).font(.system(size: 11)).foregroundColor(axis),
                             at: CGPoint(x: bar.midX, y: bar.minY - 3), anchor: .bottom)
            }
            context.draw(Text(strategy.rawValue).font(.system(size: 14)).foregroundColor(axis),
                         at: CGPoint(x: centre, y: plot.maxY + 8), anchor: .top)
        }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let power = pow(10, (log10(raw)).rounded(.down))
        for m in [1.0, 2, 5, 10] where m * power >= raw { return m * power }
        return 10 * power
    }

    static func label(_ value: Double, step: Double) -> String {
        step >= 1 ? String(format: "%.0f", value) : String(format: step >= 0.1 ? "%.1f" : "%.2f", value)
    }
}
