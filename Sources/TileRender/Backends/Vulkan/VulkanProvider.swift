import Foundation

/// The Vulkan backend as a `GPUBackendProvider`: the process-wide device (`VulkanContext.shared`),
/// probed cheaply first (`VulkanProbe`).
struct VulkanProvider: GPUBackendProvider {
    var name: String { "Vulkan" }

    var probe: GPUProbe {
        switch VulkanProbe.finding {
        case .hardware(let device): .hardware(device)
        case .softwareOnly(let device): .softwareOnly(device)
        case .unavailable(let reason): .unavailable(reason)
        }
    }

    func makeBackend() throws -> any RasterBackend {
        VulkanBackend(context: try VulkanContext.shared.get())
    }
}
