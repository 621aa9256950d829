import Foundation
import Synchronization
import TileRenderGeometry

// Binning in bounded memory. Binning runs in two phases:
//  1. every draw is flattened (or stroked) and clipped to the canvas once; its lines are kept, with
//     upper bounds of what binning will make of it (tile pieces, path tiles, backdrop records);
//  2. the lines are cut into tiles, for a band of tile rows at a time.
// When the bounds of the whole scene fit the binning budget (every ordinary scene), there is one band
// and phase 2 runs once. Otherwise the bounds are counted per tile row and the rows are grouped into
// bands that each fit; every band is binned and rasterized before the next one, reusing the same
// buffers, so memory stays within the budget whatever the scene. A tile's binned data do not depend on
// the band it is binned in, so the pixels are the same for any budget (and any thread count). A single
// tile row that does not fit, or flattened outlines that alone exceed the budget, throw
// `TileRenderError.sceneTooLarge` naming the budget, before phase 2 allocates anything.

/// One draw after phase 1: its clipped lines in its chunk's `lines`, its device bounding box and a
/// bound of the tile pieces its lines are cut into.
package struct PreparedDraw: Sendable {
    package var lineStart: Int
    package var lineEnd: Int
    package var minX: Float, maxX: Float, minY: Float, maxY: Float
    /// Some of the outline lay right of the canvas: the interior may run to the canvas' right edge.
    package var clippedRight: Bool
    package var pieceBound: Int
    /// A mask draw (`EncodedDraw.maskRun`): no lines; its path tiles are every tile of the box
    /// `minX ..< maxX` x `minY ..< maxY` (its masks' pixels, on the canvas), without segments.
    package var isBox = false
}

/// Phase 1's output for a run of consecutive draws.
package struct PreparedChunk: Sendable {
    /// The draws' clipped lines (phase 1 appends, phase 2 only reads: a scratch buffer, not a value).
    package let lines = ScratchBuffer<LineSegment>()
    package var draws: [PreparedDraw] = []
    /// The binned data its draws may make at most, in bytes (`BinningPlan.bytesPerPiece` and the
    /// like): summed per chunk in phase 1, so that planning the bands adds one number per chunk.
    package var boundBytes = 0

    package mutating func removeAll() {
        lines.removeAll()
        draws.removeAll(keepingCapacity: true)
        boundBytes = 0
    }
}

/// Upper bounds per tile row, for cutting the canvas into bands.
package struct RowBounds: Sendable {
    package var pieces: [Int] = []
    package var tiles: [Int] = []
    package var draws: [Int] = []

    package mutating func reset(rows: Int) {
        pieces.removeAll(keepingCapacity: true)
        pieces.append(contentsOf: repeatElement(0, count: rows))
        tiles.removeAll(keepingCapacity: true)
        tiles.append(contentsOf: repeatElement(0, count: rows))
        draws.removeAll(keepingCapacity: true)
        draws.append(contentsOf: repeatElement(0, count: rows))
    }
}

