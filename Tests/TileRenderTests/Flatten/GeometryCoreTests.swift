import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

// Property tests of the geometry core: `PathSegments` (the one path walker), `CurveFlattener` (the one
// flattener) and the walkers built on them agreeing on its rules.

private func v(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(x, y) }
private func cg(_ p: SIMD2<Double>) -> CGPoint { CGPoint(x: p.x, y: p.y) }

private func distance(_ p: SIMD2<Double>, toSegmentFrom a: SIMD2<Double>, to b: SIMD2<Double>) -> Double {
    let ab = b - a
    let len2 = (ab * ab).sum()
    let t = len2 > 0 ? min(max(((p - a) * ab).sum() / len2, 0), 1) : 0
    let d = p - (a + t * ab)
    return (d * d).sum().squareRoot()
}

private func distance(_ p: SIMD2<Double>, toPolyline points: [SIMD2<Double>]) -> Double {
    var best = Double.infinity
    for i in 1..<points.count { best = min(best, distance(p, toSegmentFrom: points[i - 1], to: points[i])) }
    return best
}

private func randomCurve(_ rng: inout SeededRandom, size: Double, quadratic: Bool) -> BezierCurve {
    func point() -> SIMD2<Double> { v(Double.random(in: 0..<size, using: &rng), Double.random(in: 0..<size, using: &rng)) }
    return quadratic ? BezierCurve(quadFrom: point(), control: point(), to: point())
                     : BezierCurve(point(), point(), point(), point())
}

/// The polyline `CurveFlattener` makes of `curve`, its start included.
private func polyline(_ curve: BezierCurve, tolerance: Double, placement: ChordPlacement) -> [SIMD2<Double>] {
    var points = [curve.p0]
    CurveFlattener.forEachChordEnd(curve, tolerance: tolerance, placement: placement) { points.append($0) }
    return points
}

@Suite struct CurveFlattenerPropertyTests {
    /// Both ways round: every point of the curve is near the polyline, and every point of the polyline
    /// is near the curve (a one-sided check would pass a polyline that overshoots).
    @Test(arguments: [ChordPlacement.onCurve, .straddling])
    func flatteningErrorStaysUnderTheTolerance(placement: ChordPlacement) {
        var rng = SeededRandom(seed: 0x6E0)
        for trial in 0..<60 {
            let curve = randomCurve(&rng, size: 500, quadratic: trial % 3 == 0)
            let tolerance = [0.01, 0.05, 0.2, 1.0][trial % 4]
            let chords = polyline(curve, tolerance: tolerance, placement: placement)
            let n = chords.count - 1
            // Chord i stands for the parameters i/n...(i+1)/n; each point is compared with the chords
            // (or curve samples) of neighbouring parameters only, a subset, so the distances found are
            // upper bounds of the true ones.
            let samples = 1000
            let dense = (0...samples).map { curve.point(at: Double($0) / Double(samples)) }
            var curveToChords = 0.0, chordsToCurve = 0.0
            for (j, p) in dense.enumerated() {
                let i = min(n - 1, j * n / samples)
                let nearby = Array(chords[max(0, i - 1)...min(n, i + 2)])
                curveToChords = max(curveToChords, distance(p, toPolyline: nearby))
            }
            for i in 0..<n {
                let nearby = Array(dense[max(0, (i - 1) * samples / n)...min(samples, (i + 2) * samples / n)])
                for k in 0...8 {
                    let q = chords[i] + (chords[i + 1] - chords[i]) * (Double(k) / 8)
                    chordsToCurve = max(chordsToCurve, distance(q, toPolyline: nearby))
                }
            }
            // The dense polyline is within ~8e-4 of the curve at this size.
            let slack = 2e-3
            #expect(curveToChords <= tolerance + slack, "trial \(trial): curve \(curveToChords) from its chords")
            #expect(chordsToCurve <= tolerance + slack, "trial \(trial): chords \(chordsToCurve) from the curve")
            #expect(chords.last == curve.p3)
        }
    }

    @Test func chordCountNeverGrowsAsTheToleranceGrows() {
        var rng = SeededRandom(seed: 0x70C)
        let tolerances = [1e-4, 1e-3, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 10, 1000]
        for trial in 0..<200 {
            let curve = randomCurve(&rng, size: trial % 2 == 0 ? 100 : 1e5, quadratic: trial % 4 == 0)
            let counts = tolerances.map { CurveFlattener.chordCount(curve, tolerance: $0) }
            for (finer, coarser) in zip(counts, counts.dropFirst()) {
                #expect(coarser <= finer, "trial \(trial): \(counts)")
            }
            #expect(counts.allSatisfy { 1 <= $0 && $0 <= CurveFlattener.maxChordsPerCurve })
        }
    }

