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
/// `clip-path` (userSpaceOnUse and objectBoundingBox `<clipPath>`s, their `transform`, per-child
/// `clip-rule` and `clip-path`, nested clip paths) and nested `<svg>` viewports are drawn with
/// `GraphicsContext.clip(to:)`, or, for a union one path cannot express, as a mask (`drawClipped`);
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
    /// `<mask>` elements referenced by `mask`, resolved.
    var masks: [String: SVGMask] = [:]
    /// Nesting depth of `root` (at most `SVGBuildLimits.maxNestingDepth`): deep drawings are replayed
    /// on a thread with a known stack (`SVGLargeStack`), since drawing recurses once per level.
    var nestingDepth = 0
    static let smallStackDepth = 16

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
        var sheet = SVGStyleSheet(tree: tree)
        sheet.apply(to: tree)
        var warnings = sheet.warnings.map { SVGWarning(element: "style", line: $0.line, message: $0.message) }
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
        let node = try builder.buildRoot(root)
        var document = SVGDocument(size: size, viewBox: viewBox, warnings: warnings + builder.warnings,
                                   preserveAspectRatio: par, root: node, clipPaths: builder.clipPaths)
        document.masks = builder.masks
        document.nestingDepth = builder.limits.maxDepthReached
        return document
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
        if nestingDepth > Self.smallStackDepth {
            SVGLargeStack.run { draw(root, in: c) }
        } else {
            draw(root, in: c)
        }
    }

    private func draw(_ node: SVGNode, in context: GraphicsContext) {
        var c = context
        if !node.transform.isIdentity { c.concatenate(node.transform) }
        // Clips are in the element's user space (inside its own transform).
        if let clip = node.viewportClip { c.clip(to: clip) }
        // mix-blend-mode composites the finished element (filtered, clipped, masked, at its opacity)
        // onto what is beneath; a blended or isolated element is a group of its own.
        guard node.blendMode == .normal && !node.isolated else {
            c.blendMode = node.blendMode
            c.drawLayer { layer in drawClippedAndMasked(node, in: layer) }
            return
        }
        drawClippedAndMasked(node, in: c)
    }

    /// SVG's order: the filter first, then the clip, the mask and the opacity.
    private func drawClippedAndMasked(_ node: SVGNode, in c: GraphicsContext) {
        drawClipped(node.clipPathID, node: node, in: c, depth: 0) { c in
            drawMasked(node.maskID, node: node, in: c, depth: 0) { c in drawGroup(node, in: c) }
        }
    }

    /// Draws `content` masked by the mask `id` (and the masks it references in turn), for `node`
    /// (whose bounding box objectBoundingBox units refer to). Draws nothing when the mask region is
    /// empty, or an objectBoundingBox mask meets an element without area.
    private func drawMasked(_ id: String?, node: SVGNode, in context: GraphicsContext, depth: Int,
                            content: (GraphicsContext) -> Void) {
        // The builder drops circular references and bounds nesting; the depth bound is a second guard.
        guard let id, depth < 64, let mask = masks[id] else { content(context); return }
        guard let (box, region) = effectRegion(node, usesBox: mask.usesBoundingBox, mask.userRegion) else { return }
        context.drawLayer(masked: { m in
            if mask.contentUnits == .objectBoundingBox {
                m.concatenate(CGAffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))
            }
            for child in mask.children { draw(child, in: m) }
        }, maskRegion: Path(region), maskFilters: mask.alpha ? [] : [GraphicsContext.AppliedFilter(.luminanceMask)],
        content: { layer in
            drawMasked(mask.maskID, node: node, in: layer, depth: depth + 1, content: content)
        })
    }

    /// The bounding box (when `usesBox`) and the user-space region of a mask or filter on `node`, or nil
    /// when the effect hides the element: objectBoundingBox units on an element without area, or an
    /// empty region.
    private func effectRegion(_ node: SVGNode, usesBox: Bool, _ region: (CGRect) -> CGRect) -> (CGRect, CGRect)? {
        var box = CGRect.null
        if usesBox {
            box = node.objectBoundingBox ?? Self.boundingBox(of: node)
            guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        }
        let r = region(box)
        guard r.width > 0, r.height > 0 else { return nil }
        return (box, r)
    }

    /// The element's own drawing: its filter, then its group opacity.
    private func drawGroup(_ node: SVGNode, in c: GraphicsContext) {
            switch node.filter {
            case .graph(let filter):
                drawFiltered(node, filter, in: c)
            case .color(let steps):
                drawLayer(node, opacity: node.groupOpacity, filters: steps.map(GraphicsContext.ChainedFilter.color), in: c)
            case .none:
                if node.groupOpacity < 1 {
                    drawLayer(node, opacity: node.groupOpacity, filters: [], in: c)
                } else {
                    drawContent(node, in: c)
                }
            }
    }

    /// One layer: `filters` (colour filters) first, then composited at `opacity`.
    private func drawLayer(_ node: SVGNode, opacity: Double, filters: [GraphicsContext.ChainedFilter], in context: GraphicsContext) {
        var c = context
        c.opacity *= opacity
        if c.filters.isEmpty {
            c.filters = filters
            c.drawLayer { inner in drawContent(node, in: inner) }
        } else {
            // The caller's own filters apply to the element's filtered result.
            c.drawLayer { outer in
                var filtered = outer
                filtered.filters = filters
                filtered.drawLayer { inner in drawContent(node, in: inner) }
            }
        }
    }

    /// The element rendered over its filter region and run through its filter's program, then
    /// composited at the group opacity. An objectBoundingBox filter on an element without area, or an
    /// empty filter region, draws nothing (Filter Effects); a region too large to filter is drawn
    /// unfiltered.
    private func drawFiltered(_ node: SVGNode, _ filter: SVGFilter, in context: GraphicsContext) {
        guard let (box, region) = effectRegion(node, usesBox: filter.usesBoundingBox, filter.userRegion) else { return }
        var c = context
        c.opacity *= node.groupOpacity
        func draw(_ c: GraphicsContext) {
            let program = filter.program(box: box, transform: c.transform, blendMode: c.blendMode)
            if !c.drawFiltered(program: program, region: region, { inner in drawContent(node, in: inner) }) {
                drawLayer(node, opacity: 1, filters: [], in: c)
            }
        }
        if c.filters.isEmpty {
            draw(c)
        } else {
            // The caller's own filters apply to the element's filtered result.
            c.drawLayer { outer in draw(outer) }
        }
    }

    /// Draws `content` clipped by the clip path `id` (and the clip paths it references in turn), for
    /// `node` (whose bounding box objectBoundingBox units refer to). Draws nothing when the clip is
    /// empty or an objectBoundingBox clip meets an element without area.
    ///
    /// A clip path that is one path with one rule (`SVGClipPath.path`) becomes one `clip(to:)`.
    /// Otherwise its children are drawn as a mask, each with its own rule and its own clip-path, and
    /// united by source-over (what resvg does), the content kept where their union covers it
    /// (`GraphicsContext.drawLayer(masked:content:)`).
    private func drawClipped(_ id: String?, node: SVGNode, in context: GraphicsContext, depth: Int,
                             content: (GraphicsContext) -> Void) {
        // The builder drops circular references and bounds nesting; the depth bound is a second guard.
        guard let id, depth < 256, let clipPath = clipPaths[id] else { content(context); return }
        var box = CGRect.null
        if clipPath.units == .objectBoundingBox {
            box = node.objectBoundingBox ?? Self.boundingBox(of: node)
            guard !box.isNull, box.width > 0, box.height > 0 else { return }
        }
        let toUser = clipPath.contentTransform(box: box)
        guard toUser.isInvertible else { return }
        if let path = clipPath.path {
            if path.isEmpty { return }  // an empty clip path clips everything away
            var c = context
            c.clip(to: path.applying(toUser), style: FillStyle(eoFill: clipPath.rule == .evenOdd))
            drawClipped(clipPath.clipPathID, node: node, in: c, depth: depth + 1, content: content)
            return
        }
        if clipPath.children.isEmpty { return }
        context.drawLayer(masked: { mask in
            mask.concatenate(toUser)
            for child in clipPath.children { drawMask(child, in: mask, depth: depth + 1) }
        }, content: { layer in
            drawClipped(clipPath.clipPathID, node: node, in: layer, depth: depth + 1, content: content)
        })
    }

    /// Fills a clip path child's region opaquely: its outline by its clip-rule, inside its own clip-path.
    private func drawMask(_ node: SVGNode, in context: GraphicsContext, depth: Int) {
        var c = context
        if !node.transform.isIdentity { c.concatenate(node.transform) }
        drawClipped(node.clipPathID, node: node, in: c, depth: depth) { c in
            switch node.content {
            case .shape(let shape):
                c.fill(shape.path, with: .color(.white), style: FillStyle(eoFill: shape.clipRule == .evenOdd))
            case .group(let children):
                for child in children { drawMask(child, in: c, depth: depth + 1) }
            }
        }
    }

    /// The element's geometry bounding box in its user space (inside its transform): a shape's outline,
    /// or the union of a group's children's boxes (each mapped through its transform).
    static func boundingBox(of node: SVGNode) -> CGRect {
        var unlimited = Int.max
        return boundingBox(of: node, exactBudget: &unlimited)
    }

    /// `boundingBox(of:)` using the boxes cached in descendants (`objectBoundingBox`): exact under
    /// scales and translations; under other transforms the descendant's geometry is walked again,
    /// one unit of `exactBudget` per shape, and once that is spent the cached box is transformed
    /// instead (a box that contains the exact one). This bounds nested objectBoundingBox clips.
    static func boundingBox(of node: SVGNode, exactBudget: inout Int) -> CGRect {
        var box = CGRect.null
        func add(_ n: SVGNode, _ t: CGAffineTransform) {
            switch n.content {
            case .shape(let shape):
                exactBudget -= 1
                let r = shape.path.applying(t).boundingRect
                if !r.isNull { box = box.isNull ? r : box.union(r) }
            case .group(let children):
                for child in children {
                    let ct = child.transform.concatenating(t)
                    if let cached = child.objectBoundingBox, (ct.b == 0 && ct.c == 0) || exactBudget <= 0 {
                        if !cached.isNull {
                            let r = cached.applying(ct)
                            box = box.isNull ? r : box.union(r)
                        }
                    } else {
                        add(child, ct)
                    }
                }
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
                if let pattern = fill.pattern {
                    drawPattern(pattern, filling: fill.path, style: style, in: c)
                } else if fill.paintTransform.isIdentity {
                    c.fill(fill.path, with: fill.shading, style: style)
                } else {
                    var g = c
                    g.concatenate(fill.paintTransform)
                    g.fill(fill.path, with: fill.shading, style: style)
                }
            }
            // SVG paint order: the stroke is painted over the fill.
            if let stroke = shape.resolvedStroke {
                if let pattern = stroke.pattern {
                    drawPattern(pattern, filling: stroke.path.strokedPath(stroke.style), style: FillStyle(), in: c)
                } else if stroke.fillsOutline {
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

extension SVGDocument {
    /// The most pixels one pattern tile is rendered with: a finer tile is rendered at this size and
    /// stretched (64 MB of RGBA8).
    static let maxPatternTilePixels = 1 << 24

    /// Fills `path` (user space) with the pattern's tile, rendered offscreen at the device resolution
    /// of one tile and repeated.
    fileprivate func drawPattern(_ paint: SVGPatternPaint, filling path: Path, style: FillStyle, in context: GraphicsContext) {
        let p = paint.pattern
        let tile = p.tileRect(box: paint.box)
        guard tile.width > 0, tile.height > 0, [tile.minX, tile.minY, tile.maxX, tile.maxY].allSatisfy(\.isFinite) else { return }
        var c = context
        c.concatenate(p.transform)
        c.opacity *= paint.opacity
        // One tile in device pixels, whole and at least one each way, within the pixel budget.
        let t = c.transform
        var w = Double(hypot(t.a, t.b) * tile.width), h = Double(hypot(t.c, t.d) * tile.height)
        guard w.isFinite, h.isFinite, w > 0, h > 0 else { return }
        let budget = Double(Self.maxPatternTilePixels)
        if w * h > budget { let k = (budget / (w * h)).squareRoot(); w *= k; h *= k }
        w = min(max(w.rounded(.up), 1), Double(Bitmap.maxDimension))
        h = min(max(h.rounded(.up), 1), Double(Bitmap.maxDimension))
        var content = Scene(size: CGSize(width: w, height: h))
        let toPixels = p.contentTransform(tile: tile, box: paint.box)
            .concatenating(CGAffineTransform(scaleX: CGFloat(w) / tile.width, y: CGFloat(h) / tile.height))
        content.draw { pc in
            pc.concatenate(toPixels)
            for child in p.children { draw(child, in: pc) }
        }
        c.fill(path.applying(p.transform.inverted()), tiledWith: content, tile: tile, style: style)
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
    /// The document is beyond one of the importer's limits (nesting depth, element count, `<use>`
    /// expansion, path data, gradient stops, dashes; see `SVGBuildLimits`); the reason names the limit.
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .malformed(let line, let column, let reason): "malformed SVG at line \(line), column \(column): \(reason)"
        case .notSVG(let reason): "not an SVG document: \(reason)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .limitExceeded(let reason): "SVG document too complex: \(reason)"
        }
    }
}
