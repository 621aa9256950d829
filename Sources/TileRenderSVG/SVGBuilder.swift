import Foundation
import TileRender

/// Turns the XML tree into the drawing model (`SVGNode`s), resolving styles, references and gradient
/// geometry once, and collecting warnings.
struct SVGBuilder {
    let tree: SVGXMLTree
    var warnings: [SVGWarning] = []
    /// Viewport for percentages (the nearest viewBox, or the document size).
    var viewport: CGSize
    var clipPaths: [String: SVGClipPath] = [:]
    var masks: [String: SVGMask] = [:]
    /// Masks being built (a reference back to one is circular), and those found too costly.
    var masksInProgress: Set<String> = []
    var rejectedMasks: Set<String> = []
    /// Per built mask, how many outlines drawing it fills (as `clipCosts`).
    var maskCosts: [String: Int] = [:]
    private var gradientCache: [String: SVGGradient?] = [:]
    private var activeReferences: [ObjectIdentifier] = []
    var clipsInProgress: Set<String> = []
    /// Per built clip path, how many outlines drawing it fills (its children's, their clip paths'
    /// and its own clip path's, each counted every time it is drawn), to bound mask expansion.
    var clipCosts: [String: Int] = [:]
    /// Markers being built (a marker drawn inside its own content is skipped), and built markers' content.
    var markersInProgress: Set<String> = []
    var markerContent: [String: [SVGNode]] = [:]
    /// Built patterns (nil: not usable), patterns being built, and pattern uses weighted by content.
    var patterns: [String: SVGPattern?] = [:]
    var patternsInProgress: Set<String> = []
    var patternDraws = 0
    /// Decoded `<image>` data by element (a `<use>` of an image decodes it once), and pixels decoded.
    var decodedImages: [ObjectIdentifier: Bitmap?] = [:]
    var decodedImagePixels = 0
    /// Marker instances placed so far (bounded by `maxMarkerDraws`, weighted by their content).
    var markerDraws = 0
    /// Clip paths found too costly or too deeply nested: ignored wherever they are referenced.
    private var rejectedClips: Set<String> = []
    /// A clip path whose drawing would fill more outlines than this is ignored (bounded time: children
    /// that each reference a clip path with several children multiply).
    static let maxClipCost = 10_000
    /// Limits on hostile input (see "Limits and bad input" in README.md); `SVGBuilder+Limits.swift`.
    var limits = SVGBuildLimits()
    var gradientChains = SVGGradientChains()

    init(tree: SVGXMLTree, viewport: CGSize) {
        self.tree = tree
        self.viewport = viewport
    }

    mutating func warn(_ element: SVGXMLElement, _ message: String) {
        guard let message = limits.admitWarning(message, count: warnings.count) else { return }
        warnings.append(SVGWarning(element: element.name, line: element.line, message: message))
    }

    // MARK: Elements

    /// `style` is read before building (SVGStyleSheet).
    static let silentlyIgnored: Set<String> = ["title", "desc", "metadata", "style"]
    /// Elements drawn only through a reference (or never); skipped where they appear.
    static let referencedOnly: Set<String> = [
        "defs", "linearGradient", "radialGradient", "clipPath", "symbol", "marker", "pattern", "mask",
        "filter", "stop",
    ]
    static let unsupported: Set<String> = [
        "foreignObject", "textPath", "tspan", "script", "view", "cursor",
        "font", "font-face", "color-profile",
    ]
    static let animation: Set<String> = ["animate", "animateTransform", "animateMotion", "animateColor", "set"]
    static let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    static let containers: Set<String> = ["g", "a", "switch", "svg", "use"]

    mutating func buildRoot(_ root: SVGXMLElement) throws(SVGError) -> SVGNode {
        // Building recurses once per nesting level: on a thread with a known stack (SVGLargeStack).
        let node = SVGLargeStack.run { () -> SVGNode? in
            checkExpansion(root)
            guard limits.error == nil else { return nil }
            return build(root, parent: SVGStyle(), opacity: 1, isRoot: true)
        }
        if let error = limits.error { throw error }
        finishWarnings(root)
        return node ?? SVGNode(element: "svg", line: root.line, id: nil, transform: .identity, clipPathID: nil,
                               groupOpacity: 1, content: .group([]))
    }

    mutating func buildChildren(of element: SVGXMLElement, style: SVGStyle, opacity: Double) -> [SVGNode] {
        var nodes: [SVGNode] = []
        for child in element.children {
            if let n = build(child, parent: style, opacity: opacity) { nodes.append(n) }
        }
        return nodes
    }

    /// Builds one element. `opacity` multiplies its paints (1 here: group opacity is drawn with layers).
    mutating func build(_ el: SVGXMLElement, parent: SVGStyle, opacity inherited: Double,
                        isRoot: Bool = false) -> SVGNode? {
        // Limits (SVGBuilder+Limits.swift): nesting depth and budgets, and the cached bounding box of
        // a node clipped in objectBoundingBox units.
        guard enterElement(el) else { return nil }
        defer { limits.depth -= 1 }
        return buildElement(el, parent: parent, opacity: inherited, isRoot: isRoot).map { cacheClipBox($0) }
    }

