import Foundation

extension Path {
    /// The part of the path between the fractions `from` and `to` of its total arc length (SwiftUI's
    /// `trimmedPath(from:to:)`).
    ///
    /// Fractions measure the length of all subpaths together, in element order; the closing line of a
    /// closed subpath counts. The pieces are exact: lines stay lines, and curves are split with
    /// de Casteljau's algorithm at the parameter where the wanted arc length is reached (curve length is
    /// integrated numerically to about 1e-9 relative accuracy, far below what a renderer can see).
    /// A subpath that lies wholly inside the range is kept as it is (a closed one stays closed); a
    /// subpath cut by the range becomes an open subpath starting with a `move(to:)` (a cut closed
    /// subpath keeps as much of its closing line as lies in the range, as a line).
    ///
    /// Documented choices for unusual fractions:
    /// - Fractions are clamped to `0...1`; a NaN fraction is treated as 0.
    /// - `from >= to` gives an empty path: the trim does not wrap around the end of the path (SwiftUI
    ///   and Core Animation's `strokeStart`/`strokeEnd` draw nothing then). Trim twice to wrap.
    /// - `trimmedPath(from: 0, to: 1)` (or any range covering `0...1`) returns the path unchanged.
    /// - A path with zero total length keeps all of its (degenerate) subpaths for any `from < to`.
    /// - Elements with non-finite coordinates are left out, as the renderer skips them (`PathSegments`).
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let a = from.isNaN ? 0 : min(max(from, 0), 1)
        let b = to.isNaN ? 0 : min(max(to, 0), 1)
        guard a < b else { return Path() }
        if a == 0 && b == 1 { return self }

        let subpaths = trimSubpaths()
        let total = subpaths.reduce(0) { $0 + $1.length }
        let lo = a * total, hi = b * total
        var out = Path()
        var offset: CGFloat = 0
        for sub in subpaths {
            let s0 = offset, s1 = offset + sub.length
            offset = s1
            if lo <= s0 && s1 <= hi {
                sub.append(to: &out)
                continue
            }
            if s1 <= lo || s0 >= hi { continue }
            // Cut subpath: emit the covered parts of its segments as one open subpath.
            var t0 = s0
            var started = false
            for seg in sub.segments {
                let t1 = t0 + seg.length
                defer { t0 = t1 }
                let u0 = max(lo, t0), u1 = min(hi, t1)
                guard u1 > u0 else { continue }
                let piece = seg.piece(from: u0 - t0, to: u1 - t0)
                if !started { out.move(to: piece.start); started = true }
                piece.append(to: &out)
            }
        }
        return out
    }

    /// The total arc length of the path: every segment of every subpath, closing lines included.
    /// Curves are integrated numerically (about 1e-9 relative accuracy); elements with non-finite
    /// coordinates are skipped.
    package var arcLength: CGFloat {
        trimSubpaths().reduce(0) { $0 + $1.length }
    }

    /// The path's subpaths as `PathSegments` yields them (so non-finite elements are skipped and every
    /// subpath starts with a move).
    fileprivate func trimSubpaths() -> [TrimSubpath] {
        var subs: [TrimSubpath] = []
        var cur: TrimSubpath? = nil
        func point(_ v: SIMD2<Double>) -> CGPoint { CGPoint(x: v.x, y: v.y) }
        func finish() { if let c = cur { subs.append(c) }; cur = nil }
        for segment in segments() {
            switch segment {
            case .move(let p):
                finish()
                cur = TrimSubpath(start: point(p))
            case .line(let a, let b):
                let (p0, p1) = (point(a), point(b))
                cur!.add(TrimSegment(kind: .line, p0: p0, c1: p0, c2: p1, p1: p1))
            case .quad(let a, let c, let b):
                let k = point(c)
                cur!.add(TrimSegment(kind: .quad, p0: point(a), c1: k, c2: k, p1: point(b)))
            case .cubic(let a, let c1, let c2, let b):
                cur!.add(TrimSegment(kind: .cubic, p0: point(a), c1: point(c1), c2: point(c2), p1: point(b)))
            case .close(let a, let b):
                let (p0, p1) = (point(a), point(b))
                cur!.add(TrimSegment(kind: .close, p0: p0, c1: p0, c2: p1, p1: p1))
                cur!.closed = true
                finish()
            }
        }
        finish()
        return subs
    }
}

/// One subpath as the trim sees it: its start, its segments with their lengths, closed or not.
private struct TrimSubpath {
    package var start: CGPoint
    package var segments: [TrimSegment] = []
    package var length: CGFloat = 0
    package var closed = false

    package init(start: CGPoint) { self.start = start }

    package mutating func add(_ s: TrimSegment) {
        segments.append(s)
        length += s.length
    }

