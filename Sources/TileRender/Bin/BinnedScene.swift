import Foundation
import Shaders

// Binning: each draw's device-space segments are cut into 16x16-pixel tiles. The result is the binned
// scene, flat arrays of fixed-width structs addressed by 32-bit offsets, which the CPU fine stage and the
// Vulkan shaders read the same way.
//
// Coverage model. A pixel's coverage is the integral of the winding number over its square; the winding
// number at a point counts the signed crossings of a ray going LEFT from it. For a tile, everything to
// the left of the tile reaches it only through that ray, and its effect on pixel row r of the tile is a
// constant: the signed height of path boundary crossing row r to the tile's left. That number is the
// tile's *backdrop* for row r (16 floats per tile, fractional where an edge ends inside a pixel row).
// Binning computes it exactly as a running sum, left to right, of each tile's own per-row cover, so the
// fine stage needs nothing but the tile's own segments and its 16 backdrop values: tiles are independent.
//
// Viewport clipping keeps coverage exact: parts above or below the canvas are cut off, parts to the right
// are dropped (they only affect pixels further right), parts to the left become vertical segments on
// x = 0 with the same vertical extent (exactly what the leftward ray sees).

/// A segment inside one tile, in tile-local pixels (0...16), in path direction.
/// std430; mirrors `struct Segment` in the shaders. 16 bytes.
struct TileSegment: Sendable, Equatable {
    var x0: Float, y0: Float, x1: Float, y1: Float
}

/// One draw's presence in one tile. std430; mirrors `struct PathTile` in the shaders. 20 bytes.
struct PathTile: Sendable, Equatable {
    /// Index into `BinnedScene.draws`.
    var drawIndex: UInt32
    /// Row-major tile index, `tileY * tilesX + tileX`.
    var tileIndex: UInt32
    /// First segment in `BinnedScene.segments`.
    var segmentStart: UInt32
    var segmentCount: UInt32
    /// First of 16 per-row backdrop values in `BinnedScene.backdrops`, or `PathTile.noBackdrop` when all
    /// are zero.
    var backdropStart: UInt32

    static let noBackdrop = UInt32.max
}

/// Per-draw data the fine stage needs. std430. 8 bytes.
struct BinnedDraw: Sendable {
    var paintIndex: UInt32
    /// `FillRule.rawValue`.
    var rule: UInt32
}

/// The scene cut into tiles: everything a rasterizer backend needs, as flat arrays.
struct BinnedScene: Sendable {
    static let tileSize = TileLayout.tileSize

    let width: Int
    let height: Int
    let tilesX: Int
    let tilesY: Int

    var draws: [BinnedDraw] = []
    var paints: [EncodedPaint] = []
    var ramps: [SIMD4<Float>] = []
    var segments: [TileSegment] = []
    var backdrops: [Float] = []
    var pathTiles: [PathTile] = []
    /// `tileCommandStart[t] ..< tileCommandStart[t + 1]` indexes `tileCommands` for tile t.
    var tileCommandStart: [UInt32] = []
    /// Indices into `pathTiles`, per tile in draw order.
    var tileCommands: [UInt32] = []

    /// Time spent flattening and binning (stroke expansion included), for benchmarks.
    var binningSeconds: Double = 0
    /// Time spent expanding strokes, summed over workers.
    var strokeSeconds: Double = 0

    init(encoding: EncodedScene, width: Int, height: Int, threadCount: Int) throws {
        let clock = ContinuousClock.now
        self.width = width
        self.height = height
        tilesX = (width + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tilesY = (height + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        paints = encoding.paints
        ramps = encoding.ramps
        draws = encoding.draws.map { BinnedDraw(paintIndex: $0.paintIndex, rule: $0.rule.rawValue) }

        // Draws are binned in chunks on all workers; each chunk's output depends only on its draws, and
        // chunks are concatenated in order, so the result is the same for every thread count.
        let drawCount = encoding.draws.count
        let chunkSize = max(16, drawCount / max(1, threadCount * 8))
        let chunkCount = (drawCount + chunkSize - 1) / chunkSize
        var outputs = [ChunkOutput](repeating: ChunkOutput(), count: chunkCount)
        var scratch = [TileBinner](repeating: TileBinner(width: width, height: height), count: max(1, threadCount))
        outputs.withUnsafeMutableBufferPointer { outBuf in
            scratch.withUnsafeMutableBufferPointer { scratchBuf in
                // Each chunk writes only outputs[chunk]; each worker only scratch[worker].
                let o = UncheckedSendable(outBuf), s = UncheckedSendable(scratchBuf)
                parallelFor(chunkCount, threads: threadCount) { chunk, worker in
                    let lo = chunk * chunkSize, hi = min(drawCount, lo + chunkSize)
                    var output = ChunkOutput()
                    for d in lo..<hi {
                        s.value[worker].bin(encoding.draws[d], drawIndex: UInt32(d), into: &output)
                    }
                    o.value[chunk] = output
                }
            }
        }
        strokeSeconds = scratch.reduce(0) { $0 + $1.strokeSeconds }
        try merge(outputs)
        binningSeconds = (ContinuousClock.now - clock).seconds
    }

    private mutating func merge(_ outputs: [ChunkOutput]) throws {
        let segmentTotal = outputs.reduce(0) { $0 + $1.segments.count }
        let backdropTotal = outputs.reduce(0) { $0 + $1.backdrops.count }
        let tileTotal = outputs.reduce(0) { $0 + $1.pathTiles.count }
        let limit = Int(UInt32.max - 1)
        guard segmentTotal < limit, backdropTotal < limit, tileTotal < limit else {
            throw TileRenderError.sceneTooLarge("\(segmentTotal) tile segments and \(tileTotal) path tiles exceed 32-bit offsets")
        }
        segments.reserveCapacity(segmentTotal)
        backdrops.reserveCapacity(backdropTotal)
        pathTiles.reserveCapacity(tileTotal)
        for output in outputs {
            let segmentBase = UInt32(segments.count), backdropBase = UInt32(backdrops.count)
            segments.append(contentsOf: output.segments)
            backdrops.append(contentsOf: output.backdrops)
            for var tile in output.pathTiles {
                tile.segmentStart += segmentBase
                if tile.backdropStart != PathTile.noBackdrop { tile.backdropStart += backdropBase }
                pathTiles.append(tile)
            }
        }
        // Per-tile command lists by counting sort; path tiles are already in draw order.
        let tileCount = tilesX * tilesY
        var start = [UInt32](repeating: 0, count: tileCount + 1)
        for t in pathTiles { start[Int(t.tileIndex) + 1] += 1 }
        for i in 0..<tileCount { start[i + 1] += start[i] }
        var fill = start
        var commands = [UInt32](repeating: 0, count: pathTiles.count)
        for (i, t) in pathTiles.enumerated() {
            commands[Int(fill[Int(t.tileIndex)])] = UInt32(i)
            fill[Int(t.tileIndex)] += 1
        }
        tileCommandStart = start
        tileCommands = commands
    }
}

/// The binned output of a run of consecutive draws, with chunk-local offsets.
struct ChunkOutput {
    var segments: [TileSegment] = []
    var backdrops: [Float] = []
    var pathTiles: [PathTile] = []
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
