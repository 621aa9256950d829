import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// The view graph's cost, counted (never timed): bodies evaluated, sizes computed, positions built,
// scenes and drawing groups recorded. See the Layout article, "The view graph".

/// VStack > HStack > padding, `depth` levels, with a `Text` per level.
private struct Nest: View {
    let depth: Int
    var body: some View {
        if depth == 0 {
            Text("leaf")
        } else {
            VStack {
                HStack {
                    Nest(depth: depth - 1).padding(2)
                    Text("L\(depth)")
                }
            }
        }
    }
}

/// Hands out a binding to a view's state (written by the tests between renders, as a tap would).
private final class BindingBox<Value> { var binding: Binding<Value>? }

/// Counts the bodies of the views that report to it.
private final class BodyLog { var entries: [String] = [] }

private struct Leaf: View {
    let name: String
    let log: BodyLog
    let box: BindingBox<Int>?
    @State var count = 1
    var body: some View {
        log.entries.append("\(name)=\(count)")
        box?.binding = $count
        return Color.red.frame(width: CGFloat(count) * 10, height: 10)
    }
}

private struct Branch: View {
    let name: String
    let log: BodyLog
    let box: BindingBox<Int>?
    var body: some View {
        log.entries.append(name)
        return HStack(spacing: 0) {
            Leaf(name: name + ".a", log: log, box: box)
            Leaf(name: name + ".b", log: log, box: nil)
        }
    }
}

private struct Tree: View {
    let log: BodyLog
    let box: BindingBox<Int>
    var body: some View {
        VStack(spacing: 0) {
            ForEach(0..<8) { i in
                Branch(name: "b\(i)", log: log, box: i == 5 ? box : nil).frame(width: 100, height: 10, alignment: .leading)
            }
        }
    }
}

@Observable private final class Model { var width: CGFloat = 10 }
@Observable private final class ObservedCell { var value = 0 }

private func resetCounts<V: View>(_ renderer: ImageRenderer<V>) { renderer.graph.counters.counts = GraphCounters() }
private func counts<V: View>(_ renderer: ImageRenderer<V>) -> GraphCounters { renderer.graph.counters.counts }

@Suite struct ViewGraphComplexityTests {
    /// Nested containers cost what their views number, not 3x per level: the size computations per
    /// render grow linearly with depth, with no size cache eviction.
    @Test func nestedStacksCostLinearlyInDepth() throws {
        var computations: [Int: Int] = [:]
        for depth in [4, 8, 16] {
            let renderer = ImageRenderer(content: Nest(depth: depth))
            _ = renderer.scene
            let c = counts(renderer)
            #expect(c.sizeEvictions == 0, "depth \(depth): \(c)")
            #expect(c.bodies == depth + 1, "depth \(depth): \(c)")
            // Default spacing: each node's computed once (a stack's is its children's union), not once
            // per stack above it.
            #expect(c.spacingComputations > 0 && c.spacingComputations <= c.positionsBuilt, "depth \(depth): \(c)")
            computations[depth] = c.sizeComputations
        }
        let c4 = computations[4]!, c8 = computations[8]!, c16 = computations[16]!
        // Linear: doubling the depth at most doubles the work (plus a constant), never squares it.
        #expect(c16 - c8 <= 2 * (c8 - c4) + 8 && c16 <= 3 * c8, "\(computations)")
        // A bounded number of computations per level (each level is 7 nodes).
        #expect(c16 <= 16 * 7 * 12, "\(computations)")
    }

    /// The 16-level case that took 52 s before the graph.
    @Test func sixteenNestedStacksRender() throws {
        struct Stacks: View {
            let depth: Int
            var body: some View {
                if depth == 0 { Color.blue.frame(width: 4, height: 4) } else { HStack { VStack { Stacks(depth: depth - 1); Color.red } } }
            }
        }
        let renderer = ImageRenderer(content: Stacks(depth: 8))
        let bitmap = try renderer.render(backend: .cpu)
        #expect(bitmap.width > 0)
        #expect(counts(renderer).sizeComputations < 16 * 8 * 12, "\(counts(renderer))")
    }

