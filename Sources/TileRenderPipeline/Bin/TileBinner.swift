import Foundation
import Shaders
import TileRenderGeometry

/// Flattens and bins one draw at a time, reusing its buffers across draws (one binner per worker).
package struct TileBinner {
    private var flattener: Flattener
    private var width: Float
    private var height: Float
    private var tilesX: Int
    private var tilesY: Int

    /// A stroke's outline lines, before clipping.
    private let lines = ScratchBuffer<LineSegment>()
    // Phase 2's working memory (scratch buffers: appends without Array's bookkeeping, see there).
    private let pieces = ScratchBuffer<TileSegment>()
    private let pieceTiles = ScratchBuffer<Int32>()
    private let tileStart = ScratchBuffer<Int32>()
    private let tileFill = ScratchBuffer<Int32>()
    /// A sparse draw's piece keys (tile, then cut order) for sorting (`bin`).
    private let sortKeys = ScratchBuffer<UInt64>()
    private let carryRows = ScratchBuffer<Float>()
    private var stroker = StrokeExpander()
    private var outline = StrokeOutline()
    /// Set when a draw's outline reached `Flattener.maxSegmentsPerPath` (the plan then throws).
    package private(set) var tooManySegments = false

    package init(width: Int, height: Int) {
        flattener = Flattener(width: Double(width), height: Double(height))
        self.width = Float(width)
        self.height = Float(height)
        tilesX = (width + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tilesY = (height + BinnedScene.tileSize - 1) / BinnedScene.tileSize
    }

    /// Prepares a reused binner for a canvas of this size; its buffers keep their capacity.
    package mutating func reset(width: Int, height: Int) {
        flattener = Flattener(width: Double(width), height: Double(height))
        self.width = Float(width)
        self.height = Float(height)
        tilesX = (width + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tilesY = (height + BinnedScene.tileSize - 1) / BinnedScene.tileSize
        tooManySegments = false
    }

    /// Binning phase 1: flattens (or strokes) `draw`, clips it to the canvas and appends the clipped
    /// lines and the draw's record to `chunk`. The lines are kept so that phase 2 can bin any band of
    /// tile rows without flattening again. Returns the number of lines appended. Stroke expansion's
    /// time goes to `timings` when given (benchmarks).
    @discardableResult
    package mutating func prepare(_ draw: EncodedDraw, into chunk: inout PreparedChunk, timings: StageTimings? = nil) -> Int {
        if draw.maskRun != GPUABI.noIndex {
            prepareBox(draw, into: &chunk)
            return 0
        }
        lines.removeAll()
        if liesOutsideCanvas(draw) {
            // Nothing of it shows (a scrolled list's rows far off screen): no flattening.
        } else if let style = draw.stroke {
            if let timings {
                timings.measure(.strokes) { expandStroke(draw.path, style: style, transform: draw.transform) }
            } else {
                expandStroke(draw.path, style: style, transform: draw.transform)
            }
        } else {
            if !flattener.flatten(draw.path, transform: draw.transform, into: lines) { tooManySegments = true }
        }
        var kept = KeptLines(chunk.lines)
        var clippedRight = false
        let (w, h) = (width, height)
        for line in lines.elements {
            let right = max(line.x0, line.x1), left = min(line.x0, line.x1)
            if right > w { clippedRight = true }
            if left > 0 && right <= w && min(line.y0, line.y1) >= 0 && max(line.y0, line.y1) <= h {
                // Inside the canvas and off its left side (most lines): kept as they are, which is what
                // `clip` gives them, without its call.
                kept.keep(line)
                continue
            }
            // A static function: a method on self here would copy self (and its buffers) per line.
            TileBinner.clip(line, width: w, height: h, into: &kept)
        }
        let count = kept.lines.count - kept.lineStart
        chunk.draws.append(PreparedDraw(lineStart: kept.lineStart, lineEnd: kept.lines.count, minX: kept.minX, maxX: kept.maxX,
                                        minY: kept.minY, maxY: kept.maxY, clippedRight: clippedRight,
                                        pieceBound: count == 0 ? 0 : kept.pieceBound < 1e15 ? Int(kept.pieceBound.rounded(.up)) : 1 << 50))
        return count
    }

    /// What phase 1 keeps of a draw: its lines on the canvas, appended to the chunk's, and their
    /// bounds. One value passed along (not variables captured by the clipping's closure, as they were:
    /// those were boxed, and each read of them checked for exclusive access at run time, ten checks a
    /// draw: 380 instructions).
    private struct KeptLines {
        let lines: ScratchBuffer<LineSegment>
        /// Where the draw's lines start in `lines`.
        let lineStart: Int
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
        /// Upper bound of the tile pieces: a line crossing a tile grid visits at most rows + columns - 1
        /// tiles, and spans at most |d| / 16 + 2 rows (columns); summed in Double (exact enough).
        var pieceBound = 0.0
        private static let inverseTile = 1 / Double(BinnedScene.tileSize)

        init(_ lines: ScratchBuffer<LineSegment>) {
            self.lines = lines
            lineStart = lines.count
        }

        @inline(__always)
        mutating func keep(_ s: LineSegment) {
            lines.append(s)
            minX = min(minX, min(s.x0, s.x1)); maxX = max(maxX, max(s.x0, s.x1))
            minY = min(minY, min(s.y0, s.y1)); maxY = max(maxY, max(s.y0, s.y1))
            pieceBound += (Double(abs(s.x1 - s.x0)) + Double(abs(s.y1 - s.y0))) * Self.inverseTile + 3
        }

        /// Keeps a piece of a line clipped to the canvas (`clip`). Consecutive edges along the canvas'
        /// left side (the parts of the outline left of it, clipped to x = 0) join into one: a vertical
        /// edge's coverage is additive in y, so 0..a then a..b covers as 0..b, and an edge that comes
        /// back cancels. A huge round join or a wide stroke's far side otherwise left thousands of
        /// pieces in the left column (a fuzz input: 2.5 million pieces at 64x64).
        mutating func keepClipped(_ s: LineSegment) {
            if s.x0 == 0 && s.x1 == 0 && lines.count > lineStart, let last = lines.last,
               last.x0 == 0 && last.x1 == 0 && last.y1 == s.y0 {
                if s.y1 == last.y0 { lines.removeLast() } else { lines[lines.count - 1].y1 = s.y1 }
                minY = min(minY, s.y1); maxY = max(maxY, s.y1)
                pieceBound += Double(abs(s.y1 - s.y0)) * Self.inverseTile + 3  // still a bound on the joined edge
                return
            }
            keep(s)
        }
    }

    /// Phase 1 of a mask draw: its path is the rectangle of device pixels its masks cover, and the
    /// fine stages take the coverage from the masks, so its path tiles are that rectangle's tiles on
    /// the canvas, with no segments or backdrops: nothing to flatten, cut or walk.
    private func prepareBox(_ draw: EncodedDraw, into chunk: inout PreparedChunk) {
        let r = Self.pointHull(draw)
        var minX = Float(max(0, r.minX)), maxX = Float(min(Double(width), r.maxX))
        var minY = Float(max(0, r.minY)), maxY = Float(min(Double(height), r.maxY))
        // Nothing on the canvas (or not a number): an empty box, which bins to nothing.
        if !(minX < maxX && minY < maxY) { minX = 0; maxX = 0; minY = 0; maxY = 0 }
        let end = chunk.lines.count
        chunk.draws.append(PreparedDraw(lineStart: end, lineEnd: end, minX: minX, maxX: maxX, minY: minY, maxY: maxY,
                                        clippedRight: false, pieceBound: 0, isBox: true))
    }

    /// The tiles of a box draw's box (`prepareBox`): those its pixels reach, or nil when it is empty.
    private func boxTiles(_ d: PreparedDraw) -> (tx0: Int, tx1: Int, ty0: Int, ty1: Int)? {
        guard d.minX < d.maxX && d.minY < d.maxY else { return nil }
        let size = Float(BinnedScene.tileSize)
        // In 0...width and 0...height (`prepareBox`): the conversions cannot overflow.
        func first(_ v: Float) -> Int { Int((v / size).rounded(.down)) }
        func last(_ v: Float) -> Int { Int((v / size).rounded(.up)) - 1 }
        return (first(d.minX), min(tilesX - 1, last(d.maxX)), first(d.minY), min(tilesY - 1, last(d.maxY)))
    }

    /// Whether all of `draw` lies outside the canvas: the hull of its points (end and control points,
    /// which holds the curves), widened for a stroke by the farthest its outline can reach (half the
    /// width, times the miter limit or the square cap's diagonal, at the transform's largest scale,
    /// plus a pixel), misses the canvas. A filled outline wholly to one side covers nothing on it
    /// (its winding is zero there), so skipping it changes no pixel.
    private func liesOutsideCanvas(_ draw: EncodedDraw) -> Bool {
        var margin = 0.0
        if let style = draw.stroke {
            let reach = Double(style.lineWidth) / 2 * max(Double(style.miterLimit), 2.0.squareRoot())
            margin = reach * draw.transform.maximumScale + 1
            guard margin.isFinite else { return false }
        }
        let (minX, minY, maxX, maxY) = Self.pointHull(draw)
        // A NaN point is passed over by min/max, as the renderer passes over its element; an infinite
        // one leaves the box infinite, and nothing is culled.
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return false }
        return maxX < -margin || maxY < -margin || minX > Double(width) + margin || minY > Double(height) + margin
    }

    /// The box of `draw`'s points in device space: its end and control points (which holds its curves)
    /// through its transform. Infinite where there are none.
    @inline(__always)
    private static func pointHull(_ draw: EncodedDraw) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let t = draw.transform
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CGPoint) {
            let x = Double(t.a * p.x + t.c * p.y + t.tx), y = Double(t.b * p.x + t.d * p.y + t.ty)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        for element in draw.path.elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: continue
            }
        }
        return (minX, minY, maxX, maxY)
    }

    /// The tile box of a prepared draw (its clipped lines lie inside the canvas, so the values are
    /// finite and in 0...width, 0...height; the conversions are clamped to the tile grid anyway).
    private func tileBox(_ d: PreparedDraw) -> (tx0: Int, tx1: Int, ty0: Int, ty1: Int) {
        let size = Float(BinnedScene.tileSize)
        func tile(_ v: Float, _ count: Int) -> Int {
            let t = v / size
            return t >= 0 ? min(count - 1, Int(min(t, Float(count)))) : 0
        }
        let tx0 = tile(d.minX, tilesX), tx1 = tile(d.maxX, tilesX)
        let ty0 = tile(d.minY, tilesY)
        let up = (d.maxY / size).rounded(.up)
        let ty1 = min(tilesY - 1, max(ty0, (up >= 1 ? Int(min(up, Float(tilesY))) : 0) - 1))
        return (tx0, tx1, ty0, ty1)
    }

    /// Upper bounds of what phase 2 makes of `d` over all tile rows: tile pieces, (draw, tile) pairs,
    /// path tile records, backdrop records. A draw whose outline ran off the right edge may fill to the
    /// canvas' right edge. A record is a tile with pieces or a run after one, a backdrop record follows
    /// a tile with pieces, so both are bounded by the pieces too.
    package func bounds(_ d: PreparedDraw) -> (pieces: Int, tiles: Int, records: Int, backdrops: Int) {
        if d.isBox {
            guard let box = boxTiles(d) else { return (0, 0, 0, 0) }
            let rows = box.ty1 - box.ty0 + 1
            return (0, rows * (box.tx1 - box.tx0 + 1), rows, 0)
        }
        guard d.lineEnd > d.lineStart else { return (0, 0, 0, 0) }
        let box = tileBox(d)
        let rows = box.ty1 - box.ty0 + 1
        let columns = d.clippedRight ? tilesX - box.tx0 : box.tx1 - box.tx0 + 1
        let tiles = rows * columns
        return (d.pieceBound, tiles, min(tiles, 2 * d.pieceBound + rows), min(tiles, d.pieceBound + rows))
    }

    /// Adds the per-tile-row upper bounds of `d` (pieces, path tiles, rows touched) to `rows`, indexed
    /// by tile row; used to cut the canvas into bands when the whole scene does not fit the budget.
    package func addRowBounds(_ d: PreparedDraw, lines: UnsafeBufferPointer<LineSegment>, into rows: inout RowBounds) {
        if d.isBox {
            guard let box = boxTiles(d) else { return }
            for r in box.ty0...box.ty1 {
                rows.tiles[r] += box.tx1 - box.tx0 + 1
                rows.draws[r] += 1
            }
            return
        }
        guard d.lineEnd > d.lineStart else { return }
        let box = tileBox(d)
        let columns = d.clippedRight ? tilesX - box.tx0 : box.tx1 - box.tx0 + 1
        for r in box.ty0...box.ty1 {
            rows.tiles[r] += columns
            rows.draws[r] += 1
        }
        let size = Float(BinnedScene.tileSize)
        for i in d.lineStart..<d.lineEnd {
            let s = lines[i]
            // The same row and column ranges as `cutIntoTiles`.
            let (xa, ya, xb, yb) = s.y1 > s.y0 ? (s.x0, s.y0, s.x1, s.y1) : (s.x1, s.y1, s.x0, s.y0)
            let dxdy = (xb - xa) / (yb - ya)
            let row0 = min(tilesY - 1, Int(ya / size))
            let row1 = min(tilesY - 1, max(row0, Int((yb / size).roundedUpSmall) - 1))
            for row in row0...row1 {
                let top = Float(row) * size
                let yTop = max(ya, top), yBot = min(yb, top + size)
                if yBot <= yTop { continue }
                let xTop = yTop == ya ? xa : xa + (yTop - ya) * dxdy
                let xBot = yBot == yb ? xb : xa + (yBot - ya) * dxdy
                let col0 = min(tilesX - 1, Int(min(xTop, xBot) / size)), col1 = min(tilesX - 1, Int(max(xTop, xBot) / size))
                rows.pieces[row] += col1 - col0 + 1
            }
        }
    }

    /// Binning phase 2: cuts the prepared draw's lines into the tiles of tile rows `rows` and appends
    /// its path tiles, segments and backdrops to `out`. A tile's output does not depend on `rows`
    /// (pieces are cut per tile row from the whole line, backdrops summed per row), so banded binning
    /// gives the same tiles, byte for byte, as binning all rows at once.
    package mutating func bin(_ d: PreparedDraw, lines: UnsafeBufferPointer<LineSegment>, drawIndex: UInt32,
                      rows: Range<Int>, into out: ChunkOutput) {
        if d.isBox {
            // One record per tile row of the box: a run of its tiles.
            guard let box = boxTiles(d) else { return }
            let first = max(box.ty0, rows.lowerBound), end = min(box.ty1 + 1, rows.upperBound)
            guard first < end else { return }
            for row in first..<end {
                out.append(PathTile(drawIndex: drawIndex, tileIndex: UInt32(row * tilesX + box.tx0),
                                    segmentStart: UInt32(out.segments.count), segmentCount: 0, backdropStart: PathTile.noBackdrop),
                           run: UInt32(box.tx1 - box.tx0 + 1))
            }
            return
        }
        guard d.lineEnd > d.lineStart else { return }
        let box = tileBox(d)
        let tx0 = box.tx0, tx1 = box.tx1
        let ty0 = max(box.ty0, rows.lowerBound), ty1 = min(box.ty1, rows.upperBound - 1)
        guard ty0 <= ty1 else { return }
        let bw = tx1 - tx0 + 1, bh = ty1 - ty0 + 1
        let size = Float(BinnedScene.tileSize)
        let bandTop = Float(ty0) * size, bandBottom = Float(ty1 + 1) * size

        // Cut segments into per-tile pieces, then group them by tile.
        pieces.removeAll()
        pieceTiles.removeAll()
        for i in d.lineStart..<d.lineEnd {
            let s = lines[i]
            // Lines wholly above or below the band give it no piece (see cutIntoTiles' row test).
            if max(s.y0, s.y1) <= bandTop || min(s.y0, s.y1) >= bandBottom { continue }
            if !addIfInOneTile(s, originX: tx0, originY: ty0, boxWidth: bw, lastRow: ty1) {
                cutIntoTiles(s, originX: tx0, originY: ty0, boxWidth: bw, lastRow: ty1)
            }
        }
        guard !pieces.isEmpty else { return }
        let base = out.segments.count
        let cut = pieces.elements, keys = pieceTiles.elements
        // Room for the pieces, made by copying them (the scatter overwrites every one).
        out.segments.append(contentsOf: cut)
        let segments = out.segments.mutableElements
        // The pieces grouped by tile, tiles in row-major order, each tile's in the order they were cut
        // (a stable sort): they are the draw's segments as they appear in `out`. Then the walk below
        // lists the tiles with pieces, row by row, with the runs between them.
        if pieces.count * sparseBoxRatio < bw * bh {
            // Few pieces in a large box (a big shape: its edges in a few columns and rows): sort the
            // pieces' keys rather than count over every tile of the box, and walk the tiles with pieces
            // only (the gaps between them are runs, whatever their length).
            sortKeys.removeAll()
            for (i, t) in keys.enumerated() { sortKeys.append(UInt64(UInt32(truncatingIfNeeded: t)) << 32 | UInt64(i)) }
            var sorted = sortKeys.mutableElements
            sorted.sort()
            for (rank, key) in sorted.enumerated() { segments[base + rank] = cut[Int(key & 0xFFFF_FFFF)] }
            var rank = 0
            walkTiles(drawIndex: drawIndex, originX: tx0, originY: ty0, segmentBase: base, into: out) {
                guard rank < sorted.count else { return nil }
                let local = Int(sorted[rank] >> 32), lo = rank
                while rank < sorted.count && Int(sorted[rank] >> 32) == local { rank += 1 }
                return (local / bw, local % bw, lo, rank)
            }
            return
        }
        tileStart.removeAll()
        tileStart.append(repeating: 0, count: bw * bh + 1)
        let start = tileStart.mutableElements
        for t in keys { start[Int(t) + 1] += 1 }
        for i in 0..<(bw * bh) { start[i + 1] += start[i] }
        // A counting sort: each piece scattered to its tile's next place.
        tileFill.removeAll()
        tileFill.append(repeating: 0, count: bw * bh)
        let cursor = tileFill.mutableElements
        for i in 0..<(bw * bh) { cursor[i] = start[i] }
        for (i, t) in keys.enumerated() {
            segments[base + Int(cursor[Int(t)])] = cut[i]
            cursor[Int(t)] += 1
        }
        // The tiles in row-major order, the row and column kept alongside (no division per tile).
        var local = 0, row = 0, col = 0
        walkTiles(drawIndex: drawIndex, originX: tx0, originY: ty0, segmentBase: base, into: out) {
            while local < bw * bh && start[local + 1] == start[local] {
                local += 1; col += 1
                if col == bw { col = 0; row += 1 }
            }
            guard local < bw * bh else { return nil }
            defer {
                local += 1; col += 1
                if col == bw { col = 0; row += 1 }
            }
            return (row, col, Int(start[local]), Int(start[local + 1]))
        }
    }

    /// Above this many box tiles per piece, a draw's pieces are sorted by tile instead of counted into
    /// every tile of its box (`bin`). Either way gives the same lists (tests set it to compare).
    package var sparseBoxRatio = 4

    /// Binning phase 2's walk: the path tiles, backdrops and runs of draw `drawIndex` from its tiles with
    /// pieces, which `nextTile` gives in row-major order (box-local row and column, and the range of
    /// their pieces among the draw's segments from `segmentBase`), until nil.
    ///
    /// Each tile row with pieces is walked left to right, carrying the per-row backdrop (the signed
    /// height of the pieces so far, per pixel row). Tiles after the row's first with pieces and
    /// without any of their own share the current carry: a run of them (a filled interior) is one path
    /// tile record whose run length (`ChunkOutput.runs`) covers all of them, with one backdrop record
    /// of 16 floats. A closed path's rows sum to zero, unless its right part was clipped off the
    /// canvas: then the interior runs on to the canvas' right edge.
    @inline(__always)
    private func walkTiles(drawIndex: UInt32, originX tx0: Int, originY ty0: Int,
                           segmentBase base: Int, into out: ChunkOutput,
                           nextTile: () -> (row: Int, column: Int, lo: Int, hi: Int)?) {
        if carryRows.isEmpty { carryRows.append(repeating: 0, count: BinnedScene.tileSize) }
        let carry = carryRows.mutableElements
        let segments = out.segments.mutableElements
        var carryNonZero = false
        // The backdrop record holding the current carry, once written.
        var shared = PathTile.noBackdrop
        func sharedBackdrop() -> UInt32 {
            if shared == PathTile.noBackdrop {
                shared = UInt32(out.backdrops.count)
                out.backdrops.append(contentsOf: carry)
            }
            return shared
        }
        // The row being walked and the column after its last tile with pieces so far.
        var row = -1, columnAfter = 0
        func finishRow() {
            let firstAfter = tx0 + columnAfter
            if row >= 0 && carryNonZero && firstAfter < tilesX {
                out.append(PathTile(drawIndex: drawIndex, tileIndex: UInt32((ty0 + row) * tilesX + firstAfter),
                                    segmentStart: UInt32(out.segments.count), segmentCount: 0, backdropStart: sharedBackdrop()),
                           run: UInt32(tilesX - firstAfter))
            }
        }
        while let (tileRow, col, lo, hi) = nextTile() {
            if tileRow != row {
                finishRow()
                row = tileRow
                for r in 0..<BinnedScene.tileSize { carry[r] = 0 }
                carryNonZero = false
                shared = PathTile.noBackdrop
            } else if col > columnAfter && carryNonZero {
                // The tiles between the last with pieces and this one: inside, one record for all.
                out.append(PathTile(drawIndex: drawIndex, tileIndex: UInt32((ty0 + row) * tilesX + tx0 + columnAfter),
                                    segmentStart: UInt32(base + lo), segmentCount: 0, backdropStart: sharedBackdrop()),
                           run: UInt32(col - columnAfter))
            }
            out.append(PathTile(drawIndex: drawIndex, tileIndex: UInt32((ty0 + row) * tilesX + tx0 + col),
                                segmentStart: UInt32(base + lo), segmentCount: UInt32(hi - lo),
                                backdropStart: carryNonZero ? sharedBackdrop() : PathTile.noBackdrop))
            for k in (base + lo)..<(base + hi) { TileBinner.addRowCover(segments[k], to: carry) }
            carryNonZero = carry.contains { abs($0) > 1e-5 }
            shared = PathTile.noBackdrop
            columnAfter = col + 1
        }
        finishRow()
    }

    /// Expands a stroke in user space and appends its outline, in device space, to `lines`.
    /// The canvas mapped back to user space through `t` (the box of its four corners), or nil when `t`
    /// has no finite inverse.
    private static func userSpaceBox(width: Double, height: Double, transform t: CGAffineTransform)
        -> (low: SIMD2<Double>, high: SIMD2<Double>)? {
        let det = Double(t.a) * Double(t.d) - Double(t.b) * Double(t.c)
        guard det != 0, det.isFinite else { return nil }
        let inverse = t.inverted()
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for corner in [CGPoint(x: 0, y: 0), CGPoint(x: width, y: 0), CGPoint(x: 0, y: height), CGPoint(x: width, y: height)] {
            let q = corner.applying(inverse)
            let v = SIMD2(Double(q.x), Double(q.y))
            guard v.x.isFinite, v.y.isFinite else { return nil }
            low = pointwiseMin(low, v); high = pointwiseMax(high, v)
        }
        // Widened by far more than the inverse's rounding, so culling never removes a visible dash.
        let extent: SIMD2<Double> = high - low
        let magnitude: SIMD2<Double> = pointwiseMax(pointwiseMax(low, -low), pointwiseMax(high, -high))
        let margin: SIMD2<Double> = extent * 1e-6 + magnitude * 1e-9
        return (low - margin, high + margin)
    }

    private mutating func expandStroke(_ path: Path, style: StrokeStyle, transform t: CGAffineTransform) {
        guard let parameters = StrokeParameters(style) else { return }
        let scale = t.maximumScale
        guard scale.isFinite, scale > 0 else { return }
        outline.removeAll()
        stroker.cullBox = TileBinner.userSpaceBox(width: Double(width), height: Double(height), transform: t)
        stroker.expand(path, parameters, tolerance: StrokeExpander.tolerance / scale, into: &outline)
        if stroker.exceededPointLimit { tooManySegments = true; return }
        let limit = Flattener.coordinateLimit
        func map(_ q: SIMD2<Double>) -> SIMD2<Double> {
            let x = Double(t.a) * q.x + Double(t.c) * q.y + Double(t.tx)
            let y = Double(t.b) * q.x + Double(t.d) * q.y + Double(t.ty)
            return SIMD2(x.isFinite ? min(max(x, -limit), limit) : 0, y.isFinite ? min(max(y, -limit), limit) : 0)
        }
        var contourStart = 0
        for end in outline.contourEnds {
            if lines.count >= Flattener.maxSegmentsPerPath { tooManySegments = true; return }
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
    package static func addRowCover(_ p: TileSegment, to cover: inout [Float]) {
        cover.withUnsafeMutableBufferPointer { addRowCover(p, to: $0) }
    }

    /// `addRowCover` into a tile's `BinnedScene.tileSize` row values.
    @inline(__always)
    private static func addRowCover(_ p: TileSegment, to cover: UnsafeMutableBufferPointer<Float>) {
        let dir: Float = p.y1 > p.y0 ? 1 : -1
        let ya = min(p.y0, p.y1), yb = max(p.y0, p.y1)
        // A horizontal piece covers no row. Otherwise every row from ya's to yb's gets a positive
        // height (a difference of two floats, the larger first, is never 0), so no test per row.
        guard ya < yb else { return }
        let r0 = max(0, Int(ya)), r1 = min(BinnedScene.tileSize - 1, Int(yb.roundedUpSmall) - 1)
        guard r0 <= r1 else { return }
        for r in r0...r1 {
            cover[r] += dir * (min(yb, Float(r + 1)) - max(ya, Float(r)))
        }
    }

    /// Clips a device segment to the canvas as described in BinnedScene.swift.
    private static func clip(_ s: LineSegment, width: Float, height: Float, into kept: inout KeptLines) {
        if min(s.x0, s.x1) >= 0 && max(s.x0, s.x1) <= width && min(s.y0, s.y1) >= 0 && max(s.y0, s.y1) <= height {
            return kept.keepClipped(s)  // the common case: inside the canvas
        }
        // The flattener only emits finite coordinates; a non-finite one would poison the tile ranges.
        guard s.x0.isFinite, s.y0.isFinite, s.x1.isFinite, s.y1.isFinite else { return }
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
                kept.keepClipped(LineSegment(x0: 0, y0: Float(ya), x1: 0, y1: Float(yb)))
            } else {
                kept.keepClipped(LineSegment(x0: Float(min(max(xa, 0), w)), y0: Float(ya), x1: Float(min(max(xb, 0), w)), y1: Float(yb)))
            }
        }
    }

    /// Adds a clipped device segment that lies in one tile (of the rows being cut) as that tile's piece
    /// and returns true; false when it reaches more than one tile (`cutIntoTiles` then cuts it). Most
    /// lines are such (flattened curves are short), and the general walk's piece for them is the line
    /// itself, moved to the tile's origin: the same values, without its per-row and per-column work (or
    /// its call: this one is inlined into the binning loop).
    @inline(__always)
    private func addIfInOneTile(_ s: LineSegment, originX: Int, originY: Int, boxWidth: Int, lastRow: Int) -> Bool {
        let size = Float(BinnedScene.tileSize)
        // The rows and columns exactly as `cutIntoTiles` finds them.
        let ya = min(s.y0, s.y1), yb = max(s.y0, s.y1)
        let row0 = min(tilesY - 1, Int(ya / size))
        guard row0 == min(tilesY - 1, max(row0, Int((yb / size).roundedUpSmall) - 1)) else { return false }
        let col0 = min(tilesX - 1, Int(min(s.x0, s.x1) / size))
        guard col0 == min(tilesX - 1, Int(max(s.x0, s.x1) / size)) else { return false }
        guard row0 >= originY && row0 <= lastRow else { return true }  // a row not being cut: no piece
        let lx = Float(col0) * size, ly = Float(row0) * size
        pieces.append(TileSegment(x0: s.x0 - lx, y0: s.y0 - ly, x1: s.x1 - lx, y1: s.y1 - ly))
        pieceTiles.append(Int32((row0 - originY) * boxWidth + col0 - originX))
        return true
    }

    /// Cuts a clipped device segment into tile-local pieces.
    /// Only tile rows `originY...lastRow` are cut; each row's pieces are computed from the whole segment,
    /// so they do not depend on which rows are cut.
    private mutating func cutIntoTiles(_ s: LineSegment, originX: Int, originY: Int, boxWidth: Int, lastRow: Int) {
        let size = Float(BinnedScene.tileSize)
        // Walk from top to bottom; pieces keep the segment's direction.
        let down = s.y1 > s.y0
        let (xa, ya, xb, yb) = down ? (s.x0, s.y0, s.x1, s.y1) : (s.x1, s.y1, s.x0, s.y0)
        let row0 = min(tilesY - 1, Int(ya / size))
        let row1 = min(tilesY - 1, max(row0, Int((yb / size).roundedUpSmall) - 1))
        let first = max(row0, originY), last = min(row1, lastRow)
        guard first <= last else { return }
        let dxdy = (xb - xa) / (yb - ya)
        for row in first...last {
            let top = Float(row) * size
            let yTop = max(ya, top), yBot = min(yb, top + size)
            if yBot <= yTop { continue }
            let xTop = yTop == ya ? xa : xa + (yTop - ya) * dxdy
            let xBot = yBot == yb ? xb : xa + (yBot - ya) * dxdy
            let xl = min(xTop, xBot), xr = max(xTop, xBot)
            // Not left of the draw's box: an x interpolated within a row can round to just below the
            // box's left edge when the line ends on it (the box comes from the end points), and the
            // piece's tile would be outside the box (its key another tile's, or negative).
            let col0 = max(originX, min(tilesX - 1, Int(xl / size)))
            let col1 = max(col0, min(tilesX - 1, Int(xr / size)))
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