    private mutating func buildElement(_ el: SVGXMLElement, parent: SVGStyle, opacity inherited: Double,
                                       isRoot: Bool) -> SVGNode? {
        let name = el.name
        if Self.silentlyIgnored.contains(name) || Self.referencedOnly.contains(name) { return nil }
        if name.contains(":") { return nil }  // foreign namespace (editor metadata)
        if Self.unsupported.contains(name) {
            warn(el, "<\(name)> is not supported; skipped")
            return nil
        }
        if Self.animation.contains(name) {
            warn(el, "animation is not supported; ignored")
            return nil
        }
        guard Self.shapes.contains(name) || Self.containers.contains(name) || name == "text" || name == "image" else {
            warn(el, "unknown element <\(name)> skipped")
            return nil
        }

        var style = parent.inherited()
        for problem in style.apply(attributes: el.attributes) { warn(el, problem) }
        if style.displayNone { return nil }

        var transform = CGAffineTransform.identity
        if let text = el.attributes["transform"] {
            // An attribute in error is ignored, as if not specified (CSS; resvg and Chrome agree): the
            // element is drawn untransformed.
            if let t = SVGTransformList.parse(text) {
                transform = t
            } else {
                warn(el, "invalid transform '\(text)' ignored")
            }
        }
        if transform.determinant == 0 { return nil }  // everything collapses: nothing to draw

        // A missing, circular or too costly mask is ignored (after a warning).
        if let id = style.mask, !resolveMaskReference(id, el) { style.mask = nil }
        var filter = SVGNodeFilter.none
        if let id = style.filter {
            guard let resolved = resolveFilter(id, el) else { return nil }
            filter = resolved
        }
        if let clip = style.clipPath, !resolveClipReference(clip, el) { style.clipPath = nil }
        var node = buildResolved(el, name: name, style: style, transform: transform, inherited: inherited, isRoot: isRoot)
        node?.filter = filter
        node?.maskID = style.mask
        node?.blendMode = style.blendMode
        node?.isolated = style.isolate
        return node
    }

    /// The node for `el` once its style, transform and references are resolved.
    private mutating func buildResolved(_ el: SVGXMLElement, name: String, style: SVGStyle, transform: CGAffineTransform,
                                       inherited: Double, isRoot: Bool) -> SVGNode? {
        var transform = transform

        if name == "image" { return buildImage(el, style: style, transform: transform) }
        if name == "text" {
            // Glyph outlines, one shape per run of one style; the element's opacity is group opacity.
            let children = buildText(el, style: style, opacity: inherited)
            return SVGNode(element: name, line: el.line, id: el.attributes["id"], transform: transform,
                           clipPathID: style.clipPath, groupOpacity: style.opacity, content: .group(children))
        }
        if Self.shapes.contains(name), let withMarkers = buildMarkedShape(el, name: name, style: style, transform: transform,
                                                                       inherited: inherited) {
            return withMarkers
        }
        if Self.shapes.contains(name) {
            // A shape's opacity is multiplied into its paints (exact for one paint); with both a fill
            // and a stroke it needs a layer, or the fill would show through the translucent stroke.
            let hasFill = name != "line" && style.fill != .none
            let hasStroke = style.stroke != .none && style.strokeWidth.value > 0
            let useLayer = style.opacity < 1 && hasFill && hasStroke
            guard var shape = buildShape(el, style: style, opacity: useLayer ? inherited : inherited * style.opacity)
            else { return nil }
            guard countDashes(shape.stroke?.dashArray.count ?? 0) else { return nil }  // each shape copies them
            shape.fill = shape.fillPaint.flatMap { resolveFill($0, path: shape.path, rule: shape.fillRule, el) }
            shape.resolvedStroke = shape.stroke.flatMap { resolveStroke($0, path: shape.path, el) }
            return SVGNode(element: name, line: el.line, id: el.attributes["id"], transform: transform,
                           clipPathID: style.clipPath, groupOpacity: useLayer ? style.opacity : 1,
                           content: .shape(shape))
        }

        // Containers: their opacity is group opacity, drawn with a layer.
        let childOpacity = inherited
        var viewportClip: Path? = nil
        var children: [SVGNode] = []
        switch name {
        case "svg" where !isRoot:
            let savedViewport = viewport
            guard let x = length(el, "x", .x, default: 0), let y = length(el, "y", .y, default: 0),
                  let w = length(el, "width", .x, default: viewport.width),
                  let h = length(el, "height", .y, default: viewport.height) else { return nil }
            if w <= 0 || h <= 0 { return nil }
            var inner = CGAffineTransform(translationX: x, y: y)
            viewport = CGSize(width: w, height: h)
            if let vbText = el.attributes["viewBox"] {
                if let vb = SVGViewBox.parse(vbText), vb.width > 0, vb.height > 0 {
                    let par = aspectRatio(el)
                    inner = par.transform(viewBox: vb, into: CGRect(x: x, y: y, width: w, height: h))
                    viewport = vb.size
                } else {
                    warn(el, "invalid viewBox '\(vbText)' ignored")
                }
            }
            // The viewport clips the content unless overflow is visible; it is mapped into the
            // content's coordinates (inside `inner`, which only scales and translates).
            let overflow = el.attributes["overflow"] ?? SVGStyle.declarations(el.attributes["style"] ?? "")
                .last(where: { $0.0 == "overflow" })?.1 ?? "hidden"
            if overflow != "visible" && overflow != "auto" {
                viewportClip = Path(CGRect(x: x, y: y, width: w, height: h)).applying(inner.inverted())
            }
            transform = inner.concatenating(transform)
            children = buildChildren(of: el, style: style, opacity: childOpacity)
            viewport = savedViewport
        case "switch":
            // The first child that can be drawn (conditional attributes are not evaluated).
            for child in el.children where !Self.silentlyIgnored.contains(child.name) {
                if let n = build(child, parent: style, opacity: childOpacity) { children = [n]; break }
            }
        case "use":
            guard let (t, nodes) = buildUse(el, style: style, opacity: childOpacity) else { return nil }
            transform = t.concatenating(transform)
            children = nodes
        default:
            children = buildChildren(of: el, style: style, opacity: childOpacity)
        }
        return SVGNode(element: name, line: el.line, id: el.attributes["id"], transform: transform,
                       clipPathID: style.clipPath, groupOpacity: style.opacity, content: .group(children),
                       viewportClip: viewportClip)
    }

