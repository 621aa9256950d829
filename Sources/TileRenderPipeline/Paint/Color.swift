import Foundation
import TileRenderGeometry

/// A colour in the sRGB space, stored unpremultiplied as SwiftUI's `Color.Resolved` does.
///
/// Components are kept as given (0...1 nominal); the renderer clamps them. Named colours use the light
/// appearance values listed in Tests/Fixtures/Scenes/public/MANIFEST.md.
public struct Color: Hashable, Sendable {
    /// Unpremultiplied, sRGB-encoded components.
    public var red: Double, green: Double, blue: Double, opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.opacity = opacity
    }

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
