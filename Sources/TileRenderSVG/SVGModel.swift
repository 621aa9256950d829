import Foundation
import TileRender

// The imported drawing: a tree of value types, built once by `SVGBuilder` and walked by
// `SVGDocument.draw(in:size:)`. Styles are already resolved (inheritance, `style` attributes,
// `currentColor`, gradient references), so drawing needs no look-ups.

/// A length before resolution: user units (px, or converted from pt/in/mm/cm/pc/em/ex) or a percentage.
struct SVGLength: Sendable, Equatable {
    var value: Double
    var isPercent: Bool

    init(_ value: Double, percent: Bool = false) { self.value = value; self.isPercent = percent }

    enum Axis { case x, y, other }

    /// User units; percentages refer to `viewport` along `axis` (`other` = diagonal / sqrt 2).
    func resolved(_ axis: Axis, viewport: CGSize) -> Double {
        guard isPercent else { return value }
        let base: Double
        switch axis {
        case .x: base = viewport.width
        case .y: base = viewport.height
        case .other: base = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
        }
        return value / 100 * base
    }

    /// Parses `12`, `12px`, `1.5in`, `10%`, ...; nil when malformed or not finite.
    static func parse(_ text: String) -> SVGLength? {
        var s = SVGScanner(text)
        s.skipWhitespace()
        guard let v = s.number() else { return nil }
        let unitStart = s.index
        while let c = s.peek, SVGScanner.isLetter(c) || c == UInt8(ascii: "%") { s.index += 1 }
        let unit = String(decoding: s.bytes[unitStart..<s.index], as: UTF8.self).lowercased()
        s.skipWhitespace()
        guard s.atEnd else { return nil }
        let scale: Double
        switch unit {
        case "", "px": scale = 1
        case "%": return SVGLength(v, percent: true)
        case "pt": scale = 4.0 / 3.0
        case "pc": scale = 16
        case "in": scale = 96
        case "cm": scale = 96 / 2.54
        case "mm": scale = 96 / 25.4
        case "q": scale = 96 / 101.6
        case "em": scale = 16
        case "ex": scale = 8
        default: return nil
        }
        let value = v * scale
        return value.isFinite ? SVGLength(value) : nil
    }
}

/// A paint after resolution: a colour (alpha already includes fill-opacity and opacity) or a gradient,
/// with the reference's fallback colour (`url(#g) red`; nil for none or no fallback), used where the
/// gradient cannot apply (an objectBoundingBox gradient on geometry without width or height).
enum SVGPaint: Sendable {
    case color(Color)
    case gradient(SVGGradient, opacity: Double, fallback: Color? = nil)
    case pattern(SVGPattern, opacity: Double)
}

/// A `<pattern>` with its `href` chain merged: a tile of content repeated over what it paints.
struct SVGPattern: Sendable {
    var id: String
    /// `patternUnits` (objectBoundingBox by default): the units of `tile`.
    var units: SVGGradient.Units
    /// `patternContentUnits` (userSpaceOnUse by default; ignored with a viewBox).
    var contentUnits: SVGGradient.Units
    /// x, y, width, height: fractions of the bounding box, or user units.
    var tile: CGRect
    var viewBox: CGRect?
    var aspect: SVGAspectRatio
    /// `patternTransform`: pattern space to the painted element's user space.
    var transform: CGAffineTransform
    var children: [SVGNode]

    /// The tile in pattern space for a painted element with bounding box `box`.
    func tileRect(box: CGRect) -> CGRect { units.userRect(tile, box: box) }

    /// The content's coordinates to the tile's (origin at the tile's top-left), for bounding box `box`.
    func contentTransform(tile: CGRect, box: CGRect) -> CGAffineTransform {
        if let vb = viewBox { return aspect.transform(viewBox: vb, into: CGRect(origin: .zero, size: tile.size)) }
        if contentUnits == .objectBoundingBox { return CGAffineTransform(scaleX: box.width, y: box.height) }
        return .identity
    }
}

/// A pattern as a fill or stroke paints it: the pattern, the paint's opacity and the bounding box its
/// objectBoundingBox units refer to (the element's fill bounding box).
struct SVGPatternPaint: Sendable {
    var pattern: SVGPattern
    var opacity: Double
    var box: CGRect
}

/// A gradient element with its `href` chain merged in.
struct SVGGradient: Sendable {
    enum Kind: Sendable {
        case linear(x1: SVGLength, y1: SVGLength, x2: SVGLength, y2: SVGLength)
        case radial(cx: SVGLength, cy: SVGLength, r: SVGLength, fx: SVGLength, fy: SVGLength)
    }
    enum Units: Sendable {
        case objectBoundingBox, userSpaceOnUse

