import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A container's own layout: SwiftUI's `Layout` protocol. Use a value of it like a stack:
/// `MyLayout { ... }`. TileRender calls `sizeThatFits` when a parent asks the container's size and
/// `placeSubviews` when it is drawn. Its cache is made once per place in the renderer's graph
/// (`makeCache`) and updated when the layout value or its subviews change (`updateCache`).
///
/// Unlike SwiftUI's, it does not refine `Animatable` (TileRender renders single moments). A subview
/// that `placeSubviews` does not place is drawn at its ideal size, centred in the bounds. A size that
/// is not finite and not negative is used as it is; NaN and negative lengths count as 0, and infinite
/// ones as the proposal's (or 0 without one).
public protocol Layout {
    associatedtype Cache = Void
    typealias Subviews = LayoutSubviews

    static var layoutProperties: LayoutProperties { get }
    func makeCache(subviews: Subviews) -> Cache
    func updateCache(_ cache: inout Cache, subviews: Subviews)
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?
}

extension Layout where Cache == Void {
    public func makeCache(subviews: Subviews) -> Cache { () }
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache = makeCache(subviews: subviews) }
    /// The union of the subviews' spacing preferences.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        subviews.reduce(into: ViewSpacing.zero) { $0.formUnion($1.spacing) }
    }
    /// The subviews' explicit guides, merged as a stack merges them (where they are placed).
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        mergedGuide(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        mergedGuide(guide.key, in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
    }
    private func mergedGuide(_ key: AlignmentKey, in bounds: CGRect, proposal: ProposedViewSize,
                             subviews: Subviews, cache: inout Cache) -> CGFloat? {
        let frames = LayoutPlacement.frames(of: subviews, in: bounds) {
            placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
        let values = zip(subviews, frames).compactMap { $0.node.explicitAlignment(key, at: $1) }
        return key.combined(values, childCount: subviews.count)
    }

    /// The layout applied to `content`'s views, as `HStack { ... }` applies a stack's.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutView(layout: self, content: content())
    }
}

/// What a layout says about itself to its parent (SwiftUI's `LayoutProperties`).
public struct LayoutProperties: Sendable {
    /// The stack axis a layout arranges along (nil for a layout that is not a stack).
    public var stackOrientation: Axis?
    public init() {}
}

/// A key for a value a view passes to the layout it is in (`layoutValue(key:value:)`; SwiftUI's
/// `LayoutValueKey`).
public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

extension View {
    /// Gives the layout this view is in `value` for `key` (read with `LayoutSubview[key]`).
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> _ModifiedView<Self> {
        modified(LayoutValueModifier(key: ObjectIdentifier(key), value: value))
    }
}

package struct LayoutValueModifier: NodeWrapper {
    let key: ObjectIdentifier
    let value: Any
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        LayoutValueNode(child: node, key: key, value: value)
    }
}

package struct LayoutValueNode: ViewNode {
    let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    let key: ObjectIdentifier
    let value: Any
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    package func draw(in rect: CGRect, context: GraphicsContext) { child.draw(in: rect, context: context) }
    package var spacerMinLength: CGFloat? { child.spacerMinLength }
    package var layoutPriority: Double { child.layoutPriority }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package func explicitAlignment(_ k: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(k, in: size) }
}

/// The value set for `key` on `node` or on the views its modifiers wrap (the outermost wins).
package func layoutValue(_ key: ObjectIdentifier, of node: any ViewNode) -> Any? {
    var current: (any ViewNode)? = node
    while let n = current {
        if let v = n as? LayoutValueNode, v.key == key { return v.value }
        current = n.wrappedNode
    }
    return nil
}

/// The subviews of a custom layout (SwiftUI's `LayoutSubviews`).
public struct LayoutSubviews: RandomAccessCollection, Equatable, Sendable {
    package let elements: [LayoutSubview]
    public var startIndex: Int { 0 }
    public var endIndex: Int { elements.count }
    public subscript(position: Int) -> LayoutSubview { elements[position] }
    public subscript(bounds: Range<Int>) -> LayoutSubviews { LayoutSubviews(elements: Array(elements[bounds])) }
    /// TileRender lays out left to right.
    public var layoutDirection: LayoutDirection { .leftToRight }
    public static func == (a: LayoutSubviews, b: LayoutSubviews) -> Bool { a.elements == b.elements }
}

/// SwiftUI's `LayoutDirection`; TileRender lays out left to right.
public enum LayoutDirection: Sendable, Hashable, CaseIterable { case leftToRight, rightToLeft }

