import Foundation
import TileRenderGeometry
import TileRenderText

/// A font, in SwiftUI's words: the system font (Inter, bundled) at a size or a text style's size, or a
/// named family, with a weight, a design and a slant.
///
/// Text styles have iOS's default sizes at the default Dynamic Type setting (largeTitle 34, title 28,
/// title2 22, title3 20, headline 17 semibold, body 17, callout 16, subheadline 15, footnote 13,
/// caption 12, caption2 11). Weights map to Inter's nine: ultraLight Thin (100), thin ExtraLight
/// (200), light 300, regular 400, medium 500, semibold 600, bold 700, heavy ExtraBold (800), black 900.
public struct Font: Hashable, Sendable {
    package enum Source: Hashable, Sendable {
        case system(size: CGFloat)
        case textStyle(TextStyle)
        case custom(name: String, size: CGFloat)
    }
    package var source: Source
    package var weightValue: Weight?
    package var design: Design?
    package var isItalic = false
    package var usesMonospacedDigits = false

    package init(source: Source, weight: Weight? = nil, design: Design? = nil) {
        self.source = source; self.weightValue = weight; self.design = design
    }

    /// SwiftUI's `Font.Weight`.
    public struct Weight: Hashable, Sendable {
        /// The OpenType weight class (100 ... 900).
        package let value: Int
        package init(value: Int) { self.value = value }
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }

    /// SwiftUI's `Font.Design`: `.serif` is DejaVu Serif, `.monospaced` DejaVu Sans Mono (Debian's
    /// fonts-dejavu-core, found through fontconfig); `.rounded` is the default design (Inter).
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    /// SwiftUI's `Font.TextStyle`.
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// iOS's size at the default Dynamic Type setting, in points.
        public var size: CGFloat {
            switch self {
            case .largeTitle: 34
            case .title: 28
            case .title2: 22
            case .title3: 20
            case .headline: 17
            case .body: 17
            case .callout: 16
            case .subheadline: 15
            case .footnote: 13
            case .caption: 12
            case .caption2: 11
            }
        }
        /// Headline is semibold; the rest regular.
        package var weight: Weight { self == .headline ? .semibold : .regular }
    }

    // MARK: Making fonts

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(source: .system(size: size), weight: weight, design: design)
    }
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(source: .textStyle(style), weight: weight, design: design)
    }
    /// A family by name: the bundled Inter, a file registered with `Font.register(contentsOf:)`, or an
    /// installed family (fontconfig). An unknown family draws in the system font, said once on
    /// standard error.
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(source: .custom(name: name, size: size)) }
    /// As `custom(_:size:)`: TileRender has no Dynamic Type, so `relativeTo` changes nothing.
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        Font(source: .custom(name: name, size: size))
    }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { Font(source: .custom(name: name, size: fixedSize)) }

    public static let largeTitle = Font.system(.largeTitle)
    public static let title = Font.system(.title)
    public static let title2 = Font.system(.title2)
    public static let title3 = Font.system(.title3)
    public static let headline = Font.system(.headline)
    public static let subheadline = Font.system(.subheadline)
    public static let body = Font.system(.body)
    public static let callout = Font.system(.callout)
    public static let footnote = Font.system(.footnote)
    public static let caption = Font.system(.caption)
    public static let caption2 = Font.system(.caption2)

    // MARK: Modifiers

    public func weight(_ weight: Weight) -> Font { var f = self; f.weightValue = weight; return f }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    /// Digits of equal width (Inter's `tnum` feature).
    public func monospacedDigit() -> Font { var f = self; f.usesMonospacedDigits = true; return f }
    /// The monospaced design of this font.
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }

    /// Registers the font file at `url` (TrueType, OpenType or a collection) so that
    /// `Font.custom(family, size:)` and SVG `font-family` find it before installed fonts; returns the
    /// family names it holds.
    @discardableResult
    public static func register(contentsOf url: URL) throws -> [String] {
        try FontLibrary.shared.register(contentsOf: url)
    }

    // MARK: Resolving

    /// The size in points.
    package var pointSize: CGFloat {
        switch source {
        case .system(let size): size
        case .textStyle(let style): style.size
        case .custom(_, let size): size
        }
    }

    package var faceRequest: FaceRequest {
        var request = FaceRequest()
        switch source {
        case .custom(let name, _): request.family = name
        case .system, .textStyle: break
        }
        switch design ?? .default {
        case .default: request.design = .default
        case .serif: request.design = .serif
        case .rounded: request.design = .rounded
        case .monospaced: request.design = .monospaced
        }
        let fallback: Weight
        if case .textStyle(let style) = source { fallback = style.weight } else { fallback = .regular }
        request.weight = (weightValue ?? fallback).value
        request.italic = isItalic
        return request
    }
}