        /// A rectangle written in these units (fractions of the bounding box, or user units), in user
        /// space for an element with bounding box `box`.
        func userRect(_ r: CGRect, box: CGRect) -> CGRect {
            guard self == .objectBoundingBox else { return r }
            return CGRect(x: box.minX + r.minX * box.width, y: box.minY + r.minY * box.height,
                          width: r.width * box.width, height: r.height * box.height)
        }
    }
    enum Spread: String, Sendable { case pad, reflect, `repeat` }

    var id: String
    var kind: Kind
    var units: Units
    var transform: CGAffineTransform
    var spread: Spread
    /// Offsets clamped to 0...1 and made monotonic; colours include stop-opacity.
    var stops: [Gradient.Stop]
}

/// Stroke properties as parsed (the paint already includes stroke-opacity and opacity).
struct SVGStroke: Sendable {
    enum LineCap: String, Sendable { case butt, round, square }
    enum LineJoin: String, Sendable { case miter, round, bevel, arcs, miterClip = "miter-clip" }
    var paint: SVGPaint
    /// User units.
    var width: Double
    var lineCap: LineCap
    var lineJoin: LineJoin
    var miterLimit: Double
    /// Empty = solid. Already doubled when the SVG list had an odd count.
    var dashArray: [Double]
    var dashOffset: Double
}

/// How a fill is recorded: `path` (in paint space) filled under `paintTransform` (paint space to the
/// element's user space; identity for plain colours and user-space gradients without a transform).
struct SVGResolvedFill: Sendable {
    var path: Path
    var paintTransform: CGAffineTransform
    var shading: GraphicsContext.Shading
    var rule: FillRule
    /// A pattern paints `path` instead of `shading`.
    var pattern: SVGPatternPaint? = nil
}

/// How a stroke is recorded. Normally `GraphicsContext.stroke(path, with: shading, style: style)` in
/// the element's user space (gradient geometry mapped into user space). A radial gradient whose
/// paint-space-to-user-space map is not a similarity (an objectBoundingBox gradient on a non-square
/// box) cannot be expressed as a user-space radial gradient: then `paintTransform` is that map and
/// `fillsOutline` is true, and the stroke's outline (`path.strokedPath(style)`, computed in user space)
/// is filled in paint space under `paintTransform`, like a gradient fill.
struct SVGResolvedStroke: Sendable {
    var path: Path
    var style: StrokeStyle
    var shading: GraphicsContext.Shading
    var paintTransform: CGAffineTransform
    var fillsOutline: Bool
    /// A pattern paints the stroke's outline instead of `shading` (with `fillsOutline`).
    var pattern: SVGPatternPaint? = nil
}

struct SVGShape: Sendable {
    /// Geometry in the element's user space.
    var path: Path
    var fillPaint: SVGPaint?
    var fillRule: FillRule
    /// `clip-rule`, used when the shape is a child of a `<clipPath>`.
    var clipRule: FillRule = .nonZero
    var stroke: SVGStroke?
    /// The fill ready to record, or nil when nothing fills (fill none, degenerate gradient, ...).
    var fill: SVGResolvedFill?
    /// The stroke ready to record (drawn after the fill), or nil when nothing strokes.
    var resolvedStroke: SVGResolvedStroke? = nil
}

struct SVGNode: Sendable {
    indirect enum Content: Sendable {
        case group([SVGNode])
        case shape(SVGShape)
    }
    var element: String
    var line: Int
    var id: String?
    /// The element's own transform (its user space to the parent's).
    var transform: CGAffineTransform
    /// The `clip-path` reference (a key of `SVGDocument.clipPaths`), applied in this element's user
    /// space (inside `transform`).
    var clipPathID: String?
    /// Group opacity: when below 1 the content is drawn into a layer composited at this opacity. Groups
    /// always use it; a shape only when it has both a fill and a stroke (otherwise its `opacity` is
    /// multiplied into the paints, which is exact).
    var groupOpacity: Double
    var content: Content
    /// The `filter`: drawn before the clip and the group opacity (SVG's order).
    var filter: SVGNodeFilter = .none
    /// The `mask` reference (a key of `SVGDocument.masks`): applied after the clip.
    var maskID: String? = nil
    /// `mix-blend-mode`: the element is drawn as a group composited with this mode.
    var blendMode = GraphicsContext.BlendMode.normal
    /// `isolation: isolate`: the element is drawn as a group of its own.
    var isolated = false
    /// A nested `<svg>`'s viewport rectangle (overflow hidden), in this element's user space (inside
    /// `transform`): the content is clipped to it.
    var viewportClip: Path? = nil
    /// The geometry bounding box (`SVGDocument.boundingBox(of:)`), computed once by the builder for a
    /// node whose clip paths use objectBoundingBox units, so that nested ones cost linear time.
    var objectBoundingBox: CGRect? = nil
}

