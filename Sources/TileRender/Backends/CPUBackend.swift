import Foundation
import Synchronization

/// A rasterizer backend: consumes a binned scene and writes pixels.
protocol RasterBackend {
    func rasterize(_ scene: BinnedScene, into target: RenderTarget, threadCount: Int, buffers: inout BinningBuffers) throws
}

/// The multithreaded CPU rasterizer: tiles are independent, so workers take them one by one.
struct CPUBackend: RasterBackend {
    func rasterize(_ scene: BinnedScene, into target: RenderTarget, threadCount: Int, buffers: inout BinningBuffers) throws {
        // Only the tiles of the binned band of tile rows (all of them unless the scene is banded).
        let firstTile = scene.tileRows.lowerBound * scene.tilesX
        let tileCount = scene.tileRows.count * scene.tilesX
        while buffers.fineWorkers.count < max(1, threadCount) { buffers.fineWorkers.append(FineRasterizer()) }
        let workers = buffers.fineWorkers
        FineInput.with(scene) { input in
            // Each worker index owns one FineRasterizer; tiles write disjoint pixels of the target; the
            // input buffers are only read.
            let shared = UncheckedSendable((workers, input))
            parallelFor(tileCount, threads: threadCount) { tile, worker in
                shared.value.0[worker].rasterizeTile(firstTile + tile, input: shared.value.1, target: target)
            }
        }
    }
}

extension Renderer {
    /// Picks the backend for `backend`. `.auto` takes a hardware Vulkan device when there is one and
    /// otherwise the CPU rasterizer (a software Vulkan device such as lavapipe is slower than the CPU
    /// backend), saying which and why once per process.
    func resolvedBackend() throws -> any RasterBackend {
        switch backend {
        case .cpu:
            return CPUBackend()
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
                    return CPUBackend()
                case .failure(let error):
                    BackendLog.once("TileRender: no usable Vulkan device (\(error)); using the CPU rasterizer")
                    return CPUBackend()
                }
            case .softwareOnly(let name):
                BackendLog.once("TileRender: the only Vulkan device is a software rasterizer (\(name)); using the CPU rasterizer")
                return CPUBackend()
            case .unavailable(let reason):
                BackendLog.once("TileRender: no usable Vulkan device (\(reason)); using the CPU rasterizer")
                return CPUBackend()
            }
        }
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
