import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Renders `build` on a transparent canvas with the CPU backend.
func renderCPU(width: Int, height: Int, threads: Int = 1, _ build: (inout GraphicsContext) -> Void) throws -> Bitmap {
    var scene = Scene(size: CGSize(width: width, height: height))
    scene.draw(build)
    return try Renderer(backend: .cpu, threadCount: threads).render(scene)
}

/// Sum of alpha over the bitmap, in pixels (255 = one fully covered pixel).
func coveredArea(_ b: Bitmap) -> Double {
    var sum = 0
    for i in stride(from: 3, to: b.pixels.count, by: 4) { sum += Int(b.pixels[i]) }
    return Double(sum) / 255
}

@Suite struct CoverageTests {
    @Test func pixelAlignedRectIsExact() throws {
        let b = try renderCPU(width: 40, height: 40) { ctx in
            ctx.fill(Path(CGRect(x: 3, y: 5, width: 20, height: 30)), with: .color(.black))
        }
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = x >= 3 && x < 23 && y >= 5 && y < 35
                #expect(b.pixel(x: x, y: y).a == (inside ? 255 : 0), "pixel \(x),\(y)")
            }
        }
    }

    @Test func halfPixelEdgesGiveHalfCoverage() throws {
        let b = try renderCPU(width: 20, height: 20) { ctx in
            ctx.fill(Path(CGRect(x: 2.5, y: 2, width: 10, height: 10)), with: .color(.black))
        }
        #expect(b.pixel(x: 2, y: 5).a == 128)
        #expect(b.pixel(x: 3, y: 5).a == 255)
        #expect(b.pixel(x: 12, y: 5).a == 128)
        #expect(b.pixel(x: 13, y: 5).a == 0)
    }

    @Test func shapesAcrossTileBoundariesCoverTheirArea() throws {
        // A triangle spanning many tiles, with edges in every direction.
        let b = try renderCPU(width: 100, height: 100) { ctx in
            var p = Path()
            p.move(to: CGPoint(x: 7.3, y: 3.1))
            p.addLine(to: CGPoint(x: 91.7, y: 40.2))
            p.addLine(to: CGPoint(x: 30.4, y: 95.9))
            p.closeSubpath()
            ctx.fill(p, with: .color(.black))
        }
        let ax: Double = 91.7 - 7.3, ay: Double = 40.2 - 3.1, bx: Double = 30.4 - 7.3, by: Double = 95.9 - 3.1
        let expected = abs(ax * by - bx * ay) / 2
        #expect(abs(coveredArea(b) - expected) < 1.5)
    }

    @Test func evenOddAndNonZero() throws {
        func rings(_ eo: Bool) throws -> Bitmap {
            try renderCPU(width: 64, height: 64) { ctx in
                var p = Path(CGRect(x: 4, y: 4, width: 56, height: 56))
                p.addRect(CGRect(x: 20, y: 20, width: 24, height: 24))
                ctx.fill(p, with: .color(.black), style: FillStyle(eoFill: eo))
            }
        }
        #expect(try rings(false).pixel(x: 32, y: 32).a == 255)
        #expect(try rings(true).pixel(x: 32, y: 32).a == 0)
        #expect(try rings(true).pixel(x: 10, y: 32).a == 255)
    }

    @Test func shapesPartlyOffCanvas() throws {
        let b = try renderCPU(width: 50, height: 50) { ctx in
            ctx.fill(Path(CGRect(x: -100, y: -100, width: 130, height: 300)), with: .color(.black))
        }
        #expect(b.pixel(x: 0, y: 0).a == 255)
        #expect(b.pixel(x: 29, y: 49).a == 255)
        #expect(b.pixel(x: 30, y: 20).a == 0)
    }

    @Test func shapesWiderThanTheCanvasOnBothSides() throws {
        let b = try renderCPU(width: 70, height: 50) { ctx in
            var p = Path()
            p.move(to: CGPoint(x: -40, y: 10))
            p.addLine(to: CGPoint(x: 200, y: 12.5))
            p.addLine(to: CGPoint(x: -30, y: 40))
            p.closeSubpath()
            ctx.fill(p, with: .color(.black))
        }
        // Inside the triangle across the whole width, outside above and below it.
        for x in [0, 17, 35, 52, 69] {
            #expect(b.pixel(x: x, y: 20).a == 255, "x \(x)")
            #expect(b.pixel(x: x, y: 5).a == 0, "x \(x)")
            #expect(b.pixel(x: x, y: 45).a == 0, "x \(x)")
        }
    }
}

