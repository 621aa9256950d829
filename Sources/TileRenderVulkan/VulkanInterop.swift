import CVulkan
import Foundation
import TileRenderGeometry
import TileRenderPipeline

// Rendering into a caller's (an engine's) Vulkan image or buffer, on the caller's device
// (`VulkanContext(borrowing:...)`). The fine shader draws into TileRender's own device buffer, as for an
// offscreen group (`VulkanBackend.ResidentBuffer`); one more submission then copies that buffer into
// the caller's image or buffer, device-side, waiting for the caller's semaphores and signalling the
// caller's semaphores and fence. Nothing is read back to the host.

/// Where an interop render's pixels go. The public layer (TileRender's `VulkanImageTarget` and
/// `VulkanBufferTarget`) validates format, usage, sizes and layouts before this is made.
package enum InteropDestination {
    /// An rgba8 image: the render's pixels go to its origin. It is in `layout` (UNDEFINED: its
    /// contents may be discarded) and is left in `finalLayout` (both `VkImageLayout` raw values).
    case image(VkImage, layout: UInt32, finalLayout: UInt32)
    /// A buffer: the render's rows, `bytesPerRow` apart, from `offset`.
    case buffer(VkBuffer, offset: Int, bytesPerRow: Int)
}

/// The caller's synchronisation objects for the copy submission (binary semaphores).
package struct InteropSynchronization {
    /// Waited for before the copy writes the destination (at the transfer stage).
    package var wait: [VkSemaphore]
    /// Signalled once the destination holds the render.
    package var signal: [VkSemaphore]
    /// Signalled once the destination holds the render (after `signal`).
    package var fence: VkFence?

    package init(wait: [VkSemaphore], signal: [VkSemaphore], fence: VkFence?) {
        self.wait = wait
        self.signal = signal
        self.fence = fence
    }
}

/// Copy submissions whose completion the host has not seen yet: what they read (the rendered buffer,
/// the command pool) stays alive until their fence signals. Finished ones are dropped at the next copy;
/// the rest are waited for when this goes (with the context that owns it).
package final class PendingCopies: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let fence: VulkanFence
        let keep: [AnyObject]
        init(fence: VulkanFence, keep: [AnyObject]) {
            self.fence = fence
            self.keep = keep
        }
    }
    private let entries = Locked<[Entry]>([])

    package init() {}

    /// Copies submitted and not yet seen finished.
    package var count: Int { entries.withLock { $0.count } }

    fileprivate func add(_ fence: VulkanFence, keeping objects: [AnyObject]) {
        entries.withLock { $0.append(Entry(fence: fence, keep: objects)) }
    }

    /// Drops the copies whose fence has signalled.
    package func reap() {
        entries.withLock { entries in
            entries.removeAll { vkGetFenceStatus($0.fence.device.handle, $0.fence.handle) == VK_SUCCESS }
        }
    }

    /// Waits (at most `VulkanBackend.timeLimitSeconds`) for every pending copy, then drops them.
    /// One that does not finish is kept (leaked): the device may still read what it holds.
    package func waitForAll() {
        let waiting = entries.withLock { entries -> [Entry] in
            defer { entries.removeAll() }
            return entries
        }
        for entry in waiting {
            var fence: VkFence? = entry.fence.handle
            let waited = vkWaitForFences(entry.fence.device.handle, 1, &fence, VkBool32(VK_TRUE),
                                         UInt64(VulkanBackend.timeLimitSeconds) * 1_000_000_000)
            if waited != VK_SUCCESS { _ = Unmanaged.passRetained(entry) }
        }
    }

    deinit { waitForAll() }
}