    @Test func onCurveFlatteningStaysInsideThePathsBounds() {
        var rng = SeededRandom(seed: 0xB0B)
        for trial in 0..<150 {
            var path = Path()
            path.move(to: rng.point(in: 300))
            for k in 0..<4 {
                switch (trial + k) % 3 {
                case 0: path.addLine(to: rng.point(in: 300))
                case 1: path.addQuadCurve(to: rng.point(in: 300), control: rng.point(in: 300))
                default: path.addCurve(to: rng.point(in: 300), control1: rng.point(in: 300), control2: rng.point(in: 300))
                }
            }
            func inside(_ p: CGPoint, _ r: CGRect, slack: Double) -> Bool {
                p.x >= r.minX - slack && p.x <= r.maxX + slack && p.y >= r.minY - slack && p.y <= r.maxY + slack
            }
            let bounds = path.boundingRect
            path.forEachFlattenedEdge(tolerance: GeometryTolerance.hitTest) { a, b in
                #expect(inside(a, bounds, slack: 1e-9) && inside(b, bounds, slack: 1e-9), "trial \(trial): \(a) \(b) outside \(bounds)")
            }
            // Straddling chords leave the curve by at most half their sagitta, within the tolerance.
            var lines: [LineSegment] = []
            Flattener(width: 300, height: 300).flatten(path, transform: .identity, into: &lines)
            for l in lines {
                #expect(inside(CGPoint(x: Double(l.x0), y: Double(l.y0)), bounds, slack: GeometryTolerance.fill + 1e-4), "trial \(trial)")
            }
        }
    }

    @Test func degenerateCurvesFlattenToOneZeroLengthChord() {
        let point = v(5, 7)
        let curve = BezierCurve(point, point, point, point)
        #expect(CurveFlattener.chordCount(curve, tolerance: GeometryTolerance.fill) == 1)
        #expect(polyline(curve, tolerance: GeometryTolerance.fill, placement: .straddling) == [point, point])
        // A straight cubic needs no extra chords, however long.
        #expect(CurveFlattener.chordCount(BezierCurve(v(0, 0), v(1e4, 0), v(2e4, 0), v(3e4, 0)), tolerance: 0.01) == 1)
    }
}

@Suite struct PathSegmentsRuleTests {
    private func segments(_ path: Path, closing: PathSegments.Closing = .explicit) -> [PathSegment] {
        Array(path.segments(closing: closing))
    }
    private let a = CGPoint(x: 1, y: 2), b = CGPoint(x: 5, y: 2), c = CGPoint(x: 5, y: 9), d = CGPoint(x: 0, y: 9)
    private func s(_ p: CGPoint) -> SIMD2<Double> { SIMD2(p.x, p.y) }

    @Test func emptyLoneMoveAndClosedPoint() {
        #expect(segments(Path()).isEmpty)
        var lone = Path()
        lone.move(to: a)
        #expect(segments(lone) == [.move(to: s(a))])
        #expect(segments(lone, closing: .everySubpath) == [.move(to: s(a)), .close(from: s(a), to: s(a))])
        lone.closeSubpath()
        #expect(segments(lone) == [.move(to: s(a)), .close(from: s(a), to: s(a))])
    }

