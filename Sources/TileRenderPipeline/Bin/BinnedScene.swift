import Foundation
import Shaders
import TileRenderGeometry

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
/// Its layout is `GPUABI.segment` (checked by GPUABITests).
package struct TileSegment: Sendable, Equatable, BitwiseCopyable {
    package var x0: Float, y0: Float, x1: Float, y1: Float
}

/// One draw's presence in one tile. Its layout is `GPUABI.pathTile`.
package struct PathTile: Sendable, Equatable, BitwiseCopyable {
    /// Index into `BinnedScene.draws`.
    package var drawIndex: UInt32
    /// Row-major tile index, `tileY * tilesX + tileX`.
    package var tileIndex: UInt32
    /// First segment in `BinnedScene.segments`.
    package var segmentStart: UInt32
    package var segmentCount: UInt32
    /// First of 16 per-row backdrop values in `BinnedScene.backdrops`, or `PathTile.noBackdrop` when all
    /// are zero.
    package var backdropStart: UInt32

    package static let noBackdrop = GPUABI.noBackdrop
}

/// Per-draw data the fine stage needs. Its layout is `GPUABI.draw`.
package struct BinnedDraw: Sendable {
    package var paintIndex: UInt32
    /// `GPUABI.FillRule`.
    package var rule: UInt32
    /// Innermost layer, or `EncodedLayer.none`.
    package var layer: UInt32
    /// `GPUABI.Flags`: whether this is a layer's clip path (`clipFlag`), and the blend mode.
    package var flags: UInt32

    package static let clipFlag = GPUABI.Flags.clipDraw
    package var isClip: Bool { flags & BinnedDraw.clipFlag != 0 }
    /// The draw is a mask draw (`EncodedDraw.maskRun`): its coverage comes from glyph masks
    /// (`BinnedScene.drawMaskRuns`), not from its path tiles' segments (on the GPU too: the Vulkan
    /// backend uploads the masks, fine.comp's `maskCoverage`).
    package static let maskFlag: UInt32 = GPUABI.Flags.maskDraw
    package var isMask: Bool { flags & BinnedDraw.maskFlag != 0 }
    package var blend: UInt32 { (flags >> GPUABI.Flags.blendShift) & GPUABI.Flags.blendMask }

    package init(paintIndex: UInt32, rule: UInt32, layer: UInt32, flags: UInt32) {
        self.paintIndex = paintIndex; self.rule = rule; self.layer = layer; self.flags = flags
    }

    /// What the fine stage reads of an encoded draw.
    package init(_ d: EncodedDraw) {
        self.init(paintIndex: d.paintIndex, rule: (d.rule == .evenOdd ? GPUABI.FillRule.evenOdd : .nonZero).rawValue,
                  layer: d.layer, flags: (d.isClip ? BinnedDraw.clipFlag : 0) | d.blend << GPUABI.Flags.blendShift
                    | (d.maskRun != GPUABI.noIndex ? BinnedDraw.maskFlag : 0))
    }
}

/// Tile command words: the top two bits say what the low 30 bits index.
package typealias TileCommand = GPUABI.TileCommand

