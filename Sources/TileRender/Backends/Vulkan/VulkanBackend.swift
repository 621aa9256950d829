import CVulkan
import Foundation
import Synchronization
import Shaders

/// The Vulkan rasterizer: uploads the binned scene (the same arrays the CPU fine stage reads), runs the
/// fine shader with one workgroup per tile, and reads the pixels back into the target.
struct VulkanBackend: RasterBackend {
    let context: VulkanContext
    /// Device time one render may take, all bands together.
    static let timeLimitSeconds = 60

    var capabilities: BackendCapabilities {
        BackendCapabilities(kind: .vulkan, name: "Vulkan", deviceName: context.deviceName, isHardware: !context.isSoftware,
                            maxLayerDepth: FineShader.maxLayerDepth, maxBufferBytes: context.maxStorageBufferRange,
                            maxBufferName: "maxStorageBufferRange", buffersPixelRows: true,
                            timeLimit: .seconds(VulkanBackend.timeLimitSeconds))
    }
    /// Buffers of dispatches whose wait timed out: the device may still read and write them, so they
    /// are never freed (freeing them crashed lavapipe's still-running workers).
    private static let abandoned = Mutex<[[HostBuffer]]>([])

    /// A host-visible, coherent storage buffer, mapped while it lives.
    /// Used by one render at a time; abandoned ones are only kept alive, never touched again.
    private final class HostBuffer: @unchecked Sendable {
        let device: VkDevice
        let buffer: VkBuffer
        let memory: VkDeviceMemory
        let mapped: UnsafeMutableRawPointer
        let size: Int

        init(_ context: VulkanContext, size requested: Int) throws {
            device = context.device
            size = max(16, requested)
            var info = VkBufferCreateInfo()
            info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
            info.size = VkDeviceSize(size)
            info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT.rawValue
            info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
            var createdBuffer: VkBuffer?
            try check(vkCreateBuffer(device, &info, nil, &createdBuffer), "vkCreateBuffer")
            buffer = createdBuffer!
            var requirements = VkMemoryRequirements()
            vkGetBufferMemoryRequirements(device, buffer, &requirements)
            let flags = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue
            guard let type = context.memoryType(bits: requirements.memoryTypeBits, flags: flags) else {
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("no host-visible coherent memory for a \(size)-byte buffer")
            }
            var allocation = VkMemoryAllocateInfo()
            allocation.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
            allocation.allocationSize = requirements.size
            allocation.memoryTypeIndex = type
            var createdMemory: VkDeviceMemory?
            let allocated = vkAllocateMemory(device, &allocation, nil, &createdMemory)
            guard allocated == VK_SUCCESS, let memory = createdMemory else {
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("vkAllocateMemory of \(size) bytes failed (VkResult \(allocated.rawValue))")
            }
            self.memory = memory
            var pointer: UnsafeMutableRawPointer?
            guard vkBindBufferMemory(device, buffer, memory, 0) == VK_SUCCESS,
                  vkMapMemory(device, memory, 0, VkDeviceSize(size), 0, &pointer) == VK_SUCCESS, let pointer else {
                vkFreeMemory(device, memory, nil)
                vkDestroyBuffer(device, buffer, nil)
                throw TileRenderError.backendUnavailable("mapping a \(size)-byte buffer failed")
            }
            mapped = pointer
        }

        deinit {
            vkUnmapMemory(device, memory)
            vkDestroyBuffer(device, buffer, nil)
            vkFreeMemory(device, memory, nil)
        }
    }

    private func upload<T>(_ array: [T]) throws -> HostBuffer {
        let bytes = array.count * MemoryLayout<T>.stride
        let buffer = try HostBuffer(context, size: bytes)
        array.withUnsafeBytes { raw in
            if let base = raw.baseAddress, bytes > 0 { buffer.mapped.copyMemory(from: base, byteCount: bytes) }
        }
        return buffer
    }

