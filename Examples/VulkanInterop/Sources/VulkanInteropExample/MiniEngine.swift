#if Vulkan
import CVulkan
import Foundation

/// A stand-in for an engine's Vulkan setup: its own instance, device, queue, images, buffers,
/// semaphores and fences, all created and destroyed here (never by TileRender). The example and the
/// interop tests use it; a real engine has its own.
public final class MiniEngine {
    public let instance: VkInstance
    public let physicalDevice: VkPhysicalDevice
    public let device: VkDevice
    public let queueFamily: UInt32
    public let queue: VkQueue
    private let memory: VkPhysicalDeviceMemoryProperties
    /// What `close()` destroys, most recent first.
    private var destroyers: [() -> Void] = []
    private var closed = false

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private static func check(_ result: VkResult, _ call: String) throws {
        guard result == VK_SUCCESS else { throw Failure(description: "\(call) failed (VkResult \(result.rawValue))") }
    }

    /// A Vulkan 1.1 instance and a device with one queue of the first family that supports compute.
    public init() throws {
        var app = VkApplicationInfo()
        app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
        app.apiVersion = cvk_make_api_version(0, 1, 1, 0)
        var instanceInfo = VkInstanceCreateInfo()
        instanceInfo.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
        var createdInstance: VkInstance?
        try withUnsafePointer(to: &app) { appPointer in
            instanceInfo.pApplicationInfo = appPointer
            try MiniEngine.check(vkCreateInstance(&instanceInfo, nil, &createdInstance), "vkCreateInstance")
        }
        guard let instance = createdInstance else { throw Failure(description: "no instance") }
        var count: UInt32 = 0
        vkEnumeratePhysicalDevices(instance, &count, nil)
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        vkEnumeratePhysicalDevices(instance, &count, &devices)
        var chosen: (VkPhysicalDevice, UInt32)?
        for case let candidate? in devices.prefix(Int(count)) where chosen == nil {
            var familyCount: UInt32 = 0
            vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, nil)
            var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(familyCount))
            vkGetPhysicalDeviceQueueFamilyProperties(candidate, &familyCount, &families)
            if let family = families.firstIndex(where: { $0.queueFlags & VK_QUEUE_COMPUTE_BIT.rawValue != 0 }) {
                chosen = (candidate, UInt32(family))
            }
        }
        guard let (physicalDevice, family) = chosen else {
            vkDestroyInstance(instance, nil)
            throw Failure(description: "no Vulkan device with a compute queue")
        }
        var priority: Float = 1
        var createdDevice: VkDevice?
        let created = withUnsafePointer(to: &priority) { priorityPointer -> VkResult in
            var queueInfo = VkDeviceQueueCreateInfo()
            queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
            queueInfo.queueFamilyIndex = family
            queueInfo.queueCount = 1
            queueInfo.pQueuePriorities = priorityPointer
            return withUnsafePointer(to: &queueInfo) { queuePointer in
                var deviceInfo = VkDeviceCreateInfo()
                deviceInfo.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
                deviceInfo.queueCreateInfoCount = 1
                deviceInfo.pQueueCreateInfos = queuePointer
                return vkCreateDevice(physicalDevice, &deviceInfo, nil, &createdDevice)
            }
        }
        guard created == VK_SUCCESS, let device = createdDevice else {
            vkDestroyInstance(instance, nil)
            throw Failure(description: "vkCreateDevice failed (VkResult \(created.rawValue))")
        }
        var queue: VkQueue?
        vkGetDeviceQueue(device, family, 0, &queue)
        var memory = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory)
        self.instance = instance
        self.physicalDevice = physicalDevice
        self.device = device
        self.queueFamily = family
        self.queue = queue!
        self.memory = memory
    }

    /// Waits for the device, destroys everything made here, then the device and the instance.
    /// Release TileRender's renderers and `ExternalVulkanDevice` first.
    public func close() {
        guard !closed else { return }
        closed = true
        vkDeviceWaitIdle(device)
        for destroy in destroyers.reversed() { destroy() }
        destroyers.removeAll()
        vkDestroyDevice(device, nil)
        vkDestroyInstance(instance, nil)
    }

    deinit { close() }

    private func memoryType(_ bits: UInt32, _ flags: UInt32) throws -> UInt32 {
        var props = memory
        let found = withUnsafeBytes(of: &props.memoryTypes) { raw -> UInt32? in
            let types = raw.bindMemory(to: VkMemoryType.self)
            for i in 0..<Int(props.memoryTypeCount) where bits & (1 << UInt32(i)) != 0 && types[i].propertyFlags & flags == flags {
                return UInt32(i)
            }
            return nil
        }
        guard let found else { throw Failure(description: "no memory type with flags \(flags)") }
        return found
    }

    private func allocate(_ requirements: VkMemoryRequirements, _ flags: UInt32) throws -> VkDeviceMemory {
        var info = VkMemoryAllocateInfo()
        info.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO
        info.allocationSize = requirements.size
        info.memoryTypeIndex = try memoryType(requirements.memoryTypeBits, flags)
        var memory: VkDeviceMemory?
        try MiniEngine.check(vkAllocateMemory(device, &info, nil, &memory), "vkAllocateMemory")
        let device = self.device
        destroyers.append { vkFreeMemory(device, memory, nil) }
        return memory!
    }

    /// A 2D image in device memory, in layout UNDEFINED.
    public func makeImage(width: Int, height: Int, format: VkFormat = VK_FORMAT_R8G8B8A8_UNORM, usage: UInt32) throws -> VkImage {
        var info = VkImageCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO
        info.imageType = VK_IMAGE_TYPE_2D
        info.format = format
        info.extent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
        info.mipLevels = 1
        info.arrayLayers = 1
        info.samples = VK_SAMPLE_COUNT_1_BIT
        info.tiling = VK_IMAGE_TILING_OPTIMAL
        info.usage = usage
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED
        var image: VkImage?
        try MiniEngine.check(vkCreateImage(device, &info, nil, &image), "vkCreateImage")
        let device = self.device
        destroyers.append { vkDestroyImage(device, image, nil) }
        var requirements = VkMemoryRequirements()
        vkGetImageMemoryRequirements(device, image, &requirements)
        let memory = try allocate(requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue)
        try MiniEngine.check(vkBindImageMemory(device, image, memory, 0), "vkBindImageMemory")
        return image!
    }

    /// A host-visible, coherent buffer, mapped.
    public func makeBuffer(size: Int, usage: UInt32) throws -> (buffer: VkBuffer, mapped: UnsafeMutableRawPointer) {
        var info = VkBufferCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO
        info.size = VkDeviceSize(size)
        info.usage = usage
        info.sharingMode = VK_SHARING_MODE_EXCLUSIVE
        var buffer: VkBuffer?
        try MiniEngine.check(vkCreateBuffer(device, &info, nil, &buffer), "vkCreateBuffer")
        let device = self.device
        destroyers.append { vkDestroyBuffer(device, buffer, nil) }
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(device, buffer, &requirements)
        let memory = try allocate(requirements, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue)
        try MiniEngine.check(vkBindBufferMemory(device, buffer, memory, 0), "vkBindBufferMemory")
        var mapped: UnsafeMutableRawPointer?
        try MiniEngine.check(vkMapMemory(device, memory, 0, VkDeviceSize(size), 0, &mapped), "vkMapMemory")
        return (buffer!, mapped!)
    }

    public func makeSemaphore() throws -> VkSemaphore {
        var info = VkSemaphoreCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO
        var semaphore: VkSemaphore?
        try MiniEngine.check(vkCreateSemaphore(device, &info, nil, &semaphore), "vkCreateSemaphore")
        let device = self.device
        destroyers.append { vkDestroySemaphore(device, semaphore, nil) }
        return semaphore!
    }

    public func makeFence() throws -> VkFence {
        var info = VkFenceCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO
        var fence: VkFence?
        try MiniEngine.check(vkCreateFence(device, &info, nil, &fence), "vkCreateFence")
        let device = self.device
        destroyers.append { vkDestroyFence(device, fence, nil) }
        return fence!
    }

    /// Waits (at most 60 s) for `fence`, then resets it.
    public func wait(for fence: VkFence) throws {
        var fence: VkFence? = fence
        try MiniEngine.check(vkWaitForFences(device, 1, &fence, VkBool32(VK_TRUE), 60_000_000_000), "vkWaitForFences")
        try MiniEngine.check(vkResetFences(device, 1, &fence), "vkResetFences")
    }

    /// Records commands with `record`, submits them after `wait` (binary semaphores, all stages),
    /// signalling `signal`, and waits for them on the host.
    public func submit(waiting wait: [VkSemaphore] = [], signalling signal: [VkSemaphore] = [],
                       _ record: (VkCommandBuffer) -> Void) throws {
        var poolInfo = VkCommandPoolCreateInfo()
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
        poolInfo.queueFamilyIndex = queueFamily
        var pool: VkCommandPool?
        try MiniEngine.check(vkCreateCommandPool(device, &poolInfo, nil, &pool), "vkCreateCommandPool")
        defer { vkDestroyCommandPool(device, pool, nil) }
        var allocate = VkCommandBufferAllocateInfo()
        allocate.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO
        allocate.commandPool = pool
        allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY
        allocate.commandBufferCount = 1
        var commandBuffer: VkCommandBuffer?
        try MiniEngine.check(vkAllocateCommandBuffers(device, &allocate, &commandBuffer), "vkAllocateCommandBuffers")
        var begin = VkCommandBufferBeginInfo()
        begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue
        try MiniEngine.check(vkBeginCommandBuffer(commandBuffer, &begin), "vkBeginCommandBuffer")
        record(commandBuffer!)
        try MiniEngine.check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer")
        let fence = try makeFence()
        let buffers: [VkCommandBuffer?] = [commandBuffer]
        let waits: [VkSemaphore?] = wait
        let stages = [VkPipelineStageFlags](repeating: VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue, count: wait.count)
        let signals: [VkSemaphore?] = signal
        var submit = VkSubmitInfo()
        submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO
        submit.waitSemaphoreCount = UInt32(wait.count)
        submit.commandBufferCount = 1
        submit.signalSemaphoreCount = UInt32(signal.count)
        let result = buffers.withUnsafeBufferPointer { b in
            waits.withUnsafeBufferPointer { w in
                stages.withUnsafeBufferPointer { s in
                    signals.withUnsafeBufferPointer { g in
                        submit.pCommandBuffers = b.baseAddress
                        submit.pWaitSemaphores = wait.isEmpty ? nil : w.baseAddress
                        submit.pWaitDstStageMask = wait.isEmpty ? nil : s.baseAddress
                        submit.pSignalSemaphores = signal.isEmpty ? nil : g.baseAddress
                        return vkQueueSubmit(queue, 1, &submit, fence)
                    }
                }
            }
        }
        try MiniEngine.check(result, "vkQueueSubmit")
        try self.wait(for: fence)
    }

    /// A layout transition of `image` (colour, mip 0, layer 0), after and before all commands.
    public static func transition(_ commandBuffer: VkCommandBuffer, _ image: VkImage, from old: VkImageLayout, to new: VkImageLayout) {
        var barrier = VkImageMemoryBarrier()
        barrier.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER
        barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT.rawValue
        barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT.rawValue | VK_ACCESS_MEMORY_WRITE_BIT.rawValue
        barrier.oldLayout = old
        barrier.newLayout = new
        barrier.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED
        barrier.image = image
        barrier.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT.rawValue
        barrier.subresourceRange.levelCount = 1
        barrier.subresourceRange.layerCount = 1
        vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue,
                             0, 0, nil, 0, nil, 1, &barrier)
    }

    /// Fills `image` (in UNDEFINED) with one colour and leaves it in GENERAL, signalling `signal`.
    public func clear(_ image: VkImage, to rgba: (Float, Float, Float, Float), signalling signal: [VkSemaphore] = []) throws {
        try submit(signalling: signal) { commandBuffer in
            MiniEngine.transition(commandBuffer, image, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_GENERAL)
            var colour = VkClearColorValue(float32: (rgba.0, rgba.1, rgba.2, rgba.3))
            var range = VkImageSubresourceRange(aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, baseMipLevel: 0, levelCount: 1,
                                                baseArrayLayer: 0, layerCount: 1)
            vkCmdClearColorImage(commandBuffer, image, VK_IMAGE_LAYOUT_GENERAL, &colour, 1, &range)
        }
    }

    /// The engine's own read-back of a `width` x `height` rgba8 image in GENERAL (after `wait`):
    /// copied into a host-visible buffer, tightly packed rows.
    public func readBack(_ image: VkImage, width: Int, height: Int, waiting wait: [VkSemaphore] = []) throws -> [UInt8] {
        let bytes = width * height * 4
        let staging = try makeBuffer(size: bytes, usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue)
        try submit(waiting: wait) { commandBuffer in
            var region = VkBufferImageCopy()
            region.imageSubresource.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT.rawValue
            region.imageSubresource.layerCount = 1
            region.imageExtent = VkExtent3D(width: UInt32(width), height: UInt32(height), depth: 1)
            vkCmdCopyImageToBuffer(commandBuffer, image, VK_IMAGE_LAYOUT_GENERAL, staging.buffer, 1, &region)
            var barrier = VkMemoryBarrier()
            barrier.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER
            barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
            barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT.rawValue
            vkCmdPipelineBarrier(commandBuffer, VK_PIPELINE_STAGE_TRANSFER_BIT.rawValue, VK_PIPELINE_STAGE_HOST_BIT.rawValue,
                                 0, 1, &barrier, 0, nil, 0, nil)
        }
        return [UInt8](UnsafeRawBufferPointer(start: staging.mapped, count: bytes))
    }
}
#endif
