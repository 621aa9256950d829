import Foundation

// The fine stage: for one tile, every draw that touches it is turned into exact per-pixel area coverage
// and composited, source-over, in premultiplied sRGB-encoded RGBA (what Skia and resvg do, so the
// references match). Mirrors the Vulkan fine shader (Sources/Shaders); change both together.
//
// Coverage: each segment adds its signed area to an accumulation buffer (the "signed area" scanline
// technique popularised by font-rs and stb_truetype); a prefix sum along each row, started from the
// row's backdrop, gives the winding number averaged over each pixel. Nonzero coverage is min(1, |w|);
// even-odd folds |w| into 0...1 with period 2.

/// Per-worker scratch for rasterizing tiles. All arrays are reused from tile to tile.
struct FineRasterizer {
    static let size = 16
    /// Accumulation row stride: 16 pixels plus two columns that catch area at x = 16 (ignored).
    static let accStride = 18

    private var acc = [Float](repeating: 0, count: 16 * accStride)
    private var coverage = [Float](repeating: 0, count: 256)
    private var red = [Float](repeating: 0, count: 256)
    private var green = [Float](repeating: 0, count: 256)
    private var blue = [Float](repeating: 0, count: 256)
    private var alpha = [Float](repeating: 0, count: 256)

    /// Rasterizes tile `tile` of `scene` into `target`, over the pixels already there.
    mutating func rasterizeTile(_ tile: Int, scene: BinnedScene, target: RenderTarget) {
        let lo = Int(scene.tileCommandStart[tile]), hi = Int(scene.tileCommandStart[tile + 1])
        let tileX = tile % scene.tilesX, tileY = tile / scene.tilesX
        let originX = tileX * 16, originY = tileY * 16
        let w = min(16, target.width - originX), h = min(16, target.height - originY)
        if lo == hi { return }
        load(target: target, originX: originX, originY: originY, w: w, h: h)
        for c in lo..<hi {
            let pathTile = scene.pathTiles[Int(scene.tileCommands[c])]
            let draw = scene.draws[Int(pathTile.drawIndex)]
            let rows = computeCoverage(pathTile, rule: draw.rule, scene: scene)
            if rows.isEmpty { continue }
            let paint = scene.paints[Int(draw.paintIndex)]
            if paint.kind == EncodedPaint.Kind.solid.rawValue {
                blendSolid(paint.color, rows: rows.range, opaqueFill: rows.fullyCovered && paint.isOpaque)
            } else {
                blendGradient(paint, rows: rows.range, ramps: scene.ramps, originX: originX, originY: originY)
            }
        }
        store(target: target, originX: originX, originY: originY, w: w, h: h)
    }

    /// The pixel rows a draw touches in a tile, and whether all 256 pixels are fully covered.
    struct CoveredRows {
        var range: Range<Int>
        var fullyCovered: Bool
        var isEmpty: Bool { range.isEmpty }
    }

