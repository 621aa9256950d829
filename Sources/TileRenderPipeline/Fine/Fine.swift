import CIntrinsics
import Foundation
import Shaders
import TileRenderGeometry

// The fine stage: for one tile, every draw that touches it is turned into exact per-pixel area coverage
// and composited, source-over, in premultiplied sRGB-encoded RGBA (what Skia and resvg do, so the
// references match). The GPU half is Sources/Shaders/fine.comp (coverage in include/coverage.glsl,
// paints in include/paint.glsl, blend modes in include/blend.glsl); change both together.
//
// Coverage: each segment adds its signed area to an accumulation buffer (the "signed area" scanline
// technique popularised by font-rs and stb_truetype); a prefix sum along each row, started from the
// row's backdrop, gives the winding number averaged over each pixel. Nonzero coverage is min(1, |w|);
// even-odd folds |w| into 0...1 with period 2.

/// The binned scene as views of its arrays (`ReadOnlySpan`), borrowed for the duration of one
/// rasterization.
package struct FineInput {
    package let tilesX: Int
    package let tileCommandStart: ReadOnlySpan<UInt32>
    package let tileCommands: ReadOnlySpan<UInt32>
    package let pathTiles: ReadOnlySpan<PathTile>
    package let draws: ReadOnlySpan<BinnedDraw>
    package let layers: ReadOnlySpan<EncodedLayer>
    package let paints: ReadOnlySpan<EncodedPaint>
    /// Gradient ramps and colour filter steps.
    package let ramps: ReadOnlySpan<SIMD4<Float>>
    /// The scene's images, by first texel, read where they lie (`SceneImages.withFineImages`).
    package let images: UnsafeBufferPointer<FineImage>
    package let segments: ReadOnlySpan<TileSegment>
    package let backdrops: ReadOnlySpan<Float>
    /// Mask draws (`BinnedScene.drawMaskRuns`, `maskRuns`, `maskPlacements`); empty without any.
    package let drawMaskRuns: ReadOnlySpan<UInt32>
    package let maskRuns: ReadOnlySpan<MaskRunRange>
    package let maskPlacements: ReadOnlySpan<MaskPlacement>

    /// Calls `body` with the scene's arrays pinned; `copyingImages` (tests) reads the images from
    /// copies instead of where they lie.
    package static func with<R>(_ s: BinnedScene, copyingImages: Bool = false, _ body: (FineInput) throws -> R) rethrows -> R {
        try s.tileCommandStart.withUnsafeBufferPointer { starts in
        try s.tileCommands.withUnsafeBufferPointer { commands in
        try s.pathTiles.withUnsafeBufferPointer { tiles in
        try s.draws.withUnsafeBufferPointer { draws in
        try s.layers.withUnsafeBufferPointer { layers in
        try s.paints.withUnsafeBufferPointer { paints in
        try s.ramps.withUnsafeBufferPointer { ramps in
        try s.segments.withUnsafeBufferPointer { segments in
        try s.backdrops.withUnsafeBufferPointer { backdrops in
        try s.images.withFineImages(copying: copyingImages) { images in
        try s.drawMaskRuns.withUnsafeBufferPointer { drawMaskRuns in
        try s.maskRuns.withUnsafeBufferPointer { maskRuns in
        try s.maskPlacements.withUnsafeBufferPointer { maskPlacements in
            try body(FineInput(tilesX: s.tilesX, tileCommandStart: ReadOnlySpan(starts), tileCommands: ReadOnlySpan(commands),
                               pathTiles: ReadOnlySpan(tiles), draws: ReadOnlySpan(draws), layers: ReadOnlySpan(layers),
                               paints: ReadOnlySpan(paints), ramps: ReadOnlySpan(ramps), images: images, segments: ReadOnlySpan(segments),
                               backdrops: ReadOnlySpan(backdrops), drawMaskRuns: ReadOnlySpan(drawMaskRuns),
                               maskRuns: ReadOnlySpan(maskRuns), maskPlacements: ReadOnlySpan(maskPlacements)))
        }}}}}}}}}}}}}
    }

    /// Image paint `p`'s image, or nil when the scene holds no such image (a resident image not read
    /// back): the paint then draws nothing.
    @inline(__always)
    package func image(of p: EncodedPaint) -> FineImage? {
        guard p.kind == GPUABI.PaintKind.image.rawValue || p.kind == GPUABI.PaintKind.tiledImage.rawValue else { return nil }
        let first = Int(p.firstTexel), count = Int(p.imageWidth) * Int(p.imageHeight)
        // Few images: a binary search, once per tile and draw.
        var lo = 0, hi = images.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if images[mid].firstTexel < first { lo = mid + 1 } else { hi = mid }
        }
        guard lo < images.count, images[lo].firstTexel == first, images[lo].texels.count >= count else { return nil }
        return images[lo]
    }

    /// The texels of image paint `p`'s image (at least `imageWidth` x `imageHeight` of them, row after
    /// row), or nil (`image(of:)`).
    @inline(__always)
    package func texels(of p: EncodedPaint) -> ReadOnlySpan<UInt32>? {
        image(of: p).map { ReadOnlySpan($0.texels) }
    }
}

