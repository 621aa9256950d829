#if Vulkan
import Foundation
import TileRenderGeometry
import TileRenderPipeline
import TileRenderVulkan

// Rendering into an engine's own Vulkan device (BackendsAndEngines.md, "Rendering into an engine's
// Vulkan device"). Handles cross the API as `OpaquePointer`: that is what every Swift import of
// vulkan.h makes of `VkInstance`, `VkDevice`, `VkImage` and the other handles on 64-bit platforms, so an
// engine with its own Vulkan module passes its values unchanged. Enumerations are small Swift types
// whose raw values are Vulkan's, so none of TileRender's C types leak into the engine's code.

/// An engine's Vulkan device, lent to TileRender.
///
/// TileRender renders on the device and queue it is given and never destroys them (nor the instance).
/// It creates its own pipelines, buffers and command pools on the device; they are freed when this
/// object and every ``Renderer`` made with it are released. So, before destroying the device: wait
/// for your last render's fence (or `vkDeviceWaitIdle`), release the renderers and this object, then
/// call `vkDestroyDevice`.
///
/// The instance and device must be Vulkan 1.1 or later, and the queue family must support compute.
/// Renders submit to the queue: don't submit to it from another thread during a render (Vulkan
/// requires access to a queue to be externally synchronised).
public final class ExternalVulkanDevice: Sendable {
    package let context: VulkanContext

    /// Borrows `device` (made from `physicalDevice` of `instance`) and its queue `queueIndex` of
    /// `queueFamilyIndex`, which the device must have been created with.
    ///
    /// Compiles TileRender's shaders (from its SPIR-V cache after the first run) and creates its
    /// pipelines on the device. Throws `TileRenderError.backendUnavailable(_:)` when the family does
    /// not exist, has no compute support or fewer queues than `queueIndex + 1`, or the device is
    /// older than Vulkan 1.1.
    public init(instance: OpaquePointer, physicalDevice: OpaquePointer, device: OpaquePointer,
                queueFamilyIndex: UInt32, queueIndex: UInt32 = 0) throws {
        context = try VulkanContext(borrowing: instance, physicalDevice: physicalDevice, device: device,
                                    queueFamily: queueFamilyIndex, queueIndex: queueIndex)
    }

    /// The device's name, as Vulkan reports it.
    public var deviceName: String { context.deviceName }
}

/// A `VkFormat`, by Vulkan's raw value.
public struct VulkanFormat: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// `VK_FORMAT_R8G8B8A8_UNORM`: the only format TileRender writes (premultiplied RGBA8 bytes).
    public static let rgba8Unorm = VulkanFormat(rawValue: 37)
}

/// `VkImageUsageFlags`, by Vulkan's bits.
public struct VulkanImageUsage: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let transferSource = VulkanImageUsage(rawValue: 0x1)
    /// Needed: the render is copied into the image.
    public static let transferDestination = VulkanImageUsage(rawValue: 0x2)
    public static let sampled = VulkanImageUsage(rawValue: 0x4)
    public static let storage = VulkanImageUsage(rawValue: 0x8)
    public static let colorAttachment = VulkanImageUsage(rawValue: 0x10)
}

/// `VkBufferUsageFlags`, by Vulkan's bits.
public struct VulkanBufferUsage: OptionSet, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let transferSource = VulkanBufferUsage(rawValue: 0x1)
    /// Needed: the render is copied into the buffer.
    public static let transferDestination = VulkanBufferUsage(rawValue: 0x2)
    public static let storageBuffer = VulkanBufferUsage(rawValue: 0x20)
}

/// A `VkImageLayout`, by Vulkan's raw value.
public struct VulkanImageLayout: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// As the image's current layout: its contents may be discarded (the render's area is overwritten;
    /// the rest of the image becomes undefined). Not allowed as a final layout.
    public static let undefined = VulkanImageLayout(rawValue: 0)
    public static let general = VulkanImageLayout(rawValue: 1)
    public static let shaderReadOnly = VulkanImageLayout(rawValue: 5)
    public static let transferSource = VulkanImageLayout(rawValue: 6)
    public static let transferDestination = VulkanImageLayout(rawValue: 7)
    static let preinitialized = VulkanImageLayout(rawValue: 8)
}