    /// Checks the buffers that do not shrink with banding (colour ramps, image texels, draws) against
    /// the device's limit, before anything is binned or uploaded.
    func checkSceneBuffers(_ encoding: EncodedScene, limit range: Int) throws {
        for (name, bytes) in [("gradient ramps", encoding.ramps.count * 16), ("image texels", encoding.images.count * 4),
                              ("paints", encoding.paints.count * MemoryLayout<EncodedPaint>.stride),
                              ("draws", encoding.draws.count * MemoryLayout<BinnedDraw>.stride)] where bytes > range {
            throw TileRenderError.backendUnavailable("the scene's \(name) need a \(bytes)-byte buffer; \(context.deviceName) allows \(range) (maxStorageBufferRange)")
        }
    }

    func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws {
        guard scene.maxLayerDepth <= FineShader.maxLayerDepth else {
            throw TileRenderError.backendUnavailable("layers nest \(scene.maxLayerDepth) deep; the Vulkan shader supports \(FineShader.maxLayerDepth)")
        }
        let device = context.device
        // The band's pixel rows only (all of them unless the scene is banded); the shader offsets its
        // tile rows by `tileRowStart` and indexes this buffer from the band's first pixel row.
        let firstRow = scene.tileRows.lowerBound * BinnedScene.tileSize
        let rowCount = max(0, min(target.height, scene.tileRows.upperBound * BinnedScene.tileSize) - firstRow)
        guard rowCount > 0 else { return }
        let pixelCount = target.width * rowCount
        let largest = [pixelCount * 4, scene.segments.count * MemoryLayout<TileSegment>.stride,
                       scene.pathTiles.count * MemoryLayout<PathTile>.stride, scene.tileCommands.count * 4,
                       scene.tileCommandStart.count * 4,
                       scene.backdrops.count * 4, scene.ramps.count * 16, scene.images.count * 4].max()!
        guard largest <= context.maxStorageBufferRange else {
            throw TileRenderError.backendUnavailable("the scene needs a \(largest)-byte buffer; \(context.deviceName) allows \(context.maxStorageBufferRange)")
        }
        // Inputs, in binding order (see FineShader).
        let inputs = [
            try upload(scene.tileCommandStart), try upload(scene.tileCommands), try upload(scene.pathTiles),
            try upload(scene.draws), try upload(scene.layers), try upload(scene.paints), try upload(scene.ramps),
            try upload(scene.segments), try upload(scene.backdrops),
        ]
        let output = try HostBuffer(context, size: pixelCount * 4)
        let pixels = output.mapped.assumingMemoryBound(to: UInt8.self)
        for y in 0..<rowCount {
            let dst = pixels + y * target.width * 4
            if target.startsTransparent {
                dst.update(repeating: 0, count: target.width * 4)
            } else {
                dst.update(from: target.base.advanced(by: (firstRow + y) * target.bytesPerRow).assumingMemoryBound(to: UInt8.self),
                           count: target.width * 4)
            }
        }
        let all = inputs + [output, try upload(scene.images)]

        // Descriptor set.
        var poolSize = VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: VulkanContext.bindingCount)
        var poolInfo = VkDescriptorPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
        poolInfo.maxSets = 1
        poolInfo.poolSizeCount = 1
        var pool: VkDescriptorPool?
        try withUnsafePointer(to: &poolSize) { sizes in
            poolInfo.pPoolSizes = sizes
            try check(vkCreateDescriptorPool(device, &poolInfo, nil, &pool), "vkCreateDescriptorPool")
        }
        // Everything the device may still use is released only once it is known to be idle: after a
        // timed-out wait the device may still be running the dispatch, so it is kept (leaked) instead.
        var deviceDone = true
        defer { if deviceDone { vkDestroyDescriptorPool(device, pool, nil) } }
        var set: VkDescriptorSet?
        var setLayouts: [VkDescriptorSetLayout?] = [context.descriptorSetLayout]
        try setLayouts.withUnsafeMutableBufferPointer { layouts in
            var allocate = VkDescriptorSetAllocateInfo()
            allocate.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            allocate.descriptorPool = pool
            allocate.descriptorSetCount = 1
            allocate.pSetLayouts = UnsafePointer(layouts.baseAddress)
            try check(vkAllocateDescriptorSets(device, &allocate, &set), "vkAllocateDescriptorSets")
        }
        var bufferInfos = all.map { VkDescriptorBufferInfo(buffer: $0.buffer, offset: 0, range: VkDeviceSize(VK_WHOLE_SIZE)) }
        bufferInfos.withUnsafeMutableBufferPointer { infos in
            var writes = (0..<all.count).map { i -> VkWriteDescriptorSet in
                var w = VkWriteDescriptorSet()
                w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET
                w.dstSet = set
                w.dstBinding = UInt32(i)
                w.descriptorCount = 1
                w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
                w.pBufferInfo = UnsafePointer(infos.baseAddress! + i)
                return w
            }
            vkUpdateDescriptorSets(device, UInt32(writes.count), &writes, 0, nil)
        }

