import Foundation
import TileRenderPipeline

/// The part of UIKit's `UIColor` that SwiftUI drawing code uses to read a colour's components (the
/// seed's pencils take a `Color`'s hue this way): build one from a `Color` and read it back as RGB, HSB
/// or white. Nothing else of UIKit exists; a named colour gives its light-appearance values, as a
/// `UIColor` read without a trait collection does. Components are sRGB, unclamped.
public final class UIColor: Sendable, Equatable {
    public let red: Double, green: Double, blue: Double, alpha: Double

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Double(red); self.green = Double(green); self.blue = Double(blue); self.alpha = Double(alpha)
    }
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        self.init(Color(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness), opacity: Double(alpha)))
    }
    public convenience init(_ color: Color) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.opacity)
    }

    public static func == (a: UIColor, b: UIColor) -> Bool {
        a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha
    }

    /// The red, green, blue and alpha components. Always succeeds.
    @discardableResult
    public func getRed(_ red: inout CGFloat, green: inout CGFloat, blue: inout CGFloat, alpha: inout CGFloat) -> Bool {
        red = self.red; green = self.green; blue = self.blue; alpha = self.alpha
        return true
    }

    /// Hue (0..<1), saturation and brightness by the standard RGB to HSB (HSV) formula, and alpha.
    /// A grey has hue 0 and saturation 0. Always succeeds.
    @discardableResult
    public func getHue(_ hue: inout CGFloat, saturation: inout CGFloat, brightness: inout CGFloat, alpha: inout CGFloat) -> Bool {
        let maxC = max(red, green, blue), minC = min(red, green, blue), delta = maxC - minC
        brightness = maxC
        saturation = maxC > 0 ? delta / maxC : 0
        var h = 0.0
        if delta > 0 {
            if maxC == red { h = (green - blue) / delta } else if maxC == green { h = 2 + (blue - red) / delta } else { h = 4 + (red - green) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue = h.isFinite ? h : 0
        alpha = self.alpha
        return true
    }

    /// The luma-free average of the components (UIKit's white for a grey), and alpha. Always succeeds.
    @discardableResult
    public func getWhite(_ white: inout CGFloat, alpha: inout CGFloat) -> Bool {
        white = (red + green + blue) / 3
        alpha = self.alpha
        return true
    }
}

extension Color {
    /// The colour of a `UIColor` (SwiftUI's `Color(uiColor:)`).
    public init(uiColor: UIColor) { self.init(red: uiColor.red, green: uiColor.green, blue: uiColor.blue, opacity: uiColor.alpha) }
    /// The colour of a `UIColor` (SwiftUI's `Color(_:)`).
    public init(_ uiColor: UIColor) { self.init(uiColor: uiColor) }
}
