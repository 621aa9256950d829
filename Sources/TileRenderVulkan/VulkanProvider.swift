import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// The Vulkan backend as a `GPUBackendProvider`: the process-wide device (`VulkanContext.shared`),
/// probed cheaply first (`VulkanProbe`).
package struct VulkanProvider: GPUBackendProvider {
    package init() {}
    package var name: String { "Vulkan" }

    package var probe: GPUProbe {
        switch VulkanProbe.finding {
        case .hardware(let device): .hardware(device)
        case .softwareOnly(let device): .softwareOnly(device)
        case .unavailable(let reason): .unavailable(reason)
        }
    }

    package func makeBackend() throws -> any RasterBackend {
        VulkanBackend(context: try VulkanContext.shared.get())
    }
}

/// The Vulkan backend on a caller's device (`VulkanContext(borrowing:...)`): always that device, never
/// the process-wide one.
package struct BorrowedVulkanProvider: GPUBackendProvider {
    package let context: VulkanContext
    package init(context: VulkanContext) { self.context = context }
    package var name: String { "Vulkan" }
    package var probe: GPUProbe { context.isSoftware ? .softwareOnly(context.deviceName) : .hardware(context.deviceName) }
    package func makeBackend() throws -> any RasterBackend { VulkanBackend(context: context) }
}
