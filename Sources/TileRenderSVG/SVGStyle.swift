import Foundation
import TileRender

/// A paint as written: `none`, a colour, `currentColor`, or `url(#id)` with an optional fallback.
indirect enum SVGPaintSpec: Sendable, Equatable {
    case none
    case color(Color)
    case currentColor
    case url(String, fallback: SVGPaintSpec?)

    static func parse(_ text: String) -> SVGPaintSpec? {
        let s = text.svgTrimmed
        let lower = s.lowercased()
        if lower == "none" { return SVGPaintSpec.none }
        if lower == "currentcolor" { return .currentColor }
        if lower.hasPrefix("url(") {
            guard let close = s.firstIndex(of: ")") else { return nil }
            var ref = s[s.index(s.startIndex, offsetBy: 4)..<close].svgTrimmed
            if ref.count >= 2, let q = ref.first, q == "'" || q == "\"", ref.last == q {
                ref = String(ref.dropFirst().dropLast())
            }
            guard ref.hasPrefix("#") else { return nil }
            let id = String(ref.dropFirst())
            let rest = s[s.index(after: close)...].svgTrimmed
            if rest.isEmpty { return .url(id, fallback: nil) }
            // `url(#id) [fallback]`: one fallback colour or none, never a second url, so it is rejected
            // before parsing (no recursion: a list of 10,000 urls is parsed in one linear pass).
            if rest.lowercased().hasPrefix("url(") { return nil }
            guard let f = parse(rest) else { return nil }
            return .url(id, fallback: f)
        }
        guard let c = SVGColor.parse(s) else { return nil }
        return .color(c)
    }
}

/// `text-anchor`.
enum SVGTextAnchor: String, Sendable { case start, middle, end }

/// Computed style of an element: the inherited properties plus the current element's own ones.
struct SVGStyle {
    // Inherited properties.
    var fill: SVGPaintSpec = .color(.black)
    var fillOpacity = 1.0
    var fillRule = FillRule.nonZero
    var clipRule = FillRule.nonZero
    var stroke: SVGPaintSpec = .none
    var strokeWidth = SVGLength(1)
    var strokeOpacity = 1.0
    var lineCap = SVGStroke.LineCap.butt
    var lineJoin = SVGStroke.LineJoin.miter
    var miterLimit = 4.0
    var dashArray: [SVGLength] = []
    var dashOffset = SVGLength(0)
    var color = Color.black
    var visible = true
    // Text (inherited): the family list as written (nil: the default, sans-serif), the size in user
    // units (CSS `medium`, 16, by default), the weight (100...1000), the slant, the anchor and extra
    // space after each character.
    var fontFamilies: [String]? = nil
    var fontSize = 16.0
    var fontWeight = 400
    var fontItalic = false
    var textAnchor = SVGTextAnchor.start
    var letterSpacing = 0.0
    /// `marker-start`, `marker-mid`, `marker-end` (inherited; the `marker` shorthand in CSS sets all three).
    var markerStart: String? = nil
    var markerMid: String? = nil
    var markerEnd: String? = nil
    /// Text features TileRender leaves out, when set on this element (warned by the text builder).
    var unsupportedTextFeatures: [String] = []

    // Not inherited: reset by `inherited()`.
    var opacity = 1.0
    var displayNone = false
    var clipPath: String? = nil
    var mask: String? = nil
    var filter: String? = nil
    /// `mix-blend-mode`: how the element, once drawn as a group, meets its backdrop.
    var blendMode = GraphicsContext.BlendMode.normal
    /// `isolation: isolate`: the element is a group of its own (its children blend with nothing beneath it).
    var isolate = false
    /// `mask-type` (on a `<mask>`): alpha instead of luminance.
    var alphaMask = false
    var stopColor: SVGPaintSpec = .color(.black)
    var stopOpacity = 1.0
    /// The parent's stop-color and stop-opacity, for `inherit` (these two are not inherited otherwise).
    var parentStopColor: SVGPaintSpec = .color(.black)
    var parentStopOpacity = 1.0

