import Foundation
import TileRenderGeometry

/// An image to draw: SwiftUI's `Image`, made from a TileRender `Bitmap` (premultiplied RGBA8).
///
/// As a view it takes its bitmap's size in points unless `resizable()`, then it fills its frame. In a
/// `GraphicsContext`, `draw(_:in:)` stretches it over a rectangle, sampled bilinearly at pixel centres.
public struct Image: Sendable {
    package let bitmap: Bitmap
    package var isResizable = false

    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// The image's size in points (one point per pixel).
    public var size: CGSize { CGSize(width: bitmap.width, height: bitmap.height) }

    /// An image that stretches to the frame it is given.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }
}

extension GraphicsContext {
    /// Draws `image` stretched over `rect` (user space), with this context's transform, opacity, blend
    /// mode and clip.
    public func draw(_ image: Image, in rect: CGRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        fill(Path(rect), with: Shading(kind: .image(.bitmap(image.bitmap), destination: rect)))
    }

    /// Draws `image` at its own size with `anchor` of the image placed at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                               width: size.width, height: size.height))
    }
}
