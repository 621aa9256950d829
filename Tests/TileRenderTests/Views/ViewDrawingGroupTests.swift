import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct ViewsDrawingGroupTests {
    /// Renders `view` on `renderer` (whose offscreen cache the test reads: no process-wide state).
    private func render<V: View>(_ view: V, width: CGFloat, height: CGFloat, on renderer: Renderer) throws -> Bitmap {
        let recorder = ImageRenderer(content: view)
        recorder.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.render(recorder.scene)
    }

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
        let renderer = Renderer(backend: .cpu)
        let view = HStack(spacing: 4) { ForEach(0..<5) { _ in Card(color: .purple).drawingGroup() } }
        _ = try render(view, width: 220, height: 60, on: renderer)
        _ = try render(view, width: 220, height: 60, on: renderer)
        // Ten identical groups: one render, nine reuses.
        let after = renderer.offscreenCacheStatistics
        #expect(after.misses == 1 && after.hits == 9, "\(after)")
        #expect(after.imageCount == 1 && after.bytes == 40 * 60 * 4)
        // A change is a new render.
        _ = try render(Card(color: .orange).drawingGroup(), width: 40, height: 60, on: renderer)
        #expect(renderer.offscreenCacheStatistics.misses == 2)
    }

    /// An ImageRenderer keeps its renderer between frames, so its groups are rendered once.
    @Test func anImageRendererReusesItsGroupsAcrossFrames() throws {
        let recorder = ImageRenderer(content: HStack(spacing: 4) { ForEach(0..<3) { _ in Card(color: .teal).drawingGroup() } })
        recorder.proposedSize = ProposedViewSize(width: 140, height: 60)
        let first = try recorder.render(backend: .cpu)
        let second = try recorder.render(backend: .cpu)
        #expect(first == second)
        let direct = try renderView(HStack(spacing: 4) { ForEach(0..<3) { _ in Card(color: .teal) } }, width: 140, height: 60)
        let worst = zip(direct.pixels, second.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }

    @Test func scaledGroupsRenderAtDeviceResolution() throws {
        let direct = try renderView(Card(color: .green).scaleEffect(2, anchor: .topLeading), width: 80, height: 120)
        let grouped = try renderView(Card(color: .green).drawingGroup().scaleEffect(2, anchor: .topLeading), width: 80, height: 120)
        let worst = zip(direct.pixels, grouped.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "worst \(worst)")
    }

    @Test func aGroupLargerThanTheOffscreenLimitDrawsAsALayer() throws {
        // 40x60 points at 100x device scale: a 4000x6000 offscreen (96 MB) exceeds the 64 MB limit.
        let renderer = Renderer(backend: .cpu)
        let huge = Card(color: .red).drawingGroup().scaleEffect(100, anchor: .topLeading)
        let grouped = try render(huge, width: 64, height: 64, on: renderer)
        let stats = renderer.offscreenCacheStatistics
        #expect(stats.misses == 0 && stats.hits == 0, "no offscreen was rendered or looked up")
        let direct = try renderView(Card(color: .red).scaleEffect(100, anchor: .topLeading), width: 64, height: 64)
        let worst = zip(direct.pixels, grouped.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "worst \(worst)")
    }
}
