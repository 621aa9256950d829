import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// Layout snapshots and hit tests read the frames the renders placed (LayoutRecorder): after a render,
// they run no body, measure nothing and record nothing; replayed and moved drawings report their views
// moved with them. Counted, never timed.

@Observable private final class ScrollModel { var y: CGFloat = 0 }

private final class BodyCount { var value = 0 }

private struct Row: View {
    let index: Int
    let bodies: BodyCount
    var body: some View {
        bodies.value += 1
        return HStack(spacing: 4) {
            Circle().fill(index % 2 == 0 ? Color.red : Color.blue).frame(width: 16, height: 16)
            Text("Row \(index)")
            Spacer()
            Rectangle().stroke(Color.black, lineWidth: 2).frame(width: 20, height: 12)
        }
        .padding(4)
    }
}

private struct Rows: View {
    let model: ScrollModel
    let count: Int
    let bodies: BodyCount
    var grouped = false
    var body: some View {
        ScrollView {
            ForEach(0..<count, id: \.self) { i in
                if grouped {
                    Row(index: i, bodies: bodies).drawingGroup()
                } else {
                    Row(index: i, bodies: bodies)
                }
            }
        }
        .scrollPosition(.constant(ScrollPosition(y: model.y)))
    }
}

private func counts<V: View>(_ renderer: ImageRenderer<V>) -> GraphCounters { renderer.graph.counters.counts }
private func resetCounts<V: View>(_ renderer: ImageRenderer<V>) { renderer.graph.counters.counts = GraphCounters() }

/// The snapshot of `rows` scrolled to `y` in a renderer of its own, asked before any render.
private func freshSnapshot(rows: Int, y: CGFloat, size: CGSize, scale: CGFloat = 1, grouped: Bool = false) throws -> LayoutSnapshot {
    let model = ScrollModel()
    model.y = y
    let renderer = ImageRenderer(content: Rows(model: model, count: rows, bodies: BodyCount(), grouped: grouped))
    renderer.proposedSize = ProposedViewSize(size)
    renderer.scale = scale
    return try renderer.layoutSnapshot()
}

/// Whether two snapshots have the same nodes with frames within `tolerance` points (a replay moves
/// frames by adding, a fresh layout computes them: the last bits may differ).
private func nearlyEqual(_ a: LayoutSnapshot.Node, _ b: LayoutSnapshot.Node, tolerance: CGFloat = 1e-9) -> Bool {
    guard a.kind == b.kind, a.text == b.text, a.children.count == b.children.count else { return false }
    let fa = a.frame, fb = b.frame
    guard abs(fa.minX - fb.minX) <= tolerance, abs(fa.minY - fb.minY) <= tolerance,
          abs(fa.width - fb.width) <= tolerance, abs(fa.height - fb.height) <= tolerance else { return false }
    return zip(a.children, b.children).allSatisfy { nearlyEqual($0, $1, tolerance: tolerance) }
}

@Suite struct PlacedFrameSnapshotTests {
    private static let size = CGSize(width: 160, height: 120)

    @Test func aSnapshotAfterARenderRunsNoBodyAndMeasuresNothing() throws {
        let model = ScrollModel(), bodies = BodyCount()
        let renderer = ImageRenderer(content: Rows(model: model, count: 20, bodies: bodies))
        renderer.proposedSize = ProposedViewSize(Self.size)
        _ = try renderer.layoutSnapshot()  // the renderer keeps frames from now on
        _ = try renderer.render(backend: .cpu)
        resetCounts(renderer)
        bodies.value = 0
        let snapshot = try renderer.layoutSnapshot()
        let hits = try renderer.hitTest(CGPoint(x: 12, y: 12))
        let c = counts(renderer)
        #expect(bodies.value == 0 && c.bodies == 0, "\(c)")
        #expect(c.sizeQueries == 0 && c.sizeComputations == 0 && c.positionsBuilt == 0, "\(c)")
        #expect(c.scenesRecorded == 0 && c.drawingsReplayed == 0, "\(c)")
        #expect(snapshot.leaves.count == 20 * 3, "\(snapshot.leaves.count)")
        #expect(hits.map(\.kind) == ["Circle"])
    }

    /// The first snapshot a renderer is asked for makes its nodes again with probes, but runs no body
    /// that already ran.
    @Test func theFirstSnapshotAfterRendersRunsNoBody() throws {
        let model = ScrollModel(), bodies = BodyCount()
        let renderer = ImageRenderer(content: Rows(model: model, count: 10, bodies: bodies))
        renderer.proposedSize = ProposedViewSize(Self.size)
        _ = try renderer.render(backend: .cpu)
        bodies.value = 0
        resetCounts(renderer)
        let snapshot = try renderer.layoutSnapshot()
        #expect(bodies.value == 0 && counts(renderer).bodies == 0, "\(counts(renderer))")
        #expect(snapshot == (try freshSnapshot(rows: 10, y: 0, size: Self.size)))
    }

