import Foundation
import Observation
import TileRender
import SeedPorts
import TileRenderPipeline

// The seed's scrolling experiment ("Better performance with canvas in SwiftUI", seed 003): a ScrollView of
// 50 cards of 7 x 21 diamonds on a phone's screen (390x844 points at scale 3), scrolled from top to bottom
// in N frames through one ImageRenderer per strategy, as an app scrolls. The four strategies:
//   shape-stack    the seed's CardShapeView: a Shape view per diamond (DiamondCardView)
//   canvas         one Canvas per card drawing the same diamonds (the seed's CardCanvasView, with the
//                  shape card's staggered rows so that both draw the same picture: staggered: true)
//   image          the card rendered once to a bitmap, then an Image per card
//   drawing-group  the shape card under .drawingGroup()
// Each card has a title Text above it ("Card 7"), the same in every strategy. The seed's list is eager
// (ScrollView { ForEach }), and so is this one.

/// The four ways of drawing a card.
enum Strategy: String, CaseIterable {
    case shapeStack = "shape-stack"
    case canvas
    case image
    case drawingGroup = "drawing-group"
}

/// The experiment's fixed geometry: a phone's screen, the seed's 50 cards.
enum ScrollingScene {
    static let viewport = CGSize(width: 390, height: 844)
    static let scale: CGFloat = 3
    /// The seed's 50; fewer with `--cards` (a quick run, as the tests make).
    nonisolated(unsafe) static var cardCount = 50
    static let cardSize = CGSize(width: 300, height: 200)
    /// The title row's height, whole points so that every card lands on whole device pixels (the image
    /// strategy's bitmap is then drawn one texel per pixel, as a phone draws it).
    static let titleHeight: CGFloat = 24
    static let titleSpacing: CGFloat = 6
    /// SwiftUI's default spacing between the scroll view's implicit stack's rows (text over a view).
    static let rowSpacing: CGFloat = 8
    /// Diamond views per card: 7 rows of 21 and 20 alternately.
    static let diamondsPerCard = 4 * 21 + 3 * 20

    static var contentHeight: CGFloat {
        CGFloat(cardCount) * (titleHeight + titleSpacing + cardSize.height) + CGFloat(cardCount - 1) * rowSpacing
    }

    /// The scroll offset of frame `index` of `count`: top to bottom at a constant step, rounded to whole
    /// device pixels (a scroll view moves its content by whole pixels).
    static func offset(frame index: Int, of count: Int) -> CGFloat {
        let end = contentHeight - viewport.height
        guard count > 1 else { return 0 }
        let points = end * CGFloat(index) / CGFloat(count - 1)
        return (points * scale).rounded() / scale
    }
}

/// The scroll position, as an app keeps it: the list's body reads it, so a frame changes only that.
@Observable final class ScrollState {
    var offset: CGFloat = 0
}

/// The seed's list (MultipleShapeView and its siblings) with `Card` for each card, scrolled to the state's offset.
struct ScrolledCardList<Card: View>: View {
    let state: ScrollState
    let card: Card

    var body: some View {
        ZStack {
            Color(red: 214/255, green: 232/255, blue: 248/255)
                .edgesIgnoringSafeArea(.all)
            ScrollView {
                ForEach(1...ScrollingScene.cardCount, id: \.self) { i in
                    VStack(spacing: ScrollingScene.titleSpacing) {
                        Text("Card \(i)")
                            .font(.headline)
                            .frame(height: ScrollingScene.titleHeight)
                        card
                    }
                }
            }
            .scrollPosition(.constant(ScrollPosition(y: state.offset)))
        }
    }
}