    /// The style a child starts from.
    func inherited() -> SVGStyle {
        var s = self
        s.parentStopColor = stopColor
        s.parentStopOpacity = stopOpacity
        s.opacity = 1
        s.displayNone = false
        s.clipPath = nil
        s.mask = nil
        s.filter = nil
        s.blendMode = .normal
        s.isolate = false
        s.alphaMask = false
        s.stopColor = .color(.black)
        s.stopOpacity = 1
        s.unsupportedTextFeatures = []
        return s
    }

    /// Properties read from presentation attributes (in this order, then the `style` attribute).
    static let propertyNames = [
        "color", "fill", "fill-opacity", "fill-rule", "clip-rule", "stroke", "stroke-width", "stroke-opacity",
        "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
        "opacity", "display", "visibility", "clip-path", "mask", "filter", "stop-color", "stop-opacity",
        "font-family", "font-size", "font-weight", "font-style", "text-anchor", "letter-spacing",
        "text-decoration", "writing-mode", "baseline-shift", "dominant-baseline", "font",
        "mix-blend-mode", "isolation", "mask-type", "marker-start", "marker-mid", "marker-end",
    ]

    private static let propertyOrder = Dictionary(uniqueKeysWithValues: propertyNames.enumerated().map { ($1, $0) })

    /// Applies presentation attributes, then `style="a:b; c:d"` (which wins). Returns one message per
    /// invalid value (the value is then ignored, as CSS does).
    mutating func apply(attributes: [String: String]) -> [String] {
        var problems: [String] = []
        // In `propertyNames`' order, looked up from the element's few attributes (asking the
        // dictionary for all 38 names cost about 20,000 instructions an element).
        var present: [(order: Int, name: String, value: String)] = []
        for (name, value) in attributes {
            if let order = Self.propertyOrder[name] { present.append((order, name, value)) }
        }
        present.sort { $0.order < $1.order }
        for (_, name, value) in present {
            if let p = apply(name, value) { problems.append(p) }
        }
        if let style = attributes["style"] {
            for (name, value) in Self.declarations(style) {
                if let p = apply(name, value) { problems.append(p) }
            }
        }
        return problems
    }