/// One subview of a custom layout: measure it, read its guides and values, and place it.
public struct LayoutSubview: Equatable, @unchecked Sendable {
    package let node: any ViewNode
    package let index: Int
    package let placements: LayoutPlacement

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.index == b.index && a.placements === b.placements }

    /// The size the subview takes for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { node.sizeThatFits(proposal) }
    /// The subview's size for `proposal` and its alignment guides.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions { node.dimensions(in: node.sizeThatFits(proposal)) }
    /// `layoutPriority(_:)` of the subview.
    public var priority: Double { node.layoutPriority }
    /// The subview's spacing preferences (see `ViewSpacing`: text's, a plain view's, a spacer's none).
    public var spacing: ViewSpacing { viewSpacing(of: node) }
    /// The value the subview set with `layoutValue(key:value:)`, or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        (TileRender.layoutValue(ObjectIdentifier(key), of: node) as? K.Value) ?? K.defaultValue
    }
    /// Places the subview with its `anchor` point at `position` (in the coordinates of the bounds
    /// `placeSubviews` got), at the size it takes for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        placements.place(index, at: position, anchor: anchor, proposal: proposal)
    }
}

/// Where `placeSubviews` put each subview (shared by the subviews of one call).
package final class LayoutPlacement {
    package struct Entry { var position: CGPoint; var anchor: UnitPoint; var proposal: ProposedViewSize }
    package var entries: [Entry?]
    package init(count: Int) { entries = Array(repeating: nil, count: count) }
    func place(_ index: Int, at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
        guard entries.indices.contains(index) else { return }
        entries[index] = Entry(position: position, anchor: anchor, proposal: proposal)
    }

    /// Runs `place` (a `placeSubviews` call on `subviews`) and returns each subview's frame; one not
    /// placed is at its ideal size, centred in `bounds`. Non-finite positions count as the bounds' centre.
    package static func frames(of subviews: LayoutSubviews, in bounds: CGRect, place: () -> Void) -> [CGRect] {
        guard let placements = subviews.first?.placements else { return [] }
        placements.entries = Array(repeating: nil, count: placements.entries.count)
        place()
        return subviews.map { subview in
            guard let entry = placements.entries[subview.index] else {
                let size = finite(subview.node.sizeThatFits(.unspecified), .unspecified)
                return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            }
            let size = finite(subview.node.sizeThatFits(entry.proposal), entry.proposal)
            var origin = CGPoint(x: entry.position.x - entry.anchor.x * size.width, y: entry.position.y - entry.anchor.y * size.height)
            if !origin.x.isFinite { origin.x = bounds.midX - size.width / 2 }
            if !origin.y.isFinite { origin.y = bounds.midY - size.height / 2 }
            return CGRect(origin: origin, size: size)
        }
    }

    /// A size a layout returned, made usable: NaN and negative lengths are 0, infinite ones the
    /// proposal's finite length (or 0).
    package static func finite(_ size: CGSize, _ proposal: ProposedViewSize) -> CGSize {
        func clean(_ v: CGFloat, _ p: CGFloat?) -> CGFloat {
            if v.isNaN || v < 0 { return 0 }
            if v.isInfinite { return p.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0 }
            return v
        }
        return CGSize(width: clean(size.width, proposal.width), height: clean(size.height, proposal.height))
    }
}

/// A view made by a `Layout` value: its snapshot kind is the layout's type name.
package protocol CustomLayoutView { var layoutKind: String { get } }

/// A custom layout applied to its content's views (`layout { ... }`).
public struct _LayoutView<L: Layout, Content: View>: View, PrimitiveView, CustomLayoutView {
    public typealias Body = Never
    let layout: L
    let content: Content
    package var layoutKind: String { String(String(describing: L.self).prefix { $0 != "<" }) }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var inner = environment
        inner.stackAxis = L.layoutProperties.stackOrientation
        return CustomLayoutNode(layout: layout, children: makeViewNodes(content, inner), place: environment.graph?.parent)
    }
}