    // MARK: use / symbol

    /// The extra transform (x/y, symbol viewBox) and content of a `<use>`.
    private mutating func buildUse(_ el: SVGXMLElement, style: SVGStyle, opacity: Double)
        -> (CGAffineTransform, [SVGNode])? {
        guard let href = el.href?.svgTrimmed, href.hasPrefix("#"),
              let target = tree.ids[String(href.dropFirst())] else {
            warn(el, "use: reference '\(el.href ?? "")' not found; skipped")
            return nil
        }
        var ancestor: SVGXMLElement? = el
        while let a = ancestor {
            if a === target { warn(el, "use: circular reference to #\(href.dropFirst()); skipped"); return nil }
            ancestor = a.parent
        }
        if activeReferences.contains(ObjectIdentifier(target)) {
            warn(el, "use: circular reference to #\(href.dropFirst()); skipped")
            return nil
        }
        guard let x = length(el, "x", .x, default: 0), let y = length(el, "y", .y, default: 0) else { return nil }
        var t = CGAffineTransform(translationX: x, y: y)
        activeReferences.append(ObjectIdentifier(target))
        defer { activeReferences.removeLast() }

        if target.name == "symbol" {
            var symbolStyle = style.inherited()
            for problem in symbolStyle.apply(attributes: target.attributes) { warn(target, problem) }
            if symbolStyle.displayNone { return (t, []) }
            let saved = viewport
            defer { viewport = saved }
            if let vbText = target.attributes["viewBox"] {
                if let vb = SVGViewBox.parse(vbText), vb.width > 0, vb.height > 0 {
                    guard let w = length(el, "width", .x, default: viewport.width),
                          let h = length(el, "height", .y, default: viewport.height) else { return nil }
                    t = aspectRatio(target).transform(viewBox: vb, into: CGRect(x: 0, y: 0, width: w, height: h))
                        .concatenating(t)
                    viewport = vb.size
                } else {
                    warn(target, "invalid viewBox '\(vbText)' ignored")
                }
            }
            if let clip = symbolStyle.clipPath, !resolveClipReference(clip, target) { symbolStyle.clipPath = nil }
            let children = buildChildren(of: target, style: symbolStyle, opacity: opacity)
            if symbolStyle.opacity >= 1 && symbolStyle.clipPath == nil { return (t, children) }
            // The symbol's own opacity (group opacity) and clip-path: one group node for its content.
            return (t, [SVGNode(element: "symbol", line: target.line, id: target.attributes["id"],
                                transform: .identity, clipPathID: symbolStyle.clipPath,
                                groupOpacity: symbolStyle.opacity, content: .group(children))])
        }
        if Self.referencedOnly.contains(target.name) {
            warn(el, "use: cannot reference <\(target.name)>; skipped")
            return nil
        }
        guard let node = build(target, parent: style, opacity: opacity) else { return (t, []) }
        return (t, [node])
    }

    mutating func aspectRatio(_ el: SVGXMLElement) -> SVGAspectRatio {
        guard let text = el.attributes["preserveAspectRatio"] else { return .default }
        guard let par = SVGAspectRatio.parse(text) else {
            warn(el, "invalid preserveAspectRatio '\(text)' ignored")
            return .default
        }
        return par
    }

    // MARK: clipPath

    /// Builds the `<clipPath>` that `clip-path="url(#id)"` on `el` names; false (after a warning) when
    /// there is none or the reference is circular (the clip is then ignored).
    private mutating func resolveClipReference(_ id: String, _ el: SVGXMLElement) -> Bool {
        guard tree.ids[id]?.name == "clipPath" else {
            warn(el, "clip-path reference #\(id) not found; ignored")
            return false
        }
        if clipsInProgress.contains(id) {
            warn(el, "circular clip-path reference to #\(id); ignored")
            return false
        }
        if rejectedClips.contains(id) { return false }  // warned once, where it was built
        if clipsInProgress.count >= SVGBuildLimits.maxClipPathChain {
            warn(el, "clip-path #\(id) is nested more than \(SVGBuildLimits.maxClipPathChain) <clipPath>s deep "
                     + "(the importer's limit); ignored")
            return false
        }
        buildClipPath(id)
        return clipPaths[id] != nil
    }