/// The scene cut into tiles: everything a rasterizer backend needs, as flat arrays.
package struct BinnedScene: Sendable {
    package static let tileSize = GPUABI.tileSize

    package let width: Int
    package let height: Int
    package let tilesX: Int
    package let tilesY: Int

    package var draws: [BinnedDraw] = []
    package var layers: [EncodedLayer] = []
    package var paints: [EncodedPaint] = []
    package var ramps: [SIMD4<Float>] = []
    /// The images image paints draw, by reference (`SceneImages`); resident ones are read by the
    /// Vulkan backend device-side, and read back for the CPU.
    package var images = SceneImages()
    /// Mask draws: per draw, its index in `maskRuns` (`GPUABI.noIndex` for other draws; empty
    /// when the scene has none), and the runs' placements, with the masks they point into kept alive.
    package var drawMaskRuns: [UInt32] = []
    package var maskRuns: [MaskRunRange] = []
    package var maskPlacements: [MaskPlacement] = []
    package var maskOwners: [GlyphMaskRun] = []
    package var segments: [TileSegment] = []
    package var backdrops: [Float] = []
    package var pathTiles: [PathTile] = []
    /// Per path tile, the tiles it stands for: `tileIndex ..< tileIndex + run`, in one tile row (a run
    /// of segment-free tiles with one backdrop is one record; each of its tiles lists the record).
    package var pathTileRuns: [UInt32] = []
    /// (draw, tile) pairs binned: the tiles the path tile records stand for.
    package var pathTileCommandCount = 0
    /// Of those, the ones left out of `tileCommands` because a later opaque fill hides their whole
    /// tile (`hidesEverythingBelow`).
    package var hiddenPathTileCount = 0
    /// `tileCommandStart[t] ..< tileCommandStart[t + 1]` indexes `tileCommands` for tile t.
    package var tileCommandStart: [UInt32] = []
    /// Per tile in draw order: `TileCommand` words (path tiles, and layer pushes and pops around the
    /// path tiles of draws inside layers).
    package var tileCommands: [UInt32] = []

    /// The deepest layer nesting in the scene (0 without layers).
    package var maxLayerDepth = 0

    /// The tile rows binned here: tiles outside them have empty command lists (`tileCommandStart`
    /// still spans the whole canvas). A scene too large for the binning budget is binned and rasterized
    /// band after band (see `BinningPlan`).
    package var tileRows: Range<Int>

    /// Bytes of binned data this band holds (chunk outputs and merged arrays), for the budget's tests.
    package var binnedBytes = 0

    /// Bins the whole scene at once, without a memory budget (tests and small scenes).
    package init(encoding: EncodedScene, width: Int, height: Int, threadCount: Int, dropsHiddenPathTiles: Bool = true) throws {
        var buffers = BinningBuffers()
        let plan = try BinningPlan(encoding: encoding, width: width, height: height, threadCount: threadCount,
                                   budget: BinningPlan.unlimited, reusing: &buffers)
        try self.init(encoding: encoding, plan: plan, rows: 0..<plan.tilesY, threadCount: threadCount, reusing: &buffers,
                      dropsHiddenPathTiles: dropsHiddenPathTiles)
    }

    /// Binning phase 2 for tile rows `rows` of a prepared plan, taking working memory from `buffers`
    /// (give it back with `BinningBuffers.reclaim`). `dropsHiddenPathTiles` false (tests) keeps the
    /// path tiles that later opaque fills hide (`hidesEverythingBelow`).
    package init(encoding: EncodedScene, plan: BinningPlan, rows: Range<Int>, threadCount: Int,
         reusing buffers: inout BinningBuffers, dropsHiddenPathTiles: Bool = true) throws {
        width = plan.width
        height = plan.height
        tilesX = plan.tilesX
        tilesY = plan.tilesY
        tileRows = rows
        paints = encoding.paints
        ramps = encoding.ramps
        images = encoding.images
        draws = plan.draws
        if !encoding.maskRuns.isEmpty {
            drawMaskRuns = encoding.draws.map(\.maskRun)
            maskRuns = encoding.maskRuns
            maskPlacements = encoding.maskPlacements
            maskOwners = encoding.maskOwners
        }
        layers = encoding.layers

        // The chunks of phase 1, binned on all workers; each chunk's output depends only on its draws,
        // and chunks are concatenated in order, so the result is the same for every thread count.
        let chunkCount = plan.chunkCount, chunkSize = plan.chunkSize
        // Few chunks (a scene of a few large draws, such as one huge path) would leave workers idle:
        // each chunk is then also split into parts of the band's tile rows. Units are ordered chunk by
        // chunk, so each tile's path tiles stay in draw order; a tile's own data do not depend on the
        // split, so the pixels are the same for every thread count.
        let workers = max(1, threadCount)
        // The plan made and reset binners for at least as many workers (`BinningPlan.init`'s threadCount).
        precondition(buffers.binners.count >= workers, "\(workers) binning workers, \(buffers.binners.count) binners")
        let splits = workers == 1 || chunkCount >= workers * 4 ? 1
            : max(1, min(rows.count, (workers * 4 + chunkCount - 1) / max(1, chunkCount)))
        let unitCount = chunkCount * splits
        while buffers.outputs.count < unitCount { buffers.outputs.append(ChunkOutput()) }
        buffers.outputs.withParallelSlots { outputs in
            buffers.binners.withParallelSlots { binners in
                buffers.prepared.withParallelSlots { preparedChunks in
                    // Each unit writes only outputs[unit]; each worker only binners[worker]; the
                    // prepared chunks are only read.
                    parallelFor(unitCount, threads: threadCount) { unit, worker in
                        let chunk = unit / splits, part = unit % splits
                        let lo = rows.lowerBound + rows.count * part / splits
                        let hi = rows.lowerBound + rows.count * (part + 1) / splits
                        let output = outputs[unit]
                        output.removeAll()
                        let prepared = preparedChunks[chunk]
                        if lo < hi {
                            let lines = prepared.lines.elements
                            for (k, d) in prepared.draws.enumerated() {
                                binners[worker].bin(d, lines: lines, drawIndex: UInt32(chunk * chunkSize + k),
                                                    rows: lo..<hi, into: output)
                            }
                        }
                    }
                }
            }
        }
        swap(&segments, &buffers.segments)
        swap(&backdrops, &buffers.backdrops)
        swap(&pathTiles, &buffers.pathTiles)
        swap(&pathTileRuns, &buffers.pathTileRuns)
        swap(&tileCommandStart, &buffers.tileCommandStart)
        swap(&tileCommands, &buffers.tileCommands)
        // Command words (path tiles and layer pushes/pops) stay within the budget and 32-bit starts.
        let wordLimit = min(Int(UInt32.max - 1), plan.budget == BinningPlan.unlimited ? Int.max : plan.budget / 4)
        try merge(buffers.outputs[0..<unitCount], threadCount: threadCount, scratch: &buffers.mergeCounts, wordLimit: wordLimit,
                  dropsHidden: dropsHiddenPathTiles)
        binnedBytes = buffers.outputs[0..<unitCount].reduce(0) { $0 + $1.byteCount }
            + segments.count * MemoryLayout<TileSegment>.stride + backdrops.count * 4
            + pathTiles.count * (MemoryLayout<PathTile>.stride + 4) + (tileCommands.count + tileCommandStart.count) * 4
        try validateInDebugBuilds()
    }

    /// Concatenates the units' outputs in order and lists each tile's path tiles (in draw order), leaving
    /// out those a later path tile hides (`hidesEverythingBelow`), on up to `threadCount` workers.
    ///
    /// The units are cut into groups of consecutive units, one per worker, of about equal numbers of
    /// path tiles. Each group copies its units' data to their place in the merged arrays and counts its
    /// path tiles per tile, noting the last one that hides everything below it; one pass over the tiles
    /// then turns the groups' counts into each group's first position in each tile's list (the groups'
    /// parts of a list follow one another in group order, so a list is in draw order for any number of
    /// groups), and the hidden ones into a count to skip; each group then writes its path tiles there.
    /// The result is the same for every thread count.
    private mutating func merge(_ outputs: ArraySlice<ChunkOutput>, threadCount: Int, scratch: inout [ScratchBuffer<UInt32>],
                                wordLimit: Int, dropsHidden: Bool) throws {
        let units = Array(outputs)
        let unitCount = units.count
        // Where each unit's data start in the merged arrays (the last entry: the totals).
        var segmentBase = [Int](repeating: 0, count: unitCount + 1)
        var backdropBase = segmentBase, tileBase = segmentBase
        for (u, output) in units.enumerated() {
            segmentBase[u + 1] = segmentBase[u] + output.segments.count
            backdropBase[u + 1] = backdropBase[u] + output.backdrops.count
            tileBase[u + 1] = tileBase[u] + output.pathTiles.count
        }
        let segmentTotal = segmentBase[unitCount], backdropTotal = backdropBase[unitCount], tileTotal = tileBase[unitCount]
        let limit = Int(UInt32.max - 1)
        func tooLarge(commands: Int) -> TileRenderError {
            .sceneTooLarge("\(segmentTotal) tile segments and \(commands) path tiles exceed 32-bit offsets")
        }
        guard segmentTotal < limit, backdropTotal < limit, tileTotal < Int(TileCommand.indexMask) else {
            throw tooLarge(commands: tileTotal)
        }
        let groupCount = max(1, min(threadCount, unitCount))
        let groupStart = BinnedScene.mergeGroups(unitStarts: tileBase, groupCount: groupCount)
        while scratch.count < groupCount { scratch.append(ScratchBuffer<UInt32>()) }
        let tileCount = tilesX * tilesY
        let draws = self.draws, paints = self.paints
        let groups = UncheckedSendable((units, segmentBase, backdropBase, tileBase, groupStart, Array(scratch[0..<groupCount])))

        // Pass 1: copy, count, note hiding path tiles. A group's scratch holds its count per tile, then
        // per tile one more than the position (among the group's path tiles there) of its last hiding one.
        var mergedSegments: [TileSegment] = [], mergedBackdrops: [Float] = [], mergedRuns: [UInt32] = []
        // Capacities of at least 1: asked for 0, `unsafeUninitializedCapacity` writes the count into the
        // stdlib's one shared empty-array storage, a data race (ThreadSanitizer) when two renders do it.
        let mergedTiles = [PathTile](unsafeUninitializedCapacity: max(1, tileTotal)) { tileBuf, tileInitialized in
            mergedRuns = [UInt32](unsafeUninitializedCapacity: max(1, tileTotal)) { runBuf, runInitialized in
                mergedSegments = [TileSegment](unsafeUninitializedCapacity: max(1, segmentTotal)) { segmentBuf, segmentInitialized in
                    mergedBackdrops = [Float](unsafeUninitializedCapacity: max(1, backdropTotal)) { backdropBuf, backdropInitialized in
                        draws.withUnsafeBufferPointer { draws in
                            paints.withUnsafeBufferPointer { paints in
                                // Each group writes only its units' ranges of the merged arrays and its own scratch.
                                let out = UncheckedSendable((ScratchSpan(tileBuf).slice(from: 0, count: tileTotal),
                                                             ScratchSpan(runBuf).slice(from: 0, count: tileTotal),
                                                             ScratchSpan(segmentBuf).slice(from: 0, count: segmentTotal),
                                                             ScratchSpan(backdropBuf).slice(from: 0, count: backdropTotal),
                                                             ReadOnlySpan(draws), ReadOnlySpan(paints)))
                                parallelFor(groupCount, threads: threadCount) { g, _ in
                                    let (units, segmentBase, backdropBase, tileBase, groupStart, scratch) = groups.value
                                    let (allTiles, allRuns, allSegments, allBackdrops, draws, paints) = out.value
                                    let counts = scratch[g]
                                    counts.removeAll()
                                    counts.append(repeating: 0, count: 2 * tileCount)
                                    let count = counts.scratchSpan
                                    for u in groupStart[g]..<groupStart[g + 1] {
                                        let output = units[u]
                                        let segmentOffset = segmentBase[u], backdropOffset = backdropBase[u], tileOffset = tileBase[u]
                                        // Plain values: copying them into the uninitialised arrays initialises them.
                                        allSegments.copy(from: output.segments.span, to: segmentOffset)
                                        let backdrops = output.backdrops.span
                                        allBackdrops.copy(from: backdrops, to: backdropOffset)
                                        let runs = output.runs.span, tiles = output.pathTiles.span
                                        allRuns.copy(from: runs, to: tileOffset)
                                        for j in 0..<tiles.count {
                                            var t = tiles[j]
                                            let hides = dropsHidden && BinnedScene.hidesEverythingBelow(t, backdrops: backdrops, draws: draws, paints: paints)
                                            t.segmentStart += UInt32(segmentOffset)
                                            if t.backdropStart != PathTile.noBackdrop { t.backdropStart += UInt32(backdropOffset) }
                                            allTiles[tileOffset + j] = t
                                            let first = Int(t.tileIndex)
                                            for tile in first..<(first + Int(runs[j])) {
                                                if hides { count[tileCount + tile] = count[tile] + 1 }
                                                count[tile] += 1
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        backdropInitialized = backdropTotal
                    }
                    segmentInitialized = segmentTotal
                }
                runInitialized = tileTotal
            }
            tileInitialized = tileTotal
        }
        segments = mergedSegments
        backdrops = mergedBackdrops
        pathTiles = mergedTiles
        pathTileRuns = mergedRuns

        // Each tile's list: its start, the path tiles hidden at its front, and each group's first
        // position in it (written over the group's count).
        tileCommandStart.removeAll(keepingCapacity: true)
        tileCommandStart.append(contentsOf: repeatElement(0, count: tileCount + 1))
        let hidden = ScratchBuffer<UInt32>(capacity: tileCount)
        hidden.append(repeating: 0, count: tileCount)
        var commandTotal = 0, dropped = 0
        tileCommandStart.withUnsafeMutableBufferPointer { start in
            let hiddenAt = hidden.scratchSpan
            for tile in 0..<tileCount {
                var position: UInt32 = 0, hiddenHere: UInt32 = 0
                for g in 0..<groupCount {
                    let count = scratch[g].scratchSpan
                    let last = count[tileCount + tile]
                    if last > 0 { hiddenHere = position + last - 1 }
                    let n = count[tile]
                    count[tile] = position
                    position += n
                }
                commandTotal += Int(position)
                dropped += Int(hiddenHere)
                hiddenAt[tile] = hiddenHere
                start[tile + 1] = start[tile] &+ (position - hiddenHere)
            }
        }
        guard commandTotal < limit else { throw tooLarge(commands: commandTotal) }
        pathTileCommandCount = commandTotal
        hiddenPathTileCount = dropped

        // Pass 2: each group lists its path tiles in its part of each tile's list, past the hidden ones.
        let starts = tileCommandStart
        // At least 1: see the merged arrays above.
        tileCommands = [UInt32](unsafeUninitializedCapacity: max(1, commandTotal - dropped)) { commandBuf, initialized in
            starts.withUnsafeBufferPointer { start in
                let shared = UncheckedSendable((ScratchSpan(commandBuf).slice(from: 0, count: commandTotal - dropped),
                                                ReadOnlySpan(start), hidden.span))
                parallelFor(groupCount, threads: threadCount) { g, _ in
                    let (units, _, _, tileBase, groupStart, scratch) = groups.value
                    let (commands, start, hidden) = shared.value
                    let cursor = scratch[g].scratchSpan
                    for u in groupStart[g]..<groupStart[g + 1] {
                        let output = units[u], tileOffset = tileBase[u]
                        let runs = output.runs.span, tiles = output.pathTiles.span
                        for j in 0..<tiles.count {
                            let first = Int(tiles[j].tileIndex)
                            for tile in first..<(first + Int(runs[j])) {
                                let p = cursor[tile]
                                cursor[tile] = p + 1
                                if p >= hidden[tile] { commands[Int(start[tile] + p - hidden[tile])] = UInt32(tileOffset + j) }
                            }
                        }
                    }
                }
            }
            initialized = commandTotal - dropped
        }
        if !layers.isEmpty { try insertLayerCommands(wordLimit: wordLimit) }
    }

    /// Groups of consecutive units for the merge, `groupCount` of them, with about equal numbers of path
    /// tiles: group g is units `result[g] ..< result[g + 1]`. `unitStarts[u]` is unit u's first path tile
    /// among all units', its last entry their total. A group's share is at most one unit's more than
    /// an even one (`ParallelMergeTests`).
    package static func mergeGroups(unitStarts: [Int], groupCount: Int) -> [Int] {
        let unitCount = unitStarts.count - 1, total = unitStarts[unitCount]
        var groups = [Int](repeating: unitCount, count: groupCount + 1)
        groups[0] = 0
        var u = 0
        for g in 1..<max(1, groupCount) {
            // The first unit starting at or past the group's even share.
            while u < unitCount && unitStarts[u] * groupCount < g * total { u += 1 }
            groups[g] = u
        }
        return groups
    }

    /// Whether path tile `index` paints its whole tile with one opaque colour, replacing everything
    /// drawn there before it: a top-level source-over fill (outside any layer, so that no layer is open
    /// around it) of an opaque solid paint that covers every pixel of the tile.
    package func hidesEverythingBelow(_ index: Int) -> Bool {
        backdrops.withUnsafeBufferPointer { backdrops in
            draws.withUnsafeBufferPointer { draws in
                paints.withUnsafeBufferPointer { paints in
                    BinnedScene.hidesEverythingBelow(pathTiles[index], backdrops: ReadOnlySpan(backdrops), draws: ReadOnlySpan(draws),
                                                     paints: ReadOnlySpan(paints))
                }
            }
        }
    }

    /// `hidesEverythingBelow` for path tile `t`, whose backdrop record is in `backdrops`.
    private static func hidesEverythingBelow(_ t: PathTile, backdrops: ReadOnlySpan<Float>, draws: ReadOnlySpan<BinnedDraw>,
                                             paints: ReadOnlySpan<EncodedPaint>) -> Bool {
        guard t.segmentCount == 0, t.backdropStart != PathTile.noBackdrop else { return false }
        let draw = draws[Int(t.drawIndex)]
        // Other blend modes combine with what is below; a mask draw's path tiles are its masks' box.
        guard draw.layer == EncodedLayer.none, draw.blend == 0, !draw.isClip, !draw.isMask,
              paints[Int(draw.paintIndex)].isOpaque else { return false }
        return coversWholeTile(t, backdrops: backdrops, evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue)
    }

    /// The layers whose content can be drawn straight into their parent wherever their clip covers a
    /// whole tile (or everywhere, without a clip): opacity 1, source-over, no filters, not an inverse
    /// clip, and everything drawn into them (draws and child layers) source-over. Compositing such a
    /// layer through a full mask is source-over of its content, which is associative: drawing the
    /// content into the parent gives the same picture without a layer buffer. Per scene, by id.
    package func layersThatMergeIntoParent() -> [Bool] {
        var merges = layers.map { $0.opacity >= 1 && $0.blend == 0 && $0.filterCount == 0 && !$0.isInverse }
        for layer in layers where layer.parent != EncodedLayer.none && Int(layer.parent) < merges.count && layer.blend != 0 {
            merges[Int(layer.parent)] = false
        }
        for draw in draws where !draw.isClip && draw.layer != EncodedLayer.none && Int(draw.layer) < merges.count && draw.blend != 0 {
            merges[Int(draw.layer)] = false
        }
        return merges
    }

    /// Whether path tile `t` (of a draw filled by `evenOdd` or nonzero) covers its tile's every pixel:
    /// no segments, and every row's backdrop winding folds to full coverage.
    private func coversWholeTile(_ t: PathTile, evenOdd: Bool) -> Bool {
        backdrops.withUnsafeBufferPointer { BinnedScene.coversWholeTile(t, backdrops: ReadOnlySpan($0), evenOdd: evenOdd) }
    }

    /// `coversWholeTile` for path tile `t`, whose backdrop record is in `backdrops`.
    private static func coversWholeTile(_ t: PathTile, backdrops: ReadOnlySpan<Float>, evenOdd: Bool) -> Bool {
        guard t.segmentCount == 0, t.backdropStart != PathTile.noBackdrop else { return false }
        let start = Int(t.backdropStart)
        for r in start..<(start + BinnedScene.tileSize) where FineRasterizer.fold(backdrops[r], evenOdd: evenOdd) < 1 { return false }
        return true
    }

    /// Wraps the path tiles of draws inside layers in push and pop commands, per tile: a layer is open
    /// in a tile only around its own draws there (an empty layer composites to nothing). A layer that
    /// merges into its parent (`layersThatMergeIntoParent`) is left out of a tile its clip covers
    /// whole, with its clip: its content is drawn into the parent there, so the inside of a clipped
    /// card costs no layer (only its edge tiles do). Memory is O(layers) (a depth per layer;
    /// transitions walk parents), and the command words are counted against `wordLimit`: alternating
    /// between deeply nested layers could otherwise multiply them.
    private mutating func insertLayerCommands(wordLimit: Int) throws {
        // Depth of each layer (1 at the top level). Parents are declared before their children; a
        // parent id that is not smaller (impossible from GraphicsContext) is treated as the top level.
        var depth = [Int](repeating: 1, count: layers.count)
        var parent = [UInt32](repeating: EncodedLayer.none, count: layers.count)
        for id in 0..<layers.count {
            let p = layers[id].parent
            if p != EncodedLayer.none && Int(p) < id {
                parent[id] = p
                depth[id] = depth[Int(p)] + 1
            }
            maxLayerDepth = max(maxLayerDepth, depth[id])
        }
        let tileCount = tilesX * tilesY
        var starts: [UInt32] = [0]
        starts.reserveCapacity(tileCount + 1)
        var words: [UInt32] = []
        words.reserveCapacity(tileCommands.count + 16)
        var open: [UInt32] = []  // open[k] is at depth k + 1, the parent of open[k + 1]
        var pending: [UInt32] = []
        func tooMany() -> TileRenderError {
            .sceneTooLarge("layer push and pop commands exceed \(wordLimit) words (\(BinningPlan.describe(wordLimit * 4))), over the binning budget")
        }
        let merges = layersThatMergeIntoParent()
        // The tile in which each layer was last left out: it is then open without a push word.
        var mergedInTile = [Int](repeating: -1, count: layers.count)
        for tile in 0..<tileCount {
            open.removeAll(keepingCapacity: true)
            for i in Int(tileCommandStart[tile])..<Int(tileCommandStart[tile + 1]) {
                let pathTileIndex = tileCommands[i]
                let pathTile = pathTiles[Int(pathTileIndex)]
                let draw = draws[Int(pathTile.drawIndex)]
                let layer = draw.layer
                // A layer's clip comes before its content in the tile: whether it covers the tile
                // decides whether the layer is left out here.
                var leftOut = false
                if draw.isClip, layer != EncodedLayer.none, Int(layer) < merges.count, merges[Int(layer)],
                   coversWholeTile(pathTile, evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue) {
                    mergedInTile[Int(layer)] = tile
                    leftOut = true
                }
                // The target chain's part that is not open yet, innermost first; `x` ends at the
                // deepest open ancestor (or none).
                pending.removeAll(keepingCapacity: true)
                var x = layer
                while x != EncodedLayer.none && depth[Int(x)] > open.count { pending.append(x); x = parent[Int(x)] }
                while x != EncodedLayer.none && open[depth[Int(x)] - 1] != x { pending.append(x); x = parent[Int(x)] }
                let common = x == EncodedLayer.none ? 0 : depth[Int(x)]
                while open.count > common {
                    let id = open.removeLast()
                    if mergedInTile[Int(id)] != tile { words.append(TileCommand.popLayer | id) }
                }
                while let id = pending.popLast() {
                    // A layer without a clip that merges is left out of every tile.
                    if merges[Int(id)] && layers[Int(id)].clipDraw == EncodedLayer.none { mergedInTile[Int(id)] = tile }
                    if mergedInTile[Int(id)] != tile { words.append(TileCommand.pushLayer | id) }
                    open.append(id)
                }
                if !leftOut { words.append(TileCommand.pathTile | pathTileIndex) }
                if words.count > wordLimit { throw tooMany() }
            }
            while let id = open.popLast() {
                if mergedInTile[Int(id)] != tile { words.append(TileCommand.popLayer | id) }
            }
            if words.count > wordLimit { throw tooMany() }
            starts.append(UInt32(words.count))
        }
        tileCommandStart = starts
        tileCommands = words
    }
}

/// Working memory reused from one render to the next, so repeated renders do not allocate (and
/// page-fault) their large arrays again.
package struct BinningBuffers: Sendable {
    package var binners: [TileBinner] = []
    /// Phase 1's flattened, clipped draws, per chunk of draws.
    package var prepared: [PreparedChunk] = []
    package var rowBounds: [RowBounds] = []
    package var outputs: [ChunkOutput] = []
    package var segments: [TileSegment] = []
    package var backdrops: [Float] = []
    package var pathTiles: [PathTile] = []
    package var pathTileRuns: [UInt32] = []
    package var tileCommandStart: [UInt32] = []
    package var tileCommands: [UInt32] = []
    /// The merge's per-tile counts, one buffer per group of units (`BinnedScene.merge`).
    package var mergeCounts: [ScratchBuffer<UInt32>] = []

    /// Takes back the large arrays of a scene that is no longer needed.
    package mutating func reclaim(_ scene: inout BinnedScene) {
        swap(&segments, &scene.segments)
        swap(&backdrops, &scene.backdrops)
        swap(&pathTiles, &scene.pathTiles)
        swap(&pathTileRuns, &scene.pathTileRuns)
        swap(&tileCommandStart, &scene.tileCommandStart)
        swap(&tileCommands, &scene.tileCommands)
    }
}

/// Keeps one set of `BinningBuffers` between renders; concurrent renders that find it taken use fresh ones.
package final class RenderCache: Sendable {
    private let stored = Locked<BinningBuffers?>(nil)
    package init() {}
    package func take() -> BinningBuffers { stored.withLock { $0.take() } ?? BinningBuffers() }
    package func give(_ buffers: sending BinningBuffers) {
        stored.withLock { $0 = buffers }
    }
}

/// The binned output of a run of consecutive draws, with chunk-local offsets. Its buffers are scratch
/// space (`ScratchBuffer`): a copy shares them, and one unit of work writes one output at a time.
package struct ChunkOutput {
    package let segments = ScratchBuffer<TileSegment>()
    package let backdrops = ScratchBuffer<Float>()
    package let pathTiles = ScratchBuffer<PathTile>()
    /// Per path tile: how many tiles of its tile row, from its `tileIndex` on, it stands for (1, or
    /// more for a run of tiles without segments sharing one backdrop: a filled interior).
    package let runs = ScratchBuffer<UInt32>()

    package init() {}

    package func append(_ tile: PathTile, run: UInt32 = 1) {
        pathTiles.append(tile)
        runs.append(run)
    }

    package func removeAll() {
        segments.removeAll()
        backdrops.removeAll()
        pathTiles.removeAll()
        runs.removeAll()
    }

    package var byteCount: Int {
        segments.count * MemoryLayout<TileSegment>.stride + backdrops.count * 4
            + pathTiles.count * (MemoryLayout<PathTile>.stride + 4)
    }
}
