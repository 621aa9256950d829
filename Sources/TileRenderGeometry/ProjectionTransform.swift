import Foundation

/// A projective map of the plane (SwiftUI's `ProjectionTransform`): a 3 x 3 matrix in
/// CoreGraphics' row-vector convention, `[x y 1] * M = [X Y W]`, the point being `(X / W, Y / W)`.
/// The affine transforms are those whose third column is (0, 0, 1).
public struct ProjectionTransform: Hashable, Sendable {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    public init() {}

    public init(_ t: CGAffineTransform) {
        m11 = t.a; m12 = t.b; m21 = t.c; m22 = t.d; m31 = t.tx; m32 = t.ty
    }

    public var isIdentity: Bool { self == ProjectionTransform() }
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// This map followed by `rhs`.
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        var r = ProjectionTransform()
        r.m11 = m11 * rhs.m11 + m12 * rhs.m21 + m13 * rhs.m31
        r.m12 = m11 * rhs.m12 + m12 * rhs.m22 + m13 * rhs.m32
        r.m13 = m11 * rhs.m13 + m12 * rhs.m23 + m13 * rhs.m33
        r.m21 = m21 * rhs.m11 + m22 * rhs.m21 + m23 * rhs.m31
        r.m22 = m21 * rhs.m12 + m22 * rhs.m22 + m23 * rhs.m32
        r.m23 = m21 * rhs.m13 + m22 * rhs.m23 + m23 * rhs.m33
        r.m31 = m31 * rhs.m11 + m32 * rhs.m21 + m33 * rhs.m31
        r.m32 = m31 * rhs.m12 + m32 * rhs.m22 + m33 * rhs.m32
        r.m33 = m31 * rhs.m13 + m32 * rhs.m23 + m33 * rhs.m33
        return r
    }

    /// The inverse map, or nil when the matrix is singular or not finite.
    public func inverted() -> ProjectionTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m23 * m31 - m21 * m33, c13 = m21 * m32 - m22 * m31
        let det = m11 * c11 + m12 * c12 + m13 * c13
        guard det != 0, det.isFinite else { return nil }
        var r = ProjectionTransform()
        r.m11 = c11 / det; r.m12 = (m13 * m32 - m12 * m33) / det; r.m13 = (m12 * m23 - m13 * m22) / det
        r.m21 = c12 / det; r.m22 = (m11 * m33 - m13 * m31) / det; r.m23 = (m13 * m21 - m11 * m23) / det
        r.m31 = c13 / det; r.m32 = (m12 * m31 - m11 * m32) / det; r.m33 = (m11 * m22 - m12 * m21) / det
        return r
    }

    /// SwiftUI's `rotation3DEffect` as a map of the view's plane (coordinates from its top-left): a
    /// rotation by `angle` about `axis` (normalised; right-handed with y down and z toward the viewer)
    /// through the point (`anchor`, `anchorZ`), seen in perspective from a distance of the view's
    /// larger side divided by `perspective` (0: no perspective). A zero or non-finite axis, angle or
    /// size gives the identity.
    public static func rotation3D(angle: Double, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: CGPoint,
                                  anchorZ: CGFloat, perspective: CGFloat, size: CGSize) -> ProjectionTransform {
        let length = (Double(axis.x) * Double(axis.x) + Double(axis.y) * Double(axis.y) + Double(axis.z) * Double(axis.z)).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite, anchor.x.isFinite, anchor.y.isFinite, anchorZ.isFinite else { return ProjectionTransform() }
        let x = Double(axis.x) / length, y = Double(axis.y) / length, z = Double(axis.z) / length
        let c = cos(angle), s = sin(angle), t = 1 - c
        // Rodrigues' rotation matrix, acting on column vectors.
        let r = [[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                 [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                 [t * x * z - s * y, t * y * z + s * x, t * z * z + c]]
        let side = Double(max(size.width, size.height))
        let d = perspective.isFinite && perspective > 0 && side > 0 ? side / Double(perspective) : .infinity
        // q = R (p - a) for p = (px, py, 0), then back by a: z = qz + az, W = 1 - z / d; the
        // perspective divides around the anchor: out = a + (qx, qy) / W, so X = ax W + qx, Y = ay W + qy.
        let ax = Double(anchor.x), ay = Double(anchor.y), az = Double(anchorZ)
        func q(_ row: Int) -> (cx: Double, cy: Double, c0: Double) {
            (r[row][0], r[row][1], -r[row][0] * ax - r[row][1] * ay - r[row][2] * az)
        }
        let qx = q(0), qy = q(1), qz = q(2)
        let k = d.isFinite ? -1 / d : 0
        let w = (cx: qz.cx * k, cy: qz.cy * k, c0: 1 + (qz.c0 + az) * k)
        var m = ProjectionTransform()
        m.m11 = CGFloat(ax * w.cx + qx.cx); m.m21 = CGFloat(ax * w.cy + qx.cy); m.m31 = CGFloat(ax * w.c0 + qx.c0)
        m.m12 = CGFloat(ay * w.cx + qy.cx); m.m22 = CGFloat(ay * w.cy + qy.cy); m.m32 = CGFloat(ay * w.c0 + qy.c0)
        m.m13 = CGFloat(w.cx); m.m23 = CGFloat(w.cy); m.m33 = CGFloat(w.c0)
        return m
    }
}

extension CGPoint {
    /// The point mapped by `m`. Points at or behind the eye (W below 1e-3) are taken at W = 1e-3.
    public func applying(_ m: ProjectionTransform) -> CGPoint {
        let X = x * m.m11 + y * m.m21 + m.m31, Y = x * m.m12 + y * m.m22 + m.m32
        var W = x * m.m13 + y * m.m23 + m.m33
        if !(W >= 1e-3) { W = 1e-3 }
        return CGPoint(x: X / W, y: Y / W)
    }
}
