import Foundation
import Shaders
import TileRenderGeometry

extension GraphicsContext {
    /// How drawing combines with what is already there: SwiftUI's `GraphicsContext.BlendMode`, with
    /// CoreGraphics' raw values. Separable and non-separable modes follow the W3C Compositing and
    /// Blending spec; the Porter-Duff modes act where the drawing has coverage (a partly covered pixel
    /// mixes the result with what was there by the coverage).
    public struct BlendMode: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let normal = BlendMode(rawValue: 0)
        public static let multiply = BlendMode(rawValue: 1)
        public static let screen = BlendMode(rawValue: 2)
        public static let overlay = BlendMode(rawValue: 3)
        public static let darken = BlendMode(rawValue: 4)
        public static let lighten = BlendMode(rawValue: 5)
        public static let colorDodge = BlendMode(rawValue: 6)
        public static let colorBurn = BlendMode(rawValue: 7)
        public static let softLight = BlendMode(rawValue: 8)
        public static let hardLight = BlendMode(rawValue: 9)
        public static let difference = BlendMode(rawValue: 10)
        public static let exclusion = BlendMode(rawValue: 11)
        public static let hue = BlendMode(rawValue: 12)
        public static let saturation = BlendMode(rawValue: 13)
        public static let color = BlendMode(rawValue: 14)
        public static let luminosity = BlendMode(rawValue: 15)
        public static let clear = BlendMode(rawValue: 16)
        public static let copy = BlendMode(rawValue: 17)
        public static let sourceIn = BlendMode(rawValue: 18)
        public static let sourceOut = BlendMode(rawValue: 19)
        public static let sourceAtop = BlendMode(rawValue: 20)
        public static let destinationOver = BlendMode(rawValue: 21)
        public static let destinationIn = BlendMode(rawValue: 22)
        public static let destinationOut = BlendMode(rawValue: 23)
        public static let destinationAtop = BlendMode(rawValue: 24)
        public static let xor = BlendMode(rawValue: 25)
        public static let plusDarker = BlendMode(rawValue: 26)
        public static let plusLighter = BlendMode(rawValue: 27)

        /// The raw value as the renderer stores it (0...27; unknown values draw as `.normal`).
        package var encoded: UInt32 {
            // The ABI's ids follow CoreGraphics' numbering, which these raw values are.
            rawValue >= 0 ? (GPUABI.BlendID(rawValue: UInt32(rawValue)) ?? .normal).rawValue : GPUABI.BlendID.normal.rawValue
        }
    }
}

/// The blend formulas of the CPU fine stage; `Sources/Shaders/include/blend.glsl` mirrors them.
package enum Blend {
    /// The result of compositing premultiplied `s` onto premultiplied `d` with `mode` at full coverage.
    package static func apply(_ mode: UInt32, _ s: SIMD4<Float>, _ d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        switch GPUABI.BlendID(rawValue: mode) ?? .normal {
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return s * (1 - da) + d * sa
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusDarker:
            let a = min(1, sa + da)
            var c = SIMD4<Float>(repeating: a) - ((SIMD4(repeating: da) - d) + (SIMD4(repeating: sa) - s))
            c = SIMD4(max(0, c.x), max(0, c.y), max(0, c.z), a)
            return c
        case .plusLighter:
            let c = s + d
            return SIMD4(min(1, c.x), min(1, c.y), min(1, c.z), min(1, c.w))
        default:
            break
        }
        // W3C: co = cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs), with Cb, Cs unpremultiplied.
        let cs = sa > 0 ? SIMD3(s.x, s.y, s.z) / sa : .zero
        let cb = da > 0 ? SIMD3(d.x, d.y, d.z) / da : .zero
        let b = mix(mode, cb, cs)
        let rgb = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + b * (sa * da)
        return SIMD4(rgb.x, rgb.y, rgb.z, sa + da * (1 - sa))
    }

    /// B(Cb, Cs) for the separable and non-separable modes.
    package static func mix(_ mode: UInt32, _ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
        func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> { SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
        func hardLight(_ b: Float, _ s: Float) -> Float { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        switch GPUABI.BlendID(rawValue: mode) ?? .normal {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each { b, s in hardLight(s, b) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .hardLight: return each(hardLight)
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    package static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    package static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = min(c.x, min(c.y, c.z)), x = max(c.x, max(c.y, c.z))
        var out = c
        if n < 0 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { out = SIMD3(repeating: l) + (out - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return out
    }

    package static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + SIMD3(repeating: l - lum(c))) }

    package static func sat(_ c: SIMD3<Float>) -> Float { max(c.x, max(c.y, c.z)) - min(c.x, min(c.y, c.z)) }

    package static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let n = min(c.x, min(c.y, c.z)), x = max(c.x, max(c.y, c.z))
        guard x > n else { return .zero }
        return (c - SIMD3(repeating: n)) * s / (x - n)
    }
}
