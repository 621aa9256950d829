import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// The current foreground style (SwiftUI's `ForegroundStyle`, written `.foreground`): the style set with
/// `foregroundStyle(_:)` on an enclosing view, `.primary` (black) by default. Outside a view (in
/// `GraphicsContext.fill(_:in:with:)`) it resolves to black.
public struct ForegroundStyle: ShapeStyle, Hashable {
    public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The current foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// The background of the appearance (SwiftUI's `BackgroundStyle`, written `.background`): white in the
/// light appearance, black in the dark one (iOS's system background), wherever it is drawn.
public struct BackgroundStyle: ShapeStyle, Hashable, ResolvableShapeStyle {
    public init() {}
    package func shading(in frame: CGRect) -> GraphicsContext.Shading { .color(Color(light: .white, dark: .black)) }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The background of the appearance.
    public static var background: BackgroundStyle { BackgroundStyle() }
}

// MARK: - Shapes as views

extension Shape {
    /// A shape used directly as a view fills its frame's outline with the foreground style.
    public var body: _ShapeView<Self, ForegroundStyle> { _ShapeView(shape: self, style: ForegroundStyle()) }

    /// The shape filled with `content` (gradients resolve against the view's frame).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, fillStyle: style)
    }

    /// The shape's outline stroked with `content` (centred on the outline: half spills out of the frame).
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _StrokeShapeView<Self, S> {
        _StrokeShapeView(shape: self, style: content, strokeStyle: style)
    }

    /// The shape's outline stroked with `content` and a solid line of `lineWidth`.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _StrokeShapeView<Self, S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }
}

extension InsettableShape {
    /// The shape inset by half the line width, then stroked, so the stroke stays inside the frame.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle) -> _StrokeBorderShapeView<Self, S> {
        _StrokeBorderShapeView(shape: self, style: content, strokeStyle: style)
    }

    /// `strokeBorder(_:style:)` with a solid line of `lineWidth`.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1) -> _StrokeBorderShapeView<Self, S> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }
}

/// Draws into a view's frame in the frame's own coordinates (origin at its top-left), as a SwiftUI
/// shape view calls `path(in:)` with its bounds.
package struct LocalDrawingNode: ViewNode {
    package let draw: (GraphicsContext, CGRect) -> Void
    package var isCheapToMeasure: Bool { true }
    /// Its size is the proposal's, whatever it draws.
    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        match == .layout && (other is LocalDrawingNode || (other as? ColorNode).map { $0.size == nil } ?? false)
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        var c = context
        c.translateBy(x: rect.minX, y: rect.minY)
        draw(c, CGRect(origin: .zero, size: rect.size))
    }
}

/// A view that draws a shape: the base of a fill, stroke or strokeBorder, and of a chain of them
/// (`Circle().fill(.yellow).stroke(.orange, lineWidth: 8)` fills, then strokes).
public protocol ShapeView: View {
    associatedtype Content: Shape
    var shape: Content { get }
}

extension ShapeView {
    /// This view, then the shape filled with `content` on top.
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ChainedShapeView<Self, _ShapeView<Content, S>> {
        _ChainedShapeView(first: self, second: shape.fill(content, style: style))
    }
    /// This view, then the shape's outline stroked with `content` on top.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ChainedShapeView<Self, _StrokeShapeView<Content, S>> {
        _ChainedShapeView(first: self, second: shape.stroke(content, style: style))
    }
    /// This view, then the shape's outline stroked with `content` and a line of `lineWidth` on top.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ChainedShapeView<Self, _StrokeShapeView<Content, S>> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }
}

/// A shape filled with a style.
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: ShapeView, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { .foreground }
    public var shape: Content
    public var style: Style
    public var fillStyle: FillStyle
    public init(shape: Content, style: Style, fillStyle: FillStyle = FillStyle()) {
        self.shape = shape; self.style = style; self.fillStyle = fillStyle
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        let shape = self.shape, style = environment.resolve(self.style), fillStyle = self.fillStyle
        return LocalDrawingNode { c, frame in fillShape(shape, in: frame, with: style, fillStyle: fillStyle, context: c) }
    }
}

/// A shape's outline stroked with a style.
public struct _StrokeShapeView<Content: Shape, Style: ShapeStyle>: ShapeView, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { .foreground }
    public var shape: Content
    public var style: Style
    public var strokeStyle: StrokeStyle
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        let shape = self.shape, style = environment.resolve(self.style), strokeStyle = self.strokeStyle
        return LocalDrawingNode { c, frame in c.stroke(shape, in: frame, with: style, style: strokeStyle) }
    }
}

/// A shape inset by half the line width and stroked with a style (the stroke stays inside the frame).
public struct _StrokeBorderShapeView<Content: InsettableShape, Style: ShapeStyle>: ShapeView, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { .foreground }
    public var shape: Content
    public var style: Style
    public var strokeStyle: StrokeStyle
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        let shape = self.shape, style = environment.resolve(self.style), strokeStyle = self.strokeStyle
        return LocalDrawingNode { c, frame in c.strokeBorder(shape, in: frame, with: style, style: strokeStyle) }
    }
}

/// Two drawings of the same shape, the second on top of the first.
public struct _ChainedShapeView<First: ShapeView, Second: ShapeView>: ShapeView, PrimitiveView where First.Content == Second.Content {
    public typealias Body = Never
    package let first: First
    package let second: Second
    public var shape: First.Content { first.shape }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        ZStackNode(alignment: .center, children: [makeViewNode(first, environment), makeViewNode(second, environment)])
    }
}

// MARK: - Colour as a view

extension Color: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [] }
    package static var isPlaceless: Bool { true }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { ColorNode(color: self) }
}

/// A colour filling its frame: a value (no closure), so a colour made again equals the last one.
package struct ColorNode: ViewNode {
    package let color: Color
    /// The size of the fixed frame around the colour (`Color.frame(width:height:)` made as one node;
    /// see `NodeModifier.fixedColorSize`); nil for a colour that takes what it is offered.
    package var size: CGSize? = nil
    package var isCheapToMeasure: Bool { true }
    package var rigidSize: CGSize? { size }
    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? ColorNode else { return size == nil && match == .layout && other is LocalDrawingNode }
        guard size == other.size else { return false }
        return match == .layout || color == other.color
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { size ?? proposal.replacingUnspecifiedDimensions() }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        // As `LocalDrawingNode` draws: the rectangle at the origin of a context moved to it.
        var c = context
        c.translateBy(x: rect.minX, y: rect.minY)
        c.fill(Path(CGRect(origin: .zero, size: rect.size)), with: .color(color))
    }
}

// MARK: - Leading-dot shapes (`.clipShape(.rect(cornerRadius: 28))`, `.circle`)

extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