    /// A second render with nothing changed runs no body, measures nothing and records nothing.
    @Test func anUnchangedRenderDoesNothingAgain() throws {
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Tree(log: log, box: box))
        let first = try renderer.render(backend: .cpu)
        #expect(counts(renderer).bodies == 1 + 8 + 16)
        #expect(first.width == 100)
        resetCounts(renderer)
        let second = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(c.bodies == 0 && c.sizeComputations == 0 && c.positionsBuilt == 0 && c.scenesRecorded == 0, "\(c)")
        let same = first.pixels == second.pixels
        #expect(same)
    }

    /// Writing one leaf's state reruns that leaf's body only, and recomputes sizes only on its path to
    /// the root; the picture shows the new value.
    @Test func oneStateWriteRerunsOnlyItsOwner() throws {
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Tree(log: log, box: box))
        let before = try renderer.render(backend: .cpu)
        #expect(before.width == 100)
        let firstCounts = counts(renderer)
        log.entries = []
        resetCounts(renderer)
        box.binding!.wrappedValue = 4
        _ = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(log.entries == ["b5.a=4"])
        #expect(c.bodies == 1, "\(c)")
        // Sizes are computed again only on the path from the leaf to the root (its row and the column),
        // not for the other rows. (The leaves, fixed frames, measure nothing and are not memoised.)
        #expect(firstCounts.sizeComputations >= 9 && c.sizeComputations <= 2, "\(c) vs \(firstCounts)")
        let leaves = try renderer.layoutSnapshot().leaves
        #expect(leaves.count == 16 && leaves[10].frame == CGRect(x: 0, y: 50, width: 40, height: 10), "\(leaves.map(\.frame))")
        // The state survives further renders; a snapshot makes nodes again (with probes) but runs no body.
        resetCounts(renderer)
        _ = try renderer.render(backend: .cpu)
        #expect(counts(renderer).bodies == 0)
        #expect(box.binding!.wrappedValue == 4)
    }

    /// `ForEach` rows are identified by their ids: a reordered row keeps its state, a removed one loses it.
    @Test func forEachIdentityCarriesState() throws {
        struct Rows: View {
            let ids: [Int]
            let log: BodyLog
            let boxes: [Int: BindingBox<Int>]
            var body: some View {
                VStack(spacing: 0) {
                    ForEach(ids, id: \.self) { id in
                        Leaf(name: "r\(id)@\(ids.firstIndex(of: id)!)", log: log, box: boxes[id])
                    }
                }
            }
        }
        let log = BodyLog()
        let boxes = [1: BindingBox<Int>(), 2: BindingBox<Int>(), 3: BindingBox<Int>()]
        let renderer = ImageRenderer(content: Rows(ids: [1, 2, 3], log: log, boxes: boxes))
        _ = renderer.scene
        boxes[2]!.binding!.wrappedValue = 7
        renderer.content = Rows(ids: [3, 2, 1], log: log, boxes: boxes)
        log.entries = []
        _ = renderer.scene
        #expect(log.entries.sorted() == ["r1@2=1", "r2@1=7", "r3@0=1"])
        // Removed, then back: a new row, from its initial value.
        renderer.content = Rows(ids: [3, 1], log: log, boxes: boxes)
        _ = renderer.scene
        #expect(counts(renderer).unmounted > 0)
        renderer.content = Rows(ids: [3, 1, 2], log: log, boxes: boxes)
        log.entries = []
        _ = renderer.scene
        #expect(log.entries.contains("r2@2=1"), "\(log.entries)")
    }

    /// One cell of a grid changed: its row and the column are made again, and only they are measured
    /// again. The other rows, whose views hold fresh closures but whose cells are all unchanged, keep
    /// their nodes (and sizes).
    @Test func oneChangedCellMeasuresItsRowAndColumn() throws {
        struct GridCell: View {
            let row: Int, column: Int
            let cell: ObservedCell?
            var body: some View {
                Color(red: Double(row) / 10, green: Double(column) / 10, blue: cell.map { Double($0.value % 2) } ?? 0.5)
                    .frame(width: 8, height: 8)
            }
        }
        struct Grid: View {
            let cell: ObservedCell
            var body: some View {
                VStack(spacing: 1) {
                    ForEach(0..<10, id: \.self) { r in
                        HStack(spacing: 1) {
                            ForEach(0..<10, id: \.self) { c in GridCell(row: r, column: c, cell: r == 5 && c == 5 ? cell : nil) }
                        }
                    }
                }
            }
        }
        let cell = ObservedCell()
        let renderer = ImageRenderer(content: Grid(cell: cell))
        let before = try renderer.render(backend: .cpu)
        let first = counts(renderer)
        resetCounts(renderer)
        cell.value = 1
        let after = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(c.bodies == 1, "\(c)")
        // The changed row (a few proposals) and the column; not the 9 other rows.
        #expect(c.sizeComputations <= 6 && c.sizeComputations * 5 < first.sizeComputations, "\(c) vs \(first)")
        let changed = before.pixel(x: 5 * 9 + 4, y: 5 * 9 + 4) != after.pixel(x: 5 * 9 + 4, y: 5 * 9 + 4)
        let unchanged = before.pixel(x: 4, y: 4) == after.pixel(x: 4, y: 4)
        #expect(changed && unchanged)
    }

    /// What an unchanged node drew is replayed, not drawn again; layers it opened (opacity, clips,
    /// blend modes, groups) get fresh ids. The picture is the one a fresh renderer draws.
    @Test func replayedDrawingMatchesAFreshRender() throws {
        struct Row: View {
            let index: Int
            let cell: ObservedCell?
            var body: some View {
                HStack(spacing: 2) {
                    Circle().fill(Color.red).frame(width: 8, height: 8).opacity(0.5)
                    Color.blue.frame(width: 12, height: 8).clipShape(RoundedRectangle(cornerRadius: 3))
                    Color.green.frame(width: 8, height: 8).blendMode(.multiply)
                    Rectangle().fill(Color.orange).frame(width: 6, height: 6).drawingGroup()
                    // The changed row opens two more layers than before, so the rows replayed after it
                    // need their layers renumbered.
                    if let cell, cell.value % 2 == 1 {
                        Color(red: 0.2, green: Double(index) / 6, blue: 1).frame(width: 8, height: 8).opacity(0.7)
                            .clipShape(Circle())
                    } else {
                        Color(red: 0.2, green: Double(index) / 6, blue: 0.5).frame(width: 8, height: 8)
                    }
                }
                .opacity(index % 2 == 0 ? 1 : 0.8)
            }
        }
        struct Screen: View {
            let cell: ObservedCell
            var body: some View {
                VStack(spacing: 1) {
                    ForEach(0..<6, id: \.self) { i in Row(index: i, cell: i == 3 ? cell : nil) }
                }
                .padding(3)
            }
        }
        let cell = ObservedCell()
        let renderer = ImageRenderer(content: Screen(cell: cell))
        let before = try renderer.render(backend: .cpu)
        resetCounts(renderer)
        cell.value = 1
        let after = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(c.drawingsReplayed >= 5, "\(c)")
        let fresh = try ImageRenderer(content: Screen(cell: cell)).render(backend: .cpu)
        let same = after.pixels == fresh.pixels
        let changed = after.pixels != before.pixels
        #expect(same && changed)
        // And again with nothing changed in between but the cell back: still the fresh picture.
        cell.value = 2
        let again = try renderer.render(backend: .cpu)
        let sameAsBefore = again.pixels == before.pixels
        #expect(sameAsBefore)
    }

    /// An environment change runs again only the bodies that read a value it changed; the views that
    /// read nothing are made again from their last bodies (with the new environment) and show it.
    @Test func anEnvironmentChangeRerunsOnlyItsReaders() throws {
        struct Reader: View {
            @Environment(\.colorScheme) var scheme
            let log: BodyLog
            var body: some View {
                log.entries.append("reader \(scheme)")
                return Color.blue.frame(width: 10, height: 10)
            }
        }
        struct Plain: View {
            let log: BodyLog
            var body: some View {
                log.entries.append("plain")
                return Rectangle().frame(width: 10, height: 10)
            }
        }
        struct Screen: View {
            let dark: Bool
            let tint: Color
            let log: BodyLog
            var body: some View {
                HStack(spacing: 0) { Reader(log: log); Plain(log: log) }
                    .foregroundStyle(tint)
                    .environment(\.colorScheme, dark ? .dark : .light)
            }
        }
        let log = BodyLog()
        let renderer = ImageRenderer(content: Screen(dark: false, tint: .red, log: log))
        _ = try renderer.render(backend: .cpu)
        #expect(log.entries == ["reader light", "plain"])
        // A new foreground: no body reads it; the rectangle shows it.
        log.entries = []
        renderer.content = Screen(dark: false, tint: .green, log: log)
        let green = try renderer.render(backend: .cpu)
        #expect(log.entries.isEmpty, "\(log.entries)")
        let rectangle = green.pixel(x: 15, y: 5)
        #expect(rectangle.g > 150 && rectangle.r < 120 && rectangle.b < 150, "\(rectangle)")
        // The appearance: only the reader runs again.
        log.entries = []
        renderer.content = Screen(dark: true, tint: .green, log: log)
        _ = try renderer.render(backend: .cpu)
        #expect(log.entries == ["reader dark"], "\(log.entries)")
        // The same picture as a fresh renderer's.
        let now = try renderer.render(backend: .cpu)
        let fresh = try ImageRenderer(content: Screen(dark: true, tint: .green, log: BodyLog())).render(backend: .cpu)
        let same = now.pixels == fresh.pixels
        #expect(same)
    }

    /// Siblings with the same `ForEach` id are matched in order: each keeps its own state.
    @Test func repeatedIDsKeepTheirOwnState() throws {
        struct Rows: View {
            let ids: [Int]
            let log: BodyLog
            let box: BindingBox<Int>
            var body: some View {
                VStack(spacing: 0) {
                    ForEach(Array(ids.enumerated()), id: \.element) { row in
                        Leaf(name: "r\(row.offset)", log: log, box: row.offset == 1 ? box : nil)
                    }
                }
            }
        }
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Rows(ids: [4, 4, 4], log: log, box: box))
        _ = renderer.scene
        box.binding!.wrappedValue = 7
        log.entries = []
        renderer.content = Rows(ids: [4, 4, 4, 5], log: log, box: box)
        _ = renderer.scene
        // The second 4 kept its place and its state; the other two are unchanged (no body runs); 5 is new.
        #expect(log.entries == ["r1=7", "r3=1"], "\(log.entries)")
        #expect(counts(renderer).unmounted == 0)
    }

    /// A renderer let go frees its graph: a place keeps no reference to its parent (the graph held
    /// itself in a cycle through the environments its places were built in).
    @Test func aDiscardedRendererFreesItsGraph() throws {
        weak var place: GraphNode?
        weak var graph: ViewGraph?
        do {
            let renderer = ImageRenderer(content: Tree(log: BodyLog(), box: BindingBox<Int>()))
            _ = try renderer.render(backend: .cpu)
            place = renderer.graph.host.children.first?.children.first
            graph = renderer.graph
            #expect(place != nil)
        }
        #expect(place == nil && graph == nil)
        // With lazy rows (places made during drawing, under the stack's).
        weak var lazyGraph: ViewGraph?
        do {
            let renderer = ImageRenderer(content: ScrollView {
                LazyVStack { ForEach(0..<100, id: \.self) { i in Leaf(name: "\(i)", log: BodyLog(), box: nil) } }
            })
            _ = try renderer.render(backend: .cpu)
            lazyGraph = renderer.graph
        }
        #expect(lazyGraph == nil)
    }

    /// A new `.id` or the other branch of an `if` is a new view: its state starts again.
    @Test func explicitIDAndBranchesResetState() throws {
        struct Identified: View {
            let key: Int
            let flag: Bool
            let log: BodyLog
            let box: BindingBox<Int>
            var body: some View {
                VStack {
                    Leaf(name: "id\(key)", log: log, box: box).id(key)
                    if flag { Leaf(name: "t", log: log, box: nil) } else { Leaf(name: "f", log: log, box: nil) }
                }
            }
        }
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Identified(key: 1, flag: true, log: log, box: box))
        _ = renderer.scene
        box.binding!.wrappedValue = 6
        renderer.content = Identified(key: 1, flag: false, log: log, box: box)
        log.entries = []
        _ = renderer.scene
        #expect(log.entries.sorted() == ["f=1", "id1=6"], "\(log.entries)")
        renderer.content = Identified(key: 2, flag: false, log: log, box: box)
        log.entries = []
        _ = renderer.scene
        #expect(log.entries == ["id2=1"], "\(log.entries)")
        // Branch views keep their identity while the branch stays: `f` is not rebuilt (same value).
    }

    /// A branch that went away took its state with it: back on the first branch, its view starts
    /// again from its initial state (SwiftUI), though the slot it had was only skipped meanwhile.
    @Test func aBranchThatComesBackStartsAgain() throws {
        struct Switch: View {
            let flag: Bool
            let log: BodyLog
            let box: BindingBox<Int>
            var body: some View {
                VStack {
                    if flag { Leaf(name: "t", log: log, box: box) } else { Leaf(name: "f", log: log, box: nil) }
                    Leaf(name: "after", log: log, box: nil)
                }
            }
        }
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Switch(flag: true, log: log, box: box))
        _ = renderer.scene
        box.binding!.wrappedValue = 6
        _ = renderer.scene
        renderer.content = Switch(flag: false, log: log, box: box)
        _ = renderer.scene
        renderer.content = Switch(flag: true, log: log, box: box)
        log.entries = []
        _ = renderer.scene
        #expect(log.entries.contains("t=1") && !log.entries.contains("t=6"), "\(log.entries)")
    }

    /// An unchanged `drawingGroup()` whose surroundings changed records nothing inside and is found in
    /// the offscreen cache by its id.
    @Test func anUnchangedDrawingGroupRecordsNothing() throws {
        struct Screen: View {
            let log: BodyLog
            let box: BindingBox<Int>
            var body: some View {
                VStack(spacing: 0) {
                    Branch(name: "group", log: log, box: nil).drawingGroup()
                    Leaf(name: "outside", log: log, box: box)
                }
            }
        }
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Screen(log: log, box: box))
        let first = try renderer.render(backend: .cpu)
        #expect(counts(renderer).groupsRecorded == 1)
        resetCounts(renderer)
        log.entries = []
        box.binding!.wrappedValue = 2
        let second = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(log.entries == ["outside=2"])
        #expect(c.groupsRecorded == 0 && c.scenesRecorded == 1, "\(c)")
        // The group's pixels are the same in both frames.
        let row = 0
        let same = Array(first.pixels[(row * first.width * 4)..<(row * first.width * 4 + 80)])
            == Array(second.pixels[(row * second.width * 4)..<(row * second.width * 4 + 80)])
        #expect(same)
    }

    /// An observed object's change reruns the body that read it (and only that one).
    @Test func anObservedChangeRerunsItsReader() throws {
        struct Reader: View {
            let model: Model
            let log: BodyLog
            var body: some View {
                log.entries.append("reader")
                return Color.green.frame(width: model.width, height: 5)
            }
        }
        struct Screen: View {
            let model: Model
            let log: BodyLog
            var body: some View {
                log.entries.append("screen")
                return VStack { Reader(model: model, log: log); Color.red.frame(width: 5, height: 5) }
            }
        }
        let model = Model(), log = BodyLog()
        let renderer = ImageRenderer(content: Screen(model: model, log: log))
        #expect(try renderer.render(backend: .cpu).width == 10)
        log.entries = []
        model.width = 30
        #expect(try renderer.render(backend: .cpu).width == 30)
        #expect(log.entries == ["reader"])
    }

    /// Size caches stay bounded under NaN and infinite proposals: a NaN proposal finds itself.
    @Test func nanProposalsStayBounded() throws {
        let counters = GraphCounterBox()
        let node = MemoNode(RectangleProbe(), counters: counters)
        for _ in 0..<100 { _ = node.sizeThatFits(ProposedViewSize(width: .nan, height: .infinity)) }
        for i in 0..<100 { _ = node.sizeThatFits(ProposedViewSize(width: CGFloat(i), height: nil)) }
        #expect(counters.counts.sizeComputations == 101)
        #expect(counters.counts.sizeEvictions == 100 - MemoNode.sizeCacheCapacity + 1)
        // Infinity and nil are different keys.
        _ = node.sizeThatFits(ProposedViewSize(width: .infinity, height: .infinity))
        _ = node.sizeThatFits(ProposedViewSize(width: nil, height: .infinity))
        #expect(counters.counts.sizeComputations == 103)
    }

    /// Equatable views are compared with `==`: an `==` that ignores a field keeps the old body.
    @Test func equatableViewsUseTheirEquality() throws {
        struct Label: View, Equatable {
            let title: String
            let log: BodyLog
            var body: some View {
                log.entries.append(title)
                return Color.blue.frame(width: CGFloat(title.count), height: 4)
            }
            static func == (a: Label, b: Label) -> Bool { a.title.count == b.title.count }
        }
        struct Screen: View {
            let title: String
            let log: BodyLog
            var body: some View { VStack { Label(title: title, log: log).equatable() } }
        }
        let log = BodyLog()
        let renderer = ImageRenderer(content: Screen(title: "abc", log: log))
        _ = renderer.scene
        renderer.content = Screen(title: "xyz", log: log)
        _ = renderer.scene
        renderer.content = Screen(title: "wxyz", log: log)
        _ = renderer.scene
        #expect(log.entries == ["abc", "wxyz"])
    }
}