    /// Fills `coverage` for the rows the draw touches (other rows are left stale and must not be read).
    private mutating func computeCoverage(_ t: PathTile, rule: UInt32, scene: BinnedScene) -> CoveredRows {
        let evenOdd = rule == FillRule.evenOdd.rawValue
        var backdrop = (Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0),
                        Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0), Float(0))
        // Rows with a non-zero backdrop or a segment; everything outside is uncovered.
        var first = 16, last = -1
        if t.backdropStart != PathTile.noBackdrop {
            scene.backdrops.withUnsafeBufferPointer { b in
                withUnsafeMutableBytes(of: &backdrop) { raw in
                    let dst = raw.bindMemory(to: Float.self)
                    for r in 0..<16 {
                        let v = b[Int(t.backdropStart) + r]
                        dst[r] = v
                        if v != 0 { first = min(first, r); last = r }
                    }
                }
            }
        }
        let segmentRange = Int(t.segmentStart)..<Int(t.segmentStart + t.segmentCount)
        var segFirst = 16, segLast = -1
        scene.segments.withUnsafeBufferPointer { segs in
            for s in segmentRange {
                let seg = segs[s]
                segFirst = min(segFirst, max(0, Int(min(seg.y0, seg.y1))))
                segLast = max(segLast, min(15, Int(max(seg.y0, seg.y1).rounded(.up)) - 1))
            }
        }
        first = min(first, segFirst)
        last = max(last, segLast)
        if last < first { return CoveredRows(range: 0..<0, fullyCovered: false) }
        let rowRange = first..<(last + 1)
        var allCovered = rowRange == 0..<16
        withUnsafeBytes(of: &backdrop) { raw in
            let rows = raw.bindMemory(to: Float.self)
            coverage.withUnsafeMutableBufferPointer { cov in
                if segmentRange.isEmpty {
                    for r in rowRange {
                        let v = FineRasterizer.fold(rows[r], evenOdd: evenOdd)
                        if v < 1 { allCovered = false }
                        for x in 0..<16 { cov[r * 16 + x] = v }
                    }
                    return
                }
                acc.withUnsafeMutableBufferPointer { acc in
                    for i in (segFirst * FineRasterizer.accStride)..<((segLast + 1) * FineRasterizer.accStride) { acc[i] = 0 }
                    scene.segments.withUnsafeBufferPointer { segs in
                        for s in segmentRange { FineRasterizer.accumulate(segs[s], into: acc) }
                    }
                    for r in rowRange {
                        var sum = rows[r]
                        if r < segFirst || r > segLast {
                            let v = FineRasterizer.fold(sum, evenOdd: evenOdd)
                            if v < 1 { allCovered = false }
                            for x in 0..<16 { cov[r * 16 + x] = v }
                            continue
                        }
                        for x in 0..<16 {
                            sum += acc[r * FineRasterizer.accStride + x]
                            let v = FineRasterizer.fold(sum, evenOdd: evenOdd)
                            if v < 1 { allCovered = false }
                            cov[r * 16 + x] = v
                        }
                    }
                }
            }
        }
        return CoveredRows(range: rowRange, fullyCovered: allCovered)
    }

    @inline(__always)
    static func fold(_ winding: Float, evenOdd: Bool) -> Float {
        let a = abs(winding)
        if !evenOdd { return min(a, 1) }
        let f = a - 2 * (a * 0.5).rounded(.down)
        return f > 1 ? 2 - f : f
    }

    /// Adds the signed area of one tile-local segment to the accumulation buffer.
    @inline(__always)
    static func accumulate(_ s: TileSegment, into acc: UnsafeMutableBufferPointer<Float>) {
        if s.y0 == s.y1 { return }
        let (dir, x0, y0, x1, y1): (Float, Float, Float, Float, Float) =
            s.y0 < s.y1 ? (1, s.x0, s.y0, s.x1, s.y1) : (-1, s.x1, s.y1, s.x0, s.y0)
        let dxdy = (x1 - x0) / (y1 - y0)
        var x = x0
        let rowStart = max(0, Int(y0)), rowEnd = min(16, Int(y1.rounded(.up)))
        if rowStart >= rowEnd { return }
        if y0 < Float(rowStart) { x += (Float(rowStart) - y0) * dxdy }
        for row in rowStart..<rowEnd {
            let line = row * accStride
            let dy = min(Float(row + 1), y1) - max(Float(row), y0)
            // Pieces lie inside the tile; clamping removes float error that could step outside it.
            let xNext = min(max(x + dxdy * dy, 0), 16)
            x = min(max(x, 0), 16)
            let d = dy * dir
            let xa = min(x, xNext), xb = max(x, xNext)
            let xaFloor = xa.rounded(.down)
            let xaInt = Int(xaFloor)
            let xbCeil = xb.rounded(.up)
            let xbInt = Int(xbCeil)
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

    private mutating func blendSolid(_ c: SIMD4<Float>, rows: Range<Int>, opaqueFill: Bool) {
        if opaqueFill {
            for i in 0..<256 { red[i] = c.x; green[i] = c.y; blue[i] = c.z; alpha[i] = c.w }
            return
        }
        coverage.withUnsafeBufferPointer { cov in
            red.withUnsafeMutableBufferPointer { r in
            green.withUnsafeMutableBufferPointer { g in
            blue.withUnsafeMutableBufferPointer { b in
            alpha.withUnsafeMutableBufferPointer { a in
                for i in (rows.lowerBound * 16)..<(rows.upperBound * 16) {
                    let k = cov[i]
                    let inv = 1 - c.w * k
                    r[i] = c.x * k + r[i] * inv
                    g[i] = c.y * k + g[i] * inv
                    b[i] = c.z * k + b[i] * inv
                    a[i] = c.w * k + a[i] * inv
                }
            }}}}
        }
    }

    private mutating func blendGradient(_ p: EncodedPaint, rows: Range<Int>, ramps: [SIMD4<Float>], originX: Int, originY: Int) {
        let n = EncodedScene.rampSize
        let last = Float(n - 1)
        let (m0, m1, m2, m3, m4, m5) = p.map
        coverage.withUnsafeBufferPointer { cov in
        ramps.withUnsafeBufferPointer { ramp in
        red.withUnsafeMutableBufferPointer { r in
        green.withUnsafeMutableBufferPointer { g in
        blue.withUnsafeMutableBufferPointer { b in
        alpha.withUnsafeMutableBufferPointer { a in
            let base = Int(p.lutStart)
            for py in rows {
                let y = Float(originY + py) + 0.5
                for px in 0..<16 {
                    let i = py * 16 + px
                    let k = cov[i]
                    if k == 0 { continue }
                    let x = Float(originX + px) + 0.5
                    let gx = m0 * x + m2 * y + m4, gy = m1 * x + m3 * y + m5
                    let t: Float
                    switch p.kind {
                    case EncodedPaint.Kind.linear.rawValue:
                        t = gx
                    case EncodedPaint.Kind.radial.rawValue:
                        t = ((gx * gx + gy * gy).squareRoot() - p.params.0) * p.params.1
                    default:
                        var angle = atan2(gy, gx) - p.params.0
                        let turn = 2 * Float.pi
                        angle -= turn * (angle / turn).rounded(.down)
                        t = angle * p.params.1
                    }
                    let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
                    let c = ramp[base + Int(clamped * last + 0.5)]
                    let inv = 1 - c.w * k
                    r[i] = c.x * k + r[i] * inv
                    g[i] = c.y * k + g[i] * inv
                    b[i] = c.z * k + b[i] * inv
                    a[i] = c.w * k + a[i] * inv
                }
            }
        }}}}}}
    }

    private mutating func load(target: RenderTarget, originX: Int, originY: Int, w: Int, h: Int) {
        red.withUnsafeMutableBufferPointer { r in
        green.withUnsafeMutableBufferPointer { g in
        blue.withUnsafeMutableBufferPointer { b in
        alpha.withUnsafeMutableBufferPointer { a in
            for i in 0..<256 { r[i] = 0; g[i] = 0; b[i] = 0; a[i] = 0 }
            if target.startsTransparent { return }
            let scale: Float = 1 / 255
            for y in 0..<h {
                let row = target.base.advanced(by: (originY + y) * target.bytesPerRow + originX * 4)
                    .assumingMemoryBound(to: UInt8.self)
                for x in 0..<w {
                    let i = y * 16 + x
                    r[i] = Float(row[x * 4]) * scale
                    g[i] = Float(row[x * 4 + 1]) * scale
                    b[i] = Float(row[x * 4 + 2]) * scale
                    a[i] = Float(row[x * 4 + 3]) * scale
                }
            }
        }}}}
    }

    private func store(target: RenderTarget, originX: Int, originY: Int, w: Int, h: Int) {
        red.withUnsafeBufferPointer { r in
        green.withUnsafeBufferPointer { g in
        blue.withUnsafeBufferPointer { b in
        alpha.withUnsafeBufferPointer { a in
            for y in 0..<h {
                let row = target.base.advanced(by: (originY + y) * target.bytesPerRow + originX * 4)
                    .assumingMemoryBound(to: UInt8.self)
                for x in 0..<w {
                    let i = y * 16 + x
                    row[x * 4] = FineRasterizer.byte(r[i])
                    row[x * 4 + 1] = FineRasterizer.byte(g[i])
                    row[x * 4 + 2] = FineRasterizer.byte(b[i])
                    row[x * 4 + 3] = FineRasterizer.byte(a[i])
                }
            }
        }}}}
    }

    /// 0...1 to 0...255, rounded to nearest. Adding 2^23 puts the rounded integer in the low mantissa
    /// bits, which avoids Swift's trapping float-to-integer conversion in this hot loop.
    @inline(__always)
    static func byte(_ v: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(v, 0), 1) * 255 + 8_388_608).bitPattern)
    }
}

/// Where a backend writes: premultiplied RGBA8 rows owned by the caller or by a Bitmap.
struct RenderTarget: @unchecked Sendable {
    // Tiles write disjoint pixels, so workers may share the base address.
    let base: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let bytesPerRow: Int
    /// True when every pixel is known to be transparent (a fresh bitmap), so tiles need not read it.
    var startsTransparent = false
}
