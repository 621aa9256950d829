import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

private func strokeArea(_ path: Path, _ style: StrokeStyle, width: Int = 200, height: Int = 200,
                        transform: CGAffineTransform = .identity) throws -> Double {
    coveredArea(try renderCPU(width: width, height: height) { ctx in
        ctx.concatenate(transform)
        ctx.stroke(path, with: .color(.black), style: style)
    })
}

private func line(_ a: CGPoint, _ b: CGPoint) -> Path {
    var p = Path(); p.move(to: a); p.addLine(to: b); return p
}

@Suite struct StrokeTests {
    @Test(arguments: [CGLineCap.butt, .square, .round])
    func straightStrokeAreaIsLengthTimesWidthPlusCaps(_ cap: CGLineCap) throws {
        let w = 9.0, length = 120.0
        let angle = 0.37
        let a = CGPoint(x: 40, y: 50), b = CGPoint(x: 40 + length * cos(angle), y: 50 + length * sin(angle))
        let area = try strokeArea(line(a, b), StrokeStyle(lineWidth: w, lineCap: cap))
        let caps: Double = cap == .butt ? 0 : cap == .square ? w * w : .pi * w * w / 4
        #expect(abs(area - (length * w + caps)) < 0.01 * (length * w), "\(cap): \(area)")
    }

    @Test func closedSquareStrokeIsARing() throws {
        let area = try strokeArea(Path(CGRect(x: 50, y: 50, width: 100, height: 80)), StrokeStyle(lineWidth: 10))
        #expect(abs(area - (110 * 90 - 90 * 70)) < 2)
        let b = try renderCPU(width: 200, height: 200) { ctx in
            ctx.stroke(Path(CGRect(x: 50, y: 50, width: 100, height: 80)), with: .color(.black), lineWidth: 10)
        }
        #expect(b.pixel(x: 100, y: 90).a == 0)       // inside the ring
        #expect(b.pixel(x: 46, y: 46).a == 255)       // the mitred corner
        #expect(b.pixel(x: 100, y: 50).a == 255)
    }

    @Test func circleStrokeAreaIsAnnulus() throws {
        let r = 60.0, w = 7.0
        let area = try strokeArea(Path(ellipseIn: CGRect(x: 100 - r, y: 100 - r, width: 2 * r, height: 2 * r)),
                                  StrokeStyle(lineWidth: w))
        let exact = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
        #expect(abs(area - exact) < 0.005 * exact, "\(area) vs \(exact)")
    }

    @Test func zeroLengthSegmentsDrawDotsForRoundAndSquareCaps() throws {
        let p = line(CGPoint(x: 100, y: 100), CGPoint(x: 100, y: 100))
        #expect(try strokeArea(p, StrokeStyle(lineWidth: 20, lineCap: .butt)) == 0)
        let disc = try strokeArea(p, StrokeStyle(lineWidth: 20, lineCap: .round))
        #expect(abs(disc - .pi * 100) < 3, "\(disc)")
        #expect(abs(try strokeArea(p, StrokeStyle(lineWidth: 20, lineCap: .square)) - 400) < 1)
        // A lone moveTo draws nothing, whatever the cap.
        var lone = Path(); lone.move(to: CGPoint(x: 50, y: 50))
        #expect(try strokeArea(lone, StrokeStyle(lineWidth: 20, lineCap: .round)) == 0)
    }

    @Test func uTurnWithRoundJoinDrawsAHalfDisc() throws {
        var p = Path()
        p.move(to: CGPoint(x: 50, y: 100)); p.addLine(to: CGPoint(x: 150, y: 100)); p.addLine(to: CGPoint(x: 60, y: 100))
        let area = try strokeArea(p, StrokeStyle(lineWidth: 10, lineJoin: .round))
        #expect(abs(area - (100 * 10 + .pi * 25 / 2)) < 3, "\(area)")
    }

    @Test func veryWideStrokeOnShortSegments() throws {
        // Width 80 on segments of 3: the result is the union of the segments' rectangles and joins,
        // never a hole or a spike.
        var p = Path()
        p.move(to: CGPoint(x: 100, y: 100)); p.addLine(to: CGPoint(x: 103, y: 100)); p.addLine(to: CGPoint(x: 103, y: 103))
        let b = try renderCPU(width: 200, height: 200) { ctx in
            ctx.stroke(p, with: .color(.black), style: StrokeStyle(lineWidth: 80, lineCap: .butt, lineJoin: .round))
        }
        #expect(b.pixel(x: 101, y: 101).a == 255)
        #expect(b.pixel(x: 101, y: 70).a == 255)
        #expect(b.pixel(x: 101, y: 150).a == 0)   // the butt end of the first segment's far side
        #expect(b.pixel(x: 30, y: 100).a == 0)     // nothing behind the butt start
    }

    @Test func miterLimitTurnsSharpCornersIntoBevels() throws {
        var p = Path()
        p.move(to: CGPoint(x: 20, y: 150)); p.addLine(to: CGPoint(x: 100, y: 40)); p.addLine(to: CGPoint(x: 180, y: 150))
        let tip = { (limit: CGFloat) in
            try renderCPU(width: 200, height: 200) { ctx in
                ctx.stroke(p, with: .color(.black), style: StrokeStyle(lineWidth: 10, miterLimit: limit))
            }.pixel(x: 100, y: 35).a
        }
        #expect(try tip(10) == 255)   // miter ratio about 1.7
        #expect(try tip(1.2) == 0)    // bevelled
    }

