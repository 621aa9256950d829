import TileRender
import Foundation

/// An SVG document imported into TileRender's drawing model.
///
/// Parsing reads the XML once into a tree of value types (styles, references and gradient geometry
/// resolved); `makeScene` and `draw(in:size:)` replay it as `GraphicsContext.fill` and `stroke` calls.
///
/// ```swift
/// let doc = try SVGDocument(contentsOf: url)
/// let scene = doc.makeScene()                 // at the document's size
/// let bitmap = try Renderer().render(scene)
/// ```
///
/// Supported: `svg` (width/height/viewBox/preserveAspectRatio), `g`, `a`, `switch` (first child),
/// nested `svg`, `use`/`symbol`, `path`, `rect`, `circle`, `ellipse`, `line`, `polyline`, `polygon`,
/// `linearGradient`/`radialGradient` fills and strokes, transforms, presentation attributes and `style`.
///
/// Strokes are recorded with `GraphicsContext.stroke(_:with:style:)` after the element's fill (SVG's
/// paint order): `stroke-width` (default 1; 0 draws nothing, a negative value draws nothing with a
/// warning), `stroke-linecap`, `stroke-linejoin` (`miter-clip` and `arcs` are drawn as `miter`, with a
/// warning), `stroke-miterlimit` (default 4; below 1 is an error: warning, 4 used),
/// `stroke-dasharray` (an odd count repeats; percentages of the viewport diagonal / sqrt 2; a negative
/// value draws a solid line with a warning; all zeros are solid), `stroke-dashoffset`,
/// `stroke-opacity` (times the element's opacity). Gradient strokes in objectBoundingBox units use the
/// fill bounding box of the geometry, as fills do.
///
/// `clip-path` (userSpaceOnUse and objectBoundingBox `<clipPath>`s, their `transform`, `clip-rule`
/// and nested clip paths) and nested `<svg>` viewports are drawn with `GraphicsContext.clip(to:)`;
/// `opacity` on groups (and on shapes with both a fill and a stroke) with `drawLayer`. Masks, filters,
/// text and images are reported in `warnings`.
public struct SVGDocument: Sendable {
    /// The document's size in points: width/height (px, unitless, pt, pc, in, cm, mm), else the viewBox
    /// size, else 300 x 150.
    public var size: CGSize
    public var viewBox: CGRect?
    /// Unsupported or invalid content, each naming the element and its line.
    public var warnings: [SVGWarning]

    var preserveAspectRatio: SVGAspectRatio
    var root: SVGNode
    /// `<clipPath>` elements referenced by `clip-path`, resolved.
    var clipPaths: [String: SVGClipPath]

    init(size: CGSize, viewBox: CGRect?, warnings: [SVGWarning], preserveAspectRatio: SVGAspectRatio,
         root: SVGNode, clipPaths: [String: SVGClipPath]) {
        self.size = size
        self.viewBox = viewBox
        self.warnings = warnings
        self.preserveAspectRatio = preserveAspectRatio
        self.root = root
        self.clipPaths = clipPaths
    }

    /// Parses SVG data. Throws `SVGError`.
    public static func parse(data: Data) throws -> SVGDocument {
        let tree = try SVGXMLTree.parse(data: data)
        let root = tree.root
        var warnings: [SVGWarning] = []
        func warn(_ message: String) {
            warnings.append(SVGWarning(element: root.name, line: root.line, message: message))
        }

        var viewBox: CGRect? = nil
        if let text = root.attributes["viewBox"] {
            if let vb = SVGViewBox.parse(text), vb.width > 0, vb.height > 0, vb.width.isFinite, vb.height.isFinite,
               vb.minX.isFinite, vb.minY.isFinite {
                viewBox = vb
            } else {
                warn("invalid viewBox '\(text)' ignored")
            }
        }
        var par = SVGAspectRatio.default
        if let text = root.attributes["preserveAspectRatio"] {
            if let p = SVGAspectRatio.parse(text) { par = p } else { warn("invalid preserveAspectRatio '\(text)' ignored") }
        }
        func dimension(_ name: String) -> Double? {
            guard let text = root.attributes[name] else { return nil }
            guard let l = SVGLength.parse(text) else { warn("invalid \(name) '\(text)' ignored"); return nil }
            if l.isPercent { return nil }  // relative to an unknown outer viewport: use the viewBox
            guard l.value > 0 else { warn("non-positive \(name) '\(text)' ignored"); return nil }
            return l.value
        }
        var width = dimension("width"), height = dimension("height")
        if let vb = viewBox {
            if width == nil, let h = height { width = h * vb.width / vb.height }
            if height == nil, let w = width { height = w * vb.height / vb.width }
        }
        let size = CGSize(width: width ?? viewBox?.width ?? 300, height: height ?? viewBox?.height ?? 150)
        // The size is kept as computed (in floating point, never converted here); a canvas the renderer
        // cannot take (not finite, e.g. a derived side that overflows, or beyond the pixel limits) is
        // named in a warning, and rendering it at this size throws `TileRenderError` from
        // `Scene.pixelSize(for:)`, the renderer's one canvas check.
        do { _ = try Scene.pixelSize(for: size) } catch {
            warn("document size \(size.width)x\(size.height) cannot be rendered as is (\(error)); give makeScene(size:) a smaller size")
        }

        var builder = SVGBuilder(tree: tree, viewport: viewBox?.size ?? size)
        let node = builder.buildRoot(root)
        return SVGDocument(size: size, viewBox: viewBox, warnings: warnings + builder.warnings,
                           preserveAspectRatio: par, root: node, clipPaths: builder.clipPaths)
    }

