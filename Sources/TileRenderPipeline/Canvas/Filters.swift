import Foundation
import Shaders
import TileRenderGeometry

/// A colour matrix in SwiftUI's layout: the unpremultiplied, sRGB-encoded colour (r, g, b, a) becomes
/// r' = r1 r + r2 g + r3 b + r4 a + r5, and likewise for g', b' and a' (the fifth column is an offset in
/// 0...1 units); each result is clamped to 0...1. The default is the identity.
public struct ColorMatrix: Equatable, Sendable {
    public var r1: Float = 1, r2: Float = 0, r3: Float = 0, r4: Float = 0, r5: Float = 0
    public var g1: Float = 0, g2: Float = 1, g3: Float = 0, g4: Float = 0, g5: Float = 0
    public var b1: Float = 0, b2: Float = 0, b3: Float = 1, b4: Float = 0, b5: Float = 0
    public var a1: Float = 0, a2: Float = 0, a3: Float = 0, a4: Float = 1, a5: Float = 0
    public init() {}

    /// Row-major, 4 rows of 5.
    package init(rows m: [Float]) {
        precondition(m.count == 20)
        (r1, r2, r3, r4, r5) = (m[0], m[1], m[2], m[3], m[4])
        (g1, g2, g3, g4, g5) = (m[5], m[6], m[7], m[8], m[9])
        (b1, b2, b3, b4, b5) = (m[10], m[11], m[12], m[13], m[14])
        (a1, a2, a3, a4, a5) = (m[15], m[16], m[17], m[18], m[19])
    }

    /// The five columns (multipliers of r, g, b, a, then the offset), the filter table's layout.
    package var columns: [SIMD4<Float>] {
        [SIMD4(r1, g1, b1, a1), SIMD4(r2, g2, b2, a2), SIMD4(r3, g3, b3, a3), SIMD4(r4, g4, b4, a4), SIMD4(r5, g5, b5, a5)]
    }

    package var isFinite: Bool { columns.allSatisfy { c in (0..<4).allSatisfy { c[$0].isFinite } } }
}

extension GraphicsContext {
    /// A filter `addFilter(_:options:)` applies to later drawing (SwiftUI's `GraphicsContext.Filter`).
    ///
    /// The colour filters work per pixel on the unpremultiplied, sRGB-encoded colour, clamping each
    /// step's result to 0...1. Transparent pixels stay transparent: a filter that would raise their
    /// alpha leaves them alone, so the result never depends on how far the content's tiles reach, and
    /// so does a pixel with less than half an 8-bit level of alpha (`GPUABI.filterAlphaFloor`).
    /// Amounts that are NaN or infinite make a filter that changes nothing. The matrices of
    /// `saturation`, `hueRotation` and `luminanceToAlpha` are SVG's `feColorMatrix` ones.
    public struct Filter: Sendable, Equatable {
        package enum Step: Sendable, Equatable {
            case matrix(ColorMatrix)
            /// `color` unpremultiplied, clamped to 0...1.
            case alphaThreshold(min: Float, max: Float, color: SIMD4<Float>)
            /// Black at the luminance of the premultiplied colour (`GPUABI.FilterKind.luminanceMask`).
            case luminanceMask

        }
        package enum Kind: Sendable, Equatable {
            /// A colour filter: per pixel, run in the fine stage (or an image filter's colour step).
            case color(Step)
            /// Radius in user space (σ = radius / 2).
            case blur(radius: Double, options: BlurOptions)
            case shadow(Shadow)
        }
        /// The parameters of `shadow(color:radius:x:y:blendMode:options:)`, in user space.
        package struct Shadow: Sendable, Equatable {
            package var color: Color, radius: Double, x: Double, y: Double
            package var blendMode: BlendMode, options: ShadowOptions
        }
        /// nil: the filter changes nothing (its parameters were not finite).
        package let kind: Kind?
        /// The filter in the dark appearance: `kind` with named colours' dark values.
        package private(set) var darkKind: Kind?
        /// The colour step, for a colour filter.
        package var step: Step? { if case .color(let s)? = kind { s } else { nil } }

