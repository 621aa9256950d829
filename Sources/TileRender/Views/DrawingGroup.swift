import Foundation
import TileRenderGeometry
import TileRenderPipeline

// drawingGroup(): the subtree is recorded into a scene of its own at device resolution and drawn as an
// offscreen group (see `OffscreenGroup`). The Renderer that draws the view renders the group on its own
// backend and composites it like an image; its offscreen cache keeps the image, keyed by the recorded
// content itself, so an unchanged subtree is rasterized once per renderer.

package struct DrawingGroupModifier: NodeWrapper {
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { DrawingGroupNode(child: node) }
}

package struct DrawingGroupNode: ViewNode {
    package let child: any ViewNode
    /// The largest offscreen a group gets, in bytes (16 million pixels, the default offscreen cache):
    /// a larger group is drawn as a plain layer instead, the same picture without the memory.
    package static let maxOffscreenBytes = Renderer.defaultOffscreenCacheBytes

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        // Device pixels per point under the current transform.
        let scale = context.transform.maximumScale
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        // An empty, unrepresentable or too large offscreen is drawn as a plain layer.
        guard scale.isFinite, scale > 0, width >= 1, height >= 1,
              width <= CGFloat(Bitmap.maxDimension), height <= CGFloat(Bitmap.maxDimension),
              Int(width) * Int(height) * 4 <= DrawingGroupNode.maxOffscreenBytes else {
            context.drawLayer { child.draw(in: rect, context: $0) }
            return
        }
        var content = Scene(size: CGSize(width: width, height: height))
        content.draw { c in
            c.scaleBy(x: width / rect.width, y: height / rect.height)
            c.translateBy(x: -rect.minX, y: -rect.minY)
            child.draw(in: rect, context: c)
        }
        context.drawOffscreen(content, in: rect)
    }
}
