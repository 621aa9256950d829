import Foundation
import TileRenderGeometry
import TileRenderPipeline

// drawingGroup(): the subtree is recorded into a scene of its own at device resolution and drawn as an
// offscreen group (see `OffscreenGroup`). The Renderer that draws the view renders the group on its own
// backend and composites it like an image; its offscreen cache keeps the image. The node lives as long
// as its graph position is unchanged (see `ViewGraph`), and keeps its recording with an id that stands
// for it: drawn again at the same scale and sub-pixel offset, it hands the same recording and id to the
// renderer, whose cache then finds the image by the id, with nothing inside recorded or hashed.

package struct DrawingGroupModifier: NodeWrapper {
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        DrawingGroupNode(child: node, layoutRecorder: environment.layoutRecorder, counters: environment.counters)
    }
}

package final class DrawingGroupNode: ViewNode {
    package let child: any ViewNode
    /// Where the probes inside report frames, when the renderer keeps them: the reports are kept with
    /// the recording and replayed with it.
    private let layoutRecorder: LayoutRecorder?
    private let counters: GraphCounterBox?
    /// The last recording, what it was recorded for, its content id and the probes' reports.
    private var recording: (key: RecordingKey, content: Scene, id: UInt64, probes: MemoNode.ProbeReports?)?

    /// What the offscreen's pixels depend on besides the child: where the group lies does not count, only
    /// where it lies within a device pixel. The content is drawn into a scene of its own (no viewport,
    /// its own canvas), so nothing in it depends on the group's place on the screen.
    private struct RecordingKey: Equatable {
        var size: CGSize
        /// The transform's linear part, and the frame's offset within its first device pixel.
        var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, fractionX: CGFloat, fractionY: CGFloat
        var dark: Bool
        /// The root transform's linear part (the probes' reports inside are moved, never scaled).
        var rootA: CGFloat, rootB: CGFloat, rootC: CGFloat, rootD: CGFloat
    }

    private static let nextContentID = Locked<UInt64>(0)

    init(child: any ViewNode, layoutRecorder: LayoutRecorder?, counters: GraphCounterBox?) {
        self.child = child; self.layoutRecorder = layoutRecorder; self.counters = counters
    }
    package var wrappedNode: (any ViewNode)? { child }
    /// The largest offscreen a group gets, in bytes (16 million pixels, the default offscreen cache):
    /// a larger group is drawn as a plain layer instead, the same picture without the memory.
    package static let maxOffscreenBytes = Renderer.defaultOffscreenCacheBytes

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    /// Whether an offscreen of `width` x `height` pixels (whole numbers, or NaN) can be made: at least a
    /// pixel, at most `Bitmap.maxDimension` a side and `maxOffscreenBytes` in all.
    private static func canRenderOffscreen(width: CGFloat, height: CGFloat) -> Bool {
        width >= 1 && height >= 1 && width <= CGFloat(Bitmap.maxDimension) && height <= CGFloat(Bitmap.maxDimension)
            && width * height * 4 <= CGFloat(maxOffscreenBytes)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let t = context.transform
        // Under a transform that only scales and translates, the offscreen covers the whole device
        // pixels the frame touches and is drawn back one texel per pixel, with no resampling: the group
        // has exactly the pixels of drawing its content directly (a frame at a fractional position or
        // size, such as a text's, was otherwise stretched over it and blurred).
        if t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            let device = rect.applying(t)
            // A frame on whole pixels, computed in floating point, lands within 1e-6 of them: it is
            // snapped there, so that a group moved by whole pixels (a scrolled list's rows) records the
            // same content and finds the same image.
            func snapped(_ v: CGFloat) -> CGFloat { let r = v.rounded(); return abs(v - r) <= 1e-6 ? r : v }
            let minX = snapped(device.minX), minY = snapped(device.minY)
            let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
            let width = snapped(device.maxX).rounded(.up) - x0, height = snapped(device.maxY).rounded(.up) - y0
            if x0.isFinite, y0.isFinite, Self.canRenderOffscreen(width: width, height: height) {
                let r = context.rootTransform
                let key = RecordingKey(size: rect.size, a: t.a, b: t.b, c: t.c, d: t.d, fractionX: minX - x0, fractionY: minY - y0,
                                       dark: context.darkAppearance, rootA: r.a, rootB: r.b, rootC: r.c, rootD: r.d)
                let content: Scene, id: UInt64
                if let recording, recording.key == key {
                    content = recording.content; id = recording.id
                    if let layoutRecorder, let probes = recording.probes {
                        probes.replay(into: layoutRecorder, at: MemoNode.ProbeReports.origin(of: rect, context))
                    }
                } else {
                    counters?.counts.groupsRecorded += 1
                    layoutRecorder?.beginCapture()
                    var recorded = Scene(size: CGSize(width: width, height: height))
                    recorded.draw { c in
                        // The child is drawn at the origin, its frame's corner at its fraction of a
                        // device pixel: every group of equal content then records equal commands,
                        // wherever it lies, and the offscreen cache keeps one image for all of them.
                        c.concatenate(CGAffineTransform(a: t.a, b: 0, c: 0, d: t.d, tx: minX - x0, ty: minY - y0))
                        c.rootTransform = CGAffineTransform(translationX: x0, y: y0).concatenating(context.rootTransform)
                        c.darkAppearance = context.darkAppearance
                        child.draw(in: CGRect(origin: .zero, size: rect.size), context: c)
                    }
                    content = recorded
                    let probes = layoutRecorder.map {
                        MemoNode.ProbeReports(recording: $0.endCapture(), origin: MemoNode.ProbeReports.origin(of: rect, context))
                    }
                    id = Self.nextContentID.withLock { $0 += 1; return $0 }
                    recording = (key, recorded, id, probes)
                }
                var pixels = context
                pixels.transform = .identity
                pixels.drawOffscreen(content, in: CGRect(x: x0, y: y0, width: width, height: height), contentID: id)
                return
            }
        }
        // Device pixels per point under the current transform.
        let scale = context.transform.maximumScale
        let width = (rect.width * scale).rounded(.up), height = (rect.height * scale).rounded(.up)
        // An empty, unrepresentable or too large offscreen is drawn as a plain layer.
        guard scale.isFinite, scale > 0, Self.canRenderOffscreen(width: width, height: height) else {
            context.drawLayer { child.draw(in: rect, context: $0) }
            return
        }
        var content = Scene(size: CGSize(width: width, height: height))
        content.draw { c in
            c.scaleBy(x: width / rect.width, y: height / rect.height)
            c.translateBy(x: -rect.minX, y: -rect.minY)
            c.rootTransform = c.transform.inverted().concatenating(context.transform).concatenating(context.rootTransform)
            c.darkAppearance = context.darkAppearance
            child.draw(in: rect, context: c)
        }
        context.drawOffscreen(content, in: rect)
    }
}