/// Per-worker scratch for rasterizing tiles: one allocation, reused from tile to tile. Used by one
/// worker at a time (it is handed between renders through RenderCache), hence @unchecked Sendable.
/// Its memory is reached through `ScratchSpan`s (`Support/ScratchSpan.swift`), the pixels through
/// `PixelRow`s (`RenderTarget.swift`): no pointer arithmetic here.
///
/// Layout (floats): accumulation buffer (`size` rows x `accStride`), coverage (`pixels`), then the tile's
/// colour as four planes (red, green, blue, alpha; `pixels` each), all row-major; then one row of zeros (`zeroRow`).
package final class FineRasterizer: @unchecked Sendable {
    // One rasterizer per worker, used by one thread at a time: its counters (tests read them) are
    // `@exclusivity(unchecked)`, as a class's stored properties otherwise cost a runtime access check
    // (`swift_beginAccess`, a call) at each update in the tile loops.
    /// Tile edge and pixels per tile (`GPUABI`; a workgroup of fine.comp is one tile).
    package static let size = GPUABI.tileSize
    package static let pixels = GPUABI.pixelsPerTile
    /// Accumulation row stride: a row of pixels plus two columns that catch area at x = size (ignored).
    package static let accStride = GPUABI.accumulatorStride
    private static let floatCount = size * accStride + pixels * 5 + size

    private let storage: ScratchSpan<Float>
    private static let coverageStart = size * accStride
    private var acc: ScratchSpan<Float> { storage.slice(from: 0, count: Self.coverageStart) }
    private var coverage: ScratchSpan<Float> { storage.slice(from: Self.coverageStart, count: Self.pixels) }
    /// `coverage` and the four colour planes after it: `rasterizeDirect`'s coverage buffers.
    private var coverageBuffers: ScratchSpan<Float> { storage.slice(from: Self.coverageStart, count: 5 * Self.pixels) }
    /// The four colour planes together (red, green, blue, alpha).
    private var colorPlanes: ScratchSpan<Float> { storage.slice(from: Self.coverageStart + Self.pixels, count: 4 * Self.pixels) }
    private var red: ScratchSpan<Float> { storage.slice(from: Self.coverageStart + Self.pixels, count: Self.pixels) }
    private var green: ScratchSpan<Float> { storage.slice(from: Self.coverageStart + 2 * Self.pixels, count: Self.pixels) }
    private var blue: ScratchSpan<Float> { storage.slice(from: Self.coverageStart + 3 * Self.pixels, count: Self.pixels) }
    private var alpha: ScratchSpan<Float> { storage.slice(from: Self.coverageStart + 4 * Self.pixels, count: Self.pixels) }
    /// A row of backdrops that are all zero (for path tiles without any); never written.
    private var zeroRow: ReadOnlySpan<Float> { storage.slice(from: Self.coverageStart + 5 * Self.pixels, count: Self.size).readOnly }

    package init() {
        storage = .allocate(count: FineRasterizer.floatCount, repeating: 0)
        directDraws = .allocate(count: FineRasterizer.maxDirectDraws,
                                repeating: DirectDraw(color: .zero, coverage: storage.readOnly.slice(from: 0, count: 0), rows: 0..<0))
    }
    deinit {
        storage.deallocate()
        directDraws.deallocate()
        wide.deallocate()
        levelRows.deallocate()
        levelColumns.deallocate()
        rowConstants.deallocate()
        paintRow.deallocate()
        for p in layerSlots { p.deallocate() }
    }

    /// Rasterizes tile `tile` into `target`, over the pixels already there. With `fastPaths` (the
    /// default; tests turn it off to compare), tiles of a few plain draws are drawn straight into the
    /// target (`rasterizeDirect`) instead of through the float planes, with the same bytes; with
    /// `integerTiles` too (the default), tiles of solid source-over draws are composited in 16-bit
    /// fixed point (`rasterizeWide`), within one level of the planes.
    package func rasterizeTile(_ tile: Int, input: FineInput, target: RenderTarget, fastPaths: Bool = true,
                               integerTiles: Bool = true) {
        rasterizeTile(tile, input: input, target: target, fastPaths: fastPaths, integerTiles: integerTiles, visible: nil)
    }

    /// `rasterizeTile`, with the tile's `visibleCommands` when they are known already (`wholeTile`).
    private func rasterizeTile(_ tile: Int, input: FineInput, target: RenderTarget, fastPaths: Bool, integerTiles: Bool,
                               visible: VisibleCommands?) {
        let lo = Int(input.tileCommandStart[tile]), hi = Int(input.tileCommandStart[tile + 1])
        let size = Self.size
        let originX = (tile % input.tilesX) * size, originY = (tile / input.tilesX) * size
        let w = min(size, target.width - originX), h = min(size, target.height - originY)
        if lo == hi {
            if target.writesEmptyTiles {
                for y in 0..<h { target.row(originY + y, x: originX, count: w).clear() }
            }
            return
        }
        let (first, occluded) = visible ?? visibleCommands(lo..<hi, columns: w, rows: h, input)
        let readsTarget = !(target.startsTransparent || occluded)
        if fastPaths && occluded && first == hi - 1 {
            // One opaque colour over the whole tile (`coversTileOpaquely`): the planes hold it exactly.
            let word = Self.word(input.paints[Int(input.draws[Int(input.pathTiles[Int(input.tileCommands[first])].drawIndex)].paintIndex)].color)
            for y in 0..<h { target.row(originY + y, x: originX, count: w).fill(word) }
            directTileCount += 1
            return
        }
        if fastPaths && integerTiles && hi - first == (occluded ? 2 : 1) && (occluded || !readsTarget)
            && drawsMaskOverColor(first..<hi, input: input, target: target, region: TileRegion(originX: originX, originY: originY, w: w, h: h),
                                  readsTarget: readsTarget, startsOccluded: occluded) {
            // A glyph run over one colour, the commonest tile of text (no direct draw: a mask is not one).
            wideTileCount += 1
            return
        }
        if fastPaths && hi - first <= Self.maxDirectDraws
            && (first..<hi).allSatisfy({ Self.drawsDirectly(input.tileCommands[$0], input) }) {
            rasterizeDirect(first..<hi, input: input, target: target,
                            region: TileRegion(originX: originX, originY: originY, w: w, h: h), readsTarget: readsTarget)
            directTileCount += 1
            return
        }
        if fastPaths && integerTiles && (first..<hi).allSatisfy({ Self.drawsWide(input.tileCommands[$0], input) }) {
            rasterizeWide(first..<hi, input: input, target: target,
                          region: TileRegion(originX: originX, originY: originY, w: w, h: h), readsTarget: readsTarget,
                          startsOccluded: occluded)
            wideTileCount += 1
            return
        }
        load(target: target, originX: originX, originY: originY, w: w, h: h, read: readsTarget)
        var depth = 0
        for c in first..<hi {
            let word = input.tileCommands[c]
            switch word & TileCommand.kindMask {
            case TileCommand.pushLayer:
                pushLayer(input.layers[Int(word & TileCommand.indexMask)], depth: depth)
                depth += 1
            case TileCommand.popLayer:
                depth -= 1
                let layer = input.layers[Int(word & TileCommand.indexMask)]
                if layer.filterCount > 0 { applyFilters(layer, input.ramps) }
                popLayer(layer, depth: depth)
            default:
                let pathTile = input.pathTiles[Int(word)]
                let draw = input.draws[Int(pathTile.drawIndex)]
                let rows = draw.isMask
                    ? maskCoverage(pathTile, input: input, originX: originX, originY: originY, spans: fastPaths)
                    : computeCoverage(pathTile, evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue, input: input,
                                      spans: fastPaths)
                if fastPaths {
                    let paint = input.paints[Int(draw.paintIndex)]
                    if !draw.isClip && draw.blend == 0 && paint.kind == GPUABI.PaintKind.solid.rawValue {
                        if rows.fullyCovered && paint.isOpaque {
                            blendSolid(paint.color, rows: rows.range, opaqueFill: true)
                        } else if !rows.isEmpty {
                            blendSolidSpans(paint.color, rows: rows.range, opaque: paint.isOpaque)
                        }
                        continue
                    }
                    fillSpans(rows.range)
                }
                if draw.isClip {
                    if depth > 0 { writeMask(rows.range, inverse: input.layers[Int(draw.layer)].isInverse, depth: depth - 1) }
                    continue
                }
                if rows.isEmpty { continue }
                let paint = input.paints[Int(draw.paintIndex)]
                if draw.blend != 0 {
                    blendWithMode(draw.blend, paint, rows: rows.range, input: input, originX: originX, originY: originY)
                } else if paint.kind == GPUABI.PaintKind.solid.rawValue {
                    blendSolid(paint.color, rows: rows.range, opaqueFill: rows.fullyCovered && paint.isOpaque)
                } else if let offset = Self.wholeTexelOffset(paint) {
                    blendAlignedImage(paint, offset: offset, rows: rows.range, input: input, originX: originX, originY: originY)
                } else {
                    if fastPaths {
                        blendPaint(paint, rows: rows.range, input: input, originX: originX, originY: originY)
                    } else {
                        blendGradient(paint, rows: rows.range, input: input, originX: originX, originY: originY)
                    }
                }
            }
        }
        store(target: target, originX: originX, originY: originY, w: w, h: h)
    }

    /// The first of `commands` that can show, and whether it hides the target: draws under the last
    /// opaque paint that covers the whole tile cannot show, and neither can the target's pixels (only
    /// checked in tiles without layers).
    @inline(__always)
    private func visibleCommands(_ commands: Range<Int>, columns: Int, rows: Int, _ input: FineInput) -> VisibleCommands {
        visibilityScanCount += 1
        var first = commands.lowerBound, occluded = false
        for c in commands.reversed() {
            let word = input.tileCommands[c]
            if word & TileCommand.kindMask != TileCommand.pathTile { return (commands.lowerBound, false) }
            if !occluded && coversTileOpaquely(Int(word), columns: columns, rows: rows, input) { first = c; occluded = true }
        }
        return (first, occluded)
    }

    // MARK: Runs of whole tiles
    //
    // A tile that is one opaque colour (an opaque fill covers it, nothing over it), or one unscaled
    // image on whole texels that covers it (at full opacity, inside the image, over the target or
    // over an opaque colour that covers the tile), is the same row operation in each of its rows.
    // Adjacent such tiles of a tile row with the same draw are drawn together: each pixel row of the
    // run is one fill of a 32-bit pattern, or one pass over the image's row that copies opaque texels
    // and blends the others (`blendTexels`, the planes' arithmetic at coverage 1), so the bytes are
    // `rasterizeTile`'s. What is saved is the per-tile work, down to the stores.

    /// A tile's first command that can show, and whether it hides the target (`visibleCommands`).
    private typealias VisibleCommands = (first: Int, occluded: Bool)

    /// What a whole tile of a run draws (`wholeTile`).
    private enum WholeTile: Equatable {
        /// Opaque solid paint `paint`.
        case fill(paint: Int)
        /// Image paint `paint` over the target (`under` nil) or over opaque solid paint `under`.
        case image(paint: Int, under: Int?)
    }

    /// Tiles this rasterizer drew as parts of runs, and the runs (`rasterizeTiles`; tests).
    @exclusivity(unchecked) package private(set) var runTileCount = 0
    @exclusivity(unchecked) package private(set) var runCount = 0
    /// Scans of a tile's commands for the ones that can show (`visibleCommands`; tests: once a tile).
    @exclusivity(unchecked) package private(set) var visibilityScanCount = 0

    /// Rasterizes tiles `tiles` in order, as `rasterizeTile` does each, drawing runs of adjacent whole
    /// tiles (`WholeTile`) of a tile row row by row.
    package func rasterizeTiles(_ tiles: Range<Int>, input: FineInput, target: RenderTarget, fastPaths: Bool = true,
                                integerTiles: Bool = true) {
        var tile = tiles.lowerBound
        // The classification of `tile`, when already known (found while extending the run before it).
        var next: (kind: WholeTile?, visible: VisibleCommands?)? = nil
        while tile < tiles.upperBound {
            let (kind, visible) = fastPaths ? (next ?? wholeTile(tile, input: input, target: target)) : (nil, nil)
            next = nil
            guard let kind else {
                // The commands `wholeTile` found visible are not looked for again.
                rasterizeTile(tile, input: input, target: target, fastPaths: fastPaths, integerTiles: integerTiles, visible: visible)
                tile += 1
                continue
            }
            let tileRow = tile / input.tilesX
            let rowEnd = min(tiles.upperBound, (tileRow + 1) * input.tilesX)
            var end = tile + 1
            while end < rowEnd {
                end = continuedRun(kind, from: end, to: rowEnd, input: input, target: target)
                if end == rowEnd { break }
                let following = wholeTile(end, input: input, target: target)
                if following.kind != kind { next = following; break }
                end += 1
            }
            drawRun(kind, tiles: tile..<end, input: input, target: target)
            runTileCount += end - tile
            runCount += 1
            tile = end
        }
    }

    /// The end of the tiles from `start` (before `end`, in one tile row) that draw `kind` as the tile
    /// before each does, known without classifying them (`wholeTile`): each has the same command words
    /// as the tile before it, so the same path tiles (each then stands for both tiles: a record of a
    /// run of segment-free tiles, whose coverage is the same in each) and layers; it is as wide (16
    /// pixels, as every tile but the canvas's last column is); and an image still covers it. A run of
    /// one draw across a row is then a comparison of a word or two per tile.
    @inline(__always)
    private func continuedRun(_ kind: WholeTile, from start: Int, to end: Int, input: FineInput, target: RenderTarget) -> Int {
        let starts = input.tileCommandStart, commands = input.tileCommands, size = Self.size
        let rowStart = (start / input.tilesX) * input.tilesX
        // Whole tiles of the row: those before the canvas's last, partial column; and for an image,
        // those whose texels lie inside the image (its rows are the tile before's).
        var last = min(end, rowStart + target.width / size)
        if case .image(let index, _) = kind {
            let paint = input.paints[index]
            guard let offset = Self.wholeTexelOffset(paint) else { return start }
            // originX + offset.x + size <= imageWidth, originX = (tile - rowStart) * size.
            let columns = (Int(paint.imageWidth) - offset.x - size)
            last = columns < 0 ? start : min(last, rowStart + columns / size + 1)
        }
        var tile = start
        var previous = Int(starts[tile - 1]), lo = Int(starts[tile])
        while tile < last {
            let hi = Int(starts[tile + 1])
            guard hi - lo == lo - previous else { break }
            var same = true
            for i in 0..<(hi - lo) where commands[lo + i] != commands[previous + i] { same = false; break }
            if !same { break }
            previous = lo; lo = hi; tile += 1
        }
        return tile
    }

    /// What `tile` draws when it is a whole tile of a run, else nil; and the tile's visible commands
    /// (nil for a tile without commands).
    private func wholeTile(_ tile: Int, input: FineInput, target: RenderTarget) -> (kind: WholeTile?, visible: VisibleCommands?) {
        let lo = Int(input.tileCommandStart[tile]), hi = Int(input.tileCommandStart[tile + 1])
        if lo == hi { return (nil, nil) }
        let size = Self.size
        let originX = (tile % input.tilesX) * size, originY = (tile / input.tilesX) * size
        let w = min(size, target.width - originX), h = min(size, target.height - originY)
        let visible = visibleCommands(lo..<hi, columns: w, rows: h, input)
        let (first, occluded) = visible
        if occluded && first == hi - 1 {
            return (.fill(paint: Int(input.draws[Int(input.pathTiles[Int(input.tileCommands[first])].drawIndex)].paintIndex)), visible)
        }
        // The image: the tile's only command, or the one after an opaque colour that hides the rest.
        guard hi - first == (occluded ? 2 : 1) else { return (nil, visible) }
        let word = input.tileCommands[hi - 1]
        guard word & TileCommand.kindMask == TileCommand.pathTile else { return (nil, visible) }
        let pathTile = input.pathTiles[Int(word)]
        let draw = input.draws[Int(pathTile.drawIndex)]
        let paint = input.paints[Int(draw.paintIndex)]
        guard !draw.isClip, draw.blend == 0, !draw.isMask, paint.color.w == 1, let offset = Self.wholeTexelOffset(paint),
              coversTile(pathTile, rule: draw.rule, columns: w, rows: h, input) else { return (nil, visible) }
        // Texels of the tile's pixels, all inside the image (no clamping).
        let x = originX + offset.x, y = originY + offset.y
        let width = Int(paint.imageWidth), height = Int(paint.imageHeight)
        guard x >= 0, y >= 0, x + w <= width, y + h <= height, input.texels(of: paint) != nil else { return (nil, visible) }
        let under = occluded ? Int(input.draws[Int(input.pathTiles[Int(input.tileCommands[first])].drawIndex)].paintIndex) : nil
        return (.image(paint: Int(draw.paintIndex), under: under), visible)
    }

    /// True when path tile `t` has coverage 1 in every pixel of the tile on the canvas (`columns` x
    /// `rows`; the binner leaves the backdrops of rows below it zero, and clips edges to its right
    /// side): each row's backdrop, plus what segments on the tile's left side (x = 0, where the
    /// binner clips edges left of the canvas) add to it, folds to 1, and no other segment reaches
    /// left of `columns` (a segment adds area only from its pixel column on).
    @inline(__always)
    private func coversTile(_ t: PathTile, rule: UInt32, columns w: Int, rows h: Int, _ input: FineInput) -> Bool {
        if t.backdropStart == PathTile.noBackdrop {
            // All zero: only edges on x = 0 can cover it.
            return t.segmentCount > 0 && coversTileWithSegments(t, rule: rule, columns: w, rows: h, backdrops: zeroRow, input)
        }
        let start = Int(t.backdropStart)
        precondition(start + Self.size <= input.backdrops.count, "backdrops outside the buffer")
        let rows = input.backdrops.slice(from: start, count: Self.size)
        if t.segmentCount > 0 { return coversTileWithSegments(t, rule: rule, columns: w, rows: h, backdrops: rows, input) }
        if rule != GPUABI.FillRule.evenOdd.rawValue && h == 16 && Self.size == 16 {
            // Nonzero: `fold` is not below 1 where |w| >= 1 (or NaN, as `fold` gives it): on the
            // bits without the sign, less 1's, negative only below 1; all 16 rows in lane operations
            // (folded in halves, as `texelState`; `all` on a mask is a loop over lanes).
            let w = unsafeBitCast(rows.load(0, as: SIMD16<Float>.self), to: SIMD16<Int32>.self) & 0x7FFF_FFFF
            let d = w &- Int32(bitPattern: Float(1).bitPattern)
            let d8 = d.lowHalf | d.highHalf, d4 = d8.lowHalf | d8.highHalf, d2 = d4.lowHalf | d4.highHalf
            return (d2.x | d2.y) >= 0
        }
        let evenOdd = rule == GPUABI.FillRule.evenOdd.rawValue
        for r in 0..<min(h, Self.size) where FineRasterizer.fold(rows[r], evenOdd: evenOdd) < 1 { return false }
        return true
    }

    /// `coversTile` for a path tile with segments. A segment on x = 0 adds, in each row it crosses,
    /// its signed height there to pixel column 0's area (`accumulateLine`: the pixel's share
    /// d - d * 0) and ±0 to column 1's, so each row's winding is the backdrop plus those heights,
    /// summed in segment order as the accumulation buffer sums them.
    private func coversTileWithSegments(_ t: PathTile, rule: UInt32, columns w: Int, rows h: Int,
                                        backdrops: ReadOnlySpan<Float>, _ input: FineInput) -> Bool {
        let first = Int(t.segmentStart), count = Int(t.segmentCount)
        precondition(first + count <= input.segments.count, "segments outside the buffer")
        var left = SIMD16<Float>()
        for i in first..<(first + count) {
            let s = input.segments[i]
            // Right of the pixels: a vertical one (its x stays exact), or a slanted one a pixel clear
            // of them (the rows' stepped x may round a little below its ends).
            let right = min(s.x0, s.x1)
            if right >= Float(w) && (s.x0 == s.x1 || right >= Float(w + 1)) { continue }
            guard s.x0 == 0, s.x1 == 0, Self.size == 16 else { return false }
            if s.y0 == s.y1 { continue }
            let (dir, y0, y1): (Float, Float, Float) = s.y0 < s.y1 ? (1, s.y0, s.y1) : (-1, s.y1, s.y0)
            let bottom = Float(Self.size)
            guard y1 > 0, y0 < bottom else { continue }
            let rowStart = max(0, Self.smallInt(max(y0, 0).roundedDownSmall))
            let rowEnd = min(Self.size, Self.smallInt(min(y1, bottom).roundedUpSmall))
            if rowStart >= rowEnd { continue }
            for row in rowStart..<rowEnd {
                let dy = min(Float(row + 1), y1) - max(Float(row), y0)
                left[row] += dy * dir
            }
        }
        let evenOdd = rule == GPUABI.FillRule.evenOdd.rawValue
        for r in 0..<min(h, Self.size) where FineRasterizer.fold(backdrops[r] + left[r], evenOdd: evenOdd) < 1 { return false }
        return true
    }

    /// Draws `kind` over tiles `tiles` (adjacent, in one tile row) row by row.
    private func drawRun(_ kind: WholeTile, tiles: Range<Int>, input: FineInput, target: RenderTarget) {
        let size = Self.size
        let originX = (tiles.lowerBound % input.tilesX) * size, originY = (tiles.lowerBound / input.tilesX) * size
        let w = min(tiles.count * size, target.width - originX), h = min(size, target.height - originY)
        switch kind {
        case .fill(let paint):
            let word = Self.word(input.paints[paint].color)
            for y in 0..<h { target.row(originY + y, x: originX, count: w).fill(word) }
        case .image(let index, let under):
            let paint = input.paints[index]
            let offset = Self.wholeTexelOffset(paint)!
            let width = Int(paint.imageWidth)
            let image = input.image(of: paint)!
            let start = (originY + offset.y) * width + originX + offset.x
            if image.isOpaque {
                // Opaque texels at coverage 1 and full opacity are the pixels: a copy of each row.
                for y in 0..<h {
                    target.row(originY + y, x: originX, count: w).copy(0, count: w, from: TexelRow(image.texels, start: start + y * width, count: w))
                }
                return
            }
            let color = under.map { input.paints[$0].color }
            for y in 0..<h {
                Self.drawImageRow(TexelRow(image.texels, start: start + y * width, count: w),
                                  into: target.row(originY + y, x: originX, count: w),
                                  under: color, readsTarget: !target.startsTransparent)
            }
        }
    }

    /// Draws `texels` (opaque paint, coverage 1) source-over `row`: over `under` (an opaque colour),
    /// else over the row's pixels (`readsTarget`) or transparent. Spans of opaque texels are copied;
    /// spans of clear texels over the target leave it; the rest are `drawSpan`'s blend. (A bitmap
    /// whose every texel is opaque does not come here: its rows are copied whole, `drawRun`.)
    @inline(__always)
    private static func drawImageRow(_ texels: TexelRow, into row: PixelRow, under: SIMD4<Float>?, readsTarget: Bool) {
        for x in Swift.stride(from: 0, to: row.count, by: 8) {
            let n = min(8, row.count - x)
            let t = texels.span(x, count: n)
            let (opaque, clear) = texelState(t, count: n)
            if opaque { row.setSpan(x, count: n, t); continue }
            guard let c = under else {
                // Clear texels over the row's pixels leave them.
                if !(clear && readsTarget) { drawTexels(t, into: row, x: x, count: n, readsTarget: readsTarget) }
                continue
            }
            var r = SIMD8<Float>(repeating: c.x), g = SIMD8<Float>(repeating: c.y)
            var b = SIMD8<Float>(repeating: c.z), a = SIMD8<Float>(repeating: c.w)
            blendTexels(t, opacity: 1, coverage: SIMD8(repeating: 1), &r, &g, &b, &a)
            row.setSpan(x, count: n, words(r) | words(g) &<< 8 | words(b) &<< 16 | words(a) &<< 24)
        }
    }

    /// Texels `t` at coverage 1 and full opacity over pixels `x ..< x + n` of `row`: `texelsOver` the
    /// row's pixels (`readsTarget`), or the texels themselves over transparent.
    @inline(__always)
    private static func drawTexels(_ t: SIMD8<UInt32>, into row: PixelRow, x: Int, count n: Int, readsTarget: Bool) {
        row.setSpan(x, count: n, readsTarget ? texelsOver(t, row.span(x, count: n)) : t)
    }

    /// Premultiplied texels `t` source-over pixels `d` at coverage 1 and full opacity, in integers: each
    /// channel is t + d x (255 - t's alpha) / 255, rounded to nearest and at most 255. These are the
    /// bytes of the float blend (`blendTexels`, then `words`): the quotient is k / 255, whose fraction
    /// is never one half and is at least 1/510 from it, far more than the float path's error.
    @inline(__always)
    private static func texelsOver(_ t: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let inverse = 255 &- (t &>> 24)
        let factor = unsafeBitCast(inverse | inverse &<< 16, to: SIMD16<UInt16>.self)
        // Two channels a word, one per 16-bit lane (each product is at most 255 x 255): x / 255
        // rounded is (y + y >> 8) >> 8 with y = x + 128, exactly, for such x.
        @inline(__always) func scaled(_ pair: SIMD8<UInt32>) -> SIMD16<UInt16> {
            let y = unsafeBitCast(pair, to: SIMD16<UInt16>.self) &* factor &+ 128
            return (y &+ y &>> 8) &>> 8
        }
        // Sums above 255 (texels whose colour exceeds their alpha) end at 255, as the float path clamps:
        // a sum is at most 510, so its bit 8 says so.
        @inline(__always) func clamped(_ v: SIMD16<UInt16>) -> SIMD8<UInt32> {
            unsafeBitCast((v | (v &>> 8) &* 255) & 255, to: SIMD8<UInt32>.self)
        }
        let pairs = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let redBlue = unsafeBitCast(t & pairs, to: SIMD16<UInt16>.self) &+ scaled(d & pairs)
        let greenAlpha = unsafeBitCast((t &>> 8) & pairs, to: SIMD16<UInt16>.self) &+ scaled((d &>> 8) & pairs)
        return clamped(redBlue) | clamped(greenAlpha) &<< 8
    }

    // MARK: Drawing straight into the target
    //
    // A tile whose commands (after occlusion) are a few source-over draws of an image on whole texels
    // or of a solid colour inside its path (`drawsDirectly`) is drawn without the float planes: each
    // draw's coverage goes to a buffer of its own, then each pixel row of the tile is read from the
    // target once, in spans of 8 pixels, every draw touching a span is composited onto it in
    // registers, and the span is rounded and written once. These are the planes' operations, in the
    // planes' order, on the same values, so the bytes are the same; what is saved is converting the
    // whole tile to float and back, and spans no draw touches. A span that ends under an opaque fill
    // is a fill of one 32-bit pattern, one that ends under opaque texels a copy; a span under an
    // opaque fill starts from its colour, unread. Along a solid colour's edge every span is converted
    // either way, and the planes are as fast, so those tiles keep them.

    /// The most draws `rasterizeDirect` takes: one coverage buffer each (`coverage` and the four
    /// colour planes, which it does not otherwise use).
    private static let maxDirectDraws = 5

    /// `rasterizeDirect`'s draws (`maxDirectDraws`).
    private let directDraws: ScratchSpan<DirectDraw>

    /// Tiles this rasterizer drew straight into the target (tests).
    @exclusivity(unchecked) package private(set) var directTileCount = 0

    /// The pixels of one tile that lie on the canvas: `w` x `h` from (`originX`, `originY`).
    private struct TileRegion {
        var originX: Int, originY: Int, w: Int, h: Int
    }

    /// True when tile command `word` is a draw `rasterizeDirect` draws: source-over, not a clip, with a
    /// solid paint or an image on whole texels.
    private static func drawsDirectly(_ word: UInt32, _ input: FineInput) -> Bool {
        guard word & TileCommand.kindMask == TileCommand.pathTile else { return false }
        let pathTile = input.pathTiles[Int(word)]
        let draw = input.draws[Int(pathTile.drawIndex)]
        guard !draw.isClip, draw.blend == 0, !draw.isMask else { return false }
        let paint = input.paints[Int(draw.paintIndex)]
        if wholeTexelOffset(paint) != nil { return true }
        // A solid colour only inside its path (no edge in the tile: whole rows covered or not). Along
        // edges the planes are as fast: every row is converted either way, and they are simpler.
        return paint.kind == GPUABI.PaintKind.solid.rawValue && pathTile.segmentCount == 0
    }

    /// One draw of a direct tile: its paint, reduced to what the row loop needs, and its coverage.
    private struct DirectDraw {
        /// The premultiplied colour (solid), or (0, 0, 0, opacity) (image).
        var color: SIMD4<Float>
        /// The image's texels, or nil for a solid colour.
        var texels: ReadOnlySpan<UInt32>?
        var width = 0, height = 0
        /// Image texel column and row of the tile's pixel (0, 0).
        var texelX = 0, texelY = 0
        /// The draw's coverage of the tile (`pixels` values).
        var coverage: ReadOnlySpan<Float>
        var rows: Range<Int>
        var opaque: Bool { texels == nil && color.w >= 1 }
    }

    /// Draws `commands` (each `drawsDirectly`, at most `maxDirectDraws`) into the target; the tile's
    /// pixels start from the target's (`readsTarget`) or transparent.
    private func rasterizeDirect(_ commands: Range<Int>, input: FineInput, target: RenderTarget,
                                 region: TileRegion, readsTarget: Bool) {
        let draws = directDraws
        var count = 0
        for c in commands {
            let pathTile = input.pathTiles[Int(input.tileCommands[c])]
            let draw = input.draws[Int(pathTile.drawIndex)]
            // Buffer `count`: `coverage`, then the four colour planes, which follow it.
            let buffer = coverageBuffers.slice(from: count * Self.pixels, count: Self.pixels)
            let rows = computeCoverage(pathTile, evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue, input: input,
                                       into: buffer)
            if rows.isEmpty { continue }
            let paint = input.paints[Int(draw.paintIndex)]
            var d = DirectDraw(color: paint.color, coverage: buffer.readOnly, rows: rows.range.clamped(to: 0..<region.h))
            if let offset = Self.wholeTexelOffset(paint) {
                let width = Int(paint.imageWidth), height = Int(paint.imageHeight)
                // As `blendAlignedImage`: an empty image, or no texels, draws nothing.
                guard width > 0, height > 0, let texels = input.texels(of: paint) else { continue }
                d.texels = texels
                d.width = width; d.height = height
                d.texelX = region.originX + offset.x; d.texelY = region.originY + offset.y
                d.color = SIMD4(0, 0, 0, paint.color.w)
            }
            draws[count] = d
            count += 1
        }
        // Each row in two spans of 8 pixels: 16 lanes of four channels would not fit the registers.
        for py in 0..<region.h {
            let row = target.row(region.originY + py, x: region.originX, count: region.w)
            for x0 in stride(from: 0, to: region.w, by: 8) {
                drawSpan(row, x0: x0, count: min(8, region.w - x0), py: py, draws: count, readsTarget: readsTarget)
            }
        }
    }

    /// Draws `rasterizeDirect`'s `draws` over pixels `x0 ..< x0 + count` (count at most 8) of the tile's
    /// row `py`, held by `row` (from the tile's first pixel).
    @inline(__always)
    private func drawSpan(_ row: PixelRow, x0: Int, count n: Int, py: Int, draws count: Int, readsTarget: Bool) {
        let draws = directDraws
        let offset = py * Self.size + x0
        // The draws that touch the span (bit j: draw j), those that cover all of it, and the last one
        // that hides everything before it (an opaque colour over the whole span).
        var touching: UInt32 = 0, covering: UInt32 = 0, start = 0
        for j in 0..<count where draws[j].rows.contains(py) {
            let (none, full) = Self.coverageState(draws[j].coverage.slice(from: offset, count: n))
            if none { continue }
            touching |= 1 << j
            if full {
                covering |= 1 << j
                if draws[j].opaque { start = j }
            }
        }
        if touching == 0 {
            if !readsTarget { row.clear(x0, count: n) }
            return
        }
        // The last draw hides the others where its coverage is full and its texels opaque: the planes
        // give back the texels' bytes there (c * 1 + d * (1 - 1)). A span of clear texels (all zero)
        // drawn alone leaves the pixels as they are (0 + d * 1).
        let last = draws[count - 1], lastBit: UInt32 = 1 << (count - 1)
        var lastTexels = SIMD8<UInt32>()
        if let texels = last.texels, touching & lastBit != 0 {
            lastTexels = Self.texelSpan(texels, last, py: py, x0: x0, count: n)
            let (opaque, clear) = Self.texelState(lastTexels, count: n)
            if opaque && last.color.w == 1 && covering & lastBit != 0 { row.setSpan(x0, count: n, lastTexels); return }
            if clear && touching == lastBit && readsTarget { return }
            if touching == lastBit && covering & lastBit != 0 && last.color.w == 1 {
                // The image alone over the span at full coverage and opacity (the float blend's bytes).
                Self.drawTexels(lastTexels, into: row, x: x0, count: n, readsTarget: readsTarget)
                return
            }
        }
        var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>(), a = SIMD8<Float>()
        let first = draws[start]
        if first.opaque && covering & (1 << start) != 0 {
            // The planes hold this colour exactly here (c * 1 + d * (1 - 1)); alone, it is a fill.
            let c = first.color
            if start == count - 1 {
                row.fill(x0, count: n, Self.word(c.x) | Self.word(c.y) << 8 | Self.word(c.z) << 16 | Self.word(c.w) << 24)
                return
            }
            r = SIMD8(repeating: c.x); g = SIMD8(repeating: c.y); b = SIMD8(repeating: c.z); a = SIMD8(repeating: c.w)
            start += 1
        } else if readsTarget {
            let pixels = row.span(x0, count: n)
            let scale: Float = 1 / 255
            r = Self.levels(pixels, 0) * scale; g = Self.levels(pixels, 8) * scale
            b = Self.levels(pixels, 16) * scale; a = Self.levels(pixels, 24) * scale
        }
        for j in start..<count where touching & (1 << j) != 0 {
            let d = draws[j]
            let k = d.coverage.load(offset, as: SIMD8<Float>.self)
            if let texels = d.texels {
                let t = j == count - 1 ? lastTexels : Self.texelSpan(texels, d, py: py, x0: x0, count: n)
                Self.blendTexels(t, opacity: d.color.w, coverage: k, &r, &g, &b, &a)
            } else {
                let c = d.color
                let inv = 1 - c.w * k
                r = c.x * k + r * inv; g = c.y * k + g * inv; b = c.z * k + b * inv; a = c.w * k + a * inv
            }
        }
        row.setSpan(x0, count: n, Self.words(r) | Self.words(g) &<< 8 | Self.words(b) &<< 16 | Self.words(a) &<< 24)
    }

    /// 8 texels drawn at `opacity` with coverage `k`, source-over the colour in `r`, `g`, `b`, `a`
    /// (the planes' arithmetic, `blendAlignedImage`'s).
    @inline(__always)
    private static func blendTexels(_ t: SIMD8<UInt32>, opacity: Float, coverage k: SIMD8<Float>,
                                    _ r: inout SIMD8<Float>, _ g: inout SIMD8<Float>, _ b: inout SIMD8<Float>,
                                    _ a: inout SIMD8<Float>) {
        let scale: Float = 1 / 255
        let cr = levels(t, 0) * scale * opacity, cg = levels(t, 8) * scale * opacity
        let cb = levels(t, 16) * scale * opacity, ca = levels(t, 24) * scale * opacity
        let inv = 1 - ca * k
        r = cr * k + r * inv; g = cg * k + g * inv; b = cb * k + b * inv; a = ca * k + a * inv
    }

    /// The texels under pixels `x0 ..< x0 + count` of the tile's row `py` for draw `d`, one per pixel
    /// (lanes from `count` on are not drawn), clamped to the image's edges as `blendAlignedImage` reads them.
    @inline(__always)
    private static func texelSpan(_ texels: ReadOnlySpan<UInt32>, _ d: DirectDraw, py: Int, x0: Int, count: Int) -> SIMD8<UInt32> {
        let line = texels.slice(from: min(max(d.texelY + py, 0), d.height - 1) * d.width, count: d.width)
        let first = d.texelX + x0
        if count == 8 && first >= 0 && first + 8 <= d.width {
            return line.load(first, as: SIMD8<UInt32>.self)
        }
        var t = SIMD8<UInt32>()
        for x in 0..<count { t[x] = line[min(max(first + x, 0), d.width - 1)] }
        return t
    }

    /// Whether the first `count` of 8 texels are all opaque, and whether they are all clear (zero).
    @inline(__always)
    private static func texelState(_ t: SIMD8<UInt32>, count: Int) -> (opaque: Bool, clear: Bool) {
        if count == 8 {
            // Folded in halves: lane operations, no loop over lanes.
            let all4 = t.lowHalf & t.highHalf, any4 = t.lowHalf | t.highHalf
            let all2 = all4.lowHalf & all4.highHalf, any2 = any4.lowHalf | any4.highHalf
            return ((all2.x & all2.y) >= 0xFF00_0000, (any2.x | any2.y) == 0)
        }
        var all: UInt32 = 0xFFFF_FFFF, any: UInt32 = 0
        for x in 0..<count { all &= t[x]; any |= t[x] }
        return (all >= 0xFF00_0000, any == 0)
    }

    /// Whether the coverage values of a span are all 0 (`none`) or all 1 (`full`), from their bits (no
    /// branch per pixel).
    @inline(__always)
    private static func coverageState(_ span: ReadOnlySpan<Float>) -> (none: Bool, full: Bool) {
        var all: UInt32 = 0xFFFF_FFFF, any: UInt32 = 0
        for x in 0..<span.count { let bits = span[x].bitPattern; all &= bits; any |= bits }
        return (any == 0, all == any && any == Float(1).bitPattern)
    }

    /// Channel `shift` (0 red, 8 green, 16 blue, 24 alpha) of 8 pixels, as levels 0...255 in float:
    /// the level's bits under the exponent of 2^23, less 2^23 (exact).
    @inline(__always)
    private static func levels(_ pixels: SIMD8<UInt32>, _ shift: UInt32) -> SIMD8<Float> {
        unsafeBitCast(((pixels &>> shift) & 0xFF) | 0x4B00_0000, to: SIMD8<Float>.self) - 8_388_608
    }

    /// `word` for 8 values, in the low byte of each lane. Clamped to 0...1 on the bits (a float's bits
    /// order as it does when it is not negative), which vectorizes where `min` and `max` on SIMD types
    /// do not; the same bytes as `word` for every value but NaN.
    @inline(__always)
    private static func words(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
        let bits = unsafeBitCast(v, to: SIMD8<Int32>.self)
        let positive = bits & ~(bits &>> 31)
        let above = (0x3F80_0000 &- positive) &>> 31
        let clamped = (positive & ~above) | (0x3F80_0000 & above)
        let scaled = unsafeBitCast(clamped, to: SIMD8<Float>.self) * 255 + 8_388_608
        return unsafeBitCast(scaled, to: SIMD8<UInt32>.self) & 0xFF
    }

    // MARK: Integer tiles
    //
    // A tile whose commands (after occlusion) are all solid colours drawn source-over (fills, strokes,
    // glyph masks; no layer, clip, blend mode, gradient or image) is composited in 16-bit fixed point
    // instead of the float planes: four planes of UInt16 (`wide`), a level l held as l * 256, read from
    // the target once and written once. Per draw and pixel, with coverage K = k * 65535 (rounded),
    // alpha A = a * 65535 and colour C = c * 65280 (one level is 256), the planes' source-over
    // c k + d (1 - a k) is
    //
    //     d' = d - hi(d, hi(A + 1, K)) + hi(C + 1, K)        hi(x, y) = x * y >> 16 (SSE2's pmulhuw)
    //
    // with the sum saturated, and a pixel is written as (d + 128) >> 8. The + 1 makes full coverage
    // give the colour's own value (hi(C + 1, 65535) is C; at coverage 0 both products are 0), and a
    // colour exactly half a level from two takes the side the planes round it to (`WideColor`), so a
    // colour over transparent pixels comes out as the planes' bytes. Each draw is off the planes'
    // exact value by at most a few 1/256 of a level (the truncating products), and the 8 bits more
    // than the target keep that from adding up over a tile's draws, so a pixel differs from the planes'
    // by at most one level, only where their value lies that close to a rounding boundary (tests
    // measure it: `IntegerTileTests`). Coverage stays float (the prefix sums need it), as do
    // gradients, images, blend modes, filters and layers, which keep the planes. What is saved is the
    // float conversion of every pixel in and out, and the planes' zeroing (callgrind: 22% of the
    // tiger's fine-stage instructions, 39% of `tile-bench text`'s); the blending itself takes about as
    // many instructions as in float (eight lanes per operation, but more of them per lane).

    /// The four UInt16 planes of an integer tile (red, green, blue, alpha; `pixels` each).
    private let wide = ScratchSpan<UInt16>.allocate(count: 4 * FineRasterizer.pixels, repeating: 0)

    /// `wide`'s planes, each a view of its own: the loops index them from 0 (a slice's start is pointer
    /// arithmetic, while adding a plane's offset to each index is an overflow-checked addition per access).
    @inline(__always)
    private var widePlanes: (r: ScratchSpan<UInt16>, g: ScratchSpan<UInt16>, b: ScratchSpan<UInt16>, a: ScratchSpan<UInt16>) {
        let n = Self.pixels
        return (wide.slice(from: 0, count: n), wide.slice(from: n, count: n), wide.slice(from: 2 * n, count: n),
                wide.slice(from: 3 * n, count: n))
    }

    /// `maskLevelCoverage`'s coverage of a tile in 16-bit levels, and the columns each row's masks
    /// wrote (a bit per column).
    private let levelRows = ScratchSpan<UInt16>.allocate(count: FineRasterizer.pixels, repeating: 0)
    private let levelColumns = ScratchSpan<UInt32>.allocate(count: FineRasterizer.size, repeating: 0)

    /// Whether integer tiles take glyph masks' 16-bit levels (`maskLevelCoverage`); tests turn it off
    /// to compare with their float values (`RasterSettings.fineMaskLevels`).
    @exclusivity(unchecked) package var usesMaskLevels = true
    /// Whether an integer tile of one mask draw over one colour is composited straight into the target
    /// (`maskOverColor`); tests turn it off to compare with the planes.
    @exclusivity(unchecked) package var blitsMaskTiles = true
    /// Tiles composited by `maskOverColor` (tests).
    @exclusivity(unchecked) package private(set) var maskOverColorTileCount = 0
    /// Whether a tile whose rows are all one row (`isOneRowRepeated`: the sides of a rectangle) computes
    /// that row once (the default; tests turn it off to compare with the row-by-row sums).
    @exclusivity(unchecked) package var repeatsOneRow = true
    /// Tiles whose coverage was one row repeated (tests).
    @exclusivity(unchecked) package private(set) var oneRowTileCount = 0
    /// Mask draws of integer tiles composited from their levels, and rows of them where masks met and
    /// were summed in float (tests).
    @exclusivity(unchecked) package private(set) var maskLevelDrawCount = 0
    @exclusivity(unchecked) package private(set) var summedMaskRowCount = 0

    /// Tiles this rasterizer composited in fixed point (tests).
    @exclusivity(unchecked) package private(set) var wideTileCount = 0
    /// Draws of fixed-point tiles composited at one coverage over the whole tile (tests).
    @exclusivity(unchecked) package private(set) var uniformTileDrawCount = 0

    /// True when tile command `word` is a draw `rasterizeWide` draws: a solid colour, source-over, not
    /// a clip.
    private static func drawsWide(_ word: UInt32, _ input: FineInput) -> Bool {
        guard word & TileCommand.kindMask == TileCommand.pathTile else { return false }
        let draw = input.draws[Int(input.pathTiles[Int(word)].drawIndex)]
        return !draw.isClip && draw.blend == 0 && input.paints[Int(draw.paintIndex)].kind == GPUABI.PaintKind.solid.rawValue
    }

    /// A solid colour in fixed point: its channels C times 65280 (levels times 256), rounded; the
    /// multipliers of its products, C + 1 and A + 1 for its alpha A times 65535 (see `rasterizeWide`);
    /// and whether it is opaque.
    private struct WideColor {
        var r: UInt16, g: UInt16, b: UInt16, a: UInt16
        var rFactor: UInt16, gFactor: UInt16, bFactor: UInt16, aFactor: UInt16, alphaFactor: UInt16
        var opaque: Bool

        // Inlined into `rasterizeWide` (once per draw), as the optimizer chose before the planes became
        // `ScratchSpan`s; left to it, it now calls this out of line, 10M more instructions on micro_1000_shapes.
        @inline(__always)
        init(_ c: SIMD4<Float>, opaque: Bool) {
            @inline(__always)
            func fixed(_ v: Float, _ one: Float) -> UInt16 {
                UInt16(truncatingIfNeeded: (min(max(v, 0), 1) * one + 8_388_608).bitPattern & 0xFFFF)
            }
            // A channel exactly half a level from two (x.5 levels: C = 256 l + 128) is written as the
            // planes write the colour (`word`, which the float's own rounding decides), one step below
            // where they round down: C alone comes out as the planes' byte.
            @inline(__always)
            func channel(_ v: Float) -> UInt16 {
                let fixedValue = fixed(v, 65280)
                return (UInt32(fixedValue) + 128) >> 8 > FineRasterizer.word(v) ? fixedValue - 1 : fixedValue
            }
            r = channel(c.x); g = channel(c.y); b = channel(c.z); a = channel(c.w)
            rFactor = r + 1; gFactor = g + 1; bFactor = b + 1; aFactor = a + 1
            // hi(65535, 65535) is 65534: an opaque colour at full coverage leaves at most 2/256 of a
            // level of what is below in a pixel (its rows of full coverage are filled instead).
            alphaFactor = min(fixed(c.w, 65535), 65534) + 1
            self.opaque = opaque
        }
    }

    /// x * y >> 16 in each lane (pmulhuw; `CIntrinsics`).
    @inline(__always)
    private static func high(_ x: SIMD8<UInt16>, _ y: SIMD8<UInt16>) -> SIMD8<UInt16> {
        CIntrinsics_mulhi_u16x8(x, y)
    }

    /// `high` over a tile row of 16 lanes (one AVX2 instruction in a Haswell build).
    @inline(__always)
    private static func high(_ x: SIMD16<UInt16>, _ y: SIMD16<UInt16>) -> SIMD16<UInt16> {
        CIntrinsics_mulhi_u16x16(x, y)
    }

    /// x * y >> 16.
    @inline(__always)
    private static func high(_ x: UInt16, _ y: UInt16) -> UInt16 {
        UInt16(truncatingIfNeeded: (UInt32(x) &* UInt32(y)) &>> 16)
    }

    /// x + y, at most 65535 (paddusw; `CIntrinsics`).
    @inline(__always)
    private static func saturatingSum(_ x: SIMD8<UInt16>, _ y: SIMD8<UInt16>) -> SIMD8<UInt16> {
        CIntrinsics_adds_u16x8(x, y)
    }

    /// Coverage 0...1 as 0...65535, rounded to nearest (2^23 puts the whole number in the low bits).
    @inline(__always)
    private static func fixedCoverage(_ k: SIMD8<Float>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(k * 65535 + 8_388_608, to: SIMD8<UInt32>.self))
    }

    /// `fixedCoverage` of a tile row.
    @inline(__always)
    private static func fixedCoverage(_ k: SIMD16<Float>) -> SIMD16<UInt16> {
        SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(k * 65535 + 8_388_608, to: SIMD16<UInt32>.self))
    }

    /// `fixedCoverage` of one value.
    @inline(__always)
    private static func fixedCoverage(_ k: Float) -> UInt16 {
        UInt16(truncatingIfNeeded: (k * 65535 + 8_388_608).bitPattern)
    }

    /// Draws `commands` (each `drawsWide`) through the integer planes into the target; the tile's
    /// pixels start from the target's (`readsTarget`) or transparent.
    /// With `startsOccluded`, the first command is an opaque colour over every pixel of the tile on the
    /// canvas (`visibleCommands`): the planes start as that colour, with no coverage computed (what its
    /// coverage of 1 gives there: c * 1 + d * (1 - 1); pixels off the canvas are not written out).
    ///
    /// In a whole tile, the planes' rows are set up only where a draw reaches (`ready`), and the rows
    /// no draw reaches are written straight: the starting colour's pixels (what the planes would give
    /// back for it), nothing over the target's own pixels, or transparent. A label's glyphs over a
    /// card reach a few rows of each tile they touch.
    private func rasterizeWide(_ commands: Range<Int>, input: FineInput, target: RenderTarget, region: TileRegion,
                               readsTarget: Bool, startsOccluded: Bool = false) {
        let size = Self.size, n = Self.pixels
        var commands = commands
        var start: WideColor?
        if startsOccluded, let first = commands.first {
            let paint = input.paints[Int(input.draws[Int(input.pathTiles[Int(input.tileCommands[first])].drawIndex)].paintIndex)]
            start = WideColor(paint.color, opaque: true)
            commands = (first + 1)..<commands.upperBound
        }
        let whole = region.w == size && region.h == size
        assert(size <= UInt32.bitWidth, "a row per bit")
        // The rows whose planes hold the tile's pixels (and that are written out from them).
        var ready: UInt32 = 0
        if !whole {
            // A tile at the canvas' right or bottom edge: every row set up at once, the lanes past the
            // canvas zero (reads stop at its edge).
            if start == nil { wide.zeroBytes() }
            prepareWideRows(0..<region.h, ready: &ready, start: start, readsTarget: readsTarget, target: target, region: region)
        }
        for c in commands {
            let pathTile = input.pathTiles[Int(input.tileCommands[c])]
            let draw = input.draws[Int(pathTile.drawIndex)]
            if let k = Self.uniformCoverage(pathTile, draw, input) {
                // The inside of a shape: one coverage over the whole tile, composited as one span.
                if k == 0 { continue }
                uniformTileDrawCount += 1
                let paint = input.paints[Int(draw.paintIndex)]
                let color = WideColor(paint.color, opaque: paint.isOpaque)
                if !(color.opaque && k >= 1) {
                    prepareWideRows(0..<region.h, ready: &ready, start: start, readsTarget: readsTarget, target: target, region: region)
                }
                blendWideUniform(color, coverage: k)
                ready = Self.allRows
                continue
            }
            if draw.isMask, usesMaskLevels, let reached = maskLevelCoverage(pathTile, input: input, originX: region.originX, originY: region.originY) {
                // The masks' own levels: no float coverage to fold and convert. (A glyph's mask may
                // reach below the canvas: those rows are not set up, and not written out.)
                maskLevelDrawCount += 1
                let rows = reached.clamped(to: 0..<region.h)
                if rows.isEmpty { continue }
                let paint = input.paints[Int(draw.paintIndex)]
                prepareWideRows(rows, ready: &ready, start: start, readsTarget: readsTarget, target: target, region: region)
                blendWideLevels(WideColor(paint.color, opaque: paint.isOpaque), rows: rows)
                continue
            }
            var rows = draw.isMask
                ? maskCoverage(pathTile, input: input, originX: region.originX, originY: region.originY, spans: true)
                : computeCoverage(pathTile, evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue, input: input, spans: true)
            if draw.isMask { rows.range = rows.range.clamped(to: 0..<region.h) }
            if rows.isEmpty { continue }
            let paint = input.paints[Int(draw.paintIndex)]
            let color = WideColor(paint.color, opaque: paint.isOpaque)
            if rows.fullyCovered && paint.isOpaque {
                // The colour itself, as the planes hold it (c * 1 + d * (1 - 1)).
                fillWide(color, from: 0, count: n)
                ready = Self.allRows
                continue
            }
            prepareWideRows(rows.range, ready: &ready, start: start, readsTarget: readsTarget, target: target, region: region)
            if rows.repeatsRow {
                blendWideRepeatedRow(color, rows: rows.range)
            } else {
                blendWide(color, rows: rows.range)
            }
        }
        // (v + 128) >> 8 of the starting colour's channels: the word its planes are written out as.
        let startWord = start.map { c in
            func level(_ v: UInt16) -> UInt32 { (UInt32(v) + 128) >> 8 }
            return level(c.r) | level(c.g) << 8 | level(c.b) << 16 | level(c.a) << 24
        }
        for y in 0..<region.h {
            let row = target.row(region.originY + y, x: region.originX, count: region.w)
            if ready & (1 << UInt32(y)) == 0 {
                // No draw reached the row: as the planes would have written it out.
                if let startWord { row.fill(startWord) } else if !readsTarget { row.clear() }
                continue
            }
            if region.w == size {
                storeWide(row, y: y, x: 0, count: 8); storeWide(row, y: y, x: 8, count: 8)
            } else {
                // (A `while`: a stride or lazy sequence of steps here became a call per step.)
                var x = 0
                while x < region.w {
                    storeWide(row, y: y, x: x, count: min(8, region.w - x))
                    x += 8
                }
            }
        }
    }

    /// Draws `commands` as `rasterizeWide` would when they are one glyph run over one colour (a label
    /// over a card: the opaque colour that hides the target, then a mask draw; or a mask draw alone
    /// over a target not read, from transparent), straight into the target (`maskOverColor`); returns
    /// false, drawing nothing, for other tiles. (Kept out of `rasterizeWide`: there it stopped the
    /// optimizer inlining the rows' set-up.)
    @inline(never)
    private func drawsMaskOverColor(_ commands: Range<Int>, input: FineInput, target: RenderTarget, region: TileRegion,
                                    readsTarget: Bool, startsOccluded: Bool) -> Bool {
        // (The caller's inline test chose the tile by its commands' count and the target.)
        assert(commands.count == (startsOccluded ? 2 : 1) && (startsOccluded || !readsTarget), "not one run over one colour")
        guard blitsMaskTiles, usesMaskLevels else { return false }
        let last = input.tileCommands[commands.upperBound - 1]
        guard last & TileCommand.kindMask == TileCommand.pathTile else { return false }
        let pathTile = input.pathTiles[Int(last)]
        let draw = input.draws[Int(pathTile.drawIndex)]
        // The colour below: a solid one (`drawsWide`); an opaque image that hides the target is not.
        guard draw.isMask, Self.drawsWide(last, input),
              !startsOccluded || Self.drawsWide(input.tileCommands[commands.lowerBound], input),
              let rows = maskLevelCoverage(pathTile, input: input, originX: region.originX, originY: region.originY)
        else { return false }
        // The planes' start: the opaque colour (`rasterizeWide`'s `start`), or transparent.
        let base = startsOccluded
            ? wideColor(input.paints[Int(input.draws[Int(input.pathTiles[Int(input.tileCommands[commands.lowerBound])].drawIndex)].paintIndex)].color,
                        opaque: true, slot: 0)
            : WideColor(SIMD4<Float>(), opaque: false)
        maskLevelDrawCount += 1
        maskOverColorTileCount += 1
        let paint = input.paints[Int(draw.paintIndex)]
        maskOverColor(wideColor(paint.color, opaque: paint.isOpaque, slot: 1), rows: rows, over: base, target: target, region: region)
        return true
    }

    /// The last colours `wideColor` made, in two slots (the card's and the text's: a label's tiles
    /// draw the same two), by the colour's bits; nil until a slot is first used.
    @exclusivity(unchecked) private var wideColorKeys: (SIMD4<UInt32>?, SIMD4<UInt32>?) = (nil, nil)
    @exclusivity(unchecked) private var wideColorValues = (WideColor(SIMD4<Float>(), opaque: false), WideColor(SIMD4<Float>(), opaque: false))

    /// `WideColor(c, opaque:)`, kept in `slot` (0 or 1) for the next tile that asks for the same colour.
    @inline(__always)
    private func wideColor(_ c: SIMD4<Float>, opaque: Bool, slot: Int) -> WideColor {
        @inline(__always)
        func kept(_ key: inout SIMD4<UInt32>?, _ value: inout WideColor) -> WideColor {
            let bits = unsafeBitCast(c, to: SIMD4<UInt32>.self)
            if key == bits && value.opaque == opaque { return value }
            key = bits; value = WideColor(c, opaque: opaque)
            return value
        }
        return slot == 0 ? kept(&wideColorKeys.0, &wideColorValues.0) : kept(&wideColorKeys.1, &wideColorValues.1)
    }

    /// `rasterizeWide` of one mask draw (`levelRows`, rows `rows`) in `color` over pixels that start as
    /// `base`: the planes' operations on a row of `base` (`blendWideRow`, then `storeWide`), with no
    /// planes to fill, load and store (the same bytes). The rows the mask does not reach are `base`.
    private func maskOverColor(_ color: WideColor, rows: Range<Int>, over base: WideColor, target: RenderTarget,
                               region: TileRegion) {
        @inline(__always)
        func level(_ v: UInt16) -> UInt32 { (UInt32(v) + 128) >> 8 }
        let baseWord = level(base.r) | level(base.g) << 8 | level(base.b) << 16 | level(base.a) << 24
        let r = SIMD16<UInt16>(repeating: base.r), g = SIMD16<UInt16>(repeating: base.g)
        let b = SIMD16<UInt16>(repeating: base.b), a = SIMD16<UInt16>(repeating: base.a)
        let rFactor = SIMD16<UInt16>(repeating: color.rFactor), gFactor = SIMD16<UInt16>(repeating: color.gFactor)
        let bFactor = SIMD16<UInt16>(repeating: color.bFactor), aFactor = SIMD16<UInt16>(repeating: color.aFactor)
        let alphaFactor = SIMD16<UInt16>(repeating: color.alphaFactor)
        for y in 0..<region.h {
            let row = target.row(region.originY + y, x: region.originX, count: region.w)
            guard rows.contains(y) else {
                row.fill(baseWord)
                continue
            }
            let kk = levelRows.load(y * Self.size, as: SIMD16<UInt16>.self)
            let k = Self.high(alphaFactor, kk)
            @inline(__always)
            func over(_ d: SIMD16<UInt16>, _ factor: SIMD16<UInt16>) -> SIMD16<UInt16> {
                CIntrinsics_adds_u16x16(d &- Self.high(d, k), Self.high(factor, kk))
            }
            let words = Self.packedWords(red: over(r, rFactor), green: over(g, gFactor), blue: over(b, bFactor), alpha: over(a, aFactor))
            if region.w == Self.size {
                row.setSpan(0, count: 8, words.low); row.setSpan(8, count: 8, words.high)
            } else {
                row.setSpan(0, count: min(8, region.w), words.low)
                if region.w > 8 { row.setSpan(8, count: region.w - 8, words.high) }
            }
        }
    }

    /// A row of the planes' values (levels times 256) as 16 pixels, each channel (v + 128) >> 8,
    /// saturated (`storeWide`'s packing).
    @inline(__always)
    private static func packedWords(red: SIMD16<UInt16>, green: SIMD16<UInt16>, blue: SIMD16<UInt16>, alpha: SIMD16<UInt16>)
        -> (low: SIMD8<UInt32>, high: SIMD8<UInt32>) {
        let half = SIMD16<UInt16>(repeating: 128)
        let redGreen = CIntrinsics_adds_u16x16(red, half) &>> 8 | CIntrinsics_adds_u16x16(green, half) & 0xFF00
        let blueAlpha = CIntrinsics_adds_u16x16(blue, half) &>> 8 | CIntrinsics_adds_u16x16(alpha, half) & 0xFF00
        return (SIMD8<UInt32>(truncatingIfNeeded: redGreen.lowHalf) | SIMD8<UInt32>(truncatingIfNeeded: blueAlpha.lowHalf) &<< 16,
                SIMD8<UInt32>(truncatingIfNeeded: redGreen.highHalf) | SIMD8<UInt32>(truncatingIfNeeded: blueAlpha.highHalf) &<< 16)
    }

    /// The integer planes' row `y` from pixel `x` (`count`, at most 8) written out to `row`.
    @inline(__always)
    private func storeWide(_ row: PixelRow, y: Int, x: Int, count: Int) {
        let planes = widePlanes
        let i = y * Self.size + x
        let r = planes.r.load(i, as: SIMD8<UInt16>.self), g = planes.g.load(i, as: SIMD8<UInt16>.self)
        let b = planes.b.load(i, as: SIMD8<UInt16>.self), a = planes.a.load(i, as: SIMD8<UInt16>.self)
        let half = SIMD8<UInt16>(repeating: 128)
        // (v + 128) >> 8, saturated: v rounded to a level; red and green, then blue and alpha, as the
        // low and high byte of one 16-bit lane, and the two halves of a pixel interleaved.
        let redGreen = Self.saturatingSum(r, half) &>> 8 | Self.saturatingSum(g, half) & 0xFF00
        let blueAlpha = Self.saturatingSum(b, half) &>> 8 | Self.saturatingSum(a, half) & 0xFF00
        let words = SIMD8<UInt32>(truncatingIfNeeded: redGreen) | SIMD8<UInt32>(truncatingIfNeeded: blueAlpha) &<< 16
        row.setSpan(x, count: count, words)
    }

    /// `rasterizeWide`'s mask of a tile's rows, all set.
    private static let allRows = UInt32.max &>> UInt32(UInt32.bitWidth - size)

    /// Sets up the integer planes' rows `rows` that are not `ready` yet (and marks them): `start`, the
    /// target's pixels (`readsTarget`), or transparent (`rasterizeWide`).
    @inline(__always)
    private func prepareWideRows(_ rows: Range<Int>, ready: inout UInt32, start: WideColor?, readsTarget: Bool,
                                 target: RenderTarget, region: TileRegion) {
        let size = Self.size
        let planes = widePlanes
        if ready == Self.allRows { return }  // most draws after a tile's first
        // Rows below the canvas have no pixel of the target to read (callers clamp a mask's rows).
        assert(!rows.isEmpty && rows.upperBound <= region.h, "rows \(rows) outside the tile's \(region.h) on the canvas")
        // The rows of `rows` (not empty) that are not ready, as bits.
        let span = (UInt32.max &>> UInt32(32 - rows.count)) &<< UInt32(rows.lowerBound)
        var missing = span & ~ready
        if missing == 0 { return }
        ready |= missing
        if missing == span && rows.count == size, let start {
            return fillWide(start, from: 0, count: Self.pixels)
        }
        while missing != 0 {
            let y = missing.trailingZeroBitCount
            missing &= missing &- 1
            if let start {
                fillWide(start, from: y * size, count: size)
            } else if readsTarget {
                let row = target.row(region.originY + y, x: region.originX, count: region.w)
                // Eight pixels at a time: R and G from the low half of each word, B and A from the high
                // half, each level moved to the high byte.
                var x = 0
                while x < region.w {
                    defer { x += 8 }
                    let pixels = row.span(x, count: min(8, region.w - x)), i = y * size + x
                    let low = SIMD8<UInt16>(truncatingIfNeeded: pixels), high = SIMD8<UInt16>(truncatingIfNeeded: pixels &>> 16)
                    planes.r.store(low &<< 8, at: i)
                    planes.g.store(low & 0xFF00, at: i)
                    planes.b.store(high &<< 8, at: i)
                    planes.a.store(high & 0xFF00, at: i)
                }
            } else {
                let zero = SIMD16<UInt16>()
                planes.r.store(zero, at: y * size); planes.g.store(zero, at: y * size)
                planes.b.store(zero, at: y * size); planes.a.store(zero, at: y * size)
            }
        }
    }

    /// Sets pixels `start ..< start + count` (multiples of 8) of the integer planes to `color`.
    @inline(__always)
    private func fillWide(_ color: WideColor, from start: Int, count: Int) {
        let planes = widePlanes
        let r = SIMD8<UInt16>(repeating: color.r), g = SIMD8<UInt16>(repeating: color.g)
        let b = SIMD8<UInt16>(repeating: color.b), a = SIMD8<UInt16>(repeating: color.a)
        for step in 0..<(count / 8) {
            let i = start + step * 8
            planes.r.store(r, at: i); planes.g.store(g, at: i); planes.b.store(b, at: i); planes.a.store(a, at: i)
        }
    }

    /// The one coverage of path tile `t` over all its pixels, or nil when it may vary: a tile no edge of
    /// its draw crosses (no segments, not a mask) has its backdrop's coverage in each row, and when the
    /// 16 rows' backdrops are one value (a shape's inside: 1 or -1 for a simple outline) the tile is a
    /// single span. What `computeCoverage(spans: true)` and `blendWide` give row by row, found with one
    /// comparison of the rows instead of a pass over them.
    @inline(__always)
    private static func uniformCoverage(_ t: PathTile, _ draw: BinnedDraw, _ input: FineInput) -> Float? {
        guard t.segmentCount == 0, !draw.isMask else { return nil }
        guard t.backdropStart != PathTile.noBackdrop else { return 0 }
        assert(size == 16, "a tile's backdrops are one SIMD16")
        let rows = input.backdrops.load(Int(t.backdropStart), as: SIMD16<Float>.self)
        guard rows == SIMD16(repeating: rows[0]) else { return nil }
        return fold(rows[0], evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue)
    }

    /// `blendWide` over all rows of the tile at one coverage `k` (not 0): the same factors and
    /// operations as its rows of one coverage, without a test per row.
    private func blendWideUniform(_ color: WideColor, coverage k: Float) {
        let size = Self.size
        // (A tile an opaque colour covers is filled; `blendWide` is not reached there, nor are span rows counted.)
        if color.opaque && k >= 1 { return fillWide(color, from: 0, count: Self.pixels) }
        spanRowCount += size
        let planes = widePlanes
        let kk = Self.fixedCoverage(k)
        let g = SIMD16<UInt16>(repeating: Self.high(color.alphaFactor, kk))
        let cr = SIMD16<UInt16>(repeating: Self.high(color.rFactor, kk)), cg = SIMD16<UInt16>(repeating: Self.high(color.gFactor, kk))
        let cb = SIMD16<UInt16>(repeating: Self.high(color.bFactor, kk)), ca = SIMD16<UInt16>(repeating: Self.high(color.aFactor, kk))
        @inline(__always)
        func blend(_ plane: ScratchSpan<UInt16>, _ ck: SIMD16<UInt16>) {
            for row in 0..<size {
                let i = row * size, d = plane.load(i, as: SIMD16<UInt16>.self)
                plane.store(CIntrinsics_adds_u16x16(d &- Self.high(d, g), ck), at: i)
            }
        }
        blend(planes.r, cr); blend(planes.g, cg); blend(planes.b, cb); blend(planes.a, ca)
    }

    /// Composites `color` over the integer planes in `rows`, from `computeCoverage(spans: true)`
    /// (or `maskCoverage`): rows of one coverage as spans (nothing at 0, the colour where an opaque
    /// colour covers them, one set of factors otherwise), the others pixel by pixel.
    private func blendWide(_ color: WideColor, rows: Range<Int>) {
        let size = Self.size, opaque = color.opaque
        let planes = widePlanes
        // A whole tile row (16 pixels) per operation: one AVX2 register of UInt16, two SSE2 ones.
        assert(size == 16, "a tile row is one SIMD16")
        @inline(__always)
        func blend(_ i: Int, _ plane: ScratchSpan<UInt16>, _ g: SIMD16<UInt16>, _ ck: SIMD16<UInt16>) {
            let d = plane.load(i, as: SIMD16<UInt16>.self)
            plane.store(CIntrinsics_adds_u16x16(d &- Self.high(d, g), ck), at: i)
        }
        // The factors of a row of one coverage k, for k = 1 (a translucent colour's inside) once per draw.
        func factors(_ kk: UInt16) -> (SIMD16<UInt16>, (SIMD16<UInt16>, SIMD16<UInt16>, SIMD16<UInt16>, SIMD16<UInt16>)) {
            (SIMD16(repeating: Self.high(color.alphaFactor, kk)),
             (SIMD16(repeating: Self.high(color.rFactor, kk)), SIMD16(repeating: Self.high(color.gFactor, kk)),
              SIMD16(repeating: Self.high(color.bFactor, kk)), SIMD16(repeating: Self.high(color.aFactor, kk))))
        }
        let whole = factors(Self.fixedCoverage(Float(1)))
        var spanRows = 0
        defer { spanRowCount += spanRows }
        for r in rows {
            if isConstant(r) {
                let k = rowConstants[r]
                spanRows += 1
                if k == 0 { continue }
                let i = r * size
                if opaque && k >= 1 {
                    fillWide(color, from: i, count: size)
                    continue
                }
                let (g, ck) = k == 1 ? whole : factors(Self.fixedCoverage(k))
                blend(i, planes.r, g, ck.0); blend(i, planes.g, g, ck.1); blend(i, planes.b, g, ck.2); blend(i, planes.a, g, ck.3)
                continue
            }
            blendWideRow(color, at: r * size, coverage: Self.fixedCoverage(coverage.load(r * size, as: SIMD16<Float>.self)))
        }
    }

    /// `blendWide` of rows `rows` whose coverage is all row 0's (`CoveredRows.repeatsRow`): the 16-bit
    /// coverage and the colour's factors made once, then each row as `blendWideRow` blends it.
    private func blendWideRepeatedRow(_ color: WideColor, rows: Range<Int>) {
        let planes = widePlanes
        let kk = Self.fixedCoverage(coverage.load(0, as: SIMD16<Float>.self))
        let g = Self.high(SIMD16(repeating: color.alphaFactor), kk)
        let cr = Self.high(SIMD16(repeating: color.rFactor), kk), cg = Self.high(SIMD16(repeating: color.gFactor), kk)
        let cb = Self.high(SIMD16(repeating: color.bFactor), kk), ca = Self.high(SIMD16(repeating: color.aFactor), kk)
        @inline(__always)
        func blend(_ plane: ScratchSpan<UInt16>, _ i: Int, _ c: SIMD16<UInt16>) {
            let d = plane.load(i, as: SIMD16<UInt16>.self)
            plane.store(CIntrinsics_adds_u16x16(d &- Self.high(d, g), c), at: i)
        }
        for r in rows {
            let i = r * Self.size
            blend(planes.r, i, cr); blend(planes.g, i, cg); blend(planes.b, i, cb); blend(planes.a, i, ca)
        }
    }

    /// `blendWide` of rows `rows` of `levelRows` (each pixel's coverage already a 16-bit level).
    private func blendWideLevels(_ color: WideColor, rows: Range<Int>) {
        for r in rows { blendWideRow(color, at: r * Self.size, coverage: levelRows.load(r * Self.size, as: SIMD16<UInt16>.self)) }
    }

    /// `color` over the integer planes' tile row from pixel `i` at per-pixel coverage `kk` (16-bit).
    @inline(__always)
    private func blendWideRow(_ color: WideColor, at i: Int, coverage kk: SIMD16<UInt16>) {
        let planes = widePlanes
        @inline(__always)
        func blend(_ plane: ScratchSpan<UInt16>, _ g: SIMD16<UInt16>, _ factor: UInt16) {
            let d = plane.load(i, as: SIMD16<UInt16>.self)
            plane.store(CIntrinsics_adds_u16x16(d &- Self.high(d, g), Self.high(SIMD16(repeating: factor), kk)), at: i)
        }
        let g = Self.high(SIMD16(repeating: color.alphaFactor), kk)
        blend(planes.r, g, color.rFactor); blend(planes.g, g, color.gFactor)
        blend(planes.b, g, color.bFactor); blend(planes.a, g, color.aFactor)
    }

    // MARK: Layers
    //
    // Opening a layer saves the tile's colour into the layer's slot and starts from transparent; the
    // slot also holds the layer's mask (its clip coverage, or 1 for an unclipped group). Closing it
    // composites the layer's colour over the saved colour through mask x opacity.

    /// Saved colour (4 planes) and mask (one plane) for each open layer depth, allocated on first use.
    private var layerSlots: [ScratchSpan<Float>] = []

    private func slot(_ depth: Int) -> ScratchSpan<Float> {
        while layerSlots.count <= depth {
            layerSlots.append(.allocate(count: 5 * Self.pixels, repeating: 0))
        }
        return layerSlots[depth]
    }

    private func pushLayer(_ layer: EncodedLayer, depth: Int) {
        let saved = slot(depth)
        let n = Self.pixels
        saved.copy(from: colorPlanes.readOnly)
        colorPlanes.fill(0)
        // Without a clip the mask is full; with one it starts empty (or full when inverted) and the
        // clip's coverage, if it reaches this tile, is written by `writeMask`.
        let full = layer.clipDraw == EncodedLayer.none || layer.isInverse
        saved.fill(full ? 1 : 0, from: 4 * n, count: n)
    }

    private func writeMask(_ rows: Range<Int>, inverse: Bool, depth: Int) {
        let mask = slot(depth).slice(from: 4 * Self.pixels, count: Self.pixels), cov = coverage
        for i in (rows.lowerBound * Self.size)..<(rows.upperBound * Self.size) { mask[i] = inverse ? 1 - cov[i] : cov[i] }
    }

    private func popLayer(_ layer: EncodedLayer, depth: Int) {
        let n = Self.pixels
        let saved = slot(depth), mask = saved.slice(from: 4 * n, count: n)
        let r = red, g = green, b = blue, a = alpha
        let opacity = layer.opacity
        if layer.blend != 0 {
            for i in 0..<n {
                let m = mask[i] * opacity
                let below = SIMD4(saved[i], saved[n + i], saved[2 * n + i], saved[3 * n + i])
                let result = m == 0 ? below : below + (Blend.apply(layer.blend, SIMD4(r[i], g[i], b[i], a[i]), below) - below) * m
                r[i] = result.x; g[i] = result.y; b[i] = result.z; a[i] = result.w
            }
            return
        }
        for i in 0..<n {
            let m = mask[i] * opacity
            let inv = 1 - a[i] * m
            r[i] = r[i] * m + saved[i] * inv
            g[i] = g[i] * m + saved[n + i] * inv
            b[i] = b[i] * m + saved[2 * n + i] * inv
            a[i] = a[i] * m + saved[3 * n + i] * inv
        }
    }

    /// Runs `layer`'s colour filter steps over the tile's colour (the layer's content), as
    /// `GPUABI.filterStepSize` documents; the shader's `applyFilters` (include/filter.glsl) is the same.
    private func applyFilters(_ layer: EncodedLayer, _ table: ReadOnlySpan<SIMD4<Float>>) {
        let steps = Int(layer.filterStart)..<(Int(layer.filterStart) + Int(layer.filterCount) * GPUABI.filterStepSize)
        precondition(steps.upperBound <= table.count, "filter steps outside the table")
        for i in 0..<Self.pixels where alpha[i] >= GPUABI.filterAlphaFloor {
            let c = GraphicsContext.AppliedFilter.apply(table, steps: steps, to: SIMD4(red[i], green[i], blue[i], alpha[i]))
            red[i] = c.x; green[i] = c.y; blue[i] = c.z; alpha[i] = c.w
        }
    }

    /// True when path tile `index` covers every pixel of its tile on the canvas with an opaque solid paint.
    private func coversTileOpaquely(_ index: Int, columns: Int, rows: Int, _ input: FineInput) -> Bool {
        let t = input.pathTiles[index]
        let draw = input.draws[Int(t.drawIndex)]
        // Only a plain source-over fill replaces what is below; other blend modes combine with it. A
        // mask draw's path tiles are its masks' box, not its coverage.
        guard draw.blend == 0, !draw.isMask, input.paints[Int(draw.paintIndex)].isOpaque else { return false }
        return coversTile(t, rule: draw.rule, columns: columns, rows: rows, input)
    }

    /// The pixel rows a draw touches in a tile, and whether all its pixels are fully covered.
    package struct CoveredRows {
        package var range: Range<Int>
        package var fullyCovered: Bool
        /// Every row's coverage is row 0's (`oneRowRepeated`).
        package var repeatsRow = false
        package var isEmpty: Bool { range.isEmpty }
    }

    /// Fills `coverage` for the rows the draw touches (other rows are left stale and must not be read).
    /// With `spans`, rows of one coverage throughout (those no segment crosses) are not written but
    /// recorded in `rowConstants`, and the others marked there as varying (`Spans` below).
    private func computeCoverage(_ t: PathTile, evenOdd: Bool, input: FineInput, spans: Bool = false) -> CoveredRows {
        computeCoverage(t, evenOdd: evenOdd, input: input, into: coverage, spans: spans)
    }

    /// `computeCoverage` into `cov` (`pixels` floats) instead of `coverage`.
    private func computeCoverage(_ t: PathTile, evenOdd: Bool, input: FineInput, into cov: ScratchSpan<Float>,
                                 spans: Bool = false) -> CoveredRows {
        // Backdrop per row (zero when the tile has none), and the rows with a non-zero backdrop or a
        // segment: everything outside them is uncovered.
        let size = Self.size
        // The backdrops in place (a row of zeros, `zeroRow`, when the tile has none); the rows with one
        // not zero from their bits, without a branch per row.
        let rows: ReadOnlySpan<Float>
        var first = size, last = -1
        if t.backdropStart != PathTile.noBackdrop {
            rows = input.backdrops.slice(from: Int(t.backdropStart), count: size)
            var nonZero: UInt32 = 0
            for r in 0..<size { nonZero |= (rows[r].bitPattern << 1 == 0 ? 0 : 1) << UInt32(r) }
            if nonZero != 0 { first = nonZero.trailingZeroBitCount; last = UInt32.bitWidth - 1 - nonZero.leadingZeroBitCount }
        } else {
            rows = zeroRow
        }
        let segmentCount = Int(t.segmentCount)
        let segments = input.segments.slice(from: Int(t.segmentStart), count: segmentCount)
        // (Most tiles fail the first tests: more edges, or a first edge that is not vertical.)
        if segmentCount > 0, segmentCount <= 2, segments[0].x0 == segments[0].x1, repeatsOneRow,
           Self.isOneRowRepeated(rows, segments) {
            oneRowTileCount += 1
            return oneRowRepeated(rows[0], segments, evenOdd: evenOdd, into: cov, spans: spans)
        }
        var segFirst = size, segLast = -1
        let edge = Float(size)
        for s in 0..<segmentCount {
            let seg = segments[s]
            // Tile-local rows; clamped to 0...size in Float first (NaN to 0) so the conversion cannot trap.
            // The last row is the clamped bottom rounded up, less one (whole numbers: no call to `ceilf`).
            let lo = min(seg.y0, seg.y1), hi = max(seg.y0, seg.y1)
            segFirst = min(segFirst, Int(lo > 0 ? min(lo, edge) : 0))
            let bottom = hi > 0 ? min(hi, edge) : 0, whole = Int(bottom)
            segLast = max(segLast, min(size - 1, (Float(whole) < bottom ? whole + 1 : whole) - 1))
        }
        first = min(first, segFirst)
        last = max(last, segLast)
        if last < first { return CoveredRows(range: 0..<0, fullyCovered: false) }
        let rowRange = first..<(last + 1)
        let acc = acc
        var minimum: Float = 1
        if segmentCount > 0 {
            let stride = FineRasterizer.accStride
            acc.fill(0, from: segFirst * stride, count: (segLast - segFirst + 1) * stride)
            for s in 0..<segmentCount { FineRasterizer.accumulate(segments[s], into: acc) }
        }
        var r = rowRange.lowerBound
        while r < rowRange.upperBound {
            if r < segFirst || r > segLast {
                let v = FineRasterizer.fold(rows[r], evenOdd: evenOdd)
                minimum = min(minimum, v)
                if spans { rowConstants[r] = v } else { cov.fill(v, from: r * size, count: size) }
                r += 1
                continue
            }
            if spans { rowConstants[r] = Self.varies }
            let stride = FineRasterizer.accStride
            if !evenOdd && r + 3 <= segLast {
                // Four rows' prefix sums side by side, one row per lane: each row adds in the same order
                // as alone (the same sums), and the four chains of additions are one chain of vector
                // additions. Four columns at a time are turned from rows into lanes and back (4 x 4
                // transposes).
                let a0 = acc.slice(from: r * stride, count: size), a1 = acc.slice(from: (r + 1) * stride, count: size)
                let a2 = acc.slice(from: (r + 2) * stride, count: size), a3 = acc.slice(from: (r + 3) * stride, count: size)
                let out0 = cov.slice(from: r * size, count: size), out1 = cov.slice(from: (r + 1) * size, count: size)
                let out2 = cov.slice(from: (r + 2) * size, count: size), out3 = cov.slice(from: (r + 3) * size, count: size)
                var sum = SIMD4<Float>(rows[r], rows[r + 1], rows[r + 2], rows[r + 3])
                // All coverage 1 so far: the AND of its bits is 1's bits only if every value is 1.
                var all = SIMD4<UInt32>(repeating: Float(1).bitPattern)
                for x in Swift.stride(from: 0, to: size, by: 4) {
                    let c0 = a0.load(x, as: SIMD4<Float>.self), c1 = a1.load(x, as: SIMD4<Float>.self)
                    let c2 = a2.load(x, as: SIMD4<Float>.self), c3 = a3.load(x, as: SIMD4<Float>.self)
                    sum += SIMD4(c0.x, c1.x, c2.x, c3.x)
                    let v0 = Self.nonzeroCoverage(sum)
                    sum += SIMD4(c0.y, c1.y, c2.y, c3.y)
                    let v1 = Self.nonzeroCoverage(sum)
                    sum += SIMD4(c0.z, c1.z, c2.z, c3.z)
                    let v2 = Self.nonzeroCoverage(sum)
                    sum += SIMD4(c0.w, c1.w, c2.w, c3.w)
                    let v3 = Self.nonzeroCoverage(sum)
                    all &= unsafeBitCast(v0, to: SIMD4<UInt32>.self) & unsafeBitCast(v1, to: SIMD4<UInt32>.self)
                        & unsafeBitCast(v2, to: SIMD4<UInt32>.self) & unsafeBitCast(v3, to: SIMD4<UInt32>.self)
                    out0.store(SIMD4(v0.x, v1.x, v2.x, v3.x), at: x)
                    out1.store(SIMD4(v0.y, v1.y, v2.y, v3.y), at: x)
                    out2.store(SIMD4(v0.z, v1.z, v2.z, v3.z), at: x)
                    out3.store(SIMD4(v0.w, v1.w, v2.w, v3.w), at: x)
                }
                let all2 = all.lowHalf & all.highHalf
                if all2.x & all2.y != Float(1).bitPattern { minimum = 0 }
                if spans { for i in 1..<4 { rowConstants[r + i] = Self.varies } }
                r += 4
                continue
            }
            defer { r += 1 }
            // Prefix sum along the row, from the row's backdrop.
            let accLine = acc.slice(from: r * stride, count: size), line = cov.slice(from: r * size, count: size)
            var sum = rows[r]
            if evenOdd {
                for x in 0..<size {
                    sum += accLine[x]
                    let v = FineRasterizer.fold(sum, evenOdd: true)
                    minimum = min(minimum, v)
                    line[x] = v
                }
            } else {
                for x in 0..<size {
                    sum += accLine[x]
                    let v = min(abs(sum), 1)
                    minimum = min(minimum, v)
                    line[x] = v
                }
            }
        }
        return CoveredRows(range: rowRange, fullyCovered: rowRange == 0..<size && minimum >= 1)
    }

    /// Whether every row of a tile has the same coverage because every row is the same: one backdrop in
    /// all rows, and only vertical edges from the tile's top to its bottom (the sides of a rectangle, of
    /// a bar, of a card). `accumulateLine` gives each row of such an edge the same two cells (a height
    /// of 1, the same split at its x), so the rows' sums are the same values in the same order.
    @inline(never)
    private static func isOneRowRepeated(_ backdrops: ReadOnlySpan<Float>, _ segments: ReadOnlySpan<TileSegment>) -> Bool {
        assert(size == 16, "a tile's backdrops are one SIMD16")
        // The same bits (not just equal values: 0 and -0 would start different sums).
        let rows = unsafeBitCast(backdrops.load(0, as: SIMD16<Float>.self), to: SIMD16<UInt32>.self)
        guard rows == SIMD16(repeating: rows[0]) else { return false }
        let bottom = Float(size)
        for i in 0..<segments.count {
            let s = segments[i]
            guard s.x0 == s.x1, min(s.y0, s.y1) == 0, max(s.y0, s.y1) == bottom else { return false }
        }
        return true
    }

    /// `computeCoverage` of a tile whose rows are one row (`isOneRowRepeated`): that row from a pixel-high
    /// piece of each edge (the cells `accumulateLine` gives each row of the whole edge), summed from
    /// `backdrop`, then copied into every row. The same values as row by row.
    private func oneRowRepeated(_ backdrop: Float, _ segments: ReadOnlySpan<TileSegment>, evenOdd: Bool,
                                into cov: ScratchSpan<Float>, spans: Bool) -> CoveredRows {
        let size = Self.size
        let acc = acc
        acc.fill(0, from: 0, count: FineRasterizer.accStride)
        for i in 0..<segments.count {
            let s = segments[i]
            // Downward edges (y0 < y1) add, upward ones subtract, as over the whole tile.
            let down = s.y0 < s.y1
            FineRasterizer.accumulate(TileSegment(x0: s.x0, y0: down ? 0 : 1, x1: s.x1, y1: down ? 1 : 0), into: acc)
        }
        var minimum: Float = 1, sum = backdrop
        let line = cov.slice(from: 0, count: size)
        for x in 0..<size {
            sum += acc[x]
            let v = evenOdd ? FineRasterizer.fold(sum, evenOdd: true) : min(abs(sum), 1)
            minimum = min(minimum, v)
            line[x] = v
        }
        let row = line.load(0, as: SIMD16<Float>.self)
        for r in 1..<size { cov.store(row, at: r * size) }
        if spans { for r in 0..<size { rowConstants[r] = Self.varies } }
        return CoveredRows(range: 0..<size, fullyCovered: minimum >= 1, repeatsRow: true)
    }

    /// The placements of mask draw path tile `t`'s run, and the first that may reach a tile from column
    /// `tileX0`: they are sorted by x and none is wider than the run's `maxWidth`, so those starting at
    /// or before tileX0 - maxWidth end before it.
    @inline(__always)
    private static func placements(of t: PathTile, reaching tileX0: Int32, _ input: FineInput)
        -> (placements: ReadOnlySpan<MaskPlacement>, first: Int) {
        let run = input.maskRuns[Int(input.drawMaskRuns[Int(t.drawIndex)])]
        let placements = input.maskPlacements.slice(from: Int(run.start), count: Int(run.count))
        let reach = tileX0 - run.maxWidth
        var lo = 0, hi = placements.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if placements[mid].x <= reach { lo = mid + 1 } else { hi = mid }
        }
        return (placements, lo)
    }

    /// The coverage of mask draw path tile `t` in the tile at (`originX`, `originY`): the sum of the
    /// averaged winding of every mask of the draw's run that reaches the tile, folded nonzero (as
    /// `computeCoverage` folds a path's winding), into `coverage`. With `spans`, every row it returns
    /// is marked as varying in `rowConstants` (a mask row is rarely one value).
    private func maskCoverage(_ t: PathTile, input: FineInput, originX: Int, originY: Int, spans: Bool) -> CoveredRows {
        let size = Self.size
        let tileX0 = Int32(originX), tileY0 = Int32(originY)
        let tileX1 = tileX0 + Int32(size), tileY1 = tileY0 + Int32(size)
        let (placements, lo) = Self.placements(of: t, reaching: tileX0, input)
        let count = placements.count
        let cov = coverage
        var zeroed: UInt32 = 0
        var i = lo
        while i < count {
            let p = placements[i]
            i += 1
            if p.x >= tileX1 { break }
            if p.x + p.width <= tileX0 || p.y >= tileY1 || p.y + p.height <= tileY0 { continue }
            let r0 = Int(max(p.y, tileY0) - tileY0), r1 = Int(min(p.y + p.height, tileY1) - tileY0)
            let c0 = Int(max(p.x, tileX0) - tileX0), c1 = Int(min(p.x + p.width, tileX1) - tileX0)
            let width = Int(p.width)
            // The mask's values (`CoverageMask`, alive while the scene holds it), and where the one
            // for the tile's pixel (c0, r0) is.
            let values = ReadOnlySpan(unsafeStart: p.values, count: width * Int(p.height))
            var source = (Int(tileY0) + r0 - Int(p.y)) * width + (Int(tileX0) + c0 - Int(p.x))
            for r in r0..<r1 {
                let line = cov.slice(from: r * size, count: size)
                if zeroed & (1 << UInt32(r)) == 0 {
                    // The row's first mask: its values as they are (0 + v is v, but for -0, which
                    // folds the same), zero elsewhere.
                    line.fill(0)
                    line.copy(from: values.slice(from: source, count: c1 - c0), to: c0)
                    zeroed |= 1 << UInt32(r)
                } else {
                    for c in c0..<c1 { line[c] += values[source + c - c0] }
                }
                source += width
            }
        }
        if zeroed == 0 { return CoveredRows(range: 0..<0, fullyCovered: false) }
        let first = zeroed.trailingZeroBitCount, last = UInt32.bitWidth - 1 - zeroed.leadingZeroBitCount
        var minimum: Float = 1
        for r in first...last {
            let line = cov.slice(from: r * size, count: size)
            if zeroed & (1 << UInt32(r)) == 0 {
                line.fill(0)
                minimum = 0
            } else {
                // min(|w|, 1), four at a time (`nonzeroCoverage`); all 1 only if the AND of the bits is 1's.
                var all = SIMD4<UInt32>(repeating: Float(1).bitPattern)
                for x in Swift.stride(from: 0, to: size, by: 4) {
                    let v = Self.nonzeroCoverage(line.load(x, as: SIMD4<Float>.self))
                    all &= unsafeBitCast(v, to: SIMD4<UInt32>.self)
                    line.store(v, at: x)
                }
                let all2 = all.lowHalf & all.highHalf
                if all2.x & all2.y != Float(1).bitPattern { minimum = 0 }
            }
            if spans { rowConstants[r] = Self.varies }
        }
        return CoveredRows(range: first..<(last + 1), fullyCovered: first == 0 && last == size - 1 && minimum >= 1)
    }

    /// `maskCoverage` in 16-bit levels, into `levelRows`, for `rasterizeWide`: the rows it reaches,
    /// each level what `blendWide` makes of `maskCoverage`'s value there (`fixedCoverage` of it). Where
    /// only one mask reaches a pixel that is the mask's own level (`CoverageMask.levels`), copied; a
    /// row where masks of the run meet is summed in float as `maskCoverage` sums it. nil when every
    /// pixel of the tile is at the highest level: `maskCoverage` then tells whether the tile is fully
    /// covered (an opaque colour is then filled, not blended), which the levels cannot.
    private func maskLevelCoverage(_ t: PathTile, input: FineInput, originX: Int, originY: Int) -> Range<Int>? {
        let size = Self.size
        let tileX0 = Int32(originX), tileY0 = Int32(originY)
        let tileX1 = tileX0 + Int32(size), tileY1 = tileY0 + Int32(size)
        let (placements, lo) = Self.placements(of: t, reaching: tileX0, input)
        let count = placements.count
        let levels = levelRows, columns = levelColumns
        if count == 1 {
            // One mask (a label's glyphs summed into one, `GlyphMaskRun.combinesMasks`): its rows
            // copied, nothing to zero or sum; what the loop below makes of it.
            return Self.oneMaskLevels(placements[0], tileX0: tileX0, tileY0: tileY0, into: levels)
        }
        var zeroed: UInt32 = 0, summed: UInt32 = 0
        var end = lo
        while end < count {
            let p = placements[end]
            if p.x >= tileX1 { break }
            end += 1
            if p.x + p.width <= tileX0 || p.y >= tileY1 || p.y + p.height <= tileY0 { continue }
            let r0 = Int(max(p.y, tileY0) - tileY0), r1 = Int(min(p.y + p.height, tileY1) - tileY0)
            let c0 = Int(max(p.x, tileX0) - tileX0), c1 = Int(min(p.x + p.width, tileX1) - tileX0)
            let width = Int(p.width)
            let span = (UInt32.max &>> UInt32(32 - (c1 - c0))) &<< UInt32(c0)
            // The tile's columns c0 ..< c1 of the mask's row, read as one tile row: lane c holds the
            // mask's column tileX0 + c - p.x, the lanes outside c0 ..< c1 the row's neighbours or the
            // padding (at most 15 levels before and after: `CoverageMask.levelPadding`), not used.
            // All ones in lanes c0 ..< c1: the sign of (lane - c0) | (c1 - 1 - lane), in lane arithmetic
            // (a `SIMDMask` here became a loop over lanes).
            let lane = SIMD16<Int16>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
            let outside = ((lane &- Int16(c0)) | (Int16(c1 - 1) &- lane)) &>> 15
            let inSpan = ~SIMD16<UInt16>(truncatingIfNeeded: outside)
            let padding = CoverageMask.levelPadding
            let source = ReadOnlySpan(unsafeStart: p.levels - padding, count: width * Int(p.height) + 2 * padding)
            var at = (Int(tileY0) + r0 - Int(p.y)) * width + Int(tileX0) - Int(p.x) + padding
            for r in r0..<r1 {
                let bit: UInt32 = 1 << UInt32(r)
                let line = levels.slice(from: r * size, count: size)
                if zeroed & bit == 0 {
                    line.store(SIMD16<UInt16>(), at: 0)
                    zeroed |= bit
                    columns[r] = 0
                }
                if columns[r] & span != 0 {
                    summed |= bit  // masks meet in this row: summed in float below
                } else if summed & bit == 0 {
                    let row = line.load(0, as: SIMD16<UInt16>.self) & ~inSpan
                    line.store(row | source.load(at, as: SIMD16<UInt16>.self) & inSpan, at: 0)
                    columns[r] |= span
                }
                at += width
            }
        }
        if zeroed == 0 { return 0..<0 }
        var rest = summed
        summedMaskRowCount += summed.nonzeroBitCount
        while rest != 0 {
            let r = rest.trailingZeroBitCount
            rest &= rest &- 1
            levels.store(rowLevelsSummed(r, placements: placements.slice(from: lo, count: end - lo), tileX0: tileX0,
                                         tileY0: tileY0), at: r * size)
        }
        let first = zeroed.trailingZeroBitCount, last = UInt32.bitWidth - 1 - zeroed.leadingZeroBitCount
        var all = SIMD16<UInt16>(repeating: 0xFFFF)
        for r in first...last {
            if zeroed & (1 << UInt32(r)) == 0 {
                levels.store(SIMD16<UInt16>(), at: r * size)
                all = SIMD16()
            } else {
                all &= levels.load(r * size, as: SIMD16<UInt16>.self)
            }
        }
        if first == 0 && last == size - 1 && all == SIMD16(repeating: 0xFFFF) { return nil }
        return first..<(last + 1)
    }

    /// `maskLevelCoverage` of a run of one placement `p`.
    @inline(__always)
    private static func oneMaskLevels(_ p: MaskPlacement, tileX0: Int32, tileY0: Int32, into levels: ScratchSpan<UInt16>) -> Range<Int>? {
        let size = Self.size
        let tileX1 = tileX0 + Int32(size), tileY1 = tileY0 + Int32(size)
        if p.x >= tileX1 || p.x + p.width <= tileX0 || p.y >= tileY1 || p.y + p.height <= tileY0 { return 0..<0 }
        let r0 = Int(max(p.y, tileY0) - tileY0), r1 = Int(min(p.y + p.height, tileY1) - tileY0)
        let c0 = Int(max(p.x, tileX0) - tileX0), c1 = Int(min(p.x + p.width, tileX1) - tileX0)
        let width = Int(p.width)
        // Lanes c0 ..< c1 (`maskLevelCoverage`'s `inSpan`).
        let lane = SIMD16<Int16>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        let inSpan = ~SIMD16<UInt16>(truncatingIfNeeded: ((lane &- Int16(c0)) | (Int16(c1 - 1) &- lane)) &>> 15)
        let padding = CoverageMask.levelPadding
        let source = ReadOnlySpan(unsafeStart: p.levels - padding, count: width * Int(p.height) + 2 * padding)
        var at = (Int(tileY0) + r0 - Int(p.y)) * width + Int(tileX0) - Int(p.x) + padding
        var all = SIMD16<UInt16>(repeating: 0xFFFF)
        for r in r0..<r1 {
            let row = source.load(at, as: SIMD16<UInt16>.self) & inSpan
            levels.store(row, at: r * size)
            all &= row
            at += width
        }
        if r0 == 0 && r1 == size && all == SIMD16(repeating: 0xFFFF) { return nil }
        return r0..<r1
    }

    /// Row `r` of the tile at (`tileX0`, `tileY0`) as `maskCoverage` makes it from `placements` (their
    /// values summed in order, folded nonzero), in levels.
    private func rowLevelsSummed(_ r: Int, placements: ReadOnlySpan<MaskPlacement>, tileX0: Int32, tileY0: Int32) -> SIMD16<UInt16> {
        let size = Self.size
        let line = coverage.slice(from: 0, count: size)
        line.fill(0)
        let y = tileY0 + Int32(r)
        for k in 0..<placements.count {
            let p = placements[k]
            if p.x + p.width <= tileX0 || p.x >= tileX0 + Int32(size) || y < p.y || y >= p.y + p.height { continue }
            let c0 = Int(max(p.x, tileX0) - tileX0), c1 = Int(min(p.x + p.width, tileX0 + Int32(size)) - tileX0)
            let width = Int(p.width)
            let values = ReadOnlySpan(unsafeStart: p.values, count: width * Int(p.height))
            let at = Int(y - p.y) * width + (Int(tileX0) + c0 - Int(p.x))
            for c in c0..<c1 { line[c] += values[at + c - c0] }
        }
        return Self.levels(ofWindings: line.load(0, as: SIMD16<Float>.self))
    }

    /// 16 averaged windings as levels: folded nonzero four at a time (`nonzeroCoverage`, as
    /// `maskCoverage` folds them), then `fixedCoverage` (as `blendWide` takes them).
    @inline(__always)
    private static func levels(ofWindings w: SIMD16<Float>) -> SIMD16<UInt16> {
        let low = w.lowHalf, high = w.highHalf
        let folded = SIMD16(lowHalf: SIMD8(lowHalf: nonzeroCoverage(low.lowHalf), highHalf: nonzeroCoverage(low.highHalf)),
                            highHalf: SIMD8(lowHalf: nonzeroCoverage(high.lowHalf), highHalf: nonzeroCoverage(high.highHalf)))
        return fixedCoverage(folded)
    }

    /// `values` (a mask's averaged winding) as `CoverageMask.levels`: each folded nonzero and in 16-bit
    /// fixed point, with the very operations `maskCoverage` and `blendWide` apply to a pixel one mask
    /// reaches (`nonzeroCoverage`, then `fixedCoverage`), so the levels are their values.
    package static func maskLevels(_ values: ReadOnlySpan<Float>, into levels: ScratchSpan<UInt16>) {
        assert(levels.count == values.count, "one level per value")
        var i = 0
        while i < values.count {
            let n = min(16, values.count - i)
            var w = SIMD16<Float>()
            for j in 0..<n { w[j] = values[i + j] }
            let k = Self.levels(ofWindings: w)
            for j in 0..<n { levels[i + j] = k[j] }
            i += 16
        }
    }

    // MARK: Spans
    //
    // A row that no segment of the draw crosses has one coverage in every pixel (its backdrop's), and
    // the compositing can take it whole: with `spans`, `computeCoverage` records such a row's coverage
    // in `rowConstants` instead of writing it out 16 times, and `blendSolidSpans` composites a solid
    // colour over it as a span: nothing at coverage 0 (c * 0 + d * 1 is d), a store where an opaque
    // colour covers it (c * 1 + d * 0 is c), otherwise `blendSolid`'s arithmetic with one coverage for
    // the row. The other rows go through `blendSolid`'s loop as they are. The same values, in the same
    // operations, so the same bytes as the reference (`fastPaths: false`).
    //
    // Rows crossed by an edge are not split into spans further: summing and blending 16 columns at a
    // time is vectorized across rows, and tracking the columns the edges touch, summing only those and
    // compositing the parts separately measured 4-17% slower on the tiger and micro_1000_shapes.

    /// Per pixel row of the draw being rasterized, after `computeCoverage(spans: true)`: the row's
    /// coverage where it is one value throughout (`coverage` then does not hold the row), or `varies`.
    private let rowConstants = ScratchSpan<Float>.allocate(count: FineRasterizer.size, repeating: 0)
    /// `rowConstants`'s marker for a row whose coverage varies (held in `coverage`): a NaN's bits, which
    /// no coverage has.
    private static let varies = Float(bitPattern: 0x7FC0_0ABC)

    /// Rows this rasterizer composited as spans (tests).
    @exclusivity(unchecked) package private(set) var spanRowCount = 0

    /// Whether row `r` has one coverage throughout (`rowConstants[r]`).
    @inline(__always)
    private func isConstant(_ r: Int) -> Bool {
        rowConstants[r].bitPattern != Self.varies.bitPattern
    }

    /// Writes the rows of one coverage out to `coverage`, which then holds what `computeCoverage` without
    /// `spans` gives.
    private func fillSpans(_ rows: Range<Int>) {
        for r in rows where isConstant(r) { coverage.fill(rowConstants[r], from: r * Self.size, count: Self.size) }
    }

    /// `blendSolid` over rows from `computeCoverage(spans: true)`.
    private func blendSolidSpans(_ c: SIMD4<Float>, rows: Range<Int>, opaque: Bool) {
        let size = Self.size, rd = red, gr = green, bl = blue, al = alpha
        var r = rows.lowerBound
        while r < rows.upperBound {
            if !isConstant(r) {
                // A run of rows crossed by edges, pixel by pixel.
                var end = r + 1
                while end < rows.upperBound && !isConstant(end) { end += 1 }
                blendSolid(c, rows: r..<end, opaqueFill: false)
                r = end
                continue
            }
            let k = rowConstants[r], i = r * size
            r += 1
            spanRowCount += 1
            if k == 0 { continue }
            if opaque && k >= 1 {
                rd.fill(c.x, from: i, count: size); gr.fill(c.y, from: i, count: size)
                bl.fill(c.z, from: i, count: size); al.fill(c.w, from: i, count: size)
                continue
            }
            let ck = c * k, inv = 1 - c.w * k
            for j in i..<(i + size) {
                rd[j] = ck.x + rd[j] * inv
                gr[j] = ck.y + gr[j] * inv
                bl[j] = ck.z + bl[j] * inv
                al[j] = ck.w + al[j] * inv
            }
        }
    }

    /// A whole number in 0...65535 held in a Float, as an Int, without Swift's trapping conversion:
    /// adding 2^23 moves it into the low mantissa bits.
    @inline(__always)
    package static func smallInt(_ v: Float) -> Int {
        Int(truncatingIfNeeded: (v + 8_388_608).bitPattern & 0xFFFF)
    }

    /// `fold(_:evenOdd: false)` of four windings, min(|w|, 1), on their bits: a float's bits order as
    /// its value does when it is not negative. The same values for all but NaN.
    @inline(__always)
    private static func nonzeroCoverage(_ w: SIMD4<Float>) -> SIMD4<Float> {
        let bits = unsafeBitCast(w, to: SIMD4<Int32>.self) & 0x7FFF_FFFF
        let above = (0x3F80_0000 &- bits) &>> 31
        return unsafeBitCast((bits & ~above) | (0x3F80_0000 & above), to: SIMD4<Float>.self)
    }

    @inline(__always)
    package static func fold(_ winding: Float, evenOdd: Bool) -> Float {
        let a = abs(winding)
        if !evenOdd { return min(a, 1) }
        let f = a - 2 * (a * 0.5).rounded(.down)
        return f > 1 ? 2 - f : f
    }

    /// Adds the signed area of one tile-local segment to the accumulation buffer.
    @inline(__always)
    package static func accumulate(_ s: TileSegment, into acc: ScratchSpan<Float>) {
        accumulateLine(x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, width: size, height: size, stride: accStride, into: acc)
    }

    /// Adds the signed area of the line from (`x0`, `y0`) to (`x1`, `y1`) to the accumulation rows of a
    /// `width` x `height` grid (`stride` floats apart, with two spare columns that catch area at
    /// x = width): the exact-area rule shared by tiles and glyph masks (`CoverageMask`). Coordinates are
    /// finite and the grid at most 65,535 pixels on a side (`smallInt`).
    @inline(__always)
    package static func accumulateLine(x0 ax: Float, y0 ay: Float, x1 bx: Float, y1 by: Float,
                                       width: Int, height: Int, stride: Int, into acc: ScratchSpan<Float>) {
        if ay == by { return }
        let (dir, x0, y0, x1, y1): (Float, Float, Float, Float, Float) =
            ay < by ? (1, ax, ay, bx, by) : (-1, bx, by, ax, ay)
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        let edge = Float(width), bottom = Float(height)
        // Wholly above or below the grid (a glyph's line may be; a tile's segments never are).
        guard y1 > 0, y0 < bottom else { return }
        let rowStart = max(0, smallInt(max(y0, 0).roundedDownSmall)), rowEnd = min(height, smallInt(min(y1, bottom).roundedUpSmall))
        if rowStart >= rowEnd { return }
        if y0 < Float(rowStart) { x += (Float(rowStart) - y0) * dxdy }
        // Pieces lie inside the tile; clamping removes float error that could step outside it. Each
        // row's end is clamped, and the next row starts there: only the first start needs it too.
        x = min(max(x, 0), edge)
        if dxdy == 0 {
            // A vertical line: one pixel column, the same split of each row's height between the pixel
            // and its right neighbour (the values the general step below computes, without its x work).
            let xFloor = x.roundedDownSmall, xInt = smallInt(xFloor)
            let xMid = 0.5 * (x + x) - xFloor
            for row in rowStart..<rowEnd {
                let line = row &* stride
                let d = (min(Float(row + 1), y1) - max(Float(row), y0)) * dir
                acc[line &+ xInt] += d - d * xMid
                acc[line &+ xInt &+ 1] += d * xMid
            }
            return
        }
        // Which end of a row's piece is its left one follows from the line's direction: one of two
        // copies of the row loop walks it, so that is decided once per line. (As a min and max per row
        // it became branches, mispredicted as often as lines change direction.)
        if dxdy > 0 {
            accumulateRows(rowStart..<rowEnd, x: x, dxdy: dxdy, dir: dir, y0: y0, y1: y1, edge: edge, stride: stride,
                           rightward: true, into: acc)
        } else {
            accumulateRows(rowStart..<rowEnd, x: x, dxdy: dxdy, dir: dir, y0: y0, y1: y1, edge: edge, stride: stride,
                           rightward: false, into: acc)
        }
    }

    /// `accumulateLine`'s rows `rows` of a line that is not vertical, from x = `start` at the first
    /// row's top; `rightward` when x grows down the line (`dxdy` > 0).
    @inline(__always)
    private static func accumulateRows(_ rows: Range<Int>, x start: Float, dxdy: Float, dir: Float, y0: Float, y1: Float,
                                       edge: Float, stride: Int, rightward: Bool, into acc: ScratchSpan<Float>) {
        var x = start
        for row in rows {
            let line = row * stride
            let dy = min(Float(row + 1), y1) - max(Float(row), y0)
            let xNext = min(max(x + dxdy * dy, 0), edge)
            let d = dy * dir
            // x and xNext are in 0...edge, so the clamped step keeps their order.
            let xa = rightward ? x : xNext, xb = rightward ? xNext : x
            let xaFloor = xa.roundedDownSmall
            let xaInt = smallInt(xaFloor)
            let xbCeil = xb.roundedUpSmall
            let xbInt = smallInt(xbCeil)
            if xbInt <= xaInt + 1 {
                // The segment stays within one pixel column in this row.
                let xMid = 0.5 * (x + xNext) - xaFloor
                acc[line + xaInt] += d - d * xMid
                acc[line + xaInt + 1] += d * xMid
            } else {
                let s = 1 / (xb - xa)
                let xaFrac = xa - xaFloor
                let a0 = 0.5 * s * (1 - xaFrac) * (1 - xaFrac)
                let xbFrac = xb - xbCeil + 1
                let aEnd = 0.5 * s * xbFrac * xbFrac
                acc[line + xaInt] += d * a0
                if xbInt == xaInt + 2 {
                    acc[line + xaInt + 1] += d * (1 - a0 - aEnd)
                } else {
                    let a1 = s * (1.5 - xaFrac)
                    acc[line + xaInt + 1] += d * (a1 - a0)
                    if xaInt + 2 < xbInt - 1 {
                        for xi in (xaInt + 2)..<(xbInt - 1) { acc[line + xi] += d * s }
                    }
                    let a2 = a1 + Float(xbInt - xaInt - 3) * s
                    acc[line + xbInt - 1] += d * (1 - a2 - aEnd)
                }
                acc[line + xbInt] += d * aEnd
            }
            x = xNext
        }
    }

    private func blendSolid(_ c: SIMD4<Float>, rows: Range<Int>, opaqueFill: Bool) {
        let r = red, g = green, b = blue, a = alpha, cov = coverage
        if opaqueFill {
            r.fill(c.x); g.fill(c.y); b.fill(c.z); a.fill(c.w)
            return
        }
        for i in (rows.lowerBound * Self.size)..<(rows.upperBound * Self.size) {
            let k = cov[i]
            let inv = 1 - c.w * k
            r[i] = c.x * k + r[i] * inv
            g[i] = c.y * k + g[i] * inv
            b[i] = c.z * k + b[i] * inv
            a[i] = c.w * k + a[i] * inv
        }
    }

    private func blendGradient(_ p: EncodedPaint, rows: Range<Int>, input: FineInput,
                               originX: Int, originY: Int) {
        let r = red, g = green, b = blue, a = alpha, cov = coverage, size = Self.size
        let texels = input.texels(of: p)
        for py in rows {
            let y = Float(originY + py) + 0.5
            for px in 0..<size {
                let i = py * size + px
                let k = cov[i]
                if k == 0 { continue }
                let c = FineRasterizer.paintColor(p, input: input, texels: texels, x: Float(originX + px) + 0.5, y: y)
                let inv = 1 - c.w * k
                r[i] = c.x * k + r[i] * inv
                g[i] = c.y * k + g[i] * inv
                b[i] = c.z * k + b[i] * inv
                a[i] = c.w * k + a[i] * inv
            }
        }
    }

    /// `blendGradient` (gradients and images not on whole texels) with the paint's kind chosen once for
    /// the draw, not for each pixel: per row, the colours of the pixels with coverage (`paintColor`'s,
    /// one kind's function each) go to `paintRow`, then the row is blended 8 pixels at a time with
    /// `blendGradient`'s arithmetic. A pixel at coverage 0 gets colour 0, which leaves it as it is
    /// (0 * 0 + d * (1 - 0 * 0) is d), as `blendGradient` skipping it does.
    private func blendPaint(_ p: EncodedPaint, rows: Range<Int>, input: FineInput, originX: Int, originY: Int) {
        let ramps = input.ramps
        switch p.kind {
        case GPUABI.PaintKind.linear.rawValue where p.spread == GPUABI.Spread.pad.rawValue:
            let (m0, _, m2, _, m4, _) = p.map
            blendPadded(p, rows: rows, ramps: ramps, originX: originX, originY: originY) { x, y in
                m0 * x + m2 * y + m4
            }
        case GPUABI.PaintKind.radial.rawValue where p.spread == GPUABI.Spread.pad.rawValue:
            let (m0, m1, m2, m3, m4, m5) = p.map, (start, scale) = (p.params.0, p.params.1)
            blendPadded(p, rows: rows, ramps: ramps, originX: originX, originY: originY) { x, y in
                let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
                return ((gx * gx + gy * gy).squareRoot() - start) * scale
            }
        case GPUABI.PaintKind.linear.rawValue:
            blendRows(rows, originX: originX, originY: originY) { Self.linearColor(p, ramps: ramps, x: $0, y: $1) }
        case GPUABI.PaintKind.radial.rawValue:
            blendRows(rows, originX: originX, originY: originY) { Self.radialColor(p, ramps: ramps, x: $0, y: $1) }
        case GPUABI.PaintKind.focal.rawValue:
            blendRows(rows, originX: originX, originY: originY) { Self.focalColor(p, ramps: ramps, x: $0, y: $1) }
        case GPUABI.PaintKind.image.rawValue, GPUABI.PaintKind.tiledImage.rawValue:
            let texels = input.texels(of: p)
            blendRows(rows, originX: originX, originY: originY) { Self.imageColor(p, texels: texels, x: $0, y: $1) }
        case GPUABI.PaintKind.conic.rawValue:
            blendRows(rows, originX: originX, originY: originY) { Self.conicColor(p, ramps: ramps, x: $0, y: $1) }
        default:
            blendRows(rows, originX: originX, originY: originY) { Self.paintColor(p, input: input, texels: nil, x: $0, y: $1) }
        }
    }

    /// `blendRows` for a linear or radial gradient that pads (the common case), 8 pixels at a time: t
    /// from `parameter` (of 8 device x and one y: `linearColor`'s or `radialColor`'s expression in
    /// lanes, a scalar times a lane's value giving the scalar product), then the clamp and the ramp
    /// index as `rampColor` computes them (the same operations in the same order, and an exact floor
    /// for the index's truncation), then 8 ramp entries.
    @inline(__always)
    private func blendPadded(_ p: EncodedPaint, rows: Range<Int>, ramps: ReadOnlySpan<SIMD4<Float>>,
                             originX: Int, originY: Int, parameter: (SIMD8<Float>, Float) -> SIMD8<Float>) {
        let size = Self.size, cov = coverage
        let r = red, g = green, b = blue, a = alpha
        let ramp = ramps.slice(from: Int(p.lutStart), count: EncodedScene.rampSize)
        let centres = SIMD8<Float>(0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5)
        let last = Float(EncodedScene.rampSize - 1)
        for py in rows {
            let y = Float(originY + py) + 0.5
            for h in Swift.stride(from: 0, to: size, by: 8) {
                let i = py * size + h
                let k = cov.load(i, as: SIMD8<Float>.self)
                if k == SIMD8() { continue }
                // x = Float(originX + px) + 0.5 (whole numbers and halves: exact either way).
                let x = Float(originX + h) + centres
                let t = parameter(x, y)
                // t > 0 ? min(t, 1) : 0 (a NaN, not above 0, to 0).
                var clamped = t
                clamped.replace(with: 1, where: t .> 1)
                clamped.replace(with: 0, where: .!(t .> 0))
                // Int(v) for v in 0.5...255.5: v + 2^23 rounds v to the nearest whole number r (its bits
                // low); r - 1 where r is above v.
                let v = clamped * last + 0.5
                let rounded = v + 8_388_608
                var index = unsafeBitCast(rounded, to: SIMD8<Int32>.self) & 0x7F_FFFF
                index.replace(with: index &- 1, where: rounded - 8_388_608 .> v)
                let c0 = ramp[Int(index[0])], c1 = ramp[Int(index[1])], c2 = ramp[Int(index[2])], c3 = ramp[Int(index[3])]
                let c4 = ramp[Int(index[4])], c5 = ramp[Int(index[5])], c6 = ramp[Int(index[6])], c7 = ramp[Int(index[7])]
                let cr = SIMD8(c0.x, c1.x, c2.x, c3.x, c4.x, c5.x, c6.x, c7.x)
                let cg = SIMD8(c0.y, c1.y, c2.y, c3.y, c4.y, c5.y, c6.y, c7.y)
                let cb = SIMD8(c0.z, c1.z, c2.z, c3.z, c4.z, c5.z, c6.z, c7.z)
                let ca = SIMD8(c0.w, c1.w, c2.w, c3.w, c4.w, c5.w, c6.w, c7.w)
                // Pixels at coverage 0 stay as they are (c * 0 + d * 1), as `blendGradient` skipping them.
                let inv = 1 - ca * k
                Self.blendPlane(r, at: i, cr, k, inv)
                Self.blendPlane(g, at: i, cg, k, inv)
                Self.blendPlane(b, at: i, cb, k, inv)
                Self.blendPlane(a, at: i, ca, k, inv)
            }
        }
    }

    /// Values `i ..< i + 8` of `plane`: `c * k + d * inv` (source-over at coverage `k`, `inv` = 1 - alpha * k).
    @inline(__always)
    private static func blendPlane(_ plane: ScratchSpan<Float>, at i: Int, _ c: SIMD8<Float>, _ k: SIMD8<Float>, _ inv: SIMD8<Float>) {
        plane.store(c * k + plane.load(i, as: SIMD8<Float>.self) * inv, at: i)
    }

    /// One row of paint colours for `blendRows`: red, green, blue and alpha, `size` each.
    private let paintRow = ScratchSpan<Float>.allocate(count: 4 * FineRasterizer.size, repeating: 0)

    /// `blendPaint`'s loop for the colour function `color` (of device x, y).
    @inline(__always)
    private func blendRows(_ rows: Range<Int>, originX: Int, originY: Int, _ color: (Float, Float) -> SIMD4<Float>) {
        let size = Self.size, cov = coverage, colors = paintRow, n = Self.pixels
        let planes = colorPlanes
        for py in rows {
            let y = Float(originY + py) + 0.5
            let line = cov.slice(from: py * size, count: size)
            var any = false
            for px in 0..<size {
                let k = line[px]
                let c = k == 0 ? SIMD4<Float>() : color(Float(originX + px) + 0.5, y)
                any = any || k != 0
                colors[px] = c.x; colors[size + px] = c.y; colors[2 * size + px] = c.z; colors[3 * size + px] = c.w
            }
            if !any { continue }
            for h in Swift.stride(from: 0, to: size, by: 8) {
                let i = py * size + h
                let k = line.load(h, as: SIMD8<Float>.self)
                let inv = 1 - colors.slice(from: 3 * size, count: size).load(h, as: SIMD8<Float>.self) * k
                for plane in 0..<4 {
                    let c = colors.slice(from: plane * size, count: size).load(h, as: SIMD8<Float>.self)
                    Self.blendPlane(planes.slice(from: plane * n, count: n), at: i, c, k, inv)
                }
            }
        }
    }

    /// For an image paint drawn one texel per pixel on whole pixels (its map a translation by whole
    /// texels, as a drawing group's image or a bitmap drawn at its size is), that translation; nil
    /// otherwise. Sampling then lands on texel centres, where the bilinear weights are 1 and 0.
    @inline(__always)
    private static func wholeTexelOffset(_ p: EncodedPaint) -> (x: Int, y: Int)? {
        guard p.kind == GPUABI.PaintKind.image.rawValue else { return nil }
        let (m0, m1, m2, m3, m4, m5) = p.map
        let limit: Float = 8_388_608  // 2^23: whole numbers convert exactly
        // Whole when converting to an integer and back keeps them (exact below 2^23; `rounded()` is a
        // call into the C library on baseline x86-64).
        guard m0 == 1, m1 == 0, m2 == 0, m3 == 1, abs(m4) < limit, abs(m5) < limit,
              m4 == Float(Int32(m4)), m5 == Float(Int32(m5)) else { return nil }
        return (Int(m4), Int(m5))
    }

    /// `blendGradient` for an image paint with a whole-texel offset (`wholeTexelOffset`): each pixel's
    /// texel is read directly, with the same edge clamping and arithmetic as `sampleImage`, so the
    /// result is the same, bit for bit, at a fraction of the cost.
    private func blendAlignedImage(_ p: EncodedPaint, offset: (x: Int, y: Int), rows: Range<Int>, input: FineInput,
                                   originX: Int, originY: Int) {
        let r = red, g = green, b = blue, a = alpha, cov = coverage, size = Self.size
        let width = Int(p.imageWidth), height = Int(p.imageHeight), opacity = p.color.w
        guard width > 0, height > 0, let texels = input.texels(of: p) else { return }
        for py in rows {
            let ty = min(max(originY + py + offset.y, 0), height - 1)
            let row = texels.slice(from: ty * width, count: width)
            for px in 0..<size {
                let i = py * size + px
                let k = cov[i]
                if k == 0 { continue }
                let t = row[min(max(originX + px + offset.x, 0), width - 1)]
                let levels = SIMD4<Float>(Float(t & 0xFF), Float((t >> 8) & 0xFF), Float((t >> 16) & 0xFF), Float(t >> 24))
                let c = levels * (1 / 255) * opacity
                let inv = 1 - c.w * k
                r[i] = c.x * k + r[i] * inv
                g[i] = c.y * k + g[i] * inv
                b[i] = c.z * k + b[i] * inv
                a[i] = c.w * k + a[i] * inv
            }
        }
    }

    /// Composites with a blend mode other than normal: the mode's result at full coverage, mixed with
    /// what was there by the coverage.
    private func blendWithMode(_ mode: UInt32, _ p: EncodedPaint, rows: Range<Int>, input: FineInput,
                               originX: Int, originY: Int) {
        let r = red, g = green, b = blue, a = alpha, cov = coverage, size = Self.size
        let texels = input.texels(of: p)
        for py in rows {
            for px in 0..<size {
                let i = py * size + px
                let k = cov[i]
                if k == 0 { continue }
                let s = FineRasterizer.paintColor(p, input: input, texels: texels, x: Float(originX + px) + 0.5, y: Float(originY + py) + 0.5)
                let d = SIMD4(r[i], g[i], b[i], a[i])
                let result = d + (Blend.apply(mode, s, d) - d) * k
                r[i] = result.x; g[i] = result.y; b[i] = result.z; a[i] = result.w
            }
        }
    }

    /// The premultiplied colour of paint `p` at device point (x, y); an image paint's from `texels`
    /// (`FineInput.texels(of:)`, looked up once per tile).
    @inline(__always)
    package static func paintColor(_ p: EncodedPaint, input: FineInput, texels: ReadOnlySpan<UInt32>?, x: Float, y: Float) -> SIMD4<Float> {
        switch p.kind {
        case GPUABI.PaintKind.solid.rawValue: return p.color
        case GPUABI.PaintKind.image.rawValue, GPUABI.PaintKind.tiledImage.rawValue: return imageColor(p, texels: texels, x: x, y: y)
        case GPUABI.PaintKind.linear.rawValue: return linearColor(p, ramps: input.ramps, x: x, y: y)
        case GPUABI.PaintKind.radial.rawValue: return radialColor(p, ramps: input.ramps, x: x, y: y)
        case GPUABI.PaintKind.focal.rawValue: return focalColor(p, ramps: input.ramps, x: x, y: y)
        default: return conicColor(p, ramps: input.ramps, x: x, y: y)
        }
    }

    // `paintColor` for one kind of paint each (the switch above, or `blendPaint`'s, chose it).

    /// An image or tiled image.
    @inline(__always)
    private static func imageColor(_ p: EncodedPaint, texels: ReadOnlySpan<UInt32>?, x: Float, y: Float) -> SIMD4<Float> {
        guard let texels else { return .zero }
        let (m0, m1, m2, m3, m4, m5) = p.map
        let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
        return sampleImage(texels, width: Int(p.imageWidth), height: Int(p.imageHeight),
                           u: gx, v: gy, repeats: p.kind == GPUABI.PaintKind.tiledImage.rawValue,
                           nearest: p.params.0 == Float(GPUABI.ImageSampling.nearest.rawValue)) * p.color.w
    }

    @inline(__always)
    private static func linearColor(_ p: EncodedPaint, ramps: ReadOnlySpan<SIMD4<Float>>, x: Float, y: Float) -> SIMD4<Float> {
        let (m0, _, m2, _, m4, _) = p.map
        return rampColor(p, t: m0 * x + m2 * y + m4, ramps: ramps)
    }

    @inline(__always)
    private static func radialColor(_ p: EncodedPaint, ramps: ReadOnlySpan<SIMD4<Float>>, x: Float, y: Float) -> SIMD4<Float> {
        let (m0, m1, m2, m3, m4, m5) = p.map
        let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
        return rampColor(p, t: ((gx * gx + gy * gy).squareRoot() - p.params.0) * p.params.1, ramps: ramps)
    }

    @inline(__always)
    private static func focalColor(_ p: EncodedPaint, ramps: ReadOnlySpan<SIMD4<Float>>, x: Float, y: Float) -> SIMD4<Float> {
        let (m0, m1, m2, m3, m4, m5) = p.map
        let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
        guard let t = focalT(gx, gy, k: p.params.0) else { return .zero }
        return rampColor(p, t: t, ramps: ramps)
    }

    @inline(__always)
    private static func conicColor(_ p: EncodedPaint, ramps: ReadOnlySpan<SIMD4<Float>>, x: Float, y: Float) -> SIMD4<Float> {
        let (m0, m1, m2, m3, m4, m5) = p.map
        let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
        var angle = atan2(gy, gx) - p.params.0
        let turn = 2 * Float.pi
        angle -= turn * (angle / turn).rounded(.down)
        return rampColor(p, t: angle * p.params.1, ramps: ramps)
    }

    /// A gradient's colour at parameter `t`: spread, then the ramp's entry.
    @inline(__always)
    private static func rampColor(_ p: EncodedPaint, t: Float, ramps: ReadOnlySpan<SIMD4<Float>>) -> SIMD4<Float> {
        var t = t
        if t.isNaN { t = 0 }
        if p.spread == GPUABI.Spread.repeat.rawValue {
            t -= t.rounded(.down)
        } else if p.spread == GPUABI.Spread.mirror.rawValue {
            t -= 2 * (t * 0.5).rounded(.down)
            if t > 1 { t = 2 - t }
        }
        // The encoder keeps t finite; written so that a NaN (inf - inf above) still picks the first
        // entry instead of trapping in the conversion. The shader clamps its index the same way.
        let clamped = t > 0 ? min(t, 1) : 0
        return ramps[Int(p.lutStart) + Int(clamped * Float(EncodedScene.rampSize - 1) + 0.5)]
    }

    /// The focal gradient's parameter at gradient-space point g: the largest t >= 0 whose circle (centre
    /// (t k, 0), radius t) passes through g, i.e. the root of (k^2 - 1) t^2 - 2 gx k t + |g|^2 = 0; nil
    /// where no circle does (outside the cone when the focus lies outside the end circle, k > 1).
    /// `Sources/Shaders/include/paint.glsl` mirrors it.
    @inline(__always)
    package static func focalT(_ gx: Float, _ gy: Float, k: Float) -> Float? {
        let c = gx * gx + gy * gy, b = gx * k, a = k * k - 1
        if a < 0 {
            // Focus inside: one root >= 0, written without cancellation.
            let q = b + (b * b - a * c).squareRoot()
            return q > 0 ? c / q : 0
        }
        if a == 0 { return b > 0 ? c / (2 * b) : nil }
        let disc = b * b - a * c
        guard disc >= 0, b >= 0 else { return nil }
        return (b + disc.squareRoot()) / a
    }

    /// Bilinear sample of premultiplied RGBA8 texels at texel coordinates (u, v), clamped to the edges,
    /// or with `repeats` wrapped around them (the image tiles the plane). Texel (i, j) is centred at
    /// (i + 0.5, j + 0.5). `nearest`: the texel (u, v) falls in, unweighted.
    @inline(__always)
    package static func sampleImage(_ texels: ReadOnlySpan<UInt32>, width: Int, height: Int, u: Float, v: Float,
                                    repeats: Bool = false, nearest: Bool = false) -> SIMD4<Float> {
        // Nearest: shifted by half a texel, the bilinear weights below round to the texel u, v is in.
        let u = nearest ? u.rounded(.down) + 0.5 : u, v = nearest ? v.rounded(.down) + 0.5 : v
        let x0: Int, y0: Int, x1: Int, y1: Int, fx: Float, fy: Float
        if repeats {
            // Wrapped into one tile first, so the conversions below stay small.
            let w = Float(width), h = Float(height)
            var x = (u - 0.5).truncatingRemainder(dividingBy: w), y = (v - 0.5).truncatingRemainder(dividingBy: h)
            guard x.isFinite, y.isFinite else { return .zero }
            if x < 0 { x += w }
            if y < 0 { y += h }
            let fx0 = x.rounded(.down), fy0 = y.rounded(.down)
            x0 = smallIntOrClamp(fx0, width - 1); y0 = smallIntOrClamp(fy0, height - 1)
            x1 = x0 + 1 == width ? 0 : x0 + 1; y1 = y0 + 1 == height ? 0 : y0 + 1
            fx = x - fx0; fy = y - fy0
        } else {
            let x = min(max(u - 0.5, 0), Float(width - 1)), y = min(max(v - 0.5, 0), Float(height - 1))
            guard x.isFinite, y.isFinite else { return .zero }
            x0 = smallIntOrClamp(x.rounded(.down), width - 1); y0 = smallIntOrClamp(y.rounded(.down), height - 1)
            x1 = min(x0 + 1, width - 1); y1 = min(y0 + 1, height - 1)
            fx = x - Float(x0); fy = y - Float(y0)
        }
        func texel(_ i: Int, _ j: Int) -> SIMD4<Float> {
            let t = texels[j * width + i]
            return SIMD4(Float(t & 0xFF), Float((t >> 8) & 0xFF), Float((t >> 16) & 0xFF), Float(t >> 24)) * (1 / 255)
        }
        let top = texel(x0, y0) * (1 - fx) + texel(x1, y0) * fx
        let bottom = texel(x0, y1) * (1 - fx) + texel(x1, y1) * fx
        return top * (1 - fy) + bottom * fy
    }

    @inline(__always)
    private static func smallIntOrClamp(_ v: Float, _ maximum: Int) -> Int { min(Int(v), maximum) }

    private func load(target: RenderTarget, originX: Int, originY: Int, w: Int, h: Int, read: Bool) {
        let r = red, g = green, b = blue, a = alpha, size = Self.size
        // A whole tile read from the target overwrites every value of the planes; otherwise they start
        // transparent.
        if !read || w < size || h < size {
            r.fill(0); g.fill(0); b.fill(0); a.fill(0)
        }
        if !read { return }
        let scale: Float = 1 / 255
        for y in 0..<h {
            let row = target.row(originY + y, x: originX, count: w)
            // Eight pixels at a time (lanes past the row's end read zero, as the planes start).
            for x in stride(from: 0, to: w, by: 8) {
                let pixels = row.span(x, count: min(8, w - x)), i = y * size + x
                r.store(Self.levels(pixels, 0) * scale, at: i); g.store(Self.levels(pixels, 8) * scale, at: i)
                b.store(Self.levels(pixels, 16) * scale, at: i); a.store(Self.levels(pixels, 24) * scale, at: i)
            }
        }
    }

    private func store(target: RenderTarget, originX: Int, originY: Int, w: Int, h: Int) {
        let r = red, g = green, b = blue, a = alpha
        let size = Self.size
        for y in 0..<h {
            let row = target.row(originY + y, x: originX, count: w)
            // Eight pixels at a time, one word each (bytes R, G, B, A).
            for x in stride(from: 0, to: w, by: 8) {
                let i = y * size + x
                let words = Self.words(r.load(i, as: SIMD8<Float>.self)) | Self.words(g.load(i, as: SIMD8<Float>.self)) &<< 8
                    | Self.words(b.load(i, as: SIMD8<Float>.self)) &<< 16 | Self.words(a.load(i, as: SIMD8<Float>.self)) &<< 24
                row.setSpan(x, count: min(8, w - x), words)
            }
        }
    }

    /// A premultiplied colour as a pixel word (R in the low byte), each channel as `word` rounds it.
    @inline(__always)
    package static func word(_ c: SIMD4<Float>) -> UInt32 {
        word(c.x) | word(c.y) << 8 | word(c.z) << 16 | word(c.w) << 24
    }

    @inline(__always)
    package static func word(_ v: Float) -> UInt32 {
        (min(max(v, 0), 1) * 255 + 8_388_608).bitPattern & 0xFF
    }

    /// 0...1 to 0...255, rounded to nearest. Adding 2^23 puts the rounded integer in the low mantissa
    /// bits, which avoids Swift's trapping float-to-integer conversion in this hot loop.
    @inline(__always)
    package static func byte(_ v: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(v, 0), 1) * 255 + 8_388_608).bitPattern)
    }
}
