import Foundation
import TileRender

/// SVG `mask` (CSS Masking): `mask="url(#id)"` names a `<mask>` whose children, drawn over its region
/// (maskUnits, x, y, width, height) in maskContentUnits, give by their luminance (`mask-type:
/// luminance`, the default: 0.2125 r + 0.7154 g + 0.0721 b of the premultiplied colour, as resvg)
/// or their alpha (`mask-type: alpha`) how much of the element shows. A `mask` on the `<mask>`
/// element masks the element too. A reference to no `<mask>`, a circular one or one that would draw
/// too much is ignored with a warning; an empty region, or objectBoundingBox units on an element
/// without area, hides the element.
extension SVGBuilder {
    /// A mask whose drawing fills more outlines than this (its children's, their clips' and masks',
    /// each time drawn) is ignored: nested masks multiply.
    static let maxMaskCost = 100_000

    /// Builds the `<mask>` that `mask="url(#id)"` on `el` names; false (after a warning) when it
    /// cannot be used.
    mutating func resolveMaskReference(_ id: String, _ el: SVGXMLElement) -> Bool {
        guard tree.ids[id]?.name == "mask" else {
            warn(el, "mask reference #\(id) not found; ignored")
            return false
        }
        if masksInProgress.contains(id) {
            warn(el, "circular mask reference to #\(id); ignored")
            return false
        }
        if rejectedMasks.contains(id) { return false }  // warned once, where it was built
        if masksInProgress.count >= SVGBuildLimits.maxClipPathChain {
            warn(el, "mask #\(id) is nested more than \(SVGBuildLimits.maxClipPathChain) <mask>s deep (the importer's limit); ignored")
            return false
        }
        buildMask(id)
        return masks[id] != nil
    }

    private mutating func buildMask(_ id: String) {
        guard masks[id] == nil, let el = tree.ids[id] else { return }
        masksInProgress.insert(id)
        defer { masksInProgress.remove(id) }
        let maskUnits = units(el, "maskUnits", default: .objectBoundingBox)
        let contentUnits = units(el, "maskContentUnits", default: .userSpaceOnUse)
        // Properties inherit into a <mask> from its own ancestors, as into a <clipPath>.
        var style = inheritedStyle(of: el)
        for problem in style.apply(attributes: el.attributes) { warn(el, problem) }
        var nested: String? = nil
        if let ref = style.mask, resolveMaskReference(ref, el) { nested = ref }
        let children = buildChildren(of: el, style: style.inherited(), opacity: 1)
        var cost = nested.flatMap { maskCosts[$0] } ?? 0
        for child in children { cost = min(cost + drawCost(child), Self.maxMaskCost + 1) }
        if cost > Self.maxMaskCost {
            warn(el, "mask #\(id) would fill more than \(Self.maxMaskCost) outlines; ignored")
            rejectedMasks.insert(id)
            return
        }
        maskCosts[id] = cost
        masks[id] = SVGMask(id: id, units: maskUnits, contentUnits: contentUnits, region: region(of: el, units: maskUnits),
                            children: children, alpha: style.alphaMask, maskID: nested)
    }

    /// How many outlines drawing `node` fills: its shapes, and its clip paths' and masks' each time.
    func drawCost(_ node: SVGNode) -> Int {
        var cost = (node.clipPathID.flatMap { clipCosts[$0] } ?? 0) + (node.maskID.flatMap { maskCosts[$0] } ?? 0)
        switch node.content {
        case .shape: cost += 1
        case .group(let children):
            for child in children {
                cost += drawCost(child)
                if cost > Self.maxMaskCost { return cost }
            }
        }
        return cost
    }
}
