import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Draws wholly off the canvas are skipped before flattening (`TileBinner.liesOutsideCanvas`), and
/// offscreen groups off the canvas are not rendered; neither changes a pixel.
@Suite struct OffCanvasCullingTests {
    private static func scene(withOffCanvasDraws: Bool) -> Scene {
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { c in
            c.fill(Path(ellipseIn: CGRect(x: 8, y: 8, width: 40, height: 40)), with: .color(.blue))
            // A stroke whose centre line lies left of the canvas but whose width reaches into it.
            var edge = Path()
            edge.move(to: CGPoint(x: -5, y: 0))
            edge.addLine(to: CGPoint(x: -5, y: 64))
            c.stroke(edge, with: .color(.red), style: StrokeStyle(lineWidth: 20))
            // Curves whose control points leave the canvas while the curve stays in it.
            var bulge = Path()
            bulge.move(to: CGPoint(x: 10, y: 60))
            bulge.addQuadCurve(to: CGPoint(x: 50, y: 60), control: CGPoint(x: 30, y: 200))
            c.fill(bulge, with: .color(.green))
            guard withOffCanvasDraws else { return }
            for (x, y) in [(-300.0, 10.0), (300, 10), (10, -300), (10, 300), (-90, -90), (200, 200)] {
                c.fill(Path(ellipseIn: CGRect(x: x, y: y, width: 60, height: 60)), with: .color(.orange))
                c.stroke(Path(CGRect(x: x, y: y, width: 60, height: 60)), with: .color(.black), lineWidth: 4)
            }
            // Under a transform: drawn at 0...60, moved far right.
            var moved = c
            moved.translateBy(x: 1000, y: 0)
            moved.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 60)), with: .color(.purple))
        }
        return scene
    }

    @Test func offCanvasDrawsAreNotFlattenedAndChangeNoPixel() throws {
        let renderer = Renderer(backend: .cpu, threadCount: 1)
        let (plain, plainStats) = try renderer.renderWithStatistics(Self.scene(withOffCanvasDraws: false))
        let (busy, busyStats) = try renderer.renderWithStatistics(Self.scene(withOffCanvasDraws: true))
        let same = plain.pixels == busy.pixels
        #expect(same)
        #expect(busyStats.segmentCount == plainStats.segmentCount)
        // The stroke reaching in from the left was kept.
        #expect(busy.pixel(x: 2, y: 30).r == 255)
    }

    @Test func groupsOffTheCanvasAreNotRendered() throws {
        var scene = Scene(size: CGSize(width: 64, height: 64))
        var content = Scene(size: CGSize(width: 20, height: 20))
        content.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.red)) }
        scene.draw { c in
            c.drawOffscreen(content, in: CGRect(x: -100, y: 0, width: 20, height: 20))
            c.drawOffscreen(content, in: CGRect(x: 10, y: 500, width: 20, height: 20))
        }
        let renderer = Renderer(backend: .cpu)
        let bitmap = try renderer.render(scene)
        #expect(renderer.offscreenCacheStatistics.misses == 0)
        #expect(bitmap.pixels.allSatisfy { $0 == 0 })
        scene.draw { $0.drawOffscreen(content, in: CGRect(x: -10, y: 0, width: 20, height: 20)) }  // half on the canvas
        let half = try renderer.render(scene)
        #expect(renderer.offscreenCacheStatistics.misses == 1)
        #expect(half.pixel(x: 5, y: 5).r == 255 && half.pixel(x: 15, y: 5).a == 0)
    }
}