        private init(_ step: Step?) { kind = step.map(Kind.color); darkKind = kind }
        private init(kind: Kind?) { self.kind = kind; darkKind = kind }

        /// `make(color)`, whose dark-appearance variant is `make` of the colour's dark value.
        private static func withAppearances(_ color: Color, _ make: (Color) -> Filter) -> Filter {
            var filter = make(color.lightColor)
            if color.darkComponents != nil { filter.darkKind = make(color.resolved(darkAppearance: true)).kind }
            return filter
        }

        private static func matrix(_ m: ColorMatrix) -> Filter { Filter(m.isFinite ? .matrix(m) : nil) }
        private static func matrix(rows: [Float]) -> Filter { matrix(ColorMatrix(rows: rows)) }

        /// Multiplies by `matrix` (see `ColorMatrix`).
        public static func colorMatrix(_ matrix: ColorMatrix) -> Filter { Self.matrix(matrix) }

        /// Adds `amount` to red, green and blue (0 changes nothing, 1 makes white).
        public static func brightness(_ amount: Double) -> Filter {
            let k = Float(amount)
            return matrix(rows: [1, 0, 0, 0, k, 0, 1, 0, 0, k, 0, 0, 1, 0, k, 0, 0, 0, 1, 0])
        }

        /// Scales red, green and blue away from mid-grey: c' = (c - 0.5) amount + 0.5 (1 changes nothing,
        /// 0 makes grey).
        public static func contrast(_ amount: Double) -> Filter {
            let k = Float(amount), t = 0.5 * (1 - Float(amount))
            return matrix(rows: [k, 0, 0, 0, t, 0, k, 0, 0, t, 0, 0, k, 0, t, 0, 0, 0, 1, 0])
        }

        /// Mixes with the colour's luminance (1 changes nothing, 0 is grey, above 1 oversaturates).
        public static func saturation(_ amount: Double) -> Filter {
            let s = Float(amount)
            return matrix(rows: [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                                 0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                                 0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                                 0, 0, 0, 1, 0])
        }

        /// Removes `amount` of the colour (0 changes nothing, 1 is fully grey): `saturation(1 - amount)`.
        public static func grayscale(_ amount: Double) -> Filter { saturation(1 - amount) }

        /// Turns hues by `angle` around the colour wheel.
        public static func hueRotation(_ angle: Angle) -> Filter {
            let c = Float(Foundation.cos(angle.radians)), s = Float(Foundation.sin(angle.radians))
            return matrix(rows: [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0, 0,
                                 0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0, 0,
                                 0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0, 0,
                                 0, 0, 0, 1, 0])
        }

        /// Inverts red, green and blue by `amount` (1: c' = 1 - c; 0 changes nothing).
        public static func colorInvert(_ amount: Double = 1) -> Filter {
            let k = 1 - 2 * Float(amount), t = Float(amount)
            return matrix(rows: [k, 0, 0, 0, t, 0, k, 0, 0, t, 0, 0, k, 0, t, 0, 0, 0, 1, 0])
        }

        /// Multiplies each channel, alpha too, by `color`'s.
        public static func colorMultiply(_ color: Color) -> Filter {
            guard color.darkComponents == nil else { return withAppearances(color, colorMultiply) }
            let r = Float(color.red), g = Float(color.green), b = Float(color.blue), a = Float(color.opacity)
            return matrix(rows: [r, 0, 0, 0, 0, 0, g, 0, 0, 0, 0, 0, b, 0, 0, 0, 0, 0, a, 0])
        }

        /// Alpha becomes the colour's luminance (0.2125 r + 0.7154 g + 0.0721 b: `GPUABI.luminanceWeights`);
        /// the colour becomes black.
        public static var luminanceToAlpha: Filter {
            let w = GPUABI.luminanceWeights
            return matrix(rows: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, w.x, w.y, w.z, 0, 0])
        }

