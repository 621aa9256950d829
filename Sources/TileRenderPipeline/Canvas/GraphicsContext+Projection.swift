import Foundation
import TileRenderGeometry

/// A projective map applied to what a context draws (`rotation3DEffect`, `projectionEffect`):
/// `matrix` acts in the user space whose transform to the canvas was `outer` when it was set.
package struct ActiveProjection: Sendable {
    package let matrix: ProjectionTransform
    package let outer: CGAffineTransform
    package let outerInverse: CGAffineTransform

    /// Nil when `outer` cannot be inverted (nothing drawn under it would show).
    package init?(matrix: ProjectionTransform, outer: CGAffineTransform) {
        let det = outer.a * outer.d - outer.b * outer.c
        guard det != 0, det.isFinite else { return nil }
        self.matrix = matrix; self.outer = outer; outerInverse = outer.inverted()
    }
}

extension GraphicsContext {
    /// This context with `matrix` (in its current user space) applied to everything drawn from it;
    /// unchanged for the identity, and drawing nothing when its transform cannot be inverted.
    package func projecting(_ matrix: ProjectionTransform) -> GraphicsContext {
        guard !matrix.isIdentity else { return self }
        var c = self
        if let projection = ActiveProjection(matrix: matrix, outer: transform) {
            c.projections.append(projection)
        } else {
            c.opacity = 0
        }
        return c
    }

    /// Curves are cut into this many pieces before their control points are projected (a projective
    /// map does not keep Béziers Béziers; eight pieces keep the error small for the turns a view takes).
    package static let projectedCurvePieces = 8

    /// `path` drawn with `transform`, mapped through the projections (innermost first): its points are
    /// exact projections (lines stay lines; curves are cut in pieces whose control points are
    /// projected), expressed in a new user space whose transform is the projection's affine
    /// approximation at the path's centre (so gradients and images, which are painted in user space,
    /// follow that approximation: exact at the centre, off by the perspective away from it). Nil when
    /// a projection flattens the path to a line (a view seen edge-on) or the numbers are not finite.
    package func projected(_ path: Path, transform: CGAffineTransform) -> (Path, CGAffineTransform)? {
        var path = path, transform = transform
        for projection in projections.reversed() {
            let local = transform.concatenating(projection.outerInverse)
            let bounds = path.boundingRect
            guard !bounds.isNull, bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite else {
                return path.isEmpty ? (path, transform) : nil
            }
            let centre = CGPoint(x: bounds.midX, y: bounds.midY).applying(local)
            guard let approximation = Self.tangent(projection.matrix, at: centre) else { return nil }
            let forward = local.concatenating(approximation)
            let det = forward.a * forward.d - forward.b * forward.c
            guard det.isFinite, abs(det) > 1e-12 * max(1, abs(forward.a * forward.d), abs(forward.b * forward.c)) else { return nil }
            let back = forward.inverted()
            func map(_ p: CGPoint) -> CGPoint { p.applying(local).applying(projection.matrix).applying(back) }
            var mapped = Path()
            var current = CGPoint.zero, start = CGPoint.zero
            path.forEach { element in
                switch element {
                case .move(let p): mapped.move(to: map(p)); current = p; start = p
                case .line(let p): mapped.addLine(to: map(p)); current = p
                case .quadCurve(let p, let c):
                    let c1 = CGPoint(x: current.x + (c.x - current.x) * 2 / 3, y: current.y + (c.y - current.y) * 2 / 3)
                    let c2 = CGPoint(x: p.x + (c.x - p.x) * 2 / 3, y: p.y + (c.y - p.y) * 2 / 3)
                    Self.appendPieces(current, c1, c2, p, map: map, to: &mapped); current = p
                case .curve(let p, let c1, let c2):
                    Self.appendPieces(current, c1, c2, p, map: map, to: &mapped); current = p
                case .closeSubpath: mapped.closeSubpath(); current = start
                }
            }
            path = mapped
            transform = forward.concatenating(projection.outer)
        }
        return (path, transform)
    }

    /// The affine map that agrees with `m` at `p` to first order (value and derivative).
    private static func tangent(_ m: ProjectionTransform, at p: CGPoint) -> CGAffineTransform? {
        let X = p.x * m.m11 + p.y * m.m21 + m.m31, Y = p.x * m.m12 + p.y * m.m22 + m.m32
        var W = p.x * m.m13 + p.y * m.m23 + m.m33
        if !(W >= 1e-3) { W = 1e-3 }
        let w2 = W * W
        let a = (m.m11 * W - X * m.m13) / w2, b = (m.m12 * W - Y * m.m13) / w2
        let c = (m.m21 * W - X * m.m23) / w2, d = (m.m22 * W - Y * m.m23) / w2
        let image = CGPoint(x: X / W, y: Y / W)
        let t = CGAffineTransform(a: a, b: b, c: c, d: d, tx: image.x - (a * p.x + c * p.y), ty: image.y - (b * p.x + d * p.y))
        return [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) ? t : nil
    }

    /// The cubic p0...p3 cut into `projectedCurvePieces` equal-parameter pieces, each appended with
    /// its control points mapped.
    private static func appendPieces(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint,
                                     map: (CGPoint) -> CGPoint, to path: inout Path) {
        var (a, b, c, d) = (p0, p1, p2, p3)
        let n = projectedCurvePieces
        func lerp(_ u: CGPoint, _ v: CGPoint, _ t: CGFloat) -> CGPoint { CGPoint(x: u.x + (v.x - u.x) * t, y: u.y + (v.y - u.y) * t) }
        for k in 0..<n {
            // Split the rest at the parameter that makes the next piece 1/(n-k) of it.
            let t = 1 / CGFloat(n - k)
            let ab = lerp(a, b, t), bc = lerp(b, c, t), cd = lerp(c, d, t)
            let abc = lerp(ab, bc, t), bcd = lerp(bc, cd, t), mid = lerp(abc, bcd, t)
            let end = k == n - 1 ? d : mid
            path.addCurve(to: map(end), control1: map(ab), control2: map(abc))
            (a, b, c, d) = (mid, bcd, cd, d)
        }
    }
}