    private mutating func buildClipPath(_ id: String) {
        guard clipPaths[id] == nil, !clipsInProgress.contains(id), !rejectedClips.contains(id),
              let el = tree.ids[id] else { return }
        clipsInProgress.insert(id)
        defer { clipsInProgress.remove(id) }
        var transform = CGAffineTransform.identity
        if let text = el.attributes["transform"] {
            if let t = SVGTransformList.parse(text) { transform = t } else { warn(el, "invalid transform '\(text)' ignored") }
        }
        var units = SVGGradient.Units.userSpaceOnUse
        if let text = el.attributes["clipPathUnits"] {
            switch text.svgTrimmed {
            case "objectBoundingBox": units = .objectBoundingBox
            case "userSpaceOnUse": break
            default: warn(el, "invalid clipPathUnits '\(text)'; userSpaceOnUse used")
            }
        }
        // Properties inherit into a <clipPath> from its own ancestors (not from the element that
        // references it): e.g. a clip-rule set on an enclosing <g> applies to its children.
        var style = inheritedStyle(of: el)
        for problem in style.apply(attributes: el.attributes) { warn(el, problem) }
        // Nested clipping: a clip-path on the <clipPath> element itself.
        var nested: String? = nil
        if let ref = style.clipPath, resolveClipReference(ref, el) { nested = ref }
        // A child's own clip-path is resolved while building it; one that leads back to a clip path in
        // progress (itself, or a cycle) is an invalid reference and is ignored with a warning, so the
        // child counts unclipped (what resvg does).
        let built = buildChildren(of: el, style: style.inherited(), opacity: 1)

        // Shapes and <use>s of shapes contribute; other elements are not allowed in a clipPath.
        var children: [SVGNode] = []
        var outlines: [(path: Path, rule: FillRule, clipped: Bool)] = []
        func collect(_ node: SVGNode, _ t: CGAffineTransform, clipped: Bool) {
            let t = node.transform.concatenating(t)
            let clipped = clipped || node.clipPathID != nil
            switch node.content {
            case .shape(let shape):
                outlines.append((shape.path.applying(t), shape.clipRule, clipped))
            case .group(let nodes):
                for n in nodes { collect(n, t, clipped: clipped) }
            }
        }
        for child in built {
            if case .group = child.content, child.element != "use" {
                warn(el, "<\(child.element)> is not allowed in <clipPath> #\(id); ignored")
                continue
            }
            children.append(child)
            collect(child, .identity, clipped: false)
        }

        // One path with one rule is the exact union when no child has its own clip, all share a rule
        // and their bounds are disjoint (no pixel gets winding from two children). Otherwise the
        // children are drawn as a mask, each with its own rule: overlapping even-odd children then
        // unite instead of cancelling, and mixed rules stay exact.
        var path: Path? = nil
        let rule = outlines.first?.rule ?? .nonZero
        if outlines.allSatisfy({ !$0.clipped && $0.rule == rule }) && outlines.count <= 64 {
            let boxes = outlines.map { $0.path.boundingRect }
            var disjoint = true
            for i in boxes.indices where disjoint {
                for j in boxes.indices where j > i {
                    // Touching bounds count as overlapping (an edge pixel shared by two children).
                    let (u, v) = (boxes[i], boxes[j])
                    if u.minX <= v.maxX && v.minX <= u.maxX && u.minY <= v.maxY && v.minY <= u.maxY { disjoint = false; break }
                }
            }
            if disjoint {
                var p = Path()
                for o in outlines { p.addPath(o.path) }
                path = p
            }
        }
        var cost = nested.flatMap { clipCosts[$0] } ?? 0
        func addCost(_ node: SVGNode) {
            var inner = 0
            switch node.content {
            case .shape: inner = 1
            case .group(let nodes): for n in nodes { addCost(n) }
            }
            cost = min(cost + inner + (node.clipPathID.flatMap { clipCosts[$0] } ?? 0), Self.maxClipCost + 1)
        }
        for child in children { addCost(child) }
        if cost > Self.maxClipCost {
            warn(el, "clipPath #\(id) would fill more than \(Self.maxClipCost) outlines; ignored")
            rejectedClips.insert(id)
            return
        }
        clipCosts[id] = cost
        clipPaths[id] = SVGClipPath(id: id, units: units, transform: transform, children: children,
                                    path: path, rule: rule, clipPathID: nested)
    }

    /// The computed style of `el`'s parent chain (root first), without `el`'s own attributes. Problems in
    /// the ancestors' values are warned where those elements are built, not again here.
    func inheritedStyle(of el: SVGXMLElement) -> SVGStyle {
        var chain: [SVGXMLElement] = []
        var a = el.parent
        while let e = a, chain.count < 4096 { chain.append(e); a = e.parent }
        var style = SVGStyle()
        for e in chain.reversed() {
            style = style.inherited()
            _ = style.apply(attributes: e.attributes)
        }
        return style.inherited()
    }

    // MARK: Lengths

    /// A geometric attribute in user units; `default` when absent; nil (after a warning) when invalid.
    mutating func length(_ el: SVGXMLElement, _ name: String, _ axis: SVGLength.Axis, default d: Double) -> Double? {
        guard let text = el.attributes[name] else { return d }
        guard let l = SVGLength.parse(text) else {
            warn(el, "invalid number in \(name)='\(text)': element skipped")
            return nil
        }
        return l.resolved(axis, viewport: viewport)
    }

    /// Like `length`, but distinguishes "absent or auto" (`.some(nil)`).
    private mutating func optionalLength(_ el: SVGXMLElement, _ name: String, _ axis: SVGLength.Axis,
                                         invalid consequence: String = "element skipped") -> Double?? {
        guard let text = el.attributes[name], text.svgTrimmed != "auto" else { return .some(nil) }
        guard let l = SVGLength.parse(text) else {
            warn(el, "invalid number in \(name)='\(text)': \(consequence)")
            return nil
        }
        return .some(l.resolved(axis, viewport: viewport))
    }

