import Foundation
import TileRenderGeometry
import TileRenderPipeline

extension GraphicsContext {
    /// TileRender's own convenience (not SwiftUI API): fills `shape` laid out in `rect` with a
    /// `ShapeStyle`, resolving the style against `rect` the way a shape view resolves it against its
    /// frame (gradient unit points relative to `rect`). The view layer's shape views draw through it.
    public func fill<S: Shape>(_ shape: S, in rect: CGRect, with style: some ShapeStyle,
                               style fillStyle: FillStyle = FillStyle()) {
        fill(shape.path(in: rect), with: style.resolvedShading(in: rect), style: fillStyle)
    }

    /// TileRender's own convenience (not SwiftUI API): strokes `shape` laid out in `rect` with a
    /// `ShapeStyle` resolved against `rect`, like `Shape.stroke(_:style:)` on a view framed by `rect`.
    /// The stroke is centred on the outline, so half of it spills out of `rect`.
    public func stroke<S: Shape>(_ shape: S, in rect: CGRect, with style: some ShapeStyle,
                                 style strokeStyle: StrokeStyle) {
        stroke(shape.path(in: rect), with: style.resolvedShading(in: rect), style: strokeStyle)
    }

    /// TileRender's own convenience: `stroke(_:in:with:style:)` with a solid line of `lineWidth`.
    public func stroke<S: Shape>(_ shape: S, in rect: CGRect, with style: some ShapeStyle,
                                 lineWidth: CGFloat = 1) {
        stroke(shape, in: rect, with: style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// TileRender's own convenience (not SwiftUI API): SwiftUI's `strokeBorder` on a view framed by
    /// `rect`: the shape is inset by `lineWidth / 2`, then stroked with `strokeStyle`, so the stroke
    /// stays inside the shape's frame. The style is resolved against `rect` (the frame), not the inset
    /// rect.
    public func strokeBorder<S: InsettableShape>(_ shape: S, in rect: CGRect, with style: some ShapeStyle,
                                                 style strokeStyle: StrokeStyle) {
        let inset = strokeStyle.lineWidth.isFinite ? strokeStyle.lineWidth / 2 : 0
        stroke(shape.inset(by: inset).path(in: rect), with: style.resolvedShading(in: rect), style: strokeStyle)
    }

    /// TileRender's own convenience: `strokeBorder(_:in:with:style:)` with a solid line of `lineWidth`.
    public func strokeBorder<S: InsettableShape>(_ shape: S, in rect: CGRect, with style: some ShapeStyle,
                                                 lineWidth: CGFloat = 1) {
        strokeBorder(shape, in: rect, with: style, style: StrokeStyle(lineWidth: lineWidth))
    }
}
