import Foundation
import TileRender

/// SVG `<pattern>` paints: a tile (patternUnits: x, y, width, height; objectBoundingBox by default)
/// whose content (patternContentUnits, or a viewBox with preserveAspectRatio) is drawn once offscreen
/// at the device resolution of one tile and repeated over the filled area or the stroke's outline,
/// under `patternTransform`. Attributes and children are inherited through `href` when not set. A tile
/// without area, a pattern without content or one used inside its own content paints nothing (with a
/// warning for the last); an objectBoundingBox pattern on an element without area paints nothing.
extension SVGBuilder {
    /// Pattern uses a document may make, each weighted by the outlines its content fills; past it
    /// further uses paint nothing, with a warning.
    static let maxPatternDraws = 1_000_000
    /// `href` links followed from one pattern.
    static let maxPatternChain = 32

    /// The pattern `id` for a paint on `el`, built once; nil when it cannot paint.
    mutating func pattern(_ id: String, _ el: SVGXMLElement) -> SVGPattern? {
        if patternsInProgress.contains(id) {
            warn(el, "pattern #\(id) used inside its own content; not painted")
            return nil
        }
        let built: SVGPattern?
        if let cached = patterns[id] {
            built = cached
        } else {
            built = makePattern(id)
            patterns[id] = .some(built)
        }
        guard let p = built else { return nil }
        patternDraws += max(1, p.children.reduce(0) { $0 + drawCost($1) })
        guard patternDraws <= Self.maxPatternDraws else {
            if patternDraws != Int.max {
                warn(el, "patterns would draw more than \(Self.maxPatternDraws) outlines in all; the rest are not painted")
            }
            patternDraws = Int.max
            return nil
        }
        return p
    }

    private mutating func makePattern(_ id: String) -> SVGPattern? {
        guard let first = tree.ids[id], first.name == "pattern" else { return nil }
        // The href chain, cut at a cycle or at its length limit.
        var chain = [first]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(first)]
        while chain.count < Self.maxPatternChain, let href = chain.last?.href, href.hasPrefix("#"),
              let next = tree.ids[String(href.dropFirst())], next.name == "pattern", seen.insert(ObjectIdentifier(next)).inserted {
            chain.append(next)
        }
        func attribute(_ name: String) -> (SVGXMLElement, String)? {
            for e in chain { if let v = e.attributes[name] { return (e, v) } }
            return nil
        }
        var tileUnits = SVGGradient.Units.objectBoundingBox, contentUnits = SVGGradient.Units.userSpaceOnUse
        if let (e, _) = attribute("patternUnits") { tileUnits = units(e, "patternUnits", default: .objectBoundingBox) }
        if let (e, _) = attribute("patternContentUnits") { contentUnits = units(e, "patternContentUnits", default: .userSpaceOnUse) }
        func value(_ name: String, _ axis: SVGLength.Axis) -> Double {
            guard let (e, text) = attribute(name) else { return 0 }
            guard let l = SVGLength.parse(text) else {
                warn(e, "invalid \(name) '\(text)'; 0 used")
                return 0
            }
            return tileUnits == .objectBoundingBox ? (l.isPercent ? l.value / 100 : l.value) : l.resolved(axis, viewport: viewport)
        }
        let tile = CGRect(x: value("x", .x), y: value("y", .y), width: value("width", .x), height: value("height", .y))
        guard tile.width > 0, tile.height > 0, [tile.minX, tile.minY, tile.maxX, tile.maxY].allSatisfy(\.isFinite) else {
            return nil  // a tile without area disables the paint
        }
        var transform = CGAffineTransform.identity
        if let (e, text) = attribute("patternTransform") {
            if let t = SVGTransformList.parse(text) { transform = t } else { warn(e, "invalid patternTransform '\(text)' ignored") }
        }
        guard transform.isInvertible else { return nil }
        var viewBox: CGRect? = nil
        if let (e, text) = attribute("viewBox") {
            if let vb = SVGViewBox.parse(text), vb.width > 0, vb.height > 0 { viewBox = vb } else { warn(e, "invalid viewBox '\(text)' ignored") }
        }
        let aspect = attribute("preserveAspectRatio").map { aspectRatio($0.0) } ?? .default
        // Children: those of the first element in the chain that has any.
        guard let owner = chain.first(where: { e in e.children.contains { !Self.silentlyIgnored.contains($0.name) } }) else { return nil }
        patternsInProgress.insert(id)
        defer { patternsInProgress.remove(id) }
        var style = inheritedStyle(of: owner)
        for problem in style.apply(attributes: owner.attributes) { warn(owner, problem) }
        let children = buildChildren(of: owner, style: style.inherited(), opacity: 1)
        guard !children.isEmpty else { return nil }
        return SVGPattern(id: id, units: tileUnits, contentUnits: contentUnits, tile: tile, viewBox: viewBox, aspect: aspect,
                          transform: transform, children: children)
    }

    /// The pattern as it paints an element whose outline is `path` (its fill bounding box is what
    /// objectBoundingBox units refer to); nil when nothing is painted.
    mutating func patternPaint(_ p: SVGPattern, opacity: Double, path: Path, _ el: SVGXMLElement, verb: String) -> SVGPatternPaint? {
        let box = path.boundingRect
        if p.units == .objectBoundingBox || (p.contentUnits == .objectBoundingBox && p.viewBox == nil) {
            guard !box.isNull, box.width > 0, box.height > 0 else {
                warn(el, "objectBoundingBox pattern #\(p.id) on an element without area: not \(verb)")
                return nil
            }
        }
        return SVGPatternPaint(pattern: p, opacity: opacity, box: box)
    }
}