    @Test func implicitMoveAfterClose() {
        var path = Path()
        path.move(to: a); path.addLine(to: b); path.closeSubpath(); path.addLine(to: c)
        #expect(segments(path) == [.move(to: s(a)), .line(from: s(a), to: s(b)), .close(from: s(b), to: s(a)),
                                   .move(to: s(a)), .line(from: s(a), to: s(c))])
        #expect(segments(path, closing: .everySubpath).last == .close(from: s(c), to: s(a)))
    }

    @Test func everySubpathClosesBeforeEachMoveAndAtTheEnd() {
        var path = Path()
        path.move(to: a); path.addLine(to: b); path.move(to: c); path.addLine(to: d)
        #expect(segments(path, closing: .everySubpath) == [
            .move(to: s(a)), .line(from: s(a), to: s(b)), .close(from: s(b), to: s(a)),
            .move(to: s(c)), .line(from: s(c), to: s(d)), .close(from: s(d), to: s(c))])
        #expect(segments(path).filter { if case .close = $0 { return true } else { return false } }.isEmpty)
    }

    @Test func nonFiniteElementsAreSkipped() {
        let nan = CGPoint(x: CGFloat.nan, y: 0), inf = CGPoint(x: 0, y: CGFloat.infinity)
        var path = Path()
        path.move(to: a); path.addLine(to: nan); path.addCurve(to: b, control1: inf, control2: a)
        path.addQuadCurve(to: c, control: b); path.move(to: nan); path.addLine(to: d)
        // The path continues from the last finite point: the skipped move does not start a subpath.
        #expect(segments(path) == [.move(to: s(a)), .quad(from: s(a), control: s(b), to: s(c)),
                                   .line(from: s(c), to: s(d))])
        // With no finite current point, a line starts the subpath at its end.
        var late = Path()
        late.move(to: nan); late.addLine(to: b); late.addLine(to: c)
        #expect(segments(late) == [.move(to: s(b)), .line(from: s(b), to: s(c))])
    }

    @Test func closesWithoutASubpathYieldNothing() {
        var path = Path()
        path.elements = [.closeSubpath, .line(to: a), .line(to: b), .closeSubpath, .closeSubpath]
        #expect(segments(path) == [.move(to: s(a)), .line(from: s(a), to: s(b)), .close(from: s(b), to: s(a))])
    }

    @Test func pointMapTransformsAndClamps() {
        var path = Path()
        path.move(to: CGPoint(x: 1, y: 1)); path.addLine(to: CGPoint(x: 1e300, y: -2))
        let map = PathPointMap(transform: CGAffineTransform(scaleX: 2, y: 3), limit: 1e15)
        #expect(Array(path.segments(map: map)) == [.move(to: v(2, 3)), .line(from: v(2, 3), to: v(1e15, -6))])
        // A transform that overflows makes the point non-finite: skipped.
        let overflow = PathPointMap(transform: CGAffineTransform(scaleX: 1e10, y: 1))
        #expect(Array(path.segments(map: overflow)) == [.move(to: v(1e10, 1))])
    }

    /// For any path built through the API: every subpath starts with a move, each segment starts where
    /// the previous one ended, and a close returns to the subpath's move.
    @Test func randomPathsAreContinuous() {
        var rng = SeededRandom(seed: 0xC0)
        for trial in 0..<300 {
            var path = Path()
            for _ in 0..<12 {
                let p = Int.random(in: 0..<10, using: &rng) == 0 ? CGPoint(x: CGFloat.nan, y: 1) : rng.point(in: 50)
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: path.move(to: p)
                case 1: path.addLine(to: p)
                case 2: path.addQuadCurve(to: p, control: rng.point(in: 50))
                case 3: path.addCurve(to: p, control1: rng.point(in: 50), control2: rng.point(in: 50))
                case 4: path.closeSubpath()
                default: path.addArc(center: rng.point(in: 50), radius: 5, startAngle: .degrees(0),
                                     endAngle: .degrees(120), clockwise: false)
                }
            }
            for closing in [PathSegments.Closing.explicit, .everySubpath] {
                var current: SIMD2<Double>? = nil, start: SIMD2<Double>? = nil
                for segment in path.segments(closing: closing) {
                    switch segment {
                    case .move(let q): start = q
                    case .line(let from, _), .quad(let from, _, _), .cubic(let from, _, _, _):
                        #expect(from == current, "trial \(trial)")
                    case .close(let from, let to):
                        #expect(from == current && to == start, "trial \(trial)")
                    }
                    current = segment.end
                    #expect(segment.end.x.isFinite && segment.end.y.isFinite)
                }
            }
        }
    }
}

