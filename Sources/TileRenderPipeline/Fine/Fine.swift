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

/// The binned scene as raw buffers, borrowed for the duration of one rasterization.
package struct FineInput {
    package let tilesX: Int
    package let tileCommandStart: UnsafeBufferPointer<UInt32>
    package let tileCommands: UnsafeBufferPointer<UInt32>
    package let pathTiles: UnsafeBufferPointer<PathTile>
    package let draws: UnsafeBufferPointer<BinnedDraw>
    package let layers: UnsafeBufferPointer<EncodedLayer>
    package let paints: UnsafeBufferPointer<EncodedPaint>
    package let ramps: UnsafeBufferPointer<SIMD4<Float>>
    package let images: UnsafeBufferPointer<UInt32>
    package let segments: UnsafeBufferPointer<TileSegment>
    package let backdrops: UnsafeBufferPointer<Float>

    /// Calls `body` with the scene's arrays pinned.
    package static func with<R>(_ s: BinnedScene, _ body: (FineInput) throws -> R) rethrows -> R {
        try s.tileCommandStart.withUnsafeBufferPointer { starts in
        try s.tileCommands.withUnsafeBufferPointer { commands in
        try s.pathTiles.withUnsafeBufferPointer { tiles in
        try s.draws.withUnsafeBufferPointer { draws in
        try s.layers.withUnsafeBufferPointer { layers in
        try s.paints.withUnsafeBufferPointer { paints in
        try s.ramps.withUnsafeBufferPointer { ramps in
        try s.segments.withUnsafeBufferPointer { segments in
        try s.backdrops.withUnsafeBufferPointer { backdrops in
        try s.images.withUnsafeBufferPointer { images in
            try body(FineInput(tilesX: s.tilesX, tileCommandStart: starts, tileCommands: commands, pathTiles: tiles,
                               draws: draws, layers: layers, paints: paints, ramps: ramps, images: images,
                               segments: segments, backdrops: backdrops))
        }}}}}}}}}}
    }
}

