import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// The first of its views that fits (SwiftUI's `ViewThatFits`): offered a size, it picks the first
/// child whose ideal size fits the offer along `axes` (a child is asked for its ideal length along those
/// axes and offered the proposal's length across them; an unspecified or infinite length fits anything),
/// or the last child when none fits, and lays that child out as it would be without the container.
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let axes: Axis.Set
    package let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        ViewThatFitsNode(axes: axes, children: makeViewNodes(content, environment))
    }
}

package struct ViewThatFitsNode: ViewNode {
    package let axes: Axis.Set
    package let children: [any ViewNode]
    package let explicitGuides: GuideSet

    package init(axes: Axis.Set, children: [any ViewNode]) {
        self.axes = axes; self.children = children
        var guides = GuideSet()
        for child in children { guides.formUnion(child.explicitGuides) }
        explicitGuides = guides
    }

    /// The child shown for `proposal`.
    package func choice(_ proposal: ProposedViewSize) -> (any ViewNode)? {
        let horizontal = axes.contains(.horizontal), vertical = axes.contains(.vertical)
        func fits(_ length: CGFloat, _ offered: CGFloat?) -> Bool { offered.map { length <= $0 } ?? true }
        for child in children.dropLast() {
            let ideal = child.sizeThatFits(ProposedViewSize(width: horizontal ? nil : proposal.width,
                                                            height: vertical ? nil : proposal.height))
            if (!horizontal || fits(ideal.width, proposal.width)) && (!vertical || fits(ideal.height, proposal.height)) {
                return child
            }
        }
        return children.last
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { choice(proposal)?.sizeThatFits(proposal) ?? .zero }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        choice(ProposedViewSize(rect.size))?.draw(in: rect, context: context)
    }

    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        choice(ProposedViewSize(size))?.explicitAlignment(key, in: size)
    }
}

extension ViewThatFitsNode: SpacingNode {
    package var viewSpacing: ViewSpacing { unionSpacing(children) }
}
