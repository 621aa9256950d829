import Foundation
import TileRenderGeometry

// Named colours: SwiftUI's light-appearance system colours, with the sRGB values listed in
// Tests/Fixtures/Scenes/public/MANIFEST.md ("Named colours"). `.black`, `.white` and `.clear` live in Color.swift.
extension Color {
    public static let red = Color(rgb8: 255, 59, 48)
    public static let orange = Color(rgb8: 255, 149, 0)
    public static let yellow = Color(rgb8: 255, 204, 0)
    public static let green = Color(rgb8: 52, 199, 89)
    public static let mint = Color(rgb8: 0, 199, 190)
    public static let teal = Color(rgb8: 48, 176, 199)
    public static let cyan = Color(rgb8: 50, 173, 230)
    public static let blue = Color(rgb8: 0, 122, 255)
    public static let indigo = Color(rgb8: 88, 86, 214)
    public static let purple = Color(rgb8: 175, 82, 222)
    public static let pink = Color(rgb8: 255, 45, 85)
    public static let brown = Color(rgb8: 162, 132, 94)
    public static let gray = Color(rgb8: 142, 142, 147)
    /// The primary foreground colour: black in the light appearance.
    public static let primary = Color(rgb8: 0, 0, 0)
    /// The secondary foreground colour: iOS's secondary label colour in the light appearance,
    /// (60, 60, 67) at 60% opacity.
    public static let secondary = Color(rgb8: 60, 60, 67).opacity(0.6)
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
    /// SwiftUI's hierarchical `.primary`; in TileRender the light appearance's foreground, black.
    public static var primary: Color { Color.primary }
    /// SwiftUI's hierarchical `.secondary`, `.tertiary` and `.quaternary`: in TileRender iOS's label
    /// colours of the light appearance, (60, 60, 67) at 60%, 30% and 18% opacity (not derived from the
    /// current foreground style).
    public static var secondary: Color { Color.secondary }
    public static var tertiary: Color { Color(rgb8: 60, 60, 67).opacity(0.3) }
    public static var quaternary: Color { Color(rgb8: 60, 60, 67).opacity(0.18) }
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
    /// HSB (HSV) to RGB formula.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        var h = hue.truncatingRemainder(dividingBy: 1)
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

    /// Linear light to sRGB-encoded (sign-preserving for extended values).
    package static func encodeSRGB(_ x: Double) -> Double {
        let a = abs(x)
        let e = a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055
        return x < 0 ? -e : e
    }

    /// sRGB-encoded to linear light (sign-preserving).
    package static func decodeSRGB(_ x: Double) -> Double {
        let a = abs(x)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
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
