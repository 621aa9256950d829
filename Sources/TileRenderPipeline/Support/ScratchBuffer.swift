/// Working memory for one worker's hot loops: a growable run of plain values that appends without
/// `Array`'s per-element uniqueness and capacity bookkeeping (about a hundred instructions an append in
/// the binner's piece loop, more than the geometry it stored), keeping its capacity from one use to
/// the next.
///
/// It is scratch space, not a value: copies of a struct holding one share it, so each worker owns its
/// own (as each binner does) and nothing reads it across threads. Indices are checked in debug builds.
/// Its storage's pointer operations are all in this class; loops over its elements take them as a
/// `ReadOnlySpan` (`span`) or `ScratchSpan` (`scratchSpan`), whose accesses are checked the same way.
package final class ScratchBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
    // The fields an append writes sit between 128 bytes of padding on each side: different workers'
    // buffers are allocated one after another (a chunk's outputs, the binners' buffers), and two
    // workers appending to neighbouring buffers would otherwise keep one cache line moving between
    // their cores.
    private let padBefore = CacheLinePadding()
    // One owner at a time (above), so the runtime's exclusivity checks would only add to each access.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) package private(set) var capacity: Int
    private let padAfter = CacheLinePadding()

    package init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    package var isEmpty: Bool { count == 0 }

    @inline(__always)
    package func append(_ element: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Appends `n` copies of `element`.
    package func append(repeating element: Element, count n: Int) {
        precondition(n >= 0, "a negative count")
        if count + n > capacity { grow(toAtLeast: count + n) }
        (storage + count).initialize(repeating: element, count: n)
        count += n
    }

    /// Appends `other`'s elements (one copy of their bytes).
    package func append(contentsOf other: UnsafeBufferPointer<Element>) {
        let n = other.count
        guard n > 0, let source = other.baseAddress else { return }
        if count + n > capacity { grow(toAtLeast: count + n) }
        (storage + count).initialize(from: source, count: n)
        count += n
    }

    package func append(contentsOf other: UnsafeMutableBufferPointer<Element>) {
        append(contentsOf: UnsafeBufferPointer(other))
    }

    package var last: Element? { count > 0 ? storage[count - 1] : nil }

    package func removeLast() {
        precondition(count > 0, "removeLast on an empty ScratchBuffer")
        count -= 1
    }

    /// Forgets the elements, keeping the memory.
    package func removeAll() { count = 0 }

    package subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count, "ScratchBuffer index \(index) out of 0..<\(count)")
            return storage[index]
        }
        @inline(__always) set {
            assert(index >= 0 && index < count, "ScratchBuffer index \(index) out of 0..<\(count)")
            storage[index] = newValue
        }
    }

    /// The elements, valid until the next append or `removeAll`.
    package var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage, count: count) }

    /// The elements for writing in place, valid until the next append or `removeAll`.
    package var mutableElements: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: storage, count: count) }

    /// The elements as a checked view, valid until the next append or `removeAll`.
    package var span: ReadOnlySpan<Element> { ReadOnlySpan(unsafeStart: storage, count: count) }

    /// The elements as a checked view for writing in place, valid until the next append or `removeAll`.
    package var scratchSpan: ScratchSpan<Element> { ScratchSpan(unsafeStart: storage, count: count) }

    private func grow(toAtLeast needed: Int) {
        let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
        let newCapacity = max(needed, overflow ? needed : doubled)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }
}

/// 128 bytes that keep a class's hot fields off its neighbours' cache lines (two lines: processors fetch
/// lines in pairs).
private struct CacheLinePadding {
    private var words: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