    // MARK: Shapes

    private mutating func buildShape(_ el: SVGXMLElement, style: SVGStyle, opacity: Double) -> SVGShape? {
        guard let path = shapePath(el) else { return nil }
        return paintedShape(path, el, style: style, opacity: opacity)
    }

    /// `paintedShape` with its fill and stroke resolved for recording (text's glyph runs).
    mutating func resolvedShape(_ path: Path, _ el: SVGXMLElement, style: SVGStyle, opacity: Double) -> SVGShape? {
        guard var shape = paintedShape(path, el, style: style, opacity: opacity) else { return nil }
        guard countDashes(shape.stroke?.dashArray.count ?? 0) else { return nil }
        shape.fill = shape.fillPaint.flatMap { resolveFill($0, path: shape.path, rule: shape.fillRule, el) }
        shape.resolvedStroke = shape.stroke.flatMap { resolveStroke($0, path: shape.path, el) }
        return shape
    }

    /// `path` with the fill and stroke of `style` (paints resolved); nil when nothing is drawn.
    /// Shapes and text share it.
    mutating func paintedShape(_ path: Path, _ el: SVGXMLElement, style: SVGStyle, opacity: Double) -> SVGShape? {
        // Only movetos (e.g. "M 10 10" or a one-point polyline): nothing to draw.
        guard path.elements.contains(where: { if case .move = $0 { return false } else { return true } }) else { return nil }
        guard style.visible else { return nil }
        var fillPaint: SVGPaint? = nil
        if el.name != "line" {
            fillPaint = resolvePaint(style.fill, style: style, el, alpha: style.fillOpacity * opacity)
        }
        var stroke: SVGStroke? = nil
        let width = style.strokeWidth.resolved(.other, viewport: viewport)
        if style.stroke != .none && width > 0,
           let paint = resolvePaint(style.stroke, style: style, el, alpha: style.strokeOpacity * opacity) {
            var dashes = style.dashArray.map { $0.resolved(.other, viewport: viewport) }
            if dashes.count % 2 == 1 { dashes += dashes }
            if dashes.allSatisfy({ $0 == 0 }) { dashes = [] }
            stroke = SVGStroke(paint: paint, width: width, lineCap: style.lineCap, lineJoin: style.lineJoin,
                               miterLimit: style.miterLimit, dashArray: dashes,
                               dashOffset: style.dashOffset.resolved(.other, viewport: viewport))
            if style.lineJoin == .arcs || style.lineJoin == .miterClip {
                warn(el, "stroke-linejoin '\(style.lineJoin.rawValue)' is not supported; miter used")
            }
        }
        return SVGShape(path: path, fillPaint: fillPaint, fillRule: style.fillRule, clipRule: style.clipRule,
                        stroke: stroke, fill: nil)
    }

    /// The element's outline in its user space; nil when invalid (warned) or empty.
    mutating func shapePath(_ el: SVGXMLElement) -> Path? {
        switch el.name {
        case "path":
            guard let d = el.attributes["d"] else { return nil }
            let result = SVGPathData.parse(d)
            if let error = result.error {
                warn(el, "path data error: \(error); drawn up to the error")
            }
            return result.path
        case "rect":
            guard let x = length(el, "x", .x, default: 0), let y = length(el, "y", .y, default: 0),
                  let w = length(el, "width", .x, default: 0), let h = length(el, "height", .y, default: 0)
            else { return nil }
            if w < 0 || h < 0 { warn(el, "negative width or height: element skipped"); return nil }
            if w == 0 || h == 0 { return nil }
            // An invalid rx or ry is ignored, i.e. auto (SVG 2; resvg agrees), instead of skipping the rect.
            var rx = optionalLength(el, "rx", .x, invalid: "treated as auto") ?? nil
            var ry = optionalLength(el, "ry", .y, invalid: "treated as auto") ?? nil
            if let r = rx, r < 0 { warn(el, "negative rx treated as auto"); rx = nil }
            if let r = ry, r < 0 { warn(el, "negative ry treated as auto"); ry = nil }
            let rxv = min(rx ?? ry ?? 0, w / 2)
            let ryv = min(ry ?? rx ?? 0, h / 2)
            return SVGGeometry.rect(x: x, y: y, width: w, height: h, rx: rxv, ry: ryv)
        case "circle":
            guard let cx = length(el, "cx", .x, default: 0), let cy = length(el, "cy", .y, default: 0),
                  let r = length(el, "r", .other, default: 0) else { return nil }
            if r < 0 { warn(el, "negative r: element skipped"); return nil }
            if r == 0 { return nil }
            return SVGGeometry.ellipse(cx: cx, cy: cy, rx: r, ry: r)
        case "ellipse":
            guard let cx = length(el, "cx", .x, default: 0), let cy = length(el, "cy", .y, default: 0),
                  let rxOpt = optionalLength(el, "rx", .x), let ryOpt = optionalLength(el, "ry", .y)
            else { return nil }
            let rx = rxOpt ?? ryOpt ?? 0, ry = ryOpt ?? rxOpt ?? 0
            if rx < 0 || ry < 0 { warn(el, "negative radius: element skipped"); return nil }
            if rx == 0 || ry == 0 { return nil }
            return SVGGeometry.ellipse(cx: cx, cy: cy, rx: rx, ry: ry)
        case "line":
            guard let x1 = length(el, "x1", .x, default: 0), let y1 = length(el, "y1", .y, default: 0),
                  let x2 = length(el, "x2", .x, default: 0), let y2 = length(el, "y2", .y, default: 0)
            else { return nil }
            var p = Path()
            p.move(to: CGPoint(x: x1, y: y1))
            p.addLine(to: CGPoint(x: x2, y: y2))
            return p
        case "polyline", "polygon":
            guard let text = el.attributes["points"] else { return nil }
            var s = SVGScanner(text)
            var values: [Double] = []
            s.skipWhitespace()
            while !s.atEnd {
                guard let v = s.number() else {
                    warn(el, "invalid points data at offset \(s.index); drawn up to the error")
                    break
                }
                values.append(v)
                s.skipCommaWhitespace()
            }
            if values.count % 2 == 1 {
                if s.atEnd { warn(el, "odd number of coordinates in points; last one ignored") }
                values.removeLast()
            }
            guard values.count >= 2 else { return nil }
            var p = Path()
            p.addLines(stride(from: 0, to: values.count, by: 2).map { CGPoint(x: values[$0], y: values[$0 + 1]) })
            if el.name == "polygon" { p.closeSubpath() }
            return p
        default:
            return nil
        }
    }