/// A caller's `VkImage` to render into, described as it was created (Vulkan cannot be asked).
///
/// The render (the scene's size in whole pixels) is written at the image's origin, mip level 0, array
/// layer 0; the rest of the image keeps its contents. The image must be 2D, `.rgba8Unorm`, with
/// `.transferDestination` usage, and usable on the renderer's queue family.
public struct VulkanImageTarget {
    /// The `VkImage`, made on the renderer's device.
    public var image: OpaquePointer
    /// The image's extent as created: at least the render's width and height.
    public var width: Int
    public var height: Int
    /// The image's format as created; only `.rgba8Unorm` is accepted.
    public var format: VulkanFormat
    /// The image's usage as created; it must contain `.transferDestination`.
    public var usage: VulkanImageUsage
    /// The layout the image is in when the render's copy starts (after the wait semaphores).
    public var layout: VulkanImageLayout
    /// The layout the image is left in.
    public var finalLayout: VulkanImageLayout

    public init(image: OpaquePointer, width: Int, height: Int, format: VulkanFormat = .rgba8Unorm,
                usage: VulkanImageUsage, layout: VulkanImageLayout = .general, finalLayout: VulkanImageLayout = .general) {
        self.image = image
        self.width = width
        self.height = height
        self.format = format
        self.usage = usage
        self.layout = layout
        self.finalLayout = finalLayout
    }
}

/// A caller's `VkBuffer` to render into: premultiplied RGBA8 rows, `bytesPerRow` apart from `offset`.
/// Bytes between rows are never written. The buffer needs `.transferDestination` usage.
public struct VulkanBufferTarget {
    /// The `VkBuffer`, made on the renderer's device.
    public var buffer: OpaquePointer
    /// The buffer's size in bytes, as created.
    public var size: Int
    /// Where the first row starts, in bytes.
    public var offset: Int
    /// From one row to the next, in bytes: at least the render's width times 4.
    public var bytesPerRow: Int
    /// The buffer's usage as created; it must contain `.transferDestination`.
    public var usage: VulkanBufferUsage

    public init(buffer: OpaquePointer, size: Int, offset: Int = 0, bytesPerRow: Int, usage: VulkanBufferUsage) {
        self.buffer = buffer
        self.size = size
        self.offset = offset
        self.bytesPerRow = bytesPerRow
        self.usage = usage
    }
}

/// How a render into a Vulkan image or buffer is ordered with the engine's own work.
///
/// The render's last step, the copy into the target, is one queue submission that waits for `wait`
/// (binary semaphores, at the transfer stage), then signals `signal` (binary semaphores) and then
/// `fence` (unsignalled) once the target holds the render.
public struct VulkanSynchronization {
    /// Binary `VkSemaphore`s the copy waits for (at the transfer stage), for example the engine's
    /// "image free" semaphore. Each must have a signal operation submitted (or pending) for it.
    public var wait: [OpaquePointer]
    /// Binary `VkSemaphore`s signalled once the target holds the render.
    public var signal: [OpaquePointer]
    /// An unsignalled `VkFence`, signalled once the target holds the render.
    public var fence: OpaquePointer?

    public init(wait: [OpaquePointer] = [], signal: [OpaquePointer] = [], fence: OpaquePointer? = nil) {
        self.wait = wait
        self.signal = signal
        self.fence = fence
    }
}

extension Renderer {
    /// A renderer that draws on an engine's Vulkan device, into its images and buffers
    /// (`render(_:into:synchronization:)`). Its `backend` is `.vulkan`.
    public init(device: ExternalVulkanDevice, threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                offscreenCacheBytes: Int = Renderer.defaultOffscreenCacheBytes) {
        self.init(backend: .vulkan, threadCount: threadCount, offscreenCacheBytes: offscreenCacheBytes)
        gpuProvider = BorrowedVulkanProvider(context: device.context)
    }

