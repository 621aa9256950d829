import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A view that draws with a `GraphicsContext` (SwiftUI's `Canvas`): `renderer` gets a context whose
/// origin is the canvas's top-left corner, and the canvas's size. The canvas takes the space offered
/// to it. Drawing is not clipped to the canvas's frame.
public struct Canvas: View, PrimitiveView {
    public typealias Body = Never
    package let renderer: (inout GraphicsContext, CGSize) -> Void
    public init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void) { self.renderer = renderer }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        let renderer = self.renderer
        return LocalDrawingNode { context, frame in
            var c = context
            renderer(&c, frame.size)
        }
    }
}

/// The size of the space a `GeometryReader` was given.
public struct GeometryProxy {
    public let size: CGSize
    package let globalOrigin: CGPoint
    /// The recorder of the drawing the proxy's content is made for: reading the global frame makes
    /// that drawing position-dependent (it cannot be replayed elsewhere).
    package var recorder: SceneRecorder? = nil

    package init(size: CGSize, globalOrigin: CGPoint, recorder: SceneRecorder? = nil) {
        self.size = size; self.globalOrigin = globalOrigin; self.recorder = recorder
    }

    /// The reader's frame in its own coordinates (`.local`, origin zero) or in the canvas's (`.global`).
    public func frame(in space: CoordinateSpace) -> CGRect {
        switch space {
        case .local: return CGRect(origin: .zero, size: size)
        case .global:
            recorder?.markPositionDependent()
            return CGRect(origin: globalOrigin, size: size)
        }
    }
}

/// SwiftUI's coordinate spaces that `GeometryProxy.frame(in:)` knows.
public enum CoordinateSpace: Hashable, Sendable {
    case local, global
}

/// A view that takes the space offered to it and builds its content from that size; the content is
/// placed at the reader's top-left corner.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        // The content depends on the size, known only when drawn: it is built then, afresh, outside the
        // graph (its views keep no state between renders).
        var environment = environment
        environment.detach()
        return GeometryReaderNode(environment: environment) { makeViewNode(content($0), $1) }
    }
}

package struct GeometryReaderNode: ViewNode {
    package let environment: ViewEnvironment
    package let makeContent: (GeometryProxy, ViewEnvironment) -> any ViewNode
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        let origin = CGPoint(x: rect.minX, y: rect.minY).applying(context.transform)
        let node = makeContent(GeometryProxy(size: rect.size, globalOrigin: origin, recorder: context.recorder), environment)
        let s = node.sizeThatFits(ProposedViewSize(rect.size))
        node.draw(in: CGRect(origin: rect.origin, size: s), context: context)
    }
}
