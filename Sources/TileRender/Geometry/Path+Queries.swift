import Foundation

extension Path {
    /// The tight bounding box of the path: every end point (including `move(to:)` points) and the
    /// extrema of every curve, solved exactly; control points that lie outside the curve are NOT included
    /// (CoreGraphics' `boundingBoxOfPath`).
    ///
    /// An empty path returns `CGRect.null` (as CoreGraphics does for an empty path); check `isNull`.
    public var boundingRect: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var current = CGPoint.zero
        var start = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p):
                add(p); current = p; start = p
            case .line(let p):
                add(p); current = p
            case .quadCurve(let p, let c):
                add(p)
                for t in Path.quadExtrema(current.x, c.x, p.x) + Path.quadExtrema(current.y, c.y, p.y) {
                    add(Path.quadPoint(current, c, p, t))
                }
                current = p
            case .curve(let p, let c1, let c2):
                add(p)
                for t in Path.cubicExtrema(current.x, c1.x, c2.x, p.x) + Path.cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    add(Path.cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .closeSubpath:
                current = start
            }
        }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `p` is inside the path's filled area: nonzero winding by default, even-odd with
    /// `eoFill: true`. Every subpath is implicitly closed (as for filling); curves are flattened to within
    /// about 0.01 point. Points exactly on an edge may fall either way.
    public func contains(_ p: CGPoint, eoFill: Bool = false) -> Bool {
        var winding = 0
        forEachFlattenedEdge(tolerance: 0.01) { a, b in
            if a.y <= p.y {
                if b.y > p.y, Path.cross(a, b, p) > 0 { winding += 1 }
            } else if b.y <= p.y, Path.cross(a, b, p) < 0 {
                winding -= 1
            }
        }
        return eoFill ? winding % 2 != 0 : winding != 0
    }

    /// The edges of the path's polygonal approximation, each subpath implicitly closed.
    func forEachFlattenedEdge(tolerance: CGFloat, _ body: (CGPoint, CGPoint) -> Void) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        var open = false
        func closeIfNeeded() {
            if open, current != start { body(current, start) }
            open = false
        }
        for e in elements {
            switch e {
            case .move(let q):
                closeIfNeeded()
                current = q; start = q; open = true
            case .line(let q):
                body(current, q); current = q; open = true
            case .quadCurve(let q, let c):
                let n = Path.segmentCount(current, c, c, q, tolerance)
                var prev = current
                for i in 1...n {
                    let pt = i == n ? q : Path.quadPoint(current, c, q, CGFloat(i) / CGFloat(n))
                    body(prev, pt); prev = pt
                }
                current = q; open = true
            case .curve(let q, let c1, let c2):
                let n = Path.segmentCount(current, c1, c2, q, tolerance)
                var prev = current
                for i in 1...n {
                    let pt = i == n ? q : Path.cubicPoint(current, c1, c2, q, CGFloat(i) / CGFloat(n))
                    body(prev, pt); prev = pt
                }
                current = q; open = true
            case .closeSubpath:
                closeIfNeeded()
                current = start
            }
        }
        closeIfNeeded()
    }

    // MARK: Curve math

    static func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    static func quadPoint(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                       y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x,
                       y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Parameters in (0, 1) where a quadratic's coordinate has zero derivative.
    static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let den = a - 2 * b + c
        guard den != 0 else { return [] }
        let t = (a - b) / den
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic's coordinate has zero derivative.
    static func cubicExtrema(_ p0: CGFloat, _ p1: CGFloat, _ p2: CGFloat, _ p3: CGFloat) -> [CGFloat] {
        // B'(t)/3 = a t^2 + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [CGFloat] = []
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return [] }
        if abs(a) <= 1e-12 * scale {
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

    /// Enough straight segments that a curve with these control points stays within `tolerance`.
    static func segmentCount(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint,
                             _ tolerance: CGFloat) -> Int {
        // Second-difference bound for cubics: max |B''| <= 6 * max(|p0 - 2c1 + c2|, |c1 - 2c2 + p1|);
        // n segments deviate by at most max|B''| / (8 n^2).
        let dx = max(abs(p0.x - 2 * c1.x + c2.x), abs(c1.x - 2 * c2.x + p1.x))
        let dy = max(abs(p0.y - 2 * c1.y + c2.y), abs(c1.y - 2 * c2.y + p1.y))
        let dd = 6 * (dx * dx + dy * dy).squareRoot()
        guard dd.isFinite else { return 1 }
        let n = (dd / (8 * tolerance)).squareRoot().rounded(.up)
        guard n >= 1 else { return 1 }  // also NaN: checked before the conversion
        return Int(min(n, 1000))
    }
}