    /// `text` without CSS comments (`/* ... */`, each replaced by a space; an unterminated one runs to
    /// the end, as CSS reads it).
    static func removingComments(_ text: String) -> String {
        guard text.contains("/*") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.range(of: "/*") {
            out += rest[..<open.lowerBound]
            out += " "
            guard let close = rest[open.upperBound...].range(of: "*/") else { return out }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// Splits a `style` attribute into (property, value) pairs; drops CSS comments and `!important`.
    static func declarations(_ style: String) -> [(String, String)] {
        var out: [(String, String)] = []
        for decl in removingComments(style).split(separator: ";") {
            guard let colon = decl.firstIndex(of: ":") else { continue }
            let name = decl[..<colon].svgTrimmed.lowercased()
            var value = decl[decl.index(after: colon)...].svgTrimmed
            if value.contains("!"), let bang = value.range(of: "!important", options: .caseInsensitive) {
                value = value[..<bang.lowerBound].svgTrimmed
            }
            if !name.isEmpty { out.append((name, value)) }
        }
        return out
    }

    /// An opacity value: a number or a percentage, clamped to 0...1.
    static func opacityValue(_ text: String) -> Double? {
        let t = text.svgTrimmed
        // SVG number syntax only: Double(_:) would also take hex floats, "nan" and "inf".
        if t.hasSuffix("%") {
            guard let v = SVGScanner.wholeNumber(t.dropLast()) else { return nil }
            return min(max(v / 100, 0), 1)
        }
        guard let v = SVGScanner.wholeNumber(t) else { return nil }
        return min(max(v, 0), 1)
    }

    /// A CSS blend mode (`mix-blend-mode`, feBlend's `mode`) by name, or nil for an unknown one.
    static func blendMode(_ name: String) -> GraphicsContext.BlendMode? {
        switch name.lowercased() {
        case "normal": .normal
        case "multiply": .multiply
        case "screen": .screen
        case "overlay": .overlay
        case "darken": .darken
        case "lighten": .lighten
        case "color-dodge": .colorDodge
        case "color-burn": .colorBurn
        case "hard-light": .hardLight
        case "soft-light": .softLight
        case "difference": .difference
        case "exclusion": .exclusion
        case "hue": .hue
        case "saturation": .saturation
        case "color": .color
        case "luminosity": .luminosity
        case "plus-lighter": .plusLighter
        default: nil
        }
    }

    private static func urlReference(_ text: String) -> String?? {
        let t = text.svgTrimmed
        if t.lowercased() == "none" { return .some(nil) }
        guard case .url(let id, nil)? = SVGPaintSpec.parse(t) else { return nil }
        return .some(id)
    }

    /// Applies one property; returns a message when the value is invalid. Unknown properties are ignored.
    mutating func apply(_ name: String, _ rawValue: String) -> String? {
        let value = rawValue.svgTrimmed
        if value == "inherit" {
            // Same as not set for the inherited properties; the two stop properties take the parent's.
            if name == "stop-color" { stopColor = parentStopColor }
            if name == "stop-opacity" { stopOpacity = parentStopOpacity }
            return nil
        }
        if value.isEmpty { return nil }
        var bad: String { "invalid \(name) value '\(value)' ignored" }  // made only when a value is bad
        switch name {
        case "fill":
            guard let p = SVGPaintSpec.parse(value) else { return bad }
            fill = p
        case "stroke":
            guard let p = SVGPaintSpec.parse(value) else { return bad }
            stroke = p
        case "color":
            if value.lowercased() == "currentcolor" { return nil }
            guard let c = SVGColor.parse(value) else { return bad }
            color = c
        case "fill-opacity":
            guard let v = Self.opacityValue(value) else { return bad }
            fillOpacity = v
        case "stroke-opacity":
            guard let v = Self.opacityValue(value) else { return bad }
            strokeOpacity = v
        case "opacity":
            guard let v = Self.opacityValue(value) else { return bad }
            opacity = v
        case "stop-opacity":
            guard let v = Self.opacityValue(value) else { return bad }
            stopOpacity = v
        case "stop-color":
            guard let p = SVGPaintSpec.parse(value) else { return bad }
            switch p {
            case .color, .currentColor: stopColor = p
            default: return bad
            }
        case "fill-rule":
            switch value {
            case "nonzero": fillRule = .nonZero
            case "evenodd": fillRule = .evenOdd
            default: return bad
            }
        case "clip-rule":
            switch value {
            case "nonzero": clipRule = .nonZero
            case "evenodd": clipRule = .evenOdd
            default: return bad
            }
        case "stroke-width":
            guard let l = SVGLength.parse(value) else { return bad }
            if l.value < 0 {
                strokeWidth = SVGLength(0)
                return "negative stroke-width '\(value)': stroke not drawn"
            }
            strokeWidth = l
        case "stroke-linecap":
            guard let c = SVGStroke.LineCap(rawValue: value) else { return bad }
            lineCap = c
        case "stroke-linejoin":
            guard let j = SVGStroke.LineJoin(rawValue: value) else { return bad }
            lineJoin = j
        case "stroke-miterlimit":
            guard let v = SVGScanner.wholeNumber(value) else { return bad }
            if v < 1 {
                miterLimit = 4
                return "stroke-miterlimit '\(value)' is below 1 (an error in SVG); 4 used"
            }
            miterLimit = v
        case "stroke-dasharray":
            if value == "none" { dashArray = []; return nil }
            var list: [SVGLength] = []
            for part in value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" }) {
                guard let l = SVGLength.parse(String(part)) else { return bad }
                if l.value < 0 {
                    dashArray = []
                    return "negative value in stroke-dasharray '\(value)': solid stroke drawn"
                }
                list.append(l)
            }
            dashArray = list
        case "stroke-dashoffset":
            guard let l = SVGLength.parse(value) else { return bad }
            dashOffset = l
        case "display":
            displayNone = value == "none"
        case "visibility":
            switch value {
            case "visible": visible = true
            case "hidden", "collapse": visible = false
            default: return bad
            }
        case "clip-path":
            guard let r = Self.urlReference(value) else { return bad }
            clipPath = r
        case "mask":
            guard let r = Self.urlReference(value) else { return bad }
            mask = r
        case "filter":
            guard let r = Self.urlReference(value) else { return bad }
            filter = r
        case "marker-start", "marker-mid", "marker-end", "marker":
            guard let r = Self.urlReference(value) else { return bad }
            if name == "marker-start" || name == "marker" { markerStart = r }
            if name == "marker-mid" || name == "marker" { markerMid = r }
            if name == "marker-end" || name == "marker" { markerEnd = r }
        case "mix-blend-mode":
            guard let mode = Self.blendMode(value) else { return bad }
            blendMode = mode
        case "isolation":
            switch value {
            case "auto": isolate = false
            case "isolate": isolate = true
            default: return bad
            }
        case "mask-type":
            switch value {
            case "luminance": alphaMask = false
            case "alpha": alphaMask = true
            default: return bad
            }
        case "font-family":
            let families = Self.fontFamilyList(value)
            guard !families.isEmpty else { return bad }
            fontFamilies = families
        case "font-size":
            guard let size = Self.fontSizeValue(value, parent: fontSize) else { return bad }
            fontSize = size
        case "font-weight":
            switch value.lowercased() {
            case "normal": fontWeight = 400
            case "bold": fontWeight = 700
            // CSS Fonts: bolder/lighter step from the parent's weight.
            case "bolder": fontWeight = fontWeight < 350 ? 400 : fontWeight < 550 ? 700 : 900
            case "lighter": fontWeight = fontWeight < 550 ? 100 : fontWeight < 750 ? 400 : 700
            default:
                guard let v = SVGScanner.wholeNumber(value), v >= 1, v <= 1000 else { return bad }
                fontWeight = Int(v.rounded())
            }
        case "font-style":
            switch value.lowercased() {
            case "normal": fontItalic = false
            case "italic", "oblique": fontItalic = true
            default: return bad
            }
        case "text-anchor":
            guard let a = SVGTextAnchor(rawValue: value) else { return bad }
            textAnchor = a
        case "letter-spacing":
            if value.lowercased() == "normal" { letterSpacing = 0; return nil }
            guard let l = SVGLength.parse(value), !l.isPercent else { return bad }
            letterSpacing = l.value
        case "text-decoration":
            if value.lowercased() != "none" { unsupportedTextFeatures.append("text-decoration '\(value)'") }
        case "writing-mode":
            let v = value.lowercased()
            if v != "horizontal-tb" && v != "lr-tb" && v != "lr" { unsupportedTextFeatures.append("writing-mode '\(value)' (vertical text)") }
        case "baseline-shift", "dominant-baseline":
            let v = value.lowercased()
            if v != "baseline" && v != "auto" && v != "alphabetic" { unsupportedTextFeatures.append("\(name) '\(value)'") }
        case "font":
            unsupportedTextFeatures.append("the font shorthand")
        default:
            break
        }
        return nil
    }

    /// `font-family`'s comma-separated list, quotes removed.
    static func fontFamilyList(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { part -> String? in
            var name = part.svgTrimmed
            if name.count >= 2, let q = name.first, q == "'" || q == "\"", name.last == q {
                name = String(name.dropFirst().dropLast())
            }
            return name.isEmpty ? nil : name
        }
    }

    /// A font size: a length (em and % of the parent's size), or a CSS keyword; nil when invalid or
    /// negative.
    static func fontSizeValue(_ value: String, parent: Double) -> Double? {
        let keywords: [String: Double] = ["xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18,
                                          "x-large": 24, "xx-large": 32, "xxx-large": 48]
        let lower = value.lowercased()
        if let size = keywords[lower] { return size }
        if lower == "smaller" { return parent / 1.2 }
        if lower == "larger" { return parent * 1.2 }
        if lower.hasSuffix("em"), !lower.hasSuffix("rem"), let v = SVGScanner.wholeNumber(lower.dropLast(2)) {
            return v >= 0 ? v * parent : nil
        }
        guard let l = SVGLength.parse(value), l.value >= 0 else { return nil }
        return l.isPercent ? l.value / 100 * parent : l.value
    }
}
