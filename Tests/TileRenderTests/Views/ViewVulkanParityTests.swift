import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts

/// The view layer's features drawn on Vulkan match the CPU (the stated tolerance, README): a scrolled
/// lazy list, a TimelineView frame, an image by name, a 3D-turned view, grids and custom layouts.
@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"))
struct ViewVulkanParityTests {
    private func both<V: View>(_ view: V, width: CGFloat, height: CGFloat, date: Date? = nil, _ label: String) throws {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        if let date { renderer.date = date }
        expectVulkanParity(try renderer.render(backend: .cpu), try renderer.render(backend: .vulkan), label)
    }

    @Test func scrolledLazyListAndTimelineFrame() throws {
        try both(LazyMultipleCanvasView(offset: 1500), width: 320, height: 640, "lazy list")
        try both(BlobTimelineView().frame(width: 450, height: 400, alignment: .top).clipped(), width: 450, height: 400,
                 date: Date(timeIntervalSinceReferenceDate: 1.3), "blob")
    }

    @Test func imagesByNameGridsLayoutsAndTurns() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parity-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        Image.registerAssetFolder(dir)
        var pixels: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(y * 16), 128, 255] } }
        let name = "parity-\(UUID().uuidString.prefix(8))"
        try Bitmap(width: 16, height: 16, premultipliedRGBA: pixels).writePNG(to: dir.appendingPathComponent(name + ".png"))
        try both(VStack(spacing: 4) {
            Image(name).resizable().frame(width: 100, height: 60)
            Image(name).resizable(capInsets: EdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4), resizingMode: .tile).frame(width: 100, height: 40)
            Grid(horizontalSpacing: 2, verticalSpacing: 2) {
                GridRow { Color.red.frame(width: 20, height: 10); Color.blue }
                GridRow { Text("Gate"); Circle().fill(.green).frame(width: 12, height: 12) }
            }
        }, width: 120, height: 200, "images and grid")
        try both(Badge().frame(width: 200, height: 200).rotation3DEffect(.degrees(35), axis: (x: 1, y: 1, z: 0)), width: 200, height: 200, "turned badge")
    }
}