@Suite struct OcclusionTests {
    /// Draws under an opaque full-tile fill are skipped; what is drawn on top still composites.
    @Test func opaqueCoverHidesEverythingBelowIt() throws {
        func picture(_ ctx: inout GraphicsContext, cover: Bool) {
            ctx.fill(Path(ellipseIn: CGRect(x: 3, y: 3, width: 40, height: 30)), with: .color(.red))
            if cover { ctx.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 48)), with: .color(.blue)) }
            ctx.fill(Path(CGRect(x: 10, y: 10, width: 30, height: 20)), with: .color(Color.green.opacity(0.5)))
        }
        let covered = try renderCPU(width: 64, height: 48) { picture(&$0, cover: true) }
        var expectedScene = Scene(size: CGSize(width: 64, height: 48))
        expectedScene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 48)), with: .color(.blue))
            ctx.fill(Path(CGRect(x: 10, y: 10, width: 30, height: 20)), with: .color(Color.green.opacity(0.5)))
        }
        let expected = try Renderer(backend: .cpu, threadCount: 1).render(expectedScene)
        #expect(covered.pixels == expected.pixels)
    }

    @Test func clearingAUsedBufferEqualsAFreshRender() throws {
        var scene = Scene(size: CGSize(width: 50, height: 40))
        scene.draw { samplePicture(&$0, count: 12, extent: 50) }
        let fresh = try Renderer(backend: .cpu).render(scene)
        var buffer = [UInt8](repeating: 0xAB, count: 50 * 4 * 40 + 7)
        try buffer.withUnsafeMutableBytes { raw in
            _ = try Renderer(backend: .cpu).render(scene, into: raw, width: 50, height: 40, bytesPerRow: 200, clear: true)
        }
        #expect(Array(buffer[0..<(50 * 4 * 40)]) == fresh.pixels)
        #expect(buffer[(50 * 4 * 40)...].allSatisfy { $0 == 0xAB })
    }

    @Test func repeatedRendersWithOneRendererAreIdentical() throws {
        let renderer = Renderer(backend: .cpu, threadCount: 2)
        var big = Scene(size: CGSize(width: 120, height: 90))
        big.draw { samplePicture(&$0, count: 60, extent: 120) }
        var small = Scene(size: CGSize(width: 30, height: 20))
        small.draw { samplePicture(&$0, seed: 3, count: 5, extent: 30) }
        let first = try renderer.render(big)
        _ = try renderer.render(small)   // reuses (and shrinks into) the cached buffers
        #expect(try renderer.render(big).pixels == first.pixels)
    }
}

@Suite struct GradientSpreadTests {
    private func row(_ options: GraphicsContext.GradientOptions) throws -> [UInt8] {
        let b = try renderCPU(width: 40, height: 1) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 40, height: 1)),
                     with: .linearGradient(Gradient(colors: [.black, .white]), startPoint: CGPoint(x: 0, y: 0),
                                           endPoint: CGPoint(x: 10, y: 0), options: options))
        }
        return (0..<40).map { b.pixel(x: $0, y: 0).r }
    }

    @Test func padRepeatAndMirror() throws {
        let pad = try row([]), repeated = try row(.repeat), mirrored = try row(.mirror)
        #expect(pad[15] == 255 && pad[35] == 255)
        #expect(repeated[2] == repeated[12] && repeated[12] == repeated[22])        // period 10
        #expect(repeated[9] > 200 && repeated[10] < 40)                              // starts over
        #expect(abs(Int(mirrored[12]) - Int(mirrored[7])) <= 1)                      // runs back
        #expect(mirrored[19] < 40 && mirrored[10] > 200)
    }

    @Test func linearColorInterpolatesInLinearLight() throws {
        let b = try renderCPU(width: 3, height: 1) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 3, height: 1)),
                     with: .linearGradient(Gradient(colors: [.black, .white]), startPoint: CGPoint(x: 0.5, y: 0),
                                           endPoint: CGPoint(x: 2.5, y: 0), options: .linearColor))
        }
        // Half-way in linear light is 0.5, encoded as sRGB 188 (not 128).
        #expect(abs(Int(b.pixel(x: 1, y: 0).r) - 188) <= 2)
    }
}
