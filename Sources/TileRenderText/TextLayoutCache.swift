import Foundation
@_spi(Caches) import TileRenderGeometry

/// Laid-out text kept per input (the runs' strings, styles and tags, the layout options and the font
/// library's registrations), so that text drawn again unchanged, frame after frame, is not shaped and
/// broken into lines again (`layOutText` is deterministic in these inputs). At most `byteBudget` bytes
/// of layouts (estimated from their glyph counts); past it the oldest go first. Safe from any thread:
/// layouts are made outside the lock.
package final class TextLayoutCache: Sendable {
    package typealias Statistics = CacheStatistics

    private struct Key: Hashable {
        let library: ObjectIdentifier
        let generation: Int
        let runs: [TextRunInput]
        let maxWidth: UInt64?
        let lineLimit: Int?
        let lineSpacing: UInt64
        let alignment: Int
        let truncation: Int

        /// The strings, sizes and width alone: keys that differ only in the other fields (a weight, a
        /// line limit) share a bucket and are told apart by `==`. Hashing every field through the
        /// hasher cost more than the look-up it serves (a label drawn each frame is one look-up).
        func hash(into hasher: inout Hasher) {
            hasher.combine(runs.count)
            for run in runs {
                hasher.combine(run.string)
                hasher.combine(run.style.size.bitPattern)
            }
            hasher.combine(maxWidth ?? UInt64.max)
        }
    }
    package let byteBudget: Int
    private let state: Locked<ByteBudgetStore<Key, TextLayout>>
    /// The last `TextLayout.cacheID` handed out, by any layout cache of the process.
    private static let lastID = Locked<UInt64>(0)

    /// The process's layout cache (8 MB: about 100,000 glyphs of laid-out text).
    package static let shared = TextLayoutCache(byteBudget: 8 << 20)

    package init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
        state = Locked(ByteBudgetStore(byteBudget: byteBudget))
    }

    package var statistics: Statistics { state.withLock { $0.statistics } }

    /// `layOutText(runs, options:, library:)`, from the cache or laid out now.
    package func layout(_ runs: [TextRunInput], options: TextLayoutOptions = TextLayoutOptions(),
                        library: FontLibrary = .shared) -> TextLayout {
        let alignment: Int = switch options.alignment { case .leading: 0; case .center: 1; case .trailing: 2 }
        let truncation: Int = switch options.truncation { case .head: 0; case .middle: 1; case .tail: 2 }
        let key = Key(library: ObjectIdentifier(library), generation: library.generation,
                      runs: runs,
                      maxWidth: options.maxWidth?.bitPattern, lineLimit: options.lineLimit,
                      lineSpacing: options.lineSpacing.bitPattern, alignment: alignment, truncation: truncation)
        if let layout = state.withLock({ $0.lookUp(key) }) { return layout }
        var layout = layOutText(runs, options: options, library: library)
        // Its own number (two threads laying out the same input at once make two layouts, each with
        // its own number; the first inserted is kept).
        layout.cacheID = Self.lastID.withLock { $0 += 1; return $0 }
        let glyphs = layout.lines.reduce(0) { $0 + $1.glyphs.count }
        let bytes = 256 + glyphs * MemoryLayout<PositionedGlyph>.stride + runs.reduce(0) { $0 + $1.string.utf8.count + 64 }
        state.withLock { $0.insert(layout, for: key, bytes: bytes) }
        return layout
    }

    /// Empties the cache (statistics are kept, apart from entries and bytes).
    package func removeAll() { state.withLock { $0.removeAll() } }
}