    /// Renders `scene` into the engine's `target` image, device-side: nothing is read back to the host.
    ///
    /// The scene is drawn on a transparent background into TileRender's own buffer on the device; then
    /// one submission copies it into the image, ordered by `synchronization`. Returns once that copy
    /// is submitted (the drawing itself has finished by then); wait for your fence or semaphore before
    /// using the image. Throws before submitting anything: `TileRenderError.invalidSize(width:height:)`
    /// for an empty scene, `TileRenderError.invalidTarget(_:)` for an image of another format, without
    /// transfer-destination usage, smaller than the render or with final layout `.undefined`, and
    /// `TileRenderError.backendUnavailable(_:)` from a renderer not made with ``init(device:threadCount:offscreenCacheBytes:)``.
    @discardableResult
    public func render(_ scene: Scene, into target: VulkanImageTarget,
                       synchronization: VulkanSynchronization = VulkanSynchronization()) throws -> RenderStatistics {
        let context = try interopContext()
        let (w, h) = try Renderer.pixelSize(of: scene.size)
        guard target.format == .rgba8Unorm else {
            throw TileRenderError.invalidTarget("the image's format is VkFormat \(target.format.rawValue); TileRender writes premultiplied RGBA8 and needs VK_FORMAT_R8G8B8A8_UNORM (37)")
        }
        guard target.usage.contains(.transferDestination) else {
            throw TileRenderError.invalidTarget("the image lacks VK_IMAGE_USAGE_TRANSFER_DST_BIT usage (the render is copied into it)")
        }
        guard target.width >= w, target.height >= h else {
            throw TileRenderError.invalidTarget("the image is \(target.width)x\(target.height); the render is \(w)x\(h)")
        }
        guard target.finalLayout != .undefined, target.finalLayout != .preinitialized else {
            throw TileRenderError.invalidTarget("an image cannot be left in layout \(target.finalLayout.rawValue) (undefined or preinitialized)")
        }
        return try renderAndCopy(scene, on: context, to: .image(target.image, layout: target.layout.rawValue, finalLayout: target.finalLayout.rawValue),
                                 synchronization)
    }

    /// Renders `scene` into the engine's `target` buffer, device-side: premultiplied RGBA8 rows of the
    /// scene's width, `bytesPerRow` apart from `target.offset`. Synchronised, returning and throwing
    /// like the image variant; `TileRenderError.invalidTarget(_:)` also when the rows do not fit in
    /// the buffer or `bytesPerRow` is less than the row.
    @discardableResult
    public func render(_ scene: Scene, into target: VulkanBufferTarget,
                       synchronization: VulkanSynchronization = VulkanSynchronization()) throws -> RenderStatistics {
        let context = try interopContext()
        let (w, h) = try Renderer.pixelSize(of: scene.size)
        guard target.usage.contains(.transferDestination) else {
            throw TileRenderError.invalidTarget("the buffer lacks VK_BUFFER_USAGE_TRANSFER_DST_BIT usage (the render is copied into it)")
        }
        // w and h are at most Bitmap.maxDimension, so w * 4 cannot overflow; the caller's numbers can.
        guard target.offset >= 0, target.size >= 0, target.bytesPerRow >= w * 4 else {
            throw TileRenderError.invalidTarget("offset \(target.offset), size \(target.size), bytesPerRow \(target.bytesPerRow): need offset and size >= 0 and bytesPerRow >= \(w * 4) (the render is \(w)x\(h))")
        }
        let (rows, overflow1) = target.bytesPerRow.multipliedReportingOverflow(by: h - 1)
        let (end, overflow2) = rows.addingReportingOverflow(w * 4)
        let (needed, overflow3) = end.addingReportingOverflow(target.offset)
        guard !overflow1, !overflow2, !overflow3, needed <= target.size else {
            throw TileRenderError.invalidTarget("a buffer of \(target.size) bytes cannot hold \(w)x\(h) pixels with bytesPerRow \(target.bytesPerRow) from offset \(target.offset)")
        }
        return try renderAndCopy(scene, on: context, to: .buffer(target.buffer, offset: target.offset, bytesPerRow: target.bytesPerRow),
                                 synchronization)
    }

    private func interopContext() throws -> VulkanContext {
        guard let provider = gpuProvider as? BorrowedVulkanProvider else {
            throw TileRenderError.backendUnavailable("rendering into a Vulkan image or buffer needs a renderer made with Renderer(device:)")
        }
        return provider.context
    }

    private func renderAndCopy(_ scene: Scene, on context: VulkanContext, to destination: InteropDestination,
                               _ sync: VulkanSynchronization) throws -> RenderStatistics {
        var renderer = self
        renderer.backend = .vulkan
        let (statistics, image) = try renderer.renderResident(scene)
        guard let buffer = image as? VulkanBackend.ResidentBuffer, buffer.buffer.owner === context.vulkanDevice else {
            throw TileRenderError.backendUnavailable("the render was not drawn on the engine's device")
        }
        try context.submitCopy(of: buffer, to: destination,
                               synchronization: InteropSynchronization(wait: sync.wait, signal: sync.signal, fence: sync.fence))
        return statistics
    }
}
#endif