    // MARK: Paint

    /// Resolves a paint for an element; `alpha` multiplies the paint's opacity.
    private mutating func resolvePaint(_ spec: SVGPaintSpec, style: SVGStyle, _ el: SVGXMLElement,
                                       alpha: Double) -> SVGPaint? {
        switch spec {
        case .none:
            return nil
        case .color(let c):
            return .color(c.opacity(alpha))
        case .currentColor:
            return .color(style.color.opacity(alpha))
        case .url(let id, let fallback):
            if let target = tree.ids[id] {
                if target.name == "linearGradient" || target.name == "radialGradient" {
                    guard let g = gradient(id) else { return nil }
                    var fallbackColor: Color? = nil
                    if let f = fallback, case .color(let c)? = resolvePaint(f, style: style, el, alpha: alpha) {
                        fallbackColor = c
                    }
                    return .gradient(g, opacity: alpha, fallback: fallbackColor)
                }
                if target.name == "pattern" {
                    if let p = pattern(id, el) { return .pattern(p, opacity: alpha) }
                    guard let f = fallback else { return nil }
                    return resolvePaint(f, style: style, el, alpha: alpha)
                }
                warn(el, "paint server <\(target.name)> #\(id) is not supported; "
                         + (fallback == nil ? "not painted" : "fallback used"))
            } else {
                warn(el, "paint reference #\(id) not found; " + (fallback == nil ? "not painted" : "fallback used"))
            }
            guard let f = fallback else { return nil }
            return resolvePaint(f, style: style, el, alpha: alpha)
        }
    }

    /// The gradient `id` with its href chain merged; nil when it is not a gradient.
    mutating func gradient(_ id: String) -> SVGGradient? {
        // Each use keeps its own copy of the stops: counted against `maxPaintedStops`.
        if let cached = gradientCache[id] { return paintStops(cached?.stops.count ?? 0) ? cached : nil }
        let g = makeGradient(id)
        gradientCache[id] = .some(g)
        return paintStops(g?.stops.count ?? 0) ? g : nil
    }

    private mutating func makeGradient(_ id: String) -> SVGGradient? {
        guard let first = tree.ids[id], first.name == "linearGradient" || first.name == "radialGradient" else {
            return nil
        }
        // The href chain is resolved once per document and each look-up memoised
        // (SVGBuilder+GradientChains.swift): long chains cost linear time, cycles are cut.
        func attribute(_ name: String, sameKind: Bool = false) -> (SVGXMLElement, String)? {
            gradientChainAttribute(first, name, kind: sameKind ? first.name : nil)
        }
        let units: SVGGradient.Units
        switch attribute("gradientUnits")?.1.svgTrimmed {
        case "userSpaceOnUse": units = .userSpaceOnUse
        case nil, "objectBoundingBox": units = .objectBoundingBox
        case let other?:
            warn(first, "invalid gradientUnits '\(other)'; objectBoundingBox used")
            units = .objectBoundingBox
        }
        var transform = CGAffineTransform.identity
        if let (el, text) = attribute("gradientTransform") {
            if let t = SVGTransformList.parse(text) { transform = t } else { warn(el, "invalid gradientTransform '\(text)' ignored") }
        }
        var spread = SVGGradient.Spread.pad
        if let (el, text) = attribute("spreadMethod") {
            if let s = SVGGradient.Spread(rawValue: text.svgTrimmed) {
                spread = s
            } else {
                warn(el, "invalid spreadMethod '\(text)' ignored")
            }
        }
        func len(_ name: String, _ fallback: SVGLength) -> SVGLength {
            guard let (el, text) = attribute(name, sameKind: true) else { return fallback }
            guard let l = SVGLength.parse(text) else {
                warn(el, "invalid number in \(name)='\(text)'; default used")
                return fallback
            }
            return l
        }
        let kind: SVGGradient.Kind
        if first.name == "linearGradient" {
            kind = .linear(x1: len("x1", SVGLength(0, percent: true)), y1: len("y1", SVGLength(0, percent: true)),
                           x2: len("x2", SVGLength(100, percent: true)), y2: len("y2", SVGLength(0, percent: true)))
        } else {
            let cx = len("cx", SVGLength(50, percent: true)), cy = len("cy", SVGLength(50, percent: true))
            let fx = len("fx", cx), fy = len("fy", cy)
            kind = .radial(cx: cx, cy: cy, r: len("r", SVGLength(50, percent: true)), fx: fx, fy: fy)
            if attribute("fr", sameKind: true) != nil {
                warn(first, "fr (focal radius) is not supported; 0 used")
            }
        }
        var stops: [Gradient.Stop] = []
        if let holder = gradientChainStopHolder(first) {
            // A stop's style comes from the gradient element that holds it and that element's ancestors:
            // `color` for currentColor, the gradient's stop-color and stop-opacity for `inherit`.
            var holderStyle = inheritedStyle(of: holder)
            _ = holderStyle.apply(attributes: holder.attributes)  // its problems are not the stops'
            let stopParent = holderStyle.inherited()
            var last = 0.0
            for s in holder.children where s.name == "stop" {
                var style = stopParent
                for problem in style.apply(attributes: s.attributes) { warn(s, problem) }
                var offset = 0.0
                if let text = s.attributes["offset"] {
                    if let l = SVGLength.parse(text) {
                        offset = l.isPercent ? l.value / 100 : l.value
                    } else {
                        warn(s, "invalid offset '\(text)'; 0 used")
                    }
                }
                offset = max(min(max(offset, 0), 1), last)
                last = offset
                var color: Color
                switch style.stopColor {
                case .color(let c): color = c
                default: color = style.color
                }
                color = color.opacity(style.stopOpacity)
                stops.append(Gradient.Stop(color: color, location: offset))
            }
        }
        return SVGGradient(id: id, kind: kind, units: units, transform: transform, spread: spread, stops: stops)
    }

