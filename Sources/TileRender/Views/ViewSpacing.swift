import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// The space a view prefers around its edges (SwiftUI's `ViewSpacing`), which a stack with nil spacing
/// (and a `Layout` through `LayoutSubview.spacing`) uses between neighbours.
///
/// Each edge says what is there (text, another view, or nothing for `.zero` and spacers) and how far
/// it wants to be from a neighbouring edge of each kind. Two neighbours' distance is the largest that
/// either asks of the other (an edge with nothing there is met as a plain view's would be):
///
/// | pair                          | along a column (`VStack`) | along a row (`HStack`) |
/// |-------------------------------|---------------------------|------------------------|
/// | text, text                    | 0 (line boxes touch)      | 8                      |
/// | text, other view              | 8                         | 8                      |
/// | other view, other view        | 8                         | 8                      |
/// | `.zero` or a spacer, text/view| 8 (the other side's)      | 8                      |
/// | `.zero`, `.zero`              | 0                         | 0                      |
public struct ViewSpacing: Sendable, Equatable {
    /// What is at an edge.
    package enum Kind: UInt8, Sendable, CaseIterable {
        case view = 1, text = 2
    }

    /// One edge: what is there and the distance it asks of a neighbouring edge of each kind.
    package struct EdgeSpacing: Sendable, Equatable {
        /// The kinds of content at the edge (a bit per `Kind`); none for `.zero`.
        package var kinds: UInt8
        package var toView: CGFloat
        package var toText: CGFloat

        package static let none = EdgeSpacing(kinds: 0, toView: 0, toText: 0)
        package static let view = EdgeSpacing(kinds: Kind.view.rawValue, toView: defaultStackSpacing, toText: defaultStackSpacing)

        package func distance(to kind: Kind) -> CGFloat { kind == .view ? toView : toText }
        /// The kinds present, as bits (an edge with nothing there counts as a plain view's).
        private var presentKinds: UInt8 { kinds == 0 ? Kind.view.rawValue : kinds }
        package func union(_ o: EdgeSpacing) -> EdgeSpacing {
            EdgeSpacing(kinds: kinds | o.kinds, toView: max(toView, o.toView), toText: max(toText, o.toText))
        }
        /// The distance between this edge and `next`, facing each other.
        package func distance(facing next: EdgeSpacing) -> CGFloat {
            var d: CGFloat = 0
            for k in Kind.allCases {
                if next.presentKinds & k.rawValue != 0 { d = max(d, distance(to: k)) }
                if presentKinds & k.rawValue != 0 { d = max(d, next.distance(to: k)) }
            }
            return d
        }
    }

    package var leading: EdgeSpacing = .view, trailing: EdgeSpacing = .view
    package var top: EdgeSpacing = .view, bottom: EdgeSpacing = .view

    /// A plain view's spacing: 8 points on every edge to any neighbour.
    public init() {}

    package init(leading: EdgeSpacing, trailing: EdgeSpacing, top: EdgeSpacing, bottom: EdgeSpacing) {
        self.leading = leading; self.trailing = trailing; self.top = top; self.bottom = bottom
    }

    /// No preference on any edge.
    public static let zero = ViewSpacing(leading: .none, trailing: .none, top: .none, bottom: .none)

    /// A `Text`'s spacing: 8 points from anything beside it; above and below, 8 from other views and 0
    /// from other text (lines of text stack with their line boxes touching).
    package static let text: ViewSpacing = {
        let side = EdgeSpacing(kinds: Kind.text.rawValue, toView: defaultStackSpacing, toText: defaultStackSpacing)
        let line = EdgeSpacing(kinds: Kind.text.rawValue, toView: defaultStackSpacing, toText: 0)
        return ViewSpacing(leading: side, trailing: side, top: line, bottom: line)
    }()

    /// The preferred distance from this view to `next` along `axis` (next to the right, or below).
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        axis == .horizontal ? trailing.distance(facing: next.leading) : bottom.distance(facing: next.top)
    }

    /// Each edge of `edges` takes both views' preferences (the larger distance to each kind).
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        if edges.contains(.leading) { leading = leading.union(other.leading) }
        if edges.contains(.trailing) { trailing = trailing.union(other.trailing) }
        if edges.contains(.top) { top = top.union(other.top) }
        if edges.contains(.bottom) { bottom = bottom.union(other.bottom) }
    }

    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var s = self
        s.formUnion(other, edges: edges)
        return s
    }

    /// This spacing with `edges` replaced by `other`'s.
    package func replacing(_ edges: Edge.Set, with other: ViewSpacing) -> ViewSpacing {
        var s = self
        if edges.contains(.leading) { s.leading = other.leading }
        if edges.contains(.trailing) { s.trailing = other.trailing }
        if edges.contains(.top) { s.top = other.top }
        if edges.contains(.bottom) { s.bottom = other.bottom }
        return s
    }
}

/// A node that knows its own spacing preferences (others: a spacer's `.zero`, a modifier's child's, a
/// plain view's otherwise).
package protocol SpacingNode {
    var viewSpacing: ViewSpacing { get }
}

/// The spacing preferences of the view `node` draws.
package func viewSpacing(of node: any ViewNode) -> ViewSpacing {
    if let spaced = node as? any SpacingNode { return spaced.viewSpacing }
    if node.spacerMinLength != nil { return .zero }
    if let inner = node.wrappedNode { return viewSpacing(of: inner) }
    return ViewSpacing()
}

/// The union of `nodes`' spacing preferences (a container's, as `Layout`'s default `spacing`).
package func unionSpacing(_ nodes: [any ViewNode]) -> ViewSpacing {
    nodes.reduce(into: ViewSpacing.zero) { $0.formUnion(viewSpacing(of: $1)) }
}

extension MemoNode: SpacingNode {
    /// Computed once per node: a container's spacing is its children's union, so without this every
    /// stack would walk its whole subtree again.
    package var viewSpacing: ViewSpacing {
        if let spacing = memoisedSpacing { return spacing }
        let spacing = TileRender.viewSpacing(of: node)
        counters?.counts.spacingComputations += 1
        memoisedSpacing = spacing
        return spacing
    }
}

extension TextNode: SpacingNode {
    package var viewSpacing: ViewSpacing { .text }
}

extension LinearStackNode: SpacingNode {
    package var viewSpacing: ViewSpacing { unionSpacing(children) }
}

extension ZStackNode: SpacingNode {
    package var viewSpacing: ViewSpacing { unionSpacing(children) }
}

extension PaddingNode: SpacingNode {
    /// A padded edge is a plain view's edge; the others keep the child's preferences.
    package var viewSpacing: ViewSpacing {
        var padded: Edge.Set = []
        if insets.leading != 0 { padded.insert(.leading) }
        if insets.trailing != 0 { padded.insert(.trailing) }
        if insets.top != 0 { padded.insert(.top) }
        if insets.bottom != 0 { padded.insert(.bottom) }
        return TileRender.viewSpacing(of: child).replacing(padded, with: ViewSpacing())
    }
}
