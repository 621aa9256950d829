import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Flattening stays bounded: huge curves cost chords only near the canvas, and one path stops at
/// `Flattener.maxSegmentsPerPath` lines, after which the render throws (a fuzz finding grew the line
/// buffer past 1 GB).
@Suite struct FlattenLimitTests {
    /// `count` curves sweeping across a 64x64 canvas with control points 1e9 away.
    static func hugeCurves(_ count: Int) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: -1e7, y: 0))
        for i in 0..<count {
            path.addCurve(to: CGPoint(x: i % 2 == 0 ? 1e7 : -1e7, y: Double(i % 64)),
                          control1: CGPoint(x: 0, y: 1e9), control2: CGPoint(x: 0, y: -1e9))
        }
        return path
    }

    @Test func hugeCurvesCostChordsOnlyNearTheCanvas() throws {
        // Uniformly, each of these curves takes the per-curve maximum of 16384 chords (18 million lines).
        var lines: [LineSegment] = []
        let complete = Flattener(width: 64, height: 64).flatten(Self.hugeCurves(1100), transform: .identity, into: &lines)
        #expect(complete)
        #expect(lines.count < 1100 * 200, "\(lines.count) lines")
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { $0.fill(Self.hugeCurves(1100), with: .color(.red)) }
        _ = try Renderer(backend: .cpu).render(scene)
    }

    @Test func strokesStopAtTheCentreLinePointLimit() throws {
        // Stroked, these curves are flattened in user space with no canvas to cull against: 1100 x 16384
        // centre-line points, past `StrokeExpander.maxCentreLinePoints` (their outline grew past 1 GB: a
        // fuzz finding). The render throws sceneTooLarge, as for a fill past the segment limit, and
        // strokedPath gives an empty path; a stroke under the limit is unchanged.
        let path = Self.hugeCurves(1100)
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { $0.stroke(path, with: .color(.red), lineWidth: 2) }
        #expect(throws: TileRenderError.self) { _ = try Renderer(backend: .cpu).render(scene) }
        #expect(path.strokedPath(StrokeStyle(lineWidth: 2)).isEmpty)
        #expect(!Self.hugeCurves(2).strokedPath(StrokeStyle(lineWidth: 2)).isEmpty)
    }

    @Test func flatteningStopsAtTheSegmentLimit() {
        var path = Path()
        path.move(to: .zero)
        for i in 0..<2000 { path.addLine(to: CGPoint(x: Double(i % 64), y: Double(i % 2 == 0 ? 0 : 64))) }
        var lines: [LineSegment] = []
        #expect(!Flattener(width: 64, height: 64).flatten(path, transform: .identity, into: &lines, maxSegments: 1000))
        #expect(lines.count == 1000)
        lines.removeAll()
        #expect(Flattener(width: 64, height: 64).flatten(path, transform: .identity, into: &lines))
    }
}