    /// Appends the whole subpath, with an explicit move to its start.
    package func append(to out: inout Path) {
        out.move(to: start)
        for s in segments {
            switch s.kind {
            case .line: out.addLine(to: s.p1)
            case .quad: out.addQuadCurve(to: s.p1, control: s.c1)
            case .cubic: out.addCurve(to: s.p1, control1: s.c1, control2: s.c2)
            case .close: out.closeSubpath()
            }
        }
    }
}

/// One drawing segment: a line (or a subpath's closing line), a quadratic or a cubic Bézier.
/// For a line `c1 == p0` and `c2 == p1`; for a quadratic `c1 == c2` is its control point.
private struct TrimSegment {
    package enum Kind { case line, quad, cubic, close }
    package var kind: Kind
    package var p0: CGPoint, c1: CGPoint, c2: CGPoint, p1: CGPoint
    package var length: CGFloat = 0

    package init(kind: Kind, p0: CGPoint, c1: CGPoint, c2: CGPoint, p1: CGPoint) {
        self.kind = kind; self.p0 = p0; self.c1 = c1; self.c2 = c2; self.p1 = p1
        let pts = [p0, c1, c2, p1]
        guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { length = 0; return }
        switch kind {
        case .line, .close: length = hypot(p1.x - p0.x, p1.y - p0.y)
        case .quad, .cubic: length = CurveLength(self).length(0, 1)
        }
        if !length.isFinite { length = 0 }
    }

    /// The part between arc lengths `u0` and `u1` (0 <= u0 < u1 <= length) of this segment.
    package func piece(from u0: CGFloat, to u1: CGFloat) -> TrimPiece {
        if u0 <= 0 && u1 >= length {
            return TrimPiece(kind: kind == .close ? .line : kind, p0: p0, c1: c1, c2: c2, p1: p1)
        }
        switch kind {
        case .line, .close:
            func at(_ u: CGFloat) -> CGPoint {
                if u <= 0 { return p0 }
                if u >= length { return p1 }
                let f = u / length
                return CGPoint(x: p0.x + (p1.x - p0.x) * f, y: p0.y + (p1.y - p0.y) * f)
            }
            let a = at(u0), b = at(u1)
            return TrimPiece(kind: .line, p0: a, c1: a, c2: b, p1: b)
        case .quad, .cubic:
            let measure = CurveLength(self)
            let t0 = u0 <= 0 ? 0 : measure.parameter(atLength: u0, total: length)
            let t1 = u1 >= length ? 1 : measure.parameter(atLength: u1, total: length)
            if kind == .quad {
                let (q0, qc, q1) = TrimSegment.subQuad(p0, c1, p1, t0, t1)
                return TrimPiece(kind: .quad, p0: q0, c1: qc, c2: qc, p1: q1)
            }
            let (s0, s1, s2, s3) = TrimSegment.subCubic(p0, c1, c2, p1, t0, t1)
            return TrimPiece(kind: .cubic, p0: s0, c1: s1, c2: s2, p1: s3)
        }
    }

    package static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// de Casteljau split of a cubic at `t`: the (left, right) control polygons.
    package static func splitCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat)
        -> ((CGPoint, CGPoint, CGPoint, CGPoint), (CGPoint, CGPoint, CGPoint, CGPoint)) {
        let a = lerp(p0, p1, t), b = lerp(p1, p2, t), c = lerp(p2, p3, t)
        let d = lerp(a, b, t), e = lerp(b, c, t)
        let f = lerp(d, e, t)
        return ((p0, a, d, f), (f, e, c, p3))
    }

    /// The cubic restricted to parameters `t0...t1`.
    package static func subCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
                         _ t0: CGFloat, _ t1: CGFloat) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
        var seg = (p0, p1, p2, p3)
        if t1 < 1 { seg = splitCubic(seg.0, seg.1, seg.2, seg.3, t1).0 }
        if t0 > 0 {
            let t = t1 > 0 ? t0 / t1 : 0
            seg = splitCubic(seg.0, seg.1, seg.2, seg.3, min(max(t, 0), 1)).1
        }
        return seg
    }

    /// The quadratic restricted to parameters `t0...t1`.
    package static func subQuad(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint,
                        _ t0: CGFloat, _ t1: CGFloat) -> (CGPoint, CGPoint, CGPoint) {
        var seg = (p0, c, p1)
        if t1 < 1 {
            let a = lerp(seg.0, seg.1, t1), b = lerp(seg.1, seg.2, t1)
            seg = (seg.0, a, lerp(a, b, t1))
        }
        if t0 > 0 {
            let t = min(max(t1 > 0 ? t0 / t1 : 0, 0), 1)
            let a = lerp(seg.0, seg.1, t), b = lerp(seg.1, seg.2, t)
            seg = (lerp(a, b, t), b, seg.2)
        }
        return seg
    }
}

