#if Vulkan
import CVulkan
import Foundation
import TileRender

/// The example's picture, in SwiftUI's vocabulary.
public struct ExampleBadge: View {
    public init() {}
    public var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 28).fill(Color.indigo)
            Circle().stroke(Color.orange, lineWidth: 10).padding(24)
            Text("TileRender").font(.title).foregroundStyle(Color.white)
        }
    }
}

/// The example: TileRender draws `ExampleBadge` into one of the engine's own images on the engine's own
/// device, ordered by the engine's semaphores and fence. Returns the engine's read-back of the image,
/// and the same view rendered on the CPU (to compare).
public func renderIntoEngineImage(_ engine: MiniEngine, width: Int = 320, height: Int = 200) throws -> (engine: Bitmap, cpu: Bitmap) {
    // 1. Lend TileRender the engine's device. TileRender destroys none of these handles; what it makes
    //    on the device goes when `device` and `renderer` are released (before `engine.close()`).
    let device = try ExternalVulkanDevice(instance: engine.instance, physicalDevice: engine.physicalDevice,
                                          device: engine.device, queueFamilyIndex: engine.queueFamily)
    let renderer = Renderer(device: device)

    // 2. The engine's image (rgba8, storage and transfer usage), cleared by the engine, which then
    //    signals `ready`.
    let usage = VK_IMAGE_USAGE_STORAGE_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue
    let image = try engine.makeImage(width: width, height: height, usage: usage)
    let ready = try engine.makeSemaphore(), drawn = try engine.makeSemaphore(), fence = try engine.makeFence()
    try engine.clear(image, to: (0, 0, 0, 0), signalling: [ready])

    // 3. Render into the image: after `ready`, signalling `drawn` and `fence`. No pixels come back to
    //    the host; the image stays in GENERAL layout.
    let view = ImageRenderer(content: ExampleBadge())
    view.proposedSize = ProposedViewSize(CGSize(width: width, height: height))
    let scene = view.scene
    try renderer.render(scene, into: VulkanImageTarget(image: image, width: width, height: height,
                                                       usage: VulkanImageUsage(rawValue: usage), layout: .general),
                        synchronization: VulkanSynchronization(wait: [ready], signal: [drawn], fence: fence))

    // 4. The engine uses the image after `drawn` (here it copies it to host memory to show it).
    let pixels = try engine.readBack(image, width: width, height: height, waiting: [drawn])
    try engine.wait(for: fence)
    let drawnByEngine = try Bitmap(width: width, height: height, premultipliedRGBA: pixels)
    return (drawnByEngine, try Renderer(backend: .cpu).render(scene))
}
#endif
