import Dispatch
import Synchronization
import TileRenderGeometry

// The one place where work is spread across threads. Workers pull item indices from an atomic counter,
// so the split adapts to uneven items; results are written by index, so output never depends on
// which thread ran what.

/// Runs `body(item, worker)` for every item in `0..<count` on up to `threads` workers.
/// `worker` is in `0..<threads` and lets callers keep per-worker scratch storage.
package func parallelFor(_ count: Int, threads: Int, _ body: (_ item: Int, _ worker: Int) -> Void) {
    let workers = max(1, min(threads, count))
    if workers == 1 {
        for i in 0..<count { body(i, 0) }
        return
    }
    let next = Atomic<Int>(0)
    withoutActuallyEscaping(body) { body in
        let box = UncheckedSendable(body)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                if i >= count { break }
                box.value(i, worker)
            }
        }
    }
}

/// Carries a value into `concurrentPerform`, whose closure must be Sendable. Used only where each
/// worker touches disjoint data (documented at each use).
package struct UncheckedSendable<T>: @unchecked Sendable {
    package let value: T
    package init(_ value: T) { self.value = value }
}
