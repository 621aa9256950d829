import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

@Observable private final class Offset { var y: CGFloat = 0 }

/// A scrolled list of rows whose drawings are kept from frame to frame.
private struct List<Row: View>: View {
    let offset: Offset
    let rows: Int
    let row: (Int) -> Row
    var body: some View {
        ScrollView {
            ForEach(0..<rows, id: \.self) { i in row(i) }
        }
        .scrollPosition(.constant(ScrollPosition(y: offset.y)))
    }
}

private func counts<V: View>(_ renderer: ImageRenderer<V>) -> GraphCounters { renderer.graph.counters.counts }
private func resetCounts<V: View>(_ renderer: ImageRenderer<V>) { renderer.graph.counters.counts = GraphCounters() }

/// Renders `view` at `y` in a fresh renderer: the picture a kept drawing must reproduce.
private func fresh<Row: View>(rows: Int, y: CGFloat, size: CGSize, scale: CGFloat = 1, _ row: @escaping (Int) -> Row) throws -> Bitmap {
    let offset = Offset()
    offset.y = y
    let renderer = ImageRenderer(content: List(offset: offset, rows: rows, row: row))
    renderer.proposedSize = ProposedViewSize(size)
    renderer.scale = scale
    return try renderer.render(backend: .cpu)
}

/// Recordings move with their views by whole device pixels (`MemoNode.draw`), and only then.
@Suite struct MovedRecordingTests {
    private static let size = CGSize(width: 120, height: 100)

    private static func card(_ i: Int) -> some View {
        ZStack {
            RoundedRectangle(cornerRadius: 6).fill(i % 2 == 0 ? Color.orange : Color.teal)
            Circle().stroke(Color.black, lineWidth: 3).padding(4)
        }
        .frame(width: 80, height: 40)
        .clipShape(RoundedRectangle(cornerRadius: 8))
    }

    @Test func aScrolledListReplaysItsRowsMovedAndDrawsTheSamePixels() throws {
        let offset = Offset()
        let renderer = ImageRenderer(content: List(offset: offset, rows: 12) { Self.card($0) })
        renderer.proposedSize = ProposedViewSize(Self.size)
        renderer.scale = 2
        _ = try renderer.render(backend: .cpu)
        for y: CGFloat in [7, 30.5, 61] {  // whole device pixels at scale 2
            offset.y = y
            resetCounts(renderer)
            let frame = try renderer.render(backend: .cpu)
            let c = counts(renderer)
            #expect(c.drawingsMoved >= 12, "\(c)")
            #expect(c.bodies <= 1, "\(c)")
            let same = frame.pixels == (try fresh(rows: 12, y: y, size: Self.size, scale: 2) { Self.card($0) }).pixels
            #expect(same, "scrolled to \(y)")
        }
    }

    @Test func aMoveOfAFractionOfAPixelDrawsAgain() throws {
        let offset = Offset()
        let renderer = ImageRenderer(content: List(offset: offset, rows: 6) { Self.card($0) })
        renderer.proposedSize = ProposedViewSize(Self.size)
        _ = try renderer.render(backend: .cpu)
        offset.y = 10.25
        resetCounts(renderer)
        let frame = try renderer.render(backend: .cpu)
        #expect(counts(renderer).drawingsMoved == 0)
        let same = frame.pixels == (try fresh(rows: 6, y: 10.25, size: Self.size) { Self.card($0) }).pixels
        #expect(same)
    }

    /// A row whose drawing depends on where it is (its global frame, a text that left glyphs out off
    /// the canvas) is drawn again where it moves; moved, it would show what it drew elsewhere.
    @Test func positionDependentDrawingIsNotMoved() throws {
        func row(_ i: Int) -> some View {
            VStack(spacing: 2) {
                Text("Row \(i)").font(.system(size: 14)).frame(height: 18)
                GeometryReader { proxy in
                    // Blue in the canvas's upper half, red below: a picture of where it is.
                    (proxy.frame(in: .global).minY < 50 ? Color.blue : Color.red)
                }
                .frame(width: 60, height: 20)
            }
        }
        let offset = Offset()
        let renderer = ImageRenderer(content: List(offset: offset, rows: 10, row: row))
        renderer.proposedSize = ProposedViewSize(Self.size)
        _ = try renderer.render(backend: .cpu)
        // Rows 3 and 4 start far below the canvas (their titles culled, their readers red) and scroll in.
        for y: CGFloat in [48, 150, 132] {
            offset.y = y
            let frame = try renderer.render(backend: .cpu)
            let same = frame.pixels == (try fresh(rows: 10, y: y, size: Self.size, row)).pixels
            #expect(same, "scrolled to \(y)")
        }
    }

    @Test func equalDrawingGroupsShareOneImageAndKeepItWhenMoved() throws {
        let offset = Offset()
        let renderer = ImageRenderer(content: List(offset: offset, rows: 20) { _ in Self.card(0).drawingGroup() })
        renderer.proposedSize = ProposedViewSize(Self.size)
        renderer.scale = 3
        _ = try renderer.render(backend: .cpu)
        let first = renderer.offscreenCacheStatistics(for: .cpu)
        #expect(first.misses == 1 && first.imageCount == 1, "\(first)")
        // Rows off the canvas are not rendered: about two rows show.
        #expect(first.hits <= 3, "\(first)")
        for y: CGFloat in [20, 100, 400] {
            offset.y = y
            let frame = try renderer.render(backend: .cpu)
            let same = frame.pixels == (try fresh(rows: 20, y: y, size: Self.size, scale: 3) { _ in Self.card(0).drawingGroup() }).pixels
            #expect(same, "scrolled to \(y)")
        }
        let after = renderer.offscreenCacheStatistics(for: .cpu)
        #expect(after.misses == 1 && after.imageCount == 1, "\(after)")
    }
}

/// ImageRenderer.scale, as SwiftUI's: more pixels for the same layout.
@Suite struct ImageRendererScaleTests {
    @Test func theCanvasIsTheSizeTimesTheScale() throws {
        let view = Circle().fill(Color.red).frame(width: 40, height: 20)
        let renderer = ImageRenderer(content: view)
        renderer.scale = 3
        let bitmap = try renderer.render(backend: .cpu)
        #expect(bitmap.width == 120 && bitmap.height == 60)
        #expect(bitmap.pixel(x: 60, y: 30).a == 255 && bitmap.pixel(x: 2, y: 2).a == 0)
        #expect(try renderer.layoutSnapshot().root.frame.size == CGSize(width: 40, height: 20))  // points
        for bad: CGFloat in [0, -1, .nan, .infinity] {
            renderer.scale = bad
            #expect(throws: TileRenderError.self) { try renderer.render(backend: .cpu) }
        }
    }
}
