import Foundation
import TileRenderGeometry

// Flattening: a path's curves become line segments in device space (after the transform), each within
// `GeometryTolerance.fill` pixels of the true curve. The path is walked by `PathSegments` (its rules:
// non-finite elements skipped, implicit moves, closes) with every subpath closed, as fills close them,
// and curves go through `CurveFlattener` (Wang's bound, chords straddling the curve) with the canvas as
// the visible area: a curve whose control points all lie outside the device rectangle on one side
// (above, below, left or right of it) becomes its chord (its coverage contribution inside the canvas
// is the same, and enormous off-canvas curves cost nothing). Finite coordinates beyond +-1e15 device
// pixels are clamped there.

/// A line segment in device pixels, in path direction.
package struct LineSegment: Sendable, BitwiseCopyable {
    package var x0: Float, y0: Float, x1: Float, y1: Float
}

package struct Flattener {
    /// Maximum distance in device pixels between a curve and its chords.
    package static let tolerance = GeometryTolerance.fill
    /// Upper bound on the chords of one curve, whatever its size.
    package static let maxChordsPerCurve = CurveFlattener.maxChordsPerCurve
    /// Device coordinates are clamped to +-coordinateLimit so they stay finite as Float; the change is
    /// invisible on any canvas TileRender accepts.
    package static let coordinateLimit = 1e15

    /// Whether curves take Levien's parabola-integral chords (`CurveFlattener.forEachParabolicChordEnd`)
    /// instead of Wang's equal steps. Off: measured on the release build (1024x1024, 1 thread, A/B in one
    /// sitting), it cut the tiger's segments by 18% (58,803 to 47,924) but its exact check of every
    /// chord made flatten+bin 43% slower (10.5 to 15.0 ms), and synthetic_30k's small curves saved 0.3%
    /// of segments for 2.2x the flatten+bin time; the fine stage gained nothing measurable. It is kept,
    /// tested, for when the check is cheaper (a bound instead of a measurement, no quadratics remade).
    package static let parabolicChords = false

    package let width: Double
    package let height: Double

    /// Most line segments one path may flatten to (about a million, 16 MiB of them): `flatten` stops
    /// there and says so, so that a path of many huge curves fails cleanly instead of growing its buffer
    /// without bound. (A fuzz input reaching the limit took 11 s and over 1 GB at 2^24, with its binned
    /// segments, under ASan; 2.9 s and 480 MB at 2^22.)
    package static let maxSegmentsPerPath = 1 << 20

    /// Appends the closed outline of `path` under `transform` to `out` (device-space lines); false when
    /// it stopped at `maxSegments`.
    @discardableResult
    package func flatten(_ path: Path, transform t: CGAffineTransform, into out: inout [LineSegment],
                 maxSegments: Int = Flattener.maxSegmentsPerPath) -> Bool {
        let buffer = ScratchBuffer<LineSegment>()
        defer { out.append(contentsOf: buffer.elements) }
        return flatten(path, transform: t, into: buffer, maxSegments: maxSegments)
    }

    /// Appends the closed outline of `path` under `transform` to `out` (device-space lines, in path
    /// order; horizontal lines, which carry no coverage, left out); false when it stopped after
    /// `maxSegments` more lines.
    @discardableResult
    package func flatten(_ path: Path, transform t: CGAffineTransform, into out: ScratchBuffer<LineSegment>,
                 maxSegments: Int = Flattener.maxSegmentsPerPath) -> Bool {
        let segmentLimit = out.count + maxSegments
        @inline(__always) func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            if a.y == b.y { return }  // horizontal lines carry no coverage
            out.append(LineSegment(x0: Float(a.x), y0: Float(a.y), x1: Float(b.x), y1: Float(b.y)))
        }
        let map = PathPointMap(transform: t, limit: Flattener.coordinateLimit)
        let canvas = CGRect(x: 0, y: 0, width: width, height: height)
        for segment in path.segments(closing: .everySubpath, map: map) {
            switch segment {
            case .move:
                continue
            case .close(let a, let b):
                if a != b { line(a, b) }
            case .line(let a, let b):
                // Checked per drawing segment: one curve adds at most `maxChordsPerCurve` lines.
                if out.count >= segmentLimit { return false }
                line(a, b)
            case .quad, .cubic:
                if out.count >= segmentLimit { return false }
                let curve = BezierCurve(segment)!
                var previous = curve.p0
                CurveFlattener.forEachChordEnd(curve, tolerance: Flattener.tolerance, placement: .straddling,
                                               windingInside: canvas, parabolic: Flattener.parabolicChords) { p in
                    line(previous, p)
                    previous = p
                }
            }
        }
        return true
    }

    /// Number of equal parameter steps that keep a Bézier within `tolerance` (`CurveFlattener`).
    /// `degree` 2 for a quadratic written in cubic form (its true second differences are used).
    package static func chordCount(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                           degree: Int, tolerance: Double = Flattener.tolerance) -> Int {
        var curve = BezierCurve(p0, p1, p2, p3)
        curve.degree = degree
        return CurveFlattener.chordCount(curve, tolerance: tolerance)
    }
}
