import Testing
@testable import TileRenderPipeline

/// The binner's scratch buffers: growth keeps every element in order, and reuse keeps the memory.
@Suite struct ScratchBufferTests {
    @Test func growingKeepsTheElementsInOrder() {
        let buffer = ScratchBuffer<Int32>(capacity: 3)
        var expected: [Int32] = []
        var rng = SeededRandom(seed: 7)
        for round in 0..<5 {
            buffer.removeAll()
            expected.removeAll()
            for i in 0..<(1000 * (round + 1)) {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0 where !expected.isEmpty:
                    buffer.removeLast(); expected.removeLast()
                case 1:
                    let n = Int.random(in: 0..<40, using: &rng)
                    buffer.append(repeating: Int32(i), count: n)
                    expected.append(contentsOf: repeatElement(Int32(i), count: n))
                default:
                    buffer.append(Int32(i)); expected.append(Int32(i))
                }
            }
            #expect(Array(buffer.elements) == expected)
            #expect(buffer.last == expected.last)
            #expect(buffer.capacity >= buffer.count)
        }
        let capacity = buffer.capacity
        buffer.removeAll()
        #expect(buffer.isEmpty && buffer.last == nil && buffer.capacity == capacity)
    }

    @Test func elementsAreWrittenInPlace() {
        let buffer = ScratchBuffer<Float>()
        buffer.append(repeating: 0, count: 16)
        let values = buffer.mutableElements
        for r in 0..<16 { values[r] = Float(r) * 0.5 }
        buffer[3] += 10
        #expect(buffer.elements.reduce(0, +) == 70)
        #expect(buffer[3] == 11.5)
    }

    @Test func spansViewTheElementsUpToTheCount() {
        let buffer = ScratchBuffer<UInt32>(capacity: 16)
        for i in 0..<5 { buffer.append(UInt32(i)) }
        #expect(buffer.span.count == 5 && buffer.span[4] == 4)
        buffer.scratchSpan[4] = 40
        #expect(buffer[4] == 40 && buffer.scratchSpan.count == 5, "a view of the count, not the capacity")
        buffer.removeAll()
        #expect(buffer.span.count == 0)
    }

    @Test(.enabled(if: ScratchSpanTests.checksCompiled)) func spanPastTheCountStops() async {
        await #expect(processExitsWith: .failure) {
            let buffer = ScratchBuffer<UInt32>(capacity: 16)
            buffer.append(repeating: 0, count: 5)
            _ = buffer.span[5]  // inside the capacity, past the count
        }
        await #expect(processExitsWith: .failure) {
            let buffer = ScratchBuffer<UInt32>(capacity: 16)
            buffer.append(repeating: 0, count: 5)
            buffer.scratchSpan[5] = 1
        }
    }
}