        /// Pixels whose alpha lies in `min...max` become `color`; the others become transparent.
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = Color.black) -> Filter {
            guard min.isFinite, max.isFinite else { return Filter(nil) }
            guard color.darkComponents == nil else { return withAppearances(color) { alphaThreshold(min: min, max: max, color: $0) } }
            let c = SIMD4(Float(color.red), Float(color.green), Float(color.blue), Float(color.opacity))
            guard (0..<4).allSatisfy({ c[$0].isFinite }) else { return Filter(nil) }
            return Filter(.alphaThreshold(min: Float(min), max: Float(max), color: c.clamped(lowerBound: .zero, upperBound: .one)))
        }

        /// A Gaussian blur of standard deviation `radius / 2` (in the user space of the context the
        /// filter is added to). A radius that is 0, negative, NaN or infinite blurs nothing; σ is at
        /// most `BlurLine.maximumSigma` device pixels.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            let r = Double(radius)
            guard r.isFinite, r > 0 else { return Filter(kind: nil) }
            return Filter(kind: .blur(radius: r, options: options))
        }

        /// A shadow: the content's alpha blurred with σ = `radius / 2`, moved by (`x`, `y`), in
        /// `color` (its opacity multiplies), composited with `blendMode` under the content (see
        /// `ShadowOptions` for above, only and inverted). Radius and offset are in the user space of the
        /// context the filter is added to. When the shadow is the last filter of its chain, `blendMode`
        /// combines it with what is already drawn there (SwiftUI's `.screen` shadows lighten the
        /// backdrop); earlier in a chain it combines with the transparent layer, as `.normal`. Values
        /// that are not finite make a filter that changes nothing; a radius of 0 or less is a hard
        /// shadow.
        public static func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0,
                                  blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()) -> Filter {
            guard color.darkComponents == nil else {
                return withAppearances(color) { shadow(color: $0, radius: radius, x: x, y: y, blendMode: blendMode, options: options) }
            }
            let values = [Double(radius), Double(x), Double(y), color.red, color.green, color.blue, color.opacity]
            guard values.allSatisfy(\.isFinite) else { return Filter(kind: nil) }
            return Filter(kind: .shadow(Shadow(color: color, radius: max(0, Double(radius)), x: Double(x), y: Double(y),
                                               blendMode: blendMode, options: options)))
        }
    }

    /// Options of `Filter.blur(radius:options:)` (SwiftUI's `GraphicsContext.BlurOptions`).
    public struct BlurOptions: OptionSet, Sendable, Equatable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The blur reads the content's edge pixels repeated beyond its bounds instead of transparency,
        /// so an opaque layer's edges stay opaque; the result covers only the content's bounds.
        public static let opaque = BlurOptions(rawValue: 1 << 0)
        /// Accepted; the result is rounded to 8 bits per channel either way (no dithering).
        public static let dithersResult = BlurOptions(rawValue: 1 << 1)
    }

    /// Options of `Filter.shadow(color:radius:x:y:blendMode:options:)` (SwiftUI's `GraphicsContext.ShadowOptions`).
    public struct ShadowOptions: OptionSet, Sendable, Equatable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The shadow is drawn above the content instead of below it.
        public static let shadowAbove = ShadowOptions(rawValue: 1 << 0)
        /// Only the shadow is drawn, not the content.
        public static let shadowOnly = ShadowOptions(rawValue: 1 << 1)
        /// The shadow is cast by the content's transparent area (1 - alpha) and lies inside the
        /// content only: with `.shadowAbove`, an inner shadow.
        public static let invertsAlpha = ShadowOptions(rawValue: 1 << 2)
        /// Accepted with no effect: a context's filters already apply to each drawing on its own, and
        /// a `drawLayer`'s to the layer as a whole.
        public static let disablesGroup = ShadowOptions(rawValue: 1 << 3)
    }

    /// A filter as added, with its options: one step of a layer's filter chain.
    package struct AppliedFilter: Sendable, Equatable {
        package var step: Filter.Step
        /// The sRGB conversions around the step: `.linearLight` runs it on linear-light values
        /// (`FilterOptions.linearColor`, SVG's color-interpolation-filters linearRGB).
        package var colorSpace: GPUABI.FilterColorSpace

        package init(_ step: Filter.Step, linearLight: Bool = false) {
            self.step = step
            self.colorSpace = linearLight ? .linearLight : .asIs
        }

        package init(_ step: Filter.Step, colorSpace: GPUABI.FilterColorSpace) { self.step = step; self.colorSpace = colorSpace }

        /// A step that only converts: from sRGB encoding to linear light (`toLinear`) or back.
        package static func conversion(toLinear: Bool) -> AppliedFilter {
            AppliedFilter(.matrix(ColorMatrix()), colorSpace: toLinear ? .toLinear : .toEncoded)
        }

        package var linearLight: Bool { colorSpace == .linearLight }

        /// The step's `GPUABI.filterStepSize` entries in the filter table.
        package var tableEntries: [SIMD4<Float>] {
            let linear = Float(colorSpace.rawValue)
            // The header, then the columns (`GPUABI.FilterStepEntry`).
            let columns = GPUABI.FilterStepEntry.columnCount
            switch step {
            case .matrix(let m):
                return [SIMD4(Float(GPUABI.FilterKind.colorMatrix.rawValue), 0, 0, linear)] + m.columns
            case .alphaThreshold(let lo, let hi, let color):
                return [SIMD4(Float(GPUABI.FilterKind.alphaThreshold.rawValue), lo, hi, linear), color]
                    + Array(repeating: .zero, count: columns - 1)
            case .luminanceMask:
                return [SIMD4(Float(GPUABI.FilterKind.luminanceMask.rawValue), 0, 0, linear)] + Array(repeating: .zero, count: columns)
            }
        }
    }

    /// How a filter is applied (SwiftUI's `GraphicsContext.FilterOptions`). `linearColor` runs a colour
    /// filter on linear-light values (sRGB decoded before the step and encoded after); without it the
    /// colour filters work on the sRGB-encoded values.
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1 << 0)
    }

    /// The most filters one context or layer holds; later ones are ignored (so a loop adding filters
    /// cannot grow a scene without bound).
    public static let maxFilters = 256

    /// A filter of a context's chain, in device pixels (converted with the transform current when it
    /// was added).
    package enum ChainedFilter: Sendable, Equatable {
        case color(AppliedFilter)
        case blur(sigma: Float, clampsEdges: Bool)
        case shadow(color: SIMD4<Float>, sigma: Float, dx: Float, dy: Float, blendMode: BlendMode, options: ShadowOptions)

        package var colorFilter: AppliedFilter? { if case .color(let f) = self { f } else { nil } }
    }

    /// Adds `filter` to this context: everything it draws afterwards is filtered, each drawing on its
    /// own; a layer drawn with `drawLayer` is filtered as a whole. Filters apply in the order added.
    /// Blur and shadow sizes are taken in the current user space: the transform when the filter is
    /// added scales them (a shadow's offset turns with it).
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        guard let kind = darkAppearance ? filter.darkKind : filter.kind, filters.count < GraphicsContext.maxFilters else { return }
        let t = transform
        // Device pixels per user unit, for lengths that have no direction (a blur's radius).
        let scale = sqrt(abs(t.a * t.d - t.b * t.c))
        func sigma(_ radius: Double) -> Float {
            let s = radius / 2 * Double(scale)
            return s.isFinite ? Float(min(s, Double(BlurLine.maximumSigma))) : 0
        }
        switch kind {
        case .color(let step):
            filters.append(.color(AppliedFilter(step, linearLight: options.contains(.linearColor))))
        case .blur(let radius, let blurOptions):
            filters.append(.blur(sigma: sigma(radius), clampsEdges: blurOptions.contains(.opaque)))
        case .shadow(let s):
            let dx = Double(t.a) * s.x + Double(t.c) * s.y, dy = Double(t.b) * s.x + Double(t.d) * s.y
            // An offset past any canvas moves the shadow out of sight; clamped so it converts safely.
            let limit = Double(2 * Bitmap.maxDimension)
            let a = Float(min(max(s.color.opacity, 0), 1))
            let rgb = SIMD3(Float(s.color.red), Float(s.color.green), Float(s.color.blue)).clamped(lowerBound: .zero, upperBound: .one)
            filters.append(.shadow(color: SIMD4(rgb * a, a), sigma: sigma(s.radius),
                                   dx: dx.isFinite ? Float(min(max(dx, -limit), limit)) : 0,
                                   dy: dy.isFinite ? Float(min(max(dy, -limit), limit)) : 0,
                                   blendMode: s.blendMode, options: s.options))
        }
    }

    /// Runs `body` with a context that draws through this context's filters: with none, this
    /// context; with colour filters only, one in a new layer that carries them, with this context's
    /// opacity and blend; with a blur or shadow, one that records into an offscreen group whose image
    /// the filters are run over (`drawFiltered`).
    package func throughFilters(_ body: (GraphicsContext) -> Void) {
        guard !filters.isEmpty else { return body(self) }
        let colorFilters = filters.compactMap(\.colorFilter)
        guard colorFilters.count == filters.count else { return drawFiltered { body($0) } }
        var inner = self
        inner.layer = recorder.openLayer(parent: layer, clip: nil, opacity: opacity, blendMode: blendMode, filters: colorFilters)
        inner.opacity = 1
        inner.blendMode = .normal
        inner.filters = []
        body(inner)
    }
}