/// A node that reports whatever it is offered (nil as 10).
private struct RectangleProbe: ViewNode {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    func draw(in rect: CGRect, context: GraphicsContext) {}
}

/// Lazy stacks cost what they show.
@Suite struct LazyStackCostTests {
    private struct List: View {
        let rows: Int
        let offset: CGFloat
        var body: some View {
            ScrollView {
                LazyVStack(spacing: 2) {
                    ForEach(0..<rows, id: \.self) { i in Color.red.frame(width: 40, height: CGFloat(10 + i % 3)) }
                }
            }
            .scrollPosition(.constant(ScrollPosition(y: offset)))
        }
    }

    private func frame(rows: Int, offset: CGFloat) throws -> (GraphCounters, Bitmap) {
        let renderer = ImageRenderer(content: List(rows: rows, offset: offset))
        renderer.proposedSize = ProposedViewSize(width: 60, height: 100)
        let bitmap = try renderer.render(backend: .cpu)
        return (renderer.graph.counters.counts, bitmap)
    }

    /// A frame of 10,000 rows costs what a frame of 100 does: the same rows made and measured.
    @Test func aFrameCostsTheRowsInView() throws {
        let (small, smallPicture) = try frame(rows: 100, offset: 0)
        let (large, largePicture) = try frame(rows: 10_000, offset: 0)
        #expect(small.lazyRowsMade == large.lazyRowsMade && small.sizeComputations == large.sizeComputations, "\(small) / \(large)")
        // The viewport (100 points) and a margin of 64 on each side: about 14 rows of 10-12 points.
        #expect(large.lazyRowsMade <= 20, "\(large)")
        let same = smallPicture.pixels == largePicture.pixels
        #expect(same)
    }