    /// A paint's shading with its geometry in paint space, and `transform` from paint space to the
    /// element's user space (identity for colours, solid fallbacks and user-space gradients without a
    /// gradientTransform).
    private struct PaintGeometry {
        enum Kind {
            case solid(Color)
            case linear(start: CGPoint, end: CGPoint)
            /// `focus` == `center` for a gradient without a focal point.
            case radial(center: CGPoint, radius: CGFloat, focus: CGPoint)
        }
        var kind: Kind
        var gradient: Gradient
        var options: GraphicsContext.GradientOptions
        var transform: CGAffineTransform

        var shading: GraphicsContext.Shading {
            switch kind {
            case .solid(let c): return .color(c)
            case .linear(let a, let b): return .linearGradient(gradient, startPoint: a, endPoint: b, options: options)
            case .radial(let c, let r, let f):
                if f == c { return .radialGradient(gradient, center: c, startRadius: 0, endRadius: r, options: options) }
                return .radialGradient(gradient, center: c, radius: r, focus: f, options: options)
            }
        }

        /// The same paint with its geometry in user space (transform identity), when one exists: always
        /// for colours and linear gradients (an affine map keeps a linear ramp linear), for radial
        /// gradients only when the map is a similarity (otherwise circles become ellipses).
        func inUserSpace() -> PaintGeometry? {
            if transform.isIdentity { return self }
            var out = self
            out.transform = .identity
            let t = transform
            switch kind {
            case .solid:
                return out
            case .linear(let a, let b):
                // Ramp value s(q) = (q - a).d / |d|^2 in paint space, q = t^-1(x). In user space
                // s = (x - t(a)).g with g = M^-T d / |d|^2 (M the linear part); the user-space end point
                // is t(a) + g / |g|^2.
                let dx = b.x - a.x, dy = b.y - a.y
                let dd = dx * dx + dy * dy
                let det = t.determinant
                guard dd > 0, det != 0, det.isFinite else { return nil }
                // M = [a c; b d] (x' = a x + c y), M^-T = (1/det) [d -b; -c a].
                let gx = (t.d * dx - t.b * dy) / det / dd
                let gy = (-t.c * dx + t.a * dy) / det / dd
                let gg = gx * gx + gy * gy
                guard gg > 0, gg.isFinite else { return nil }
                let start = a.applying(t)
                out.kind = .linear(start: start, end: CGPoint(x: start.x + gx / gg, y: start.y + gy / gg))
                return out
            case .radial(let c, let r, let f):
                guard t.isSimilarity else { return nil }
                let n1 = t.a * t.a + t.b * t.b
                out.kind = .radial(center: c.applying(t), radius: r * n1.squareRoot(), focus: f == c ? c.applying(t) : f.applying(t))
                return out
            }
        }
    }

