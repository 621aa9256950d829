import Foundation

#if !canImport(CoreGraphics)
/// An affine transform with CoreGraphics' fields and meaning, for platforms without CoreGraphics.
///
/// A point maps as `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty` (row-vector convention, as CoreGraphics).
/// `t1.concatenating(t2)` applies `t1` first, then `t2`.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    public static let identity = CGAffineTransform()

    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// Rotation by `angle` radians; positive angles turn +x toward +y (clockwise on a y-down screen).
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), co = cos(angle)
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` first, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }
    /// Translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
    /// The inverse, or `self` unchanged when the transform is singular (CoreGraphics' behaviour).
    public func inverted() -> CGAffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return CGAffineTransform(a: ia, b: ib, c: ic, d: id,
                                 tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the transformed rectangle, as CoreGraphics.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let s = standardized
        let pts = [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                   CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)].map { $0.applying(t) }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
#endif

extension CGAffineTransform {
    /// The determinant of the linear part, `a d - b c`: the factor by which the transform scales areas
    /// (negative when it mirrors).
    package var determinant: Double { Double(a * d - b * c) }

    /// Whether the transform keeps circles circles (a rotation, uniform scale, mirror and translation),
    /// within `GeometryTolerance.similarityRelative`.
    package var isSimilarity: Bool {
        let n1 = Double(a * a + b * b), n2 = Double(c * c + d * d), dot = Double(a * c + b * d)
        let tolerance = GeometryTolerance.similarityRelative
        return n1 > 0 && abs(n1 - n2) <= tolerance * n1 && abs(dot) <= tolerance * n1
    }
}

/// The length of `v` without overflow or underflow: the plain square root when the sum of squares is a
/// normal number (the common case, one compare more), `hypot` otherwise (components above about 1e154
/// or below 1e-154, where squaring overflows to infinity or loses every digit).
@inline(__always)
package func robustLength(_ v: SIMD2<Double>) -> Double {
    let s = (v * v).sum()
    return s.isNormal ? s.squareRoot() : hypot(v.x, v.y)
}
