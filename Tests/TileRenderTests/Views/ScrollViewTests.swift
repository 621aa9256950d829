import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `ScrollView` rendered at a scroll position.
@Suite struct ScrollViewTests {
    private let palette: [Color] = [.red, .green, .blue, .orange, .purple]

    /// Ten rows of 20 points, coloured in turn.
    private func rows() -> some View {
        VStack(spacing: 0) {
            ForEach(0..<10, id: \.self) { i in palette[i % palette.count].frame(width: 60, height: 20) }
        }
    }

    private func render<V: View>(_ view: V) throws -> (Bitmap, LayoutSnapshot) {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: 60, height: 50)
        return (try renderer.render(backend: Backend.cpu), try renderer.layoutSnapshot())
    }

    @Test func theViewportShowsTheSliceAtTheOffset() throws {
        let (top, topLayout) = try render(ScrollView { rows() })
        #expect(top.height == 50)
        #expect(top.pixel(x: 30, y: 5) == Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255))      // row 0, red
        #expect(topLayout.leaves[1].frame == CGRect(x: 0, y: 20, width: 60, height: 20))
        let (scrolled, layout) = try render(ScrollView { rows() }.scrollPosition(.constant(ScrollPosition(y: 45))))
        // Row 2 (blue) spans 40..<60 in the content: 45 is at the top, so rows 2 and 3 show.
        #expect(layout.leaves[2].frame == CGRect(x: 0, y: -5, width: 60, height: 20))
        #expect(scrolled.pixel(x: 30, y: 2) == Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255))
        #expect(scrolled.pixel(x: 30, y: 20) == Bitmap.Pixel(r: 255, g: 149, b: 0, a: 255))   // row 3, orange
    }

    @Test func offsetsAreClampedAndNestingIsBounded() throws {
        // Past the end: the last 50 points show (rows 7.5 to 10); NaN: the top.
        let (_, end) = try render(ScrollView { rows() }.scrollPosition(.constant(ScrollPosition(x: 0, y: 1e9))))
        #expect(end.leaves[9].frame.maxY == 50)
        let (_, nan) = try render(ScrollView { rows() }.scrollPosition(.constant(ScrollPosition(y: .nan))))
        #expect(nan.leaves[0].frame.minY == 0)
        // A scroll view in a scroll view on the same axis: the inner one takes its content's length.
        let (_, nested) = try render(ScrollView { ScrollView { rows() } })
        #expect(nested.leaves.count == 10 && nested.leaves[9].frame.maxY == 200)
        // Horizontal: content wider than the viewport, centred across (vertically).
        let (_, wide) = try render(ScrollView(.horizontal) { HStack(spacing: 0) { Color.red.frame(width: 100, height: 10) } }
                                    .scrollPosition(.constant(ScrollPosition(x: 30))))
        #expect(wide.leaves[0].frame == CGRect(x: -30, y: 20, width: 100, height: 10))
    }
}

/// `Divider` runs across its stack.
@Suite struct DividerTests {
    @Test func dividersRunAcrossTheirStack() throws {
        let column = ImageRenderer(content: VStack(spacing: 0) { Color.red.frame(width: 40, height: 10); Divider(); Color.blue.frame(width: 20, height: 10) })
        let c = try column.layoutSnapshot()
        #expect(c.leaves.map(\.kind) == ["Color", "Divider", "Color"])
        #expect(c.leaves[1].frame == CGRect(x: 0, y: 10, width: 40, height: 1))
        let row = ImageRenderer(content: HStack(spacing: 0) { Color.red.frame(width: 10, height: 30); Divider(); Color.blue.frame(width: 10, height: 30) })
        #expect(try row.layoutSnapshot().leaves[1].frame == CGRect(x: 10, y: 0, width: 1, height: 30))
        let bitmap = try column.render(backend: Backend.cpu)
        #expect(bitmap.pixel(x: 5, y: 10) == Bitmap.Pixel(r: 17, g: 17, b: 19, a: 74))
    }
}

/// Lazy stacks draw only the children near the viewport.
@Suite struct LazyStackTests {
    private func drawn<V: View>(_ view: V, y: CGFloat) throws -> [LayoutSnapshot.Node] {
        let renderer = ImageRenderer(content: ScrollView { view }.scrollPosition(.constant(ScrollPosition(y: y))))
        renderer.proposedSize = ProposedViewSize(width: 50, height: 100)
        return try renderer.layoutSnapshot().leaves
    }

    @Test func onlyTheChildrenNearTheViewportAreDrawn() throws {
        let lazy = LazyVStack(spacing: 0) { ForEach(0..<1000, id: \.self) { _ in Color.red.frame(width: 50, height: 20) } }
        let leaves = try drawn(lazy, y: 4000)
        // The viewport shows content 4000..<4100; with the 64-point margin, rows 196 to 208.
        #expect(leaves.count == 13, "\(leaves.count) drawn")
        #expect(leaves.first?.frame.minY == -80 && leaves.last?.frame.minY == 160)
        // The same as an eager stack: every row drawn, at the same positions.
        let eager = VStack(spacing: 0) { ForEach(0..<1000, id: \.self) { _ in Color.red.frame(width: 50, height: 20) } }
        let all = try drawn(eager, y: 4000)
        #expect(all.count == 1000 && all[196].frame == leaves[0].frame)
    }

    @Test func aHundredThousandChildrenEndCleanly() throws {
        let lazy = LazyVStack(spacing: 0) { ForEach(0..<100_000, id: \.self) { _ in Color.blue.frame(width: 50, height: 1) } }
        let leaves = try drawn(lazy, y: 50_000)
        // The viewport and its margins span 228 points: about as many one-point rows are drawn.
        #expect((228...230).contains(leaves.count), "\(leaves.count) drawn")
        #expect(leaves.allSatisfy { $0.frame.maxY >= -65 && $0.frame.minY <= 165 })
    }
}

/// Several views in a scroll view form a list along its axis, as in SwiftUI.
@Suite struct ScrollViewStackingTests {
    @Test func severalViewsAreStackedAlongTheAxis() throws {
        let renderer = ImageRenderer(content: ScrollView {
            ForEach(0..<3, id: \.self) { _ in Color.red.frame(width: 40, height: 30) }
        })
        renderer.proposedSize = ProposedViewSize(width: 100, height: 200)
        let frames = try renderer.layoutSnapshot().leaves.map(\.frame)
        // Default spacing between two colours: 8 points; centred across the axis.
        #expect(frames == [CGRect(x: 30, y: 0, width: 40, height: 30), CGRect(x: 30, y: 38, width: 40, height: 30),
                           CGRect(x: 30, y: 76, width: 40, height: 30)])
        let horizontal = ImageRenderer(content: ScrollView(.horizontal) {
            Color.red.frame(width: 40, height: 30)
            Color.blue.frame(width: 40, height: 30)
        })
        horizontal.proposedSize = ProposedViewSize(width: 200, height: 100)
        #expect(try horizontal.layoutSnapshot().leaves.map(\.frame.minX) == [0, 48])
    }
}
