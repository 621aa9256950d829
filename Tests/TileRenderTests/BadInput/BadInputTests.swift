import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct BadInputTests {
    private func square(_ origin: CGFloat = 10) -> Path { Path(CGRect(x: origin, y: origin, width: 20, height: 20)) }

    @Test func nonFiniteElementsAreSkipped() throws {
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            var withBad = Path()
            withBad.move(to: CGPoint(x: 10, y: 10))
            withBad.addLine(to: CGPoint(x: 30, y: 10))
            withBad.addLine(to: CGPoint(x: bad, y: 20))
            withBad.addCurve(to: CGPoint(x: 30, y: 30), control1: CGPoint(x: 1, y: bad), control2: CGPoint(x: 2, y: 2))
            withBad.addLine(to: CGPoint(x: 30, y: 30))
            withBad.addLine(to: CGPoint(x: 10, y: 30))
            withBad.closeSubpath()
            let a = try renderCPU(width: 40, height: 40) { $0.fill(withBad, with: .color(.black)) }
            let b = try renderCPU(width: 40, height: 40) { $0.fill(square(), with: .color(.black)) }
            #expect(a.pixels == b.pixels, "\(bad)")
        }
    }

    @Test func nonFiniteTransformAndOpacityDrawNothing() throws {
        let blank = try renderCPU(width: 20, height: 20) { _ in }
        let nanTransform = try renderCPU(width: 20, height: 20) { ctx in
            ctx.concatenate(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
            ctx.fill(square(0), with: .color(.black))
        }
        let nanOpacity = try renderCPU(width: 20, height: 20) { ctx in
            ctx.opacity = .nan
            ctx.fill(square(0), with: .color(.black))
        }
        let singular = try renderCPU(width: 20, height: 20) { ctx in
            ctx.scaleBy(x: 0, y: 1)
            ctx.fill(square(0), with: .color(.black))
        }
        #expect(nanTransform.pixels == blank.pixels)
        #expect(nanOpacity.pixels == blank.pixels)
        #expect(singular.pixels == blank.pixels)
    }

    @Test func emptyAndDegeneratePathsDrawNothing() throws {
        var lone = Path(); lone.move(to: CGPoint(x: 5, y: 5))
        var point = Path(); point.move(to: CGPoint(x: 5, y: 5)); point.addLine(to: CGPoint(x: 5, y: 5)); point.closeSubpath()
        var line = Path(); line.move(to: CGPoint(x: 1, y: 1)); line.addLine(to: CGPoint(x: 15, y: 12))
        let zeroRect = Path(CGRect(x: 3, y: 3, width: 0, height: 10))
        let b = try renderCPU(width: 20, height: 20) { ctx in
            for p in [Path(), lone, point, line, zeroRect] { ctx.fill(p, with: .color(.black)) }
        }
        #expect(b.pixels.allSatisfy { $0 == 0 })
    }

    @Test func invalidSizesThrow() {
        for size in [CGSize(width: 0, height: 10), CGSize(width: -5, height: 10), CGSize(width: 10, height: CGFloat.nan),
                     CGSize(width: CGFloat.infinity, height: 10)] {
            #expect(throws: TileRenderError.self) { try Renderer(backend: .cpu).render(Scene(size: size)) }
        }
        #expect(throws: TileRenderError.self) { try Bitmap(width: 0, height: 1) }
    }

    @Test func enormousCanvasIsRefusedWithoutAllocating() {
        #expect(throws: TileRenderError.canvasTooLarge(width: 100_000, height: 100_000)) {
            try Renderer(backend: .cpu).render(Scene(size: CGSize(width: 100_000, height: 100_000)))
        }
    }

    @Test(arguments: [1e30, 1e300])
    func hugeCoordinatesAreClipped(_ big: Double) throws {
        let b = try renderCPU(width: 32, height: 32) { ctx in
            var p = Path()
            p.move(to: CGPoint(x: -big, y: -big))
            p.addLine(to: CGPoint(x: big, y: -big))
            p.addCurve(to: CGPoint(x: big, y: big), control1: CGPoint(x: 2 * big, y: 0), control2: CGPoint(x: 2 * big, y: 1))
            p.addLine(to: CGPoint(x: -big, y: big))
            p.closeSubpath()
            ctx.fill(p, with: .color(.black))
        }
        #expect(b.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 })
    }

    @Test func millionSegmentPath() throws {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        for i in 0..<1_000_000 {
            p.addLine(to: CGPoint(x: Double(i % 1000) * 0.256, y: Double(i / 1000) * 0.256 + (i % 2 == 0 ? 0 : 3)))
        }
        p.closeSubpath()
        let b = try renderCPU(width: 256, height: 256, threads: 2) { $0.fill(p, with: .color(.black)) }
        #expect(b.width == 256)
        #expect(coveredArea(b) > 0)
    }

    @Test func unreadablePNGsThrow() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tilerender-badpng-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: TileRenderError.self) { try Bitmap(contentsOfPNG: dir.appendingPathComponent("missing.png")) }
        let garbage = dir.appendingPathComponent("garbage.png")
        try Data("this is not a png".utf8).write(to: garbage)
        #expect(throws: TileRenderError.self) { try Bitmap(contentsOfPNG: garbage) }
        // A valid PNG cut in half.
        let good = dir.appendingPathComponent("good.png")
        let bitmap = try renderCPU(width: 64, height: 64) { samplePicture(&$0) }
        try bitmap.writePNG(to: good)
        let data = try Data(contentsOf: good)
        let truncated = dir.appendingPathComponent("truncated.png")
        try data.prefix(data.count / 2).write(to: truncated)
        #expect(throws: TileRenderError.self) { try Bitmap(contentsOfPNG: truncated) }
        // And the round trip of the good one is lossless for opaque and close for translucent pixels.
        let back = try Bitmap(contentsOfPNG: good)
        #expect(back.width == 64 && back.height == 64)
        let worst = zip(back.pixels, bitmap.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
    }

    @Test func unwritablePNGThrows() throws {
        let bitmap = try Bitmap(width: 2, height: 2)
        #expect(throws: TileRenderError.self) {
            try bitmap.writePNG(to: URL(fileURLWithPath: "/nonexistent-dir/x.png"))
        }
    }

    @Test func callerBufferIsValidated() throws {
        var scene = Scene(size: CGSize(width: 8, height: 8))
        scene.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(.white)) }
        var small = [UInt8](repeating: 0, count: 10)
        small.withUnsafeMutableBytes { buf in
            #expect(throws: TileRenderError.self) {
                try Renderer(backend: .cpu).render(scene, into: buf, width: 8, height: 8, bytesPerRow: 32)
            }
            #expect(throws: TileRenderError.self) {
                try Renderer(backend: .cpu).render(scene, into: buf, width: 8, height: 8, bytesPerRow: 4)
            }
        }
        // A strided buffer: padding bytes stay untouched.
        var strided = [UInt8](repeating: 7, count: 40 * 8)
        try strided.withUnsafeMutableBytes { buf in
            _ = try Renderer(backend: .cpu).render(scene, into: buf, width: 8, height: 8, bytesPerRow: 40)
        }
        for y in 0..<8 {
            #expect(strided[y * 40 ..< y * 40 + 32].allSatisfy { $0 == 255 })
            #expect(strided[y * 40 + 32 ..< y * 40 + 40].allSatisfy { $0 == 7 })
        }
    }

    @Test func vulkanRendersOrReportsAClearError() throws {
        var scene = Scene(size: CGSize(width: 4, height: 4))
        scene.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.black)) }
        if vulkanAvailable {
            #expect(try Renderer(backend: .vulkan).render(scene).pixel(x: 2, y: 2).a == 255)
        } else {
            #expect(throws: TileRenderError.self) { try Renderer(backend: .vulkan).render(scene) }
        }
        #expect(try Renderer(backend: .auto).render(scene).pixel(x: 2, y: 2).a == 255)
    }

    @Test func layersNestedBeyondTheShaderLimit() throws {
        var scene = Scene(size: CGSize(width: 8, height: 8))
        scene.draw { ctx in
            func nest(_ c: inout GraphicsContext, _ depth: Int) {
                if depth == 0 { c.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(.black)); return }
                c.drawLayer { nest(&$0, depth - 1) }
            }
            nest(&ctx, 12)
        }
        // The CPU has no nesting limit and `.auto` always renders; `.vulkan` says why it cannot.
        #expect(try Renderer(backend: .cpu).render(scene).pixel(x: 4, y: 4).a == 255)
        #expect(try Renderer(backend: .auto).render(scene).pixel(x: 4, y: 4).a == 255)
        if vulkanAvailable {
            #expect(throws: TileRenderError.self) { try Renderer(backend: .vulkan).render(scene) }
        }
    }
}