/// A `<clipPath>` element, resolved. Its region is the union of its children's regions, each child
/// filled by its own `clip-rule` and clipped by its own `clip-path` (CSS Masking), mapped through the
/// bounding-box units (objectBoundingBox) and then `transform` (as resvg and Chrome order them).
struct SVGClipPath: Sendable {
    var id: String
    var units: SVGGradient.Units
    var transform: CGAffineTransform
    /// The children that contribute (shapes and `<use>`s of shapes), each with its own transform.
    var children: [SVGNode]
    /// The union as one path with one rule, when that is exact: one child, or children with the same
    /// rule whose bounds do not overlap, none with its own clip-path. In clip-content space (children's
    /// transforms applied; not yet `transform` or the bounding-box map). nil: the union is drawn as a
    /// mask (see `SVGDocument.drawClipped`).
    var path: Path?
    /// The rule of `path`.
    var rule: FillRule
    /// A `clip-path` on the `<clipPath>` element itself: intersected with this one.
    var clipPathID: String?

    /// Clip-content space to the referencing element's user space, for an element with bounding box `box`.
    func contentTransform(box: CGRect) -> CGAffineTransform {
        guard units == .objectBoundingBox else { return transform }
        return CGAffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY)
            .concatenating(transform)
    }
}

/// How an element's `filter` is drawn.
enum SVGNodeFilter: Sendable {
    case none
    /// A chain of colour primitives: the content is drawn into a layer that goes through these steps.
    case color([GraphicsContext.AppliedFilter])
    /// Anything else: the content is rendered offscreen over the filter region and run through the
    /// filter's `ImageFilterProgram`.
    case graph(SVGFilter)
}

/// A `<filter>` resolved: its region and primitives, lengths still in the units they were written in
/// (the program is built when drawing, for the element's bounding box and the device transform).
struct SVGFilter: Sendable {
    /// `filterUnits` (objectBoundingBox by default): the units of `region`.
    var units: SVGGradient.Units
    /// `primitiveUnits` (userSpaceOnUse by default): the units of the primitives' lengths.
    var primitiveUnits: SVGGradient.Units
    /// x, y, width, height: fractions of the bounding box, or user units.
    var region: CGRect
    var primitives: [SVGFilterPrimitive]

    /// True when drawing needs the element's bounding box.
    var usesBoundingBox: Bool { units == .objectBoundingBox || primitiveUnits == .objectBoundingBox }
}

struct SVGFilterPrimitive: Sendable {
    enum Input: Sendable, Equatable {
        case sourceGraphic, sourceAlpha
        /// The result of an earlier primitive, by index.
        case primitive(Int)
    }
    enum Kind: Sendable {
        case color([GraphicsContext.Filter.Step])
        /// Standard deviations in primitive units; `clampsEdges` for edgeMode duplicate.
        case blur(x: Double, y: Double, clampsEdges: Bool)
        case offset(dx: Double, dy: Double)
        case flood(Color)
        case dropShadow(dx: Double, dy: Double, x: Double, y: Double, color: Color)
        /// `inputs[0]` composited onto `inputs[1]`.
        case composite(ImageFilterProgram.CompositeOperator)
        case blend(GraphicsContext.BlendMode)
        /// `inputs` over each other, the first at the bottom.
        case merge
    }
    /// A primitive's own x, y, width, height in primitive units (nil: the filter region's).
    struct Subregion: Sendable, Equatable {
        var x, y, width, height: Double?
    }
    var kind: Kind
    var inputs: [Input]
    /// `color-interpolation-filters`: the primitive works on linear-light values.
    var linearRGB: Bool
    var subregion: Subregion?
}

/// A `<mask>` element, resolved (CSS Masking): its children drawn over the mask region give, by their
/// luminance (or alpha, with `mask-type: alpha`), how much of the masked element shows.
struct SVGMask: Sendable {
    var id: String
    /// `maskUnits` (objectBoundingBox by default): the units of `region`.
    var units: SVGGradient.Units
    /// `maskContentUnits` (userSpaceOnUse by default): the units of the children's coordinates.
    var contentUnits: SVGGradient.Units
    /// x, y, width, height (defaults -10%, -10%, 120%, 120%): fractions of the bounding box, or user units.
    var region: CGRect
    var children: [SVGNode]
    /// `mask-type: alpha`; otherwise the luminance of the premultiplied colour.
    var alpha: Bool
    /// A `mask` on the `<mask>` element itself: the masked element is masked by it too.
    var maskID: String?

    var usesBoundingBox: Bool { units == .objectBoundingBox || contentUnits == .objectBoundingBox }

    /// The mask region in the masked element's user space, for its bounding box `box`.
    func userRegion(box: CGRect) -> CGRect { units.userRect(region, box: box) }
}
