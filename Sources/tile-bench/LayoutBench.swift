import Foundation
import Observation
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
    var only: String? = nil
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--repeat": repeatCount = try arguments.repeatCount(for: a)
        case "--backend": backend = try arguments.backend(for: a)
        case "--only": only = try arguments.value(for: a)
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    /// Whether `--only` keeps the measurement `label` (its setup is skipped too, so that a profile of
    /// one measurement holds nothing else).
    func wants(_ label: String) -> Bool { only.map { label.contains($0) } ?? true }
    func measure(_ label: String, views: Int? = nil, _ body: () throws -> Void) rethrows {
        if !wants(label) { return }
        try body()  // warm-up (font and shader caches, first allocations)
        var times: [Double] = []
        for _ in 0..<repeatCount { times.append(try timed(body).1) }
        let perView = views.map { String(format: ", %.2f us per view", median(times) * 1000 / Double($0)) } ?? ""
        print(String(format: "layout %@: median %.2f ms, min %.2f ms over %d runs%@", label, median(times), times.min()!, repeatCount, perView))
    }
    /// `measure`, with each run's subject made before the clock starts and freed after it stops.
    func measure<Subject>(_ label: String, views: Int? = nil, making make: () throws -> Subject, _ body: (Subject) throws -> Void) rethrows {
        if !wants(label) { return }
        try body(try make())  // warm-up
        var times: [Double] = []
        for _ in 0..<repeatCount {
            let subject = try make()
            times.append(try timed { try body(subject) }.1)
            withExtendedLifetime(subject) {}
        }
        let perView = views.map { String(format: ", %.2f us per view", median(times) * 1000 / Double($0)) } ?? ""
        print(String(format: "layout %@: median %.2f ms, min %.2f ms over %d runs%@", label, median(times), times.min()!, repeatCount, perView))
    }

    // The grid: layout, then layout + recording, then everything.
    let grid = ViewGrid()
    let views = grid.rows * grid.columns
    let proposal = ProposedViewSize(width: 1000, height: 1000)
    measure("grid 10,000 views, layout", views: views) {
        let node = makeViewNode(grid, ViewEnvironment())
        _ = node.sizeThatFits(proposal)
    }
    // A first render builds the graph; a second with nothing changed hands the last scene back.
    // The issue's width figure: building the graph, laying out and recording, in a renderer made before
    // the clock starts and freed after it stops; then the same with making and freeing it timed too.
    measure("grid 10,000 views, first layout and recording", views: views, making: {
        let renderer = ImageRenderer(content: grid)
        renderer.proposedSize = proposal
        return renderer
    }) { renderer in _ = renderer.scene }
    measure("grid 10,000 views, first layout and recording, renderer made and freed", views: views) {
        let renderer = ImageRenderer(content: grid)
        renderer.proposedSize = proposal
        _ = renderer.scene
    }
    let gridRenderer = ImageRenderer(content: grid)
    gridRenderer.proposedSize = proposal
    measure("grid 10,000 views, re-render with nothing changed (layout and recording)", views: views) { _ = gridRenderer.scene }
    try measure("grid 10,000 views, first render (\(backend.rawValue))", views: views) {
        let renderer = ImageRenderer(content: grid)
        renderer.proposedSize = proposal
        _ = try renderer.render(backend: backend)
    }

    // One cell of 10,000 changed (an observed value it reads): its body runs again, the rows and the
    // column around it are made again, the scene is recorded again.
    let changedCell = "grid 10,000 views, re-render after one cell changed (layout and recording)"
    if wants(changedCell) {
        let model = CellModel()
        let observedGrid = ImageRenderer(content: ObservedGrid(model: model))
        observedGrid.proposedSize = proposal
        _ = observedGrid.scene
        measure(changedCell, views: views) {
            model.value += 1
            _ = observedGrid.scene
        }
    }

    // Depth: VStack > HStack > padding with a Text per level, and HStack > VStack nested (the cases
    // that grew 3x per level before the view graph). A fresh renderer each run: a first render.
    for depth in [3, 6, 12, 24] {
        measure("nested VStack > HStack > padding, depth \(depth), first layout and recording") {
            _ = ImageRenderer(content: NestedLevels(depth: depth)).scene
        }
    }
    try measure("16 nested stacks (HStack { VStack { ... } } x 8), first render (\(backend.rawValue))") {
        _ = try ImageRenderer(content: NestedStacks(depth: 8)).render(backend: backend)
    }

    // A scrolled list of 100 and of 10,000 rows: one renderer each, scrolled by 7 points a frame.
    for rows in [100, 10_000] where wants("ScrollView + LazyVStack, \(rows) rows") {
        let list = ImageRenderer(content: ScrolledRows(rows: rows, offset: 0))
        list.proposedSize = ProposedViewSize(width: 320, height: 640)
        var frame = 0
        try measure("ScrollView + LazyVStack, \(rows) rows, one scrolled frame (\(backend.rawValue))") {
            frame += 1
            list.content = ScrolledRows(rows: rows, offset: CGFloat(frame % 200) * 7)
            _ = try list.render(backend: backend)
        }
    }

    // The seed's 50-card list, one scrolled frame, eager and lazy.
    if let only, !"cards".contains(only) && !only.contains("cards") { return }
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

@Observable final class CellModel { var value = 0 }

/// The grid of 10,000 cells, each a view with a body; the cell in the middle reads `model`.
private struct ObservedGrid: View {
    let model: CellModel
    var body: some View {
        VStack(spacing: 1) {
            ForEach(0..<100, id: \.self) { r in
                HStack(spacing: 1) {
                    ForEach(0..<100, id: \.self) { c in GridCell(row: r, column: c, model: r == 50 && c == 50 ? model : nil) }
                }
            }
        }
    }
}

private struct GridCell: View {
    let row: Int, column: Int
    let model: CellModel?
    var body: some View {
        let blue = model.map { Double($0.value % 2) } ?? 0.5
        return Color(red: Double(row) / 100, green: Double(column) / 100, blue: blue).frame(width: 8, height: 8)
    }
}

private struct NestedLevels: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            Text("leaf")
        } else {
            VStack { HStack { NestedLevels(depth: depth - 1).padding(2); Text("level \(depth)") } }
        }
    }
}

private struct NestedStacks: View {
    let depth: Int
    var body: some View {
        if depth == 0 { Color.blue.frame(width: 4, height: 4) } else { HStack { VStack { NestedStacks(depth: depth - 1); Color.red } } }
    }
}

private struct ScrolledRows: View {
    let rows: Int
    let offset: CGFloat
    var body: some View {
        ScrollView {
            LazyVStack(spacing: 0) {
                ForEach(0..<rows, id: \.self) { i in Text("Row \(i)").frame(height: 20) }
            }
        }
        .scrollPosition(.constant(ScrollPosition(y: offset)))
    }
}
