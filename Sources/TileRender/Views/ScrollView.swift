import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// The axes of a layout: SwiftUI's `Axis` and `Axis.Set`.
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Where a scroll view's content is scrolled to (SwiftUI's `ScrollPosition`, the point forms): the
/// content's point shown at the viewport's top-leading corner.
public struct ScrollPosition: Hashable, Sendable {
    public var point: CGPoint?
    public init(point: CGPoint) { self.point = point }
    public init(x: CGFloat = 0, y: CGFloat = 0) { self.point = CGPoint(x: x, y: y) }
    /// The top-leading edge (no offset).
    public init(edge: Edge) { self.point = .zero }
    public var x: CGFloat? { point?.x }
    public var y: CGFloat? { point?.y }
}

extension View {
    /// Sets the scroll offset of the scroll view this modifies, for a render (SwiftUI's
    /// `scrollPosition(_:)` with a `Binding<ScrollPosition>`; `.constant(...)` works).
    public func scrollPosition(_ position: Binding<ScrollPosition>) -> _ModifiedView<Self> {
        let point = position.wrappedValue.point
        return modified(EnvironmentModifier { $0.scrollPosition = point })
    }
}

/// SwiftUI's `ScrollView`, rendered at one scroll offset (`scrollPosition(_:)`, the top-leading edge by
/// default). Its content is proposed nothing along the scroll axes (it takes its ideal length there)
/// and the scroll view's own length across them; the scroll view takes the space offered (the content's
/// size where nothing is offered) and clips the content to it. The offset is clamped to the content.
/// Content shorter than the viewport sits at its top (leading) edge, and is centred across the axis.
/// Scroll indicators are not drawn: a still picture shows none, as iOS hides them at rest.
public struct ScrollView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let axes: Axis.Set
    package let content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var inner = environment
        inner.scrollPosition = nil  // the position applies to this scroll view, not to nested ones
        // As in SwiftUI, several views in a scroll view are stacked along its axis (a vertical one when
        // it scrolls both ways): `ScrollView { ForEach(...) { ... } }` is a list, not a pile.
        let horizontal = axes == .horizontal
        inner.stackAxis = horizontal ? .horizontal : .vertical
        let stacked = makeViewNode(content, inner) {
            LinearStackNode(horizontal: horizontal, alignment: horizontal ? VerticalAlignment.center.key : HorizontalAlignment.center.key,
                            spacing: nil, children: $0)
        }
        return ScrollViewNode(axes: axes, offset: environment.scrollPosition ?? .zero, content: stacked)
    }
}

package struct ScrollViewNode: ViewNode {
    let axes: Axis.Set
    let offset: CGPoint
    let content: any ViewNode

    private func contentProposal(_ viewport: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : viewport.width,
                         height: axes.contains(.vertical) ? nil : viewport.height)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let c = content.sizeThatFits(contentProposal(proposal))
        return CGSize(width: proposal.width ?? c.width, height: proposal.height ?? c.height)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let c = content.sizeThatFits(contentProposal(ProposedViewSize(rect.size)))
        func clamp(_ v: CGFloat, _ content: CGFloat, _ viewport: CGFloat) -> CGFloat {
            v.isFinite ? max(0, min(v, content - viewport)) : 0
        }
        let dx = axes.contains(.horizontal) ? clamp(offset.x, c.width, rect.width) : 0
        let dy = axes.contains(.vertical) ? clamp(offset.y, c.height, rect.height) : 0
        // Across a scroll axis the content is centred; along it, at the top (leading) edge.
        let x = axes.contains(.horizontal) ? rect.minX - dx : rect.minX + (rect.width - c.width) / 2
        let y = axes.contains(.vertical) ? rect.minY - dy : rect.minY + (rect.height - c.height) / 2
        var clipped = context
        clipped.clip(to: Path(rect))
        let viewport = rect.applying(context.transform)
        clipped.viewport = context.viewport.map { $0.intersection(viewport) } ?? viewport
        content.draw(in: CGRect(x: x, y: y, width: c.width, height: c.height), context: clipped)
    }
}
