import Foundation
import Synchronization
import TileRenderGeometry

/// A render's stage times, kept outside the pipeline's data: the Renderer makes one per render, times
/// each stage call it makes into it, and lends it to binning for stroke expansion (which runs inside
/// the binning workers, so its time is worker time summed over them). The Renderer then copies it into
/// `RenderStatistics`.
package final class StageTimings: Sendable {
    package enum Stage { case encoding, binning, strokes }
    // Nanoseconds; atomics because the binning workers add stroke time concurrently.
    private let encoding = Atomic<Int>(0)
    private let binning = Atomic<Int>(0)
    private let strokes = Atomic<Int>(0)
    package init() {}

    /// Runs `body` and adds its time to `stage`.
    package func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { add(ContinuousClock.now - start, to: stage) }
        return try body()
    }

    package func add(_ duration: Duration, to stage: Stage) {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        switch stage {
        case .encoding: encoding.wrappingAdd(nanoseconds, ordering: .relaxed)
        case .binning: binning.wrappingAdd(nanoseconds, ordering: .relaxed)
        case .strokes: strokes.wrappingAdd(nanoseconds, ordering: .relaxed)
        }
    }

    package func seconds(_ stage: Stage) -> Double {
        let nanoseconds = switch stage {
        case .encoding: encoding.load(ordering: .relaxed)
        case .binning: binning.load(ordering: .relaxed)
        case .strokes: strokes.load(ordering: .relaxed)
        }
        return Double(nanoseconds) * 1e-9
    }
}