/// What one strategy measured on one backend (a child process's answer, as JSON).
struct StrategyRun: Codable {
    var name: String
    var backend: String
    var frames: Int
    var firstFrameMs: Double
    var medianMs: Double
    var p95Ms: Double
    var peakRSSBytes: Int
    var rendererBytes: Int
    var cacheHits: Int
    var cacheMisses: Int
    var cacheEvictions: Int
    var medianSegments: Int
    var medianPathTiles: Int
    /// Views in the list (cards, titles, diamonds, borders) for the per-view figures.
    var views: Int
    var bodiesFirstFrame: Int
    var bodiesPerScrolledFrame: Double
    var drawingsReplayedPerFrame: Double
    /// Frames compared with the shape stack's, and the worst difference among them (nil for the shape
    /// stack itself, the reference).
    var framesCompared: Int
    var worstMeanAbs: Double?
    var worstPctOver8: Double?
    var worstLocal5: Double?
    var pixelsMatch: Bool?
}

/// Renders one strategy's N frames on one backend and measures them (run in a child process of its own,
/// so that its peak RSS is its own). Frames in `checked` are written to `dumpFolder` (the shape stack, the
/// reference) or compared with the reference's frames there.
func runStrategy(_ strategy: Strategy, backend: Backend, frames count: Int, checked: Set<Int>,
                 dumpFolder: String, isReference: Bool, framesOut: String?, progress: Progress) throws -> StrategyRun {
    let state = ScrollState()
    func run<Card: View>(_ card: Card) throws -> StrategyRun {
        let renderer = ImageRenderer(content: ScrolledCardList(state: state, card: card))
        renderer.proposedSize = ProposedViewSize(ScrollingScene.viewport)
        renderer.scale = ScrollingScene.scale
        return try measureFrames(renderer, strategy: strategy, backend: backend, count: count, checked: checked,
                                 dumpFolder: dumpFolder, isReference: isReference, state: state, framesOut: framesOut,
                                 progress: progress)
    }
    switch strategy {
    case .shapeStack: return try run(CardShapeView())
    case .canvas: return try run(CardCanvasView(staggered: true))
    case .drawingGroup: return try run(CardShapeView().drawingGroup())
    case .image:
        // The card drawn once, at the screen's scale, outside the timed frames (as the seed's asset).
        let cardRenderer = ImageRenderer(content: CardShapeView())
        cardRenderer.proposedSize = ProposedViewSize(ScrollingScene.cardSize)
        cardRenderer.scale = ScrollingScene.scale
        let bitmap = try cardRenderer.render(backend: backend)
        return try run(Image(bitmap: bitmap).resizable()
            .frame(width: ScrollingScene.cardSize.width, height: ScrollingScene.cardSize.height))
    }
}

private func measureFrames<V: View>(_ renderer: ImageRenderer<V>, strategy: Strategy, backend: Backend, count: Int,
                                    checked: Set<Int>, dumpFolder: String, isReference: Bool, state: ScrollState,
                                    framesOut: String?, progress: Progress) throws -> StrategyRun {
    var times: [Double] = []
    var segments: [Int] = [], tiles: [Int] = []
    var worst: ImageDifference?
    var allMatch = true
    var compared = 0
    var bodiesFirst = 0
    let counters = renderer.graph.counters
    for index in 0..<count {
        state.offset = ScrollingScene.offset(frame: index, of: count)
        if index == 1 { bodiesFirst = counters.counts.bodies; counters.counts = GraphCounters() }
        let (bitmap, ms) = try timed { try renderer.render(backend: backend) }
        times.append(ms)
        if let stats = renderer.lastRenderStatistics { segments.append(stats.segmentCount); tiles.append(stats.pathTileCount) }
        if let framesOut, [0, count / 2, count - 1].contains(index) {
            try bitmap.writePNG(to: URL(fileURLWithPath: framesOut).appendingPathComponent("\(strategy.rawValue)-\(backend.rawValue)-frame\(index).png"))
        }
        if checked.contains(index) {
            let file = URL(fileURLWithPath: dumpFolder).appendingPathComponent("frame-\(index).rgba")
            if isReference {
                try Data(bitmap.pixels).write(to: file)
            } else {
                let reference = try Bitmap(width: bitmap.width, height: bitmap.height,
                                           premultipliedRGBA: [UInt8](try Data(contentsOf: file)))
                let difference = ImageDifference(reference, bitmap)
                compared += 1
                if !SceneTolerance.floors.accepts(difference) { allMatch = false }
                if worst.map({ difference.pctOver8 > $0.pctOver8 || difference.meanAbs > $0.meanAbs }) ?? true { worst = difference }
            }
        }
        progress.frame(index + 1, of: count)
    }
    let scrolled = Double(max(count - 1, 1))
    let cache = renderer.offscreenCacheStatistics(for: backend)
    let rest = Array(times.dropFirst())
    return StrategyRun(
        name: strategy.rawValue, backend: backend.rawValue, frames: count,
        firstFrameMs: times[0], medianMs: rest.isEmpty ? times[0] : median(rest), p95Ms: percentile(rest.isEmpty ? times : rest, 0.95),
        peakRSSBytes: peakResidentBytes(), rendererBytes: cache.bytes + imageBytes(in: renderer.scene),
        cacheHits: cache.hits, cacheMisses: cache.misses, cacheEvictions: cache.evictions,
        medianSegments: Int(median(segments.map(Double.init))), medianPathTiles: Int(median(tiles.map(Double.init))),
        views: viewCount(strategy),
        bodiesFirstFrame: count > 1 ? bodiesFirst : counters.counts.bodies,
        bodiesPerScrolledFrame: Double(counters.counts.bodies) / scrolled,
        drawingsReplayedPerFrame: Double(counters.counts.drawingsReplayed) / scrolled,
        framesCompared: compared,
        worstMeanAbs: worst?.meanAbs, worstPctOver8: worst?.pctOver8, worstLocal5: worst?.local5,
        pixelsMatch: isReference ? nil : allMatch)
}

