import Foundation
import TileRenderGeometry

/// SwiftUI's immediate-mode drawing context: drawing calls are recorded, in order, into a `Scene`.
///
/// Like SwiftUI's, a `GraphicsContext` is a value whose copies draw into the same scene while carrying
/// their own state (transform, opacity), so `var inner = context; inner.translateBy(...)` scopes a change.
public struct GraphicsContext {
    /// Maps the context's user space to the scene's pixels (points at 1x).
    public var transform: CGAffineTransform = .identity
    /// Multiplies the alpha of everything drawn afterwards.
    public var opacity: Double = 1
    /// How later drawing combines with what is below it.
    public var blendMode: BlendMode = .normal

    package let recorder: SceneRecorder
    /// The innermost layer (clip or drawLayer group) this context draws into.
    package var layer: UInt32? = nil
    /// The filters later drawing goes through (`addFilter`), in order.
    package var filters: [ChainedFilter] = []
    /// This context's device space to the device space of the scene being laid out, for a context that
    /// records into an offscreen scene (a `drawingGroup()`'s): layout snapshots report frames there.
    package var rootTransform: CGAffineTransform = .identity
    /// The part of the device space that can show (a scroll view's viewport), when narrower than the
    /// canvas: lazy stacks draw only the children that meet it. Reading it marks the drawing being
    /// recorded as position-dependent (`SceneRecorder.markPositionDependent`); code that only passes
    /// it on reads `viewport`.
    package var visibleRect: CGRect? {
        get { recorder.markPositionDependent(); return viewport }
        set { viewport = newValue }
    }
    /// `visibleRect`, read without marking the drawing position-dependent.
    package var viewport: CGRect? = nil
    /// Projective maps the geometry drawn here goes through (`rotation3DEffect`), outermost first.
    package var projections: [ActiveProjection] = []
    /// Named colours draw with their dark-appearance values (views in `.dark` set it; see `Color`).
    package var darkAppearance = false

    package init(recorder: SceneRecorder) { self.recorder = recorder }

    /// The scene's size in points.
    public var size: CGSize { recorder.size }