extension VulkanContext {
    /// Submits a copy of `source` (a `width` x `height` render in this device's memory, drawn by
    /// earlier submissions on this queue) into `destination`, synchronised with the caller's objects.
    /// Returns once the copy is submitted; `source` is kept alive until the device has done it.
    package func submitCopy(of source: VulkanBackend.ResidentBuffer, to destination: InteropDestination,
                            synchronization sync: InteropSynchronization) throws {
        pendingCopies.reap()
        let (commandPool, commandBuffer) = try beginOneTimeCommands()
        let width = source.width, height = source.height
        // Everything earlier on this queue (the fine stage's writes, the caller's own use of the
        // destination) happens before the copy reads the source and writes the destination.
        var before = VkMemoryBarrier()
        before.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
        before.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT.rawValue
        before.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT.rawValue | VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue, VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue,
                             0, 1, &before, 0, nil, 0, nil)
        switch destination {
        case .image(let image, let layout, let finalLayout):
            var toCopy = imageBarrier(image, from: VkImageLayout(rawValue: layout), to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                      source: VK_ACCESS_MEMORY_WRITE_BIT.rawValue, destination: VK_ACCESS_TRANSFER_WRITE_BIT.rawValue)
            vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue, VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue,
                                 0, 0, nil, 0, nil, 1, &toCopy)
            var region = VkBufferImageCopy()
            region.bufferOffset = 0
            region.bufferRowLength = 0  // tightly packed: width pixels per row
            region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT.rawValue
            region.imageSubresource.layerCount = 1
            // The public layer checked both against the image's extent (at most UInt32.max).
            region.imageExtent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
            vkCmdCopyBufferToImage(commandBuffer, source.buffer.buffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region)
            var toFinal = imageBarrier(image, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VkImageLayout(rawValue: finalLayout),
                                       source: VK_ACCESS_TRANSFER_WRITE_BIT.rawValue,
                                       destination: VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue)
            vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue,
                                 0, 0, nil, 0, nil, 1, &toFinal)
        case .buffer(let buffer, let offset, let bytesPerRow):
            let row = width * 4
            var regions = bytesPerRow == row
                ? [VkBufferCopy(srcOffset: 0, dstOffset: VkDeviceSize(offset), size: VkDeviceSize(row * height))]
                : (0..<height).map { y in
                    VkBufferCopy(srcOffset: VkDeviceSize(y * row), dstOffset: VkDeviceSize(offset + y * bytesPerRow), size: VkDeviceSize(row))
                }
            vkCmdCopyBuffer(commandBuffer, source.buffer.buffer, buffer, UInt32(regions.count), &regions)
            var after = VkMemoryBarrier()
            after.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
            after.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
            after.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue
            vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue,
                                 0, 1, &after, 0, nil, 0, nil)
        }
        try check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")

        var fenceInfo = VkFenceCreateInfo()
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        let fence = try VulkanFence(vulkanDevice, "vkCreateFence") { device, handle in
            vkCreateFence(device, &fenceInfo, nil, &handle)
        }
        var commandBuffers: [VkCommandBuffer?] = [commandBuffer]
        var waits: [VkSemaphore?] = sync.wait
        var waitStages = [VkPipelineStageFlags](repeating: VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, count: sync.wait.count)
        var signals: [VkSemaphore?] = sync.signal
        try submission.withLock { submissions in
            submissions += 1
            try commandBuffers.withUnsafeMutableBufferPointer { buffers in
                try waits.withUnsafeMutableBufferPointer { waits in
                    try waitStages.withUnsafeMutableBufferPointer { stages in
                        try signals.withUnsafeMutableBufferPointer { signals in
                            var submit = VkSubmitInfo()
                            submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
                            submit.waitSemaphoreCount = UInt32(waits.count)
                            submit.pWaitSemaphores = waits.isEmpty ? nil : UnsafePointer(waits.baseAddress)
                            submit.pWaitDstStageMask = stages.isEmpty ? nil : UnsafePointer(stages.baseAddress)
                            submit.commandBufferCount = 1
                            submit.pCommandBuffers = UnsafePointer(buffers.baseAddress)
                            submit.signalSemaphoreCount = UInt32(signals.count)
                            submit.pSignalSemaphores = signals.isEmpty ? nil : UnsafePointer(signals.baseAddress)
                            try check(vkQueueSubmit(queue, 1, &submit, fence.handle), "vkQueueSubmit")
                            pendingCopies.add(fence, keeping: [source, commandPool])
                        }
                    }
                }
            }
            // The caller's fence: a submission without work signals it once all earlier work on the
            // queue, the copy included, has finished.
            if let callerFence = sync.fence {
                try check(vkQueueSubmit(queue, 0, nil, callerFence), "vkQueueSubmit (the caller's fence)")
            }
        }
    }

    private func imageBarrier(_ image: VkImage, from old: VkImageLayout, to new: VkImageLayout,
                              source: UInt32, destination: UInt32) -> VkImageMemoryBarrier {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = source
        barrier.dstAccessMask = destination
        barrier.oldLayout = old
        barrier.newLayout = new
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = image
        barrier.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT.rawValue
        barrier.subresourceRange.levelCount = 1
        barrier.subresourceRange.layerCount = 1
        return barrier
    }
}
