import Foundation
import TileRenderGeometry

// Stroke expansion: a path and a StrokeStyle become closed outline contours, filled with the nonzero rule.
//
// The path is flattened in user space, finely enough that both the centre line and its offsets at
// +-lineWidth/2 stay within the tolerance after the transform: chord counts come from Wang's formula and
// from a bound on the turning angle per chord (an offset at distance d of a chord turning by theta strays
// d * (1 - cos(theta/2))). Each flattened subpath, or each dash of it, becomes:
// - open: one contour, left side forward, end cap, right side backward, start cap;
// - closed: two contours, left side forward and right side backward (opposite orientations, so the
//   nonzero fill is the ring between them), with a join at every vertex including the closing one.
// Joins on the outer side of a turn follow lineJoin (vertices inside a flattened curve always get round
// joins, which is what the true offset of a smooth curve or a cusp is). On the inner side the outline
// turns where the two offset edges cross when that point lies within both segments (the exact inner
// corner); otherwise (cusps, 180-degree turns, strokes much wider than their segments) it goes through
// the vertex itself, as Skia's stroker does, which keeps the nonzero union exact. Zero-length subpaths and dashes draw a
// dot for round and square caps (square ones oriented along the path, or along +x without a direction)
// and nothing for butt caps.

/// Closed polygons in user space: contour k is `points[contourStart(k) ..< contourEnds[k]]`.
package struct StrokeOutline {
    package var points: [SIMD2<Double>] = []
    package var contourEnds: [Int] = []
    /// Arc steps (round joins, caps and dots) the current path may still take; `expand` sets it to
    /// `StrokeExpander.maxArcStepsPerPath`, and past it every arc is one chord.
    package var arcStepsLeft = Int.max

    package mutating func removeAll() {
        points.removeAll(keepingCapacity: true)
        contourEnds.removeAll(keepingCapacity: true)
    }
    package mutating func closeContour() {
        let start = contourEnds.last ?? 0
        if points.count - start >= 3 { contourEnds.append(points.count) } else { points.removeSubrange(start...) }
    }
}

/// A validated stroke style in user units.
package struct StrokeParameters {
    package var halfWidth: Double
    /// 1 / halfWidth, set by `StrokeExpander.expand` once the width is final.
    package var inverseHalfWidth = 1.0
    package var cap: CGLineCap
    package var join: CGLineJoin
    package var miterLimit: Double
    /// Alternating on/off lengths (even count), or empty for a solid line.
    package var dash: [Double]
    package var dashPhase: Double

    /// Nil when the style draws nothing (width zero, negative or not finite).
    package init?(_ style: StrokeStyle) {
        let w = Double(style.lineWidth)
        guard w.isFinite, w > 0 else { return nil }
        // Clamped so that points plus offsets (and their differences) stay finite in Double; a stroke
        // 1e300 units wide already covers any canvas.
        halfWidth = min(w / 2, StrokeExpander.coordinateLimit)
        cap = style.lineCap
        join = style.lineJoin
        let limit = Double(style.miterLimit)
        miterLimit = limit.isFinite ? max(1, limit) : 1
        var pattern = style.dash.map(Double.init)
        let total = pattern.reduce(0, +)
        let valid = !pattern.isEmpty && pattern.allSatisfy { $0.isFinite && $0 >= 0 } && total > 0 && total.isFinite
        if !valid { pattern = [] }
        if pattern.count % 2 == 1 { pattern += pattern }
        dash = pattern
        let phase = Double(style.dashPhase)
        dashPhase = phase.isFinite ? phase : 0
    }
}

