import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// What a Renderer's offscreen cache holds and has done, since the renderer was made (its copies
/// share the cache, so they share these numbers).
public struct OffscreenCacheStatistics: Sendable, Equatable {
    /// Groups drawn from a cached image.
    public var hits: Int
    /// Groups rendered (not found, or larger than the budget).
    public var misses: Int
    /// Images dropped to stay within the budget (least recently used first).
    public var evictions: Int
    /// Bytes of cached images now (4 per pixel), in host memory or, for groups drawn on the GPU, in
    /// the device's.
    public var bytes: Int
    /// Cached images now.
    public var imageCount: Int
    /// The most bytes the cache holds; a larger image is rendered every time.
    public var budgetBytes: Int
}

/// A cached group image's key: the recorded content, compared for equality, and the backend policy
/// that rendered it (the backends agree within a level per channel, not bit for bit).
package struct OffscreenKey: Equatable, Sendable {
    package var content: Scene
    package var backend: Backend
    /// The content's id, when it has one (`OffscreenGroup.contentID`): an image found once for the
    /// content is found again by the id alone, with the content neither hashed nor compared.
    package var contentID: UInt64? = nil

    package init(content: Scene, backend: Backend, contentID: UInt64? = nil) {
        self.content = content; self.backend = backend; self.contentID = contentID
    }

    package static func == (a: OffscreenKey, b: OffscreenKey) -> Bool { a.backend == b.backend && a.content == b.content }

    /// Narrows the candidates only, so it may leave fields out (equality decides): the canvas, and per
    /// command its kind, path points, transform and opacity. Bitmaps are hashed by size, not pixels.
    package static func candidateHash(_ key: OffscreenKey) -> Int {
        var h = Hasher()
        h.combine(key.backend)
        combine(key.content, into: &h)
        return h.finalize()
    }

    private static func combine(_ scene: Scene, into h: inout Hasher) {
        h.combine(scene.size.width)
        h.combine(scene.size.height)
        h.combine(scene.commands.count)
        for command in scene.commands {
            switch command {
            case .fill(let f): h.combine(0); combine(f.path, into: &h); h.combine(f.transform); h.combine(f.opacity)
            case .stroke(let s): h.combine(1); combine(s.path, into: &h); h.combine(s.transform); h.combine(s.style)
            case .layer(let l): h.combine(2); h.combine(l.id); h.combine(l.opacity)
            case .group(let g): h.combine(3); combine(g.content, into: &h); h.combine(g.transform)
            }
        }
    }

    private static func combine(_ path: Path, into h: inout Hasher) {
        h.combine(path.elements.count)
        for element in path.elements {
            switch element {
            case .move(let p): h.combine(0); h.combine(p.x); h.combine(p.y)
            case .line(let p): h.combine(1); h.combine(p.x); h.combine(p.y)
            case .quadCurve(let p, let c): h.combine(2); h.combine(p.x); h.combine(p.y); h.combine(c.x); h.combine(c.y)
            case .curve(let p, let c1, let c2):
                h.combine(3); h.combine(p.x); h.combine(p.y); h.combine(c1.x); h.combine(c1.y); h.combine(c2.x); h.combine(c2.y)
            case .closeSubpath: h.combine(4)
            }
        }
    }
}

