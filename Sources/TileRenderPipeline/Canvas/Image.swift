import Foundation
import TileRenderGeometry

/// An image to draw: SwiftUI's `Image`, made from a TileRender `Bitmap` (premultiplied RGBA8).
///
/// As a view it takes its bitmap's size in points unless `resizable()`, then it fills its frame. In a
/// `GraphicsContext`, `draw(_:in:)` stretches it over a rectangle, sampled bilinearly at pixel centres.
public struct Image: Sendable {
    package let bitmap: Bitmap
    package var isResizable = false
    /// An image that could not be found (`Image("name")`): no size, draws nothing.
    package var isMissing = false

    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// The image's size in points (one point per pixel); zero for a missing image.
    public var size: CGSize { isMissing ? .zero : CGSize(width: bitmap.width, height: bitmap.height) }

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
        guard rect.width > 0, rect.height > 0, !image.isMissing else { return }
        fill(Path(rect), with: Shading(kind: .image(.bitmap(image.bitmap), destination: rect)))
    }

    /// Draws `image` at its own size with `anchor` of the image placed at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height,
                               width: size.width, height: size.height))
    }
}

extension GraphicsContext.Shading {
    /// `image` repeated over the plane (SwiftUI's `tiledImage`): one tile is the `sourceRect` part of
    /// the image (unit coordinates; the whole image by default) at `scale` points per pixel, its
    /// top-left at `origin`, repeated in both directions and sampled bilinearly across tile seams (the
    /// source rectangle is rounded out to whole pixels). An empty `sourceRect`, or a scale that is not
    /// positive and finite, paints nothing.
    public static func tiledImage(_ image: Image, origin: CGPoint = .zero,
                                  sourceRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                                  scale: CGFloat = 1) -> GraphicsContext.Shading {
        let nothing = GraphicsContext.Shading.color(.clear)
        let b = image.bitmap
        guard scale > 0, scale.isFinite, origin.x.isFinite, origin.y.isFinite, sourceRect.width > 0, sourceRect.height > 0,
              [sourceRect.minX, sourceRect.minY, sourceRect.maxX, sourceRect.maxY].allSatisfy(\.isFinite) else { return nothing }
        // The source rectangle in whole pixels, inside the image.
        let x0 = Int(max(0, min(1, sourceRect.minX)) * CGFloat(b.width)), x1 = Int((max(0, min(1, sourceRect.maxX)) * CGFloat(b.width)).rounded(.up))
        let y0 = Int(max(0, min(1, sourceRect.minY)) * CGFloat(b.height)), y1 = Int((max(0, min(1, sourceRect.maxY)) * CGFloat(b.height)).rounded(.up))
        guard x1 > x0, y1 > y0 else { return nothing }
        var texels = b
        if x0 != 0 || y0 != 0 || x1 != b.width || y1 != b.height {
            var pixels = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0) * 4)
            for y in y0..<y1 {
                let row = y * b.bytesPerRow
                for i in 0..<(x1 - x0) * 4 { pixels[(y - y0) * (x1 - x0) * 4 + i] = b.pixels[row + x0 * 4 + i] }
            }
            guard let cropped = try? Bitmap(width: x1 - x0, height: y1 - y0, premultipliedRGBA: pixels) else { return nothing }
            texels = cropped
        }
        let tile = CGRect(x: origin.x, y: origin.y, width: CGFloat(texels.width) * scale, height: CGFloat(texels.height) * scale)
        return GraphicsContext.Shading(kind: .tiledImage(.bitmap(texels), tile: tile))
    }
}
