/// Elements made on one thread and moved, not copied, into an array made on another: a copy of a
/// value holding references (a path, a dash array) retains each and the copied-from array then
/// releases each, which cost more than making the elements (parallel encoding, `EncodedScene`).
///
/// Appends are bounded by the capacity given at creation (checked); `moveElements(into:at:)` hands every
/// element over to uninitialised memory and leaves the run empty; whatever is still in the run when
/// it goes is destroyed with it.
package final class MovableRun<Element> {
    private let storage: UnsafeMutablePointer<Element>
    package let capacity: Int
    package private(set) var count = 0

    package init(capacity: Int) {
        precondition(capacity >= 0, "a run's capacity cannot be negative")
        self.capacity = capacity
        storage = .allocate(capacity: max(1, capacity))
    }

    package func append(_ element: Element) {
        precondition(count < capacity, "a MovableRun holds at most its capacity")
        (storage + count).initialize(to: element)
        count += 1
    }

    /// The element at `index` (below `count`), read.
    package subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of the run")
        return storage[index]
    }

    /// Moves every element to `destination[start ..< start + count]` (uninitialised memory, which then
    /// owns them), in order, and empties the run. Returns how many were moved. The range is checked
    /// against `destination`.
    @discardableResult
    package func moveElements(into destination: UnsafeMutableBufferPointer<Element>, at start: Int) -> Int {
        let moved = count
        precondition(start >= 0 && start + moved <= destination.count, "moving \(moved) elements to \(start) of \(destination.count)")
        guard moved > 0 else { return 0 }
        (destination.baseAddress! + start).moveInitialize(from: storage, count: moved)
        count = 0
        return moved
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}
