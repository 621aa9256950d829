import CVulkan
import Synchronization

// Vulkan objects as classes that own their handle and destroy it in deinit. A child keeps its device
// alive (and the device its instance), so children are always destroyed before their parents whatever
// order references go in, and an initialiser that throws halfway releases what it had made. Vulkan
// handles import as OpaquePointer, one type for every kind; `VulkanObject<Kind>` gives each kind its
// own Swift type. Objects are only read after creation, or used by one render at a time, hence
// @unchecked Sendable.

final class VulkanInstance: @unchecked Sendable {
    let handle: VkInstance
    init(_ handle: VkInstance) { self.handle = handle }
    deinit { vkDestroyInstance(handle, nil) }
}

final class VulkanDevice: @unchecked Sendable {
    let handle: VkDevice
    let instance: VulkanInstance
    init(_ handle: VkDevice, instance: VulkanInstance) {
        self.handle = handle
        self.instance = instance
    }
    deinit { vkDestroyDevice(handle, nil) }
}

/// What kind of device object a `VulkanObject` holds: how to destroy it.
protocol VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice)
}

enum DescriptorSetLayoutKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyDescriptorSetLayout(device, handle, nil) }
}
enum PipelineLayoutKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyPipelineLayout(device, handle, nil) }
}
enum PipelineKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyPipeline(device, handle, nil) }
}
enum ShaderModuleKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyShaderModule(device, handle, nil) }
}
enum DescriptorPoolKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyDescriptorPool(device, handle, nil) }
}
enum CommandPoolKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyCommandPool(device, handle, nil) }
}
enum FenceKind: VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyFence(device, handle, nil) }
}

typealias VulkanDescriptorSetLayout = VulkanObject<DescriptorSetLayoutKind>
typealias VulkanPipelineLayout = VulkanObject<PipelineLayoutKind>
typealias VulkanPipeline = VulkanObject<PipelineKind>
typealias VulkanShaderModule = VulkanObject<ShaderModuleKind>
typealias VulkanDescriptorPool = VulkanObject<DescriptorPoolKind>
typealias VulkanCommandPool = VulkanObject<CommandPoolKind>
typealias VulkanFence = VulkanObject<FenceKind>

/// Live device objects per kind, for the tests that check nothing leaks.
let liveVulkanObjects = Mutex<[ObjectIdentifier: Int]>([:])

/// A device object, destroyed when the last reference goes (its device lives at least as long).
final class VulkanObject<Kind: VulkanObjectKind>: @unchecked Sendable {
    let handle: OpaquePointer
    let device: VulkanDevice

    /// How many objects of this kind exist now.
    static var liveCount: Int { liveVulkanObjects.withLock { $0[ObjectIdentifier(Kind.self), default: 0] } }

    /// Runs `create` (a `vkCreate*` call writing the new handle) and takes ownership of the handle;
    /// throws naming `call` when it fails.
    init(_ device: VulkanDevice, _ call: String, create: (VkDevice, inout OpaquePointer?) throws -> VkResult) throws {
        var created: OpaquePointer?
        try check(try create(device.handle, &created), call)
        guard let created else { throw TileRenderError.backendUnavailable("\(call) returned no handle") }
        handle = created
        self.device = device
        liveVulkanObjects.withLock { $0[ObjectIdentifier(Kind.self), default: 0] += 1 }
    }

    deinit {
        Kind.destroy(handle, on: device.handle)
        liveVulkanObjects.withLock { $0[ObjectIdentifier(Kind.self), default: 0] -= 1 }
    }
}
