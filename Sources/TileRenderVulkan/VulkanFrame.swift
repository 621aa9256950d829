import CVulkan
import Foundation
import Shaders
import TileRenderGeometry
import TileRenderPipeline

/// What one render of the fine shader needs besides the scene, kept from render to render: a buffer
/// per binding (host-visible and mapped while it lives; grown when a scene needs more, never made
/// anew for a scene that fits), the pixel buffer, one descriptor set (rewritten only for bindings whose
/// buffer changed), a command pool and buffer (reset per render), a fence and a timestamp query pool.
///
/// A context keeps a few idle frames (`VulkanContext.withFrame`); a render takes one, so renders on
/// several threads at once each have their own. A frame whose submission timed out is never used
/// again or freed (the device may still run it).
package final class VulkanFrame: @unchecked Sendable {
    /// A buffer of the frame: a binding of the fine shader, or the pixel rows of a band drawn into a
    /// target (`pixels`) or into a resident image's later band (`band`).
    package enum Slot: Hashable, Sendable {
        case binding(GPUABI.Binding)
        case pixels
        case band
    }

    /// Buffers grow to this many times what was asked (at least), so a scene that grows a little per
    /// frame does not make a buffer per frame.
    package static let growth = 1.5

    let device: VulkanDevice
    private var buffers: [Slot: VulkanBackend.HostBuffer] = [:]
    /// The array last copied into a slot's buffer (kept, so its storage cannot change) and its bytes:
    /// a scene that hands over the same array again (an encoding drawn again) is not copied again.
    private var uploaded: [Slot: (array: Any, bytes: Int, buffer: VulkanBackend.HostBuffer)] = [:]
    /// The buffer each binding of `descriptorSet` points at now (held: an identifier of a freed one
    /// could come back as a new buffer's, which the set would then not be rewritten for).
    private var bound: [GPUABI.Binding: AnyObject] = [:]
    /// Device-memory twins of slots' host buffers, where renders stage (`VulkanContext.stagesBuffers`):
    /// the host buffer each is copied from and to, and whether it holds what that buffer holds now.
    private var twins: [Slot: (host: VulkanBackend.HostBuffer, device: VulkanBackend.DeviceBuffer, current: Bool)] = [:]
    /// Bytes the last upload put at the start of a slot's host buffer (what a copy to its twin takes).
    private var filledBytes: [Slot: Int] = [:]
    let descriptorPool: VulkanDescriptorPool
    let descriptorSet: VkDescriptorSet
    let commandPool: VulkanCommandPool
    let commandBuffer: VkCommandBuffer
    let fence: VulkanFence
    private(set) var queries: VulkanQueryPool?
    /// Set while a submission is in flight; left set when its wait failed or timed out.
    var inFlight = false

    /// Threads the host copies of a render may use (`RasterSettings.threadCount`, set per render).
    package var copyThreads = 1

    /// Buffers made and bytes copied by this frame (for the tests and `tile-bench`).
    package private(set) var bufferAllocations = 0
    package private(set) var uploadedBytes = 0
    package private(set) var skippedUploadBytes = 0

    init(_ context: VulkanContext) throws {
        let device = context.vulkanDevice
        self.device = device
        var poolSize = VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: VulkanContext.bindingCount)
        var poolInfo = VkDescriptorPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
        poolInfo.maxSets = 1
        poolInfo.poolSizeCount = 1
        let descriptorPool = try VulkanDescriptorPool(device, "vkCreateDescriptorPool") { device, handle in
            withUnsafePointer(to: &poolSize) { sizes in
                poolInfo.pPoolSizes = sizes
                return vkCreateDescriptorPool(device, &poolInfo, nil, &handle)
            }
        }
        self.descriptorPool = descriptorPool
        var set: VkDescriptorSet?
        var setLayouts: [VkDescriptorSetLayout?] = [context.descriptorSetLayout]
        try setLayouts.withUnsafeMutableBufferPointer { layouts in
            var allocate = VkDescriptorSetAllocateInfo()
            allocate.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            allocate.descriptorPool = descriptorPool.handle
            allocate.descriptorSetCount = 1
            allocate.pSetLayouts = UnsafePointer(layouts.baseAddress)
            try check(vkAllocateDescriptorSets(device.handle, &allocate, &set), "vkAllocateDescriptorSets")
        }
        guard let set else { throw TileRenderError.backendUnavailable("vkAllocateDescriptorSets returned no set") }
        descriptorSet = set

        var commandPoolInfo = VkCommandPoolCreateInfo()
        commandPoolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        commandPoolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT.rawValue
        commandPoolInfo.queueFamilyIndex = context.queueFamily
        let commandPool = try VulkanCommandPool(device, "vkCreateCommandPool") { device, handle in
            vkCreateCommandPool(device, &commandPoolInfo, nil, &handle)
        }
        self.commandPool = commandPool
        var allocate = VkCommandBufferAllocateInfo()
        allocate.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocate.commandPool = commandPool.handle
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocate.commandBufferCount = 1
        var commandBuffer: VkCommandBuffer?
        try check(vkAllocateCommandBuffers(device.handle, &allocate, &commandBuffer), "vkAllocateCommandBuffers")
        guard let commandBuffer else { throw TileRenderError.backendUnavailable("vkAllocateCommandBuffers returned no buffer") }
        self.commandBuffer = commandBuffer

        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        fence = try VulkanFence(device, "vkCreateFence") { device, handle in
            vkCreateFence(device, &fenceInfo, nil, &handle)
        }
    }

    /// A buffer larger than this is not kept for renders that need under a quarter of it: one huge
    /// frame does not pin its memory for every small frame after it.
    package static let largeBufferBytes = 64 << 20

    /// The slot's buffer, holding at least `bytes` (grown, contents dropped, when it held fewer; made
    /// again at the size asked when it is large and holds over four times that).
    package func buffer(_ slot: Slot, bytes: Int, in context: VulkanContext) throws -> VulkanBackend.HostBuffer {
        var size = max(bytes, Int(Double(buffers[slot]?.size ?? 0) * VulkanFrame.growth))
        if let buffer = buffers[slot], buffer.size >= bytes {
            guard buffer.size > VulkanFrame.largeBufferBytes, buffer.size / 4 > bytes else { return buffer }
            size = bytes
        }
        // The old buffer goes first (the frame is idle: nothing on the device uses it); a binding
        // that pointed at it is rewritten at the next `bind`.
        if let old = buffers[slot] { bound = bound.filter { $0.value !== old && $0.value !== twins[slot]?.device } }
        buffers[slot] = nil
        twins[slot] = nil
        uploaded[slot] = nil
        let made = try VulkanBackend.HostBuffer(context, size: size,
                                                 use: slot == .pixels || slot == .band ? .readBack : .upload)
        buffers[slot] = made
        bufferAllocations += 1
        context.bufferAllocations.withLock { $0 += 1 }
        return made
    }

    /// The binding's buffer with `array`'s bytes at its start. The copy is skipped when the buffer
    /// already holds this very array (the same storage, kept alive since, so the same contents).
    package func upload<T>(_ array: [T], to binding: GPUABI.Binding, in context: VulkanContext,
                           reusable: Bool = true) throws -> VulkanBackend.HostBuffer {
        let bytes = array.count * MemoryLayout<T>.stride
        let slot = Slot.binding(binding)
        let buffer = try self.buffer(slot, bytes: bytes, in: context)
        let same = reusable && bytes > 0 && uploaded[slot].map { previous in
            previous.bytes == bytes && previous.buffer === buffer
                && (previous.array as? [T]).map { VulkanFrame.sameStorage($0, array) } == true
        } == true
        if same {
            skippedUploadBytes += bytes
            return buffer
        }
        twins[slot]?.current = false
        filledBytes[slot] = bytes
        if bytes > 0 {
            precondition(bytes <= buffer.size, "upload larger than its buffer")
            array.withUnsafeBytes { VulkanFrame.copy(ReadOnlySpan(bytes: $0), to: buffer.bytes, threads: copyThreads) }
        }
        uploadedBytes += bytes
        uploaded[slot] = reusable && bytes > 0 ? (array, bytes, buffer) : nil
        return buffer
    }

    /// The image binding's buffer with the scene's texel space laid out in it (`SceneImages`: each
    /// bitmap's texels copied to its first texel). The copy is skipped when the buffer already holds
    /// the same images (the same bitmap storage at the same places, kept alive since); resident
    /// images' regions are the caller's to fill (then pass `reusable` false).
    package func upload(_ images: SceneImages, to binding: GPUABI.Binding, in context: VulkanContext,
                        reusable: Bool = true) throws -> VulkanBackend.HostBuffer {
        let bytes = images.texelCount * 4
        let slot = Slot.binding(binding)
        let buffer = try self.buffer(slot, bytes: bytes, in: context)
        let same = reusable && bytes > 0 && uploaded[slot].map { previous in
            previous.bytes == bytes && previous.buffer === buffer
                && (previous.array as? SceneImages).map { $0.sameImages(as: images) } == true
        } == true
        if same {
            skippedUploadBytes += bytes
            return buffer
        }
        twins[slot]?.current = false
        filledBytes[slot] = bytes
        if bytes > 0 {
            precondition(bytes <= buffer.size, "upload larger than its buffer")
            images.copyBitmapTexels(into: buffer.bytes)
        }
        uploadedBytes += bytes
        uploaded[slot] = reusable && bytes > 0 ? (images, bytes, buffer) : nil
        return buffer
    }

    /// Forgets what a binding's buffer holds (something else was written into it).
    package func invalidate(_ binding: GPUABI.Binding) {
        uploaded[.binding(binding)] = nil
        twins[.binding(binding)]?.current = false
    }

    /// The device-memory twin of `slot`'s host buffer `host` (made again when `host` is a new buffer),
    /// and the bytes to copy into it before the shader reads it: 0 when it holds the host buffer's
    /// contents already (the same arrays uploaded again were not copied again). Marks it current: the
    /// caller records that copy in this render's command buffer.
    package func twin(of slot: Slot, host: VulkanBackend.HostBuffer, in context: VulkanContext) throws
        -> (buffer: VulkanBackend.DeviceBuffer, staleBytes: Int) {
        var staleBytes = filledBytes[slot] ?? 0
        if let twin = twins[slot], twin.host === host {
            if twin.current { staleBytes = 0 }
        } else {
            if let old = twins[slot]?.device { bound = bound.filter { $0.value !== old } }
            twins[slot] = nil
            twins[slot] = (host, try VulkanBackend.DeviceBuffer(context, size: host.size), false)
            bufferAllocations += 1
            context.bufferAllocations.withLock { $0 += 1 }
        }
        twins[slot]!.current = true
        return (twins[slot]!.device, staleBytes)
    }

    /// Bytes at least this many a thread when a copy is split: below it the split costs more than it saves.
    static let bytesPerCopyThread = 1 << 20

    /// Copies `source` to the start of `destination`, split over up to `threads` threads when large:
    /// one core does not reach the bandwidth of mapped device or host memory (measured on an NVIDIA
    /// H200's host: NOTES.md).
    package static func copy(_ source: ReadOnlySpan<UInt8>, to destination: ScratchSpan<UInt8>, threads: Int) {
        let count = source.count
        let pieces = max(1, min(threads, count / bytesPerCopyThread))
        guard pieces > 1 else { return destination.copy(from: source) }
        // Pieces of whole 64-byte lines, the last one taking the rest: each worker writes its own.
        let step = (count / pieces) & ~63
        parallelFor(pieces, threads: pieces) { piece, _ in
            let start = piece * step, end = piece == pieces - 1 ? count : start + step
            destination.copy(from: source.slice(from: start, count: end - start), to: start)
        }
    }

    private static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.baseAddress == y.baseAddress && x.count == y.count } }
    }

    /// Points the descriptor set's bindings at `buffers` (in `GPUABI.Binding` order), writing only
    /// those that changed since the last render.
    func bind(_ buffers: [any VulkanStorageBuffer]) {
        var changed: [(binding: UInt32, buffer: VkBuffer)] = []
        for (binding, buffer) in zip(GPUABI.Binding.allCases, buffers) where bound[binding] !== buffer {
            changed.append((binding.rawValue, buffer.buffer))
            bound[binding] = buffer
        }
        guard !changed.isEmpty else { return }
        VulkanBackend.writeStorageBuffers(device.handle, set: descriptorSet, changed)
    }

    /// A bound buffer that is not kept by a slot (a resident image's) may go once the render is
    /// done; its binding is rewritten next time.
    func unbind(_ binding: GPUABI.Binding) { bound[binding] = nil }

    /// Resets the command pool and begins the command buffer for one submission.
    func beginCommands() throws -> VkCommandBuffer {
        try check(vkResetCommandPool(device.handle, commandPool.handle, 0), "vkResetCommandPool")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue
        try check(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        return commandBuffer
    }

    /// Two timestamp queries, made on first use.
    func timestampQueries() throws -> VulkanQueryPool {
        if let queries { return queries }
        var queryInfo = VkQueryPoolCreateInfo()
        queryInfo.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO
        queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP
        queryInfo.queryCount = 2
        let made = try VulkanQueryPool(device, "vkCreateQueryPool") { device, handle in
            vkCreateQueryPool(device, &queryInfo, nil, &handle)
        }
        queries = made
        return made
    }
}

extension VulkanContext {
    /// Idle frames kept for later renders.
    package static let keptFrames = 4

    /// Runs `body` with an idle frame of this context (made when none is idle), then keeps the frame
    /// for the next render, unless a submission of it did not finish (then it is never touched again).
    package func withFrame<R>(_ body: (VulkanFrame) throws -> R) throws -> R {
        let frame = try idleFrames.withLock { $0.popLast() } ?? VulkanFrame(self)
        defer {
            if !frame.inFlight {
                idleFrames.withLock { frames in
                    if frames.count < VulkanContext.keptFrames { frames.append(frame) }
                }
            }
        }
        return try body(frame)
    }

    /// How many idle frames the context keeps now.
    package var idleFrameCount: Int { idleFrames.withLock { $0.count } }
}
