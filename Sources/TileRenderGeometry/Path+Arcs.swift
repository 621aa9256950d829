import Foundation

/// How the corners of a rounded rectangle are shaped.
///
/// `.circular`: quarter circles (quarter ellipses for unequal corner sizes). `.continuous`: Apple's
/// continuous-curvature corner as it is commonly reverse-engineered (the iOS 7 curve: three cubic
/// Béziers that leave each edge 1.52866483 corner radii from the corner, so the curvature eases in
/// instead of jumping). Where that reach does not fit in half the side, the corner blends linearly
/// toward the circular one, which it becomes when the radius is half the side (a capsule stays a
/// capsule). The reference scenes write `.circular` (see MANIFEST.md).
public enum RoundedCornerStyle: Hashable, Sendable {
    case circular
    case continuous
}

extension Path {
    // MARK: Initializers

    /// An ellipse inscribed in `rect`, starting at 3 o'clock and running with increasing angle.
    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// A rounded rectangle with equal corner width and height `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rounded rectangle whose corners are quarter ellipses of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init()
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    // MARK: Arcs

    /// Adds a circular arc, SwiftUI's way (SwiftUI's `clockwise` is flipped with respect to the screen).
    ///
    /// Angles are measured from +x toward +y (clockwise on a y-down screen). `clockwise: false` sweeps
    /// with INCREASING angle (clockwise on screen), `clockwise: true` with DECREASING angle. As in
    /// CoreGraphics (and the HTML canvas, which copied it): when the angular distance in the sweep
    /// direction is 360° or more the arc is a full circle; otherwise the end angle is reduced modulo 360°
    /// toward the start in the sweep direction. So `0° -> 360°` with `clockwise: true` is empty (a point)
    /// and `360° -> 0°` with `clockwise: true` is a full turn.
    ///
    /// The arc's start is joined to the current point by a straight line (no line when they coincide);
    /// with no current point the arc starts a new subpath. The arc is approximated by cubic Béziers of at
    /// most 90° each (radial error below 3e-4 of the radius). A zero radius adds only its centre point.
    /// `transform` applies to the arc's geometry before it is appended.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle,
                                clockwise: Bool, transform: CGAffineTransform = .identity) {
        let twoPi = 2 * Double.pi
        var delta = clockwise ? startAngle.radians - endAngle.radians : endAngle.radians - startAngle.radians
        // Snap near-multiples of a full turn (degree round trips) so 0 -> 360 is exactly empty or full.
        let turns = (delta / twoPi).rounded()
        if abs(delta - turns * twoPi) <= GeometryTolerance.arcTurnSnap * max(1, abs(delta)) { delta = turns * twoPi }
        if delta >= twoPi {
            delta = twoPi
        } else if delta < 0 {
            delta = fmod(delta, twoPi)
            if delta < 0 { delta += twoPi }
        }
        let sweep = clockwise ? -delta : delta
        appendArc(center: center, radius: radius, startAngle: startAngle.radians, sweep: sweep,
                  transform: transform)
    }

    /// Adds an arc of `delta` from `startAngle` (no modulo: positive `delta` sweeps with increasing angle,
    /// i.e. clockwise on screen; more than one turn draws the circle repeatedly). Joined to the current
    /// point by a line like `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        appendArc(center: center, radius: radius, startAngle: startAngle.radians, sweep: delta.radians,
                  transform: transform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from `tangent1End` to `tangent2End` (CoreGraphics' `addArc(tangent1End:tangent2End:radius:)`).
    ///
    /// A line joins the current point to the first tangent point; the arc then ends at the second tangent
    /// point. With no current point, the path first moves to `tangent1End`. Degenerate cases (collinear
    /// points, a zero radius, coincident points) add a straight line to `tangent1End`.
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let current = currentPoint else {
            move(to: tangent1End.applying(transform))
            return
        }
        // Work in the arc's own space: the current point is already in path space.
        let p0 = transform.isIdentity ? current : current.applying(transform.inverted())
        let t1 = tangent1End, t2 = tangent2End
        let v1x = Double(p0.x - t1.x), v1y = Double(p0.y - t1.y)
        let v2x = Double(t2.x - t1.x), v2y = Double(t2.y - t1.y)
        let l1 = hypot(v1x, v1y), l2 = hypot(v2x, v2y)
        let r = Double(radius)
        func lineToT1() { addLineIfMoved(to: t1.applying(transform)) }
        guard l1 > 0, l2 > 0, r > 0, r.isFinite else { return lineToT1() }
        let u1x = v1x / l1, u1y = v1y / l1, u2x = v2x / l2, u2y = v2y / l2
        let cross = u1x * u2y - u1y * u2x
        let dot = max(-1, min(1, u1x * u2x + u1y * u2y))
        guard abs(cross) > GeometryTolerance.collinearCross else { return lineToT1() }
        let theta = acos(dot)  // angle at t1 between the two legs, in (0, pi)
        let half = theta / 2
        let d = r / tan(half)  // distance from t1 to each tangent point
        let bx = u1x + u2x, by = u1y + u2y
        let bl = hypot(bx, by)
        let cd = r / sin(half)
        let c = CGPoint(x: Double(t1.x) + bx / bl * cd, y: Double(t1.y) + by / bl * cd)
        let a = CGPoint(x: Double(t1.x) + u1x * d, y: Double(t1.y) + u1y * d)
        let b = CGPoint(x: Double(t1.x) + u2x * d, y: Double(t1.y) + u2y * d)
        let start = atan2(Double(a.y - c.y), Double(a.x - c.x))
        var sweep = atan2(Double(b.y - c.y), Double(b.x - c.x)) - start
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        appendArc(center: c, radius: radius, startAngle: start, sweep: sweep, transform: transform,
                  startPoint: a, endPoint: b)
    }

    // MARK: Ellipses and rounded rectangles

    /// Adds a closed ellipse inscribed in `rect`: it starts at 3 o'clock, (maxX, midY), and runs with
    /// increasing angle (down first, clockwise on screen), as four cubic Béziers.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull, rect.width.isFinite, rect.height.isFinite else { return }
        let r = rect.standardized
        let toRect = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0).applying(toRect))
        appendUnitArcCurves(startAngle: 0, sweep: 2 * .pi, transform: toRect)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle. Corner sizes are clamped to half the width and height; corners
    /// are quarter ellipses (quarter circles for equal width and height) for `.circular`, Apple's
    /// continuous curve scaled to the corner size for `.continuous` (see `RoundedCornerStyle`).
    ///
    /// Start point and direction follow CoreGraphics: the subpath starts on the top edge where the
    /// top-left corner ends (`(minX + cornerWidth, minY)` for circular corners) and runs along the top
    /// edge toward +x first (clockwise on screen), then the top-right corner, the right edge, and so on,
    /// ending with the top-left corner. Zero-length edges (a capsule's flat sides when width equals
    /// height) are omitted. A zero corner size adds a plain rectangle (`addRect`).
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize,
                                        style: RoundedCornerStyle = .continuous,
                                        transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let cw = max(0, min(cornerSize.width, r.width / 2))
        let ch = max(0, min(cornerSize.height, r.height / 2))
        guard cw > 0, ch > 0 else { return addRect(r, transform: transform) }
        if style == .continuous { return addContinuousRoundedRect(r, cw: cw, ch: ch, transform: transform) }
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        func corner(cx: CGFloat, cy: CGFloat, start: Double) {
            let t = CGAffineTransform(a: cw, b: 0, c: 0, d: ch, tx: cx, ty: cy).concatenating(transform)
            appendUnitArcCurves(startAngle: start, sweep: .pi / 2, transform: t)
        }
        move(to: p(r.minX + cw, r.minY))
        if r.maxX - cw > r.minX + cw { addLine(to: p(r.maxX - cw, r.minY)) }
        corner(cx: r.maxX - cw, cy: r.minY + ch, start: -.pi / 2)
        if r.maxY - ch > r.minY + ch { addLine(to: p(r.maxX, r.maxY - ch)) }
        corner(cx: r.maxX - cw, cy: r.maxY - ch, start: 0)
        if r.maxX - cw > r.minX + cw { addLine(to: p(r.minX + cw, r.maxY)) }
        corner(cx: r.minX + cw, cy: r.maxY - ch, start: .pi / 2)
        if r.maxY - ch > r.minY + ch { addLine(to: p(r.minX, r.minY + ch)) }
        corner(cx: r.minX + cw, cy: r.minY + ch, start: .pi)
        closeSubpath()
    }

    /// The continuous corner, walked from the edge it leaves to the edge it joins: each step is a line
    /// (one point) or a cubic (three points); a point is (distance from the corner along the edge left,
    /// distance along the edge joined), in corner radii. The iOS 7 curve's published constants.
    private static let continuousCorner: [[(Double, Double)]] = [
        [(1.52866483, 0)],
        [(1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600)],
        [(0.63149399, 0.07491100)],
        [(0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399)],
        [(0.06549600, 0.66993427)],
        [(0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
    ]
    /// The circular corner in the same steps (its lines and outer curves degenerate), for blending.
    private static let circularCorner: [[(Double, Double)]] = {
        let rest = 1 - 0.5522847498307936  // a quarter circle's control points, from the corner
        return [[(1, 0)], [(1, 0), (1, 0), (1, 0)], [(1, 0)], [(rest, 0), (0, rest), (0, 1)], [(0, 1)], [(0, 1), (0, 1), (0, 1)]]
    }()
    private static let continuousReach = 1.52866483

    private mutating func addContinuousRoundedRect(_ r: CGRect, cw: CGFloat, ch: CGFloat, transform: CGAffineTransform) {
        // 0: the continuous curve fits (its reach within half of each side); 1: the radius is half a side.
        func blend(_ c: Double, _ half: Double) -> Double {
            let reach = Self.continuousReach * c
            return reach <= half ? 0 : min(1, (reach - half) / ((Self.continuousReach - 1) * c))
        }
        let t = max(blend(Double(cw), Double(r.width) / 2), blend(Double(ch), Double(r.height) / 2))
        let steps = zip(Self.continuousCorner, Self.circularCorner).map { continuous, circular in
            zip(continuous, circular).map { c, o in (c.0 + (o.0 - c.0) * t, c.1 + (o.1 - c.1) * t) }
        }
        // Each corner: its point, the direction of travel along the edge it leaves and along the one it
        // joins, and the corner sizes along those two directions.
        let corners: [(CGPoint, (Double, Double), (Double, Double), Double, Double)] = [
            (CGPoint(x: r.maxX, y: r.minY), (1, 0), (0, 1), Double(cw), Double(ch)),
            (CGPoint(x: r.maxX, y: r.maxY), (0, 1), (-1, 0), Double(ch), Double(cw)),
            (CGPoint(x: r.minX, y: r.maxY), (-1, 0), (0, -1), Double(cw), Double(ch)),
            (CGPoint(x: r.minX, y: r.minY), (0, -1), (1, 0), Double(ch), Double(cw)),
        ]
        func point(_ corner: Int, _ step: (Double, Double)) -> CGPoint {
            let (c, u, v, along, across) = corners[corner]
            return CGPoint(x: Double(c.x) - u.0 * step.0 * along + v.0 * step.1 * across,
                           y: Double(c.y) - u.1 * step.0 * along + v.1 * step.1 * across).applying(transform)
        }
        // Start where the top-left corner ends on the top edge.
        move(to: point(3, steps[5][2]))
        for corner in 0..<4 {
            for step in steps {
                if step.count == 1 {
                    let p = point(corner, step[0])
                    if p != currentPoint { addLine(to: p) }
                } else {
                    let end = point(corner, step[2])
                    // Steps that the blend made degenerate (all four points equal) are left out.
                    if end == currentPoint && point(corner, step[0]) == end && point(corner, step[1]) == end { continue }
                    addCurve(to: end, control1: point(corner, step[0]), control2: point(corner, step[1]))
                }
            }
        }
        closeSubpath()
    }

    // MARK: Helpers

    /// A line to `p`, or a move when there is no current point; nothing when `p` is the current point.
    package mutating func addLineIfMoved(to p: CGPoint) {
        if let c = currentPoint {
            if c != p { addLine(to: p) }
        } else {
            move(to: p)
        }
    }

    /// Appends an arc of `sweep` radians from `startAngle` (positive = increasing angle), joined to the
    /// current point. `startPoint`/`endPoint`, when given, are used as the exact arc ends.
    package mutating func appendArc(center: CGPoint, radius: CGFloat, startAngle: Double, sweep: Double,
                            transform: CGAffineTransform, startPoint: CGPoint? = nil,
                            endPoint: CGPoint? = nil) {
        let r = Double(radius)
        guard r.isFinite, startAngle.isFinite, sweep.isFinite,
              center.x.isFinite, center.y.isFinite else { return }
        func snap(_ v: Double) -> Double { abs(v) < GeometryTolerance.unitCircleResidue ? 0 : v }
        let s = startPoint ?? CGPoint(x: Double(center.x) + r * snap(cos(startAngle)),
                                      y: Double(center.y) + r * snap(sin(startAngle)))
        addLineIfMoved(to: s.applying(transform))
        guard r != 0, sweep != 0 else { return }
        let t = CGAffineTransform(a: CGFloat(r), b: 0, c: 0, d: CGFloat(r), tx: center.x, ty: center.y)
            .concatenating(transform)
        appendUnitArcCurves(startAngle: startAngle, sweep: sweep, transform: t,
                            endPoint: endPoint?.applying(transform))
    }

    /// Appends cubic Béziers for an arc of the unit circle (mapped by `transform`), from the current
    /// point at `startAngle`, in pieces of at most 90°.
    /// A sweep of more than `maxArcTurns` full turns is reduced to two or three turns with the same end
    /// angle and the same turn parity (so even-odd fills and full-disc coverage are unchanged): without
    /// a bound, `addRelativeArc(delta: 1e300)` asked for 1e300 curves and `Int(...)` trapped.
    package static let maxArcTurns = 1024.0

    package mutating func appendUnitArcCurves(startAngle: Double, sweep sweepIn: Double, transform: CGAffineTransform,
                                      endPoint: CGPoint? = nil) {
        guard sweepIn.isFinite, startAngle.isFinite else { return }
        var sweep = sweepIn
        let fourPi = 4 * Double.pi
        if abs(sweep) > 2 * Double.pi * Path.maxArcTurns {
            sweep = (fmod(abs(sweep), fourPi) + fourPi) * (sweep < 0 ? -1 : 1)
        }
        // Sweeps a rounding error above a multiple of 90° take no extra (vanishing) piece.
        let n = max(1, Int((abs(sweep) / (.pi / 2) - GeometryTolerance.arcTurnSnap).rounded(.up)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for i in 0..<n {
            let a1 = i == n - 1 ? startAngle + sweep : a0 + step
            // Snap the ~1e-16 residues of cos/sin at multiples of 90° so quadrant points are exact.
            func snap(_ v: Double) -> Double { abs(v) < GeometryTolerance.unitCircleResidue ? 0 : v }
            let c0 = snap(cos(a0)), s0 = snap(sin(a0)), c1 = snap(cos(a1)), s1 = snap(sin(a1))
            var end = CGPoint(x: c1, y: s1).applying(transform)
            if i == n - 1, let e = endPoint { end = e }
            // Control points are the piece's ends plus its mapped tangents, not mapped points of their
            // own: under a huge radius the ellipse's absolute points lose whole units to rounding, and a
            // nearly straight arc's control points must stay on its chord.
            let start = currentPoint ?? CGPoint(x: c0, y: s0).applying(transform)
            let tangent0 = CGSize(width: -k * s0, height: k * c0).applying(transform)
            let tangent1 = CGSize(width: -k * s1, height: k * c1).applying(transform)
            addCurve(to: end, control1: CGPoint(x: start.x + tangent0.width, y: start.y + tangent0.height),
                     control2: CGPoint(x: end.x - tangent1.width, y: end.y - tangent1.height))
            a0 = a1
        }
    }
}
