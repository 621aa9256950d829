import Foundation
import TileRender
import SeedPorts

// tile-bench layout: what the view layer costs per view, and what a lazy stack saves.
//   grid   10,000 views: 100 HStacks of 100 fixed-size Color views in a VStack, timed three ways:
//          layout (views to nodes, and measuring them for the proposal), layout and recording (the
//          `ImageRenderer.scene`), and the whole render; each also per view
//   cards  the seed's ScrollView of 50 CardCanvasViews (Sources/SeedPorts/CardCanvas.swift) in a
//          320x640 viewport scrolled 4,000 points down: the seed's eager list against the same list in
//          a LazyVStack, per frame (layout, recording and rendering), with the cards each one drew

/// 10,000 views: `rows` HStacks of `columns` 8 x 8 colours.
struct ViewGrid: View {
    var rows = 100, columns = 100
    var body: some View {
        VStack(spacing: 1) {
            ForEach(0..<rows, id: \.self) { r in
                HStack(spacing: 1) {
                    ForEach(0..<columns, id: \.self) { c in
                        Color(red: Double(r) / Double(rows), green: Double(c) / Double(columns), blue: 0.5).frame(width: 8, height: 8)
                    }
                }
            }
        }
    }
}

func runLayoutBench(_ args: [String]) throws {
    var repeatCount = 10
    var backend = Backend.cpu
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--repeat": repeatCount = try arguments.repeatCount(for: a)
        case "--backend": backend = try arguments.backend(for: a)
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    func measure(_ label: String, views: Int? = nil, _ body: () throws -> Void) rethrows {
        try body()  // warm-up (font and shader caches, first allocations)
        var times: [Double] = []
        for _ in 0..<repeatCount { times.append(try timed(body).1) }
        let perView = views.map { String(format: ", %.2f us per view", median(times) * 1000 / Double($0)) } ?? ""
        print(String(format: "layout %@: median %.2f ms, min %.2f ms over %d runs%@", label, median(times), times.min()!, repeatCount, perView))
    }

    // The grid: layout, then layout + recording, then everything.
    let grid = ViewGrid()
    let views = grid.rows * grid.columns
    let proposal = ProposedViewSize(width: 1000, height: 1000)
    try measure("grid 10,000 views, layout", views: views) {
        let node = makeViewNode(grid, ViewEnvironment())
        _ = node.sizeThatFits(proposal)
    }
    let gridRenderer = ImageRenderer(content: grid)
    gridRenderer.proposedSize = proposal
    try measure("grid 10,000 views, layout and recording", views: views) { _ = gridRenderer.scene }
    try measure("grid 10,000 views, render (\(backend.rawValue))", views: views) { _ = try gridRenderer.render(backend: backend) }

    // The seed's 50-card list, one scrolled frame, eager and lazy.
    let viewport = ProposedViewSize(width: 320, height: 640)
    let offset: CGFloat = 4000
    let eager = ImageRenderer(content: MultipleCanvasView().scrollPosition(.constant(ScrollPosition(y: offset))))
    let lazy = ImageRenderer(content: LazyMultipleCanvasView(offset: offset))
    eager.proposedSize = viewport
    lazy.proposedSize = viewport
    func cardsDrawn<V: View>(_ r: ImageRenderer<V>) throws -> Int { try r.layoutSnapshot().leaves.filter { $0.kind == "Canvas" }.count }
    let (eagerCards, lazyCards) = (try cardsDrawn(eager), try cardsDrawn(lazy))
    var medians: [Double] = []
    let frames: [(String, () throws -> Bitmap, Int)] = [
        ("eager (the seed's ForEach)", { try eager.render(backend: backend) }, eagerCards),
        ("lazy (LazyVStack)", { try lazy.render(backend: backend) }, lazyCards),
    ]
    for (name, render, cards) in frames {
        var times: [Double] = []
        _ = try render()
        for _ in 0..<repeatCount { times.append(try timed(render).1) }
        medians.append(median(times))
        print(String(format: "layout cards %@: median %.2f ms, min %.2f ms over %d runs (backend %@, 320x640 scrolled to %.0f, %d of 50 cards drawn)",
                     name, median(times), times.min()!, repeatCount, backend.rawValue, Double(offset), cards))
    }
    print(String(format: "layout cards: a lazy scrolled frame costs %.2fx the eager one", medians[1] / medians[0]))
}
