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

/// How many workers a stage of a render is worth, from a rough estimate of its work on one core.
///
/// Waking workers costs tens of microseconds a stage (20-60 us measured on a 2-vCPU machine), more
/// than a small frame's stage saves by splitting: a 120x24 badge took 0.01 ms on one thread and 0.03
/// ms on two. Below `parallelMinimum` nanoseconds of estimated work a stage runs on the calling
/// thread. The estimates are calibrated on that machine's release build and are rough (within about
/// a factor of two); a frame near the line may go either way, and the pixels are the same for every
/// thread count.
package enum StageWork {
    /// Estimated work below which a stage runs on one thread, in nanoseconds.
    package static let parallelMinimum = 150_000.0

    /// `threads`, or 1 for a stage of less than `parallelMinimum` estimated nanoseconds.
    package static func threads(_ threads: Int, nanoseconds: Double) -> Int {
        nanoseconds < parallelMinimum ? 1 : threads
    }

    /// Binning phase 1 (flattening, strokes, clipping): per draw, per path element (a curve flattens to
    /// several lines), and four times that per element of a stroke (expanded to an outline).
    package static func flattening(draws: Int, elements: Int, strokeElements: Int) -> Double {
        100 * Double(draws) + 100 * Double(elements) + 400 * Double(strokeElements)
    }

    /// Binning phase 2 and the merge: per line cut into tiles, and per draw.
    package static func binning(lines: Int, draws: Int) -> Double {
        40 * Double(lines) + 50 * Double(draws)
    }

    /// The CPU's fine stage: per pixel (runs of whole tiles are about memset speed), per tile command
    /// and per segment.
    package static func fine(pixels: Int, tileCommands: Int, segments: Int) -> Double {
        0.1 * Double(pixels) + 60 * Double(tileCommands) + 40 * Double(segments)
    }
}

/// Carries a value into `concurrentPerform`, whose closure must be Sendable. Used only where each
/// worker touches disjoint data (documented at each use).
package struct UncheckedSendable<T>: @unchecked Sendable {
    package let value: T
    package init(_ value: T) { self.value = value }
}

/// An array's elements, pinned for one `parallelFor`, which its workers read and write in place, each
/// at indices no other worker touches meanwhile (a chunk's output, a worker's scratch): the one way
/// workers share an array. In place: an element is not copied out and back (which would copy the
/// arrays inside it, now shared). Indices are checked in debug builds (`assert`).
package struct ParallelSlots<Element>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element>
    /// How many elements there are.
    package let count: Int

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        // No elements: a dangling, aligned address that is never reached (count 0).
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
        count = buffer.count
    }

    /// Element `i`, read or changed in place.
    package subscript(i: Int) -> Element {
        @inline(__always) unsafeAddress {
            assert(i >= 0 && i < count, "slot \(i) outside \(count)")
            return UnsafePointer(base + i)
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            assert(i >= 0 && i < count, "slot \(i) outside \(count)")
            return base + i
        }
    }
}

extension Array {
    /// Runs `body` with the elements as `ParallelSlots`, for workers that each reach their own.
    package mutating func withParallelSlots<R>(_ body: (ParallelSlots<Element>) throws -> R) rethrows -> R {
        try withUnsafeMutableBufferPointer { try body(ParallelSlots($0)) }
    }
}
