import Foundation

// Flattening: a path's curves become line segments in device space (after the transform), each within
// `tolerance` pixels of the true curve.
//
// The segment count of a curve comes from Wang's formula: a degree-d Bézier split into n equal parameter
// steps stays within `tol` of its chords when n >= sqrt(d(d-1)/8 * M / tol), M the largest second
// difference of the control points. It is an upper bound (never under-flattens) and costs a few
// multiplications per curve. Chord ends are then pushed outward by half the local sagitta, so the
// polyline straddles the curve instead of cutting every convex side short (an area bias of about
// 2/3 x sagitta x length otherwise).
//
// Fills close every subpath implicitly. Elements with a non-finite point (NaN, infinity, or a transform
// that overflows) are skipped: the path continues from the last finite point, as if the element were
// absent. A curve whose control points all lie outside the device rectangle on one side (above, below,
// left or right of it) becomes its chord: its coverage contribution inside the canvas is the same, and
// enormous off-canvas curves cost nothing. Finite coordinates beyond +-1e15 device pixels are clamped there.

/// A line segment in device pixels, in path direction.
struct LineSegment: Sendable {
    var x0: Float, y0: Float, x1: Float, y1: Float
}

struct Flattener {
    /// Maximum distance in device pixels between a curve and its chords.
    static let tolerance = 0.2
    /// Upper bound on the chords of one curve, whatever its size.
    static let maxChordsPerCurve = 16_384
    /// Device coordinates are clamped to +-coordinateLimit so they stay finite as Float; the change is
    /// invisible on any canvas TileRender accepts.
    static let coordinateLimit = 1e15

    let width: Double
    let height: Double

    /// Appends the closed outline of `path` under `transform` to `out`.
    /// Most line segments one path may flatten to (256 MiB of them): `flatten` stops there and says so,
    /// so that a path of many huge curves fails cleanly instead of growing its buffer without bound.
    static let maxSegmentsPerPath = 1 << 24

    /// Appends `path`'s device-space lines to `out`; false when it stopped at `maxSegmentsPerPath`.
    @discardableResult
    func flatten(_ path: Path, transform t: CGAffineTransform, into out: inout [LineSegment],
                 maxSegments: Int = Flattener.maxSegmentsPerPath) -> Bool {
        let segmentLimit = out.count + maxSegments
        var start = SIMD2<Double>(0, 0)
        var current = SIMD2<Double>(0, 0)
        var hasCurrent = false

        @inline(__always) func map(_ p: CGPoint) -> SIMD2<Double>? {
            let x = t.a * p.x + t.c * p.y + t.tx, y = t.b * p.x + t.d * p.y + t.ty
            guard x.isFinite && y.isFinite else { return nil }
            return SIMD2(min(max(Double(x), -Flattener.coordinateLimit), Flattener.coordinateLimit),
                         min(max(Double(y), -Flattener.coordinateLimit), Flattener.coordinateLimit))
        }
        func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
            if a.y == b.y { return }  // horizontal lines carry no coverage
            out.append(LineSegment(x0: Float(a.x), y0: Float(a.y), x1: Float(b.x), y1: Float(b.y)))
        }
        func closeSubpath() {
            if hasCurrent && current != start { line(current, start) }
            current = start
        }