    /// Scrolling replays the rows' drawings moved: the snapshot reports them moved, as a fresh layout
    /// places them, and hit tests find them there.
    @Test(arguments: [false, true])
    func aScrolledListReportsItsRowsWhereTheyMoved(grouped: Bool) throws {
        let model = ScrollModel(), bodies = BodyCount()
        let renderer = ImageRenderer(content: Rows(model: model, count: 30, bodies: bodies, grouped: grouped))
        renderer.proposedSize = ProposedViewSize(Self.size)
        renderer.scale = 2
        _ = try renderer.layoutSnapshot()
        _ = try renderer.render(backend: .cpu)
        for y: CGFloat in [7, 30.5, 61, 200] {
            model.y = y
            resetCounts(renderer)
            _ = try renderer.render(backend: .cpu)
            let c = counts(renderer)
            // Rows on show move (those wholly off the canvas culled their text: drawn again).
            #expect(c.drawingsMoved >= 4 && c.groupsRecorded == 0, "\(c)")
            resetCounts(renderer)
            let snapshot = try renderer.layoutSnapshot()
            #expect(counts(renderer).sizeQueries == 0 && counts(renderer).scenesRecorded == 0, "\(counts(renderer))")
            let expected = try freshSnapshot(rows: 30, y: y, size: Self.size, scale: 2, grouped: grouped)
            #expect(nearlyEqual(snapshot.root, expected.root), "scrolled to \(y)")
            // A row's circle, found where the fresh layout puts it.
            if let circle = expected.leaves.first(where: { $0.kind == "Circle" && $0.frame.minY > 0 }) {
                let centre = CGPoint(x: circle.frame.midX, y: circle.frame.midY)
                let found = try renderer.hitTest(centre)
                #expect(found.first.map { nearlyEqual($0, circle) } == true, "scrolled to \(y): \(found)")
            }
        }
    }

    /// A change after the last render is in the next snapshot: it records the scene the next render
    /// draws (without rasterizing it), running only the changed body.
    @Test func aChangeSinceTheLastRenderShowsInTheSnapshot() throws {
        let model = ScrollModel(), bodies = BodyCount()
        let renderer = ImageRenderer(content: Rows(model: model, count: 10, bodies: bodies))
        renderer.proposedSize = ProposedViewSize(Self.size)
        _ = try renderer.render(backend: .cpu)
        _ = try renderer.layoutSnapshot()
        model.y = 25
        resetCounts(renderer)
        bodies.value = 0
        let snapshot = try renderer.layoutSnapshot()
        #expect(bodies.value == 0 && counts(renderer).scenesRecorded == 1, "\(counts(renderer))")
        #expect(nearlyEqual(snapshot.root, try freshSnapshot(rows: 10, y: 25, size: Self.size).root))
        resetCounts(renderer)
        _ = try renderer.render(backend: .cpu)  // the scene the snapshot recorded: nothing again
        #expect(counts(renderer).scenesRecorded == 0, "\(counts(renderer))")
    }

    /// At a scale other than 1 the snapshot and hit tests stay in points.
    @Test func framesAndHitTestsAreInPointsAtAnyScale() throws {
        let view = HStack(spacing: 0) {
            Color.red.frame(width: 30, height: 20)
            Circle().fill(Color.blue).frame(width: 20, height: 20)
        }
        let renderer = ImageRenderer(content: view)
        renderer.scale = 3
        _ = try renderer.render(backend: .cpu)
        let snapshot = try renderer.layoutSnapshot()
        #expect(snapshot.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 30, height: 20), CGRect(x: 30, y: 0, width: 20, height: 20)])
        #expect(try renderer.hitTest(CGPoint(x: 40, y: 10)).map(\.kind) == ["Circle"])
        #expect(try renderer.hitTest(CGPoint(x: 31, y: 1)).isEmpty)  // outside the circle, inside its frame
        #expect(try renderer.hitTest(CGPoint(x: 29, y: 19)).map(\.kind) == ["Color"])
    }

    /// Content shapes and allowsHitTesting inside a replayed drawing keep answering after it moved.
    @Test func hitRulesMoveWithTheirDrawings() throws {
        struct Card: View {
            let index: Int
            var body: some View {
                ZStack {
                    Color.green.frame(width: 60, height: 30).allowsHitTesting(false)
                    Circle().fill(Color.red).frame(width: 10, height: 10).contentShape(Rectangle().inset(by: -10))
                }
            }
        }
        struct List: View {
            let model: ScrollModel
            var body: some View {
                ScrollView { ForEach(0..<8, id: \.self) { Card(index: $0) } }
                    .scrollPosition(.constant(ScrollPosition(y: model.y)))
            }
        }
        let model = ScrollModel()
        let renderer = ImageRenderer(content: List(model: model))
        renderer.proposedSize = ProposedViewSize(CGSize(width: 60, height: 90))
        _ = try renderer.hitTest(.zero)
        model.y = 45
        _ = try renderer.render(backend: .cpu)
        #expect(counts(renderer).drawingsMoved > 0)
        let moved = ScrollModel()
        moved.y = 45
        let fresh = ImageRenderer(content: List(model: moved))
        fresh.proposedSize = renderer.proposedSize
        let circles = try fresh.layoutSnapshot().leaves.filter { $0.kind == "Circle" && $0.frame.minY > 5 && $0.frame.maxY < 85 }
        #expect(!circles.isEmpty)
        for circle in circles {
            // Outside the circle, inside its content shape (10 points beyond its frame): the circle.
            #expect(try renderer.hitTest(CGPoint(x: circle.frame.maxX + 8, y: circle.frame.midY)).map(\.kind) == ["Circle"])
            // On the green colour, beyond the content shape: nothing (the colour does not answer).
            #expect(try renderer.hitTest(CGPoint(x: 2, y: circle.frame.midY)).isEmpty)
        }
    }
}