    @Test func dashesSumToThePathLength() throws {
        let length = 150.0, w = 4.0
        let style = StrokeStyle(lineWidth: w, dash: [10, 5])
        let area = try strokeArea(line(CGPoint(x: 20, y: 50), CGPoint(x: 20 + length, y: 50)), style)
        // 150 = 10 periods of 15: 100 on.
        #expect(abs(area - 100 * w) < 1, "\(area)")
        let shifted = try strokeArea(line(CGPoint(x: 20, y: 50), CGPoint(x: 20 + length, y: 50)),
                                     StrokeStyle(lineWidth: w, dash: [10, 5], dashPhase: 12))
        #expect(abs(shifted - 100 * w) < 1, "\(shifted)")
    }

    @Test func dashOnOffLengthsFollowTheCurve() throws {
        // On a circle of circumference 2*pi*50 with dash [d, d], half the ring is inked.
        let r = 50.0
        let circle = Path(ellipseIn: CGRect(x: 100 - r, y: 100 - r, width: 2 * r, height: 2 * r))
        let period = 2 * Double.pi * r / 20
        let area = try strokeArea(circle, StrokeStyle(lineWidth: 3, dash: [period / 2, period / 2]))
        let ring = 2 * Double.pi * r * 3
        #expect(abs(area - ring / 2) < 0.02 * ring, "\(area) vs \(ring / 2)")
    }

    @Test func badStylesDrawNothingOrSolid() throws {
        let p = line(CGPoint(x: 20, y: 50), CGPoint(x: 120, y: 50))
        for w in [0, -3, CGFloat.nan, CGFloat.infinity] {
            #expect(try strokeArea(p, StrokeStyle(lineWidth: w)) == 0, "width \(w)")
        }
        let solid = try strokeArea(p, StrokeStyle(lineWidth: 4))
        for dash: [CGFloat] in [[], [0, 0], [-1, 5], [CGFloat.nan, 3], [CGFloat.infinity]] {
            #expect(abs(try strokeArea(p, StrokeStyle(lineWidth: 4, dash: dash)) - solid) < 0.5, "dash \(dash)")
        }
        #expect(abs(try strokeArea(p, StrokeStyle(lineWidth: 4, dash: [10, 10], dashPhase: .nan)) - solid / 2) < 1)
    }

    @Test func millionsOfDashesAreBounded() throws {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 10))
        for i in 1...200 { p.addLine(to: CGPoint(x: Double(i % 2) * 190 + 5, y: 10 + Double(i) * 0.9)) }
        // About 38,000 units of length with a 0.001 period: far beyond the dash budget; drawn solid.
        let area = try strokeArea(p, StrokeStyle(lineWidth: 1, dash: [0.0005, 0.0005]))
        #expect(area > 0)
    }

    @Test func nonUniformScaleStretchesThePen() throws {
        let p = line(CGPoint(x: 10, y: 20), CGPoint(x: 60, y: 20))
        let area = try strokeArea(p, StrokeStyle(lineWidth: 4), transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(abs(area - 100 * 12) < 2, "\(area)")
    }

    @Test func strokedPathMatchesTheRenderedStroke() throws {
        var p = Path()
        p.move(to: CGPoint(x: 30, y: 30)); p.addCurve(to: CGPoint(x: 170, y: 160), control1: CGPoint(x: 200, y: 0), control2: CGPoint(x: 0, y: 200))
        let style = StrokeStyle(lineWidth: 12, lineCap: .round, lineJoin: .round)
        let a = try renderCPU(width: 200, height: 200) { $0.stroke(p, with: .color(.black), style: style) }
        let b = try renderCPU(width: 200, height: 200) { $0.fill(p.strokedPath(style), with: .color(.black)) }
        let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        // Both are within their flattening tolerance (0.2 px and 0.05 units) of the true outline.
        #expect(worst <= 64)
        #expect(abs(coveredArea(a) - coveredArea(b)) < 0.1 * 700)
    }
}

@Suite struct TrimRenderTests {
    @Test func trimZeroToOneDrawsTheWholePath() throws {
        let style = StrokeStyle(lineWidth: 6, lineCap: .round)
        let rect = CGRect(x: 20, y: 20, width: 120, height: 90)
        for shape in [AnyShapePath(Circle()), AnyShapePath(Rectangle()), AnyShapePath(RoundedRectangle(cornerRadius: 12, style: .circular))] {
            let whole = try renderCPU(width: 160, height: 130) { $0.stroke(shape.path(rect), with: .color(.black), style: style) }
            let trimmed = try renderCPU(width: 160, height: 130) {
                $0.stroke(shape.path(rect).trimmedPath(from: 0, to: 1), with: .color(.black), style: style)
            }
            #expect(whole.pixels == trimmed.pixels)
        }
    }

    @Test func quarterTrimOfACircleCoversAQuarterRing() throws {
        let r = 50.0, w = 8.0
        let circle = Path(ellipseIn: CGRect(x: 80 - r, y: 80 - r, width: 2 * r, height: 2 * r))
        let b = try renderCPU(width: 160, height: 160) {
            $0.stroke(circle.trimmedPath(from: 0, to: 0.25), with: .color(.black), style: StrokeStyle(lineWidth: w))
        }
        let ring = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
        #expect(abs(coveredArea(b) - ring / 4) < 0.01 * ring)
        // From 3 o'clock down to 6 o'clock: the lower right quadrant.
        #expect(b.pixel(x: 80 + Int(r * cos(0.785)), y: 80 + Int(r * sin(0.785))).a > 200)
        #expect(b.pixel(x: 80 - Int(r * cos(0.785)), y: 80 + Int(r * sin(0.785))).a == 0)
    }
}

/// Erases a shape's type so different shapes fit in one array.
private struct AnyShapePath {
    let path: (CGRect) -> Path
    init(_ shape: some Shape) { path = { shape.path(in: $0) } }
}
