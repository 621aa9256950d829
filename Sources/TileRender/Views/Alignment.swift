import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Where a view sits horizontally in a larger space: SwiftUI's `HorizontalAlignment` (as a fraction of
/// the free width: leading 0, centre 0.5, trailing 1).
public struct HorizontalAlignment: Hashable, Sendable {
    package let fraction: CGFloat
    public static let leading = HorizontalAlignment(fraction: 0)
    public static let center = HorizontalAlignment(fraction: 0.5)
    public static let trailing = HorizontalAlignment(fraction: 1)
}

/// Where a view sits vertically in a larger space: SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Hashable, Sendable {
    package let fraction: CGFloat
    /// For the text baselines: which one (a view without text uses its bottom edge, as in SwiftUI).
    package var baseline: TextBaseline? = nil
    package enum TextBaseline: Hashable, Sendable { case first, last }
    public static let top = VerticalAlignment(fraction: 0)
    public static let center = VerticalAlignment(fraction: 0.5)
    public static let bottom = VerticalAlignment(fraction: 1)
    /// Rows align the first lines' baselines of their texts.
    public static let firstTextBaseline = VerticalAlignment(fraction: 1, baseline: .first)
    /// Rows align the last lines' baselines of their texts.
    public static let lastTextBaseline = VerticalAlignment(fraction: 1, baseline: .last)
}

/// A horizontal and a vertical alignment: SwiftUI's `Alignment`.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The rect of `size` placed in `rect` with this alignment.
    package func place(_ size: CGSize, in rect: CGRect) -> CGRect {
        CGRect(x: rect.minX + (rect.width - size.width) * horizontal.fraction,
               y: rect.minY + (rect.height - size.height) * vertical.fraction,
               width: size.width, height: size.height)
    }
}

/// The edges of a rectangle: SwiftUI's `Edge`, with its option set `Edge.Set`.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Insets on each edge: SwiftUI's `EdgeInsets` (leading is left: TileRender lays out left to right).
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}