    /// Reads and parses a file. Throws `SVGError`.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            // Foundation's error description is a multi-line NSError dump; say what went wrong plainly.
            var isDirectory: ObjCBool = false
            let reason: String
            if !FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
                reason = "no such file"
            } else if isDirectory.boolValue {
                reason = "is a directory"
            } else if !FileManager.default.isReadableFile(atPath: url.path) {
                reason = "permission denied"
            } else {
                reason = (error as NSError).localizedDescription
            }
            throw SVGError.unreadable(url.path, reason: reason)
        }
        self = try Self.parse(data: data)
    }

    /// Records the drawing into a scene of `size`, or scaled to `targetSize` when given (the viewBox
    /// maps into targetSize with preserveAspectRatio rules).
    public func makeScene(size targetSize: CGSize? = nil) -> Scene {
        let sceneSize = targetSize ?? size
        var scene = Scene(size: sceneSize)
        scene.draw { context in
            draw(in: &context, size: sceneSize)
        }
        return scene
    }

    /// Draws into an existing context: the viewBox (or, without one, the document's size) maps into
    /// (0, 0, size) of the context's user space with the preserveAspectRatio rules.
    public func draw(in context: inout GraphicsContext, size: CGSize) {
        let box = viewBox ?? CGRect(origin: .zero, size: self.size)
        var c = context
        let t = preserveAspectRatio.transform(viewBox: box, into: CGRect(origin: .zero, size: size))
        if !t.isIdentity { c.concatenate(t) }
        draw(root, in: c)
    }

    private func draw(_ node: SVGNode, in context: GraphicsContext) {
        var c = context
        if !node.transform.isIdentity { c.concatenate(node.transform) }
        // Clips are in the element's user space (inside its own transform).
        if let clip = node.viewportClip { c.clip(to: clip) }
        if let id = node.clipPathID, let clipPath = clipPaths[id] {
            guard applyClip(clipPath, to: &c, for: node, depth: 0) else { return }
        }
        if node.groupOpacity < 1 {
            c.opacity *= node.groupOpacity
            c.drawLayer { inner in drawContent(node, in: inner) }
        } else {
            drawContent(node, in: c)
        }
    }

    /// Clips `context` to `clipPath` (and the clip paths it references in turn) for `node`; false when
    /// nothing can show (an objectBoundingBox clip on an element without area).
    private func applyClip(_ clipPath: SVGClipPath, to context: inout GraphicsContext, for node: SVGNode,
                           depth: Int) -> Bool {
        var path = clipPath.path
        if clipPath.units == .objectBoundingBox {
            let box = Self.boundingBox(of: node)
            guard !box.isNull, box.width > 0, box.height > 0 else { return false }
            path = path.applying(CGAffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))
        }
        if path.isEmpty { return false }  // an empty clip path clips everything away
        context.clip(to: path, style: FillStyle(eoFill: clipPath.rule == .evenOdd))
        // The builder drops circular references; the depth bound is a second guard.
        if depth < 32, let id = clipPath.clipPathID, let nested = clipPaths[id] {
            return applyClip(nested, to: &context, for: node, depth: depth + 1)
        }
        return true
    }

    /// The element's geometry bounding box in its user space (inside its transform): a shape's outline,
    /// or the union of a group's children's boxes (each mapped through its transform).
    static func boundingBox(of node: SVGNode) -> CGRect {
        var box = CGRect.null
        func add(_ n: SVGNode, _ t: CGAffineTransform) {
            switch n.content {
            case .shape(let shape):
                let r = shape.path.applying(t).boundingRect
                if !r.isNull { box = box.isNull ? r : box.union(r) }
            case .group(let children):
                for child in children { add(child, child.transform.concatenating(t)) }
            }
        }
        add(node, .identity)
        return box
    }

    private func drawContent(_ node: SVGNode, in c: GraphicsContext) {
        switch node.content {
        case .group(let children):
            for child in children { draw(child, in: c) }
        case .shape(let shape):
            if let fill = shape.fill {
                let style = FillStyle(eoFill: fill.rule == .evenOdd)
                if fill.paintTransform.isIdentity {
                    c.fill(fill.path, with: fill.shading, style: style)
                } else {
                    var g = c
                    g.concatenate(fill.paintTransform)
                    g.fill(fill.path, with: fill.shading, style: style)
                }
            }
            // SVG paint order: the stroke is painted over the fill.
            if let stroke = shape.resolvedStroke {
                if stroke.fillsOutline {
                    let outline = stroke.path.strokedPath(stroke.style).applying(stroke.paintTransform.inverted())
                    var g = c
                    g.concatenate(stroke.paintTransform)
                    g.fill(outline, with: stroke.shading)
                } else {
                    c.stroke(stroke.path, with: stroke.shading, style: stroke.style)
                }
            }
        }
    }
}

/// Something in the document that was not drawn as written.
public struct SVGWarning: Sendable, CustomStringConvertible {
    /// The element's name, e.g. `path`.
    public var element: String
    /// 1-based line of the element's start tag (as the XML parser reports it).
    public var line: Int
    public var message: String

    public init(element: String, line: Int, message: String) {
        self.element = element
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): <\(element)>: \(message)" }
}

public enum SVGError: Error, CustomStringConvertible {
    /// Not well-formed XML (including a truncated file).
    case malformed(line: Int, column: Int, reason: String)
    /// Well-formed XML whose root is not `<svg>`.
    case notSVG(String)
    /// The file could not be read.
    case unreadable(String, reason: String)

    public var description: String {
        switch self {
        case .malformed(let line, let column, let reason): "malformed SVG at line \(line), column \(column): \(reason)"
        case .notSVG(let reason): "not an SVG document: \(reason)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}