/// Rendered offscreen groups, owned by a Renderer and shared by its copies. Thread-safe; bounded by a
/// byte budget with least-recently-used eviction. Lookups hash the key to find candidates and return
/// an image only for a candidate whose key is equal, so a hash collision costs a comparison, never a
/// wrong picture.
package final class OffscreenCache: Sendable {
    package typealias HashFunction = @Sendable (OffscreenKey) -> Int
    /// 64 MiB: 16 million pixels, e.g. fifty 1000x300 groups at 1x.
    package static let defaultBudget = 64 << 20
    /// How many content ids one image is found by.
    package static let maxContentIDs = 64

    private struct Entry {
        package var key: OffscreenKey
        package var image: ImageTexels
        package var lastUse: UInt64
        /// The content ids the image was found by (see `OffscreenKey.contentID`).
        package var contentIDs: [UInt64] = []
    }
    private struct State {
        package var buckets: [Int: [Entry]] = [:]
        package var bytes = 0
        package var imageCount = 0
        package var clock: UInt64 = 0
        package var hits = 0
        package var misses = 0
        package var evictions = 0
        /// Content id and backend to the bucket of the entry holding the id.
        package var aliases: [ContentAlias: Int] = [:]
    }
    package struct ContentAlias: Hashable { var id: UInt64; var backend: Backend }
    private let state = Locked(State())
    package let budget: Int
    private let hash: HashFunction

    package init(budget: Int = OffscreenCache.defaultBudget, hash: @escaping HashFunction = OffscreenKey.candidateHash) {
        self.budget = max(0, budget)
        self.hash = hash
    }

    /// The cached image for `key`, or the one `render` makes (then cached when it fits the budget).
    /// `render` runs outside the lock, so concurrent renders of one key may both render it; one is kept.
    package func image(for key: OffscreenKey, render: () throws -> ImageTexels) rethrows -> ImageTexels {
        let alias = key.contentID.map { ContentAlias(id: $0, backend: key.backend) }
        // By the content's id: no hashing, no comparison.
        if let alias, let found = state.withLock({ s -> ImageTexels? in
            guard let bucket = s.aliases[alias],
                  let i = s.buckets[bucket]?.firstIndex(where: { $0.contentIDs.contains(alias.id) && $0.key.backend == alias.backend })
            else { return nil }
            s.clock += 1
            s.hits += 1
            s.buckets[bucket]![i].lastUse = s.clock
            return s.buckets[bucket]![i].image
        }) { return found }
        let bucket = hash(key)
        let found = state.withLock { s -> ImageTexels? in
            s.clock += 1
            guard let i = s.buckets[bucket]?.firstIndex(where: { $0.key == key }) else {
                s.misses += 1
                return nil
            }
            s.hits += 1
            s.buckets[bucket]![i].lastUse = s.clock
            if let alias {
                // A few ids per image (groups re-recorded with the same content add theirs); the oldest goes.
                if s.buckets[bucket]![i].contentIDs.count >= Self.maxContentIDs {
                    let dropped = s.buckets[bucket]![i].contentIDs.removeFirst()
                    s.aliases[ContentAlias(id: dropped, backend: alias.backend)] = nil
                }
                s.buckets[bucket]![i].contentIDs.append(alias.id)
                s.aliases[alias] = bucket
            }
            return s.buckets[bucket]![i].image
        }
        if let found { return found }
        let image = try render()
        let size = image.byteCount
        guard size <= budget else { return image }
        state.withLock { s in
            if s.buckets[bucket]?.contains(where: { $0.key == key }) == true { return }
            while s.bytes + size > budget, evictLeastRecentlyUsed(&s) {}
            s.clock += 1
            s.buckets[bucket, default: []].append(Entry(key: key, image: image, lastUse: s.clock, contentIDs: alias.map { [$0.id] } ?? []))
            if let alias { s.aliases[alias] = bucket }
            s.bytes += size
            s.imageCount += 1
        }
        return image
    }

    /// Drops the least recently used image; false when there is none.
    private func evictLeastRecentlyUsed(_ s: inout State) -> Bool {
        var oldest: (bucket: Int, index: Int, lastUse: UInt64)?
        for (bucket, entries) in s.buckets {
            for (index, entry) in entries.enumerated() where entry.lastUse < oldest?.lastUse ?? .max {
                oldest = (bucket, index, entry.lastUse)
            }
        }
        guard let oldest else { return false }
        let removed = s.buckets[oldest.bucket]!.remove(at: oldest.index)
        for id in removed.contentIDs { s.aliases[ContentAlias(id: id, backend: removed.key.backend)] = nil }
        if s.buckets[oldest.bucket]!.isEmpty { s.buckets[oldest.bucket] = nil }
        s.bytes -= removed.image.byteCount
        s.imageCount -= 1
        s.evictions += 1
        return true
    }

    package var statistics: OffscreenCacheStatistics {
        state.withLock { s in
            OffscreenCacheStatistics(hits: s.hits, misses: s.misses, evictions: s.evictions, bytes: s.bytes,
                                     imageCount: s.imageCount, budgetBytes: budget)
        }
    }
}
