import Foundation
import TileRenderGeometry

// Glyph masks: a glyph's coverage rendered once (per face, size, subpixel offset) and then drawn as
// it is, frame after frame, without flattening, binning or rasterizing its outline again (Skia's
// strike cache). The strike cache itself lives with the text engine (TileRender's `StrikeCache`);
// the pipeline knows only masks, runs of placed masks (`GlyphMaskRun`, recorded in a `FillCommand`),
// and how the fine stage draws them.
//
// What a mask holds is not clamped coverage but the glyph's *winding number averaged over each pixel*
// (signed), from the same exact-area accumulation the fine stage runs on a path's segments. Winding is
// additive, so the sum of a run's masks is the winding of the run's combined outline, and the fine
// stage's nonzero fold of that sum, min(1, |w|), is what filling the combined outline gives: glyphs
// that overlap (combining marks, tight kerning) are unioned as the outline fill unions them, not added.

/// One glyph's averaged winding per pixel, `width` x `height` Floats, row-major, its pixel (0, 0) at
/// (`originX`, `originY`) device pixels from the glyph's (whole-pixel) pen position. Immutable after
/// it is made; its storage is freed with it.
package final class CoverageMask: @unchecked Sendable {
    package let width: Int
    package let height: Int
    package let originX: Int
    package let originY: Int
    /// `width * height` values (never written after `init`).
    package let values: UnsafeMutablePointer<Float>
    /// Each value as the CPU's integer tiles composite a mask alone: folded nonzero and in 16-bit fixed
    /// point (`FineRasterizer.maskLevels`), so that a pixel only one mask of a run reaches takes its
    /// level as it is. `levelPadding` zeros lie before and after them, so that a tile row's 16 levels
    /// can be read at once from any column of the mask (`FineRasterizer.maskLevelCoverage`).
    package let levels: UnsafeMutablePointer<UInt16>
    /// Zero levels before and after `levels`.
    package static let levelPadding = 16

    /// Bytes the mask takes (its values, its levels and a fixed overhead), for a cache's budget.
    package var byteCount: Int { 64 + width * height * (MemoryLayout<Float>.stride + MemoryLayout<UInt16>.stride) }

    private init(width: Int, height: Int, originX: Int, originY: Int) {
        self.width = width; self.height = height; self.originX = originX; self.originY = originY
        values = .allocate(capacity: max(1, width * height))
        values.initialize(repeating: 0, count: max(1, width * height))
        let padding = CoverageMask.levelPadding
        let base = UnsafeMutablePointer<UInt16>.allocate(capacity: width * height + 2 * padding)
        base.initialize(repeating: 0, count: width * height + 2 * padding)
        levels = base + padding
    }
    deinit { values.deallocate(); (levels - CoverageMask.levelPadding).deallocate() }

    /// The sum of `parts` (each a mask whose pixel (0, 0) is at (`x`, `y`)), as one mask over their
    /// box, its pixel (0, 0) at the box's corner (`originX`, `originY`). Each pixel's values are
    /// added from 0 in the order of `parts`: what the fine stage sums where the parts meet, in the
    /// same order (the same floats), and a part's own value where it is alone.
    package static func sum(of parts: [(mask: CoverageMask, x: Int, y: Int)]) -> CoverageMask? {
        guard let first = parts.first else { return nil }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in parts {
            minX = min(minX, p.x); minY = min(minY, p.y)
            maxX = max(maxX, p.x + p.mask.width); maxY = max(maxY, p.y + p.mask.height)
        }
        let width = maxX - minX, height = maxY - minY
        guard width <= maxSide, height <= maxSide else { return nil }
        let sum = CoverageMask(width: width, height: height, originX: minX, originY: minY)
        let out = ScratchSpan(unsafeStart: sum.values, count: width * height)
        for p in parts {
            let values = ReadOnlySpan(unsafeStart: p.mask.values, count: p.mask.width * p.mask.height)
            for row in 0..<p.mask.height {
                let line = out.slice(from: (p.y - minY + row) * width + p.x - minX, count: p.mask.width)
                let source = values.slice(from: row * p.mask.width, count: p.mask.width)
                for x in 0..<p.mask.width { line[x] += source[x] }
            }
        }
        FineRasterizer.maskLevels(ReadOnlySpan(unsafeStart: sum.values, count: width * height),
                                  into: ScratchSpan(unsafeStart: sum.levels, count: width * height))
        return sum
    }

    /// The largest mask side, in pixels: glyphs larger than this are drawn from their outlines.
    package static let maxSide = 512

    /// Rasterizes `outline` (font units, y down) scaled by `scale` and moved by (`offsetX`, `offsetY`)
    /// (the subpixel part of the pen position, 0..<1) with the fine stage's exact-area accumulation.
    /// Returns nil when it covers nothing (an empty outline) or when the result would be larger than
    /// `maxSide` on a side or not finite; the caller then draws the outline instead.
    package static func render(_ outline: Path, scale: Double, offsetX: Double, offsetY: Double) -> CoverageMask? {
        guard !outline.isEmpty, scale.isFinite, scale > 0, offsetX.isFinite, offsetY.isFinite else { return nil }
        let transform = CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offsetX, ty: offsetY)
        // The control points' box holds the curves (a little larger than the curves' own box, which
        // costs the extrema of every cubic to find).
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CGPoint) {
            let x = Double(p.x), y = Double(p.y)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        for element in outline.elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quadCurve(let p, let c): add(p); add(c)
            case .curve(let p, let c1, let c2): add(p); add(c1); add(c2)
            case .closeSubpath: continue
            }
        }
        minX = minX * scale + offsetX; maxX = maxX * scale + offsetX
        minY = minY * scale + offsetY; maxY = maxY * scale + offsetY
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite,
              maxX - minX < Double(maxSide - 2), maxY - minY < Double(maxSide - 2) else { return nil }
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let width = max(1, Int(maxX.rounded(.up)) - x0), height = max(1, Int(maxY.rounded(.up)) - y0)
        var lines: [LineSegment] = []
        let flattener = Flattener(width: Double(width), height: Double(height))
        let local = transform.concatenating(CGAffineTransform(translationX: CGFloat(-x0), y: CGFloat(-y0)))
        flattener.flatten(outline, transform: local, into: &lines)
        if lines.isEmpty { return nil }
        let mask = CoverageMask(width: width, height: height, originX: x0, originY: y0)
        // Accumulation rows with two spare columns that catch area at x = width (as the fine stage's).
        let stride = width + 2
        var acc = [Float](repeating: 0, count: stride * height)
        let maskValues = ScratchSpan(unsafeStart: mask.values, count: width * height)
        acc.withUnsafeMutableBufferPointer { buffer in
            let a = ScratchSpan(buffer)
            for line in lines where line.x0.isFinite && line.y0.isFinite && line.x1.isFinite && line.y1.isFinite {
                FineRasterizer.accumulateLine(x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1,
                                              width: width, height: height, stride: stride, into: a)
            }
            for y in 0..<height {
                var sum: Float = 0
                let row = a.slice(from: y * stride, count: width), out = maskValues.slice(from: y * width, count: width)
                for x in 0..<width { sum += row[x]; out[x] = sum }
            }
        }
        FineRasterizer.maskLevels(ReadOnlySpan(unsafeStart: mask.values, count: width * height),
                                  into: ScratchSpan(unsafeStart: mask.levels, count: width * height))
        return mask
    }

}