package struct StrokeExpander {
    /// Maximum distance in device pixels between the expanded outline and the true one (see
    /// `GeometryTolerance.stroke` for why it is finer than the fill tolerance).
    package static let tolerance = GeometryTolerance.stroke

    /// Most dashes one path may produce; beyond it the dash pattern is ignored (solid stroke), which
    /// bounds time and memory for patterns far finer than a pixel on long paths.
    package static let maxDashCount = 1_000_000

    /// Round joins, caps and dots use at most this many steps per full turn. The tolerance asks for
    /// more only when the radius is above about 3e5 device pixels, and without a bound a huge width
    /// (1e13, or 1e15 where the step angle becomes 0) means unbounded memory or an `Int(inf)` trap. At
    /// 4096 steps a radius of r device pixels is within r * 3e-7 of the true circle.
    package static let maxArcStepsPerTurn = 4096.0

    /// Round joins, caps and dots of one path share at most this many arc steps: a path with many of
    /// them at a huge width (a million dashes with round caps 1e6 pixels wide asked for 4e9 points)
    /// gets coarser arcs instead of unbounded memory. The step angle is chosen to share them out, and
    /// the count is also enforced (`StrokeOutline.arcStepsLeft`): the joins inside a curve near
    /// Double's limit turn at random by rounding, far more than the curve does (a fuzz finding made 46
    /// million outline points from 53 elements). Ordinary paths are far below it.
    package static let maxArcStepsPerPath = 1_000_000.0
    /// Most outline points one stroke may make (four per centre-line point at the centre-line limit;
    /// arcs are within `maxArcStepsPerPath`): past it `expand` stops as at `maxCentreLinePoints`.
    package static let maxOutlinePoints = 4 * Flattener.maxSegmentsPerPath

    /// Half widths are clamped to this many device pixels (`tolerance` says how large a device pixel is
    /// in user units). Wider strokes differ only where the centre line is more than about 1e6 pixels
    /// from the canvas; below it, offsets stay exact in Double and in the binner's Float clipping (a
    /// 1e306-wide stroke kept nothing of its position), and round parts need at most 4096 steps a turn.
    package static let maxDeviceHalfWidth = 1e6

    /// Input points are clamped to +-coordinateLimit user units (and half widths to it), so that sums
    /// and differences of points and offsets stay finite in Double; nothing changes on any canvas
    /// TileRender accepts unless the transform shrinks by more than 1e285.
    package static let coordinateLimit = 1e300

    private var points: [SIMD2<Double>] = []
    /// Whether a vertex is a corner of the original path (true) or inside a flattened curve (false).
    private var corners: [Bool] = []
    private var dashPoints: [SIMD2<Double>] = []
    /// A closed outline's per-segment normals and lengths (`closedOutline`), kept for their capacity.
    private var segmentNormals: [SIMD2<Double>] = []
    private var segmentLengths: [Double] = []
    /// Most centre-line points (chords of the flattened path) one stroke may expand: a path of many
    /// curves each needing the chord maximum otherwise grew its outline past 1 GB (a fuzz finding).
    /// Past it `expand` stops and sets `exceededPointLimit`; the renderer then throws `sceneTooLarge`
    /// as for a fill over `Flattener.maxSegmentsPerPath`, and `strokedPath` returns an empty path.
    package static let maxCentreLinePoints = Flattener.maxSegmentsPerPath
    /// Set by `expand` when the path passed `maxCentreLinePoints` (its outline is then incomplete).
    package private(set) var exceededPointLimit = false
    /// Dashes the current path may still walk: the estimate that checks `maxDashCount` bounds the
    /// path's length, but rounding can make a flattened curve longer than its control polygon, so
    /// the walk itself is bounded by twice the estimate (past it the path keeps its current on/off
    /// state).
    private var dashesLeft = 0
    private var dashCorners: [Bool] = []
    /// The user-space box outside which nothing drawn is visible (the canvas mapped back through the
    /// draw's transform), or nil for no culling (`strokedPath`). A dash whose centre line, widened by
    /// the farthest its caps and joins reach, lies outside it is not expanded: each dash is a closed
    /// contour, which adds no winding anywhere outside itself, so skipping it changes no pixel, and a
    /// long finely dashed path crossing a small canvas costs only its visible dashes. A solid stroke
    /// keeps one chord for each run of its centre line outside the box (`dropPointsOffTheBox`).
    package var cullBox: (low: SIMD2<Double>, high: SIMD2<Double>)? = nil
    /// The cosine of the current path's `maxTurn`, less a margin (set by `expand`): a round join
    /// turning less, whose normals' dot product is above it, is one arc step (`join`).
    private var oneStepJoinCosine = 1.0

    /// Expands `path` into `out` (user space). `tolerance` is the allowed error in user units and
    /// `scale` the largest stretch of the transform, so arc steps can be chosen in device terms.
    package mutating func expand(_ path: Path, _ p: StrokeParameters, tolerance: Double, into out: inout StrokeOutline) {
        var p = p
        let widthLimit = StrokeExpander.maxDeviceHalfWidth * (tolerance / StrokeExpander.tolerance)
        if widthLimit.isFinite && widthLimit > 0 && p.halfWidth > widthLimit { p.halfWidth = widthLimit }
        // Half widths below 1e-300 (invisible) are raised to it, so the reciprocal is finite.
        p.halfWidth = max(p.halfWidth, 1e-300)
        p.inverseHalfWidth = 1 / p.halfWidth
        // Largest turn per chord that keeps the offset within tolerance.
        let minTurn = 2 * Double.pi / StrokeExpander.maxArcStepsPerTurn
        var maxTurn = p.halfWidth > tolerance ? 2 * acos(1 - tolerance / p.halfWidth) : Double.pi / 2
        if !(maxTurn >= minTurn) { maxTurn = minTurn }  // also NaN (a NaN tolerance)
        // The dash limit counts the whole path, not each subpath: estimate its dashes from the length of
        // its control polygon (at least the flattened length) before any subpath is expanded.
        var dashes = 0.0
        if !p.dash.isEmpty {
            dashes = StrokeExpander.estimatedDashCount(path, p)
            if !(dashes <= Double(StrokeExpander.maxDashCount)) { p.dash = []; dashes = 0 }
        }
        // The walk may go to twice the estimate (which the exact flattened length never passes): a
        // curve near Double's limit, flattened longer than its control polygon by rounding, walked 2
        // million dashes of an estimated 100,000 (a fuzz finding, 4 s).
        dashesLeft = Int(2 * dashes) + 2 * p.dash.count + 16
        // Turning to share out: at most 3 pi inside each curve and pi at each corner, plus two caps per
        // subpath or dash (pi each; a dot's full turn is two caps).
        let roundParts = 5 * Double(path.elements.count) + 2 * dashes
        maxTurn = max(maxTurn, Double.pi * roundParts / StrokeExpander.maxArcStepsPerPath)
        // The margin keeps joins whose turn is within rounding of maxTurn on the general path, where
        // `arc` decides (1e-9 in the cosine is more than 1e-9 radians of turn).
        oneStepJoinCosine = maxTurn < Double.pi / 2 ? cos(maxTurn) + 1e-9 : 1
        var hasSegment = false
        points.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)

        exceededPointLimit = false
        var expandedPoints = 0
        out.arcStepsLeft = Int(StrokeExpander.maxArcStepsPerPath)
        let outlineStart = out.points.count
        func finishSubpath(closed: Bool) {
            expandedPoints += points.count
            if hasSegment && !exceededPointLimit {
                subpath(closed: closed, p, tolerance: tolerance, maxTurn: maxTurn, into: &out)
                if out.points.count - outlineStart > StrokeExpander.maxOutlinePoints { exceededPointLimit = true }
            }
            points.removeAll(keepingCapacity: true)
            corners.removeAll(keepingCapacity: true)
            hasSegment = false
        }

        // `PathSegments` gives every line and curve a subpath that starts with a move (implicit ones
        // after a close), so `points` is never empty when one arrives.
        for segment in path.segments(map: PathPointMap(limit: StrokeExpander.coordinateLimit)) {
            // The centre line's points bound the outline's (joins and caps share a bounded number of
            // arc steps), so a path whose flattened centre line passes the limit stops here.
            if exceededPointLimit || expandedPoints + points.count > StrokeExpander.maxCentreLinePoints {
                exceededPointLimit = true
                break
            }
            switch segment {
            case .move(let q):
                finishSubpath(closed: false)
                points.append(q)
                corners.append(true)
            case .line(_, let q):
                points.append(q); corners.append(true)
                hasSegment = true
            case .quad, .cubic:
                curve(BezierCurve(segment)!, tolerance: tolerance, maxTurn: maxTurn)
                hasSegment = true
            case .close:
                // A closed lone point is stroked too: a dot for round and square caps.
                hasSegment = true
                finishSubpath(closed: true)
            }
        }
        finishSubpath(closed: false)
    }

    /// Appends the chords of a curve (the end point included, the start point not): Wang's count from
    /// `CurveFlattener`, raised where the curve turns faster than `maxTurn` per chord.
    private mutating func curve(_ c: BezierCurve, tolerance: Double, maxTurn: Double) {
        let p0 = c.p0, p1 = c.p1, p2 = c.p2, p3 = c.p3
        var n = CurveFlattener.chordCount(c, tolerance: tolerance)
        // Turning of the control polygon bounds the curve's turning. Each leg is scaled by its largest
        // component first: the angle is unchanged, and products of legs near 1e200 no longer overflow
        // to inf - inf = NaN.
        var turning = 0.0
        var previous = SIMD2<Double>(0, 0)
        for k in 0..<3 {
            var v = k == 0 ? p1 - p0 : k == 1 ? p2 - p1 : p3 - p2
            let m = max(abs(v.x), abs(v.y))
            if !(m > 0) || !m.isFinite { continue }
            v /= m
            if previous != .zero {
                turning += abs(atan2(previous.x * v.y - previous.y * v.x, (previous * v).sum()))
            }
            previous = v
        }
        // At most 3 pi / minTurn, but checked in floating point before the conversion anyway.
        let turnSteps = (turning / maxTurn).rounded(.up)
        if turnSteps.isFinite { n = max(n, Int(min(turnSteps, Double(CurveFlattener.maxChordsPerCurve)))) }
        n = min(max(n, 1), CurveFlattener.maxChordsPerCurve)
        // Straddling chords: the error halves and, on stroke edges, is no longer biased toward the
        // centre of curvature.
        CurveFlattener.forEachChordEnd(c, count: n, placement: .straddling) { q in
            points.append(q)
            corners.append(false)
        }
        corners[corners.count - 1] = true  // the curve's end point is a corner of the path
    }

    /// Strokes the polyline in `points` (one subpath), dashed or not.
    private mutating func subpath(closed: Bool, _ p: StrokeParameters, tolerance: Double, maxTurn: Double,
                                  into out: inout StrokeOutline) {
        // Solid strokes lose the parts far outside the canvas (dashes are culled one by one instead:
        // their positions depend on the whole length).
        if p.dash.isEmpty, let box = cullBox,
           !dropPointsOffTheBox(box, reach: p.halfWidth * (p.join == .miter ? max(p.miterLimit, 1.5) : 1.5)) {
            return  // all of it outside
        }
        // Drop repeated points; they carry no direction.
        let epsilon = tolerance * GeometryTolerance.strokeRepeatedPoint
        var kept = 0
        for i in 0..<points.count {
            if kept > 0 {
                let d = points[i] - points[kept - 1]
                if (d * d).sum() <= epsilon * epsilon {
                    corners[kept - 1] = corners[kept - 1] || corners[i]
                    continue
                }
            }
            points[kept] = points[i]; corners[kept] = corners[i]; kept += 1
        }
        points.removeSubrange(kept...); corners.removeSubrange(kept...)
        if closed && points.count > 1 {
            let d = points[0] - points[points.count - 1]
            if (d * d).sum() <= epsilon * epsilon { points.removeLast(); corners.removeLast() }
        }
        if points.count == 1 {
            dot(points[0], direction: SIMD2(1, 0), p, maxTurn: maxTurn, into: &out)
            return
        }
        if p.dash.isEmpty {
            if closed { closedOutline(points, corners, p, maxTurn: maxTurn, into: &out) }
            else { openOutline(points, corners, p, maxTurn: maxTurn, into: &out) }
            return
        }
        dashed(closed: closed, p, maxTurn: maxTurn, into: &out)
    }

    /// Drops the inner points of each run of consecutive centre-line points that, widened by `reach`
    /// (the farthest joins and caps go), lies in an axis-aligned box outside `box`; the run's first and
    /// last points stay, joined by one chord. Returns false when the whole subpath is one such run
    /// (nothing of it is visible). Why no pixel in `box` changes: everything the change moves (the
    /// chord's offsets, the joins at the run's ends) lies in the run's box widened by `reach`, which is
    /// convex and disjoint from `box`, so the difference between the old and the new outline is a set
    /// of closed loops in a convex set that does not contain any point of `box`: they wind zero times
    /// around it. A curve far larger than the canvas (a chart axis at 1e6, a fuzz finding's 800,000
    /// chords) then costs only its visible chords in the binner.
    private mutating func dropPointsOffTheBox(_ box: (low: SIMD2<Double>, high: SIMD2<Double>), reach: Double) -> Bool {
        guard reach.isFinite else { return true }
        func outside(_ low: SIMD2<Double>, _ high: SIMD2<Double>) -> Bool {
            any(low - reach .> box.high) || any(high + reach .< box.low)
        }
        var kept = 0
        var runStart = -1  // index among the kept points where the current outside run starts
        var low = SIMD2<Double>.zero, high = SIMD2<Double>.zero
        for i in 0..<points.count {
            let q = points[i]
            if runStart >= 0 && outside(pointwiseMin(low, q), pointwiseMax(high, q)) {
                low = pointwiseMin(low, q); high = pointwiseMax(high, q)
                // The run's last kept point becomes an inner one: q takes its place.
                if kept - runStart >= 2 { kept -= 1 }
            } else if outside(q, q) {
                runStart = kept; low = q; high = q
            } else {
                runStart = -1
            }
            points[kept] = q; corners[kept] = corners[i]; kept += 1
        }
        if runStart == 0 { return false }
        points.removeSubrange(kept...); corners.removeSubrange(kept...)
        return true
    }

    private mutating func dashed(closed: Bool, _ p: StrokeParameters, maxTurn: Double, into out: inout StrokeOutline) {
        var line = points, lineCorners = corners
        if closed { line.append(points[0]); lineCorners.append(true) }
        let period = p.dash.reduce(0, +)
        // Position in the pattern after the phase.
        var phase = p.dashPhase.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var index = 0, skipped = 0
        // A phase on a dash's end moves past it, except a zero-length dash, which starts (and ends) there:
        // it draws its dot or square (SVG, resvg). phase < period, so one pass over the pattern ends this;
        // the bound guards against rounding.
        while (phase > p.dash[index] || (phase == p.dash[index] && p.dash[index] > 0)) && skipped < 2 * p.dash.count {
            phase -= p.dash[index]; index = (index + 1) % p.dash.count; skipped += 1
        }
        phase = min(phase, p.dash[index])
        var remaining = p.dash[index] - phase
        var on = index % 2 == 0
        dashPoints.removeAll(keepingCapacity: true); dashCorners.removeAll(keepingCapacity: true)
        if on { dashPoints.append(line[0]); dashCorners.append(true) }
        var lastDirection = SIMD2<Double>(1, 0)

        func flush(_ direction: SIMD2<Double>, _ out: inout StrokeOutline) {
            // A dash that ends on a vertex repeats it; repeated points have no direction.
            var kept = 0
            for i in 0..<dashPoints.count {
                if kept > 0 && dashPoints[i] == dashPoints[kept - 1] { dashCorners[kept - 1] = true; continue }
                dashPoints[kept] = dashPoints[i]; dashCorners[kept] = dashCorners[i]; kept += 1
            }
            dashPoints.removeSubrange(kept...); dashCorners.removeSubrange(kept...)
            if let box = cullBox, !dashPoints.isEmpty {
                // Miter joins reach halfWidth * miterLimit from a corner, square caps sqrt(2) * halfWidth.
                let reach = p.halfWidth * (p.join == .miter ? max(p.miterLimit, 1.5) : 1.5)
                var low = dashPoints[0], high = dashPoints[0]
                for q in dashPoints { low = pointwiseMin(low, q); high = pointwiseMax(high, q) }
                if any(low - reach .> box.high) || any(high + reach .< box.low) {
                    dashPoints.removeAll(keepingCapacity: true); dashCorners.removeAll(keepingCapacity: true)
                    return
                }
            }
            if dashPoints.count == 1 {
                dot(dashPoints[0], direction: direction, p, maxTurn: maxTurn, into: &out)
            } else if dashPoints.count >= 2 {
                openOutline(dashPoints, dashCorners, p, maxTurn: maxTurn, into: &out)
            }
            dashPoints.removeAll(keepingCapacity: true); dashCorners.removeAll(keepingCapacity: true)
        }

        for i in 1..<line.count {
            let a = line[i - 1], b = line[i]
            let segment = simdLength(b - a)
            if segment == 0 { continue }
            let direction = (b - a) / segment
            lastDirection = direction
            var travelled = 0.0, boundary = a, unplaceable = false
            while segment - travelled > remaining && dashesLeft > 0 {
                travelled += remaining
                let q = a + direction * travelled
                // A dash shorter than the coordinates' resolution where it lies does not move the
                // position (points near 1e300 on a segment that is long only by rounding: a fuzz finding
                // walked 1e283 dashes on one spot). It cannot be placed: the rest of the segment keeps
                // the current on/off state, and the pattern goes on from the next vertex.
                if remaining > 0 && q == boundary { unplaceable = true; break }
                boundary = q
                dashesLeft -= 1
                if on {
                    dashPoints.append(q); dashCorners.append(true)
                    flush(direction, &out)
                } else {
                    dashPoints.append(q); dashCorners.append(true)
                }
                on.toggle()
                index = (index + 1) % p.dash.count
                remaining = p.dash[index]
            }
            if !unplaceable { remaining -= segment - travelled }
            if on { dashPoints.append(b); dashCorners.append(lineCorners[i]) }
        }
        // A dash that would start exactly at the path's end is not drawn (resvg and Skia agree).
        if on { flush(lastDirection, &out) }
    }

    private func simdLength(_ v: SIMD2<Double>) -> Double { robustLength(v) }

    /// An upper bound on the dashes (pattern entries walked) that `path` produces with `p.dash`: its
    /// control polygon is at least as long as its flattened centre line.
    package static func estimatedDashCount(_ path: Path, _ p: StrokeParameters) -> Double {
        var length = 0.0, subpaths = 0.0
        for segment in path.segments(map: PathPointMap(limit: coordinateLimit)) {
            switch segment {
            case .move: subpaths += 1
            case .line(let a, let b), .close(let a, let b): length += robustLength(b - a)
            case .quad(let a, let c, let b): length += robustLength(c - a) + robustLength(b - c)
            case .cubic(let a, let c1, let c2, let b):
                length += robustLength(c1 - a) + robustLength(c2 - c1) + robustLength(b - c2)
            }
        }
        let period = p.dash.reduce(0, +)
        // One partial period per subpath on top of the length's share.
        return (length / period + subpaths + 1) * Double(p.dash.count)
    }

    /// Unit normal (rotated +90 degrees from the direction) scaled by the half width.
    private func offset(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ d: Double) -> SIMD2<Double> {
        let v = b - a
        // Unit direction first: d / len underflowed to 0 for hair-thin strokes on long segments.
        let u = v * (1 / simdLength(v))
        return SIMD2(-u.y, u.x) * d
    }

    private func openOutline(_ pts: [SIMD2<Double>], _ isCorner: [Bool], _ p: StrokeParameters, maxTurn: Double,
                             into out: inout StrokeOutline) {
        let n = pts.count, d = p.halfWidth
        // Left side, forward.
        var normal = offset(pts[0], pts[1], d)
        out.points.append(pts[0] + normal)
        for i in 1..<n {
            out.points.append(pts[i] + normal)
            if i < n - 1 {
                let next = offset(pts[i], pts[i + 1], d)
                join(at: pts[i], from: normal, to: next, corner: isCorner[i], primary: true,
                     lengths: (simdLength(pts[i] - pts[i - 1]), simdLength(pts[i + 1] - pts[i])), p, maxTurn: maxTurn, into: &out)
                normal = next
            }
        }
        cap(at: pts[n - 1], normal: normal, p, maxTurn: maxTurn, into: &out)
        // Right side, backward.
        normal = offset(pts[n - 1], pts[n - 2], d)
        for i in stride(from: n - 2, through: 0, by: -1) {
            out.points.append(pts[i] + normal)
            if i > 0 {
                let next = offset(pts[i], pts[i - 1], d)
                join(at: pts[i], from: normal, to: next, corner: isCorner[i], primary: false,
                     lengths: (simdLength(pts[i + 1] - pts[i]), simdLength(pts[i - 1] - pts[i])), p, maxTurn: maxTurn, into: &out)
                normal = next
            }
        }
        cap(at: pts[0], normal: normal, p, maxTurn: maxTurn, into: &out)
        out.closeContour()
    }

    private mutating func closedOutline(_ pts: [SIMD2<Double>], _ isCorner: [Bool], _ p: StrokeParameters, maxTurn: Double,
                               into out: inout StrokeOutline) {
        let n = pts.count, d = p.halfWidth
        // Each segment's normal and length, once for both sides: segment i runs from point i to the
        // next; walked backward its normal is the negation (`offset` of the reversed points gives
        // exactly that: the difference, the length and the products are negated or unchanged).
        segmentNormals.removeAll(keepingCapacity: true)
        segmentLengths.removeAll(keepingCapacity: true)
        for i in 0..<n {
            let next = i + 1 == n ? 0 : i + 1
            segmentNormals.append(offset(pts[i], pts[next], d))
            segmentLengths.append(simdLength(pts[next] - pts[i]))
        }
        for side in [1, -1] {
            // side 1: forward along pts; side -1: backward. Each contour ends where it began.
            let forward = side == 1
            @inline(__always) func point(_ k: Int) -> Int { forward ? k % n : n - 1 - k % n }
            // The segment leaving point `here` toward the next point of the walk, and its normal.
            @inline(__always) func outgoing(_ here: Int) -> (normal: SIMD2<Double>, length: Double) {
                if forward { return (segmentNormals[here], segmentLengths[here]) }
                let before = here == 0 ? n - 1 : here - 1
                return (-segmentNormals[before], segmentLengths[before])
            }
            let contourStart = out.points.count
            var (normal, incomingLength) = outgoing(point(0))
            out.points.append(pts[point(0)] + normal)
            for k in 1...n {
                let here = point(k)
                out.points.append(pts[here] + normal)
                let leaving = outgoing(here)
                join(at: pts[here], from: normal, to: leaving.normal, corner: isCorner[here], primary: forward,
                     lengths: (incomingLength, leaving.length), p, maxTurn: maxTurn, into: &out)
                normal = leaving.normal
                incomingLength = leaving.length
            }
            // The contour began at the start of the first segment; when the closing join ended on the
            // inner corner instead, start there too.
            if out.points.count - contourStart >= 2 && out.points[out.points.count - 1] != pts[point(0)] + normal {
                out.points[contourStart] = out.points[out.points.count - 1]
                out.points.removeLast()
            }
            out.closeContour()
        }
    }

    /// Connects `v + a` (already emitted) to `v + b`.
    /// `primary` is true on the first of the two sides drawn through a vertex; an exact 180-degree turn
    /// is drawn (as a cap-like join) by the primary side only, so its edge is not drawn twice.
    /// `lengths` are those of the segments before and after `v`.
    private func join(at v: SIMD2<Double>, from a: SIMD2<Double>, to b: SIMD2<Double>, corner: Bool, primary: Bool,
                      lengths: (incoming: Double, outgoing: Double),
                      _ p: StrokeParameters, maxTurn: Double, into out: inout StrokeOutline) {
        // The normals are the directions rotated by +90 degrees, so cross(a, b) = cross(dirA, dirB).
        // Taken on unit normals: squares of half widths above 1e154 would overflow (a 1e306-wide
        // stroke lost a quadrant), and the tests below compare cosines.
        let ua = a * p.inverseHalfWidth, ub = b * p.inverseHalfWidth
        let cross = ua.x * ub.y - ua.y * ub.x, dot = (ua * ub).sum()
        if cross == 0 && dot > 0 { out.points.append(v + b); return }  // straight on
        // The side at v + a is outer when the path turns away from it (toward -a).
        let outer = cross < 0 || (cross == 0 && primary)
        if !outer {
            // Inner side: where the two offset edges cross within both segments, the outline turns at
            // that crossing (the exact inner corner). Otherwise, with a stroke wider than its segments,
            // it goes through the vertex itself, which keeps the nonzero union exact; that detour
            // overlaps the stroke, so it is avoided where possible (overlaps inside an edge pixel
            // would count twice in the pixel's averaged winding).
            let cosHalf = (max(0, 1 + dot) / 2).squareRoot()
            if cosHalf > GeometryTolerance.strokeReversal && !(cross == 0 && dot < 0) {
                let tanHalf = (max(0, 1 - cosHalf * cosHalf)).squareRoot() / cosHalf
                let mid = a + b
                let midLength = simdLength(mid)
                if p.halfWidth * tanHalf <= min(lengths.incoming, lengths.outgoing) && midLength > 0 {
                    out.points[out.points.count - 1] = v + mid * (p.halfWidth / cosHalf / midLength)
                    return
                }
            }
            out.points.append(v)
            out.points.append(v + b)
            return
        }
        let join: CGLineJoin = corner ? p.join : .round
        switch join {
        case .round:
            if cross != 0 && dot > oneStepJoinCosine {
                // A turn of less than maxTurn (every vertex inside a flattened curve): `arc` would take
                // one step, ending at v + a turned by the angle between a and b, that is at v + b,
                // which it then reaches without atan2, cos and sin.
                out.arcStepsLeft -= 1
                out.points.append(v + b)
                return
            }
            var sweep = atan2(cross, dot)
            if cross == 0 { sweep = -Double.pi }  // a full reversal: go round the far side
            arc(center: v, from: a, sweep: sweep, maxTurn: maxTurn, into: &out)
        case .miter:
            // Miter length over line width is 1 / cos(turn / 2); cos(turn/2)^2 = (1 + cos(turn)) / 2.
            let cosHalf = (max(0, 1 + dot) / 2).squareRoot()
            if cosHalf > 0 && 1 / cosHalf <= p.miterLimit {
                let mid = a + b
                let midLength = simdLength(mid)
                let tip = v + mid * (p.halfWidth / cosHalf / midLength)
                // A tip beyond Double's range (huge width times a huge miter limit) bevels.
                if tip.x.isFinite && tip.y.isFinite { out.points.append(tip) }
            }
            out.points.append(v + b)
        case .bevel:
            out.points.append(v + b)
        }
    }

    /// Emits points on the circle around `center` from `center + from` (exclusive) turning by `sweep`.
    private func arc(center: SIMD2<Double>, from: SIMD2<Double>, sweep: Double, maxTurn: Double,
                     into out: inout StrokeOutline) {
        // maxTurn >= 2 pi / maxArcStepsPerTurn and |sweep| <= 2 pi: at most 4096 steps; the checks keep
        // a NaN sweep (degenerate normals) from trapping. The path's budget leaves at least one step.
        let raw = (abs(sweep) / maxTurn).rounded(.up)
        let steps = raw.isFinite ? max(1, min(Int(min(raw, StrokeExpander.maxArcStepsPerTurn)), out.arcStepsLeft)) : 1
        out.arcStepsLeft -= steps
        let delta = sweep / Double(steps)
        let c = cos(delta), s = sin(delta)
        // Inner vertices sit half a sagitta outside the circle, so the chords straddle it and the
        // polygon keeps the disc's area; the end points stay exact.
        let bulge = 1 + (1 - cos(delta / 2)) / 2
        var r = from
        for i in 0..<steps {
            r = SIMD2(r.x * c - r.y * s, r.x * s + r.y * c)
            out.points.append(center + (i == steps - 1 ? r : r * bulge))
        }
    }

    /// From `v + normal` (emitted) to `v - normal`, the normal being +90 degrees from the direction of travel.
    private func cap(at v: SIMD2<Double>, normal: SIMD2<Double>, _ p: StrokeParameters, maxTurn: Double,
                     into out: inout StrokeOutline) {
        switch p.cap {
        case .butt:
            out.points.append(v - normal)
        case .square:
            let forward = SIMD2(normal.y, -normal.x)  // rotate -90 degrees: the direction of travel
            out.points.append(v + normal + forward)
            out.points.append(v - normal + forward)
            out.points.append(v - normal)
        case .round:
            arc(center: v, from: normal, sweep: -Double.pi, maxTurn: maxTurn, into: &out)
        }
    }

    /// A zero-length subpath or dash: a disc for round caps, a square along `direction` for square caps.
    private func dot(_ v: SIMD2<Double>, direction: SIMD2<Double>, _ p: StrokeParameters, maxTurn: Double,
                     into out: inout StrokeOutline) {
        let d = p.halfWidth
        let forward = direction * d
        let normal = SIMD2(-forward.y, forward.x)
        switch p.cap {
        case .butt:
            return
        case .square:
            out.points.append(v - forward + normal)
            out.points.append(v + forward + normal)
            out.points.append(v + forward - normal)
            out.points.append(v - forward - normal)
        case .round:
            out.points.append(v + normal)
            arc(center: v, from: normal, sweep: -2 * Double.pi, maxTurn: maxTurn, into: &out)
            out.points.removeLast()
        }
        out.closeContour()
    }
}
