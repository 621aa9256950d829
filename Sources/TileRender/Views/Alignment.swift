import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A type that identifies an alignment guide and gives its default position in a view: SwiftUI's
/// `AlignmentID`. Make a custom guide with `HorizontalAlignment(MyID.self)` or
/// `VerticalAlignment(MyID.self)`; views set it with `alignmentGuide(_:computeValue:)`, and it passes
/// up through stacks, frames and padding to the container aligned on it.
public protocol AlignmentID {
    /// The guide's position in a view that does not set it explicitly, from the view's top-left
    /// (along x for a horizontal guide, y for a vertical one).
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// One alignment guide, as the layout code uses it: its identifier type and axis, how explicit values
/// of several children combine in their container, and where a built-in guide sits as a fraction.
package struct AlignmentKey: Hashable, @unchecked Sendable {
    package enum Combine: Sendable { case mean, minimum, maximum, notPassedUp }
    package let id: any AlignmentID.Type
    package let isHorizontal: Bool
    package let combine: Combine
    /// leading/top 0, centre 0.5, trailing/bottom 1; nil for the text baselines and custom guides.
    package let fraction: CGFloat?

    package static func == (a: AlignmentKey, b: AlignmentKey) -> Bool {
        ObjectIdentifier(a.id) == ObjectIdentifier(b.id) && a.isHorizontal == b.isHorizontal
    }
    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id)); hasher.combine(isHorizontal)
    }

    /// Merges the explicit values of several children, in the container's coordinates. SwiftUI's rules:
    /// the mean for custom guides, the topmost first and the lowest last text baseline; the built-in
    /// edge and centre guides are not passed up through a container of more than one child.
    package func combined(_ values: [CGFloat], childCount: Int) -> CGFloat? {
        guard !values.isEmpty else { return nil }
        switch combine {
        case .mean: return values.reduce(0, +) / CGFloat(values.count)
        case .minimum: return values.min()
        case .maximum: return values.max()
        case .notPassedUp: return childCount == 1 ? values[0] : nil
        }
    }
}

/// The guides a view may set explicitly: a set of keys, or every guide (a custom `Layout`, whose
/// `explicitAlignment` may answer any).
package struct GuideSet: ExpressibleByArrayLiteral, Sendable {
    package private(set) var keys: Set<AlignmentKey> = []
    package private(set) var containsEveryGuide = false
    package init() {}
    package init(arrayLiteral elements: AlignmentKey...) { keys = Set(elements) }
    package static let every: GuideSet = { var s = GuideSet(); s.containsEveryGuide = true; return s }()
    package func contains(_ key: AlignmentKey) -> Bool { containsEveryGuide || (!keys.isEmpty && keys.contains(key)) }
    /// No guide at all (most views): their guides take their default values.
    package var isEmpty: Bool { !containsEveryGuide && keys.isEmpty }
    package mutating func formUnion(_ other: GuideSet) {
        keys.formUnion(other.keys); containsEveryGuide = containsEveryGuide || other.containsEveryGuide
    }
    package func union(_ other: GuideSet) -> GuideSet { var s = self; s.formUnion(other); return s }
    /// Without the built-in edge and centre guides (which a stack of several children does not pass up).
    package func droppingBuiltIns() -> GuideSet {
        var s = self
        s.keys = keys.filter { $0.combine != .notPassedUp }
        return s
    }
}

private enum LeadingGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
private enum HorizontalCenterGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 } }
private enum TrailingGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
private enum TopGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
private enum VerticalCenterGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 } }
private enum BottomGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
/// A view without text has its baselines at its bottom edge, as in SwiftUI.
private enum FirstTextBaselineGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
private enum LastTextBaselineGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }

/// Where a view sits horizontally in a larger space: SwiftUI's `HorizontalAlignment`, a guide along x.
public struct HorizontalAlignment: Hashable, Sendable {
    package let key: AlignmentKey
    /// A custom guide: `static let myGuide = HorizontalAlignment(MyGuide.self)`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id: id, isHorizontal: true, combine: .mean, fraction: nil) }
    package init(key: AlignmentKey) { self.key = key }
    private init(builtIn id: any AlignmentID.Type, fraction: CGFloat) {
        key = AlignmentKey(id: id, isHorizontal: true, combine: .notPassedUp, fraction: fraction)
    }
    public static let leading = HorizontalAlignment(builtIn: LeadingGuide.self, fraction: 0)
    public static let center = HorizontalAlignment(builtIn: HorizontalCenterGuide.self, fraction: 0.5)
    public static let trailing = HorizontalAlignment(builtIn: TrailingGuide.self, fraction: 1)
}

