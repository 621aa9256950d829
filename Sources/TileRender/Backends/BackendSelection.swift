import Foundation
import TileRenderGeometry
import TileRenderPipeline
#if Vulkan
import TileRenderVulkan
#endif

// Device selection and the `.auto` fallback policy, in one place. GPU backends come from a
// `GPUBackendProvider` (TileRenderPipeline); the Vulkan backend's (`VulkanProvider`, in the
// TileRenderVulkan module) is the only one and the only GPU type named here, as the default when the
// package trait `Vulkan` is on. A CPU-only build has none, and then `.vulkan` throws and `.auto` draws
// on the CPU.
//
// The policy:
// - `.cpu` always takes the CPU backend.
// - `.vulkan` takes the GPU device or throws `backendUnavailable` with the reason.
// - `.auto` takes a hardware GPU device when there is one, otherwise the CPU (a software device such as
//   lavapipe is slower than the CPU backend). Whatever the GPU cannot render (a scene beyond its
//   limits, a failed or timed-out dispatch) is drawn on the CPU: `.auto` never fails where the CPU can
//   render. Each choice and fallback is said once per process on standard error.

package enum BackendSelection {
    /// The GPU provider renderers use unless told otherwise.
    #if Vulkan
    package static let defaultGPU: (any GPUBackendProvider)? = VulkanProvider()
    #else
    /// A build without the `Vulkan` trait has no GPU backend: `.vulkan` throws, `.auto` draws on the CPU.
    package static let defaultGPU: (any GPUBackendProvider)? = nil
    #endif

    /// The backend `policy` picks for a render; `cpu` is the renderer's own CPU backend.
    package static func backend(for policy: Backend, cpu: CPUBackend,
                        gpu: (any GPUBackendProvider)? = defaultGPU) throws -> any RasterBackend {
        switch policy {
        case .cpu:
            return cpu
        case .vulkan:
            guard let gpu else { throw TileRenderError.backendUnavailable("this build of TileRender has no GPU backend") }
            return try gpu.makeBackend()
        case .auto:
            guard let gpu else {
                BackendLog.once("TileRender: this build has no GPU backend; using the CPU rasterizer")
                return cpu
            }
            switch gpu.probe {
            case .hardware:
                do {
                    let backend = try gpu.makeBackend()
                    let device = backend.capabilities.deviceName
                    guard backend.capabilities.isHardware else {
                        BackendLog.once("TileRender: \(gpu.name) picked a software device (\(device)); using the CPU rasterizer")
                        return cpu
                    }
                    BackendLog.once("TileRender: using \(gpu.name) on \(device)")
                    return backend
                } catch {
                    BackendLog.once("TileRender: no usable \(gpu.name) device (\(error)); using the CPU rasterizer")
                    return cpu
                }
            case .softwareOnly(let device):
                BackendLog.once("TileRender: the only \(gpu.name) device is a software rasterizer (\(device)); using the CPU rasterizer")
                return cpu
            case .unavailable(let reason):
                BackendLog.once("TileRender: no usable \(gpu.name) device (\(reason)); using the CPU rasterizer")
                return cpu
            }
        }
    }

    /// Under `.auto`, the backend that takes over from `failed` after `error` (the CPU), said once.
    /// Nil when there is nothing to fall back to: the policy is not `.auto`, or the CPU itself failed.
    package static func fallback(for policy: Backend, from failed: any RasterBackend, after error: any Error,
                         cpu: CPUBackend) -> (any RasterBackend)? {
        guard policy == .auto, failed.capabilities.kind != .cpu else { return nil }
        BackendLog.once("TileRender: \(failed.capabilities.name) could not render a scene (\(error)); using the CPU rasterizer for it")
        return cpu
    }
}

package enum BackendLog {
    private static let logged = Locked<Set<String>>([])
    private static let silenced = Locked(false)
    /// Writes `message` to standard error the first time it is seen in this process.
    package static func once(_ message: String) {
        let first = logged.withLock { $0.insert(message).inserted }
        if first, !silenced.withLock({ $0 }) { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
    /// Says nothing from now on (a command line's `--quiet`).
    package static func silence() { silenced.withLock { $0 = true } }
}