/// A run of glyphs filled with one paint, recorded as masks (`FillCommand.glyphs`). Each glyph keeps
/// its outline too: where masks cannot be drawn (a backend without them, a transform other than the
/// one recorded) the run is filled from its outlines instead.
package struct GlyphMaskRun: Sendable, Equatable {
    package struct Glyph: Sendable {
        /// The glyph's mask at its quantised pen position, or nil for a glyph that draws nothing.
        package var mask: CoverageMask?
        /// The outline in font units (y down) and its scale to user space.
        package var outline: Path
        package var scale: Double
        /// The exact pen position in user space.
        package var x: Double, y: Double
        /// The quantised pen position in device pixels under `GlyphMaskRun.transform`: the whole
        /// pixel the mask is placed from, and the subpixel offset (multiples of
        /// `GlyphMaskRun.subpixelSteps`) it was rendered at.
        package var pixelX: Int, pixelY: Int
        package var fractionX: Double, fractionY: Double

        package init(mask: CoverageMask?, outline: Path, scale: Double, x: Double, y: Double, pixelX: Int, pixelY: Int,
                     fractionX: Double, fractionY: Double) {
            self.mask = mask; self.outline = outline; self.scale = scale; self.x = x; self.y = y
            self.pixelX = pixelX; self.pixelY = pixelY; self.fractionX = fractionX; self.fractionY = fractionY
        }
    }
    /// The glyphs and their combined mask, in one object: a run is copied with each draw command
    /// (recorded, encoded, kept), and one reference keeps those copies as cheap as the glyph list's.
    private final class Storage: Sendable {
        let glyphs: [Glyph]
        let combined: CoverageMask?
        init(glyphs: [Glyph], combined: CoverageMask?) { self.glyphs = glyphs; self.combined = combined }
    }
    private var storage: Storage

    package var glyphs: [Glyph] { storage.glyphs }
    /// The transform the masks were chosen under (translation and a uniform positive scale).
    package var transform: CGAffineTransform
    /// The glyphs' masks summed into one (`CoverageMask.sum`; its `originX`, `originY` in device pixels
    /// under `transform`), for a short run (`combinesMasks`): drawn as one mask, the same pixels as
    /// its glyphs' masks drawn one by one. nil: the glyphs' masks are drawn.
    package var combined: CoverageMask? { storage.combined }

    /// The most pixels a run's combined mask covers (`combinesMasks`): a label or a word, not a line
    /// of body text, whose combined mask would be kept in memory beside its glyphs' masks.
    package static let maxCombinedPixels = 4096

    /// Subpixel positions per pixel, in x and in y: pen positions are rounded to 1 / subpixelSteps.
    package static let subpixelSteps = 16.0

    package init(glyphs: [Glyph], transform: CGAffineTransform) {
        storage = Storage(glyphs: glyphs, combined: nil)
        self.transform = transform
    }

    /// Sums the glyphs' masks into `combined` when there are at least two and their box covers at
    /// most `maxCombinedPixels`: the fine stage then reads one mask a tile row instead of a glyph's
    /// each (and sums none where glyphs meet), and the encoding places one mask. The parts are summed
    /// in the order the encoding places the glyphs' masks (by x, then the run's order), which is the
    /// order the fine stage sums them in.
    package mutating func combinesMasks() {
        // The box first: a line of body text (most runs that are not labels) allocates nothing here.
        var count = 0, minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for g in glyphs {
            guard let mask = g.mask else { continue }
            let x = g.pixelX + mask.originX, y = g.pixelY + mask.originY
            count += 1
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x + mask.width); maxY = max(maxY, y + mask.height)
        }
        guard count >= 2, (maxX - minX) * (maxY - minY) <= Self.maxCombinedPixels else { return }
        let parts = glyphs.compactMap { g in g.mask.map { (mask: $0, x: g.pixelX + $0.originX, y: g.pixelY + $0.originY) } }
        // By x, equal x in the run's order (`EncodedScene.appendMaskDraw`'s order).
        let ordered = parts.enumerated().sorted { $0.1.x != $1.1.x ? $0.1.x < $1.1.x : $0.0 < $1.0 }.map(\.1)
        storage = Storage(glyphs: glyphs, combined: CoverageMask.sum(of: ordered))
    }

    /// The run with its glyphs' masks drawn one by one (tests compare it with the combined mask).
    package mutating func separatesMasks() { storage = Storage(glyphs: glyphs, combined: nil) }

    /// The whole-pixel shift from the recorded transform to `t`, when the masks still apply under `t`
    /// (the same scale, moved by whole device pixels), else nil.
    package func pixelShift(under t: CGAffineTransform) -> (x: Int, y: Int)? {
        let r = transform
        guard t.a == r.a, t.b == r.b, t.c == r.c, t.d == r.d else { return nil }
        let dx = Double(t.tx - r.tx), dy = Double(t.ty - r.ty)
        guard dx.isFinite, dy.isFinite, dx == dx.rounded(), dy == dy.rounded(), abs(dx) < 1e9, abs(dy) < 1e9 else { return nil }
        return (Int(dx), Int(dy))
    }

    /// The run's outlines at their exact positions, in user space (what drawing text without masks fills).
    package func exactOutline() -> Path {
        var path = Path()
        for g in glyphs where !g.outline.isEmpty {
            path.addPath(g.outline, transform: CGAffineTransform(a: g.scale, b: 0, c: 0, d: g.scale, tx: g.x, ty: g.y))
        }
        return path
    }

    /// The run's outlines at their quantised positions, in device pixels moved by `shift`: what the
    /// masks hold, for a backend that draws outlines (the same pixels as the masks, to float rounding).
    package func quantisedOutline(shift: (x: Int, y: Int)) -> Path {
        var path = Path()
        let k = Double(transform.a)
        for g in glyphs where g.mask != nil {
            let px = Double(g.pixelX + shift.x) + g.fractionX, py = Double(g.pixelY + shift.y) + g.fractionY
            path.addPath(g.outline, transform: CGAffineTransform(a: g.scale * k, b: 0, c: 0, d: g.scale * k, tx: px, ty: py))
        }
        return path
    }

    package static func == (a: GlyphMaskRun, b: GlyphMaskRun) -> Bool {
        guard a.transform == b.transform, a.glyphs.count == b.glyphs.count else { return false }
        for (g, h) in zip(a.glyphs, b.glyphs) {
            guard g.mask === h.mask, g.outline == h.outline, g.scale == h.scale, g.x == h.x, g.y == h.y,
                  g.pixelX == h.pixelX, g.pixelY == h.pixelY else { return false }
        }
        return true
    }
}

/// A mask placed on the canvas, for the fine stage: its device pixel box and its values.
package struct MaskPlacement: @unchecked Sendable {
    package var x: Int32, y: Int32, width: Int32, height: Int32
    package var values: UnsafePointer<Float>
    /// Its levels (`CoverageMask.levels`, padded).
    package var levels: UnsafePointer<UInt16>
}

/// A mask draw's placements in `BinnedScene.maskPlacements`: `start ..< start + count`, sorted by `x`,
/// none wider than `maxWidth`.
package struct MaskRunRange: Sendable {
    package var start: UInt32, count: UInt32, maxWidth: Int32
}
