import Foundation
import TileRenderGeometry
import TileRenderPipeline

// MARK: - Gradients as views

/// The node of a shape style used as a view: it fills the frame it is offered, as
/// `Rectangle().fill(style)` does (10 x 10 points for an unspecified proposal, as SwiftUI).
package func styleFillNode(_ style: some ShapeStyle, _ environment: ViewEnvironment) -> any ViewNode {
    let style = environment.resolve(style)
    return LocalDrawingNode { c, frame in fillShape(Rectangle(), in: frame, with: style, fillStyle: FillStyle(), context: c) }
}

/// Fills `shape` laid out in `frame` with `style`; an `EllipticalGradient` draws its ellipses exactly
/// (other ways of filling with it approximate them, see `EllipticalGradient`).
package func fillShape<S: Shape>(_ shape: S, in frame: CGRect, with style: any ShapeStyle, fillStyle: FillStyle, context: GraphicsContext) {
    if let elliptical = style as? EllipticalGradient {
        elliptical.fill(shape.path(in: frame), in: frame, fillStyle: fillStyle, context: context)
    } else {
        context.fill(shape, in: frame, with: style, style: fillStyle)
    }
}

extension LinearGradient: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [] }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { styleFillNode(self, environment) }
}

extension RadialGradient: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [] }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { styleFillNode(self, environment) }
}

extension AngularGradient: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [] }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { styleFillNode(self, environment) }
}

// MARK: - EllipticalGradient

/// A radial gradient stretched to the frame (SwiftUI's `EllipticalGradient`): `center` is a unit point
/// of the frame and the radii are fractions of the frame's unit square, so with the defaults (0 and 0.5)
/// the last colour is reached on the ellipse inscribed in the frame, the first at its centre. Outside
/// `endRadiusFraction` the last colour, inside `startRadiusFraction` the first.
///
/// As a view, and as the fill of a shape view (`.fill(_:)`, `.background(_:)`), the ellipses are exact.
/// Where a style is resolved to a plain shading (strokes, `GraphicsContext.fill(_:in:with:)`) the
/// gradient is circular, its radii fractions of the frame's shorter side.
public struct EllipticalGradient: ShapeStyle, ResolvableShapeStyle, Hashable, View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [] }
    public var gradient: Gradient
    public var center: UnitPoint
    public var startRadiusFraction: CGFloat
    public var endRadiusFraction: CGFloat

    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient; self.center = center
        self.startRadiusFraction = startRadiusFraction; self.endRadiusFraction = endRadiusFraction
    }
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction,
                  endRadiusFraction: endRadiusFraction)
    }

    /// The circular approximation (radii relative to the shorter side).
    package func shading(in frame: CGRect) -> GraphicsContext.Shading {
        let side = min(frame.width, frame.height)
        return .radialGradient(gradient, center: center.point(in: frame), startRadius: startRadiusFraction * side,
                               endRadius: endRadiusFraction * side)
    }

    /// Fills `path` with the gradient stretched over `frame`: a radial gradient in the frame's unit
    /// square, drawn through the map from that square to the frame.
    package func fill(_ path: Path, in frame: CGRect, fillStyle: FillStyle, context: GraphicsContext) {
        guard frame.width > 0, frame.height > 0, frame.width.isFinite, frame.height.isFinite else { return }
        var c = context
        c.clip(to: path, style: fillStyle)
        c.translateBy(x: frame.minX, y: frame.minY)
        c.scaleBy(x: frame.width, y: frame.height)
        c.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)),
               with: .radialGradient(gradient, center: CGPoint(x: center.x, y: center.y),
                                     startRadius: startRadiusFraction, endRadius: endRadiusFraction))
    }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { styleFillNode(self, environment) }
}

extension ShapeStyle where Self == EllipticalGradient {
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public static func ellipticalGradient(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(stops: stops, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}
