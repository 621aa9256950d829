import Foundation

/// A quadratic or cubic Bézier in cubic form: a quadratic is degree-elevated (one code path for
/// curves) and `degree` remembers it, so the chord bound uses its true second differences.
package struct BezierCurve: Equatable, Sendable {
    package var p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>, p3: SIMD2<Double>
    /// 2 for a degree-elevated quadratic, 3 for a cubic.
    package var degree: Int

    package init(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
        degree = 3
    }

    package init(quadFrom p0: SIMD2<Double>, control c: SIMD2<Double>, to p3: SIMD2<Double>) {
        self.p0 = p0
        p1 = p0 + (c - p0) * (2.0 / 3.0)
        p2 = p3 + (c - p3) * (2.0 / 3.0)
        self.p3 = p3
        degree = 2
    }

    /// The curve of a line, quad or cubic segment; nil for moves and closes.
    package init?(_ segment: PathSegment) {
        switch segment {
        case .quad(let a, let c, let b): self.init(quadFrom: a, control: c, to: b)
        case .cubic(let a, let c1, let c2, let b): self.init(a, c1, c2, b)
        case .move, .line, .close: return nil
        }
    }

    @inline(__always)
    package func point(at t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return (u * u * u) * p0 + (3 * u * u * t) * p1 + (3 * u * t * t) * p2 + (t * t * t) * p3
    }

    /// de Casteljau at t = 1/2 (a degree-elevated quadratic's halves stay quadratics: `degree` holds).
    package func halves() -> (BezierCurve, BezierCurve) {
        let a = (p0 + p1) * 0.5, b = (p1 + p2) * 0.5, c = (p2 + p3) * 0.5
        let ab = (a + b) * 0.5, bc = (b + c) * 0.5, mid = (ab + bc) * 0.5
        var left = BezierCurve(p0, a, ab, mid), right = BezierCurve(mid, bc, c, p3)
        left.degree = degree; right.degree = degree
        return (left, right)
    }
}

/// Where the inner chord end points lie.
package enum ChordPlacement: Sendable {
    /// On the curve (set operations, hit tests: polygons whose vertices are the curve's points).
    case onCurve
    /// Pushed outward by half the local sagitta (an eighth of the second difference), so the chords
    /// straddle the curve instead of cutting every convex side short: half the error, and none of the
    /// area bias (about 2/3 x sagitta x length) on convex sides (fills and strokes).
    case straddling
}

