import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Renders a view over a span of time (TileRender's own), to frames, numbered PNG files and one
/// animated WebP that browsers play. It animates two ways:
///
/// - **Over a time span**: frame n shows the view at `start + n / framesPerSecond`
///   (`ImageRenderer.date`, which a `TimelineView` follows).
///
///   ```swift
///   let animation = AnimationRenderer(content: SpinningCogs(), duration: 2, framesPerSecond: 30)
///   animation.proposedSize = ProposedViewSize(width: 330, height: 400)
///   try animation.writeWebP(to: URL(fileURLWithPath: "cogs.webp"))
///   ```
///
/// - **A change of state, SwiftUI style** (`record(seconds:_:)`): the change runs at time 0, typically
///   in `withAnimation`, and the frames show what the animation does between the state before it and
///   the state after.
///
///   ```swift
///   let model = Model()                       // an @Observable the view reads
///   let animation = AnimationRenderer(content: Badge(model: model), framesPerSecond: 30)
///   try animation.record(seconds: 1) {
///       withAnimation(.spring) { model.expanded = true }
///   }
///   try animation.writeFrames(to: URL(fileURLWithPath: "frames"))
///   ```
///
/// What animates (see the Layout article, "Animation"): every view's `Animatable` data (views, view
/// modifiers and shapes of your own that set `animatableData`), the built-in `offset`, `opacity`,
/// `scaleEffect`, `rotationEffect`, `frame(width:height:)` and `padding`, shapes' fill and stroke
/// colours, and views inserted by the change (their `transition(_:)`, `.opacity` by default). Values
/// are matched by the views' identity, as SwiftUI does.
public final class AnimationRenderer<Content: View> {
    /// The view. Setting it is a change like any other: in `record(seconds:_:)`'s closure, inside
    /// `withAnimation`, the new view's differences from the old animate.
    public var content: Content {
        get { renderer.content }
        set {
            renderer.content = newValue
            // Posted for its transaction (the host has no state to invalidate; the new root value is
            // compared with the old by the next build anyway).
            renderer.graph.inbox.post(renderer.graph.host.id)
        }
    }
    public var proposedSize: ProposedViewSize {
        get { renderer.proposedSize }
        set { renderer.proposedSize = newValue }
    }
    /// Device pixels per point (1 by default; see `ImageRenderer.scale`).
    public var scale: CGFloat {
        get { renderer.scale }
        set { renderer.scale = newValue }
    }
    /// The date of the first frame.
    public var start: Date
    /// The span `frames()` renders when nothing was recorded (0 for a renderer made to record).
    public var duration: TimeInterval
    public var framesPerSecond: Double
    private let renderer: ImageRenderer<Content>
    /// The view graph the frames are built from (the tests count its work).
    package var graph: ViewGraph { renderer.graph }
    /// What the last `record(seconds:_:)` rendered.
    private var recorded: (frames: [Bitmap], snapshots: [LayoutSnapshot])?

    public init(content: Content, start: Date = Date(), duration: TimeInterval, framesPerSecond: Double = 30) {
        renderer = ImageRenderer(content: content)
        self.start = start; self.duration = duration; self.framesPerSecond = framesPerSecond
    }

    /// A renderer for `record(seconds:_:)`.
    public convenience init(content: Content, framesPerSecond: Double = 30) {
        self.init(content: content, start: Date(), duration: 0, framesPerSecond: framesPerSecond)
    }

    /// Renders the animation of `change`: the view is built as it is, `change` runs (time 0), then
    /// frames are rendered at t = 0, 1/fps, 2/fps, ... up to and including `seconds` (seconds x fps + 1
    /// frames, the fraction of a frame dropped). Frame 0 shows the state before the animation has
    /// moved anything; a change made without an animation shows at once. `frames()`,
    /// `layoutSnapshots()`, `writeFrames(to:)` and `writeWebP(to:)` then give what was recorded. A
    /// second `record` starts from the state the first left. Throws for a `seconds` that is negative or
    /// not finite, a frame rate that is not positive and finite, over `AnimatedWebP.maxFrames` frames,
    /// and for what `render` throws for.
    public func record(seconds: Double, backend: Backend = .auto, _ change: () -> Void) throws {
        guard seconds.isFinite, seconds >= 0, framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw TileRenderError.invalidBuffer("recording an animation needs a finite, non-negative length and a positive, finite frame rate")
        }
        // A hair of tolerance: 1 s at 30 fps is 31 frames even where 1 x 30 rounds below 30.
        let intervals = (seconds * framesPerSecond * (1 + 1e-12)).rounded(.down)
        guard intervals < Double(AnimatedWebP.maxFrames) else {
            throw TileRenderError.invalidBuffer("\(intervals + 1) frames: at most \(AnimatedWebP.maxFrames)")
        }
        renderer.graph.animatesChanges = true
        renderer.date = start
        // The state before the change, built (and its frames kept from here on) without rasterizing.
        _ = try renderer.layoutSnapshot()
        change()
        var frames: [Bitmap] = [], snapshots: [LayoutSnapshot] = []
        for n in 0...Int(intervals) {
            renderer.date = start.addingTimeInterval(Double(n) / framesPerSecond)
            frames.append(try renderer.render(backend: backend))
            snapshots.append(try renderer.layoutSnapshot())
        }
        recorded = (frames, snapshots)
    }

    /// The layout of every frame: those `record(seconds:_:)` rendered, else one per frame of the span.
    public func layoutSnapshots() throws -> [LayoutSnapshot] {
        if let recorded { return recorded.snapshots }
        return try (0..<frameCount()).map { n in
            renderer.date = start.addingTimeInterval(Double(n) / framesPerSecond)
            return try renderer.layoutSnapshot()
        }
    }

    /// How many frames the span holds: duration x frames per second, rounded up, at least one. Throws
    /// for a duration or rate that is not positive and finite, or over `AnimatedWebP.maxFrames` frames.
    public func frameCount() throws -> Int {
        guard duration.isFinite, duration > 0, framesPerSecond.isFinite, framesPerSecond > 0 else {
            throw TileRenderError.invalidBuffer("an animation needs a positive, finite duration and frame rate")
        }
        let count = (duration * framesPerSecond).rounded(.up)
        guard count <= Double(AnimatedWebP.maxFrames) else {
            throw TileRenderError.invalidBuffer("\(count) frames: at most \(AnimatedWebP.maxFrames)")
        }
        return max(1, Int(count))
    }

    /// Renders every frame of the span, calling `progress` with (frames done, frames in all) after each.
    /// Those `record(seconds:_:)` rendered (on its backend), if it was called.
    public func frames(backend: Backend = .auto, progress: ((Int, Int) -> Void)? = nil) throws -> [Bitmap] {
        if let recorded {
            progress?(recorded.frames.count, recorded.frames.count)
            return recorded.frames
        }
        let count = try frameCount()
        var out: [Bitmap] = []
        out.reserveCapacity(count)
        for n in 0..<count {
            renderer.date = start.addingTimeInterval(Double(n) / framesPerSecond)
            out.append(try renderer.render(backend: backend))
            progress?(n + 1, count)
        }
        return out
    }

    /// Writes `frame-0000.png`, `frame-0001.png`, ... into `folder` (created if needed); returns their URLs.
    @discardableResult
    public func writeFrames(to folder: URL, backend: Backend = .auto, progress: ((Int, Int) -> Void)? = nil) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try frames(backend: backend, progress: progress).enumerated().map { n, bitmap in
            let url = folder.appendingPathComponent(String(format: "frame-%04d.png", n))
            try bitmap.writePNG(to: url)
            return url
        }
    }

    /// Writes the animation as one looping, lossless animated WebP.
    public func writeWebP(to url: URL, backend: Backend = .auto, progress: ((Int, Int) -> Void)? = nil) throws {
        let data = try AnimatedWebP.encode(try frames(backend: backend, progress: progress), frameDuration: 1 / framesPerSecond)
        try data.write(to: url)
    }
}
