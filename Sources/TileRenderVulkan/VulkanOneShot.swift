import CVulkan
import Foundation
import TileRenderGeometry
import TileRenderPipeline

extension VulkanContext {
    /// Runs compute shader `spirv` once on one workgroup, with `buffers` bound as storage buffers
    /// 0..<count of descriptor set 0 (no push constants), and returns the buffers' bytes afterwards.
    /// For small checks such as the ABI layout probe; the fine stage has its own pipeline.
    package func runOnce(spirv: [UInt32], buffers contents: [[UInt8]]) throws -> [[UInt8]] {
        let device = self.device
        let buffers = try contents.map { bytes -> VulkanBackend.HostBuffer in
            let buffer = try VulkanBackend.HostBuffer(self, size: bytes.count)
            bytes.withUnsafeBufferPointer { buffer.bytes.copy(from: ReadOnlySpan($0)) }
            return buffer
        }
        let compute = try ComputePipeline(vulkanDevice, spirv: spirv, bindings: (0..<buffers.count).map { UInt32($0) },
                                          pushConstantBytes: 0)
        var poolSize = VkDescriptorPoolSize(type: VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, descriptorCount: UInt32(buffers.count))
        let pool = try VulkanDescriptorPool(vulkanDevice, "vkCreateDescriptorPool") { device, handle in
            withUnsafePointer(to: &poolSize) { sizes in
                var info = VkDescriptorPoolCreateInfo()
                info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO
                info.maxSets = 1
                info.poolSizeCount = 1
                info.pPoolSizes = sizes
                return vkCreateDescriptorPool(device, &info, nil, &handle)
            }
        }
        var set: VkDescriptorSet?
        var setLayouts: [VkDescriptorSetLayout?] = [compute.setLayout.handle]
        try setLayouts.withUnsafeMutableBufferPointer { pointer in
            var info = VkDescriptorSetAllocateInfo()
            info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO
            info.descriptorPool = pool.handle
            info.descriptorSetCount = 1
            info.pSetLayouts = UnsafePointer(pointer.baseAddress)
            try check(vkAllocateDescriptorSets(device, &info, &set), "vkAllocateDescriptorSets")
        }
        VulkanBackend.writeStorageBuffers(device, set: set, buffers.enumerated().map { (UInt32($0.offset), $0.element.buffer) })

        let (commandPool, firstBuffer) = try beginOneTimeCommands()
        var commandBuffer = firstBuffer  // vkQueueSubmit takes its address
        vkCmdBindPipeline(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, compute.pipeline.handle)
        vkCmdBindDescriptorSets(commandBuffer, VK_PIPELINE_BIND_POINT_COMPUTE, compute.layout.handle, 0, 1, &set, 0, nil)
        vkCmdDispatch(commandBuffer, 1, 1, 1)
        recordMemoryBarrier(commandBuffer, source: VK_ACCESS_SHADER_WRITE_BIT, destination: VK_ACCESS_HOST_READ_BIT,
                            after: VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, before: VK_PIPELINE_STAGE_HOST_BIT)
        try check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")

        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        let fenceObject = try VulkanFence(vulkanDevice, "vkCreateFence") { device, handle in
            vkCreateFence(device, &fenceInfo, nil, &handle)
        }
        var fence: VkFence? = fenceObject.handle
        try submission.withLock { submissions in
            submissions += 1
            var submit = VkSubmitInfo()
            submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
            submit.commandBufferCount = 1
            try withUnsafePointer(to: &commandBuffer) { pointer in
                submit.pCommandBuffers = pointer
                try check(vkQueueSubmit(queue, 1, &submit, fence), "vkQueueSubmit")
            }
        }
        // A tiny dispatch: a device that cannot finish it in 10 s is broken; it is waited for before
        // anything it uses is released.
        let waited = vkWaitForFences(device, 1, &fence, VkBool32(VK_TRUE), 10_000_000_000)
        guard waited == VK_SUCCESS else {
            let idle = vkDeviceWaitIdle(device)
            throw TileRenderError.backendUnavailable("vkWaitForFences failed (VkResult \(waited.rawValue); idle wait \(idle.rawValue))")
        }
        let results = zip(buffers, contents).map { buffer, original in
            buffer.bytes.readOnly.slice(from: 0, count: original.count).array
        }
        withExtendedLifetime((compute, pool, commandPool, fenceObject)) {}
        return results
    }
}

/// Records a global memory barrier: writes of `source` access at stage `after` become visible to
/// `destination` access at stage `before`.
package func recordMemoryBarrier(_ commandBuffer: VkCommandBuffer?, source: VkAccessFlagBits, destination: VkAccessFlagBits,
                                 after: VkPipelineStageFlagBits, before: VkPipelineStageFlagBits) {
    var barrier = VkMemoryBarrier()
    barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
    barrier.srcAccessMask = source.rawValue
    barrier.dstAccessMask = destination.rawValue
    vkCmdPipelineBarrier(commandBuffer, after.rawValue, before.rawValue, 0, 1, &barrier, 0, nil, 0, nil)
}

extension VulkanContext {
    /// A command pool on the compute queue's family and one primary command buffer from it, begun for
    /// a single submission. The pool owns the buffer: keep it alive until the submission has finished.
    package func beginOneTimeCommands() throws -> (pool: VulkanCommandPool, buffer: VkCommandBuffer?) {
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.queueFamilyIndex = queueFamily
        let pool = try VulkanCommandPool(vulkanDevice, "vkCreateCommandPool") { device, handle in
            vkCreateCommandPool(device, &poolInfo, nil, &handle)
        }
        var allocate = VkCommandBufferAllocateInfo()
        allocate.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocate.commandPool = pool.handle
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocate.commandBufferCount = 1
        var buffer: VkCommandBuffer?
        try check(vkAllocateCommandBuffers(device, &allocate, &buffer), "vkAllocateCommandBuffers")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue
        try check(vkBeginCommandBuffer(buffer, &begin), "vkBeginCommandBuffer")
        return (pool, buffer)
    }
}
