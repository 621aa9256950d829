import Foundation
import TileRenderGeometry
import TileRenderPipeline

extension Image: View, PrimitiveView {
    public typealias Body = Never
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { ImageNode(image: self) }
}

/// An image keeps its own size unless resizable, then it takes the size it is offered.
package struct ImageNode: ViewNode {
    package let image: Image
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        image.isResizable ? proposal.replacingUnspecifiedDimensions(by: image.size) : image.size
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        context.draw(image, in: image.isResizable ? rect : CGRect(origin: rect.origin, size: image.size))
    }
}
