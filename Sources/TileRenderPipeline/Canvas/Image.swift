import Foundation
import TileRenderGeometry

/// An image to draw: SwiftUI's `Image`, made from a TileRender `Bitmap` (premultiplied RGBA8).
///
/// As a view it takes its bitmap's size in points unless `resizable()`, then it fills its frame. In a
/// `GraphicsContext`, `draw(_:in:)` stretches it over a rectangle, sampled bilinearly at pixel centres
/// (`interpolation(.none)`: the nearest texel). With cap insets (`resizable(capInsets:resizingMode:)`)
/// the corners keep their size, the edges stretch (or tile) along their length and the centre both
/// ways; caps wider than the destination shrink in proportion to fit it. A template image
/// (`renderingMode(.template)`) paints its alpha with the foreground style (black in a bare
/// `GraphicsContext`). `antialiased(false)`: an image drawn without rotation or skew has its frame
/// rounded to whole device pixels, so its edges are hard; under other transforms they stay antialiased.
public struct Image: Sendable {
    package let bitmap: Bitmap
    package var isResizable = false
    /// An image that could not be found (`Image("name")`): no size, draws nothing.
    package var isMissing = false
    /// Cap insets in points (top, leading, bottom, trailing) for resizable images.
    package var capInsets: (top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) = (0, 0, 0, 0)
    package var resizingMode = ResizingMode.stretch
    package var interpolationQuality = Interpolation.high
    package var isAntialiased = true
    package var templateRenderingMode: TemplateRenderingMode? = nil
    /// What a template image paints with (set by the view layer from the foreground style).
    package var templateShading: GraphicsContext.Shading? = nil

    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// How a resizable image fills the parts between its caps (SwiftUI's `Image.ResizingMode`).
    public enum ResizingMode: Sendable, Hashable { case tile, stretch }
    /// How an image is sampled when scaled (SwiftUI's `Image.Interpolation`): `.none` takes the nearest
    /// texel; the others are bilinear.
    public enum Interpolation: Sendable, Hashable { case none, low, medium, high }
    /// Whether an image draws its own colours or its alpha in the foreground style
    /// (SwiftUI's `Image.TemplateRenderingMode`).
    public enum TemplateRenderingMode: Sendable, Hashable { case template, original }

    /// The image's size in points (one point per pixel); zero for a missing image.
    public var size: CGSize { isMissing ? .zero : CGSize(width: bitmap.width, height: bitmap.height) }

    /// An image that stretches to the frame it is given.
    public func resizable() -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// The image sampled with `interpolation` when scaled.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var copy = self
        copy.interpolationQuality = interpolation
        return copy
    }

    /// Whether the image's edges are antialiased (see the type's notes).
    public func antialiased(_ isAntialiased: Bool) -> Image {
        var copy = self
        copy.isAntialiased = isAntialiased
        return copy
    }

    /// `.template` paints the image's alpha in the foreground style; `.original` or nil its colours.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        var copy = self
        copy.templateRenderingMode = renderingMode
        return copy
    }
}

