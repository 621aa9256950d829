import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct ClipLayerTests {
    @Test func clipRestrictsDrawingToThePath() throws {
        let b = try renderCPU(width: 64, height: 64) { ctx in
            ctx.clip(to: Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48)))
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .color(.black))
        }
        #expect(b.pixel(x: 32, y: 32).a == 255)
        #expect(b.pixel(x: 2, y: 2).a == 0)
        #expect(b.pixel(x: 60, y: 32).a == 0)
        // Antialiased, and exactly the disc as a fill draws it.
        let disc = try renderCPU(width: 64, height: 64) { ctx in
            ctx.fill(Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48)), with: .color(.black))
        }
        #expect(zip(b.pixels, disc.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(abs(coveredArea(b) - .pi * 24 * 24) < 0.01 * .pi * 24 * 24)
    }

    @Test func clipEqualsFillingTheIntersection() throws {
        // A rectangle clipped to a rectangle: exactly their intersection, edges included.
        let clipped = try renderCPU(width: 50, height: 50) { ctx in
            ctx.clip(to: Path(CGRect(x: 10.5, y: 5.25, width: 30, height: 30)))
            ctx.fill(Path(CGRect(x: 20.25, y: 0, width: 40, height: 22.5)), with: .color(.blue))
        }
        let direct = try renderCPU(width: 50, height: 50) { ctx in
            ctx.fill(Path(CGRect(x: 20.25, y: 5.25, width: 20.25, height: 17.25)), with: .color(.blue))
        }
        let worst = zip(clipped.pixels, direct.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
    }

    @Test func inverseClipKeepsTheOutside() throws {
        let b = try renderCPU(width: 40, height: 40) { ctx in
            ctx.clip(to: Path(CGRect(x: 10, y: 10, width: 20, height: 20)), options: .inverse)
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.black))
        }
        #expect(b.pixel(x: 20, y: 20).a == 0)
        #expect(b.pixel(x: 5, y: 20).a == 255)
        #expect(abs(coveredArea(b) - (1600 - 400)) < 1)
    }

    @Test func clipsIntersectAndScopeToTheContextCopy() throws {
        let b = try renderCPU(width: 60, height: 40) { ctx in
            var inner = ctx
            inner.clip(to: Path(CGRect(x: 0, y: 0, width: 40, height: 40)))
            inner.clip(to: Path(CGRect(x: 20, y: 0, width: 40, height: 20)))
            inner.fill(Path(CGRect(x: 0, y: 0, width: 60, height: 40)), with: .color(.red))
            // The original context is not clipped.
            ctx.fill(Path(CGRect(x: 0, y: 30, width: 10, height: 10)), with: .color(.blue))
        }
        #expect(b.pixel(x: 30, y: 10).a == 255)     // inside both clips
        #expect(b.pixel(x: 10, y: 10).a == 0)       // outside the second
        #expect(b.pixel(x: 50, y: 10).a == 0)       // outside the first
        #expect(b.pixel(x: 5, y: 35) == Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255))
    }

    @Test func drawLayerAppliesGroupOpacityOnce() throws {
        // Two overlapping opaque squares in a 50% layer: the overlap is no darker than the rest.
        let b = try renderCPU(width: 60, height: 40) { ctx in
            ctx.opacity = 0.5
            ctx.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.black))
                layer.fill(Path(CGRect(x: 20, y: 0, width: 40, height: 40)), with: .color(.black))
            }
        }
        #expect(b.pixel(x: 10, y: 20).a == 128)
        #expect(b.pixel(x: 30, y: 20).a == 128)
        #expect(b.pixel(x: 50, y: 20).a == 128)
    }

    @Test func layersNestAndComposeOverTheBackground() throws {
        let b = try renderCPU(width: 40, height: 40) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.white))
            ctx.opacity = 0.5
            ctx.drawLayer { outer in
                outer.clip(to: Path(CGRect(x: 0, y: 0, width: 20, height: 40)))
                outer.drawLayer { inner in
                    inner.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.black))
                }
            }
        }
        #expect(b.pixel(x: 10, y: 10) == Bitmap.Pixel(r: 128, g: 128, b: 128, a: 255))
        #expect(b.pixel(x: 30, y: 10) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func clipWithNothingToKeepDrawsNothing() throws {
        let b = try renderCPU(width: 30, height: 30) { ctx in
            ctx.clip(to: Path())
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 30, height: 30)), with: .color(.black))
        }
        #expect(b.pixels.allSatisfy { $0 == 0 })
    }

    @Test func layersGiveIdenticalOutputForAnyThreadCount() throws {
        func picture(_ ctx: inout GraphicsContext) {
            var c = ctx
            c.clip(to: Path(ellipseIn: CGRect(x: 10, y: 10, width: 180, height: 100)), style: FillStyle(eoFill: true))
            c.opacity = 0.7
            c.drawLayer { samplePicture(&$0, count: 60, extent: 200) }
            samplePicture(&ctx, seed: 9, count: 10, extent: 200)
        }
        let one = try renderCPU(width: 200, height: 120, threads: 1) { picture(&$0) }
        let many = try renderCPU(width: 200, height: 120, threads: 3) { picture(&$0) }
        #expect(one.pixels == many.pixels)
    }
}
