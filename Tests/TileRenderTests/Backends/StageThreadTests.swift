import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Each stage runs on as many workers as its estimated work is worth (`StageWork`): a badge on the
/// calling thread, a large scene on all of them, with the same pixels either way.
@Suite struct StageThreadTests {
    static func badge() -> Scene {
        var scene = Scene(size: CGSize(width: 120, height: 24))
        scene.draw { ctx in
            ctx.fill(Path(roundedRect: CGRect(x: 0.5, y: 0.5, width: 119, height: 23), cornerRadius: 6), with: .color(.green))
            ctx.fill(Path(ellipseIn: CGRect(x: 6, y: 6, width: 12, height: 12)), with: .color(.white))
            ctx.draw(Text("passing").font(.system(size: 11)), at: CGPoint(x: 70, y: 12))
        }
        return scene
    }

    static func large() -> Scene {
        var scene = Scene(size: CGSize(width: 1024, height: 1024))
        scene.draw { ctx in samplePicture(&ctx, seed: 11, count: 600, extent: 1024) }
        return scene
    }

    @Test func smallFramesStayOnOneThread() throws {
        let renderer = Renderer(backend: .cpu, threadCount: 4)
        let (small, smallStats) = try renderer.renderWithStatistics(Self.badge())
        #expect(smallStats.stageThreads == [1, 1, 1])
        #expect(try Renderer(backend: .cpu, threadCount: 1).render(Self.badge()) == small)
        let (large, largeStats) = try renderer.renderWithStatistics(Self.large())
        #expect(largeStats.stageThreads == [4, 4, 4])
        #expect(try Renderer(backend: .cpu, threadCount: 1).render(Self.large()) == large)
    }

    /// A few draws of many lines: flattening on one thread, binning and the fine stage on all, with
    /// the binners the plan reset for this canvas (not a larger one's from the render before), and the
    /// pixels of one thread.
    @Test func fewDrawsOfManyLinesBinOnEveryWorker() throws {
        var scene = Scene(size: CGSize(width: 900, height: 700))
        scene.draw { ctx in
            var path = Path()
            path.move(to: CGPoint(x: 10, y: 350))
            for k in 0..<60 {
                let x = 10 + Double(k) * 14.5
                path.addCurve(to: CGPoint(x: x + 14.5, y: 350), control1: CGPoint(x: x + 4, y: k.isMultiple(of: 2) ? -900 : 1600),
                              control2: CGPoint(x: x + 10, y: k.isMultiple(of: 2) ? 1600 : -900))
            }
            path.closeSubpath()
            ctx.fill(path, with: .color(.blue))
            ctx.stroke(path, with: .color(.red), lineWidth: 1.5)
        }
        let renderer = Renderer(backend: .cpu, threadCount: 4)
        _ = try renderer.render(Self.large())  // the binners sized for 1024 x 1024 first
        let (pixels, stats) = try renderer.renderWithStatistics(scene)
        #expect(stats.stageThreads == [1, 4, 4], "\(stats.stageThreads), \(stats.segmentCount) segments")
        #expect(try Renderer(backend: .cpu, threadCount: 1).render(scene) == pixels)
    }

    /// The estimates grow with the work: more draws, elements, lines, commands, segments or pixels
    /// never make a stage look smaller, and each reaches the parallel line.
    @Test func estimatesGrowWithTheWork() {
        #expect(StageWork.threads(8, nanoseconds: StageWork.flattening(draws: 10, elements: 50, strokeElements: 0)) == 1)
        #expect(StageWork.threads(8, nanoseconds: StageWork.flattening(draws: 1000, elements: 5000, strokeElements: 0)) == 8)
        #expect(StageWork.flattening(draws: 1, elements: 1, strokeElements: 1) > StageWork.flattening(draws: 1, elements: 2, strokeElements: 0))
        #expect(StageWork.threads(8, nanoseconds: StageWork.binning(lines: 100, draws: 10)) == 1)
        #expect(StageWork.threads(8, nanoseconds: StageWork.binning(lines: 10_000, draws: 10)) == 8)
        #expect(StageWork.threads(8, nanoseconds: StageWork.fine(pixels: 120 * 24, tileCommands: 40, segments: 40)) == 1)
        #expect(StageWork.threads(8, nanoseconds: StageWork.fine(pixels: 1920 * 1080, tileCommands: 8160, segments: 0)) == 8)
    }
}
