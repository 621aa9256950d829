import Foundation

/// Flattens and bins one draw at a time, reusing its buffers across draws (one binner per worker).
struct TileBinner {
    private var flattener: Flattener
    private var width: Float
    private var height: Float
    private var tilesX: Int
    private var tilesY: Int

    private var lines: [LineSegment] = []
    private var clipped: [LineSegment] = []
    private var pieces: [TileSegment] = []
    private var pieceTiles: [Int32] = []
    private var sorted: [TileSegment] = []
    private var tileStart: [Int32] = []
    private var tileFill: [Int32] = []
    private var carry = [Float](repeating: 0, count: 16)
    private var stroker = StrokeExpander()
    private var outline = StrokeOutline()
    /// Time spent expanding strokes, for benchmarks.
    private(set) var strokeSeconds: Double = 0

    init(width: Int, height: Int) {
        flattener = Flattener(width: Double(width), height: Double(height))
        self.width = Float(width)
        self.height = Float(height)
        tilesX = (width + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tilesY = (height + BinnedScene.tileSize - 1) / BinnedScene.tileSize
    }

    /// Prepares a reused binner for a canvas of this size; its buffers keep their capacity.
    mutating func reset(width: Int, height: Int) {
        flattener = Flattener(width: Double(width), height: Double(height))
        self.width = Float(width)
        self.height = Float(height)
        tilesX = (width + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tilesY = (height + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        strokeSeconds = 0
    }

    mutating func bin(_ draw: EncodedDraw, drawIndex: UInt32, into out: inout ChunkOutput) {
        lines.removeAll(keepingCapacity: true)
        if let style = draw.stroke {
            expandStroke(draw.path, style: style, transform: draw.transform)
        } else {
            flattener.flatten(draw.path, transform: draw.transform, into: &lines)
        }
        clipped.removeAll(keepingCapacity: true)
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        let (w, h) = (width, height)
        for line in lines {
            // A static function: a method on self here would copy self, and with it `clipped`, per append.
            TileBinner.clip(line, width: w, height: h) { s in
                clipped.append(s)
                minX = min(minX, min(s.x0, s.x1)); maxX = max(maxX, max(s.x0, s.x1))
                minY = min(minY, min(s.y0, s.y1)); maxY = max(maxY, max(s.y0, s.y1))
            }
        }
        guard !clipped.isEmpty else { return }

        let size = Float(BinnedScene.tileSize)
        let tx0 = min(tilesX - 1, Int(minX / size)), tx1 = min(tilesX - 1, Int(maxX / size))
        let ty0 = min(tilesY - 1, Int(minY / size)), ty1 = min(tilesY - 1, max(ty0, Int((maxY / size).rounded(.up)) - 1))
        let bw = tx1 - tx0 + 1, bh = ty1 - ty0 + 1

        // Cut segments into per-tile pieces, then group them by tile with a counting sort.
        pieces.removeAll(keepingCapacity: true)
        pieceTiles.removeAll(keepingCapacity: true)
        for s in clipped { cutIntoTiles(s, originX: tx0, originY: ty0, boxWidth: bw) }
        tileStart.removeAll(keepingCapacity: true)
        tileStart.append(contentsOf: repeatElement(0, count: bw * bh + 1))
        for t in pieceTiles { tileStart[Int(t) + 1] += 1 }
        for i in 0..<(bw * bh) { tileStart[i + 1] += tileStart[i] }
        sorted.removeAll(keepingCapacity: true)
        sorted.append(contentsOf: repeatElement(TileSegment(x0: 0, y0: 0, x1: 0, y1: 0), count: pieces.count))
        tileFill.removeAll(keepingCapacity: true)
        tileFill.append(contentsOf: tileStart)
        for (i, t) in pieceTiles.enumerated() {
            sorted[Int(tileFill[Int(t)])] = pieces[i]
            tileFill[Int(t)] += 1
        }

        // Walk each tile row left to right, carrying the per-row backdrop.
        for row in 0..<bh {
            var lastWithPieces = -1
            for col in stride(from: bw - 1, through: 0, by: -1) where tileStart[row * bw + col + 1] > tileStart[row * bw + col] {
                lastWithPieces = col
                break
            }
            if lastWithPieces < 0 { continue }
            for r in 0..<16 { carry[r] = 0 }
            var carryNonZero = false
            for col in 0...lastWithPieces {
                let local = row * bw + col
                let lo = Int(tileStart[local]), hi = Int(tileStart[local + 1])
                if hi == lo && !carryNonZero { continue }
                let tileIndex = UInt32((ty0 + row) * tilesX + tx0 + col)
                var backdropStart = PathTile.noBackdrop
                if carryNonZero {
                    backdropStart = UInt32(out.backdrops.count)
                    out.backdrops.append(contentsOf: carry)
                }
                out.pathTiles.append(PathTile(drawIndex: drawIndex, tileIndex: tileIndex,
                                              segmentStart: UInt32(out.segments.count),
                                              segmentCount: UInt32(hi - lo), backdropStart: backdropStart))
                if hi > lo {
                    out.segments.append(contentsOf: sorted[lo..<hi])
                    for p in sorted[lo..<hi] { TileBinner.addRowCover(p, to: &carry) }
                    carryNonZero = carry.contains { abs($0) > 1e-5 }
                }
            }
            // A closed path's rows sum to zero, unless its right part was clipped off the canvas: then
            // the interior runs to the canvas' right edge.
            if carryNonZero && tx0 + lastWithPieces + 1 < tilesX {
                for tileX in (tx0 + lastWithPieces + 1)..<tilesX {
                    out.pathTiles.append(PathTile(drawIndex: drawIndex, tileIndex: UInt32((ty0 + row) * tilesX + tileX),
                                                  segmentStart: UInt32(out.segments.count), segmentCount: 0,
                                                  backdropStart: UInt32(out.backdrops.count)))
                    out.backdrops.append(contentsOf: carry)
                }
            }
        }
    }

    /// Expands a stroke in user space and appends its outline, in device space, to `lines`.
    private mutating func expandStroke(_ path: Path, style: StrokeStyle, transform t: CGAffineTransform) {
        let start = ContinuousClock.now
        defer { strokeSeconds += (ContinuousClock.now - start).seconds }
        guard let parameters = StrokeParameters(style) else { return }
        let scale = t.maximumScale
        guard scale.isFinite, scale > 0 else { return }
        outline.removeAll()
        stroker.expand(path, parameters, tolerance: StrokeExpander.tolerance / scale, into: &outline)
        let limit = Flattener.coordinateLimit
        func map(_ q: SIMD2<Double>) -> SIMD2<Double> {
            let x = Double(t.a) * q.x + Double(t.c) * q.y + Double(t.tx)
            let y = Double(t.b) * q.x + Double(t.d) * q.y + Double(t.ty)
            return SIMD2(x.isFinite ? min(max(x, -limit), limit) : 0, y.isFinite ? min(max(y, -limit), limit) : 0)
        }
        var contourStart = 0
        for end in outline.contourEnds {
            let first = map(outline.points[contourStart])
            var previous = first
            for i in (contourStart + 1)..<end {
                let q = map(outline.points[i])
                if q.y != previous.y {
                    lines.append(LineSegment(x0: Float(previous.x), y0: Float(previous.y), x1: Float(q.x), y1: Float(q.y)))
                }
                previous = q
            }
            if first.y != previous.y {
                lines.append(LineSegment(x0: Float(previous.x), y0: Float(previous.y), x1: Float(first.x), y1: Float(first.y)))
            }
            contourStart = end
        }
    }

    /// Adds a piece's signed height per pixel row (the same quantity the fine stage accumulates).
    static func addRowCover(_ p: TileSegment, to cover: inout [Float]) {
        let dir: Float = p.y1 > p.y0 ? 1 : -1
        let ya = min(p.y0, p.y1), yb = max(p.y0, p.y1)
        let r0 = max(0, Int(ya)), r1 = min(15, Int(yb.rounded(.up)) - 1)
        guard r0 <= r1 else { return }
        for r in r0...r1 {
            let h = min(yb, Float(r + 1)) - max(ya, Float(r))
            if h > 0 { cover[r] += dir * h }
        }
    }

    /// Clips a device segment to the canvas as described in BinnedScene.swift.
    private static func clip(_ s: LineSegment, width: Float, height: Float, _ emit: (LineSegment) -> Void) {
        if min(s.x0, s.x1) >= 0 && max(s.x0, s.x1) <= width && min(s.y0, s.y1) >= 0 && max(s.y0, s.y1) <= height {
            return emit(s)  // the common case: inside the canvas
        }
        var x0 = Double(s.x0), y0 = Double(s.y0), x1 = Double(s.x1), y1 = Double(s.y1)
        let w = Double(width), h = Double(height)
        if y0 == y1 || (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        if x0 >= w && x1 >= w { return }
        // Clip to 0 <= y <= h.
        let dxdy = (x1 - x0) / (y1 - y0)
        if y0 < 0 { x0 += (0 - y0) * dxdy; y0 = 0 } else if y0 > h { x0 += (h - y0) * dxdy; y0 = h }
        if y1 < 0 { x1 += (0 - y1) * dxdy; y1 = 0 } else if y1 > h { x1 += (h - y1) * dxdy; y1 = h }
        if y0 == y1 { return }
        // Split at x = 0 and x = w (at most two cuts, kept in parameter order).
        var cutA = 2.0, cutB = 2.0
        if x0 != x1 {
            let t0 = (0 - x0) / (x1 - x0), tw = (w - x0) / (x1 - x0)
            if t0 > 0 && t0 < 1 { cutA = t0 }
            if tw > 0 && tw < 1 { if tw < cutA { cutB = cutA; cutA = tw } else { cutB = tw } }
        }
        var ta = 0.0
        for tb in [cutA, cutB, 1.0] where tb <= 1 && tb > ta {
            let xa = x0 + (x1 - x0) * ta, ya = y0 + (y1 - y0) * ta
            let xb = tb == 1 ? x1 : x0 + (x1 - x0) * tb, yb = tb == 1 ? y1 : y0 + (y1 - y0) * tb
            ta = tb
            if ya == yb { continue }
            let mid = (xa + xb) * 0.5
            if mid >= w { continue }
            if mid <= 0 {
                emit(LineSegment(x0: 0, y0: Float(ya), x1: 0, y1: Float(yb)))
            } else {
                emit(LineSegment(x0: Float(min(max(xa, 0), w)), y0: Float(ya), x1: Float(min(max(xb, 0), w)), y1: Float(yb)))
            }
        }
    }

    /// Cuts a clipped device segment into tile-local pieces.
    private mutating func cutIntoTiles(_ s: LineSegment, originX: Int, originY: Int, boxWidth: Int) {
        let size = Float(BinnedScene.tileSize)
        // Walk from top to bottom; pieces keep the segment's direction.
        let down = s.y1 > s.y0
        let (xa, ya, xb, yb) = down ? (s.x0, s.y0, s.x1, s.y1) : (s.x1, s.y1, s.x0, s.y0)
        let dxdy = (xb - xa) / (yb - ya)
        let row0 = min(tilesY - 1, Int(ya / size))
        let row1 = min(tilesY - 1, max(row0, Int((yb / size).rounded(.up)) - 1))
        for row in row0...row1 {
            let top = Float(row) * size
            let yTop = max(ya, top), yBot = min(yb, top + size)
            if yBot <= yTop { continue }
            let xTop = yTop == ya ? xa : xa + (yTop - ya) * dxdy
            let xBot = yBot == yb ? xb : xa + (yBot - ya) * dxdy
            let xl = min(xTop, xBot), xr = max(xTop, xBot)
            let col0 = min(tilesX - 1, Int(xl / size)), col1 = min(tilesX - 1, Int(xr / size))
            for col in col0...col1 {
                let left = Float(col) * size
                var pTop = (x: xTop, y: yTop), pBot = (x: xBot, y: yBot)
                if col0 != col1 {
                    // Sub-range of this column, in y order along the segment.
                    let cl = max(xl, left), cr = min(xr, left + size)
                    if cr <= cl && col != col0 { continue }
                    let yAt = { (x: Float) -> Float in
                        xTop == xBot ? yTop : yTop + (x - xTop) * (yBot - yTop) / (xBot - xTop)
                    }
                    let ys = (yAt(cl), yAt(cr))
                    let y0 = min(ys.0, ys.1), y1 = max(ys.0, ys.1)
                    if y1 <= y0 { continue }
                    let x0 = ys.0 <= ys.1 ? cl : cr, x1 = ys.0 <= ys.1 ? cr : cl
                    pTop = (x0, max(yTop, y0)); pBot = (x1, min(yBot, y1))
                }
                let lx = left, ly = Float(row) * size
                let piece = down
                    ? TileSegment(x0: pTop.x - lx, y0: pTop.y - ly, x1: pBot.x - lx, y1: pBot.y - ly)
                    : TileSegment(x0: pBot.x - lx, y0: pBot.y - ly, x1: pTop.x - lx, y1: pTop.y - ly)
                pieces.append(piece)
                pieceTiles.append(Int32((row - originY) * boxWidth + col - originX))
            }
        }
    }
}
