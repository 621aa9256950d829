import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Spacers are sized after the other children of their layout priority: each keeps its minimum length
/// while the others are offered space, then the spacers share what is left (SwiftUI's rule).
@Suite struct SpacerYieldTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    /// Every node of the snapshot, spacers included, in drawing order.
    private func allNodes(_ n: LayoutSnapshot.Node) -> [LayoutSnapshot.Node] { [n] + n.children.flatMap(allNodes) }

    @Test func aSpacerYieldsToAColour() throws {
        // Measured on SwiftUI (macOS): the colour 252 wide, the spacer 8.
        let s = try snapshot(HStack(spacing: 0) {
            Text("Fixed").frame(width: 80)
            Color.blue
            Spacer()
            Text("End").frame(width: 60)
        }, width: 400, height: 100)
        let nodes = allNodes(s.root)
        let color = try #require(nodes.first { $0.kind == "Color" }).frame
        let spacer = try #require(nodes.first { $0.kind == "Spacer" }).frame
        #expect(color.minX == 80 && color.width == 252)
        #expect(spacer.minX == 332 && spacer.width == 8)
        let end = try #require(nodes.first { $0.text == "End" }).frame
        #expect(abs(end.midX - 370) < 1e-9)
    }

    @Test func spacersShareWhatTheOthersLeave() throws {
        // Two spacers and a colour capped at 100: the colour takes its 100, the spacers split the rest.
        let s = try snapshot(HStack(spacing: 0) {
            Spacer()
            Color.red.frame(maxWidth: 100)
            Spacer(minLength: 20)
        }, width: 300, height: 10)
        let nodes = allNodes(s.root)
        let spacers = nodes.filter { $0.kind == "Spacer" }.map(\.frame)
        let color = try #require(nodes.first { $0.kind == "Color" }).frame
        #expect(color.width == 100)
        #expect(spacers.map(\.width) == [100, 100])
        // Less room than the minimum lengths and the colour: the spacers keep their minima.
        let tight = try snapshot(HStack(spacing: 0) {
            Spacer()
            Color.red
            Spacer(minLength: 20)
        }, width: 100, height: 10)
        let tightNodes = allNodes(tight.root)
        #expect(tightNodes.filter { $0.kind == "Spacer" }.map(\.frame.width) == [8, 20])
        #expect(try #require(tightNodes.first { $0.kind == "Color" }).frame.width == 72)
    }

    @Test func layoutPriorityStillComesFirst() throws {
        // A spacer of higher priority is sized before the colour of priority 0 (which keeps its minimum, 0).
        let s = try snapshot(HStack(spacing: 0) {
            Color.red
            Spacer().layoutPriority(1)
        }, width: 200, height: 10)
        let nodes = allNodes(s.root)
        #expect(try #require(nodes.first { $0.kind == "Spacer" }).frame.width == 200)
        #expect(try #require(nodes.first { $0.kind == "Color" }).frame.width == 0)
        // And a colour of higher priority takes all but the spacer's minimum.
        let t = try snapshot(VStack(spacing: 0) {
            Spacer()
            Color.red.layoutPriority(1)
        }, width: 10, height: 200)
        let tNodes = allNodes(t.root)
        #expect(try #require(tNodes.first { $0.kind == "Color" }).frame.height == 192)
    }
}
