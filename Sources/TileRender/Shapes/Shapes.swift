import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A 2D shape that describes its outline for a given frame, as SwiftUI's `Shape`.
///
/// A user shape needs only `path(in:)`. A shape is also a `View` (used directly as one it fills with the
/// foreground style; see Views/ShapeViews.swift). As in SwiftUI, a shape is `Animatable`: one that
/// sets `animatableData` is drawn with its parameters along the way in an animation (nothing animates
/// by default).
public protocol Shape: Sendable, Animatable, View {
    /// The outline of the shape when drawn in `rect`.
    func path(in rect: CGRect) -> Path
}

/// A shape that can be inset by an amount, keeping its kind (used by `strokeBorder`).
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side (negative values grow it).
    func inset(by amount: CGFloat) -> InsetShape
}

extension Path: Shape {
    /// A path draws itself unchanged, whatever the frame.
    public func path(in rect: CGRect) -> Path { self }
}

extension CGRect {
    /// `insetBy(dx:dy:)` on the standardized rect; an over-inset rect collapses to an empty rect at its
    /// centre instead of becoming `.null`.
    fileprivate func insetForShape(_ amount: CGFloat) -> CGRect {
        guard amount != 0, !isNull else { return self }
        let r = standardized
        let w = max(0, r.width - 2 * amount), h = max(0, r.height - 2 * amount)
        return CGRect(x: r.midX - w / 2, y: r.midY - h / 2, width: w, height: h)
    }
}

// MARK: - Built-in shapes

/// A rectangle filling its frame. Its path starts at the top-left corner and runs along the top edge.
public struct Rectangle: InsettableShape, Hashable {
    package var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetForShape(insetAmount)
        return r.isNull ? Path() : Path(r)
    }
    public func inset(by amount: CGFloat) -> Rectangle {
        var s = self; s.insetAmount += amount; return s
    }
}

/// A rectangle with rounded corners of `cornerSize`, clamped to half the frame: Apple's continuous
/// curve by default, quarter ellipses with `.circular` (see `RoundedCornerStyle`). Insetting shrinks the
/// corner size by the same amount, so the inset outline stays concentric (as SwiftUI).
public struct RoundedRectangle: InsettableShape, Hashable {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    package var insetAmount: CGFloat = 0

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize; self.style = style
    }
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetForShape(insetAmount)
        guard !r.isNull else { return Path() }
        let cs = CGSize(width: max(0, cornerSize.width - insetAmount),
                        height: max(0, cornerSize.height - insetAmount))
        return Path(roundedRect: r, cornerSize: cs, style: style)
    }
    public func inset(by amount: CGFloat) -> RoundedRectangle {
        var s = self; s.insetAmount += amount; return s
    }
}

/// A capsule: a rounded rectangle whose corner radius is half the shorter side of its frame.
public struct Capsule: InsettableShape, Hashable {
    public var style: RoundedCornerStyle
    package var insetAmount: CGFloat = 0

    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetForShape(insetAmount)
        guard !r.isNull else { return Path() }
        let radius = min(r.width, r.height) / 2
        return Path(roundedRect: r, cornerRadius: radius, style: style)
    }
    public func inset(by amount: CGFloat) -> Capsule {
        var s = self; s.insetAmount += amount; return s
    }
}

/// A circle of radius min(width, height) / 2 centred in its frame. Its path starts at 3 o'clock and runs
/// with increasing angle (down first).
public struct Circle: InsettableShape, Hashable {
    package var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetForShape(insetAmount)
        guard !r.isNull else { return Path() }
        let d = min(r.width, r.height)
        return Path(ellipseIn: CGRect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
    }
    public func inset(by amount: CGFloat) -> Circle {
        var s = self; s.insetAmount += amount; return s
    }
}

/// An ellipse filling its frame, starting at 3 o'clock and running with increasing angle (down first).
public struct Ellipse: InsettableShape, Hashable {
    package var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetForShape(insetAmount)
        return r.isNull ? Path() : Path(ellipseIn: r)
    }
    public func inset(by amount: CGFloat) -> Ellipse {
        var s = self; s.insetAmount += amount; return s
    }
}

// MARK: - Shape modifiers

/// A shape moved by `offset`.
public struct OffsetShape<Content: Shape>: Shape {
    public var shape: Content
    public var offset: CGSize
    public init(shape: Content, offset: CGSize) { self.shape = shape; self.offset = offset }
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height)
    }
}

extension OffsetShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> OffsetShape<Content.InsetShape> {
        OffsetShape<Content.InsetShape>(shape: shape.inset(by: amount), offset: offset)
    }
}

/// A shape rotated by `angle` (positive = clockwise on screen) about `anchor` of the frame.
public struct RotatedShape<Content: Shape>: Shape {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape; self.angle = angle; self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path {
        let a = anchor.point(in: rect)
        let t = CGAffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(CGAffineTransform(rotationAngle: CGFloat(angle.radians)))
            .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
        return shape.path(in: rect).applying(t)
    }
}

extension RotatedShape: InsettableShape where Content: InsettableShape {
    public func inset(by amount: CGFloat) -> RotatedShape<Content.InsetShape> {
        RotatedShape<Content.InsetShape>(shape: shape.inset(by: amount), angle: angle, anchor: anchor)
    }
}

/// A shape scaled by `scale` about `anchor` of the frame.
public struct ScaledShape<Content: Shape>: Shape {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape; self.scale = scale; self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path {
        let a = anchor.point(in: rect)
        let t = CGAffineTransform(translationX: -a.x, y: -a.y)
            .concatenating(CGAffineTransform(scaleX: scale.width, y: scale.height))
            .concatenating(CGAffineTransform(translationX: a.x, y: a.y))
        return shape.path(in: rect).applying(t)
    }
}

/// A shape whose path is mapped by an affine transform (in the frame's coordinates).
public struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    public var transform: CGAffineTransform
    public init(shape: Content, transform: CGAffineTransform) { self.shape = shape; self.transform = transform }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }
}

extension Shape {
    /// The shape moved by `offset`.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }
    /// The shape moved by `offset`.
    public func offset(_ offset: CGPoint) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y))
    }
    /// The shape moved by (x, y).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> {
        OffsetShape(shape: self, offset: CGSize(width: x, height: y))
    }
    /// The shape rotated by `angle` about `anchor` of its frame (positive = clockwise on screen).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }
    /// The shape scaled by (x, y) about `anchor` of its frame.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }
    /// The shape scaled uniformly by `scale` about `anchor` of its frame.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }
    /// The shape's path mapped by `transform`.
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }
}