/// Every walker applies the same rules: a path with non-finite elements, or with a line after a close,
/// gives what its written-out equivalent gives, in every operation.
@Suite struct WalkerAgreementTests {
    private static func shape(nonFinite: Bool) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: 10, y: 10))
        if nonFinite { p.addLine(to: CGPoint(x: CGFloat.nan, y: 3)) }
        p.addCurve(to: CGPoint(x: 60, y: 20), control1: CGPoint(x: 20, y: -10), control2: CGPoint(x: 50, y: 40))
        if nonFinite { p.addQuadCurve(to: CGPoint(x: 1, y: 1), control: CGPoint(x: CGFloat.infinity, y: 0)) }
        p.addQuadCurve(to: CGPoint(x: 40, y: 70), control: CGPoint(x: 80, y: 60))
        p.closeSubpath()
        if nonFinite { p.move(to: CGPoint(x: -CGFloat.infinity, y: 0)) }
        p.addLine(to: CGPoint(x: 15, y: 65))  // after a close: starts at (10, 10)
        if nonFinite { p.addLine(to: CGPoint(x: 1, y: CGFloat.nan)) }
        p.addLine(to: CGPoint(x: 5, y: 40))
        return p
    }

    private static var writtenOut: Path {
        var p = Path()
        p.move(to: CGPoint(x: 10, y: 10))
        p.addCurve(to: CGPoint(x: 60, y: 20), control1: CGPoint(x: 20, y: -10), control2: CGPoint(x: 50, y: 40))
        p.addQuadCurve(to: CGPoint(x: 40, y: 70), control: CGPoint(x: 80, y: 60))
        p.closeSubpath()
        p.move(to: CGPoint(x: 10, y: 10))
        p.addLine(to: CGPoint(x: 15, y: 65))
        p.addLine(to: CGPoint(x: 5, y: 40))
        return p
    }

    @Test(arguments: [true, false])
    func everyOperationAgrees(nonFinite: Bool) {
        let tested = Self.shape(nonFinite: nonFinite), plain = Self.writtenOut
        var lines: [LineSegment] = [], plainLines: [LineSegment] = []
        let flattener = Flattener(width: 100, height: 100)
        flattener.flatten(tested, transform: .identity, into: &lines)
        flattener.flatten(plain, transform: .identity, into: &plainLines)
        #expect(lines.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == plainLines.map { [$0.x0, $0.y0, $0.x1, $0.y1] })
        let style = StrokeStyle(lineWidth: 4, lineCap: .round, lineJoin: .miter, dash: [7, 3])
        #expect(tested.strokedPath(style) == plain.strokedPath(style))
        #expect(tested.boundingRect == plain.boundingRect)
        #expect(tested.trimmedPath(from: 0.15, to: 0.8) == plain.trimmedPath(from: 0.15, to: 0.8))
        #expect(tested.arcLength == plain.arcLength)
        let disc = Path(ellipseIn: CGRect(x: 20, y: 20, width: 40, height: 40))
        #expect(tested.union(disc) == plain.union(disc))
        #expect(tested.subtracting(disc, eoFill: true) == plain.subtracting(disc, eoFill: true))
        var rng = SeededRandom(seed: 0xA9)
        for _ in 0..<200 {
            let p = rng.point(in: 90)
            #expect(tested.contains(p) == plain.contains(p) && tested.contains(p, eoFill: true) == plain.contains(p, eoFill: true))
        }
    }

    /// `contains` flattens finely only near the point: a circle of radius 1e12 answers right 1 unit
    /// either side of its outline (chords capped per curve cut up to 3e5 units inside it), at a
    /// bounded cost.
    @Test func containsIsExactNearHugeCurves() {
        let r = 1e12, centre = SIMD2<Double>(1e12, 0)
        let circle = Path(ellipseIn: CGRect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r))
        let curves = Array(circle.segments()).compactMap(BezierCurve.init)
        #expect(curves.count == 4)
        for (k, t) in [(0, 0.3137), (1, 0.5071), (2, 0.7713), (3, 0.1009), (3, 0.9043)] {
            // 1 unit along the radius either side of a point of the path's own curve (the cubics lie a
            // little outside the true circle), nearly along the curve's normal.
            let onCurve = curves[k].point(at: t)
            let radial = (onCurve - centre) / ((onCurve - centre) * (onCurve - centre)).sum().squareRoot()
            let inside = cg(onCurve - radial), outside = cg(onCurve + radial)
            #expect(circle.contains(inside), "curve \(k) at \(t): 1 unit inside")
            #expect(!circle.contains(outside), "curve \(k) at \(t): 1 unit outside")
            var edges = 0
            circle.forEachFlattenedEdge(tolerance: GeometryTolerance.hitTest, windingInside: CGRect(origin: inside, size: .zero)) { _, _ in
                edges += 1
            }
            #expect(edges <= 2 * CurveFlattener.maxChordsPerCurve + 4 * 2 * CurveFlattener.maxSplitDepth, "\(edges) edges")
        }
    }

    @Test func closedPointsAndDegenerateCurvesStrokeAsDots() {
        let round = StrokeStyle(lineWidth: 6, lineCap: .round)
        var closedPoint = Path()
        closedPoint.move(to: CGPoint(x: 20, y: 20)); closedPoint.closeSubpath()
        var pointCurve = Path()
        pointCurve.move(to: CGPoint(x: 20, y: 20))
        pointCurve.addCurve(to: CGPoint(x: 20, y: 20), control1: CGPoint(x: 20, y: 20), control2: CGPoint(x: 20, y: 20))
        var zeroLine = Path()
        zeroLine.move(to: CGPoint(x: 20, y: 20)); zeroLine.addLine(to: CGPoint(x: 20, y: 20))
        let dot = zeroLine.strokedPath(round)
        #expect(!dot.isEmpty)
        #expect(closedPoint.strokedPath(round) == dot)
        #expect(pointCurve.strokedPath(round) == dot)
        // A lone move draws nothing, and none of them fills anything.
        var lone = Path()
        lone.move(to: CGPoint(x: 20, y: 20))
        #expect(lone.strokedPath(round).isEmpty)
        for path in [closedPoint, pointCurve, zeroLine, lone] {
            var lines: [LineSegment] = []
            Flattener(width: 100, height: 100).flatten(path, transform: .identity, into: &lines)
            #expect(lines.isEmpty)
        }
    }
}

