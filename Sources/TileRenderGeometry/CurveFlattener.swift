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

    /// Calls `body` with the chord ends of `curve` placed by Levien's parabola-integral method
    /// ("Flattening quadratic Béziers", as kurbo and Vello do): each quadratic is mapped onto a segment
    /// of the parabola y = x², whose arc needs chords in proportion to the integral of the square root
    /// of its curvature; the chords then split that integral evenly, so each strays about as far from
    /// the curve (Wang's equal parameter steps are sized for the sharpest point and waste chords
    /// elsewhere). A cubic is first approximated by quadratics within a tenth of the tolerance, and the
    /// chords are spread over their summed integrals.
    ///
    /// The method's count is an estimate, not a bound (small cubics with sharp turns strayed up to 1.46
    /// times the tolerance), so each placement is checked: every chord's exact distance to the
    /// quadratics it spans is measured, and a placement that strays is made again with more chords
    /// (at most `parabolicRetries` times; then, or when the estimate is not finite or exceeds
    /// `maxChords`, equal parameter steps by Wang's bound, which always holds).
    package static func forEachParabolicChordEnd(_ curve: BezierCurve, tolerance: Double, placement: ChordPlacement,
                                                 maxChords: Int = maxChordsPerCurve, _ body: (SIMD2<Double>) -> Void) {
        func uniform() { forEachChordEnd(curve, count: chordCount(curve, tolerance: tolerance), placement: placement, body) }
        guard tolerance > 0, tolerance.isFinite else { return uniform() }
        // The quadratics: the curve itself, or equal parameter spans of a cubic (its distance to its
        // best quadratic goes with its third difference, which is constant, and falls with the cube of
        // the span count). Made again when needed rather than stored: a curve costs no allocation.
        let quadTolerance = curve.degree == 2 ? 0.0 : tolerance * 0.1
        let chordTolerance = tolerance - quadTolerance
        let sqrtTolerance = chordTolerance.squareRoot()
        var spans = 1
        if curve.degree == 3 {
            let e = (3 * curve.p2 - curve.p3) - (3 * curve.p1 - curve.p0)
            let ratio = (e * e).sum() / (432 * quadTolerance * quadTolerance)
            let count = ratio > 0 ? pow(ratio, 1.0 / 6.0).rounded(.up) : 1
            guard count.isFinite, count <= Double(maxQuadraticsPerCubic) else { return uniform() }
            spans = max(1, Int(count))
        }
        @inline(__always) func quad(_ i: Int) -> ParabolicQuad {
            if curve.degree == 2 { return ParabolicQuad(curve.p0, (3 * curve.p1 - curve.p0) * 0.5, curve.p3, sqrtTolerance: sqrtTolerance) }
            let (a, c, b) = curve.quadratic(from: Double(i) / Double(spans), to: Double(i + 1) / Double(spans))
            return ParabolicQuad(a, c, b, sqrtTolerance: sqrtTolerance)
        }
        var total = 0.0
        for i in 0..<spans { total += quad(i).weight }
        var estimate = (0.5 * total / sqrtTolerance).rounded(.up)
        guard estimate.isFinite else { return uniform() }
        if estimate <= 1 {
            // One chord by the estimate: kept if it holds (a straight curve), else measured as more.
            estimate = 1
        }

        /// Calls `visit` with each inner chord end of `n` chords (quadratic index, its parameter there).
        func forEachInnerEnd(_ n: Int, _ visit: (Int, ParabolicQuad, Double) -> Void) {
            let step = total / Double(n)
            var k = 1, passed = 0.0
            for i in 0..<spans where k < n {
                let q = quad(i)
                while k < n {
                    let target = Double(k) * step
                    guard target < passed + q.weight else { break }
                    visit(i, q, q.parameter(atFraction: (target - passed) / q.weight))
                    k += 1
                }
                passed += q.weight
            }
            // (Rounding may leave the last inner end unplaced: one chord fewer.)
        }

        /// Calls `visit` with each chord of `n` in order: its end (quadratic index, the quadratic, the
        /// parameter there, the point; the last is the curve's end) and how far the quadratics it spans
        /// stray from it.
        func forEachChord(_ n: Int, _ visit: (_ q: ParabolicQuad, _ t: Double, _ point: SIMD2<Double>, _ from: SIMD2<Double>,
                                              _ deviation: ChordDeviation) -> Void) {
            var previous = (index: 0, t: 0.0, point: curve.p0, quad: quad(0))
            func chord(to index: Int, _ q: ParabolicQuad, _ t: Double, _ point: SIMD2<Double>) {
                var deviation: ChordDeviation
                if index == previous.index {
                    deviation = q.deviation(from: previous.t, to: t, chordFrom: previous.point, to: point)
                } else {
                    deviation = previous.quad.deviation(from: previous.t, to: 1, chordFrom: previous.point, to: point)
                    for i in (previous.index + 1)..<index {
                        deviation.merge(quad(i).deviation(from: 0, to: 1, chordFrom: previous.point, to: point))
                    }
                    deviation.merge(q.deviation(from: 0, to: t, chordFrom: previous.point, to: point))
                }
                visit(q, t, point, previous.point, deviation)
                previous = (index, t, point, q)
            }
            forEachInnerEnd(n) { i, q, t in chord(to: i, q, t, q.point(at: t)) }
            chord(to: spans - 1, quad(spans - 1), 1, curve.p3)
        }

        var n = Int(min(estimate, Double(maxChords) + 1))
        var placed = false
        for _ in 0...parabolicRetries {
            guard n <= maxChords else { break }
            var worst = 0.0
            forEachChord(n) { _, _, _, _, deviation in worst = max(worst, deviation.largest) }
            guard worst.isFinite else { break }
            if worst <= chordTolerance { placed = true; break }
            // Chord error falls with the square of the count.
            n = Int(min((Double(n) * (worst / chordTolerance).squareRoot() * 1.05).rounded(.up), Double(maxChords) + 1))
        }
        guard placed else { return uniform() }
        guard n > 1 else { return body(curve.p3) }

        switch placement {
        case .onCurve:
            forEachInnerEnd(n) { _, q, t in body(q.point(at: t)) }
        case .straddling:
            // Each inner end moves out, across the curve, by half the smaller bulge of the two chords
            // beside it on that side (their distances to the curve, just measured, about equal by
            // construction), but never so far that the curve on the other side of either chord ends up
            // beyond the tolerance: the chords then straddle the curve, as equal steps' do (an eighth
            // of the second difference is that for equal spans, not for these). At an inflection a
            // chord bulges on the other side, and the end stays nearly in place. (Two thirds, which
            // would balance a parabolic arc's area exactly, left a 30-degree projected circle 0.28%
            // larger than the same circle rotated in the plane; half keeps them within 0.2%.)
            var pending: (point: SIMD2<Double>, outward: SIMD2<Double>, from: SIMD2<Double>, before: ChordDeviation)? = nil
            forEachChord(n) { q, t, point, from, deviation in
                if let p = pending {
                    let before = Self.sides(of: p.before, chordFrom: p.from, to: p.point, outward: p.outward)
                    let after = Self.sides(of: deviation, chordFrom: p.point, to: point, outward: p.outward)
                    let bulge: Double = min(before.outer, after.outer) * 0.5
                    let room: Double = chordTolerance - max(before.inner, after.inner)
                    let push: Double = max(0.0, min(bulge, room))
                    body(p.point + p.outward * push)
                }
                pending = point != curve.p3 ? (point, q.outward(at: t), from, deviation) : nil
            }
        }
        body(curve.p3)
    }

    /// How far a chord's curve lies on the `outward` side of the chord and on the other.
    private static func sides(of d: ChordDeviation, chordFrom a: SIMD2<Double>, to b: SIMD2<Double>,
                              outward: SIMD2<Double>) -> (outer: Double, inner: Double) {
        let direction: SIMD2<Double> = b - a
        // The chord's left normal (counter-clockwise) against the outward direction.
        let alongLeft: Double = direction.x * outward.y - direction.y * outward.x
        return alongLeft > 0 ? (d.left, d.right) : (d.right, d.left)
    }

    /// How many times a parabola-integral placement that strays is made again with more chords.
    package static let parabolicRetries = 3

    /// Quadratics one cubic is split into at most (a cubic needing more is flattened in equal steps).
    package static let maxQuadraticsPerCubic = 64

    /// Flattening for a winding number inside `visible` only (fills: the canvas; hit tests: the point
    /// itself): a curve (or a half of one) whose control points all lie on one side outside it becomes
    /// its chord, since the winding a curve leaves inside from outside depends only on its end points;
    /// and curves needing more than `splitAboveChords` chords are halved first, so enormous curves cost
    /// chords only near the area. Not for strokes: their outline depends on the whole curve.
    /// `parabolic`: the pieces are flattened by `forEachParabolicChordEnd` (fills) instead of in equal
    /// parameter steps.
    package static func forEachChordEnd(_ curve: BezierCurve, tolerance: Double, placement: ChordPlacement,
                                        windingInside visible: CGRect, parabolic: Bool = false, _ body: (SIMD2<Double>) -> Void) {
        let area = (minX: Double(visible.minX), minY: Double(visible.minY),
                    maxX: Double(visible.maxX), maxY: Double(visible.maxY))
        // Over an area, both halves of a curve can overlap it at every level, so the depth stays small.
        let aroundPoint = visible.width == 0 && visible.height == 0
        var splitsLeft = aroundPoint ? maxSplitsAroundPoint : Int.max
        visit(curve, tolerance, placement, area, depth: 0, maxDepth: aroundPoint ? maxSplitDepthAroundPoint : maxSplitDepth,
              splitsLeft: &splitsLeft, parabolic: parabolic, body)
    }

    private static func visit(_ c: BezierCurve, _ tolerance: Double, _ placement: ChordPlacement,
                              _ area: (minX: Double, minY: Double, maxX: Double, maxY: Double), depth: Int,
                              maxDepth: Int, splitsLeft: inout Int, parabolic: Bool, _ body: (SIMD2<Double>) -> Void) {
        let minX = min(min(c.p0.x, c.p1.x), min(c.p2.x, c.p3.x)), maxX = max(max(c.p0.x, c.p1.x), max(c.p2.x, c.p3.x))
        let minY = min(min(c.p0.y, c.p1.y), min(c.p2.y, c.p3.y)), maxY = max(max(c.p0.y, c.p1.y), max(c.p2.y, c.p3.y))
        let outside = maxY <= area.minY || minY >= area.maxY || maxX <= area.minX || minX >= area.maxX
        var n = outside ? 1 : chordCount(c, tolerance: tolerance)
        if n > splitAboveChords && depth < maxDepth {
            if splitsLeft > 0 {
                splitsLeft -= 1
                let (left, right) = c.halves()
                visit(left, tolerance, placement, area, depth: depth + 1, maxDepth: maxDepth, splitsLeft: &splitsLeft,
                      parabolic: parabolic, body)
                visit(right, tolerance, placement, area, depth: depth + 1, maxDepth: maxDepth, splitsLeft: &splitsLeft,
                      parabolic: parabolic, body)
                return
            }
            n = splitAboveChords
        } else if parabolic && n > 1 {
            return forEachParabolicChordEnd(c, tolerance: tolerance, placement: placement, body)
        }
        forEachChordEnd(c, count: n, placement: placement, body)
    }
}

