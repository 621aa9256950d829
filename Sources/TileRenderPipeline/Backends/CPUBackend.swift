import Foundation
import TileRenderGeometry

/// The multithreaded CPU rasterizer: tiles are independent, so workers take them one by one. It owns
/// one fine-stage scratch (`FineRasterizer`) per worker, kept between renders; a concurrent render
/// that finds them taken uses fresh ones.
package final class CPUBackend: RasterBackend {
    package let capabilities = BackendCapabilities.cpu
    private let scratch = Locked<[FineRasterizer]>([])
    package init() {}
    /// Tiles a worker takes at a time.
    static let tilesPerChunk = 8

    package func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws {
        // Images another backend keeps (groups drawn on the GPU before a fallback) are read back.
        var scene = scene
        if scene.images.hasResidentImages { try scene.readBackResidentImages() }
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
            // Workers take runs of `chunk` tiles: fewer trips to the shared counter for tiles that take
            // little time (a fill is a few hundred nanoseconds a tile).
            let shared = UncheckedSendable((workers, input))
            let fastPaths = settings.fineFastPaths, integerTiles = settings.fineIntegerTiles
            let chunk = CPUBackend.tilesPerChunk
            parallelFor((tileCount + chunk - 1) / chunk, threads: threadCount) { run, worker in
                let rasterizer = shared.value.0[worker], input = shared.value.1
                rasterizer.rasterizeTiles((firstTile + run * chunk)..<(firstTile + min(tileCount, run * chunk + chunk)),
                                          input: input, target: target, fastPaths: fastPaths, integerTiles: integerTiles)
            }
        }
    }
}