    // MARK: Transform

    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    /// Rotates user space; positive angles turn +x toward +y (clockwise on screen).
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: CGFloat(angle.radians)) }
    /// Prepends `matrix` to the current transform (it applies to user coordinates first).
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Drawing

    /// Fills `path` with `shading`. Shading geometry (gradient points, radii) is in the same user space
    /// as the path.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        if filters.isEmpty && projections.isEmpty {
            // The common case, without the filter closure: the command is made in place and moved into
            // the recorder (a view draws one of these per colour or shape).
            recorder.append(.fill(FillCommand(layer: layer, blendMode: blendMode, path: path, transform: transform,
                                              shading: shading.resolved(darkAppearance: darkAppearance),
                                              rule: style.isEOFilled ? .evenOdd : .nonZero, opacity: opacity)))
            return
        }
        var path = path, transform = self.transform
        let shading = shading.resolved(darkAppearance: darkAppearance)
        if !projections.isEmpty {
            guard let mapped = projected(path, transform: transform) else { return }
            (path, transform) = mapped
        }
        throughFilters { c in
            c.recorder.append(.fill(FillCommand(layer: c.layer, blendMode: c.blendMode, path: path, transform: transform, shading: shading,
                                                rule: style.isEOFilled ? .evenOdd : .nonZero, opacity: c.opacity)))
        }
    }

    /// Fills a run of glyphs from their masks (`GlyphMaskRun`), `bounds` (user space) holding every
    /// mask. Under filters or projections the run's outlines are filled instead.
    package func fill(glyphs run: GlyphMaskRun, bounds: Path, with shading: Shading) {
        guard filters.isEmpty && projections.isEmpty else { return fill(run.exactOutline(), with: shading) }
        recorder.append(.fill(FillCommand(layer: layer, blendMode: blendMode, path: bounds, transform: transform,
                                          shading: shading.resolved(darkAppearance: darkAppearance),
                                          rule: .nonZero, opacity: opacity, glyphs: run)))
    }

    /// Strokes `path` with `shading`. The stroke is expanded in user space, so a non-uniform transform
    /// stretches the pen as it does in SwiftUI.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        // Under a projection the stroke's outline (in user space) is what is projected.
        if !projections.isEmpty { return fill(path.strokedPath(style), with: shading) }
        let shading = shading.resolved(darkAppearance: darkAppearance)
        throughFilters { c in
            c.recorder.append(.stroke(StrokeCommand(layer: c.layer, blendMode: c.blendMode, path: path, transform: c.transform, shading: shading,
                                                    style: style, opacity: c.opacity)))
        }
    }

    // MARK: Clips and layers

    /// Options for `clip(to:style:options:)`.
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Keep what lies outside the path.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    /// Restricts everything this context (and copies made from it afterwards) draws to the inside of
    /// `path` (or the outside, with `.inverse`), antialiased. Clips accumulate: the new clip intersects
    /// the current one.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        var path = path, clipTransform = transform
        if !projections.isEmpty {
            // A clip the projection flattens to nothing keeps nothing (or everything, inverted).
            (path, clipTransform) = projected(path, transform: transform) ?? (Path(), transform)
        }
        let shape = ClipShape(path: path, transform: clipTransform, rule: style.isEOFilled ? .evenOdd : .nonZero,
                              inverse: options.contains(.inverse))
        layer = recorder.openLayer(parent: layer, clip: shape, opacity: 1, blendMode: .normal)
    }

    /// Draws `content` into a new transparent layer, then composites the layer with this context's
    /// opacity and blend mode (group opacity: overlapping draws inside do not show through each other).
    /// The content's context starts with this context's transform and clip, opacity 1, `.normal` and no
    /// filters: this context's filters apply to the layer as a whole.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        let colorFilters = filters.compactMap(\.colorFilter)
        guard colorFilters.count == filters.count else { return try drawFiltered(content) }
        var inner = self
        inner.layer = recorder.openLayer(parent: layer, clip: nil, opacity: opacity, blendMode: blendMode, filters: colorFilters)
        inner.opacity = 1
        inner.blendMode = .normal
        inner.filters = []
        try content(&inner)
    }

    /// Draws `content` into a layer and keeps it only where `mask` draws, scaled by the mask's alpha
    /// (SwiftUI's `mask`, SVG's clip-path unions). A layer is composited only in the tiles its draws
    /// reach, so the mask is applied as a cut that does reach every tile: a layer opaque over the whole
    /// canvas except where the mask is, composited onto the content with `destinationOut`.
    /// `maskRegion` (user space) cuts the mask to a region, and `maskFilters` (colour filters) run over
    /// the mask as a whole first; both are carried by the mask's own layer (no extra nesting).
    package func drawLayer(masked mask: (inout GraphicsContext) -> Void, maskRegion: Path? = nil,
                           maskFilters: [AppliedFilter] = [], content: (inout GraphicsContext) -> Void) {
        drawLayer { layer in
            var drawn = layer
            content(&drawn)
            var cut = layer
            cut.blendMode = .destinationOut
            cut.drawLayer { outside in
                var full = outside
                full.transform = .identity
                full.fill(Path(CGRect(origin: .zero, size: full.size)), with: .color(.white))
                let region = maskRegion.map { ClipShape(path: $0, transform: transform, rule: .nonZero, inverse: false) }
                var hole = outside
                hole.layer = recorder.openLayer(parent: outside.layer, clip: region, opacity: 1, blendMode: .destinationOut,
                                                filters: maskFilters)
                mask(&hole)
            }
        }
    }

    /// Strokes `path` with `shading` and a solid line of `lineWidth`.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }
}

