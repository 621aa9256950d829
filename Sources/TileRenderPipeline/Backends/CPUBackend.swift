import Foundation
import TileRenderGeometry

/// The multithreaded CPU rasterizer: tiles are independent, so workers take them one by one. It owns
/// one fine-stage scratch (`FineRasterizer`) per worker, kept between renders; a concurrent render
/// that finds them taken uses fresh ones.
package final class CPUBackend: RasterBackend {
    package let capabilities = BackendCapabilities.cpu
    private let scratch = Locked<[FineRasterizer]>([])
    package init() {}

    package func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws {
        // Images another backend keeps (groups drawn on the GPU before a fallback) are read back.
        var scene = scene
        if !scene.residentImages.isEmpty { try scene.readBackResidentImages() }
        let threadCount = max(1, settings.threadCount)
        var workers = scratch.withLock { stored in
            let taken = stored
            stored = []
            return taken
        }
        defer { scratch.withLock { $0 = workers } }
        while workers.count < threadCount { workers.append(FineRasterizer()) }
        // Only the tiles of the binned band of tile rows (all of them unless the scene is banded).
        let firstTile = scene.tileRows.lowerBound * scene.tilesX
        let tileCount = scene.tileRows.count * scene.tilesX
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
