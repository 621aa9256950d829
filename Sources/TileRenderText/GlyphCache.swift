import Foundation
@_spi(Caches) import TileRenderGeometry

/// Glyph outlines as `Path`s in font units (y down), kept per face and glyph, independent of size:
/// a glyph is decomposed by FreeType once and then only transformed. The cache holds at most
/// `byteBudget` bytes of paths (estimated from their element counts); past it the oldest entries go
/// first. It is shared by everything in the process that draws text and is safe from any thread.
package final class GlyphCache: Sendable {
    package typealias Statistics = CacheStatistics
    private struct Key: Hashable { let face: Int; let glyph: UInt32 }

    package let byteBudget: Int
    private let state: Locked<ByteBudgetStore<Key, Path>>

    /// The process's glyph cache (32 MB: the outlines of about 100,000 Latin glyphs).
    package static let shared = GlyphCache(byteBudget: 32 << 20)

    package init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
        state = Locked(ByteBudgetStore(byteBudget: byteBudget))
    }

    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// The outline of `glyph` in `face`, from the cache or decomposed now.
    package func outline(of glyph: UInt32, in face: FontFace) -> Path {
        let key = Key(face: face.id, glyph: glyph)
        if let path = state.withLock({ $0.lookUp(key) }) { return path }
        // Decomposed outside the lock (another thread may do the same glyph: both get equal paths).
        let path = face.outline(of: glyph)
        let size = GlyphCache.estimatedBytes(path)
        state.withLock { $0.insert(path, for: key, bytes: size) }
        return path
    }

    /// Empties the cache (statistics are kept, apart from entries and bytes).
    package func removeAll() { state.withLock { $0.removeAll() } }

    /// About the memory a path takes: its element storage plus a fixed overhead.
    private static func estimatedBytes(_ path: Path) -> Int {
        64 + path.elements.count * MemoryLayout<Path.Element>.stride
    }
}