    private struct Cells: View {
        let count: Int
        let offset: CGFloat
        let lazy: Bool
        var body: some View {
            ScrollView {
                let columns = [GridItem(.fixed(14)), GridItem(.flexible(), alignment: .leading), GridItem(.adaptive(minimum: 9))]
                if lazy {
                    LazyVGrid(columns: columns, spacing: 3) { ForEach(0..<count, id: \.self) { i in cell(i) } }
                } else {
                    // Not a ForEach on its own: the grid makes and measures every item.
                    LazyVGrid(columns: columns, spacing: 3) { Group { ForEach(0..<count, id: \.self) { i in cell(i) } } }
                }
            }
            .scrollPosition(.constant(ScrollPosition(y: offset)))
        }
        func cell(_ i: Int) -> some View {
            Color(red: Double(i % 7) / 7, green: 0.3, blue: Double(i % 5) / 5).frame(width: 6 + CGFloat(i % 4), height: CGFloat(6 + i % 5))
        }
    }

    /// A `LazyVGrid` over a `ForEach` makes only the items near the viewport, and draws what the grid
    /// that makes them all draws.
    @Test func aLazyGridMakesTheItemsInView() throws {
        func render(_ view: Cells) throws -> (GraphCounters, Bitmap) {
            let renderer = ImageRenderer(content: view)
            renderer.proposedSize = ProposedViewSize(width: 80, height: 100)
            let bitmap = try renderer.render(backend: .cpu)
            return (renderer.graph.counters.counts, bitmap)
        }
        for offset: CGFloat in [0, 150] {
            let (lazyCounts, lazy) = try render(Cells(count: 300, offset: offset, lazy: true))
            let (_, eager) = try render(Cells(count: 300, offset: offset, lazy: false))
            let same = lazy.pixels == eager.pixels
            #expect(same, "offset \(offset)")
            #expect(lazyCounts.lazyRowsMade > 0 && lazyCounts.lazyRowsMade < 300, "\(lazyCounts)")
        }
        // A million items cost what a thousand do.
        let (small, smallPicture) = try render(Cells(count: 1_000, offset: 40, lazy: true))
        let (large, largePicture) = try render(Cells(count: 1_000_000, offset: 40, lazy: true))
        #expect(small.lazyRowsMade == large.lazyRowsMade && small.lazyRowsMade <= 200, "\(small) / \(large)")
        let same = smallPicture.pixels == largePicture.pixels
        #expect(same)
    }