        for element in path.elements {
            // Checked per element: one curve adds at most `maxChordsPerCurve` lines.
            if out.count >= segmentLimit { return false }
            switch element {
            case .move(let p):
                guard let q = map(p) else { continue }
                closeSubpath()
                start = q; current = q; hasCurrent = true
            case .line(let p):
                guard let q = map(p) else { continue }
                if !hasCurrent { start = q; current = q; hasCurrent = true; continue }
                line(current, q)
                current = q
            case .quadCurve(let p, let c):
                guard let q = map(p), let cq = map(c) else { continue }
                if !hasCurrent { start = q; current = q; hasCurrent = true; continue }
                // Degree elevation keeps one code path for curves.
                let c1 = current + (cq - current) * (2.0 / 3.0), c2 = q + (cq - q) * (2.0 / 3.0)
                cubic(current, c1, c2, q, degree: 2, into: &out)
                current = q
            case .curve(let p, let c1, let c2):
                guard let q = map(p), let a = map(c1), let b = map(c2) else { continue }
                if !hasCurrent { start = q; current = q; hasCurrent = true; continue }
                cubic(current, a, b, q, degree: 3, into: &out)
                current = q
            case .closeSubpath:
                closeSubpath()
            }
        }
        closeSubpath()
        return true
    }

    /// Number of equal parameter steps that keep a Bézier within `tolerance` (Wang's formula).
    /// `degree` 2 for a quadratic written in cubic form (its true second differences are used).
    static func chordCount(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                           degree: Int, tolerance: Double = Flattener.tolerance) -> Int {
        let m: Double
        let factor: Double
        if degree == 2 {
            // Recover the quadratic control point: q = (3*p1 - p0) / 2.
            let q = (3 * p1 - p0) * 0.5
            let dd = p0 - 2 * q + p3
            m = (dd * dd).sum().squareRoot()
            factor = 2.0 / 8.0
        } else {
            let d1 = p0 - 2 * p1 + p2, d2 = p1 - 2 * p2 + p3
            m = max((d1 * d1).sum(), (d2 * d2).sum()).squareRoot()
            factor = 6.0 / 8.0
        }
        var n = (factor * m / tolerance).squareRoot().rounded(.up)
        if !m.isFinite {
            // Coordinates near Double's limit overflow the second differences: measure them scaled
            // down instead, so that a coarse tolerance still gives few chords (set operations raise it
            // with the coordinates; an unscaled infinity asked for the maximum whatever it was).
            var scale = 0.0
            for p in [p0, p1, p2, p3] { scale = max(scale, Swift.abs(p.x), Swift.abs(p.y)) }
            let s0: SIMD2<Double> = p0 / scale, s1: SIMD2<Double> = p1 / scale
            let s2: SIMD2<Double> = p2 / scale, s3: SIMD2<Double> = p3 / scale
            let scaled: Double
            if degree == 2 {
                let q: SIMD2<Double> = (3 * s1 - s0) * 0.5
                let dd: SIMD2<Double> = s0 - 2 * q + s3
                scaled = (dd * dd).sum().squareRoot()
            } else {
                let d1: SIMD2<Double> = s0 - 2 * s1 + s2, d2: SIMD2<Double> = s1 - 2 * s2 + s3
                scaled = max((d1 * d1).sum(), (d2 * d2).sum()).squareRoot()
            }
            n = (factor * scaled / tolerance * scale).squareRoot().rounded(.up)
        }
        // Clamped in floating point before the conversion: control points near 1e100 give a finite n
        // far beyond Int's range. NaN (a NaN tolerance) and infinity take the maximum.
        guard n.isFinite else { return maxChordsPerCurve }
        return max(1, Int(min(n, Double(maxChordsPerCurve))))
    }

    /// Curves needing more chords than this are halved first (at most `maxSplitDepth` times), so that
    /// the parts off the canvas cost one chord each: the winding a curve leaves on the canvas from
    /// outside depends only on its end points. A huge curve crossing the canvas then costs chords only
    /// near it (a fuzz finding flattened such curves into 2^24 lines).
    static let splitAboveChords = 64
    static let maxSplitDepth = 10

    private func cubic(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>,
                       degree: Int, into out: inout [LineSegment], depth: Int = 0) {
        let minX = min(min(p0.x, p1.x), min(p2.x, p3.x)), maxX = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let minY = min(min(p0.y, p1.y), min(p2.y, p3.y)), maxY = max(max(p0.y, p1.y), max(p2.y, p3.y))
        let outside = maxY <= 0 || minY >= height || maxX <= 0 || minX >= width
        let n = outside ? 1 : Flattener.chordCount(p0, p1, p2, p3, degree: degree)
        if n > Flattener.splitAboveChords && depth < Flattener.maxSplitDepth {
            // de Casteljau at t = 1/2 (a degree-elevated quadratic stays one: `degree` holds).
            let a = (p0 + p1) * 0.5, b = (p1 + p2) * 0.5, c = (p2 + p3) * 0.5
            let ab = (a + b) * 0.5, bc = (b + c) * 0.5, mid = (ab + bc) * 0.5
            cubic(p0, a, ab, mid, degree: degree, into: &out, depth: depth + 1)
            cubic(mid, bc, c, p3, degree: degree, into: &out, depth: depth + 1)
            return
        }
        var previous = p0
        if n > 1 {
            let step = 1.0 / Double(n)
            @inline(__always) func at(_ i: Int) -> SIMD2<Double> {
                if i == n { return p3 }
                let t = Double(i) * step, u = 1 - t
                return (u * u * u) * p0 + (3 * u * u * t) * p1 + (3 * u * t * t) * p2 + (t * t * t) * p3
            }
            // Inner points move outward by half the local sagitta (an eighth of the second difference)
            // so the chords straddle the curve: half the error, and no area lost on convex sides.
            var before = p0, here = at(1)
            for i in 1..<n {
                let after = at(i + 1)
                let p = here - ((before + after) * 0.5 - here) * 0.125
                before = here
                here = after
                if p.y != previous.y {
                    out.append(LineSegment(x0: Float(previous.x), y0: Float(previous.y), x1: Float(p.x), y1: Float(p.y)))
                }
                previous = p
            }
        }
        if p3.y != previous.y {
            out.append(LineSegment(x0: Float(previous.x), y0: Float(previous.y), x1: Float(p3.x), y1: Float(p3.y)))
        }
    }
}
