import Foundation
import TileRender
import TileRenderPipeline

/// SVG `filter` (Filter Effects 1): a `<filter>`'s primitives, with their `in`/`in2`/`result` wiring,
/// become an `ImageFilterProgram` that the renderer runs over the element's content, rendered
/// offscreen over the filter region (`SVGFilter`, drawn by `SVGDocument`).
///
/// Supported primitives: `feGaussianBlur` (`edgeMode` none or duplicate), `feOffset`, `feFlood`,
/// `feDropShadow`, `feComposite` (over, in, out, atop, xor, arithmetic), `feMerge`, `feBlend` (every
/// mode of CSS Compositing), `feColorMatrix` (matrix, saturate, hueRotate, luminanceToAlpha) and
/// `feComponentTransfer` (identity and linear functions); the inputs `SourceGraphic`, `SourceAlpha`
/// and earlier results. An `in` naming no earlier result is treated as no `in` (the previous result,
/// or SourceGraphic for the first primitive), so a graph has no cycles. Each primitive works in its
/// `color-interpolation-filters` space (linearRGB unless sRGB is given), as resvg and browsers do:
/// its inputs are converted to that space (8 bits per channel), its result stays there, and the
/// filter's result is converted back to sRGB. Primitive subregions (x, y, width, height on a
/// primitive) cut its result.
///
/// A filter that is a plain chain of colour primitives is drawn as colour filters on the element's
/// layer instead (no offscreen image; the filter region is not applied: those filters leave
/// transparent pixels alone). Any other primitive, input or transfer function warns, naming it, and
/// the element is drawn unfiltered; a reference to no `<filter>`, or to an empty one, draws nothing
/// (SVG's rule for an invalid filter reference, and an empty filter's transparent result).
extension SVGBuilder {
    /// The most primitives one filter may have; a longer one is drawn unfiltered with a warning.
    static let maxFilterPrimitives = 64
    /// The most `feMergeNode`s one `feMerge` may have; more are ignored with a warning.
    static let maxMergeNodes = 16

    /// What `filter="url(#id)"` on `el` does: nil to leave the element out, else the filter to draw it
    /// with (`.none` draws it unfiltered).
    mutating func resolveFilter(_ id: String, _ el: SVGXMLElement) -> SVGNodeFilter? {
        guard let filter = tree.ids[id], filter.name == "filter" else {
            warn(el, "filter #\(id) is not a <filter>; the element is not drawn")
            return nil
        }
        let elements = filter.children.filter { $0.name.hasPrefix("fe") }
        guard !elements.isEmpty else { return nil }  // an empty filter's result is transparent black
        guard elements.count <= Self.maxFilterPrimitives else {
            warn(el, "filter #\(id) has more than \(Self.maxFilterPrimitives) primitives; drawn unfiltered")
            return SVGNodeFilter.none
        }
        let filterSpace = Self.property("color-interpolation-filters", of: filter)
        var primitives: [SVGFilterPrimitive] = []
        var results: [String: Int] = [:]
        for p in elements {
            let index = primitives.count
            /// The `in` (or `in2`) attribute of `element` (the primitive or one of its merge nodes).
            func input(_ attribute: String, of element: SVGXMLElement) -> SVGFilterPrimitive.Input {
                let previous: SVGFilterPrimitive.Input = index == 0 ? .sourceGraphic : .primitive(index - 1)
                guard let name = element.attributes[attribute]?.svgTrimmed, !name.isEmpty else { return previous }
                switch name {
                case "SourceGraphic": return .sourceGraphic
                case "SourceAlpha": return .sourceAlpha
                default:
                    if let r = results[name] { return .primitive(r) }
                    if ["BackgroundImage", "BackgroundAlpha", "FillPaint", "StrokePaint"].contains(name) {
                        warn(element, "filter input '\(name)' is not supported; the previous result is used")
                    }
                    // Filter Effects: a reference to a result that does not exist is as if no `in` was given.
                    return previous
                }
            }
            guard let kind = filterPrimitive(p) else { return SVGNodeFilter.none }
            var inputs: [SVGFilterPrimitive.Input] = []
            switch kind {
            case .flood: break
            case .composite, .blend: inputs = [input("in", of: p), input("in2", of: p)]
            case .merge:
                let nodes = p.children.filter { $0.name == "feMergeNode" }
                if nodes.count > Self.maxMergeNodes {
                    warn(p, "feMerge: more than \(Self.maxMergeNodes) nodes; the rest are ignored")
                }
                inputs = nodes.prefix(Self.maxMergeNodes).map { input("in", of: $0) }
            default: inputs = [input("in", of: p)]
            }
            let space = Self.property("color-interpolation-filters", of: p) ?? filterSpace ?? "linearRGB"
            primitives.append(SVGFilterPrimitive(kind: kind, inputs: inputs, linearRGB: space != "sRGB",
                                                 subregion: primitiveSubregion(p, filter)))
            if let name = p.attributes["result"]?.svgTrimmed, !name.isEmpty { results[name] = index }
        }
        // A plain chain of colour primitives runs in the fine stage, on the element's layer.
        let isColorChain = primitives.enumerated().allSatisfy { index, p in
            guard case .color = p.kind, p.subregion == nil else { return false }
            return p.inputs == [index == 0 ? .sourceGraphic : .primitive(index - 1)]
        }
        if isColorChain {
            return .color(primitives.flatMap { p -> [GraphicsContext.AppliedFilter] in
                guard case .color(let steps) = p.kind else { return [] }
                return steps.map { GraphicsContext.AppliedFilter($0, linearLight: p.linearRGB) }
            })
        }
        let steps = primitives.reduce(2) { $0 + SVGFilter.stepBound(inputs: $1.inputs.count) }
        guard steps <= ImageFilterProgram.maxSteps else {
            warn(el, "filter #\(id) needs more than \(ImageFilterProgram.maxSteps) image steps; drawn unfiltered")
            return SVGNodeFilter.none
        }
        return .graph(SVGFilter(units: units(filter, "filterUnits", default: .objectBoundingBox),
                                primitiveUnits: units(filter, "primitiveUnits", default: .userSpaceOnUse),
                                region: region(of: filter, units: units(filter, "filterUnits", default: .objectBoundingBox)),
                                primitives: primitives))
    }