/// Where a view sits vertically in a larger space: SwiftUI's `VerticalAlignment`, a guide along y.
public struct VerticalAlignment: Hashable, Sendable {
    package let key: AlignmentKey
    /// A custom guide: `static let myGuide = VerticalAlignment(MyGuide.self)`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(id: id, isHorizontal: false, combine: .mean, fraction: nil) }
    package init(key: AlignmentKey) { self.key = key }
    private init(builtIn id: any AlignmentID.Type, combine: AlignmentKey.Combine = .notPassedUp, fraction: CGFloat?) {
        key = AlignmentKey(id: id, isHorizontal: false, combine: combine, fraction: fraction)
    }
    public static let top = VerticalAlignment(builtIn: TopGuide.self, fraction: 0)
    public static let center = VerticalAlignment(builtIn: VerticalCenterGuide.self, fraction: 0.5)
    public static let bottom = VerticalAlignment(builtIn: BottomGuide.self, fraction: 1)
    /// The first line's baseline of the text inside (the bottom edge of a view without text).
    public static let firstTextBaseline = VerticalAlignment(builtIn: FirstTextBaselineGuide.self, combine: .minimum, fraction: nil)
    /// The last line's baseline of the text inside (the bottom edge of a view without text).
    public static let lastTextBaseline = VerticalAlignment(builtIn: LastTextBaselineGuide.self, combine: .maximum, fraction: nil)
}

/// A view's size and its alignment guides, in its own coordinates: SwiftUI's `ViewDimensions`, given
/// to `AlignmentID.defaultValue(in:)` and to `alignmentGuide(_:computeValue:)`'s closure.
///
/// A guide whose default value reads itself, directly or through other guides, is cut off after 32
/// nested reads, which then give 0 (a cycle has no value; SwiftUI would not finish).
public struct ViewDimensions {
    package let size: CGSize
    /// The guides set explicitly in the view (and passed up from inside it).
    package let explicit: (AlignmentKey) -> CGFloat?
    /// Nested default-value reads so far (the cycle bound).
    package var depth = 0
    package static let maxGuideDepth = 32

    package init(size: CGSize, explicit: @escaping (AlignmentKey) -> CGFloat? = { _ in nil }) {
        self.size = size; self.explicit = explicit
    }

    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }

    package subscript(key: AlignmentKey) -> CGFloat {
        if let value = explicit(key) { return value }
        guard depth < ViewDimensions.maxGuideDepth else { return 0 }
        var inner = self
        inner.depth += 1
        return key.id.defaultValue(in: inner)
    }
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[guide.key] }
    public subscript(guide: VerticalAlignment) -> CGFloat { self[guide.key] }
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicit(guide.key) }
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicit(guide.key) }
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
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)

    /// The rect of `size` placed in `rect` with this alignment (a view without explicit guides).
    package func place(_ size: CGSize, in rect: CGRect) -> CGRect {
        place(ViewDimensions(size: size), in: rect)
    }

    /// Where a child of `dimensions` goes in `rect`: its guides (explicit ones included) on the
    /// container's default guides.
    package func place(_ child: ViewDimensions, in rect: CGRect) -> CGRect {
        let base = ViewDimensions(size: rect.size)
        return CGRect(x: rect.minX + base[horizontal] - child[horizontal], y: rect.minY + base[vertical] - child[vertical],
                      width: child.width, height: child.height)
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

extension View {
    /// Sets where guide `g` sits in this view, from its top-left: `computeValue` gets the view's size and
    /// its other guides (reading `g` itself gives the value it would have without this modifier). A
    /// non-finite value leaves the guide at that value. The guide passes up through frames, padding
    /// and, for custom guides and text baselines, through stacks, to the container that aligns on it.
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> _ModifiedView<Self> {
        modified(AlignmentGuideModifier(key: g.key, computeValue: computeValue))
    }
    /// Sets where vertical guide `g` sits in this view (see the horizontal one).
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> _ModifiedView<Self> {
        modified(AlignmentGuideModifier(key: g.key, computeValue: computeValue))
    }
}

package struct AlignmentGuideModifier: NodeWrapper {
    let key: AlignmentKey
    let computeValue: (ViewDimensions) -> CGFloat
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        AlignmentGuideNode(child: node, key: key, computeValue: computeValue)
    }
}

package struct AlignmentGuideNode: ViewNode {
    let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    let key: AlignmentKey
    let computeValue: (ViewDimensions) -> CGFloat
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    package func draw(in rect: CGRect, context: GraphicsContext) { child.draw(in: rect, context: context) }
    package var spacerMinLength: CGFloat? { child.spacerMinLength }
    package var layoutPriority: Double { child.layoutPriority }
    package var explicitGuides: GuideSet { child.explicitGuides.union([key]) }
    package func explicitAlignment(_ k: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard k == key else { return child.explicitAlignment(k, in: size) }
        let inner = child.dimensions(in: size)
        let value = computeValue(inner)
        return value.isFinite ? value : inner[k]
    }
}
