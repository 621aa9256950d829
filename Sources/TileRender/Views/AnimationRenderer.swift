import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Renders a view over a span of time (TileRender's own): frame n shows the view at
/// `start + n / framesPerSecond` (`ImageRenderer.date`, which a `TimelineView` follows), to numbered
/// PNG files and to one animated WebP that browsers play.
///
/// ```swift
/// let animation = AnimationRenderer(content: SpinningCogs(), duration: 2, framesPerSecond: 30)
/// animation.proposedSize = ProposedViewSize(width: 330, height: 400)
/// try animation.writeWebP(to: URL(fileURLWithPath: "cogs.webp"))
/// ```
public final class AnimationRenderer<Content: View> {
    public var proposedSize: ProposedViewSize {
        get { renderer.proposedSize }
        set { renderer.proposedSize = newValue }
    }
    /// The date of the first frame.
    public var start: Date
    public var duration: TimeInterval
    public var framesPerSecond: Double
    private let renderer: ImageRenderer<Content>

    public init(content: Content, start: Date = Date(), duration: TimeInterval, framesPerSecond: Double = 30) {
        renderer = ImageRenderer(content: content)
        self.start = start; self.duration = duration; self.framesPerSecond = framesPerSecond
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

    /// Renders every frame, calling `progress` with (frames done, frames in all) after each.
    public func frames(backend: Backend = .auto, progress: ((Int, Int) -> Void)? = nil) throws -> [Bitmap] {
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