extension GraphicsContext {
    /// What a fill or stroke paints with: a colour or a gradient.
    public struct Shading: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            case color(Color)
            case linearGradient(Gradient, startPoint: CGPoint, endPoint: CGPoint)
            case radialGradient(Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat)
            /// Radius 0 at `focus` growing to `radius` at `center` (see `radialGradient(_:center:radius:focus:options:)`).
            case focalRadialGradient(Gradient, center: CGPoint, radius: CGFloat, focus: CGPoint)
            /// Angles from +x toward +y; `endAngle` is `startAngle` plus the sweep.
            case conicGradient(Gradient, center: CGPoint, startAngle: Angle, endAngle: Angle)
            /// An image stretched over `destination` (user space), sampled bilinearly.
            /// `nearest`: the nearest texel instead of bilinear sampling.
            case image(ImageTexels, destination: CGRect, nearest: Bool = false)
            /// An image stretched over `tile` (user space) and repeated from there in both directions.
            case tiledImage(ImageTexels, tile: CGRect)
        }
        package let kind: Kind
        /// The colour of a colour shading (nil for gradients and images), read without copying the kind.
        package var plainColor: Color? {
            if case .color(let c) = kind { c } else { nil }
        }
        /// How gradients continue beyond their end stops and interpolate.
        package var options: GradientOptions = GradientOptions()

        package init(kind: Kind, options: GradientOptions = GradientOptions()) { self.kind = kind; self.options = options }

        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }
        /// The default foreground: `.primary`, black in the light appearance and white in the dark one.
        public static var foreground: Shading { .color(.primary) }

        /// The shading as drawn in the given appearance (named colours' dark values, in gradients too).
        package func resolved(darkAppearance: Bool) -> Shading {
            guard darkAppearance else { return self }
            func colors(_ g: Gradient) -> Gradient {
                var g = g
                for i in g.stops.indices { g.stops[i].color = g.stops[i].color.resolved(darkAppearance: darkAppearance) }
                return g
            }
            // Only named colours change: most shadings are returned as they are.
            switch kind {
            case .color(let c) where c.darkComponents != nil:
                return Shading(kind: .color(c.resolved(darkAppearance: darkAppearance)), options: options)
            case .linearGradient(let g, let start, let end) where g.hasNamedColors:
                return Shading(kind: .linearGradient(colors(g), startPoint: start, endPoint: end), options: options)
            case .radialGradient(let g, let center, let r0, let r1) where g.hasNamedColors:
                return Shading(kind: .radialGradient(colors(g), center: center, startRadius: r0, endRadius: r1), options: options)
            case .focalRadialGradient(let g, let center, let radius, let focus) where g.hasNamedColors:
                return Shading(kind: .focalRadialGradient(colors(g), center: center, radius: radius, focus: focus), options: options)
            case .conicGradient(let g, let center, let a0, let a1) where g.hasNamedColors:
                return Shading(kind: .conicGradient(colors(g), center: center, startAngle: a0, endAngle: a1), options: options)
            default:
                return self
            }
        }

        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linearGradient(gradient, startPoint: startPoint, endPoint: endPoint), options: options)
        }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat,
                                          endRadius: CGFloat, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .radialGradient(gradient, center: center, startRadius: startRadius, endRadius: endRadius),
                    options: options)
        }
        /// A radial gradient with a focal point (TileRender's addition, for SVG's `fx`/`fy` and the
        /// canvas API's two-circle gradients): the first colour at `focus` (radius 0), the last on the
        /// circle of `radius` around `center`, interpolated on the circles between them. With the focus
        /// outside the circle the gradient fills only the cone that the circles sweep (SVG 2, resvg,
        /// Skia); elsewhere it paints nothing.
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, radius: CGFloat, focus: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .focalRadialGradient(gradient, center: center, radius: radius, focus: focus), options: options)
        }
        /// A conic (angular) gradient that sweeps one full turn clockwise on screen from `angle`.
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = .zero,
                                         options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .conicGradient(gradient, center: center, startAngle: angle,
                                         endAngle: angle + .degrees(360)), options: options)
        }
    }

    /// Gradient options, as SwiftUI's: by default a gradient pads (extends its end colours); `repeat`
    /// starts it over beyond each end, `mirror` runs it back and forth (and wins over `repeat`);
    /// `linearColor` interpolates in linear-light sRGB instead of the encoded values.
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }
}
