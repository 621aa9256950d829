import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Random paths, including degenerate ones (repeated points, reversals, cusps, tiny and huge widths),
/// stroked with random styles: the outline stays finite and the render stays inside the stroke's reach.
@Suite struct StrokeFuzzTests {
    @Test func randomStrokesStayFiniteAndBounded() throws {
        var rng = SeededRandom(seed: 0xF00D)
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        for trial in 0..<300 {
            var path = Path()
            var last = rng.point(in: 100)
            path.move(to: last)
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let kind = Int.random(in: 0..<6, using: &rng)
                let next = kind == 0 ? last : rng.point(in: 100)   // repeated point
                switch kind {
                case 0, 1: path.addLine(to: next)
                case 2: path.addQuadCurve(to: next, control: rng.point(in: 100))
                case 3: path.addCurve(to: next, control1: next, control2: last)      // cusp-prone
                case 4: path.addLine(to: last); path.addLine(to: next)               // reversal
                default: path.closeSubpath()
                }
                last = next
            }
            let width = [0.01, 0.5, 3, 17, 120][Int.random(in: 0..<5, using: &rng)]
            let dash: [CGFloat] = Bool.random(using: &rng) ? [] : [CGFloat.random(in: 0...10, using: &rng), CGFloat.random(in: 0...10, using: &rng)]
            let style = StrokeStyle(lineWidth: width, lineCap: caps.randomElement(using: &rng)!,
                                    lineJoin: joins.randomElement(using: &rng)!,
                                    miterLimit: CGFloat.random(in: 0...20, using: &rng), dash: dash,
                                    dashPhase: CGFloat.random(in: -20...20, using: &rng))
            let outline = path.strokedPath(style)
            var finite = true
            outline.forEach { e in
                if case .line(let p) = e, !(p.x.isFinite && p.y.isFinite) { finite = false }
                if case .move(let p) = e, !(p.x.isFinite && p.y.isFinite) { finite = false }
            }
            #expect(finite, "trial \(trial): non-finite outline")
            // Everything drawn lies within reach of the path: its bounds grown by the miter length.
            if !outline.isEmpty {
                let reach = width / 2 * max(Double(style.miterLimit), 1.5) + 1
                let bounds = path.boundingRect.insetBy(dx: -reach, dy: -reach)
                let ob = outline.boundingRect
                // (Explicit comparisons: Foundation's CGRect.contains(CGRect) compares a recomputed union.)
                let inside = ob.minX >= bounds.minX && ob.maxX <= bounds.maxX && ob.minY >= bounds.minY && ob.maxY <= bounds.maxY
                #expect(inside, "trial \(trial): outline \(ob) outside \(bounds)")
            }
            _ = try renderCPU(width: 100, height: 100) { $0.stroke(path, with: .color(.black), style: style) }
        }
    }

    /// The stroke drawn (culled to the 64 x 48 canvas) has the pixels of its full outline filled.
    private func expectStrokeMatchesItsOutline(_ path: Path, _ style: StrokeStyle, _ transform: CGAffineTransform,
                                               trial: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let culled = try renderCPU(width: 64, height: 48) { context in
            context.concatenate(transform)
            context.stroke(path, with: .color(.black), style: style)
        }
        let full = try renderCPU(width: 64, height: 48) { context in
            context.concatenate(transform)
            context.fill(path.strokedPath(style), with: .color(.black))
        }
        let difference = ImageDifference(culled, full)
        #expect(difference.maxAbs <= 1, "trial \(trial): \(difference)", sourceLocation: sourceLocation)
    }

    /// Dashes outside the canvas are not expanded when a stroke is drawn (`StrokeExpander.cullBox`);
    /// `strokedPath` expands all of them. Filling the full outline must give the same pixels as the
    /// culled stroke, under rotations, shears and scales that put most of the path off the canvas.
    @Test func culledDashesChangeNoPixel() throws {
        var rng = SeededRandom(seed: 0xDA5E)
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        for trial in 0..<60 {
            var path = Path()
            path.move(to: rng.point(in: 400))
            for _ in 0..<Int.random(in: 2...6, using: &rng) {
                if Bool.random(using: &rng) {
                    path.addLine(to: rng.point(in: 400))
                } else {
                    path.addQuadCurve(to: rng.point(in: 400), control: rng.point(in: 400))
                }
            }
            if Bool.random(using: &rng) { path.closeSubpath() }
            let style = StrokeStyle(lineWidth: [0.5, 3, 11, 40][Int.random(in: 0..<4, using: &rng)],
                                    lineCap: caps.randomElement(using: &rng)!, lineJoin: joins.randomElement(using: &rng)!,
                                    miterLimit: CGFloat.random(in: 1...12, using: &rng),
                                    dash: [CGFloat.random(in: 0...6, using: &rng), CGFloat.random(in: 1...6, using: &rng)],
                                    dashPhase: CGFloat.random(in: 0...10, using: &rng))
            let transform = CGAffineTransform(translationX: CGFloat.random(in: -200...50, using: &rng), y: CGFloat.random(in: -200...50, using: &rng))
                .rotated(by: CGFloat.random(in: -3...3, using: &rng))
                .scaledBy(x: CGFloat.random(in: 0.3...3, using: &rng), y: CGFloat.random(in: 0.3...3, using: &rng))
            try expectStrokeMatchesItsOutline(path, style, transform, trial: trial)
        }
    }

    /// Solid strokes keep one chord per run of their centre line outside the canvas: the pixels are
    /// those of the full outline, for curves far larger than the canvas that leave and re-enter it, and
    /// for every join and cap.
    @Test func culledSolidStrokesChangeNoPixel() throws {
        var rng = SeededRandom(seed: 0x5011D)
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        for trial in 0..<60 {
            var path = Path()
            let extent: CGFloat = [400, 5_000, 1e6][trial % 3]
            func point() -> CGPoint {
                CGPoint(x: CGFloat.random(in: -extent...extent, using: &rng), y: CGFloat.random(in: -extent...extent, using: &rng))
            }
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                path.move(to: point())
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: path.addLine(to: point())
                    case 1: path.addQuadCurve(to: point(), control: point())
                    default: path.addCurve(to: point(), control1: point(), control2: point())
                    }
                }
                if Bool.random(using: &rng) { path.closeSubpath() }
            }
            let style = StrokeStyle(lineWidth: [0.5, 3, 11, 40][Int.random(in: 0..<4, using: &rng)],
                                    lineCap: caps.randomElement(using: &rng)!, lineJoin: joins.randomElement(using: &rng)!,
                                    miterLimit: CGFloat.random(in: 1...12, using: &rng))
            // Rotations and translations only: `strokedPath` flattens at the tolerance of scale 1, so
            // under a scale its outline differs from the stroke's for reasons other than culling.
            let transform = CGAffineTransform(translationX: CGFloat.random(in: -50...50, using: &rng), y: CGFloat.random(in: -50...50, using: &rng))
                .rotated(by: CGFloat.random(in: -3...3, using: &rng))
            try expectStrokeMatchesItsOutline(path, style, transform, trial: trial)
        }
    }

    /// The solid-stroke culling itself: a big circle around a small box keeps only the chords near the
    /// box, and a subpath wholly outside it makes no contour.
    @Test func solidStrokeChordsOutsideTheCullBoxAreDropped() throws {
        let circle = Path(ellipseIn: CGRect(x: -100_000, y: -100_000, width: 200_000, height: 200_000))
        let parameters = try #require(StrokeParameters(StrokeStyle(lineWidth: 2, lineJoin: .round)))
        func outlinePoints(_ path: Path, _ box: (low: SIMD2<Double>, high: SIMD2<Double>)?) -> (points: Int, contours: Int) {
            var expander = StrokeExpander()
            expander.cullBox = box
            var outline = StrokeOutline()
            expander.expand(path, parameters, tolerance: StrokeExpander.tolerance, into: &outline)
            return (outline.points.count, outline.contourEnds.count)
        }
        let full = outlinePoints(circle, nil)
        // A box on the circle's rightmost point.
        let culled = outlinePoints(circle, (SIMD2(99_990, -10), SIMD2(100_010, 10)))
        #expect(full.points > 5_000, "\(full)")
        #expect(culled.points > 0 && culled.points * 50 < full.points, "\(culled) of \(full)")
        // The box at the centre: the ring misses it, but winds around it, so a few chords stay.
        let centre = outlinePoints(circle, (SIMD2(-10, -10), SIMD2(10, 10)))
        #expect(centre.contours > 0 && centre.points * 50 < full.points, "\(centre) of \(full)")
        // A circle wholly to one side of the box: nothing.
        let aside = Path(ellipseIn: CGRect(x: 1_000, y: -50, width: 100, height: 100))
        #expect(outlinePoints(aside, (SIMD2(-10, -10), SIMD2(10, 10))).contours == 0)
    }

    /// The culling itself: of a long dashed line crossing a small box, only dashes within the stroke's
    /// reach of the box become contours.
    @Test func dashesOutsideTheCullBoxAreNotExpanded() throws {
        var path = Path()
        path.move(to: CGPoint(x: -10_000, y: 5))
        path.addLine(to: CGPoint(x: 10_000, y: 5))
        let style = StrokeStyle(lineWidth: 2, lineCap: .square, lineJoin: .bevel, dash: [1, 1])
        let parameters = try #require(StrokeParameters(style))
        func contours(_ box: (low: SIMD2<Double>, high: SIMD2<Double>)?) -> Int {
            var expander = StrokeExpander()
            expander.cullBox = box
            var outline = StrokeOutline()
            expander.expand(path, parameters, tolerance: StrokeExpander.tolerance, into: &outline)
            return outline.contourEnds.count
        }
        #expect(contours(nil) == 10_000)
        // x in 0...10 and the reach of 1.5: dashes starting at -2 ... 10 (every other unit).
        let visible = contours((SIMD2(0, 0), SIMD2(10, 10)))
        #expect(visible >= 5 && visible <= 8, "\(visible) contours")
        // A box the line's reach misses: nothing.
        #expect(contours((SIMD2(0, 20), SIMD2(10, 30))) == 0)
    }
}
