import Foundation
import TileRender
import SeedPorts

// tile-bench strategies --static: the four strategies on a still grid of 50 cards (the scrolling
// experiment is ScrollingExperiment.swift), each with 147 diamonds (7 columns x 21 rows), drawn four ways:
//   shape-stack    one Shape view per diamond (view by view)
//   canvas         one Canvas per card, drawing its diamonds as paths (one encoded scene)
//   image          one card pre-rendered to a bitmap once, drawn as 50 Image views
//   drawing-group  the shape-stack cards with .drawingGroup() (rendered once, then served from the
//                  renderer's offscreen cache)
// Each strategy is timed end to end (layout, recording, rendering) over --repeat renders. The canvas
// strategy's recorded scene is also timed alone (render only, on `--threads T` threads; the strategies
// themselves use all cores), and `--scene-out FILE` writes its fills
// (device-space path elements and colours, JSON) for scripts/strategy-peers.py, which times Skia and
// Blend2D filling the same paths in the same run.

// DiamondShape is the seed's (Sources/SeedPorts/CardCanvas.swift).

enum CardLayout {
    static let columns = 7, rows = 21
    static let cardSize = CGSize(width: 90, height: 180)
    static let cardsAcross = 10, cardsDown = 5
    static let gap: CGFloat = 10
    static var canvasSize: CGSize {
        CGSize(width: CGFloat(cardsAcross) * (cardSize.width + gap) + gap,
               height: CGFloat(cardsDown) * (cardSize.height + gap) + gap)
    }
    static func diamondFrame(row: Int, column: Int) -> CGRect {
        let w = (cardSize.width - 10) / CGFloat(columns), h = (cardSize.height - 10) / CGFloat(rows)
        return CGRect(x: 5 + CGFloat(column) * w, y: 5 + CGFloat(row) * h, width: w, height: h)
    }
}

struct ShapeStackCard: View {
    var body: some View {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 8, style: .circular).fill(.white)
            ForEach(0..<CardLayout.rows, id: \.self) { row in
                ForEach(0..<CardLayout.columns, id: \.self) { column in
                    let frame = CardLayout.diamondFrame(row: row, column: column)
                    DiamondShape().fill(.red).frame(width: frame.width, height: frame.height)
                        .offset(x: frame.minX, y: frame.minY)
                }
            }
        }
        .frame(width: CardLayout.cardSize.width, height: CardLayout.cardSize.height)
    }
}

struct CanvasCard: View {
    var body: some View {
        Canvas { context, size in
            context.fill(Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 8, style: .circular),
                         with: .color(.white))
            let diamond = DiamondShape()
            for row in 0..<CardLayout.rows {
                for column in 0..<CardLayout.columns {
                    context.fill(diamond.path(in: CardLayout.diamondFrame(row: row, column: column)), with: .color(.red))
                }
            }
        }
        .frame(width: CardLayout.cardSize.width, height: CardLayout.cardSize.height)
    }
}

struct CardGrid<Card: View>: View {
    let card: () -> Card
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color(red: 0.1, green: 0.3, blue: 0.2)
            ForEach(0..<(CardLayout.cardsAcross * CardLayout.cardsDown), id: \.self) { i in
                card().offset(x: CardLayout.gap + CGFloat(i % CardLayout.cardsAcross) * (CardLayout.cardSize.width + CardLayout.gap),
                              y: CardLayout.gap + CGFloat(i / CardLayout.cardsAcross) * (CardLayout.cardSize.height + CardLayout.gap))
            }
        }
    }
}