    /// A lazy row's `@State` lives at a place of its own under the stack's: it survives the stack being
    /// made again (its parent's body ran again), and the other rows' bodies do not run again.
    @Test func lazyRowsKeepTheirState() throws {
        struct Screen: View {
            let header: CGFloat
            let box: BindingBox<Int>
            let log: BodyLog
            var body: some View {
                VStack(spacing: 0) {
                    Color.clear.frame(width: header, height: 10)
                    ScrollView {
                        LazyVStack(alignment: .leading, spacing: 0) {
                            ForEach(0..<50, id: \.self) { i in Leaf(name: "r\(i)", log: log, box: i == 2 ? box : nil) }
                        }
                    }
                }
            }
        }
        let log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Screen(header: 1, box: box, log: log))
        renderer.proposedSize = ProposedViewSize(width: 60, height: 100)
        _ = try renderer.render(backend: .cpu)
        box.binding!.wrappedValue = 5
        log.entries = []
        _ = try renderer.render(backend: .cpu)
        #expect(log.entries == ["r2=5"], "\(log.entries)")
        // The parent's body runs again: the stack is made again, the rows are not, the state stays.
        log.entries = []
        renderer.content = Screen(header: 2, box: box, log: log)
        let bitmap = try renderer.render(backend: .cpu)
        #expect(log.entries.isEmpty, "\(log.entries)")
        // Row 2 (y 30...40 under the 10-point header) is 50 wide; row 1 is 10.
        #expect(bitmap.pixel(x: 45, y: 35).a == 255 && bitmap.pixel(x: 45, y: 25).a == 0)
    }

    /// The row places a lazy stack keeps are bounded: scrolling through many rows lets the far ones go.
    @Test func lazyRowPlacesAreBounded() throws {
        let renderer = ImageRenderer(content: List(rows: 1_000_000, offset: 0))
        renderer.proposedSize = ProposedViewSize(width: 60, height: 100)
        for step in 0..<220 {
            renderer.content = List(rows: 1_000_000, offset: CGFloat(step) * 1_000)
            _ = try renderer.render(backend: .cpu)
        }
        let c = renderer.graph.counters.counts
        #expect(c.unmounted > 0 && c.mounted - c.unmounted <= GraphNode.lazyChildLimit + 200, "\(c)")
    }

    /// Scrolling by one row makes one or two rows; the positions of measured rows are exact.
    @Test func scrollingByARowMakesARowOrTwo() throws {
        let renderer = ImageRenderer(content: List(rows: 10_000, offset: 300))
        renderer.proposedSize = ProposedViewSize(width: 60, height: 100)
        _ = try renderer.render(backend: .cpu)
        renderer.graph.counters.counts = GraphCounters()
        renderer.content = List(rows: 10_000, offset: 312)
        let scrolled = try renderer.render(backend: .cpu)
        #expect(renderer.graph.counters.counts.lazyRowsMade <= 2, "\(renderer.graph.counters.counts)")
        // The same frame drawn eagerly (a VStack, every row measured) has the same pixels.
        let eager = ImageRenderer(content: ScrollView {
            VStack(spacing: 2) { ForEach(0..<200, id: \.self) { i in Color.red.frame(width: 40, height: CGFloat(10 + i % 3)) } }
        }.scrollPosition(.constant(ScrollPosition(y: 312))))
        eager.proposedSize = ProposedViewSize(width: 60, height: 100)
        let same = try eager.render(backend: .cpu).pixels == scrolled.pixels
        #expect(same)
    }

    /// Ten million rows: a frame anywhere renders in bounded time and memory.
    @Test func tenMillionRows() throws {
        for offset: CGFloat in [0, 50_000, 1e9] {
            let (counts, bitmap) = try frame(rows: 10_000_000, offset: offset)
            #expect(bitmap.width == 60 && counts.lazyRowsMade <= 2 * LazyStackNode.maxMeasuredAhead + 40, "\(counts)")
            // Something is drawn at every offset (the end is clamped to the estimated length).
            #expect(bitmap.pixels.contains { $0 != 0 }, "offset \(offset)")
        }
    }

    /// A lazy row of a horizontal stack is placed as in the eager stack (its first row the thickest: a
    /// lazy stack is as thick as its first row).
    @Test func lazyHStackMatchesHStack() throws {
        func picture<V: View>(_ v: V) throws -> Bitmap {
            let r = ImageRenderer(content: v)
            r.proposedSize = ProposedViewSize(width: 120, height: 40)
            return try r.render(backend: .cpu)
        }
        let lazy = try picture(ScrollView(.horizontal) {
            LazyHStack(alignment: .top, spacing: 3) { ForEach(0..<50, id: \.self) { i in Color.blue.frame(width: 7, height: i == 0 ? 8 : CGFloat(5 + i % 4)) } }
        }.scrollPosition(.constant(ScrollPosition(x: 30))))
        let eager = try picture(ScrollView(.horizontal) {
            HStack(alignment: .top, spacing: 3) { ForEach(0..<50, id: \.self) { i in Color.blue.frame(width: 7, height: i == 0 ? 8 : CGFloat(5 + i % 4)) } }
        }.scrollPosition(.constant(ScrollPosition(x: 30))))
        let same = lazy.pixels == eager.pixels
        #expect(same)
    }
}

