import Foundation
import TileRenderGeometry
import TileRenderPipeline

extension Image: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { .foreground }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        // A template image paints with the foreground style of where it is (resolved in its frame).
        ImageNode(image: self, tint: templateRenderingMode == .template ? environment.foregroundStyle : nil)
    }
}

extension Image {
    /// An image that fills the frame it is given, keeping `capInsets` (points from each edge) at their
    /// size: the edges between them stretch or tile along their length, the centre in both directions.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = resizable()
        copy.capInsets = (capInsets.top, capInsets.leading, capInsets.bottom, capInsets.trailing)
        copy.resizingMode = resizingMode
        return copy
    }
}

/// An image keeps its own size unless resizable, then it takes the size it is offered.
package struct ImageNode: ViewNode {
    package let image: Image
    /// A template image's foreground style.
    package let tint: (any ShapeStyle)?
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        image.isResizable ? proposal.replacingUnspecifiedDimensions(by: image.size) : image.size
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        let frame = image.isResizable ? rect : CGRect(origin: rect.origin, size: image.size)
        var image = self.image
        if let tint { image.templateShading = tint.resolvedShading(in: frame) }
        context.draw(image, in: frame)
    }
}
