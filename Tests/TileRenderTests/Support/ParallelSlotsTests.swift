import Testing
@testable import TileRenderPipeline

/// `ParallelSlots`: workers change their own elements in place (no copy out and back), and an index
/// outside the array stops the process in debug builds.
@Suite struct ParallelSlotsTests {
    @Test func workersChangeTheirOwnElementsInPlace() {
        var lists = [[Int]](repeating: [], count: 8)
        lists.withParallelSlots { slots in
            #expect(slots.count == 8)
            parallelFor(8, threads: 4) { item, _ in
                for k in 0..<100 { slots[item].append(item * 1000 + k) }
            }
        }
        #expect(lists.enumerated().allSatisfy { item, list in list == (0..<100).map { item * 1000 + $0 } })
    }

    @Test func anEmptyArrayGivesNoSlots() {
        var none: [Int] = []
        #expect(none.withParallelSlots { $0.count } == 0)
    }

    @Test func elementsAreNotCopiedToBeChanged() {
        // A list whose storage is not shared keeps its storage when changed through a slot.
        var lists = [[Int](repeating: 0, count: 4)]
        lists[0].reserveCapacity(64)
        let before = lists[0].withUnsafeBufferPointer { $0.baseAddress }
        lists.withParallelSlots { slots in slots[0].append(1) }
        #expect(lists[0].withUnsafeBufferPointer { $0.baseAddress } == before)
    }

    @Test(.enabled(if: ScratchSpanTests.checksCompiled)) func slotPastTheEndStops() async {
        await #expect(processExitsWith: .failure) {
            var values = [Int](repeating: 0, count: 3)
            values.withParallelSlots { slots in slots[3] = 1 }
        }
        await #expect(processExitsWith: .failure) {
            var values = [Int](repeating: 0, count: 3)
            _ = values.withParallelSlots { slots in slots[-1] }
        }
    }
}