/// A `TimelineView` is built again only when its schedule's entry changes, and nothing around it is.
@Suite struct TimelineGraphTests {
    private struct Clock: View {
        let log: BodyLog
        var body: some View {
            log.entries.append("clock")
            return VStack {
                Color.gray.frame(width: 10, height: 10)
                TimelineView(.periodic(from: Date(timeIntervalSinceReferenceDate: 0), by: 1)) { context in
                    Color.red.frame(width: 10 + CGFloat(Int(context.date.timeIntervalSinceReferenceDate) % 5), height: 4)
                }
            }
        }
    }

    @Test func thirtyFramesASecondBuildTheContentOncePerEntry() throws {
        let log = BodyLog()
        let renderer = ImageRenderer(content: Clock(log: log))
        let start = Date(timeIntervalSinceReferenceDate: 100.5)
        var widths: [Int] = []
        for frame in 0..<60 {
            renderer.date = start.addingTimeInterval(Double(frame) / 30)
            widths.append(try renderer.render(backend: .cpu).width)
        }
        // 100.5 ... 102.47: the entries 100, 101 and 102.
        #expect(renderer.graph.counters.counts.bodies == 1 + 3, "\(renderer.graph.counters.counts)")
        #expect(log.entries == ["clock"])
        #expect(Set(widths) == [10, 11, 12], "\(widths)")
        #expect(renderer.graph.counters.counts.scenesRecorded == 3)
    }
}

