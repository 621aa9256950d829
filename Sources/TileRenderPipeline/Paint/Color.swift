import Foundation
import TileRenderGeometry

/// A colour in the sRGB space, stored unpremultiplied as SwiftUI's `Color.Resolved` does.
///
/// Components are kept as given (0...1 nominal); the renderer clamps them. Named colours (`.red`,
/// `.primary`, ...) have two values, as SwiftUI's do: the light appearance's (listed in
/// Tests/Fixtures/Scenes/public/MANIFEST.md), which `red`, `green` and `blue` read, and the dark
/// appearance's, which views in `.dark` draw with (see Color+Named.swift).
public struct Color: Hashable, Sendable {
    /// Unpremultiplied, sRGB-encoded components (a named colour's light values). Setting one makes the
    /// colour a plain one, the same in both appearances.
    public var red: Double { didSet { darkComponents = nil } }
    public var green: Double { didSet { darkComponents = nil } }
    public var blue: Double { didSet { darkComponents = nil } }
    /// Unpremultiplied alpha; it applies in both appearances.
    public var opacity: Double
    /// A named colour's red, green and blue in the dark appearance; nil for other colours.
    package private(set) var darkComponents: SIMD3<Double>?

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

    /// A named colour: `light` components, and `dark` ones in the dark appearance.
    package init(light: Color, dark: Color) {
        self = light
        darkComponents = SIMD3(dark.red, dark.green, dark.blue)
    }

    /// The colour as drawn in the given appearance: in the dark one, a named colour's dark values as a
    /// plain colour; otherwise the colour itself.
    package func resolved(darkAppearance: Bool) -> Color {
        guard darkAppearance, let dark = darkComponents else { return self }
        return Color(red: dark.x, green: dark.y, blue: dark.z, opacity: opacity)
    }

    /// The light appearance's values as a plain colour (no dark variant).
    package var lightColor: Color { Color(red: red, green: green, blue: blue, opacity: opacity) }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        var c = self
        c.opacity *= opacity
        return c
    }

    /// Builds a colour from 8-bit sRGB components.
    package init(rgb8 r: Int, _ g: Int, _ b: Int, opacity: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, opacity: opacity)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public static let black = Color(rgb8: 0, 0, 0)
    public static let white = Color(rgb8: 255, 255, 255)
}
