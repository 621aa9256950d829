/// What a process-wide cache counts: look-ups that found their key (hits) or not (misses), entries let
/// go to stay within the budget (evictions), and what it holds now (entries, estimated bytes).
@_spi(Caches) public struct CacheStatistics: Equatable, Sendable {
    public var hits = 0
    public var misses = 0
    public var evictions = 0
    public var entries = 0
    public var bytes = 0
    @inlinable public init() {}
}

/// Values kept per key within a byte budget, the oldest insertion going first past it: the store behind
/// the process-wide caches (glyph outlines, glyph masks, text layouts). A value, kept under its owner's
/// lock; the owner makes values outside the lock and inserts them after (the first insertion of a key
/// wins). A value larger than the whole budget is not kept. Byte counts are the owner's estimates.
///
/// Public behind the `Caches` SPI, and inlinable, so that each cache's module specialises it for its
/// key and value. Unspecialised, a look-up hashed its key through witness tables and instantiated
/// generic metadata: about 2,400 instructions, a quarter of a warm text frame's recording. (Swift 6.3
/// does not inline a `package` declaration's `@inlinable` body into another module; a `public` one it
/// does.)
@_spi(Caches) public struct ByteBudgetStore<Key: Hashable, Value> {
    public let byteBudget: Int
    public var statistics: CacheStatistics { counts }
    @usableFromInline var counts = CacheStatistics()
    @usableFromInline var entries: [Key: (value: Value, bytes: Int)] = [:]
    /// Keys in insertion order, for eviction. A key leaves `entries` only when evicted at `orderStart`
    /// (which moves past it) or when everything is removed (which empties this), so each key held
    /// appears once at or after `orderStart`.
    @usableFromInline var order: [Key] = []
    @usableFromInline var orderStart = 0

    @inlinable
    public init(byteBudget: Int) { self.byteBudget = max(0, byteBudget) }

    /// The value held for `key`, counted as a hit or a miss.
    @inlinable
    public mutating func lookUp(_ key: Key) -> Value? {
        if let entry = entries[key] { counts.hits += 1; return entry.value }
        counts.misses += 1
        return nil
    }

    /// Keeps `value` for `key` (unless a value is already held for it, or `bytes` exceeds the whole
    /// budget), then lets the oldest entries go until the rest fit the budget.
    @inlinable
    public mutating func insert(_ value: Value, for key: Key, bytes: Int) {
        guard entries[key] == nil, bytes >= 0, bytes <= byteBudget else { return }
        entries[key] = (value, bytes)
        order.append(key)
        counts.bytes += bytes
        counts.entries += 1
        while counts.bytes > byteBudget && orderStart < order.count {
            let old = order[orderStart]
            orderStart += 1
            if let removed = entries.removeValue(forKey: old) {
                counts.bytes -= removed.bytes
                counts.entries -= 1
                counts.evictions += 1
            }
        }
        // Compact the order once half of it is keys already let go.
        if orderStart > 1024 && orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }

    /// Lets everything go (the hit, miss and eviction counts are kept).
    @inlinable
    public mutating func removeAll() {
        entries = [:]
        order = []
        orderStart = 0
        counts.entries = 0
        counts.bytes = 0
    }
}

extension ByteBudgetStore: Sendable where Key: Sendable, Value: Sendable {}
