import Foundation
import Testing
@testable import TileRender

@Suite(.serialized) struct ViewsDrawingGroupTests {
    private struct Card: View {
        var color: Color
        var body: some View {
            ZStack {
                RoundedRectangle(cornerRadius: 6, style: .circular).fill(color)
                Circle().stroke(.white, lineWidth: 3).padding(6)
            }
            .frame(width: 40, height: 60)
        }
    }

    @Test func drawingGroupLooksLikeTheSubtree() throws {
        let direct = try renderView(Card(color: .blue).offset(x: 5, y: 5), width: 60, height: 80)
        let grouped = try renderView(Card(color: .blue).drawingGroup().offset(x: 5, y: 5), width: 60, height: 80)
        let worst = zip(direct.pixels, grouped.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }

    @Test func anUnchangedGroupIsRenderedOnce() throws {
        let before = DrawingGroupCache.shared.statistics
        let view = HStack(spacing: 4) { ForEach(0..<5) { _ in Card(color: .purple).drawingGroup() } }
        _ = try renderView(view, width: 220, height: 60)
        _ = try renderView(view, width: 220, height: 60)
        let after = DrawingGroupCache.shared.statistics
        // Ten identical groups: one render, nine reuses.
        #expect(after.misses - before.misses == 1)
        #expect(after.hits - before.hits == 9)
        // A change is a new render.
        _ = try renderView(Card(color: .orange).drawingGroup(), width: 40, height: 60)
        #expect(DrawingGroupCache.shared.statistics.misses - after.misses == 1)
    }

    @Test func scaledGroupsRenderAtDeviceResolution() throws {
        let direct = try renderView(Card(color: .green).scaleEffect(2, anchor: .topLeading), width: 80, height: 120)
        let grouped = try renderView(Card(color: .green).drawingGroup().scaleEffect(2, anchor: .topLeading), width: 80, height: 120)
        let worst = zip(direct.pixels, grouped.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "worst \(worst)")
    }

    @Test func aGroupLargerThanTheCacheDrawsAsALayer() throws {
        // 40x60 points at 100x device scale: a 4000x6000 offscreen (96 MB) exceeds the 64 MB cache.
        let before = DrawingGroupCache.shared.statistics
        let huge = Card(color: .red).drawingGroup().scaleEffect(100, anchor: .topLeading)
        let grouped = try renderView(huge, width: 64, height: 64)
        let after = DrawingGroupCache.shared.statistics
        #expect(after.misses == before.misses && after.hits == before.hits, "no offscreen was rendered or looked up")
        let direct = try renderView(Card(color: .red).scaleEffect(100, anchor: .topLeading), width: 64, height: 64)
        let worst = zip(direct.pixels, grouped.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }
}