/// Deep and endless trees end with a clear error or render; they never overflow a stack.
@Suite struct DeepTreeTests {
    private struct Pad: View {
        let depth: Int
        var body: some View {
            if depth == 0 { Color.red.frame(width: 2, height: 2) } else { Pad(depth: depth - 1).padding(1) }
        }
    }

    private struct Forever: View {
        var body: some View { Forever().padding(1) }
    }

    /// Near the limit (about 1,800 places), inside a Task: it renders, and the renderer is dropped there.
    @Test func aDeepTreeRendersInsideATask() async throws {
        let width = try await Task.detached {
            let renderer = ImageRenderer(content: Pad(depth: 600))
            let width = try renderer.render(backend: .cpu).width
            #expect(try renderer.layoutSnapshot().leaves.count == 1)
            return width
        }.value
        #expect(width == 2 + 2 * 600)
    }

    /// Ten thousand nested paddings, and a view whose body contains itself: a clear error.
    @Test func tooDeepOrEndlessTreesThrow() async throws {
        for endless in [false, true] {
            let message = await Task.detached { () -> String in
                let renderer = endless ? ImageRenderer(content: AnyView(Forever())) : ImageRenderer(content: AnyView(Pad(depth: 10_000)))
                do {
                    _ = try renderer.render(backend: .cpu)
                    return "rendered"
                } catch {
                    return "\(error)"
                }
            }.value
            #expect(message.contains("nested more than \(ViewGraph.maxDepth) places deep"), "\(message)")
        }
    }
}