/// A piece of a segment to append to the trimmed path (its start is the current point).
private struct TrimPiece {
    package var kind: TrimSegment.Kind
    package var p0: CGPoint, c1: CGPoint, c2: CGPoint, p1: CGPoint
    package var start: CGPoint { p0 }

    package func append(to out: inout Path) {
        switch kind {
        case .line, .close: out.addLine(to: p1)
        case .quad: out.addQuadCurve(to: p1, control: c1)
        case .cubic: out.addCurve(to: p1, control1: c1, control2: c2)
        }
    }
}

/// Arc length of a quadratic or cubic Bézier: adaptive 5-point Gauss-Legendre quadrature of the speed,
/// and its inverse by safeguarded Newton iteration.
private struct CurveLength {
    package let p0: CGPoint, c1: CGPoint, c2: CGPoint, p1: CGPoint
    package let isQuad: Bool
    /// Absolute error target for one adaptive integration.
    package let tolerance: CGFloat

    package init(_ s: TrimSegment) {
        p0 = s.p0; c1 = s.c1; c2 = s.c2; p1 = s.p1
        isQuad = s.kind == .quad
        let polygon = hypot(c1.x - p0.x, c1.y - p0.y) + hypot(c2.x - c1.x, c2.y - c1.y)
            + hypot(p1.x - c2.x, p1.y - c2.y)
        tolerance = max(polygon * GeometryTolerance.arcLengthRelative, GeometryTolerance.arcLengthMinimum)
    }

    /// |B'(t)|.
    package func speed(_ t: CGFloat) -> CGFloat {
        let u = 1 - t
        if isQuad {
            let dx = 2 * (u * (c1.x - p0.x) + t * (p1.x - c1.x))
            let dy = 2 * (u * (c1.y - p0.y) + t * (p1.y - c1.y))
            return hypot(dx, dy)
        }
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        let dx = a * (c1.x - p0.x) + b * (c2.x - c1.x) + c * (p1.x - c2.x)
        let dy = a * (c1.y - p0.y) + b * (c2.y - c1.y) + c * (p1.y - c2.y)
        return hypot(dx, dy)
    }

    private static let nodes: [CGFloat] = [0, -0.5384693101056831, 0.5384693101056831,
                                           -0.9061798459386640, 0.9061798459386640]
    private static let weights: [CGFloat] = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                             0.2369268850561891, 0.2369268850561891]

    private func gauss(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        let h = (b - a) / 2, m = (a + b) / 2
        var s: CGFloat = 0
        for i in 0..<5 { s += CurveLength.weights[i] * speed(m + h * CurveLength.nodes[i]) }
        return s * h
    }

    /// Deepest bisection: 2^12 intervals of 5 nodes reach 1e-10 of any smooth curve; where the target
    /// is lost to rounding (extreme control points) or the speed is not finite, deeper levels would only
    /// multiply the work (2^24 leaves took seconds: a fuzz finding).
    private static let maxDepth = 12

    private func adaptive(_ a: CGFloat, _ b: CGFloat, _ whole: CGFloat, _ tol: CGFloat, _ depth: Int) -> CGFloat {
        let m = (a + b) / 2
        let l = gauss(a, m), r = gauss(m, b)
        if depth >= CurveLength.maxDepth || abs(l + r - whole) <= tol || !(l + r).isFinite { return l + r }
        return adaptive(a, m, l, tol / 2, depth + 1) + adaptive(m, b, r, tol / 2, depth + 1)
    }

    /// The arc length between parameters `a` and `b` (a <= b).
    package func length(_ a: CGFloat, _ b: CGFloat) -> CGFloat {
        guard b > a else { return 0 }
        return adaptive(a, b, gauss(a, b), tolerance, 0)
    }

    /// The parameter where the arc length from t = 0 reaches `target` (0 < target < total).
    package func parameter(atLength target: CGFloat, total: CGFloat) -> CGFloat {
        var lo: CGFloat = 0, hi: CGFloat = 1
        var t = min(max(target / total, 0), 1)
        // Length from 0 to `base`, kept so that each step integrates only a short interval.
        var base: CGFloat = 0, baseLength: CGFloat = 0
        for _ in 0..<60 {
            let len = t >= base ? baseLength + length(base, t) : baseLength - length(t, base)
            let f = len - target
            if abs(f) <= tolerance * 10 { return t }
            if f < 0 { lo = t } else { hi = t }
            base = t; baseLength = len
            let d = speed(t)
            var next = d > 0 ? t - f / d : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if hi - lo <= GeometryTolerance.curveParameterResolution { return t }
            t = next
        }
        return t
    }
}