extension BezierCurve {
    /// The quadratic (start, control, end) that best matches this curve between parameters `t0` and
    /// `t1` (its end tangents' control points averaged, as kurbo's `to_quads`).
    func quadratic(from t0: Double, to t1: Double) -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
        let a = point(at: t0), b = point(at: t1), span = t1 - t0
        let c1 = a + derivative(at: t0) * (span / 3), c2 = b - derivative(at: t1) * (span / 3)
        return (a, ((3 * c1 - a) + (3 * c2 - b)) * 0.25, b)
    }

    func derivative(at t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return 3 * ((u * u) * (p1 - p0) + (2 * u * t) * (p2 - p1) + (t * t) * (p3 - p2))
    }
}

/// How far a curve strays on each side of a chord (left: the side a counter-clockwise turn from the
/// chord's direction points to, in a y-up frame).
struct ChordDeviation {
    var left = 0.0, right = 0.0
    var largest: Double { max(left, right) }
    mutating func merge(_ other: ChordDeviation) { left = max(left, other.left); right = max(right, other.right) }
}

/// A quadratic mapped onto the parabola y = x² (Levien): `weight` is its share of the chords, and
/// `point(atFraction:)` the point that splits that share.
struct ParabolicQuad {
    let p0: SIMD2<Double>, p1: SIMD2<Double>, p2: SIMD2<Double>
    let a0: Double, a2: Double, u0: Double, uScale: Double
    let weight: Double

