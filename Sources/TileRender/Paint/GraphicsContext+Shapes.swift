import Foundation

extension GraphicsContext {
    /// TileRender's own convenience (not SwiftUI API): fills `shape` laid out in `rect` with a
    /// `ShapeStyle`, resolving the style against `rect` the way a shape view resolves it against its
    /// frame (gradient unit points relative to `rect`). Used by tests until the view layer exists.
    public func fill<S: Shape>(_ shape: S, in rect: CGRect, with style: some ShapeStyle,
                               style fillStyle: FillStyle = FillStyle()) {
        fill(shape.path(in: rect), with: style.resolvedShading(in: rect), style: fillStyle)
    }
}