    mutating func units(_ el: SVGXMLElement, _ name: String, default d: SVGGradient.Units) -> SVGGradient.Units {
        switch el.attributes[name]?.svgTrimmed {
        case nil: return d
        case "objectBoundingBox": return .objectBoundingBox
        case "userSpaceOnUse": return .userSpaceOnUse
        case let other?:
            warn(el, "invalid \(name) '\(other)'; \(d == .objectBoundingBox ? "objectBoundingBox" : "userSpaceOnUse") used")
            return d
        }
    }

    /// A length of a filter's region or a primitive's subregion in `units`: a fraction of the bounding
    /// box (a percentage divided by 100) or user units (a percentage of the viewport).
    private mutating func regionLength(_ el: SVGXMLElement, _ name: String, _ axis: SVGLength.Axis,
                                       units: SVGGradient.Units) -> Double? {
        guard let text = el.attributes[name] else { return nil }
        guard let l = SVGLength.parse(text) else {
            warn(el, "invalid \(name) '\(text)' ignored")
            return nil
        }
        return units == .objectBoundingBox ? (l.isPercent ? l.value / 100 : l.value) : l.resolved(axis, viewport: viewport)
    }

    /// A filter's or mask's region in units `u`: x, y, width, height with the defaults -10%, -10%,
    /// 120%, 120%.
    mutating func region(of el: SVGXMLElement, units u: SVGGradient.Units) -> CGRect {
        func value(_ name: String, _ axis: SVGLength.Axis, _ percent: Double) -> Double {
            regionLength(el, name, axis, units: u)
                ?? (u == .objectBoundingBox ? percent / 100 : SVGLength(percent, percent: true).resolved(axis, viewport: viewport))
        }
        return CGRect(x: value("x", .x, -10), y: value("y", .y, -10), width: value("width", .x, 120), height: value("height", .y, 120))
    }

    /// A primitive's own x, y, width and height (in the filter's primitiveUnits), each nil where not
    /// given (the filter region's then); nil when none is given.
    private mutating func primitiveSubregion(_ p: SVGXMLElement, _ filter: SVGXMLElement) -> SVGFilterPrimitive.Subregion? {
        let u = units(filter, "primitiveUnits", default: .userSpaceOnUse)
        let r = SVGFilterPrimitive.Subregion(x: regionLength(p, "x", .x, units: u), y: regionLength(p, "y", .y, units: u),
                                             width: regionLength(p, "width", .x, units: u),
                                             height: regionLength(p, "height", .y, units: u))
        return r.x == nil && r.y == nil && r.width == nil && r.height == nil ? nil : r
    }