    /// The geometry of `paint` for an element whose outline is `path`; nil when nothing is painted
    /// (no stops, a bounding-box gradient on an element without area, a singular gradient transform).
    /// `verb` ("filled", "stroked") completes the warnings.
    private mutating func paintGeometry(_ paint: SVGPaint, path: Path, _ el: SVGXMLElement, verb: String)
        -> PaintGeometry? {
        switch paint {
        case .pattern:
            return nil  // resolved by `patternPaint`
        case .color(let c):
            return PaintGeometry(kind: .solid(c), gradient: Gradient(stops: []), options: [], transform: .identity)
        case .gradient(let g, let alpha, let fallback):
            let stops = g.stops.map { Gradient.Stop(color: $0.color.opacity(alpha), location: $0.location) }
            guard let lastStop = stops.last else { return nil }  // no stops: paint none
            let solid = PaintGeometry(kind: .solid(lastStop.color), gradient: Gradient(stops: []), options: [],
                                      transform: .identity)
            if stops.count == 1 { return solid }
            var box = CGAffineTransform.identity
            if g.units == .objectBoundingBox {
                let bb = path.boundingRect  // tight: curve extrema, not control points
                guard !bb.isNull, bb.width > 0, bb.height > 0 else {
                    // SVG: on geometry without width or height the bounding-box gradient is ignored;
                    // the reference's fallback colour paints when there is one (resvg and Chrome), else
                    // nothing does.
                    if let f = fallback {
                        return PaintGeometry(kind: .solid(f), gradient: Gradient(stops: []), options: [], transform: .identity)
                    }
                    warn(el, "objectBoundingBox gradient #\(g.id) on an element without area: not \(verb)")
                    return nil
                }
                box = CGAffineTransform(a: bb.width, b: 0, c: 0, d: bb.height, tx: bb.minX, ty: bb.minY)
            }
            // Gradient space -> (gradientTransform) -> bounding-box units -> user space.
            let m = g.transform.concatenating(box)
            let vp = viewport
            func value(_ l: SVGLength, _ axis: SVGLength.Axis) -> Double {
                g.units == .objectBoundingBox ? (l.isPercent ? l.value / 100 : l.value) : l.resolved(axis, viewport: vp)
            }
            var options = GraphicsContext.GradientOptions()
            if g.spread == .reflect { options.insert(.mirror) }
            if g.spread == .repeat { options.insert(.repeat) }
            let kind: PaintGeometry.Kind
            switch g.kind {
            case .linear(let x1, let y1, let x2, let y2):
                let p1 = CGPoint(x: value(x1, .x), y: value(y1, .y))
                let p2 = CGPoint(x: value(x2, .x), y: value(y2, .y))
                if p1 == p2 { return solid }  // zero-length vector: the last stop's colour
                kind = .linear(start: p1, end: p2)
            case .radial(let cx, let cy, let r, let fx, let fy):
                let radius = value(r, .other)
                if !(radius > 0) { return solid }  // r = 0: the last stop's colour
                // The focal point is kept where it is, also outside the circle: the gradient then fills
                // a cone (SVG 2's rule, which resvg and Skia follow; SVG 1.1 moved it onto the circle).
                let center = CGPoint(x: value(cx, .x), y: value(cy, .y))
                var focus = CGPoint(x: value(fx, .x), y: value(fy, .y))
                if !(focus.x.isFinite && focus.y.isFinite) { focus = center }
                kind = .radial(center: center, radius: radius, focus: focus)
            }
            guard m.isIdentity || m.isInvertible else {
                warn(el, "gradient #\(g.id) has a singular transform: not \(verb)")
                return nil
            }
            return PaintGeometry(kind: kind, gradient: Gradient(stops: stops), options: options, transform: m)
        }
    }

    /// The recorded form of a fill: a colour, or gradient geometry mapped as the GraphicsContext API needs.
    private mutating func resolveFill(_ paint: SVGPaint, path: Path, rule: FillRule, _ el: SVGXMLElement)
        -> SVGResolvedFill? {
        if case .pattern(let p, let opacity) = paint {
            guard let paint = patternPaint(p, opacity: opacity, path: path, el, verb: "filled") else { return nil }
            return SVGResolvedFill(path: path, paintTransform: .identity, shading: .color(.clear), rule: rule, pattern: paint)
        }
        guard let g = paintGeometry(paint, path: path, el, verb: "filled") else { return nil }
        if g.transform.isIdentity {
            return SVGResolvedFill(path: path, paintTransform: .identity, shading: g.shading, rule: rule)
        }
        return SVGResolvedFill(path: path.applying(g.transform.inverted()), paintTransform: g.transform,
                               shading: g.shading, rule: rule)
    }

    /// The recorded form of a stroke (see `SVGResolvedStroke`). Gradient bounding boxes are the fill
    /// bounding box of the element's geometry, as SVG specifies.
    private mutating func resolveStroke(_ stroke: SVGStroke, path: Path, _ el: SVGXMLElement) -> SVGResolvedStroke? {
        guard stroke.width > 0, stroke.width.isFinite else { return nil }
        let cap: CGLineCap
        switch stroke.lineCap {
        case .butt: cap = .butt
        case .round: cap = .round
        case .square: cap = .square
        }
        let join: CGLineJoin
        switch stroke.lineJoin {
        case .miter, .miterClip, .arcs: join = .miter  // the last two warned when parsed
        case .round: join = .round
        case .bevel: join = .bevel
        }
        let style = StrokeStyle(lineWidth: stroke.width, lineCap: cap, lineJoin: join, miterLimit: stroke.miterLimit,
                                dash: stroke.dashArray.map { CGFloat($0) }, dashPhase: stroke.dashOffset)
        if case .pattern(let p, let opacity) = stroke.paint {
            guard let paint = patternPaint(p, opacity: opacity, path: path, el, verb: "stroked") else { return nil }
            return SVGResolvedStroke(path: path, style: style, shading: .color(.clear), paintTransform: .identity,
                                     fillsOutline: true, pattern: paint)
        }
        guard let g = paintGeometry(stroke.paint, path: path, el, verb: "stroked") else { return nil }
        if let user = g.inUserSpace() {
            return SVGResolvedStroke(path: path, style: style, shading: user.shading, paintTransform: .identity,
                                     fillsOutline: false)
        }
        return SVGResolvedStroke(path: path, style: style, shading: g.shading, paintTransform: g.transform,
                                 fillsOutline: true)
    }
}