/// Per-worker scratch for rasterizing tiles: one allocation, reused from tile to tile. Used by one
/// worker at a time (it is handed between renders through RenderCache), hence @unchecked Sendable.
///
/// Layout (floats): accumulation buffer (`size` rows x `accStride`), coverage (`pixels`), then the tile's
/// colour as four planes (red, green, blue, alpha; `pixels` each), all row-major; then one row of backdrops.
package final class FineRasterizer: @unchecked Sendable {
    /// Tile edge and pixels per tile (`GPUABI`; a workgroup of fine.comp is one tile).
    package static let size = GPUABI.tileSize
    package static let pixels = GPUABI.pixelsPerTile
    /// Accumulation row stride: a row of pixels plus two columns that catch area at x = size (ignored).
    package static let accStride = GPUABI.accumulatorStride
    private static let floatCount = size * accStride + pixels * 5 + size

    private let storage: UnsafeMutablePointer<Float>
    private var acc: UnsafeMutablePointer<Float> { storage }
    private var coverage: UnsafeMutablePointer<Float> { storage + Self.size * Self.accStride }
    private var red: UnsafeMutablePointer<Float> { coverage + Self.pixels }
    private var green: UnsafeMutablePointer<Float> { coverage + 2 * Self.pixels }
    private var blue: UnsafeMutablePointer<Float> { coverage + 3 * Self.pixels }
    private var alpha: UnsafeMutablePointer<Float> { coverage + 4 * Self.pixels }
    /// The backdrop of each pixel row of the tile being rasterized.
    private var backdropRow: UnsafeMutablePointer<Float> { coverage + 5 * Self.pixels }

    package init() {
        storage = .allocate(capacity: FineRasterizer.floatCount)
        storage.initialize(repeating: 0, count: FineRasterizer.floatCount)
    }
    deinit {
        storage.deallocate()
        for p in layerSlots { p.deallocate() }
    }

    /// Rasterizes tile `tile` into `target`, over the pixels already there.
    package func rasterizeTile(_ tile: Int, input: FineInput, target: RenderTarget) {
        let lo = Int(input.tileCommandStart[tile]), hi = Int(input.tileCommandStart[tile + 1])
        let size = Self.size
        let originX = (tile % input.tilesX) * size, originY = (tile / input.tilesX) * size
        let w = min(size, target.width - originX), h = min(size, target.height - originY)
        if lo == hi {
            if target.writesEmptyTiles {
                for y in 0..<h {
                    target.base.advanced(by: (originY + y) * target.bytesPerRow + originX * 4).initializeMemory(as: UInt8.self, repeating: 0, count: w * 4)
                }
            }
            return
        }
        // Occlusion: draws under the last opaque paint that covers the whole tile cannot show, and
        // neither can the target's pixels (only checked in tiles without layers).
        var first = lo
        for c in stride(from: hi - 1, through: lo, by: -1) {
            let word = input.tileCommands[c]
            if word & TileCommand.kindMask != TileCommand.pathTile { first = lo; break }
            if first == lo && coversTileOpaquely(Int(word), input) { first = c }
        }
        load(target: target, originX: originX, originY: originY, w: w, h: h, skipRead: first > lo)
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
                let rows = computeCoverage(pathTile, evenOdd: draw.rule == GPUABI.FillRule.evenOdd.rawValue, input: input)
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
                    blendGradient(paint, rows: rows.range, input: input, originX: originX, originY: originY)
                }
            }
        }
        store(target: target, originX: originX, originY: originY, w: w, h: h)
    }

    // MARK: Layers
    //
    // Opening a layer saves the tile's colour into the layer's slot and starts from transparent; the
    // slot also holds the layer's mask (its clip coverage, or 1 for an unclipped group). Closing it
    // composites the layer's colour over the saved colour through mask x opacity.

    /// Saved colour (4 planes) and mask (one plane) for each open layer depth, allocated on first use.
    private var layerSlots: [UnsafeMutablePointer<Float>] = []

    private func slot(_ depth: Int) -> UnsafeMutablePointer<Float> {
        while layerSlots.count <= depth {
            let p = UnsafeMutablePointer<Float>.allocate(capacity: 5 * Self.pixels)
            p.initialize(repeating: 0, count: 5 * Self.pixels)
            layerSlots.append(p)
        }
        return layerSlots[depth]
    }

    private func pushLayer(_ layer: EncodedLayer, depth: Int) {
        let saved = slot(depth)
        let n = Self.pixels
        saved.update(from: red, count: 4 * n)  // the four planes are contiguous
        red.update(repeating: 0, count: 4 * n)
        // Without a clip the mask is full; with one it starts empty (or full when inverted) and the
        // clip's coverage, if it reaches this tile, is written by `writeMask`.
        let full = layer.clipDraw == EncodedLayer.none || layer.isInverse
        (saved + 4 * n).update(repeating: full ? 1 : 0, count: n)
    }

    private func writeMask(_ rows: Range<Int>, inverse: Bool, depth: Int) {
        let mask = slot(depth) + 4 * Self.pixels, cov = coverage
        for i in (rows.lowerBound * Self.size)..<(rows.upperBound * Self.size) { mask[i] = inverse ? 1 - cov[i] : cov[i] }
    }

    private func popLayer(_ layer: EncodedLayer, depth: Int) {
        let n = Self.pixels
        let saved = slot(depth), mask = saved + 4 * n
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
    private func applyFilters(_ layer: EncodedLayer, _ table: UnsafeBufferPointer<SIMD4<Float>>) {
        let steps = Int(layer.filterStart)..<(Int(layer.filterStart) + Int(layer.filterCount) * GPUABI.filterStepSize)
        precondition(steps.upperBound <= table.count, "filter steps outside the table")
        for i in 0..<Self.pixels where alpha[i] >= GPUABI.filterAlphaFloor {
            let c = GraphicsContext.AppliedFilter.apply(table, steps: steps, to: SIMD4(red[i], green[i], blue[i], alpha[i]))
            red[i] = c.x; green[i] = c.y; blue[i] = c.z; alpha[i] = c.w
        }
    }

    /// True when path tile `index` covers every pixel of its tile with an opaque solid paint.
    private func coversTileOpaquely(_ index: Int, _ input: FineInput) -> Bool {
        let t = input.pathTiles[index]
        guard t.segmentCount == 0, t.backdropStart != PathTile.noBackdrop else { return false }
        let draw = input.draws[Int(t.drawIndex)]
        // Only a plain source-over fill replaces what is below; other blend modes combine with it.
        guard draw.blend == 0, input.paints[Int(draw.paintIndex)].isOpaque else { return false }
        let evenOdd = draw.rule == GPUABI.FillRule.evenOdd.rawValue
        let rows = input.backdrops.baseAddress! + Int(t.backdropStart)
        for r in 0..<Self.size where FineRasterizer.fold(rows[r], evenOdd: evenOdd) < 1 { return false }
        return true
    }

    /// The pixel rows a draw touches in a tile, and whether all its pixels are fully covered.
    package struct CoveredRows {
        package var range: Range<Int>
        package var fullyCovered: Bool
        package var isEmpty: Bool { range.isEmpty }
    }

    /// Fills `coverage` for the rows the draw touches (other rows are left stale and must not be read).
    private func computeCoverage(_ t: PathTile, evenOdd: Bool, input: FineInput) -> CoveredRows {
        // Backdrop per row (zero when the tile has none), and the rows with a non-zero backdrop or a
        // segment: everything outside them is uncovered.
        let size = Self.size
        let rows = backdropRow
        var first = size, last = -1
        if t.backdropStart != PathTile.noBackdrop {
            let src = input.backdrops.baseAddress! + Int(t.backdropStart)
            for r in 0..<size {
                let v = src[r]
                rows[r] = v
                if v != 0 { first = min(first, r); last = r }
            }
        } else {
            rows.update(repeating: 0, count: size)
        }
        let segments = input.segments.baseAddress! + Int(t.segmentStart)
        let segmentCount = Int(t.segmentCount)
        var segFirst = size, segLast = -1
        let edge = Float(size)
        for s in 0..<segmentCount {
            let seg = segments[s]
            // Tile-local rows; clamped to 0...size in Float first (NaN to 0) so the conversion cannot trap.
            let lo = min(seg.y0, seg.y1), hi = max(seg.y0, seg.y1)
            segFirst = min(segFirst, Int(lo > 0 ? min(lo, edge) : 0))
            segLast = max(segLast, min(size - 1, Int((hi > 0 ? min(hi, edge) : 0).rounded(.up)) - 1))
        }
        first = min(first, segFirst)
        last = max(last, segLast)
        if last < first { return CoveredRows(range: 0..<0, fullyCovered: false) }
        let rowRange = first..<(last + 1)
        let cov = coverage, acc = acc
        var minimum: Float = 1
        if segmentCount > 0 {
            let stride = FineRasterizer.accStride
            (acc + segFirst * stride).update(repeating: 0, count: (segLast - segFirst + 1) * stride)
            for s in 0..<segmentCount { FineRasterizer.accumulate(segments[s], into: acc) }
        }
        for r in rowRange {
            let line = cov + r * size
            if r < segFirst || r > segLast {
                let v = FineRasterizer.fold(rows[r], evenOdd: evenOdd)
                minimum = min(minimum, v)
                line.update(repeating: v, count: size)
                continue
            }
            // Prefix sum along the row, from the row's backdrop.
            let accLine = acc + r * FineRasterizer.accStride
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

    /// A whole number in 0...65535 held in a Float, as an Int, without Swift's trapping conversion:
    /// adding 2^23 moves it into the low mantissa bits.
    @inline(__always)
    package static func smallInt(_ v: Float) -> Int {
        Int(truncatingIfNeeded: (v + 8_388_608).bitPattern & 0xFFFF)
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
    package static func accumulate(_ s: TileSegment, into acc: UnsafeMutablePointer<Float>) {
        if s.y0 == s.y1 { return }
        let (dir, x0, y0, x1, y1): (Float, Float, Float, Float, Float) =
            s.y0 < s.y1 ? (1, s.x0, s.y0, s.x1, s.y1) : (-1, s.x1, s.y1, s.x0, s.y0)
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        let size = FineRasterizer.size, edge = Float(size)
        let rowStart = max(0, smallInt(max(y0, 0).rounded(.down))), rowEnd = min(size, smallInt(min(y1, edge).rounded(.up)))
        if rowStart >= rowEnd { return }
        if y0 < Float(rowStart) { x += (Float(rowStart) - y0) * dxdy }
        for row in rowStart..<rowEnd {
            let line = row * accStride
            let dy = min(Float(row + 1), y1) - max(Float(row), y0)
            // Pieces lie inside the tile; clamping removes float error that could step outside it.
            let xNext = min(max(x + dxdy * dy, 0), edge)
            x = min(max(x, 0), edge)
            let d = dy * dir
            let xa = min(x, xNext), xb = max(x, xNext)
            let xaFloor = xa.rounded(.down)
            let xaInt = smallInt(xaFloor)
            let xbCeil = xb.rounded(.up)
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
            let n = Self.pixels
            r.update(repeating: c.x, count: n); g.update(repeating: c.y, count: n)
            b.update(repeating: c.z, count: n); a.update(repeating: c.w, count: n)
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
        for py in rows {
            let y = Float(originY + py) + 0.5
            for px in 0..<size {
                let i = py * size + px
                let k = cov[i]
                if k == 0 { continue }
                let c = FineRasterizer.paintColor(p, input: input, x: Float(originX + px) + 0.5, y: y)
                let inv = 1 - c.w * k
                r[i] = c.x * k + r[i] * inv
                g[i] = c.y * k + g[i] * inv
                b[i] = c.z * k + b[i] * inv
                a[i] = c.w * k + a[i] * inv
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
        guard m0 == 1, m1 == 0, m2 == 0, m3 == 1, abs(m4) < limit, abs(m5) < limit,
              m4 == m4.rounded(), m5 == m5.rounded() else { return nil }
        return (Int(m4), Int(m5))
    }

    /// `blendGradient` for an image paint with a whole-texel offset (`wholeTexelOffset`): each pixel's
    /// texel is read directly, with the same edge clamping and arithmetic as `sampleImage`, so the
    /// result is the same, bit for bit, at a fraction of the cost.
    private func blendAlignedImage(_ p: EncodedPaint, offset: (x: Int, y: Int), rows: Range<Int>, input: FineInput,
                                   originX: Int, originY: Int) {
        let r = red, g = green, b = blue, a = alpha, cov = coverage, size = Self.size
        let width = Int(p.spread), height = Int(p.pad), opacity = p.color.w
        guard width > 0, height > 0, let base = input.images.baseAddress else { return }
        let texels = base + Int(p.lutStart)
        for py in rows {
            let ty = min(max(originY + py + offset.y, 0), height - 1)
            let row = texels + ty * width
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
        for py in rows {
            for px in 0..<size {
                let i = py * size + px
                let k = cov[i]
                if k == 0 { continue }
                let s = FineRasterizer.paintColor(p, input: input, x: Float(originX + px) + 0.5, y: Float(originY + py) + 0.5)
                let d = SIMD4(r[i], g[i], b[i], a[i])
                let result = d + (Blend.apply(mode, s, d) - d) * k
                r[i] = result.x; g[i] = result.y; b[i] = result.z; a[i] = result.w
            }
        }
    }

    /// The premultiplied colour of paint `p` at device point (x, y).
    @inline(__always)
    package static func paintColor(_ p: EncodedPaint, input: FineInput, x: Float, y: Float) -> SIMD4<Float> {
        if p.kind == GPUABI.PaintKind.solid.rawValue { return p.color }
        let (m0, m1, m2, m3, m4, m5) = p.map
        let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
        if p.kind == GPUABI.PaintKind.image.rawValue || p.kind == GPUABI.PaintKind.tiledImage.rawValue {
            return sampleImage(input.images.baseAddress! + Int(p.lutStart), width: Int(p.spread), height: Int(p.pad),
                               u: gx, v: gy, repeats: p.kind == GPUABI.PaintKind.tiledImage.rawValue,
                               nearest: p.params.0 == Float(GPUABI.ImageSampling.nearest.rawValue)) * p.color.w
        }
        let ramps = input.ramps
        var t: Float
        switch p.kind {
        case GPUABI.PaintKind.linear.rawValue:
            t = gx
        case GPUABI.PaintKind.radial.rawValue:
            t = ((gx * gx + gy * gy).squareRoot() - p.params.0) * p.params.1
        case GPUABI.PaintKind.focal.rawValue:
            guard let ft = focalT(gx, gy, k: p.params.0) else { return .zero }
            t = ft
        default:
            var angle = atan2(gy, gx) - p.params.0
            let turn = 2 * Float.pi
            angle -= turn * (angle / turn).rounded(.down)
            t = angle * p.params.1
        }
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
    package static func sampleImage(_ texels: UnsafePointer<UInt32>, width: Int, height: Int, u: Float, v: Float,
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

    private func load(target: RenderTarget, originX: Int, originY: Int, w: Int, h: Int, skipRead: Bool) {
        let r = red, g = green, b = blue, a = alpha, n = Self.pixels, size = Self.size
        r.update(repeating: 0, count: n); g.update(repeating: 0, count: n)
        b.update(repeating: 0, count: n); a.update(repeating: 0, count: n)
        if target.startsTransparent || skipRead { return }
        let scale: Float = 1 / 255
        for y in 0..<h {
            let row = target.base.advanced(by: (originY + y) * target.bytesPerRow + originX * 4)
                .assumingMemoryBound(to: UInt8.self)
            for x in 0..<w {
                let i = y * size + x
                r[i] = Float(row[x * 4]) * scale
                g[i] = Float(row[x * 4 + 1]) * scale
                b[i] = Float(row[x * 4 + 2]) * scale
                a[i] = Float(row[x * 4 + 3]) * scale
            }
        }
    }

    private func store(target: RenderTarget, originX: Int, originY: Int, w: Int, h: Int) {
        let r = red, g = green, b = blue, a = alpha, size = Self.size
        for y in 0..<h {
            // One little-endian 32-bit word per pixel (bytes R, G, B, A); the loop vectorizes.
            let row = target.base.advanced(by: (originY + y) * target.bytesPerRow + originX * 4)
            let i = y * size
            if w == size && Int(bitPattern: row) % 4 == 0 {
                let words = row.assumingMemoryBound(to: UInt32.self)
                for x in 0..<size {
                    words[x] = (FineRasterizer.word(r[i + x]) | FineRasterizer.word(g[i + x]) << 8
                                | FineRasterizer.word(b[i + x]) << 16 | FineRasterizer.word(a[i + x]) << 24).littleEndian
                }
            } else {
                let bytes = row.assumingMemoryBound(to: UInt8.self)
                for x in 0..<w {
                    bytes[x * 4] = FineRasterizer.byte(r[i + x])
                    bytes[x * 4 + 1] = FineRasterizer.byte(g[i + x])
                    bytes[x * 4 + 2] = FineRasterizer.byte(b[i + x])
                    bytes[x * 4 + 3] = FineRasterizer.byte(a[i + x])
                }
            }
        }
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

/// Where a backend writes: premultiplied RGBA8 rows owned by the caller or by a Bitmap.
package struct RenderTarget: @unchecked Sendable {
    // Tiles write disjoint pixels, so workers may share the base address.
    package let base: UnsafeMutableRawPointer
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// True when tiles start transparent instead of reading the target (a fresh bitmap, or a clear).
    package var startsTransparent = false
    /// True when tiles without draws must still be written (as transparent): a clear of a used buffer.
    package var writesEmptyTiles = false

    package init(base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
                 startsTransparent: Bool = false, writesEmptyTiles: Bool = false) {
        self.base = base; self.width = width; self.height = height; self.bytesPerRow = bytesPerRow
        self.startsTransparent = startsTransparent; self.writesEmptyTiles = writesEmptyTiles
    }
}
