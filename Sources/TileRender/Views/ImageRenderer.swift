import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Renders a view into pixels, as SwiftUI's `ImageRenderer`.
///
/// The canvas is `proposedSize` (1 point = 1 pixel); a nil dimension takes the view's own size in that
/// dimension. The view is laid out for that proposal and placed with its frame's top-left corner at the
/// canvas origin (the reference scenes' convention: a top-level `.offset(x:y:)` then puts the frame's
/// top-left at that point, `.position(x:y:)` its centre). The background is transparent.
///
/// ```swift
/// let renderer = ImageRenderer(content: Circle().fill(.red).frame(width: 40, height: 40).offset(x: 10, y: 10))
/// renderer.proposedSize = ProposedViewSize(CGSize(width: 100, height: 100))
/// let bitmap = try renderer.render()
/// ```
public final class ImageRenderer<Content: View> {
    public var content: Content
    public var proposedSize: ProposedViewSize = .unspecified
    /// The moment a render shows (TileRender's own): a `TimelineView` renders its content for the
    /// entry of its schedule at or before it. Now, by default (when the renderer is made).
    public var date = Date()
    /// Device pixels per point, as SwiftUI's `ImageRenderer.scale`: the canvas is `proposedSize` (or
    /// the view's size) times `scale` pixels, and everything is drawn scaled by it. 1 by default. A
    /// scale that is not finite and positive makes `render` throw `TileRenderError.invalidSize`.
    public var scale: CGFloat = 1

    /// One renderer per backend, kept between renders so their memory and offscreen caches
    /// (`drawingGroup()` images) serve the next frame.
    private var renderers: [Backend: Renderer] = [:]

    /// The views' persistent graph (see `ViewGraph`): what a render builds, lays out and records is kept
    /// for the next, which redoes only what changed.
    package let graph = ViewGraph()
    /// The last scene, with the root node and canvas it was recorded from and the root's size.
    private var lastScene: (root: any ViewNode, proposal: ProposedViewSize, scale: CGFloat, scene: Scene, size: CGSize)?
    /// Where the views report their frames once a layout snapshot or hit test was asked for (see
    /// `layoutSnapshot()`): every scene recorded from then on carries the reports.
    private var layoutRecorder: LayoutRecorder?
    /// What the last `render` cost the rasterizer (segments, tiles, binning time); nil before the first.
    public private(set) var lastRenderStatistics: RenderStatistics?

    public init(content: Content) { self.content = content }

    private func renderer(for backend: Backend) -> Renderer {
        if let renderer = renderers[backend] { return renderer }
        let renderer = Renderer(backend: backend)
        renderers[backend] = renderer
        return renderer
    }

    /// The view laid out and recorded as a `Scene` of the canvas's size (encode once, render many times).
    /// A render where nothing changed hands back the last scene: no body runs, nothing is measured or
    /// recorded. Views nested deeper than `ViewGraph.maxDepth` (2,000 places: each view, modifier and
    /// list is one) are left out; `render` throws for them.
    public var scene: Scene { ViewThread.run { currentScene().scene } }

    /// The environment the root is built in, kept from render to render: the graph recognises
    /// unchanged settings by identity.
    private var rootEnvironment = ViewEnvironment()

    /// The scene of the view as it is now, and the root's size: the last one when nothing changed.
    private func currentScene() -> (scene: Scene, size: CGSize) {
        var environment = rootEnvironment
        environment.date = date
        let node = graph.build(content, environment)
        if let last = lastScene, last.root as AnyObject === node as AnyObject, last.proposal == proposedSize,
           last.scale.bitPattern == scale.bitPattern {
            return (last.scene, last.size)
        }
        let size = node.sizeThatFits(proposedSize)
        let scale = self.scale
        layoutRecorder?.reset(scale: scale)
        var scene = Scene(size: CGSize(width: (proposedSize.width ?? size.width) * scale,
                                       height: (proposedSize.height ?? size.height) * scale))
        scene.draw { context in
            // An invalid scale leaves the drawing unscaled; rendering the scene's invalid size throws.
            if scale.isFinite, scale > 0, scale != 1 { context.scaleBy(x: scale, y: scale) }
            node.draw(in: CGRect(origin: .zero, size: size), context: context)
        }
        graph.counters.counts.scenesRecorded += 1
        lastScene = graph.counters.depthExceeded ? nil : (node, proposedSize, scale, scene, size)
        return (scene, size)
    }

    /// The recorder holding the frames of the view as it is now, and the root's size. The first call
    /// makes the recorder: the nodes are made again with probes (no body runs) and the scene recorded.
    func recordedLayout() -> (LayoutRecorder, CGSize) {
        let recorder: LayoutRecorder
        if let layoutRecorder {
            recorder = layoutRecorder
        } else {
            recorder = LayoutRecorder()
            layoutRecorder = recorder
            rootEnvironment.layoutRecorder = recorder
            lastScene = nil
        }
        return (recorder, currentScene().size)
    }

    /// The scene, or an error for views nested too deep.
    private func checkedScene() throws -> Scene {
        let scene = self.scene
        try graph.checkDepth()
        return scene
    }

    /// Renders the view into a new bitmap of the canvas's size (rounded up to whole pixels). Throws
    /// `TileRenderError.sceneTooLarge` for views nested deeper than `ViewGraph.maxDepth` places.
    public func render(backend: Backend = .auto) throws -> Bitmap {
        let (bitmap, statistics) = try renderer(for: backend).renderWithStatistics(checkedScene())
        lastRenderStatistics = statistics
        return bitmap
    }

    /// The offscreen cache of the renderer for `backend` (the `drawingGroup()` images it keeps): hits,
    /// misses, evictions and bytes since this `ImageRenderer` was made.
    public func offscreenCacheStatistics(for backend: Backend = .auto) -> OffscreenCacheStatistics {
        renderer(for: backend).offscreenCacheStatistics
    }

    /// Renders the view into a caller-owned buffer of premultiplied RGBA8 rows, `bytesPerRow` apart,
    /// over what it holds (or onto transparent pixels with `clear`); see `Renderer.render(_:into:...)`.
    public func render(into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                       clear: Bool = true, backend: Backend = .auto) throws {
        lastRenderStatistics = try renderer(for: backend).render(checkedScene(), into: buffer, width: width, height: height,
                                                                 bytesPerRow: bytesPerRow, clear: clear)
    }
}