/// A custom layout's node. Its `Cache` is made once for the layout's place in the graph (`makeCache`),
/// kept across renders, and updated (`updateCache`) when the place is built again (a new layout value or
/// new subviews); sizes go through the node's size cache like any view's.
package final class CustomLayoutNode<L: Layout>: ViewNode {
    let layout: L
    let subviews: LayoutSubviews
    private var cache: L.Cache?
    private weak var place: GraphNode?

    init(layout: L, children: [any ViewNode], place: GraphNode?) {
        self.layout = layout
        self.place = place
        let placements = LayoutPlacement(count: children.count)
        subviews = LayoutSubviews(elements: children.enumerated().map { LayoutSubview(node: $1, index: $0, placements: placements) })
    }

    /// Runs `body` with the layout's cache: the place's, updated for this node's subviews, or a new one.
    private func withCache<T>(_ body: (inout L.Cache) -> T) -> T {
        var current: L.Cache
        if let cache {
            current = cache
        } else if var kept = place?.layoutCache as? L.Cache {
            layout.updateCache(&kept, subviews: subviews)
            current = kept
        } else {
            current = layout.makeCache(subviews: subviews)
        }
        let result = body(&current)
        cache = current
        place?.layoutCache = current
        return result
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        withCache { LayoutPlacement.finite(layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0), proposal) }
    }

    private func frames(in rect: CGRect) -> [CGRect] {
        let proposal = ProposedViewSize(rect.size)
        return withCache { cache in
            LayoutPlacement.frames(of: subviews, in: rect) {
                layout.placeSubviews(in: rect, proposal: proposal, subviews: subviews, cache: &cache)
            }
        }
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        for (subview, frame) in zip(subviews, frames(in: rect)) { subview.node.draw(in: frame, context: context) }
    }

    /// A custom layout may answer any guide.
    package var explicitGuides: GuideSet { .every }

    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let bounds = CGRect(origin: .zero, size: size)
        let value = withCache { cache in
            key.isHorizontal
                ? layout.explicitAlignment(of: HorizontalAlignment(key: key), in: bounds, proposal: ProposedViewSize(size), subviews: subviews, cache: &cache)
                : layout.explicitAlignment(of: VerticalAlignment(key: key), in: bounds, proposal: ProposedViewSize(size), subviews: subviews, cache: &cache)
        }
        return value.flatMap { $0.isFinite ? $0 : nil }
    }
}

// MARK: - The built-in stacks as layouts

/// `HStack`'s layout as a `Layout` value (SwiftUI's `HStackLayout`), for `AnyLayout` and custom layouts.
public struct HStackLayout: Layout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .horizontal; return p }
    fileprivate var node: (LayoutSubviews) -> LinearStackNode {
        { LinearStackNode(horizontal: true, alignment: alignment.key, spacing: spacing, children: $0.map(\.node)) }
    }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        node(subviews).sizeThatFits(proposal)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        placeAsStack(node(subviews).frames(in: bounds), subviews)
    }
}

/// `VStack`'s layout as a `Layout` value (SwiftUI's `VStackLayout`).
public struct VStackLayout: Layout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) { self.alignment = alignment; self.spacing = spacing }
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .vertical; return p }
    fileprivate var node: (LayoutSubviews) -> LinearStackNode {
        { LinearStackNode(horizontal: false, alignment: alignment.key, spacing: spacing, children: $0.map(\.node)) }
    }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        node(subviews).sizeThatFits(proposal)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        placeAsStack(node(subviews).frames(in: bounds), subviews)
    }
}

/// `ZStack`'s layout as a `Layout` value (SwiftUI's `ZStackLayout`).
public struct ZStackLayout: Layout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        ZStackNode(alignment: alignment, children: subviews.map(\.node)).sizeThatFits(proposal)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        placeAsStack(ZStackNode(alignment: alignment, children: subviews.map(\.node)).frames(in: bounds), subviews)
    }
}

/// Places each subview at its frame (proposed the frame's size, which it takes again).
private func placeAsStack(_ frames: [CGRect], _ subviews: LayoutSubviews) {
    for (subview, frame) in zip(subviews, frames) { subview.place(at: frame.origin, proposal: ProposedViewSize(frame.size)) }
}

/// A type-erased layout (SwiftUI's `AnyLayout`): switch between layouts with the same content.
public struct AnyLayout: Layout {
    private let size: (ProposedViewSize, LayoutSubviews) -> CGSize
    private let place: (CGRect, ProposedViewSize, LayoutSubviews) -> Void
    public init<L: Layout>(_ layout: L) {
        size = { p, s in var c = layout.makeCache(subviews: s); return layout.sizeThatFits(proposal: p, subviews: s, cache: &c) }
        place = { b, p, s in var c = layout.makeCache(subviews: s); layout.placeSubviews(in: b, proposal: p, subviews: s, cache: &c) }
    }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize { size(proposal, subviews) }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        place(bounds, proposal, subviews)
    }
}
