import Foundation
import Synchronization

// Device selection and the `.auto` fallback policy, in one place. This is the only file outside
// Backends/Vulkan that names the Vulkan backend: when Vulkan moves into its own module, this file moves
// with the layer that links both (a CPU-only build has no GPU backend, and `.vulkan` then throws).
//
// The policy:
// - `.cpu` always takes the CPU backend.
// - `.vulkan` takes the Vulkan device or throws `backendUnavailable` with the reason.
// - `.auto` takes a hardware Vulkan device when there is one, otherwise the CPU (a software device such
//   as lavapipe is slower than the CPU backend). Whatever the GPU cannot render (a scene beyond its
//   limits, a failed or timed-out dispatch) is drawn on the CPU: `.auto` never fails where the CPU can
//   render. Each choice and fallback is said once per process on standard error.

enum BackendSelection {
    /// The backend `policy` picks for a render; `cpu` is the renderer's own CPU backend.
    static func backend(for policy: Backend, cpu: CPUBackend) throws -> any RasterBackend {
        switch policy {
        case .cpu:
            return cpu
        case .vulkan:
            return VulkanBackend(context: try VulkanContext.shared.get())
        case .auto:
            switch VulkanProbe.finding {
            case .hardware:
                switch VulkanContext.shared {
                case .success(let context) where !context.isSoftware:
                    BackendLog.once("TileRender: using Vulkan on \(context.deviceName)")
                    return VulkanBackend(context: context)
                case .success(let context):
                    BackendLog.once("TileRender: Vulkan picked a software device (\(context.deviceName)); using the CPU rasterizer")
                    return cpu
                case .failure(let error):
                    BackendLog.once("TileRender: no usable Vulkan device (\(error)); using the CPU rasterizer")
                    return cpu
                }
            case .softwareOnly(let name):
                BackendLog.once("TileRender: the only Vulkan device is a software rasterizer (\(name)); using the CPU rasterizer")
                return cpu
            case .unavailable(let reason):
                BackendLog.once("TileRender: no usable Vulkan device (\(reason)); using the CPU rasterizer")
                return cpu
            }
        }
    }

    /// Under `.auto`, the backend that takes over from `failed` after `error` (the CPU), said once.
    /// Nil when there is nothing to fall back to: the policy is not `.auto`, or the CPU itself failed.
    static func fallback(for policy: Backend, from failed: any RasterBackend, after error: any Error,
                         cpu: CPUBackend) -> (any RasterBackend)? {
        guard policy == .auto, failed.capabilities.kind != .cpu else { return nil }
        BackendLog.once("TileRender: \(failed.capabilities.name) could not render a scene (\(error)); using the CPU rasterizer for it")
        return cpu
    }
}

enum BackendLog {
    private static let logged = Mutex<Set<String>>([])
    /// Writes `message` to standard error the first time it is seen in this process.
    static func once(_ message: String) {
        let first = logged.withLock { $0.insert(message).inserted }
        if first { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
}
