import Foundation
import TileRender
import TileRenderPipeline

/// SVG `filter`: a `<filter>` whose primitives are a chain of colour operations becomes TileRender's
/// colour filters on the element's layer (`GraphicsContext.Filter`, drawn on both backends).
///
/// Supported: `feColorMatrix` (`matrix`, `saturate`, `hueRotate`, `luminanceToAlpha`) and
/// `feComponentTransfer` with `identity` and `linear` functions, each taking the previous result
/// (no `in`, `SourceGraphic` first, or the previous `result`), in the primitive's
/// `color-interpolation-filters` (from the primitive, else the `<filter>`; linearRGB by default).
/// The filter region is not applied: the colour filters leave transparent pixels alone, so it only
/// matters for content that reaches outside it. Any other primitive, input or transfer function
/// warns, naming it, and the element is drawn unfiltered; a reference to no `<filter>` draws nothing
/// (SVG's rule for an invalid filter reference).
extension SVGBuilder {
    /// The most primitives one filter may have; a longer chain is drawn unfiltered with a warning.
    static let maxFilterPrimitives = 64

    /// What `filter="url(#id)"` on `el` does: `.some(steps)` to filter with, `.some([])` to draw the
    /// element unfiltered, nil to leave it out.
    mutating func resolveFilter(_ id: String, _ el: SVGXMLElement) -> [GraphicsContext.AppliedFilter]? {
        guard let filter = tree.ids[id], filter.name == "filter" else {
            warn(el, "filter #\(id) is not a <filter>; the element is not drawn")
            return nil
        }
        let primitives = filter.children.filter { $0.name.hasPrefix("fe") }
        guard !primitives.isEmpty else { return nil }  // an empty filter's result is transparent black
        guard primitives.count <= Self.maxFilterPrimitives else {
            warn(el, "filter #\(id) has more than \(Self.maxFilterPrimitives) primitives; drawn unfiltered")
            return []
        }
        let filterSpace = Self.property("color-interpolation-filters", of: filter)
        var steps: [GraphicsContext.AppliedFilter] = []
        var previous: String? = nil
        for (index, p) in primitives.enumerated() {
            if let input = p.attributes["in"], !(input == "SourceGraphic" && index == 0), input != previous {
                warn(p, "filter input '\(input)' is not supported (only a chain from SourceGraphic); drawn unfiltered")
                return []
            }
            previous = p.attributes["result"]
            let space = Self.property("color-interpolation-filters", of: p) ?? filterSpace ?? "linearRGB"
            let linear = space != "sRGB"
            guard let filters = colorFilters(p) else { return [] }
            for f in filters {
                guard let step = f.step else { continue }  // a filter that changes nothing
                steps.append(GraphicsContext.AppliedFilter(step, linearLight: linear))
            }
        }
        return steps
    }

    /// The colour filters one primitive is, or nil (after a warning naming what is not supported).
    private mutating func colorFilters(_ p: SVGXMLElement) -> [GraphicsContext.Filter]? {
        switch p.name {
        case "feColorMatrix":
            let values = p.attributes["values"].flatMap(SVGScanner.numberList)
            switch p.attributes["type"] ?? "matrix" {
            case "matrix":
                guard let v = values, v.count == 20 else { return values == nil ? [] : unsupported(p, "a matrix of \(values!.count) values") }
                return [.colorMatrix(ColorMatrix(rows: v.map { Float($0) }))]
            case "saturate":
                return [.saturation(values?.first ?? 1)]
            case "hueRotate":
                return [.hueRotation(.degrees(values?.first ?? 0))]
            case "luminanceToAlpha":
                return [.luminanceToAlpha]
            case let other:
                return unsupported(p, "type '\(other)'")
            }
        case "feComponentTransfer":
            var rows = [Float](repeating: 0, count: 20)
            for (channel, name) in ["feFuncR", "feFuncG", "feFuncB", "feFuncA"].enumerated() {
                var slope = 1.0, intercept = 0.0
                if let f = p.children.last(where: { $0.name == name }) {
                    switch f.attributes["type"] ?? "identity" {
                    case "identity": break
                    case "linear":
                        slope = f.attributes["slope"].flatMap(SVGScanner.numberList)?.first ?? 1
                        intercept = f.attributes["intercept"].flatMap(SVGScanner.numberList)?.first ?? 0
                    case let other:
                        return unsupported(p, "transfer function type '\(other)'")
                    }
                }
                rows[channel * 5 + channel] = Float(slope)
                rows[channel * 5 + 4] = Float(intercept)
            }
            return [.colorMatrix(ColorMatrix(rows: rows))]
        default:
            return unsupported(p, "the primitive")
        }
    }

    private mutating func unsupported(_ p: SVGXMLElement, _ what: String) -> [GraphicsContext.Filter]? {
        warn(p, "\(p.name): \(what) is not supported; the element is drawn unfiltered")
        return nil
    }

    /// A presentation property set on `element` itself, as an attribute or in its `style`.
    private static func property(_ name: String, of element: SVGXMLElement) -> String? {
        if let style = element.attributes["style"],
           let value = SVGStyle.declarations(style).last(where: { $0.0 == name })?.1 { return value }
        return element.attributes[name]
    }
}
