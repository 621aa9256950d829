/// What a process-wide cache counts: look-ups that found their key (hits) or not (misses), entries let
/// go to stay within the budget (evictions), and what it holds now (entries, estimated bytes).
package struct CacheStatistics: Equatable, Sendable {
    package var hits = 0
    package var misses = 0
    package var evictions = 0
    package var entries = 0
    package var bytes = 0
    package init() {}
}

/// Values kept per key within a byte budget, the oldest insertion going first past it: the store behind
/// the process-wide caches (glyph outlines, glyph masks, text layouts). A value, kept under its owner's
/// lock; the owner makes values outside the lock and inserts them after (the first insertion of a key
/// wins). A value larger than the whole budget is not kept. Byte counts are the owner's estimates.
package struct ByteBudgetStore<Key: Hashable, Value> {
    package let byteBudget: Int
    package private(set) var statistics = CacheStatistics()
    private var entries: [Key: (value: Value, bytes: Int)] = [:]
    /// Keys in insertion order, for eviction. A key leaves `entries` only when evicted at `orderStart`
    /// (which moves past it) or when everything is removed (which empties this), so each key held
    /// appears once at or after `orderStart`.
    private var order: [Key] = []
    private var orderStart = 0

    package init(byteBudget: Int) { self.byteBudget = max(0, byteBudget) }

    /// The value held for `key`, counted as a hit or a miss.
    package mutating func lookUp(_ key: Key) -> Value? {
        if let entry = entries[key] { statistics.hits += 1; return entry.value }
        statistics.misses += 1
        return nil
    }

    /// Keeps `value` for `key` (unless a value is already held for it, or `bytes` exceeds the whole
    /// budget), then lets the oldest entries go until the rest fit the budget.
    package mutating func insert(_ value: Value, for key: Key, bytes: Int) {
        guard entries[key] == nil, bytes >= 0, bytes <= byteBudget else { return }
        entries[key] = (value, bytes)
        order.append(key)
        statistics.bytes += bytes
        statistics.entries += 1
        while statistics.bytes > byteBudget && orderStart < order.count {
            let old = order[orderStart]
            orderStart += 1
            if let removed = entries.removeValue(forKey: old) {
                statistics.bytes -= removed.bytes
                statistics.entries -= 1
                statistics.evictions += 1
            }
        }
        // Compact the order once half of it is keys already let go.
        if orderStart > 1024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }

    /// Lets everything go (the hit, miss and eviction counts are kept).
    package mutating func removeAll() {
        entries = [:]
        order = []
        orderStart = 0
        statistics.entries = 0
        statistics.bytes = 0
    }
}

extension ByteBudgetStore: Sendable where Key: Sendable, Value: Sendable {}
