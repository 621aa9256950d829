import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// How a view fills the space it is offered while keeping an aspect ratio.
public enum ContentMode: Hashable, Sendable {
    /// As large as fits inside the offered space.
    case fit
    /// As small as covers the offered space.
    case fill
}

package struct AspectRatioModifier: NodeWrapper {
    package let ratio: CGFloat?
    package let contentMode: ContentMode
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        AspectRatioNode(child: node, ratio: ratio, contentMode: contentMode)
    }
}

/// Sizes its child to `ratio` (width / height; the child's ideal ratio when nil) within or around the
/// offered size, and centres it there.
package struct AspectRatioNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let ratio: CGFloat?
    package let contentMode: ContentMode

    private func effectiveRatio() -> CGFloat? {
        if let ratio, ratio.isFinite, ratio > 0 { return ratio }
        let ideal = child.sizeThatFits(.unspecified)
        return ideal.width > 0 && ideal.height > 0 ? ideal.width / ideal.height : nil
    }

    private func fitted(_ proposal: ProposedViewSize) -> CGSize {
        guard let r = effectiveRatio() else { return child.sizeThatFits(proposal) }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            let ideal = child.sizeThatFits(.unspecified)
            return CGSize(width: ideal.width, height: ideal.width / r)
        case (let w?, nil): return CGSize(width: w, height: w / r)
        case (nil, let h?): return CGSize(width: h * r, height: h)
        case (let w?, let h?):
            let byWidth = CGSize(width: w, height: w / r), byHeight = CGSize(width: h * r, height: h)
            let widthLimited = w / r <= h
            switch contentMode {
            case .fit: return widthLimited ? byWidth : byHeight
            case .fill: return widthLimited ? byHeight : byWidth
            }
        }
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        child.sizeThatFits(ProposedViewSize(fitted(proposal)))
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let size = child.sizeThatFits(ProposedViewSize(fitted(ProposedViewSize(rect.size))))
        child.draw(in: Alignment.center.place(size, in: rect), context: context)
    }
}

/// A shape for hit-testing only: rendering is unchanged (TileRender has no hit-testing).
package struct PassThroughModifier: NodeModifier {
    package func apply(_ content: (ViewEnvironment) -> [any ViewNode], _ environment: ViewEnvironment) -> [any ViewNode] {
        content(environment)
    }
}

extension View {
    /// Constrains the view to `aspectRatio` (width / height; the view's ideal ratio when nil).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> _ModifiedView<Self> {
        _ModifiedView(content: self, modifier: AspectRatioModifier(ratio: aspectRatio, contentMode: contentMode))
    }
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> _ModifiedView<Self> {
        let ratio: CGFloat? = aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil
        return _ModifiedView(content: self, modifier: AspectRatioModifier(ratio: ratio, contentMode: contentMode))
    }
    public func scaledToFit() -> _ModifiedView<Self> { aspectRatio(contentMode: .fit) }
    public func scaledToFill() -> _ModifiedView<Self> { aspectRatio(contentMode: .fill) }

    /// Sets the shape used for hit-testing (`ImageRenderer.hitTest(_:)`): the views inside answer where
    /// `shape`, laid out in this view's frame, contains the point. The picture is unchanged.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> _ModifiedView<Self> {
        _ModifiedView(content: self, modifier: HitTestModifier(rule: .shape({ shape.path(in: $0) }, eoFill: eoFill)))
    }

    /// With `false`, the view and those inside it do not answer hit tests: a tap passes through to what
    /// is beneath (`ImageRenderer.hitTest(_:)`). The picture is unchanged.
    public func allowsHitTesting(_ enabled: Bool) -> _ModifiedView<Self> {
        _ModifiedView(content: self, modifier: HitTestModifier(rule: enabled ? .inherit : .disabled))
    }
}