extension GraphicsContext.AppliedFilter {
    /// Runs the colour filter steps in `table[steps]` (`GPUABI.filterStepSize` entries each, as
    /// `tableEntries` writes them) on the premultiplied `color` and returns it premultiplied. The steps
    /// work on the unpremultiplied colour; a pixel under `GPUABI.filterAlphaFloor` is returned as it is.
    /// The fine stage and the image filters both run this; filter.glsl's `applyFilters` is its twin.
    package static func apply(_ table: ReadOnlySpan<SIMD4<Float>>, steps: Range<Int>, to color: SIMD4<Float>) -> SIMD4<Float> {
        guard color.w >= GPUABI.filterAlphaFloor else { return color }
        var u = SIMD4(min(color.x / color.w, 1), min(color.y / color.w, 1), min(color.z / color.w, 1), min(color.w, 1))
        for s in stride(from: steps.lowerBound, to: steps.upperBound, by: GPUABI.filterStepSize) {
            let header = table[s + GPUABI.FilterStepEntry.header]
            let space = GPUABI.FilterColorSpace(rawValue: UInt32(header.w)) ?? .asIs
            if space.decodesBefore { u = SIMD4(GPUABI.SRGB.decode(u.x), GPUABI.SRGB.decode(u.y), GPUABI.SRGB.decode(u.z), u.w) }
            if header.x == Float(GPUABI.FilterKind.luminanceMask.rawValue) {
                let weights = GPUABI.luminanceWeights
                u = SIMD4(0, 0, 0, (weights.x * u.x + weights.y * u.y + weights.z * u.z) * u.w)
            } else if header.x == Float(GPUABI.FilterKind.alphaThreshold.rawValue) {
                u = u.w >= header.y && u.w <= header.z ? table[s + GPUABI.FilterStepEntry.firstColumn] : .zero
            } else {
                let c = s + GPUABI.FilterStepEntry.firstColumn
                var m = table[s + GPUABI.FilterStepEntry.constantColumn]
                m += table[c] * u.x
                m += table[c + 1] * u.y
                m += table[c + 2] * u.z
                m += table[c + 3] * u.w
                u = m.clamped(lowerBound: .zero, upperBound: .one)
            }
            if space.encodesAfter { u = SIMD4(GPUABI.SRGB.encode(u.x), GPUABI.SRGB.encode(u.y), GPUABI.SRGB.encode(u.z), u.w) }
            if u.w <= 0 { break }
        }
        let alpha = max(u.w, 0)
        return SIMD4(u.x * alpha, u.y * alpha, u.z * alpha, alpha)
    }
}
