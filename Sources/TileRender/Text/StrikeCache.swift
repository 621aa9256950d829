import Foundation
@_spi(Caches) import TileRenderGeometry
import TileRenderPipeline
import TileRenderText

/// Glyph masks kept per face, glyph, device size and subpixel offset (Skia's strike cache): a glyph
/// drawn again at the same size and the same subpixel offset is not flattened, binned or
/// rasterized again; the fine stage draws its mask (`CoverageMask`, `GlyphMaskRun`).
///
/// - Keys: the face's id, the glyph id, the device pixels per font unit (the exact `Double`, so any
///   size is its own strike: no size rounding), and the pen position's subpixel offset in x and in y,
///   each rounded to `GlyphMaskRun.subpixelSteps` (16) steps per pixel. The transform class is implied:
///   masks are made only for translation with a uniform positive scale (see `PreparedText.draw`).
/// - Budget: at most `byteBudget` bytes of masks (each mask's Floats plus a fixed overhead); past it
///   the oldest entries go first. A mask larger than the budget is not kept (it is made, used, and
///   dropped).
/// - Placed layouts: a laid-out text drawn again at the same place under the same transform takes its
///   runs of masks as they were made (`PlacementKey`), without looking its glyphs up one by one.
/// - Shared by everything in the process that draws text, and safe from any thread: the lock guards
///   only look-ups and insertions; masks are rasterized outside it (two threads missing the same key
///   both make it, and the first insertion wins).
package final class StrikeCache: Sendable {
    package struct Statistics: Equatable, Sendable {
        package var hits = 0
        package var misses = 0
        package var evictions = 0
        package var entries = 0
        package var bytes = 0
        /// Masks rasterized (misses that rendered an outline; empty glyphs make none).
        package var rasterized = 0
        init(_ store: CacheStatistics, rasterized: Int) {
            hits = store.hits; misses = store.misses; evictions = store.evictions
            entries = store.entries; bytes = store.bytes; self.rasterized = rasterized
        }
    }

    package struct Key: Hashable, Sendable {
        var face: Int
        var glyph: UInt32
        /// `Double.bitPattern` of device pixels per font unit.
        var scale: UInt64
        var stepX: UInt8, stepY: UInt8

        // Two words for the hasher instead of five fields: a look-up is on every glyph drawn, and the
        // hasher's cost grows with what it is given. Equal keys still hash alike (equality is by field).
        package func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(truncatingIfNeeded: face) &* 0x9E37_79B9_7F4A_7C15
                ^ UInt64(glyph) << 16 ^ UInt64(stepX) << 8 ^ UInt64(stepY))
            hasher.combine(scale)
        }
    }

    /// A glyph at one strike: its mask (nil when the glyph draws nothing) and its outline.
    package struct Entry: Sendable {
        package var mask: CoverageMask?
        package var outline: Path
        var bytes: Int { 64 + (mask?.byteCount ?? 0) }
    }

    private struct State {
        var store: ByteBudgetStore<Key, Entry>
        var rasterized = 0
    }

    package let byteBudget: Int
    private let state: Locked<State>

    // MARK: Placed layouts

    /// Where a laid-out text was drawn from masks: the layout (its `TextLayout.cacheID`), its origin in
    /// user space, the context's transform (a translation with a uniform positive scale: the only one
    /// masks are drawn under) and the canvas size (glyphs off the canvas are left out). Everything
    /// `PreparedText.draw` derives a run's masks and their places from, bit for bit: equal keys give
    /// equal runs. The paint is not in it: masks are coverage, painted when drawn.
    package struct PlacementKey: Hashable, Sendable {
        var layout: UInt64
        var originX: UInt64, originY: UInt64
        var scale: UInt64, tx: UInt64, ty: UInt64
        var width: UInt64, height: UInt64

        /// nil for a transform masks are not drawn under (see `PreparedText.draw`) and for a layout not
        /// from a layout cache (`cacheID` 0).
        package init?(layout: UInt64, origin: CGPoint, transform t: CGAffineTransform, canvas: CGSize) {
            guard layout != 0, t.b == 0, t.c == 0, t.a == t.d else { return nil }
            self.layout = layout
            originX = Double(origin.x).bitPattern; originY = Double(origin.y).bitPattern
            scale = Double(t.a).bitPattern; tx = Double(t.tx).bitPattern; ty = Double(t.ty).bitPattern
            width = Double(canvas.width).bitPattern; height = Double(canvas.height).bitPattern
        }

        package func hash(into hasher: inout Hasher) {
            // Three words: the layout number and the origin say nearly everything; equality is by field.
            hasher.combine(layout &* 0x9E37_79B9_7F4A_7C15 ^ originX)
            hasher.combine(originY ^ tx &* 31 ^ ty &* 961)
            hasher.combine(scale ^ width &* 7 ^ height &* 49)
        }
    }

    /// A run of a laid-out text (one paint, one line) as `PreparedText.draw` draws it.
    package enum PlacedRun: Sendable {
        /// Masks, and the command's bounds (user space) holding them.
        case masks(GlyphMaskRun, bounds: Path)
        /// Nothing to draw (every glyph empty or off the canvas).
        case nothing
        /// Filled from outlines (a glyph too large for a mask, or not finite).
        case outlines
    }

    /// A laid-out text's runs in drawing order (line by line, run by run), and whether any glyph was
    /// left out as off the canvas.
    package struct PlacedLayout: Sendable {
        package var runs: [PlacedRun]
        package var culledAny: Bool
        package init(runs: [PlacedRun], culledAny: Bool) { self.runs = runs; self.culledAny = culledAny }

        /// Bytes it holds, for the budget: its glyph records and, as if its own, their masks.
        var bytes: Int {
            var total = 128 + runs.count * 64
            for case .masks(let run, _) in runs {
                total += run.glyphs.count * MemoryLayout<GlyphMaskRun.Glyph>.stride
                for g in run.glyphs { total += g.mask?.byteCount ?? 0 }
                total += run.combined?.byteCount ?? 0
            }
            return total
        }
    }

    /// Placed layouts, within their own budget (`placementBudget`), oldest out.
    private let placements: Locked<ByteBudgetStore<PlacementKey, PlacedLayout>>

    /// The bytes of placed layouts kept (a quarter of the masks' budget).
    package var placementBudget: Int { byteBudget / 4 }

    /// Counts for the placed layouts (hits: texts drawn without looking up their glyphs one by one).
    package var placementStatistics: CacheStatistics { placements.withLock { $0.statistics } }

    /// The placed layout kept for `key`, if any.
    package func placedLayout(_ key: PlacementKey) -> PlacedLayout? { placements.withLock { $0.lookUp(key) } }

    /// Keeps `placed` for `key` (the first insertion of a key wins).
    package func keep(_ placed: PlacedLayout, for key: PlacementKey) {
        let bytes = placed.bytes
        placements.withLock { $0.insert(placed, for: key, bytes: bytes) }
    }

    /// The process's strike cache: 16 MB, about 20,000 masks of body-text glyphs.
    package static let shared = StrikeCache(byteBudget: 16 << 20)

    /// Glyphs whose em is larger than this many device pixels are drawn from their outlines (a mask
    /// that size costs more memory than its outline costs to fill).
    package static let maxEm = 256.0

    package init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
        state = Locked(State(store: ByteBudgetStore(byteBudget: byteBudget)))
        placements = Locked(ByteBudgetStore(byteBudget: max(0, byteBudget) / 4))
    }

    package var statistics: Statistics { state.withLock { Statistics($0.store.statistics, rasterized: $0.rasterized) } }

    /// A glyph at one strike, to look up (`entries(_:)`).
    package struct Request {
        package var glyph: UInt32
        package var face: FontFace
        package var scale: Double
        package var stepX: Int, stepY: Int
        package init(glyph: UInt32, face: FontFace, scale: Double, stepX: Int, stepY: Int) {
            self.glyph = glyph; self.face = face; self.scale = scale; self.stepX = stepX; self.stepY = stepY
        }
        var key: Key {
            Key(face: face.id, glyph: glyph, scale: scale.bitPattern, stepX: UInt8(truncatingIfNeeded: stepX),
                stepY: UInt8(truncatingIfNeeded: stepY))
        }
    }

    /// The mask of `glyph` in `face` at `scale` device pixels per font unit, rendered at subpixel
    /// offset (`stepX`, `stepY`) / `GlyphMaskRun.subpixelSteps` (each taken modulo 256), from the cache
    /// or rendered now (outlines come from `outlines`).
    package func entry(glyph: UInt32, face: FontFace, scale: Double, stepX: Int, stepY: Int,
                       outlines: GlyphCache = .shared) -> Entry {
        entries([Request(glyph: glyph, face: face, scale: scale, stepX: stepX, stepY: stepY)], outlines: outlines)[0]
    }

    /// `entry` for each request, in order, looked up under one lock (a run of glyphs at a time); the
    /// misses are rendered after it, outside the lock.
    package func entries(_ requests: [Request], outlines: GlyphCache = .shared) -> [Entry] {
        // One array out, filled under the lock; a miss holds a blank entry until it is made (the list of
        // misses allocates only when there are some).
        var misses: [Int] = []
        var found: [Entry] = []
        found.reserveCapacity(requests.count)
        state.withLock { s in
            for i in requests.indices {
                if let entry = s.store.lookUp(requests[i].key) {
                    found.append(entry)
                } else {
                    misses.append(i)
                    found.append(Entry(mask: nil, outline: Path()))
                }
            }
        }
        for i in misses { found[i] = make(requests[i], key: requests[i].key, outlines: outlines) }
        return found
    }

    /// Renders a missing entry and inserts it.
    private func make(_ request: Request, key: Key, outlines: GlyphCache) -> Entry {
        let outline = outlines.outline(of: request.glyph, in: request.face)
        let steps = GlyphMaskRun.subpixelSteps
        let mask = CoverageMask.render(outline, scale: request.scale, offsetX: Double(key.stepX) / steps,
                                       offsetY: Double(key.stepY) / steps)
        let entry = Entry(mask: mask, outline: outline)
        let size = entry.bytes
        state.withLock { s in
            if mask != nil { s.rasterized += 1 }
            s.store.insert(entry, for: key, bytes: size)
        }
        return entry
    }

    /// Empties the cache, placed layouts included (statistics are kept, apart from entries and bytes).
    package func removeAll() {
        state.withLock { $0.store.removeAll() }
        placements.withLock { $0.removeAll() }
    }
}
