import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline

// `Renderer.render(_:)` draws into a frame it does not zero first: the backends write every pixel
// (tiles with nothing drawn are cleared). Debug builds fill the new frame with
// `Renderer.unwrittenByte` before rendering, so in the tests (a debug build) a pixel a backend skipped
// keeps that byte and fails these checks.
@Suite struct NewFrameTests {
    /// Scenes that leave most or all of an odd-sized canvas (its edge tiles cut) undrawn, and the
    /// rectangle each one draws opaque red (nil: nothing shows).
    static func scenes() -> [(String, Scene, CGRect?)] {
        let size = CGSize(width: 53, height: 37)
        var empty = Scene(size: size)
        empty.draw { _ in }
        var corner = Scene(size: size)
        corner.draw { ctx in ctx.fill(Path(CGRect(x: 48, y: 32, width: 5, height: 5)), with: .color(.red)) }
        var offCanvas = Scene(size: size)
        offCanvas.draw { ctx in ctx.fill(Path(CGRect(x: 60, y: -20, width: 30, height: 10)), with: .color(.red)) }
        var clippedAway = Scene(size: size)
        clippedAway.draw { ctx in
            ctx.clip(to: Path(CGRect(x: 70, y: 70, width: 4, height: 4)))
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.red))
        }
        var layered = Scene(size: size)
        layered.draw { ctx in
            ctx.drawLayer { layer in
                layer.opacity = 0.5
                layer.fill(Path(CGRect(x: 16, y: 16, width: 16, height: 16)), with: .color(.red))
            }
        }
        return [("empty", empty, nil), ("corner", corner, CGRect(x: 48, y: 32, width: 5, height: 5)),
                ("off canvas", offCanvas, nil), ("clipped away", clippedAway, nil),
                ("layered", layered, CGRect(x: 16, y: 16, width: 16, height: 16))]
    }

    @Test(arguments: availableBackends)
    func undrawnPixelsAreTransparent(_ backend: Backend) throws {
        for threads in [1, 2] {
            let renderer = Renderer(backend: backend, threadCount: threads)
            for (name, scene, drawn) in Self.scenes() {
                let bitmap = try renderer.render(scene)
                var stray = 0
                for y in 0..<bitmap.height {
                    for x in 0..<bitmap.width where !(drawn?.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) ?? false) {
                        if bitmap.pixel(x: x, y: y) != Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0) { stray += 1 }
                    }
                }
                #expect(stray == 0, "\(name) on \(backend), \(threads) threads: \(stray) undrawn pixels not transparent")
                if let drawn {
                    let inside = bitmap.pixel(x: Int(drawn.midX), y: Int(drawn.midY))
                    #expect(inside.a > 0 && inside.r == inside.a, "\(name) on \(backend): the drawn rectangle is missing")
                }
            }
        }
    }
}