    init(_ p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, sqrtTolerance: Double) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2
        let d01 = p1 - p0, d12 = p2 - p1, dd = d01 - d12
        let chord = p2 - p0
        let cross = chord.x * dd.y - chord.y * dd.x
        let x0 = (d01 * dd).sum() / cross, x2 = (d12 * dd).sum() / cross
        let scale = Swift.abs(cross / ((dd * dd).sum().squareRoot() * (x2 - x0)))
        let a0 = Self.integral(x0), a2 = Self.integral(x2)
        var weight = Double.nan
        if scale.isFinite, a0.isFinite, a2.isFinite {
            let da = Swift.abs(a2 - a0), sqrtScale = scale.squareRoot()
            if (x0 < 0) == (x2 < 0) {
                weight = da * sqrtScale
            } else {
                // The span holds the parabola's vertex (a cusp-like turn): sized by its sharpest point.
                let xMin = sqrtTolerance / sqrtScale
                weight = sqrtTolerance * da / Self.integral(xMin)
            }
        } else if cross == 0 || !scale.isFinite {
            // A straight quadratic (control point on the chord's line): its chords lie on it, but one
            // whose control point overshoots an end doubles back, so its turning points count.
            weight = (dd * dd).sum() == 0 ? 0 : .nan
        }
        self.a0 = a0; self.a2 = a2
        let u0 = Self.inverseIntegral(a0), u2 = Self.inverseIntegral(a2)
        self.u0 = u0
        uScale = 1 / (u2 - u0)
        self.weight = weight
    }

    /// The parameter at `fraction` (0...1) of this quadratic's share of the chords.
    func parameter(atFraction fraction: Double) -> Double {
        let t = (Self.inverseIntegral(a0 + (a2 - a0) * fraction) - u0) * uScale
        return t.isFinite ? min(max(t, 0), 1) : fraction
    }

    func point(at t: Double) -> SIMD2<Double> {
        let u = 1 - t
        return (u * u) * p0 + (2 * u * t) * p1 + (t * t) * p2
    }

    /// The unit normal at `t` pointing away from the side the curve bends to (zero where it does not
    /// bend or has no tangent).
    func outward(at t: Double) -> SIMD2<Double> {
        let tangent = (1 - t) * (p1 - p0) + t * (p2 - p1)
        let length = (tangent * tangent).sum().squareRoot()
        let dd = p0 - 2 * p1 + p2
        let bend = tangent.x * dd.y - tangent.y * dd.x
        guard length > 0, bend != 0 else { return .zero }
        let left = SIMD2(-tangent.y, tangent.x) / length
        return bend > 0 ? -left : left
    }

    /// How far this quadratic strays between parameters `t0` and `t1` to the left and to the right of
    /// the line from `a` to `b` (exact: the distance is largest at the ends or where the tangent runs
    /// along the line, which for a quadratic is one parameter).
    func deviation(from t0: Double, to t1: Double, chordFrom a: SIMD2<Double>, to b: SIMD2<Double>) -> ChordDeviation {
        let direction = b - a
        let length = (direction * direction).sum().squareRoot()
        var result = ChordDeviation()
        func measure(_ p: SIMD2<Double>) {
            let v = p - a
            if length == 0 {
                let d = (v * v).sum().squareRoot()
                result.left = max(result.left, d); result.right = max(result.right, d)
                return
            }
            let side = (direction.x * v.y - direction.y * v.x) / length
            if side > 0 { result.left = max(result.left, side) } else { result.right = max(result.right, -side) }
        }
        measure(point(at: t0))
        measure(point(at: t1))
        // The tangent 2((1-t)(p1-p0) + t(p2-p1)) runs along the direction where
        // cross(p1-p0, d) + t cross(p0 - 2p1 + p2, d) = 0.
        let c0 = (p1 - p0).x * direction.y - (p1 - p0).y * direction.x
        let dd = p0 - 2 * p1 + p2
        let c1 = dd.x * direction.y - dd.y * direction.x
        if c1 != 0 {
            let t = -c0 / c1
            if t > t0 && t < t1 { measure(point(at: t)) }
        }
        return result
    }

    /// The integral of the square root of the parabola's curvature, approximated (Levien's constants).
    static func integral(_ x: Double) -> Double {
        let d = 0.67
        return x / (1 - d + (d * d * d * d + 0.25 * x * x).squareRoot().squareRoot())
    }

    static func inverseIntegral(_ x: Double) -> Double {
        let b = 0.39
        return x * (1 - b + (b * b + 0.25 * x * x).squareRoot())
    }
}