@Suite struct SVGShapesThroughPathAPITests {
    /// SVG arcs are Path's arcs: an `A` command between two points of a circle gives the same curves
    /// as `addArc` over the same angles, ending exactly at the command's end point.
    @Test func svgArcsMatchAddArc() {
        var rng = SeededRandom(seed: 0x5A)
        for trial in 0..<200 {
            let centre = rng.point(in: 400), radius = Double.random(in: 1..<300, using: &rng)
            let start = Double.random(in: -360..<360, using: &rng)
            let sweep = Double.random(in: 1..<359, using: &rng) * (trial % 2 == 0 ? 1 : -1)
            func at(_ degrees: Double) -> CGPoint {
                CGPoint(x: centre.x + radius * cos(degrees * .pi / 180), y: centre.y + radius * sin(degrees * .pi / 180))
            }
            let from = at(start), to = at(start + sweep)
            var svg = Path()
            svg.move(to: from)
            SVGPathData.appendArc(to: &svg, from: from, rx: radius, ry: radius, rotation: 0,
                                  largeArc: abs(sweep) > 180, sweep: sweep > 0, to: to)
            var api = Path()
            api.move(to: from)
            api.addRelativeArc(center: centre, radius: radius, startAngle: .degrees(start), delta: .degrees(sweep))
            let svgCurves = svg.elements.dropFirst(), apiCurves = api.elements.dropFirst().filter {
                if case .curve = $0 { return true } else { return false }  // addRelativeArc may add a rounding-length line
            }
            #expect(svgCurves.count == apiCurves.count, "trial \(trial)")
            for (x, y) in zip(svgCurves, apiCurves) {
                guard case .curve(let e1, let a1, let b1) = x, case .curve(let e2, let a2, let b2) = y else {
                    Issue.record("trial \(trial): \(x) \(y)"); continue
                }
                for (p, q) in [(e1, e2), (a1, a2), (b1, b2)] {
                    #expect(hypot(p.x - q.x, p.y - q.y) <= 1e-9 * max(1, radius), "trial \(trial)")
                }
            }
            if case .curve(let end, _, _)? = svg.elements.last { #expect(end == to) }
        }
    }

    /// Huge radii through close points: the arc is nearly its chord, so its control points must stay
    /// on it; they are carried relative to the exact end points (absolute ellipse points 1e16 away lose
    /// whole units to rounding).
    @Test(arguments: [1e6, 1e9, 1e12, 1e14, 1e16, 1e17])
    func svgArcsWithHugeRadiiStayOnTheirChord(radius: Double) {
        let from = CGPoint(x: 10, y: 10), to = CGPoint(x: 50, y: 50)
        for sweepFlag in [false, true] {
            var path = Path()
            path.move(to: from)
            SVGPathData.appendArc(to: &path, from: from, rx: radius, ry: radius / 2, rotation: 30,
                                  largeArc: false, sweep: sweepFlag, to: to)
            let sagitta = 57.0 * 57.0 / (8 * radius / 2) * 4  // generous: the smaller radius, rotated
            for e in path.elements {
                if case .curve(let q, let c1, let c2) = e {
                    for p in [q, c1, c2] {
                        #expect(abs(p.x - p.y) / 2.0.squareRoot() <= max(sagitta, 1e-9), "r \(radius): \(p)")
                        #expect(p.x >= 10 - 1e-6 && p.x <= 50 + 1e-6, "r \(radius): \(p)")
                    }
                }
            }
            if case .curve(let end, _, _)? = path.elements.last { #expect(end == to) }
        }
    }
}