/// The views one frame's list holds: per card a title, and the card's own views.
func viewCount(_ strategy: Strategy) -> Int {
    // Card chrome: background, 3 overlays (each a stroke and its clip), the padding and frame.
    let chrome = 8
    let perCard: Int
    switch strategy {
    case .shapeStack, .drawingGroup: perCard = ScrollingScene.diamondsPerCard + 7 + 1 + chrome  // diamonds, rows, reader
    case .canvas: perCard = 1 + chrome
    case .image: perCard = 2
    }
    return ScrollingScene.cardCount * (perCard + 1) + 3
}

/// Bytes of the distinct bitmaps a scene draws (image paints; copies of one bitmap share their
/// storage and count once): what its images hold in memory.
private func imageBytes(in scene: Scene) -> Int {
    var seen = Set<UnsafeRawPointer>()
    var bytes = 0
    for command in scene.commands {
        guard case .fill(let fill) = command, case .image(let texels, _, _) = fill.shading.kind,
              case .bitmap(let bitmap) = texels else { continue }
        let storage = bitmap.pixels.withUnsafeBytes { $0.baseAddress }
        if let storage, seen.insert(storage).inserted { bytes += texels.byteCount }
    }
    return bytes
}

/// The process's peak resident set (VmHWM in /proc/self/status), in bytes; 0 where unreadable.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if fields.count >= 2, let kib = Int(fields[1]) { return kib * 1024 }
    }
    return 0
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return .nan }
    let rank = Int((p * Double(s.count)).rounded(.up)) - 1
    return s[min(max(rank, 0), s.count - 1)]
}

/// A progress line on standard error: what, n/N and the time left (rewritten in place on a terminal,
/// a line per quarter otherwise; nothing under --quiet).
final class Progress {
    let label: String
    let quiet: Bool
    private let start = ContinuousClock.now
    private let isTerminal = isatty(2) != 0
    private var lastQuarter = -1

    init(label: String, quiet: Bool) { self.label = label; self.quiet = quiet }

    func frame(_ n: Int, of total: Int) {
        guard !quiet else { return }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let left = seconds / Double(n) * Double(total - n)
        let line = String(format: "%@: frame %d/%d, %.0f s left", label, n, total, left)
        if isTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line + (n == total ? "\n" : "")).utf8))
        } else {
            let quarter = n * 4 / max(total, 1)
            if quarter != lastQuarter { lastQuarter = quarter; FileHandle.standardError.write(Data((line + "\n").utf8)) }
        }
    }
}