func runStaticGrid(_ args: [String]) throws {
    var repeatCount = 10
    var backends: [Backend] = [.cpu]
    var outputFolder: String?
    var sceneOut: String?
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var only: String? = nil
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--repeat":
            repeatCount = try arguments.repeatCount(for: a)
        case "--backend":
            let text = try arguments.value(for: a)
            if text == "all" { backends = [.cpu, .vulkan] } else if let b = Backend(rawValue: text) { backends = [b] }
            else { throw UsageError(description: "invalid --backend '\(text)': cpu, vulkan, auto or all") }
        case "-o", "--output": outputFolder = try arguments.value(for: a)
        case "--scene-out": sceneOut = try arguments.value(for: a)
        case "--only": only = try arguments.value(for: a)
        case "--static": continue
        case "--threads":
            let text = try arguments.value(for: a)
            guard let n = Int(text), (1...1024).contains(n) else { throw UsageError(description: "invalid --threads '\(text)'") }
            threads = n
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    let size = CardLayout.canvasSize
    let proposal = ProposedViewSize(size)
    // The image strategy's card, rendered once (not timed).
    let cardRenderer = ImageRenderer(content: ShapeStackCard())
    cardRenderer.proposedSize = ProposedViewSize(CardLayout.cardSize)
    let cardImage = Image(bitmap: try cardRenderer.render(backend: .cpu))

    for backend in backends {
        // One ImageRenderer per strategy, kept across frames as an app keeps its renderer: its memory
        // and its offscreen cache (the drawing groups' images) serve the next frame.
        func frames<V: View>(_ view: V) -> () throws -> Bitmap {
            let renderer = ImageRenderer(content: view)
            renderer.proposedSize = proposal
            return { try renderer.render(backend: backend) }
        }
        let strategies: [(String, () throws -> Bitmap)] = [
            ("shape-stack", frames(CardGrid { ShapeStackCard() })),
            ("canvas", frames(CardGrid { CanvasCard() })),
            ("image", frames(CardGrid { cardImage })),
            ("drawing-group", frames(CardGrid { ShapeStackCard().drawingGroup() })),
        ]
        for (name, render) in strategies where only.map(name.contains) ?? true {
            var times: [Double] = []
            var last: Bitmap?
            for _ in 0..<repeatCount {
                let (bitmap, milliseconds) = try timed(render)
                last = bitmap
                times.append(milliseconds)
            }
            print(String(format: "%@: median %.2f ms, min %.2f ms over %d runs (backend %@, %dx%d, 50 cards x 147 diamonds)",
                         name, median(times), times.min()!, repeatCount, backend.rawValue, Int(size.width), Int(size.height)))
            if let outputFolder, let last {
                try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
                try last.writePNG(to: URL(fileURLWithPath: outputFolder).appendingPathComponent("\(name)-\(backend.rawValue).png"))
            }
        }
        // The canvas strategy's scene, recorded once, rendered alone: what a peer's fills are timed against.
        if let only, !"canvas, render only".contains(only) { continue }
        let canvasRenderer = ImageRenderer(content: CardGrid { CanvasCard() })
        canvasRenderer.proposedSize = proposal
        let scene = canvasRenderer.scene
        let renderer = Renderer(backend: backend, threadCount: threads)
        var times: [Double] = []
        for _ in 0..<repeatCount { times.append(try timed { try renderer.render(scene) }.1) }
        print(String(format: "canvas, render only: median %.2f ms, min %.2f ms over %d runs (backend %@, %d fills, %d threads)",
                     median(times), times.min()!, repeatCount, backend.rawValue, scene.commands.count, threads))
    }
    if let sceneOut {
        let canvasRenderer = ImageRenderer(content: CardGrid { CanvasCard() })
        canvasRenderer.proposedSize = proposal
        try exportFills(canvasRenderer.scene, to: sceneOut)
    }
}

/// Writes a scene's solid-colour fills as JSON for the peer scripts: the canvas size and, per fill, its
/// unpremultiplied sRGB colour (0...1, opacity folded into alpha), its fill rule and its path elements
/// in device pixels ("M", "L", "Q", "C" with their points, "Z"). Layers (the canvases' clips, which cut
/// nothing here) are left out; a gradient, image or stroke is refused, so the peers never draw less.
private func exportFills(_ scene: Scene, to file: String) throws {
    var fills: [[String: Any]] = []
    for command in scene.commands {
        switch command {
        case .layer: continue
        case .fill(let fill):
            guard case .color(let color) = fill.shading.kind, fill.blendMode == .normal else {
                throw UsageError(description: "--scene-out: the scene has a fill that is not a plain colour")
            }
            let t = fill.transform
            func point(_ p: CGPoint) -> [Double] { let q = p.applying(t); return [Double(q.x), Double(q.y)] }
            var elements: [[Any]] = []
            fill.path.forEach { element in
                switch element {
                case .move(let p): elements.append(["M"] + point(p))
                case .line(let p): elements.append(["L"] + point(p))
                case .quadCurve(let p, let c): elements.append(["Q"] + point(c) + point(p))
                case .curve(let p, let c1, let c2): elements.append(["C"] + point(c1) + point(c2) + point(p))
                case .closeSubpath: elements.append(["Z"])
                }
            }
            fills.append(["rgba": [color.red, color.green, color.blue, color.opacity * fill.opacity],
                          "evenOdd": fill.rule == .evenOdd, "elements": elements])
        default:
            throw UsageError(description: "--scene-out: the scene has a draw that is not a fill")
        }
    }
    let json: [String: Any] = ["width": Int(scene.size.width), "height": Int(scene.size.height), "fills": fills]
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file))
    print("wrote \(fills.count) fills to \(file)")
}
