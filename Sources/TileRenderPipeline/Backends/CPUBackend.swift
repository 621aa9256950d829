import Foundation
import TileRenderGeometry

/// The multithreaded CPU rasterizer: tiles are independent, so workers take them row by row. It owns
/// one fine-stage scratch (`FineRasterizer`) per worker, kept between renders; a concurrent render
/// that finds them taken uses fresh ones.
package final class CPUBackend: RasterBackend {
    package let capabilities = BackendCapabilities.cpu
    private let scratch = Locked<[FineRasterizer]>([])
    package init() {}
    /// Work units a worker count asks for, at least, per worker (`rowPieces`): enough that workers
    /// finish close together however unevenly the tiles' work is spread (a tiger at 1024x1024 on 2
    /// workers: half rows of 32 tiles).
    static let unitsPerWorker = 64

    /// Pieces each tile row is cut into as the workers' units of work: whole rows (where runs of
    /// whole tiles, `FineRasterizer.rasterizeTiles`, can span the canvas) unless the rows are too few
    /// for `threads` workers to share evenly. One worker takes whole rows.
    ///
    /// `boundariesShareLines`: the target's rows do not start on cache lines (64 bytes; a width that
    /// is not a multiple of 16 pixels, or a buffer not so aligned), so two pieces of a row share a
    /// line in each of its 16 pixel rows, which the two workers then pass back and forth (a chart of
    /// 820 x 420 on 2 workers: its fine stage no faster than on one, at times twice as slow). Such
    /// rows are cut only when there are too few for each worker to take two.
    package static func rowPieces(tilesX: Int, tileRows: Int, threads: Int, boundariesShareLines: Bool = false) -> Int {
        guard threads > 1, tileRows > 0 else { return 1 }
        if boundariesShareLines && tileRows >= 2 * threads { return 1 }
        let wanted = threads * unitsPerWorker
        return max(1, min(tilesX, (wanted + tileRows - 1) / tileRows))
    }

    /// The bytes of a cache line, for `rowPieces`.
    static let cacheLineBytes = 64

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
        for worker in workers { worker.usesMaskLevels = settings.fineMaskLevels }
        // Only the tiles of the binned band of tile rows (all of them unless the scene is banded).
        let firstTile = scene.tileRows.lowerBound * scene.tilesX
        FineInput.with(scene) { input in
            // Each worker index owns one FineRasterizer; tiles write disjoint pixels of the target; the
            // input buffers are only read.
            // Workers take pieces of tile rows (`rowPieces`): a trip to the shared counter per piece,
            // and runs of whole tiles as long as the piece.
            let shared = UncheckedSendable((workers, input))
            let fastPaths = settings.fineFastPaths, integerTiles = settings.fineIntegerTiles
            let tilesX = scene.tilesX
            // A tile's 16 pixels are 64 bytes: its rows start on cache lines when the target's do.
            let linesAligned = (Int(bitPattern: target.base) | target.bytesPerRow) % CPUBackend.cacheLineBytes == 0
            let pieces = CPUBackend.rowPieces(tilesX: tilesX, tileRows: scene.tileRows.count, threads: threadCount,
                                              boundariesShareLines: !linesAligned)
            parallelFor(scene.tileRows.count * pieces, threads: threadCount) { unit, worker in
                let rasterizer = shared.value.0[worker], input = shared.value.1
                let row = firstTile + (unit / pieces) * tilesX, piece = unit % pieces
                rasterizer.rasterizeTiles((row + tilesX * piece / pieces)..<(row + tilesX * (piece + 1) / pieces),
                                          input: input, target: target, fastPaths: fastPaths, integerTiles: integerTiles)
            }
        }
    }
}