/// A `Layout`'s cache is made once for its place and updated when its subviews change.
@Suite struct LayoutCacheTests {
    final class Calls { var make = 0, update = 0, sizes = 0 }

    struct Column: Layout {
        let calls: Calls
        func makeCache(subviews: Subviews) -> Int { calls.make += 1; return subviews.count }
        func updateCache(_ cache: inout Int, subviews: Subviews) { calls.update += 1; cache = subviews.count }
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) -> CGSize {
            calls.sizes += 1
            let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
            return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).reduce(0, +))
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Int) {
            var y = bounds.minY
            for s in subviews {
                let size = s.sizeThatFits(.unspecified)
                s.place(at: CGPoint(x: bounds.minX, y: y), proposal: ProposedViewSize(size))
                y += size.height
            }
        }
    }

    private struct Screen: View {
        let calls: Calls
        let log: BodyLog
        let box: BindingBox<Int>
        var body: some View {
            Column(calls: calls) {
                Leaf(name: "a", log: log, box: box)
                Color.blue.frame(width: 5, height: 5)
            }
        }
    }

    @Test func oneCachePerPlace() throws {
        let calls = Calls(), log = BodyLog(), box = BindingBox<Int>()
        let renderer = ImageRenderer(content: Screen(calls: calls, log: log, box: box))
        _ = try renderer.render(backend: .cpu)
        _ = try renderer.render(backend: .cpu)
        #expect(calls.make == 1 && calls.update == 0, "make \(calls.make), update \(calls.update)")
        let sizes = calls.sizes
        box.binding!.wrappedValue = 3  // a subview changes: the layout's node is made again
        let bitmap = try renderer.render(backend: .cpu)
        #expect(calls.make == 1 && calls.update == 1, "make \(calls.make), update \(calls.update)")
        #expect(bitmap.width == 30 && calls.sizes - sizes <= 2)
    }
}
