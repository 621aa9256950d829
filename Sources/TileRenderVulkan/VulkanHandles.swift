import CVulkan
import TileRenderGeometry
import TileRenderPipeline

// Vulkan objects as classes that own their handle and destroy it in deinit. A child keeps its device
// alive (and the device its instance), so children are always destroyed before their parents whatever
// order references go in, and an initialiser that throws halfway releases what it had made. Vulkan
// handles import as OpaquePointer, one type for every kind; `VulkanObject<Kind>` gives each kind its
// own Swift type. Objects are only read after creation, or used by one render at a time, hence
// @unchecked Sendable.

/// An instance TileRender created (destroyed in deinit), or a caller's, borrowed (never destroyed here).
package final class VulkanInstance: @unchecked Sendable {
    package let handle: VkInstance
    /// False for a caller's instance (`ExternalVulkanDevice`): its owner destroys it.
    package let owned: Bool
    package init(_ handle: VkInstance, owned: Bool = true) {
        self.handle = handle
        self.owned = owned
    }
    deinit { if owned { vkDestroyInstance(handle, nil) } }
}

/// A device TileRender created (destroyed in deinit), or a caller's, borrowed (never destroyed here).
/// Every object TileRender makes on a device holds its `VulkanDevice`, so once this object is gone,
/// so is everything TileRender made on the device.
package final class VulkanDevice: @unchecked Sendable {
    package let handle: VkDevice
    package let instance: VulkanInstance
    /// False for a caller's device (`ExternalVulkanDevice`): its owner destroys it.
    package let owned: Bool
    package init(_ handle: VkDevice, instance: VulkanInstance, owned: Bool = true) {
        self.handle = handle
        self.instance = instance
        self.owned = owned
    }
    deinit { if owned { vkDestroyDevice(handle, nil) } }
}

/// What kind of device object a `VulkanObject` holds: how to destroy it.
package protocol VulkanObjectKind {
    static func destroy(_ handle: OpaquePointer, on device: VkDevice)
}

package enum DescriptorSetLayoutKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyDescriptorSetLayout(device, handle, nil) }
}
package enum PipelineLayoutKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyPipelineLayout(device, handle, nil) }
}
package enum PipelineKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyPipeline(device, handle, nil) }
}
package enum ShaderModuleKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyShaderModule(device, handle, nil) }
}
package enum DescriptorPoolKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyDescriptorPool(device, handle, nil) }
}
package enum CommandPoolKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyCommandPool(device, handle, nil) }
}
package enum FenceKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyFence(device, handle, nil) }
}

package typealias VulkanDescriptorSetLayout = VulkanObject<DescriptorSetLayoutKind>
package typealias VulkanPipelineLayout = VulkanObject<PipelineLayoutKind>
package typealias VulkanPipeline = VulkanObject<PipelineKind>
package typealias VulkanShaderModule = VulkanObject<ShaderModuleKind>
package typealias VulkanDescriptorPool = VulkanObject<DescriptorPoolKind>
package typealias VulkanCommandPool = VulkanObject<CommandPoolKind>
package typealias VulkanFence = VulkanObject<FenceKind>
package enum QueryPoolKind: VulkanObjectKind {
    package static func destroy(_ handle: OpaquePointer, on device: VkDevice) { vkDestroyQueryPool(device, handle, nil) }
}
package typealias VulkanQueryPool = VulkanObject<QueryPoolKind>

/// Live device objects per kind and device, for the tests that check nothing leaks. Per device, so
/// that a test counting the shared device's objects is not disturbed by tests that make and free
/// objects on devices of their own at the same time (an engine's device, `ExternalVulkanDevice`).
package let liveVulkanObjects = Locked<[LiveObjectKey: Int]>([:])

package struct LiveObjectKey: Hashable, Sendable {
    let kind: ObjectIdentifier
    let device: ObjectIdentifier
}

/// A device object, destroyed when the last reference goes (its device lives at least as long).
package final class VulkanObject<Kind: VulkanObjectKind>: @unchecked Sendable {
    package let handle: OpaquePointer
    package let device: VulkanDevice

    /// How many objects of this kind exist now.
    package static var liveCount: Int {
        liveVulkanObjects.withLock { $0.filter { $0.key.kind == ObjectIdentifier(Kind.self) }.values.reduce(0, +) }
    }
    /// How many objects of this kind exist now on `device`.
    package static func liveCount(on device: VulkanDevice) -> Int {
        liveVulkanObjects.withLock { $0[LiveObjectKey(kind: ObjectIdentifier(Kind.self), device: ObjectIdentifier(device)), default: 0] }
    }
    private var liveKey: LiveObjectKey { LiveObjectKey(kind: ObjectIdentifier(Kind.self), device: ObjectIdentifier(device)) }

    /// Runs `create` (a `vkCreate*` call writing the new handle) and takes ownership of the handle;
    /// throws naming `call` when it fails.
    package init(_ device: VulkanDevice, _ call: String, create: (VkDevice, inout OpaquePointer?) throws -> VkResult) throws {
        var created: OpaquePointer?
        try check(try create(device.handle, &created), call)
        guard let created else { throw TileRenderError.backendUnavailable("\(call) returned no handle") }
        handle = created
        self.device = device
        let key = liveKey
        liveVulkanObjects.withLock { $0[key, default: 0] += 1 }
    }

    deinit {
        Kind.destroy(handle, on: device.handle)
        let key = liveKey
        liveVulkanObjects.withLock { counts in
            counts[key, default: 0] -= 1
            if counts[key] == 0 { counts[key] = nil }
        }
    }
}
