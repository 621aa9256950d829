import Foundation
import TileRenderGeometry

/// Something a shape can be filled or stroked with: a colour or a gradient, as SwiftUI's `ShapeStyle`.
///
/// TileRender's styles are `Color`, `LinearGradient`, `RadialGradient` and `AngularGradient`. A style is
/// resolved against the frame the shape is drawn in (`resolvedShading(in:)`); a style type of the
/// user's own resolves to the foreground colour.
public protocol ShapeStyle: Sendable {}

/// Implemented by TileRender's styles: the shading for a shape drawn in `frame`.
package protocol ResolvableShapeStyle: ShapeStyle {
    func shading(in frame: CGRect) -> GraphicsContext.Shading
}

extension ShapeStyle {
    /// The shading this style paints when the shape is drawn in `frame` (unit points resolved against
    /// `frame`, radii in points). Unknown style types resolve to the foreground (`.primary`).
    package func resolvedShading(in frame: CGRect) -> GraphicsContext.Shading {
        // A colour (most text and shapes) first: a cast to a concrete type compares metadata, where the
        // cast to a protocol looks the conformance up (about ten times the cost).
        if let color = self as? Color { return .color(color) }
        return (self as? any ResolvableShapeStyle)?.shading(in: frame) ?? .foreground
    }
}

extension Color: ShapeStyle, ResolvableShapeStyle {
    package func shading(in frame: CGRect) -> GraphicsContext.Shading { .color(self) }
}

// MARK: - Linear

/// A gradient along the line from `startPoint` to `endPoint`, unit points of the frame the shape is
/// drawn in (not of the path's bounding box). Pads beyond the ends.
public struct LinearGradient: ShapeStyle, ResolvableShapeStyle, Hashable {
    public var gradient: Gradient
    public var startPoint: UnitPoint
    public var endPoint: UnitPoint

    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    package func shading(in frame: CGRect) -> GraphicsContext.Shading {
        .linearGradient(gradient, startPoint: startPoint.point(in: frame), endPoint: endPoint.point(in: frame))
    }
}

// MARK: - Radial

/// A gradient from `startRadius` to `endRadius` (points) around `center`, a unit point of the frame.
/// Inside `startRadius` the first colour, outside `endRadius` the last.
public struct RadialGradient: ShapeStyle, ResolvableShapeStyle, Hashable {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadius: CGFloat
    public var endRadius: CGFloat

    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center
        self.startRadius = startRadius; self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    package func shading(in frame: CGRect) -> GraphicsContext.Shading {
        .radialGradient(gradient, center: center.point(in: frame), startRadius: startRadius, endRadius: endRadius)
    }
}

// MARK: - Angular

/// An angular (conic) gradient around `center`, a unit point of the frame. Angles run from +x toward +y
/// (clockwise on screen). `init(...angle:)` spans one full turn from `angle`; `init(...startAngle:endAngle:)`
/// maps the gradient's 0...1 onto that range.
public struct AngularGradient: ShapeStyle, ResolvableShapeStyle, Hashable {
    public var gradient: Gradient
    public var center: UnitPoint
    public var startAngle: Angle
    public var endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A full turn starting at `angle`: start = angle, end = angle + 360°.
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }

    package func shading(in frame: CGRect) -> GraphicsContext.Shading {
        GraphicsContext.Shading(kind: .conicGradient(gradient, center: center.point(in: frame),
                                                     startAngle: startAngle, endAngle: endAngle))
    }
}

// MARK: - Leading-dot shorthands

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat,
                                      endRadius: CGFloat) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func angularGradient(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle,
                                       endAngle: Angle) -> AngularGradient {
        AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
    public static func conicGradient(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(stops: stops, center: center, angle: angle)
    }
}