/// The one curve flattener: every operation that turns curves into chords (the pipeline's flatten
/// stage, stroking, set operations, hit tests) asks it how many chords a curve needs and where they
/// end, with a tolerance from `GeometryTolerance`.
///
/// The chord count comes from Wang's formula: a degree-d Bézier split into n equal parameter steps
/// stays within `tol` of its chords when n >= sqrt(d(d-1)/8 * M / tol), M the largest second
/// difference of the control points. It is an upper bound (never under-flattens) and costs a few
/// multiplications per curve.
package enum CurveFlattener {
    /// Upper bound on the chords of one curve, whatever its size.
    package static let maxChordsPerCurve = 16_384

    /// Curves needing more chords than this are halved first (at most `maxSplitDepth` times) when a
    /// visible area is given, so that the parts outside it cost one chord each: the winding a curve
    /// leaves inside from outside depends only on its end points. A huge curve crossing the canvas then
    /// costs chords only near it (a fuzz finding flattened such curves into 2^24 lines).
    package static let splitAboveChords = 64
    package static let maxSplitDepth = 10
    /// Around a single point (hit tests) the halves containing the point split deeper, up to this
    /// depth, but at most `maxSplitsAroundPoint` times a curve: at depth 10 a curve near Double's limit
    /// still needed the chord maximum there (2,000 such curves took over 1 s: a fuzz finding), and the
    /// halves' boxes overlap, so without the count both could go on splitting at every level. Past
    /// the count a piece takes at most `splitAboveChords` chords; ordinary curves never reach it.
    package static let maxSplitDepthAroundPoint = 60
    package static let maxSplitsAroundPoint = 64

    /// Number of equal parameter steps that keep `curve` within `tolerance` (Wang's formula), in
    /// 1...maxChordsPerCurve.
    package static func chordCount(_ curve: BezierCurve, tolerance: Double) -> Int {
        let m: Double
        let factor: Double
        if curve.degree == 2 {
            // Recover the quadratic control point: q = (3*p1 - p0) / 2.
            let q = (3 * curve.p1 - curve.p0) * 0.5
            let dd = curve.p0 - 2 * q + curve.p3
            m = (dd * dd).sum().squareRoot()
            factor = 2.0 / 8.0
        } else {
            let d1 = curve.p0 - 2 * curve.p1 + curve.p2, d2 = curve.p1 - 2 * curve.p2 + curve.p3
            m = max((d1 * d1).sum(), (d2 * d2).sum()).squareRoot()
            factor = 6.0 / 8.0
        }
        var n = (factor * m / tolerance).squareRoot().rounded(.up)
        if !m.isFinite {
            // Coordinates near Double's limit overflow the second differences: measure them scaled
            // down instead, so that a coarse tolerance still gives few chords (set operations raise it
            // with the coordinates; an unscaled infinity asked for the maximum whatever it was).
            var scale = 0.0
            for p in [curve.p0, curve.p1, curve.p2, curve.p3] { scale = max(scale, Swift.abs(p.x), Swift.abs(p.y)) }
            let s0: SIMD2<Double> = curve.p0 / scale, s1: SIMD2<Double> = curve.p1 / scale
            let s2: SIMD2<Double> = curve.p2 / scale, s3: SIMD2<Double> = curve.p3 / scale
            let scaled: Double
            if curve.degree == 2 {
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

    /// Calls `body` with the end points of `count` equal-parameter chords of `curve` (not its start;
    /// the last is exactly `p3`).
    @inline(__always)
    package static func forEachChordEnd(_ curve: BezierCurve, count n: Int, placement: ChordPlacement,
                                        _ body: (SIMD2<Double>) -> Void) {
        if n > 1 {
            let step = 1.0 / Double(n)
            @inline(__always) func at(_ i: Int) -> SIMD2<Double> {
                i == n ? curve.p3 : curve.point(at: Double(i) * step)
            }
            switch placement {
            case .onCurve:
                for i in 1..<n { body(at(i)) }
            case .straddling:
                var before = curve.p0, here = at(1)
                for i in 1..<n {
                    let after = at(i + 1)
                    body(here - ((before + after) * 0.5 - here) * 0.125)
                    before = here
                    here = after
                }
            }
        }
        body(curve.p3)
    }

    /// The chord end points of `curve` within `tolerance`.
    package static func forEachChordEnd(_ curve: BezierCurve, tolerance: Double, placement: ChordPlacement,
                                        _ body: (SIMD2<Double>) -> Void) {
        forEachChordEnd(curve, count: chordCount(curve, tolerance: tolerance), placement: placement, body)
    }

    /// Flattening for a winding number inside `visible` only (fills: the canvas; hit tests: the point
    /// itself): a curve (or a half of one) whose control points all lie on one side outside it becomes
    /// its chord, since the winding a curve leaves inside from outside depends only on its end points;
    /// and curves needing more than `splitAboveChords` chords are halved first, so enormous curves cost
    /// chords only near the area. Not for strokes: their outline depends on the whole curve.
    package static func forEachChordEnd(_ curve: BezierCurve, tolerance: Double, placement: ChordPlacement,
                                        windingInside visible: CGRect, _ body: (SIMD2<Double>) -> Void) {
        let area = (minX: Double(visible.minX), minY: Double(visible.minY),
                    maxX: Double(visible.maxX), maxY: Double(visible.maxY))
        // Over an area, both halves of a curve can overlap it at every level, so the depth stays small.
        let aroundPoint = visible.width == 0 && visible.height == 0
        var splitsLeft = aroundPoint ? maxSplitsAroundPoint : Int.max
        visit(curve, tolerance, placement, area, depth: 0, maxDepth: aroundPoint ? maxSplitDepthAroundPoint : maxSplitDepth,
              splitsLeft: &splitsLeft, body)
    }

    private static func visit(_ c: BezierCurve, _ tolerance: Double, _ placement: ChordPlacement,
                              _ area: (minX: Double, minY: Double, maxX: Double, maxY: Double), depth: Int,
                              maxDepth: Int, splitsLeft: inout Int, _ body: (SIMD2<Double>) -> Void) {
        let minX = min(min(c.p0.x, c.p1.x), min(c.p2.x, c.p3.x)), maxX = max(max(c.p0.x, c.p1.x), max(c.p2.x, c.p3.x))
        let minY = min(min(c.p0.y, c.p1.y), min(c.p2.y, c.p3.y)), maxY = max(max(c.p0.y, c.p1.y), max(c.p2.y, c.p3.y))
        let outside = maxY <= area.minY || minY >= area.maxY || maxX <= area.minX || minX >= area.maxX
        var n = outside ? 1 : chordCount(c, tolerance: tolerance)
        if n > splitAboveChords && depth < maxDepth {
            if splitsLeft > 0 {
                splitsLeft -= 1
                let (left, right) = c.halves()
                visit(left, tolerance, placement, area, depth: depth + 1, maxDepth: maxDepth, splitsLeft: &splitsLeft, body)
                visit(right, tolerance, placement, area, depth: depth + 1, maxDepth: maxDepth, splitsLeft: &splitsLeft, body)
                return
            }
            n = splitAboveChords
        }
        forEachChordEnd(c, count: n, placement: placement, body)
    }
}
