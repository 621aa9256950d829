import Foundation
import Shaders
import TileRenderGeometry

// Named colours: SwiftUI's system colours on iOS. The light appearance's sRGB values are those listed in
// Tests/Fixtures/Scenes/public/MANIFEST.md ("Named colours"); the dark appearance's are iOS's dark system
// colours (Apple's Human Interface Guidelines, "Color", iOS 15 and later). `.black`, `.white` and
// `.clear` are the same in both and live in Color.swift.
extension Color {
    private static func named(_ light: (Int, Int, Int), dark: (Int, Int, Int), opacity: Double = 1) -> Color {
        Color(light: Color(rgb8: light.0, light.1, light.2, opacity: opacity), dark: Color(rgb8: dark.0, dark.1, dark.2))
    }
    public static let red = named((255, 59, 48), dark: (255, 69, 58))
    public static let orange = named((255, 149, 0), dark: (255, 159, 10))
    public static let yellow = named((255, 204, 0), dark: (255, 214, 10))
    public static let green = named((52, 199, 89), dark: (48, 209, 88))
    public static let mint = named((0, 199, 190), dark: (99, 230, 226))
    public static let teal = named((48, 176, 199), dark: (64, 200, 224))
    public static let cyan = named((50, 173, 230), dark: (100, 210, 255))
    public static let blue = named((0, 122, 255), dark: (10, 132, 255))
    public static let indigo = named((88, 86, 214), dark: (94, 92, 230))
    public static let purple = named((175, 82, 222), dark: (191, 90, 242))
    public static let pink = named((255, 45, 85), dark: (255, 55, 95))
    public static let brown = named((162, 132, 94), dark: (172, 142, 104))
    public static let gray = named((142, 142, 147), dark: (142, 142, 147))
    /// The primary foreground colour: black in the light appearance, white in the dark one.
    public static let primary = named((0, 0, 0), dark: (255, 255, 255))
    /// The secondary foreground colour: iOS's secondary label colour, (60, 60, 67) in the light
    /// appearance and (235, 235, 245) in the dark one, at 60% opacity.
    public static let secondary = label.opacity(0.6)
    /// iOS's label colour behind the hierarchical levels (opaque; the levels add their opacity).
    package static let label = named((60, 60, 67), dark: (235, 235, 245))
}

// Leading-dot colours where a `ShapeStyle` is expected (`.fill(.orange)`), as SwiftUI declares them.
extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
}

/// The levels of the current foreground style (SwiftUI's `HierarchicalShapeStyle`): `.primary` is the
/// foreground style itself; `.secondary`, `.tertiary`, `.quaternary` and `.quinary` are, for the
/// default foreground, iOS's label colours of the appearance (light: (60, 60, 67), dark: (235, 235,
/// 245), at 60%, 30%, 18% and 8% opacity), and for a foreground colour that colour at those
/// opacities (other foreground styles use the label colours). In a bare `GraphicsContext`, with no
/// view around it, they are the label colours of the context's appearance (light for a `Scene`).
public struct HierarchicalShapeStyle: ShapeStyle, Hashable, ResolvableShapeStyle {
    /// 0 for primary, 1 secondary, 2 tertiary, 3 quaternary, 4 quinary.
    package let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
    public static let quinary = HierarchicalShapeStyle(level: 4)
    /// The opacity of each level below primary.
    package static let opacities: [Double] = [1, 0.6, 0.3, 0.18, 0.08]

    /// This level of `foreground`: for the default foreground (`.primary`) the label colour, which the
    /// context draws in its appearance; for another colour, that colour fainter.
    package func color(foreground: Color) -> Color {
        guard level > 0 else { return foreground }
        let opacity = HierarchicalShapeStyle.opacities[min(level, 4)]
        return (foreground == .primary ? Color.label : foreground).opacity(opacity)
    }

    /// Outside views: the levels of the default foreground, following the context's appearance.
    package func shading(in frame: CGRect) -> GraphicsContext.Shading { .color(color(foreground: .primary)) }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
    public static var quinary: HierarchicalShapeStyle { .quinary }
}

extension Color {
    /// A colour as concrete values (SwiftUI's `Color.Resolved`): stored as linear sRGB (extended range);
    /// `red`, `green` and `blue` read and write the sRGB-encoded values.
    public struct Resolved: Hashable, Sendable, ShapeStyle, ResolvableShapeStyle, CustomStringConvertible {
        public var linearRed: Float, linearGreen: Float, linearBlue: Float, opacity: Float

        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            let c = Color(colorSpace, red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(opacity))
            linearRed = Resolved.toLinear(c.red); linearGreen = Resolved.toLinear(c.green); linearBlue = Resolved.toLinear(c.blue)
            self.opacity = opacity
        }

