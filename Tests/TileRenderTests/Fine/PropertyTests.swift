import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// A picture with curves, overlaps, both fill rules, translucency and a gradient.
func samplePicture(_ ctx: inout GraphicsContext, seed: UInt64 = 7, count: Int = 40, extent: Double = 100) {
    var rng = SeededRandom(seed: seed)
    for i in 0..<count {
        var p = Path()
        p.move(to: rng.point(in: extent))
        p.addCurve(to: rng.point(in: extent), control1: rng.point(in: extent), control2: rng.point(in: extent))
        p.addQuadCurve(to: rng.point(in: extent), control: rng.point(in: extent))
        p.addLine(to: rng.point(in: extent))
        p.closeSubpath()
        let color = Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                          blue: .random(in: 0...1, using: &rng), opacity: i % 3 == 0 ? 1 : 0.6)
        if i % 7 == 3 {
            ctx.fill(p, with: .linearGradient(Gradient(colors: [.black, color]), startPoint: .zero,
                                              endPoint: CGPoint(x: extent, y: extent)))
        } else {
            ctx.fill(p, with: .color(color), style: FillStyle(eoFill: i % 2 == 0))
        }
    }
}

private func maxChannelDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

@Suite struct PropertyTests {
    @Test func outputIsIdenticalForAnyThreadCount() throws {
        let one = try renderCPU(width: 300, height: 200, threads: 1) { samplePicture(&$0, count: 200, extent: 300) }
        for threads in [2, 3, 8] {
            let many = try renderCPU(width: 300, height: 200, threads: threads) { samplePicture(&$0, count: 200, extent: 300) }
            #expect(one.pixels == many.pixels, "\(threads) threads differ from 1")
        }
    }

    /// Exact area coverage: a polygon rendered at 2x and box-filtered down equals the 1x render.
    /// (A simple polygon: curves flatten differently at different scales, by up to the tolerance, and
    /// where edges of one path cross inside a pixel the averaged winding number is only an estimate.)
    @Test func scaledRenderDownsamplesToTheOriginal() throws {
        func shape(_ ctx: inout GraphicsContext) {
            var p = Path()
            for i in 0..<11 {
                let angle = Double(i) * 2 * .pi / 11 + 0.1
                let radius = i % 2 == 0 ? 60.0 : 45.0
                p.addLine(to: CGPoint(x: 47.3 + radius * cos(angle), y: 52.9 + radius * sin(angle)))
            }
            p.closeSubpath()
            ctx.fill(p, with: .color(.black))
        }
        let small = try renderCPU(width: 100, height: 100) { shape(&$0) }
        let large = try renderCPU(width: 200, height: 200) { ctx in ctx.scaleBy(x: 2, y: 2); shape(&ctx) }
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let sum = Int(large.pixel(x: 2 * x, y: 2 * y).a) + Int(large.pixel(x: 2 * x + 1, y: 2 * y).a)
                    + Int(large.pixel(x: 2 * x, y: 2 * y + 1).a) + Int(large.pixel(x: 2 * x + 1, y: 2 * y + 1).a)
                worst = max(worst, abs((sum + 2) / 4 - Int(small.pixel(x: x, y: y).a)))
            }
        }
        // Rounding to 8 bits twice: at most 2 levels.
        #expect(worst <= 2, "worst alpha difference \(worst)")
    }

    /// Translating by whole pixels (across tile boundaries) moves the picture and changes nothing else.
    @Test func wholePixelTranslationMovesPixels() throws {
        let base = try renderCPU(width: 160, height: 140) { samplePicture(&$0) }
        let moved = try renderCPU(width: 160, height: 140) { ctx in ctx.translateBy(x: 37, y: 21); samplePicture(&ctx) }
        var worst = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let a = base.pixel(x: x, y: y), b = moved.pixel(x: x + 37, y: y + 21)
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)),
                            abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
            }
        }
        #expect(worst <= 1, "worst channel difference \(worst)")
    }

    /// Rotating the picture by 90 degrees about the canvas centre rotates the pixels.
    @Test func quarterTurnRotatesPixels() throws {
        let n = 120
        let base = try renderCPU(width: n, height: n) { samplePicture(&$0, extent: 120) }
        let turned = try renderCPU(width: n, height: n) { ctx in
            ctx.translateBy(x: CGFloat(n) / 2, y: CGFloat(n) / 2)
            ctx.rotate(by: .degrees(90))
            ctx.translateBy(x: -CGFloat(n) / 2, y: -CGFloat(n) / 2)
            samplePicture(&ctx, extent: 120)
        }
        var worst = 0
        for y in 0..<n {
            for x in 0..<n {
                // +90 degrees maps (x, y) to (n - y, x) around the centre, in pixel squares (n-1-y, x).
                let a = base.pixel(x: x, y: y), b = turned.pixel(x: n - 1 - y, y: x)
                worst = max(worst, abs(Int(a.a) - Int(b.a)), abs(Int(a.r) - Int(b.r)))
            }
        }
        #expect(worst <= 3, "worst channel difference \(worst)")
    }

    @Test func transformedPathEqualsTransformedContext() throws {
        let t = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 1.3, y: 0.8).translatedBy(x: 20, y: -5)
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: CGPoint(x: 80, y: 60), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 0, y: 90))
        path.closeSubpath()
        let a = try renderCPU(width: 120, height: 120) { ctx in ctx.concatenate(t); ctx.fill(path, with: .color(.black)) }
        let b = try renderCPU(width: 120, height: 120) { ctx in ctx.fill(path.applying(t), with: .color(.black)) }
        #expect(maxChannelDifference(a, b) <= 1)
    }
}

/// Exact area coverage against brute force: random simple polygons (star-shaped around a random
/// centre, partly off the canvas) rendered at 1x match 16x16 point sampling of the same polygon.
@Suite struct CoverageAgainstSamplingTests {
    @Test func randomPolygonsMatchSupersampling() throws {
        var rng = SeededRandom(seed: 0xC0FE)
        for trial in 0..<12 {
            let center = CGPoint(x: Double.random(in: -10...50, using: &rng), y: Double.random(in: -10...50, using: &rng))
            let n = Int.random(in: 3...9, using: &rng)
            let angles = (0..<n).map { _ in Double.random(in: 0..<(2 * .pi), using: &rng) }.sorted()
            var polygon = Path()
            for a in angles {
                let r = Double.random(in: 5...45, using: &rng)
                polygon.addLine(to: CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)))
            }
            polygon.closeSubpath()
            let bitmap = try renderCPU(width: 40, height: 40) { $0.fill(polygon, with: .color(.black)) }
            var worst = 0
            for y in 0..<40 {
                for x in 0..<40 {
                    var inside = 0
                    for sy in 0..<16 {
                        for sx in 0..<16 {
                            let p = CGPoint(x: Double(x) + (Double(sx) + 0.5) / 16, y: Double(y) + (Double(sy) + 0.5) / 16)
                            if polygon.contains(p) { inside += 1 }
                        }
                    }
                    let sampled = Double(inside) / 256 * 255
                    worst = max(worst, Int(abs(sampled - Double(bitmap.pixel(x: x, y: y).a)).rounded()))
                }
            }
            // 16 samples per axis resolve an edge to 1/16 of a pixel: 16 levels at most.
            #expect(worst <= 17, "trial \(trial): worst difference \(worst)")
        }
    }
}