        // Command buffer: bind, push constants, one workgroup per tile, make the writes visible to the host.
        var commandPoolInfo = VkCommandPoolCreateInfo()
        commandPoolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        commandPoolInfo.queueFamilyIndex = context.queueFamily
        var commandPool: VkCommandPool?
        try check(vkCreateCommandPool(device, &commandPoolInfo, nil, &commandPool), "vkCreateCommandPool")
        defer { if deviceDone { vkDestroyCommandPool(device, commandPool, nil) } }
        var commandInfo = VkCommandBufferAllocateInfo()
        commandInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        commandInfo.commandPool = commandPool
        commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        commandInfo.commandBufferCount = 1
        var commandBuffer: VkCommandBuffer?
        try check(vkAllocateCommandBuffers(device, &commandInfo, &commandBuffer), "vkAllocateCommandBuffers")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue
        try check(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, context.pipeline)
        vkCmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, context.pipelineLayout, 0, 1, &set, 0, nil)
        // All values are within the validated canvas (at most 32768 per side), so the conversions hold.
        var constants: [UInt32] = [UInt32(target.width), UInt32(target.height), UInt32(scene.tilesX),
                                   UInt32(EncodedScene.rampSize), UInt32(scene.tileRows.lowerBound)]
        vkCmdPushConstants(commandBuffer, context.pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT.rawValue, 0,
                           UInt32(constants.count * 4), &constants)
        vkCmdDispatch(commandBuffer, UInt32(scene.tilesX), UInt32(scene.tileRows.count), 1)
        var barrier = VkMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT.rawValue
        barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT.rawValue
        vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT.rawValue, VK_PIPELINE_STAGE_HOST_BIT.rawValue,
                             0, 1, &barrier, 0, nil, 0, nil)
        try check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")

        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        var fence: VkFence?
        try check(vkCreateFence(device, &fenceInfo, nil, &fence), "vkCreateFence")
        defer { if deviceDone { vkDestroyFence(device, fence, nil) } }
        try context.submission.withLock { _ in
            var submit = VkSubmitInfo()
            submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
            submit.commandBufferCount = 1
            try withUnsafePointer(to: &commandBuffer) { buffers in
                submit.pCommandBuffers = buffers
                try check(vkQueueSubmit(context.queue, 1, &submit, fence), "vkQueueSubmit")
            }
        }
        // A bounded wait: a lost or hung device becomes an error, never a hang. The 60 s are for the
        // whole render (all its bands), not per band.
        let left = settings.deadline - ContinuousClock.now
        let nanoseconds = max(1_000_000, min(Int64(VulkanBackend.timeLimitSeconds) * 1_000_000_000,
                                             left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000))
        let waited = vkWaitForFences(device, 1, &fence, VkBool32(VK_TRUE), UInt64(nanoseconds))
        if waited == VK_TIMEOUT {
            deviceDone = false
            VulkanBackend.abandoned.withLock { $0.append(all) }
            throw TileRenderError.backendUnavailable("the Vulkan device did not finish the scene within \(VulkanBackend.timeLimitSeconds) s")
        }
        try check(waited, "vkWaitForFences")

        for y in 0..<rowCount {
            target.base.advanced(by: (firstRow + y) * target.bytesPerRow).copyMemory(from: pixels + y * target.width * 4,
                                                                                    byteCount: target.width * 4)
        }
        withExtendedLifetime(all) {}
    }
}
