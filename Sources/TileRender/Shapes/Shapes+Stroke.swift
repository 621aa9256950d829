import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A shape whose path is the outline of another shape's stroke (SwiftUI's `_StrokedShape`, made by
/// `stroke(style:)` and `stroke(lineWidth:)`). Filling it with the nonzero rule paints the stroke.
public struct StrokedShape<Content: Shape>: Shape {
    public var shape: Content
    public var style: StrokeStyle

    public init(shape: Content, style: StrokeStyle) { self.shape = shape; self.style = style }

    /// The stroke outline of `shape` laid out in `rect` (see `Path.strokedPath(_:)`).
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).strokedPath(style)
    }
}

extension Shape {
    /// The outline of this shape's stroke with `style`, as a shape to fill.
    public func stroke(style: StrokeStyle) -> StrokedShape<Self> {
        StrokedShape(shape: self, style: style)
    }

    /// The outline of this shape's stroke with a solid line of `lineWidth`, as a shape to fill.
    public func stroke(lineWidth: CGFloat = 1) -> StrokedShape<Self> {
        StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth))
    }
}
