import Foundation
import TileRenderGeometry

/// Glyph outlines as `Path`s in font units (y down), kept per face and glyph, independent of size:
/// a glyph is decomposed by FreeType once and then only transformed. The cache holds at most
/// `byteBudget` bytes of paths (estimated from their element counts); past it the oldest entries go
/// first. It is shared by everything in the process that draws text and is safe from any thread.
package final class GlyphCache: Sendable {
    package struct Statistics: Equatable, Sendable {
        package var hits = 0
        package var misses = 0
        package var evictions = 0
        package var entries = 0
        package var bytes = 0
    }

    private struct Key: Hashable { let face: Int; let glyph: UInt32 }
    private struct State {
        var paths: [Key: Path] = [:]
        var sizes: [Key: Int] = [:]
        /// Insertion order, for eviction (entries already evicted are skipped).
        var order: [Key] = []
        var orderStart = 0
        var statistics = Statistics()
    }

    package let byteBudget: Int
    private let state = Locked(State())

    /// The process's glyph cache (32 MB: the outlines of about 100,000 Latin glyphs).
    package static let shared = GlyphCache(byteBudget: 32 << 20)

    package init(byteBudget: Int) { self.byteBudget = max(0, byteBudget) }

    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// The outline of `glyph` in `face`, from the cache or decomposed now.
    package func outline(of glyph: UInt32, in face: FontFace) -> Path {
        let key = Key(face: face.id, glyph: glyph)
        if let path = state.withLock({ s -> Path? in
            if let path = s.paths[key] { s.statistics.hits += 1; return path }
            s.statistics.misses += 1
            return nil
        }) { return path }
        // Decomposed outside the lock (another thread may do the same glyph: both get equal paths).
        let path = face.outline(of: glyph)
        let size = GlyphCache.estimatedBytes(path)
        state.withLock { s in
            guard s.paths[key] == nil, size <= byteBudget else { return }
            s.paths[key] = path; s.sizes[key] = size; s.order.append(key)
            s.statistics.bytes += size; s.statistics.entries += 1
            while s.statistics.bytes > byteBudget && s.orderStart < s.order.count {
                let old = s.order[s.orderStart]; s.orderStart += 1
                if let oldSize = s.sizes.removeValue(forKey: old) {
                    s.paths[old] = nil
                    s.statistics.bytes -= oldSize; s.statistics.entries -= 1; s.statistics.evictions += 1
                }
            }
            // Compact the order list once half of it is evicted keys.
            if s.orderStart > 1024 && s.orderStart * 2 > s.order.count {
                s.order.removeFirst(s.orderStart); s.orderStart = 0
            }
        }
        return path
    }

    /// Empties the cache (statistics are kept, apart from entries and bytes).
    package func removeAll() {
        state.withLock { s in
            s.paths = [:]; s.sizes = [:]; s.order = []; s.orderStart = 0
            s.statistics.entries = 0; s.statistics.bytes = 0
        }
    }

    /// About the memory a path takes: its element storage plus a fixed overhead.
    private static func estimatedBytes(_ path: Path) -> Int {
        64 + path.elements.count * MemoryLayout<Path.Element>.stride
    }
}
