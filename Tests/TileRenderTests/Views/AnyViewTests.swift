import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `AnyView`: a type-erased view lays out and draws as the view it wraps.
@Suite struct AnyViewTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    struct Badge: View {
        var round: Bool
        var body: some View {
            // Two branches of different types, erased to one.
            if round { return AnyView(Circle().fill(.red).frame(width: 20, height: 20)) }
            return AnyView(erasing: Color.blue.frame(width: 30, height: 10))
        }
    }

    @Test func erasedViewsLayOutAsTheirContent() throws {
        let s = try snapshot(HStack(spacing: 5) { Badge(round: true); Badge(round: false); AnyView(AnyView(Text("x"))).frame(height: 10) })
        #expect(s.leaves.map(\.kind) == ["Circle", "Color", "Text"])
        #expect(s.leaves[0].frame == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(s.leaves[1].frame == CGRect(x: 25, y: 5, width: 30, height: 10))
        #expect(abs(s.leaves[2].frame.minX - 60) < 1e-9)
    }

    @Test func anErasedListStaysAList() throws {
        // A ForEach inside an AnyView still gives the stack one child per element (spacing between them).
        let s = try snapshot(VStack(spacing: 4) {
            AnyView(ForEach(0..<3) { _ in Color.red.frame(width: 10, height: 10) })
        })
        #expect(s.leaves.map(\.frame.minY) == [0, 14, 28])
        // Modifiers on an AnyView apply to what it wraps; an array of AnyViews is fine.
        let views: [AnyView] = [AnyView(Color.red), AnyView(Rectangle().fill(.green))]
        let row = try snapshot(HStack(spacing: 0) { ForEach(0..<2) { views[$0] } }.frame(width: 100, height: 10))
        #expect(row.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 50, height: 10), CGRect(x: 50, y: 0, width: 50, height: 10)])
    }

    @Test func drawsTheWrappedView() throws {
        let bitmap = try renderView(AnyView(Color.red).frame(width: 8, height: 8))
        #expect(bitmap.width == 8 && bitmap.pixel(x: 4, y: 4) == redPixel)
    }
}
