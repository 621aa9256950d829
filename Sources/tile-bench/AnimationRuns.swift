import Foundation
import TileRender
import TileRenderPipeline
import SeedPorts

// The seed's TimelineView animations (the interlocking cogs with their shadow, the colour blob, the two
// stars) over N frames at 60 frames a second, timed two ways:
//   fresh     a new ImageRenderer per frame: every view is built, laid out and recorded again, as a
//             renderer that caches nothing does;
//   retained  one ImageRenderer for all frames: the views around the timeline (stacks, spacers, frames,
//             borders) keep their layout and recording, and only the timeline's content is made again.
// Both draw the same frames; a sample of them is compared.

/// One animation, timed one way on one backend.
struct AnimationRun: Codable {
    var name: String
    var backend: String
    var caching: String
    var frames: Int
    var firstFrameMs: Double
    var medianMs: Double
    var p95Ms: Double
    var pixelsMatch: Bool?
}

/// The seed's animated views at their sizes in `tile-bench animate`.
private enum SeedAnimation: String, CaseIterable {
    case cogs, blob, stars

    var size: CGSize {
        switch self {
        case .cogs: CGSize(width: 330, height: 460)
        case .blob: CGSize(width: 450, height: 400)
        case .stars: CGSize(width: 608, height: 400)
        }
    }

    func renderer() -> ImageRenderer<AnyView> {
        let view: AnyView
        switch self {
        case .cogs: view = AnyView(InterlockingCogsView())
        case .blob: view = AnyView(BlobTimelineView())
        case .stars:
            view = AnyView(HStack(spacing: 8) {
                StarTimelineView()
                StarTimelineView(points: 9, color: .purple, reversed: true, border: false)
            })
        }
        let renderer = ImageRenderer(content: AnyView(view.frame(width: size.width, height: size.height, alignment: .top).clipped()))
        renderer.proposedSize = ProposedViewSize(size)
        return renderer
    }
}

/// Times each seed animation over `frames` frames, fresh and retained, on `backend`.
func runAnimations(frames: Int, backend: Backend, progress: Progress) throws -> [AnimationRun] {
    var runs: [AnimationRun] = []
    let fps = 60.0
    // Every tenth frame of the retained run is compared with the fresh run's.
    let compared = Set(stride(from: 0, to: frames, by: 10))
    let total = SeedAnimation.allCases.count * 2 * frames
    var done = 0
    for animation in SeedAnimation.allCases {
        var samples: [Int: Bitmap] = [:]
        let retained = animation.renderer()
        for caching in ["fresh", "retained"] {
            var times: [Double] = []
            var match = true
            for n in 0..<frames {
                let renderer = caching == "fresh" ? animation.renderer() : retained
                // The seed's loops start at angle 0 at the reference date.
                renderer.date = Date(timeIntervalSinceReferenceDate: Double(n) / fps)
                let (bitmap, ms) = try timed { try renderer.render(backend: backend) }
                times.append(ms)
                if compared.contains(n) {
                    if caching == "fresh" {
                        samples[n] = bitmap
                    } else if let fresh = samples[n], !SceneTolerance.floors.accepts(ImageDifference(fresh, bitmap)) {
                        match = false
                    }
                }
                done += 1
                progress.frame(done, of: total)
            }
            let rest = frames > 1 ? Array(times.dropFirst()) : times
            runs.append(AnimationRun(name: animation.rawValue, backend: backend.rawValue, caching: caching, frames: frames,
                                     firstFrameMs: times[0], medianMs: median(rest), p95Ms: percentile(rest, 0.95),
                                     pixelsMatch: caching == "fresh" ? nil : match))
        }
    }
    return runs
}
