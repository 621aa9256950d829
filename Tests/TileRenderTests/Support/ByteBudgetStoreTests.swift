import Testing
@_spi(Caches) @testable import TileRenderGeometry

// The store behind the glyph-outline, glyph-mask and text-layout caches: values kept within a byte
// budget, the oldest insertion let go first.
@Suite struct ByteBudgetStoreTests {
    @Test func theOldestInsertionGoesFirst() {
        var store = ByteBudgetStore<String, Int>(byteBudget: 100)
        store.insert(1, for: "a", bytes: 40)
        store.insert(2, for: "b", bytes: 40)
        #expect(store.lookUp("a") == 1 && store.lookUp("b") == 2)
        store.insert(3, for: "c", bytes: 40)       // 120 bytes: "a" goes
        #expect(store.lookUp("a") == nil && store.lookUp("b") == 2 && store.lookUp("c") == 3)
        store.insert(4, for: "a", bytes: 40)       // back, newest: "b" goes
        #expect(store.lookUp("b") == nil && store.lookUp("a") == 4)
        store.insert(5, for: "d", bytes: 40)       // "c" is the oldest now, not "a"
        #expect(store.lookUp("c") == nil && store.lookUp("a") == 4 && store.lookUp("d") == 5)
        #expect(store.statistics.entries == 2 && store.statistics.bytes == 80 && store.statistics.evictions == 3)
    }

    @Test func theFirstInsertionWinsAndOversizedValuesAreNotKept() {
        var store = ByteBudgetStore<Int, String>(byteBudget: 10)
        store.insert("first", for: 1, bytes: 5)
        store.insert("second", for: 1, bytes: 5)
        store.insert("huge", for: 2, bytes: 11)
        store.insert("negative", for: 3, bytes: -1)
        #expect(store.lookUp(1) == "first" && store.lookUp(2) == nil && store.lookUp(3) == nil)
        #expect(store.statistics.entries == 1 && store.statistics.bytes == 5)
        #expect(store.statistics.hits == 1 && store.statistics.misses == 2)
        var none = ByteBudgetStore<Int, Int>(byteBudget: -5)
        none.insert(1, for: 1, bytes: 0)
        #expect(none.byteBudget == 0 && none.lookUp(1) == 1)
    }

    /// Many insertions through a small budget: the bytes held never exceed it, the counts add up, and
    /// the order list is compacted (the newest entries stay found).
    @Test func manyInsertionsStayWithinTheBudget() {
        var store = ByteBudgetStore<Int, Int>(byteBudget: 1_000)
        for i in 0..<20_000 {
            store.insert(i, for: i % 7_000, bytes: 1 + i % 13)
            #expect(store.statistics.bytes <= 1_000)
        }
        #expect(store.statistics.entries > 0 && store.lookUp(19_999 % 7_000) == 19_999)
        store.removeAll()
        #expect(store.statistics.entries == 0 && store.statistics.bytes == 0 && store.lookUp(0) == nil)
    }
}
