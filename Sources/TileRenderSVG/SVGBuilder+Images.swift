import Foundation
import TileRender
import TileRenderPipeline

/// SVG `<image>` with embedded data: `href` (or `xlink:href`) as a `data:` URI holding a PNG or JPEG
/// (base64 or percent-encoded; the format is told by its signature), placed in the viewport x, y,
/// width, height (`auto` or absent: the image's own size in pixels, one user unit each) by
/// `preserveAspectRatio` (`slice` clips to the viewport), drawn bilinearly with the element's opacity.
/// Other references (files, URLs, SVG images) are not loaded: a warning, nothing drawn.
extension SVGBuilder {
    /// Pixels one image may decode to, and all images of a document together; past them an image is
    /// skipped with a warning (a few hundred bytes of JPEG can claim a huge size).
    static let maxImagePixels = 1 << 24
    static let maxDocumentImagePixels = 1 << 26

    mutating func buildImage(_ el: SVGXMLElement, style: SVGStyle, transform: CGAffineTransform) -> SVGNode? {
        guard style.visible, let bitmap = decodedImage(el) else { return nil }
        guard let x = length(el, "x", .x, default: 0), let y = length(el, "y", .y, default: 0) else { return nil }
        func side(_ name: String, _ axis: SVGLength.Axis, _ natural: Int) -> Double? {
            guard let text = el.attributes[name], text.svgTrimmed != "auto" else { return Double(natural) }
            return length(el, name, axis, default: Double(natural))
        }
        guard let w = side("width", .x, bitmap.width), let h = side("height", .y, bitmap.height), w > 0, h > 0 else { return nil }
        let viewport = CGRect(x: x, y: y, width: w, height: h)
        let natural = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        let aspect = aspectRatio(el)
        let destination = natural.applying(aspect.transform(viewBox: natural, into: viewport))
        let visible = aspect.slice ? destination.intersection(viewport) : destination
        guard !visible.isNull, visible.width > 0, visible.height > 0,
              [destination.minX, destination.minY, destination.maxX, destination.maxY].allSatisfy(\.isFinite) else { return nil }
        let outline = Path(visible)
        let fill = SVGResolvedFill(path: outline, paintTransform: .identity,
                                   shading: GraphicsContext.Shading(kind: .image(.bitmap(bitmap), destination: destination)),
                                   rule: .nonZero)
        let shape = SVGShape(path: outline, fillPaint: nil, fillRule: .nonZero, stroke: nil, fill: fill)
        return SVGNode(element: "image", line: el.line, id: el.attributes["id"], transform: transform,
                       clipPathID: style.clipPath, groupOpacity: style.opacity, content: .shape(shape))
    }

    /// The element's image, decoded once; nil (after a warning) when it cannot be.
    private mutating func decodedImage(_ el: SVGXMLElement) -> Bitmap? {
        if let known = decodedImages[ObjectIdentifier(el)] { return known }
        let bitmap = decode(el)
        decodedImages[ObjectIdentifier(el)] = .some(bitmap)
        return bitmap
    }

    private mutating func decode(_ el: SVGXMLElement) -> Bitmap? {
        guard let href = el.href?.svgTrimmed, !href.isEmpty else {
            warn(el, "<image> without href; skipped")
            return nil
        }
        guard href.prefix(5).lowercased() == "data:", let comma = href.firstIndex(of: ",") else {
            warn(el, "<image> referencing '\(href.prefix(64))' is not loaded (only data: URIs are); skipped")
            return nil
        }
        let header = href[href.index(href.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = href[href.index(after: comma)...]
        if header.hasPrefix("image/svg") {
            warn(el, "<image> with SVG data is not supported; skipped")
            return nil
        }
        let bytes: Data?
        if header.hasSuffix(";base64") {
            bytes = Data(base64Encoded: String(payload.filter { !$0.isWhitespace }), options: .ignoreUnknownCharacters)
        } else {
            bytes = String(payload).removingPercentEncoding.map { Data($0.utf8) }
        }
        guard let data = bytes, !data.isEmpty else {
            warn(el, "<image> data URI could not be decoded; skipped")
            return nil
        }
        let left = Self.maxDocumentImagePixels - decodedImagePixels
        do {
            let bitmap = try Bitmap(imageData: data, maxPixels: min(Self.maxImagePixels, max(0, left)))
            decodedImagePixels += bitmap.width * bitmap.height
            return bitmap
        } catch {
            warn(el, "<image> data could not be decoded (\(error)); skipped")
            return nil
        }
    }
}