extension GraphicsContext {
    /// Draws `image` stretched over `rect` (user space), with this context's transform, opacity, blend
    /// mode and clip; cap insets, interpolation, template mode and antialiasing as `Image` describes.
    public func draw(_ image: Image, in rect: CGRect) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite, !image.isMissing else { return }
        var frame = rect
        if !image.isAntialiased { frame = pixelAligned(rect) }
        guard frame.width > 0, frame.height > 0 else { return }
        if image.templateRenderingMode == .template {
            // The image's alpha, then the tint kept only where it is.
            let tint = image.templateShading ?? .foreground
            var plain = image
            plain.templateRenderingMode = nil
            drawLayer { layer in
                layer.draw(plain, in: frame)
                layer.blendMode = .sourceIn
                layer.fill(Path(frame), with: tint)
            }
            return
        }
        let nearest = image.interpolationQuality == .none
        let w = CGFloat(image.bitmap.width), h = CGFloat(image.bitmap.height)
        let insets = image.capInsets
        let hasCaps = image.isResizable && [insets.top, insets.leading, insets.bottom, insets.trailing].contains { $0 > 0 }
        guard hasCaps || image.resizingMode == .tile && image.isResizable else {
            fill(Path(frame), with: Shading(kind: .image(.bitmap(image.bitmap), destination: frame, nearest: nearest)))
            return
        }
        // Nine parts: source and destination edges along each axis (caps clamped to the image, and
        // shrunk in proportion where the destination is smaller than both caps).
        func cuts(_ a: CGFloat, _ b: CGFloat, size: CGFloat, origin: CGFloat, length: CGFloat) -> (src: [CGFloat], dst: [CGFloat]) {
            var lo = a.isFinite ? max(0, a) : 0, hi = b.isFinite ? max(0, b) : 0
            if lo + hi > size { let k = size / (lo + hi); lo *= k; hi *= k }
            var dlo = lo, dhi = hi
            if dlo + dhi > length { let k = length / (dlo + dhi); dlo *= k; dhi *= k }
            return ([0, lo, size - hi, size], [origin, origin + dlo, origin + length - dhi, origin + length])
        }
        var xs = cuts(insets.leading, insets.trailing, size: w, origin: frame.minX, length: frame.width)
        var ys = cuts(insets.top, insets.bottom, size: h, origin: frame.minY, length: frame.height)
        // Parts meet on whole device pixels where the transform keeps axes (two antialiased edges
        // meeting inside a pixel would let the background show through the seam).
        let t = transform
        if t.b == 0, t.c == 0, t.a != 0, t.d != 0 {
            for i in 1...2 {
                xs.dst[i] = (((t.a * xs.dst[i] + t.tx).rounded()) - t.tx) / t.a
                ys.dst[i] = (((t.d * ys.dst[i] + t.ty).rounded()) - t.ty) / t.d
            }
            for i in 1...2 {
                xs.dst[i] = min(max(xs.dst[i], xs.dst[0]), xs.dst[3])
                ys.dst[i] = min(max(ys.dst[i], ys.dst[0]), ys.dst[3])
            }
            if xs.dst[2] < xs.dst[1] { xs.dst[2] = xs.dst[1] }
            if ys.dst[2] < ys.dst[1] { ys.dst[2] = ys.dst[1] }
        }
        for row in 0..<3 {
            for column in 0..<3 {
                let src = CGRect(x: xs.src[column], y: ys.src[row], width: xs.src[column + 1] - xs.src[column], height: ys.src[row + 1] - ys.src[row])
                let dst = CGRect(x: xs.dst[column], y: ys.dst[row], width: xs.dst[column + 1] - xs.dst[column], height: ys.dst[row + 1] - ys.dst[row])
                guard src.width > 0, src.height > 0, dst.width > 0, dst.height > 0 else { continue }
                let isCorner = row != 1 && column != 1
                if image.resizingMode == .tile && !isCorner {
                    // Tiles of the part at one point per pixel, from the part's top-left.
                    let unit = CGRect(x: src.minX / w, y: src.minY / h, width: src.width / w, height: src.height / h)
                    fill(Path(dst), with: .tiledImage(image, origin: dst.origin, sourceRect: unit))
                } else {
                    // The whole image placed so that the part lands on `dst`.
                    let sx = dst.width / src.width, sy = dst.height / src.height
                    let whole = CGRect(x: dst.minX - src.minX * sx, y: dst.minY - src.minY * sy, width: w * sx, height: h * sy)
                    fill(Path(dst), with: Shading(kind: .image(.bitmap(image.bitmap), destination: whole, nearest: nearest)))
                }
            }
        }
    }

    /// `rect` with its corners rounded to whole device pixels, when the transform has no rotation or skew.
    private func pixelAligned(_ rect: CGRect) -> CGRect {
        let t = transform
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0, let inverse = Optional(t.inverted()) else { return rect }
        let device = rect.applying(t)
        let snapped = CGRect(x: device.minX.rounded(), y: device.minY.rounded(), width: 0, height: 0)
        let far = CGPoint(x: device.maxX.rounded(), y: device.maxY.rounded())
        return CGRect(x: snapped.minX, y: snapped.minY, width: far.x - snapped.minX, height: far.y - snapped.minY).applying(inverse)
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