    /// What one primitive does, or nil (after a warning naming what is not supported).
    private mutating func filterPrimitive(_ p: SVGXMLElement) -> SVGFilterPrimitive.Kind? {
        func numbers(_ name: String) -> [Double]? { p.attributes[name].flatMap(SVGScanner.numberList) }
        func number(_ name: String, _ d: Double) -> Double { numbers(name)?.first ?? d }
        switch p.name {
        case "feColorMatrix", "feComponentTransfer":
            guard let filters = colorFilters(p) else { return nil }
            return .color(filters.compactMap(\.step))
        case "feGaussianBlur":
            let (sx, sy) = standardDeviation(p)
            var clamps = false
            switch p.attributes["edgeMode"]?.svgTrimmed ?? "none" {
            case "none": break
            case "duplicate": clamps = true
            case let other: warn(p, "feGaussianBlur: edgeMode '\(other)' is not supported; none used")
            }
            return .blur(x: sx, y: sy, clampsEdges: clamps)
        case "feOffset":
            return .offset(dx: number("dx", 0), dy: number("dy", 0))
        case "feFlood":
            return .flood(floodColor(p))
        case "feDropShadow":
            let (sx, sy) = standardDeviation(p, default: 2)
            return .dropShadow(dx: number("dx", 2), dy: number("dy", 2), x: sx, y: sy, color: floodColor(p))
        case "feComposite":
            switch p.attributes["operator"]?.svgTrimmed ?? "over" {
            case "over": return .composite(.over)
            case "in": return .composite(.in)
            case "out": return .composite(.out)
            case "atop": return .composite(.atop)
            case "xor": return .composite(.xor)
            case "arithmetic":
                func k(_ name: String) -> Float {
                    let v = number(name, 0)
                    return v.isFinite ? Float(max(-1e6, min(1e6, v))) : 0
                }
                return .composite(.arithmetic(k1: k("k1"), k2: k("k2"), k3: k("k3"), k4: k("k4")))
            case let other:
                warn(p, "feComposite: operator '\(other)' is not supported; over used")
                return .composite(.over)
            }
        case "feBlend":
            let name = p.attributes["mode"]?.svgTrimmed ?? "normal"
            guard let mode = SVGStyle.blendMode(name) else {
                warn(p, "feBlend: mode '\(name)' is not supported; normal used")
                return .blend(.normal)
            }
            return .blend(mode)
        case "feMerge":
            return .merge
        default:
            warn(p, "\(p.name) is not supported; the element is drawn unfiltered")
            return nil
        }
    }

    /// `stdDeviation`: one number for both axes or two; negative values disable the blur (0).
    private mutating func standardDeviation(_ p: SVGXMLElement, default d: Double = 0) -> (Double, Double) {
        guard let text = p.attributes["stdDeviation"] else { return (d, d) }
        guard let v = SVGScanner.numberList(text), v.count == 1 || v.count == 2 else {
            warn(p, "invalid stdDeviation '\(text)'; no blur")
            return (0, 0)
        }
        let sx = v[0], sy = v.count == 2 ? v[1] : v[0]
        // Filter Effects: a negative value disables the effect (the result is the input).
        if sx < 0 || sy < 0 { return (0, 0) }
        return (sx, sy)
    }

    /// `flood-color` times `flood-opacity` (attributes or `style`), black by default.
    private mutating func floodColor(_ p: SVGXMLElement) -> Color {
        var color = Color.black
        if let text = Self.property("flood-color", of: p) {
            if let c = SVGColor.parse(text) { color = c } else { warn(p, "invalid flood-color '\(text)'; black used") }
        }
        if let text = Self.property("flood-opacity", of: p) {
            if let l = SVGLength.parse(text) {
                let o = l.isPercent ? l.value / 100 : l.value
                color = color.opacity(max(0, min(1, o)))
            } else {
                warn(p, "invalid flood-opacity '\(text)' ignored")
            }
        }
        return color
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
    static func property(_ name: String, of element: SVGXMLElement) -> String? {
        if let style = element.attributes["style"],
           let value = SVGStyle.declarations(style).last(where: { $0.0 == name })?.1 { return value }
        return element.attributes[name]
    }
}
