import Foundation

extension Path {
    /// The tight bounding box of the path: every end point (including `move(to:)` points) and the
    /// extrema of every curve, solved exactly; control points that lie outside the curve are NOT included
    /// (CoreGraphics' `boundingBoxOfPath`). Elements with a non-finite point are skipped, as the renderer
    /// skips them (`PathSegments`).
    ///
    /// An empty path returns `CGRect.null` (as CoreGraphics does for an empty path); check `isNull`.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        func point(_ v: SIMD2<Double>) -> CGPoint { CGPoint(x: v.x, y: v.y) }
        for segment in segments() {
            switch segment {
            case .move(let p), .line(_, let p):
                add(point(p))
            case .quad(let a, let c, let b):
                let (p0, k, p1) = (point(a), point(c), point(b))
                add(p1)
                for t in Path.quadExtrema(p0.x, k.x, p1.x) + Path.quadExtrema(p0.y, k.y, p1.y) {
                    add(Path.quadPoint(p0, k, p1, t))
                }
            case .cubic(let a, let c1, let c2, let b):
                let (p0, k1, k2, p1) = (point(a), point(c1), point(c2), point(b))
                add(p1)
                for t in Path.cubicExtrema(p0.x, k1.x, k2.x, p1.x) + Path.cubicExtrema(p0.y, k1.y, k2.y, p1.y) {
                    add(Path.cubicPoint(p0, k1, k2, p1, t))
                }
            case .close:
                continue
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `p` is inside the path's filled area: nonzero winding by default, even-odd with
    /// `eoFill: true`. Every subpath is implicitly closed (as for filling); curves are flattened to within
    /// `GeometryTolerance.hitTest` (0.01 point). Points exactly on an edge may fall either way.
    public func contains(_ p: CGPoint, eoFill: Bool = false) -> Bool {
        var winding = 0
        // Only the winding around p counts: curves away from it are flattened to their chords.
        forEachFlattenedEdge(tolerance: GeometryTolerance.hitTest, windingInside: CGRect(origin: p, size: .zero)) { a, b in
            if a.y <= p.y {
                if b.y > p.y, Path.cross(a, b, p) > 0 { winding += 1 }
            } else if b.y <= p.y, Path.cross(a, b, p) < 0 {
                winding -= 1
            }
        }
        return eoFill ? winding % 2 != 0 : winding != 0
    }

    /// The edges of the path's polygonal approximation (vertices on the curves), each subpath
    /// implicitly closed; zero-length closing edges are left out. With `windingInside`, curves are
    /// flattened finely only near that area (the edges keep the path's winding numbers there).
    package func forEachFlattenedEdge(tolerance: CGFloat, windingInside area: CGRect? = nil,
                              _ body: (CGPoint, CGPoint) -> Void) {
        func point(_ v: SIMD2<Double>) -> CGPoint { CGPoint(x: v.x, y: v.y) }
        for segment in segments(closing: .everySubpath) {
            switch segment {
            case .move:
                continue
            case .line(let a, let b):
                body(point(a), point(b))
            case .close(let a, let b):
                if a != b { body(point(a), point(b)) }
            case .quad, .cubic:
                let curve = BezierCurve(segment)!
                var previous = curve.p0
                func edge(_ q: SIMD2<Double>) {
                    body(point(previous), point(q))
                    previous = q
                }
                if let area {
                    CurveFlattener.forEachChordEnd(curve, tolerance: Double(tolerance), placement: .onCurve,
                                                   windingInside: area, edge)
                } else {
                    CurveFlattener.forEachChordEnd(curve, tolerance: Double(tolerance), placement: .onCurve, edge)
                }
            }
        }
    }

    // MARK: Curve math

    package static func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    package static func quadPoint(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                       y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    package static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
                       y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Parameters in (0, 1) where a quadratic's coordinate has zero derivative.
    package static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let den = a - 2 * b + c
        guard den != 0 else { return [] }
        let t = (a - b) / den
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic's coordinate has zero derivative.
    package static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // B'(t)/3 = a t^2 + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [CGFloat] = []
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return [] }
        if abs(a) <= GeometryTolerance.negligibleCoefficient * scale {
            if b != 0 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                // Numerically stable form.
                let q = -0.5 * (b + (b >= 0 ? s : -s))
                roots.append(q / a)
                if q != 0 { roots.append(c / q) }
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