        public var red: Float { get { Resolved.toEncoded(linearRed) } set { linearRed = Resolved.toLinear(Double(newValue)) } }
        public var green: Float { get { Resolved.toEncoded(linearGreen) } set { linearGreen = Resolved.toLinear(Double(newValue)) } }
        public var blue: Float { get { Resolved.toEncoded(linearBlue) } set { linearBlue = Resolved.toLinear(Double(newValue)) } }

        /// `#RRGGBBAA`, sRGB-encoded, clamped to 0...255 (as SwiftUI prints it).
        public var description: String {
            func hex(_ v: Float) -> String {
                let b = v.isFinite ? Int((min(max(v, 0), 1) * 255).rounded()) : 0
                return String(b, radix: 16, uppercase: true).count == 1 ? "0" + String(b, radix: 16, uppercase: true) : String(b, radix: 16, uppercase: true)
            }
            return "#" + hex(red) + hex(green) + hex(blue) + hex(opacity)
        }

        package func shading(in frame: CGRect) -> GraphicsContext.Shading { .color(Color(self)) }

        /// The sRGB transfer function, odd-extended (extended range keeps its sign): `Color.decodeSRGB`.
        private static func toLinear(_ v: Double) -> Float { Float(Color.decodeSRGB(v)) }
        private static func toEncoded(_ v: Float) -> Float { Float(Color.encodeSRGB(Double(v))) }
    }

    /// The colour of `resolved`.
    public init(_ resolved: Resolved) {
        self.init(red: Double(resolved.red), green: Double(resolved.green), blue: Double(resolved.blue), opacity: Double(resolved.opacity))
    }
}

extension Color {
    /// The colour spaces SwiftUI's `Color(_:red:green:blue:opacity:)` accepts.
    ///
    /// TileRender works in sRGB: `.sRGBLinear` components are converted with the sRGB transfer function;
    /// `.displayP3` components are converted to sRGB with the standard P3 (D65) to sRGB matrix, and
    /// values outside sRGB's gamut are kept (the renderer clamps them).
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB
        case sRGBLinear
        case displayP3
    }

    /// A colour from components in `colorSpace` (stored as sRGB, see `RGBColorSpace`).
    public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        switch colorSpace {
        case .sRGB:
            self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .sRGBLinear:
            self.init(red: Color.encodeSRGB(red), green: Color.encodeSRGB(green),
                      blue: Color.encodeSRGB(blue), opacity: opacity)
        case .displayP3:
            let r = Color.decodeSRGB(red), g = Color.decodeSRGB(green), b = Color.decodeSRGB(blue)
            let lr = 1.2249401 * r - 0.2249404 * g + 0.0000000 * b
            let lg = -0.0420569 * r + 1.0420571 * g + 0.0000000 * b
            let lb = -0.0196376 * r - 0.0786361 * g + 1.0982735 * b
            self.init(red: Color.encodeSRGB(lr), green: Color.encodeSRGB(lg), blue: Color.encodeSRGB(lb),
                      opacity: opacity)
        }
    }

    /// A grey from a white level in `colorSpace`.
    public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from hue, saturation and brightness (all 0...1; hue wraps), converted with the standard
    /// HSB (HSV) to RGB formula. A NaN or infinite hue counts as 0.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        var h = hue.isFinite ? hue.truncatingRemainder(dividingBy: 1) : 0
        if h < 0 { h += 1 }
        let s = max(0, min(1, saturation)), v = brightness
        let h6 = h * 6
        let sector = min(5, Int(h6.rounded(.down)))
        let f = h6 - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// Linear light to sRGB-encoded (`GPUABI.SRGB`, sign-preserving for extended values).
    package static func encodeSRGB(_ x: Double) -> Double {
        let e = GPUABI.SRGB.encode(abs(x))
        return x < 0 ? -e : e
    }

    /// sRGB-encoded to linear light (`GPUABI.SRGB`, sign-preserving).
    package static func decodeSRGB(_ x: Double) -> Double {
        let l = GPUABI.SRGB.decode(abs(x))
        return x < 0 ? -l : l
    }
}

extension Color: _ExpressibleByColorLiteral {
    /// `#colorLiteral(red:green:blue:alpha:)` (sRGB components), as Xcode's colour literals write them:
    /// `Color(#colorLiteral(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))` ports from the seeds as is.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }

    /// The same colour: lets `Color(#colorLiteral(...))` read the literal as a `Color`.
    public init(_ color: Color) { self = color }
}

extension GraphicsContext.Shading {
    /// A colour from components in `colorSpace` (SwiftUI's `color(_:red:green:blue:opacity:)`).
    public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                             opacity: Double = 1) -> GraphicsContext.Shading {
        .color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
    }

    /// A grey from a white level in `colorSpace` (SwiftUI's `color(_:white:opacity:)`).
    public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> GraphicsContext.Shading {
        .color(Color(colorSpace, white: white, opacity: opacity))
    }
}
