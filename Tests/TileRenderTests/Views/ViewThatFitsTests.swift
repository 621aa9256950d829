import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `ViewThatFits`: the first child whose ideal size fits the proposal along the given axes, else the last.
@Suite struct ViewThatFitsTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    private var bars: some View {
        ViewThatFits {
            Color.red.frame(width: 200, height: 10)
            Color.green.frame(width: 100, height: 30)
            Color.blue.frame(width: 50, height: 10)
        }
    }

    @Test func picksTheFirstThatFits() throws {
        let wide = try snapshot(bars, width: 300, height: 100)
        #expect(wide.root.kind == "ViewThatFits")
        #expect(wide.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 200, height: 10)])
        let middle = try snapshot(bars, width: 150, height: 100)
        #expect(middle.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 100, height: 30)])
        // Too short for the second: the third.
        let short = try snapshot(bars, width: 150, height: 20)
        #expect(short.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 50, height: 10)])
        // None fits: the last, at its own size.
        let narrow = try snapshot(bars, width: 20, height: 5)
        #expect(narrow.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 50, height: 10)])
        // Nothing proposed: the first.
        let ideal = try snapshot(bars)
        #expect(ideal.leaves.map(\.frame.width) == [200])
    }

    @Test func onlyTheGivenAxesCount() throws {
        let horizontal = ViewThatFits(in: .horizontal) {
            Color.red.frame(width: 200, height: 10)
            Color.green.frame(width: 100, height: 30)
            Color.blue.frame(width: 50, height: 10)
        }
        // The height offered does not matter: the second fits its width.
        let s = try snapshot(horizontal, width: 150, height: 20)
        #expect(s.leaves.map(\.frame.size) == [CGSize(width: 100, height: 30)])
        let vertical = ViewThatFits(in: .vertical) {
            Color.green.frame(width: 100, height: 30)
            Color.blue.frame(width: 50, height: 10)
        }
        #expect(try snapshot(vertical, width: 10, height: 40).leaves.map(\.frame.size) == [CGSize(width: 100, height: 30)])
        #expect(try snapshot(vertical, width: 10, height: 20).leaves.map(\.frame.size) == [CGSize(width: 50, height: 10)])
    }

    @Test func aLabelThatFoldsWhenNarrow() throws {
        // The classic use: a row when it fits, else a column; text at its ideal (one-line) width.
        let label = ViewThatFits(in: .horizontal) {
            HStack { Text("Departure"); Text("Seattle, 9:40") }
            VStack { Text("Departure"); Text("Seattle, 9:40") }
        }
        let row = try snapshot(label, width: 400)
        #expect(row.root.children.first?.kind == "HStack")
        let column = try snapshot(label, width: 100)
        #expect(column.root.children.first?.kind == "VStack")
        let texts = column.leaves
        #expect(texts.count == 2 && texts[1].frame.minY > texts[0].frame.minY)
        // In a stack, the chosen child's size is the container's.
        let stacked = try snapshot(HStack(spacing: 0) { label; Color.red }, width: 400, height: 100)
        let colour = try #require(stacked.leaves.last)
        let hstack = try #require(stacked.root.children.first?.children.first)
        #expect(hstack.kind == "HStack" && abs(colour.frame.minX - hstack.frame.maxX) < 1e-9)
    }
}