/// The result of binning phase 1 and the bands phase 2 will run in.
package struct BinningPlan: Sendable {
    /// Binned data (and kept lines) allowed per band: 256 MiB. Ordinary scenes need a few MB.
    package static let defaultBudget = 256 << 20
    /// No budget: one band (tests of the binned layout).
    package static let unlimited = Int.max

    // Estimated bytes per unit, upper bounds of what phase 2 keeps alive for a band: a tile piece is a
    // 16-byte segment in a chunk output and again in the merged array, plus 36 bytes of the binner's
    // cutting scratch; a (draw, tile) pair is a command word (4, and 4 more in the layer pass); a path
    // tile record (20 bytes and its 4-byte run length) is kept twice; so is a backdrop record (16 floats).
    package static let bytesPerPiece = 68
    package static let bytesPerTileCommand = 8
    package static let bytesPerRecord = 48
    package static let bytesPerBackdrop = 128
    package static let bytesPerLine = MemoryLayout<LineSegment>.stride

    package let width: Int
    package let height: Int
    package let tilesX: Int
    package let tilesY: Int
    package let chunkSize: Int
    package let chunkCount: Int
    /// Tile-row bands, top to bottom, covering every row once.
    package private(set) var bands: [Range<Int>]
    /// The budget the bands were planned for.
    package private(set) var budget: Int
    /// The largest band's estimated bytes (kept lines and fixed arrays included).
    package private(set) var largestBandEstimate = 0
    package let lineCount: Int
    /// Per draw, what the fine stage reads of it (made in phase 1, on the workers).
    package let draws: [BinnedDraw]
    /// Runs phase 1 for `encoding` and plans the bands for `budget` bytes. Stroke expansion reports its
    /// time to `timings` when given. The chunks and the binners are made for `threadCount` workers (what
    /// phase 2 and the band plan may use); phase 1 itself runs on `phaseOneThreads` of them (all by
    /// default; `StageWork` may give it fewer).
    package init(encoding: EncodedScene, width: Int, height: Int, threadCount: Int, phaseOneThreads: Int? = nil, budget: Int,
         reusing buffers: inout BinningBuffers, timings: StageTimings? = nil) throws {
        self.width = width
        self.height = height
        tilesX = (width + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tilesY = (height + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        self.budget = budget
        bands = [0..<tilesY]
        let drawCount = encoding.draws.count
        // About 16 chunks a worker: a chunk is the unit of work of both phases, and a scene's draws differ
        // widely in cost (the tiger's few large outlines), so fewer, larger chunks left a worker idle
        // while another finished the last one.
        let chunkSize = max(8, drawCount / max(1, threadCount * 16))
        let chunkCount = (drawCount + chunkSize - 1) / chunkSize
        self.chunkSize = chunkSize
        self.chunkCount = chunkCount
        let workers = max(1, threadCount)
        while buffers.binners.count < workers { buffers.binners.append(TileBinner(width: width, height: height)) }
        for w in 0..<workers { buffers.binners[w].reset(width: width, height: height) }
        while buffers.prepared.count < chunkCount { buffers.prepared.append(PreparedChunk()) }

        // The kept lines count against the budget; phase 1 stops once they exceed it.
        let lineLimit = budget == BinningPlan.unlimited ? Int.max : budget / BinningPlan.bytesPerLine
        let lineTotal = Atomic<Int>(0)
        let exceeded = Atomic<Bool>(false)
        // Lines are added to the shared total a few thousand at a time, not per draw: two workers adding
        // to one atomic per draw kept its cache line moving between them.
        let lineBatch = 4096
        var draws = [BinnedDraw](repeating: BinnedDraw(paintIndex: 0, rule: 0, layer: 0, flags: 0), count: drawCount)
        draws.withParallelSlots { binnedDraws in
        buffers.prepared.withParallelSlots { preparedChunks in
            buffers.binners.withParallelSlots { binners in
                // Each chunk writes only prepared[chunk] and its own draws' entries; each worker only
                // binners[worker].
                parallelFor(chunkCount, threads: min(threadCount, phaseOneThreads ?? threadCount)) { chunk, worker in
                    // Written in place: the chunk is this unit's alone.
                    preparedChunks[chunk].removeAll()
                    let lo = chunk * chunkSize, hi = min(drawCount, lo + chunkSize)
                    var pending = 0
                    encoding.draws.withUnsafeBufferPointer { encoded in
                        for d in lo..<hi {
                            binnedDraws[d] = BinnedDraw(encoded[d])
                            if binners[worker].tooManySegments { break }
                            pending += binners[worker].prepare(encoded[d], into: &preparedChunks[chunk], timings: timings)
                            if pending >= lineBatch || d == hi - 1 {
                                if lineTotal.wrappingAdd(pending, ordering: .relaxed).newValue > lineLimit {
                                    exceeded.store(true, ordering: .relaxed)
                                }
                                pending = 0
                                if exceeded.load(ordering: .relaxed) { break }
                            }
                        }
                    }
                    let binner = binners[worker]
                    var bytes = 0
                    for d in preparedChunks[chunk].draws {
                        let bound = binner.bounds(d)
                        bytes += bound.pieces * BinningPlan.bytesPerPiece + bound.tiles * BinningPlan.bytesPerTileCommand
                            + bound.records * BinningPlan.bytesPerRecord + bound.backdrops * BinningPlan.bytesPerBackdrop
                    }
                    preparedChunks[chunk].boundBytes = bytes
                }
            }
        }
        }
        self.draws = draws
        if buffers.binners[0..<workers].contains(where: \.tooManySegments) {
            throw TileRenderError.sceneTooLarge("a path flattens to more than \(Flattener.maxSegmentsPerPath) line segments")
        }
        lineCount = lineTotal.load(ordering: .relaxed)
        if exceeded.load(ordering: .relaxed) {
            throw TileRenderError.sceneTooLarge("the flattened outlines need more than \(lineLimit) line segments, over the binning memory budget of \(BinningPlan.describe(budget))")
        }
        if budget != BinningPlan.unlimited {
            try plan(budget: budget, extraRowBytes: 0, limit: "the binning memory budget of \(BinningPlan.describe(budget))",
                     threadCount: threadCount, buffers: &buffers)
        }
    }

    /// Groups the tile rows into bands whose estimated bytes, plus `extraRowBytes` per tile row (the
    /// Vulkan backend's pixel rows), fit `budget`. Throws `sceneTooLarge` naming `limit` when one row
    /// alone does not fit.
    package mutating func plan(budget: Int, extraRowBytes: Int, limit: String, threadCount: Int,
                       buffers: inout BinningBuffers) throws {
        self.budget = budget
        // Always alive: the kept lines and the per-tile command starts (twice: the layer pass copies).
        let fixed = lineCount * BinningPlan.bytesPerLine + (tilesX * tilesY + 1) * 8
        let available = budget - fixed
        guard available > 0 else {
            throw TileRenderError.sceneTooLarge("\(lineCount) flattened line segments on a \(tilesX)x\(tilesY)-tile canvas need \(BinningPlan.describe(fixed)), over \(limit)")
        }
        // The whole scene at once, from per-draw bounds (cheap: no pass over the lines).
        var total = extraRowBytes * tilesY
        for chunk in buffers.prepared[0..<chunkCount] { total += chunk.boundBytes }
        let binner = buffers.binners[0]
        if total <= available {
            bands = [0..<tilesY]
            largestBandEstimate = fixed + total
            return
        }
        // Per-row bounds, counted from the lines on all workers, then summed.
        let workers = max(1, threadCount)
        while buffers.rowBounds.count < workers { buffers.rowBounds.append(RowBounds()) }
        for w in 0..<workers { buffers.rowBounds[w].reset(rows: tilesY) }
        let chunkCount = self.chunkCount
        buffers.rowBounds.withParallelSlots { rowBounds in
            buffers.prepared.withParallelSlots { preparedChunks in
                // Each worker writes only rowBounds[worker]; the binner and the chunks are only read.
                parallelFor(chunkCount, threads: threadCount) { chunk, worker in
                    let prepared = preparedChunks[chunk]
                    for d in prepared.draws { binner.addRowBounds(d, lines: prepared.lines.elements, into: &rowBounds[worker]) }
                }
            }
        }
        var costs = [Int](repeating: extraRowBytes, count: tilesY)
        for row in 0..<tilesY {
            var pieces = 0, tiles = 0, draws = 0
            for w in 0..<workers {
                pieces += buffers.rowBounds[w].pieces[row]
                tiles += buffers.rowBounds[w].tiles[row]
                draws += buffers.rowBounds[w].draws[row]
            }
            // Per draw and row, records <= 2 x the tiles with pieces (each opens at most one run) and
            // backdrop records <= the tiles with pieces.
            costs[row] += pieces * BinningPlan.bytesPerPiece + tiles * BinningPlan.bytesPerTileCommand
                + min(tiles, 2 * pieces + draws) * BinningPlan.bytesPerRecord
                + min(tiles, pieces + draws) * BinningPlan.bytesPerBackdrop
        }
        var planned: [Range<Int>] = []
        var start = 0, sum = 0, largest = 0
        for row in 0..<tilesY {
            guard costs[row] <= available else {
                throw TileRenderError.sceneTooLarge("tile row \(row) (pixel rows \(row * BinnedScene.tileSize)...\(min(height, (row + 1) * BinnedScene.tileSize) - 1)) needs up to \(BinningPlan.describe(costs[row] + fixed)) of binned data, over \(limit)")
            }
            if sum + costs[row] > available {
                planned.append(start..<row)
                largest = max(largest, sum)
                start = row
                sum = 0
            }
            sum += costs[row]
        }
        planned.append(start..<tilesY)
        largest = max(largest, sum)
        bands = planned
        largestBandEstimate = fixed + largest
    }

    package static func describe(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
