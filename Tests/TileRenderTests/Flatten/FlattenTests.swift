import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// A deterministic generator so randomized tests are reproducible (SplitMix64).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func point(in size: Double) -> CGPoint {
        CGPoint(x: Double.random(in: 0..<size, using: &self), y: Double.random(in: 0..<size, using: &self))
    }
}

private func distance(_ p: SIMD2<Double>, toSegment s: LineSegment) -> Double {
    let a = SIMD2(Double(s.x0), Double(s.y0)), b = SIMD2(Double(s.x1), Double(s.y1))
    let ab = b - a
    let len2 = (ab * ab).sum()
    let t = len2 > 0 ? min(max(((p - a) * ab).sum() / len2, 0), 1) : 0
    let d = p - (a + t * ab)
    return (d * d).sum().squareRoot()
}

@Suite struct FlattenTests {
    @Test func randomCurvesStayWithinTolerance() {
        var rng = SeededRandom(seed: 0x1234)
        let flattener = Flattener(width: 1000, height: 1000)
        for trial in 0..<300 {
            let p0 = rng.point(in: 1000), c1 = rng.point(in: 1000), c2 = rng.point(in: 1000), p3 = rng.point(in: 1000)
            let quadratic = trial % 3 == 0
            var path = Path()
            path.move(to: p0)
            if quadratic { path.addQuadCurve(to: p3, control: c1) } else { path.addCurve(to: p3, control1: c1, control2: c2) }
            var segments: [LineSegment] = []
            flattener.flatten(path, transform: .identity, into: &segments)
            let chords = Array(segments.dropLast())  // the last segment is the implicit close
            var worst = 0.0
            for i in 0...400 {
                let t = Double(i) / 400, u = 1 - t
                let a = SIMD2(Double(p0.x), Double(p0.y)), b = SIMD2(Double(c1.x), Double(c1.y))
                let c = SIMD2(Double(c2.x), Double(c2.y)), d = SIMD2(Double(p3.x), Double(p3.y))
                let q = quadratic ? u * u * a + 2 * u * t * b + t * t * d
                                  : u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d
                worst = max(worst, chords.map { distance(q, toSegment: $0) }.min() ?? .infinity)
            }
            // Float storage of the chord ends adds up to ~1e-4 px at this size.
            #expect(worst <= Flattener.tolerance + 1e-3, "trial \(trial): \(worst) px")
        }
    }

    @Test func chordCountGrowsWithCurvatureNotFixed() {
        let flat = Flattener.chordCount(SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0), SIMD2(3, 0), degree: 3)
        let small = Flattener.chordCount(SIMD2(0, 0), SIMD2(0, 10), SIMD2(10, 10), SIMD2(10, 0), degree: 3)
        let big = Flattener.chordCount(SIMD2(0, 0), SIMD2(0, 1000), SIMD2(1000, 1000), SIMD2(1000, 0), degree: 3)
        #expect(flat == 1)
        #expect(small < big)
        #expect(big <= Flattener.maxChordsPerCurve)
    }

    @Test func offCanvasCurvesBecomeChords() {
        let flattener = Flattener(width: 100, height: 100)
        var path = Path()
        path.move(to: CGPoint(x: -500, y: 0))
        path.addCurve(to: CGPoint(x: -500, y: 90), control1: CGPoint(x: -5000, y: 30), control2: CGPoint(x: -5000, y: 60))
        var segments: [LineSegment] = []
        flattener.flatten(path, transform: .identity, into: &segments)
        #expect(segments.count == 2)  // the chord and the closing line
    }
}

/// Levien's parabola-integral chords (`CurveFlattener.forEachParabolicChordEnd`), what fills use: within
/// the tolerance on every kind of curve (each placement is checked), with far fewer chords than Wang's
/// equal steps.
@Suite struct ParabolicFlatteningTests {
    /// The largest distance from the curve to its nearest chord, and the chord count.
    private static func flatten(_ curve: BezierCurve, placement: ChordPlacement, parabolic: Bool) -> (worst: Double, chords: Int) {
        var points = [curve.p0]
        if parabolic {
            CurveFlattener.forEachParabolicChordEnd(curve, tolerance: Flattener.tolerance, placement: placement) { points.append($0) }
        } else {
            CurveFlattener.forEachChordEnd(curve, tolerance: Flattener.tolerance, placement: placement) { points.append($0) }
        }
        let chords = zip(points, points.dropFirst()).map { LineSegment(x0: Float($0.x), y0: Float($0.y), x1: Float($1.x), y1: Float($1.y)) }
        var worst = 0.0
        for i in 0...800 {
            let p = curve.point(at: Double(i) / 800)
            worst = max(worst, chords.map { distance(p, toSegment: $0) }.min() ?? .infinity)
        }
        return (worst, chords.count)
    }

    private static func curves() -> [(String, BezierCurve)] {
        var rng = SeededRandom(seed: 0x51ab)
        func p(_ size: Double) -> SIMD2<Double> { SIMD2(Double.random(in: 0..<size, using: &rng), Double.random(in: 0..<size, using: &rng)) }
        var out: [(String, BezierCurve)] = []
        for i in 0..<300 {
            let size = [10.0, 20, 200, 1000][i % 4]
            out.append(("random quad \(i)", BezierCurve(quadFrom: p(size), control: p(size), to: p(size))))
            out.append(("random cubic \(i)", BezierCurve(p(size), p(size), p(size), p(size))))
        }
        out += [
            ("overshooting straight quad", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(300, 0), to: SIMD2(100, 0))),
            ("overshooting straight quad, tilted", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(300, 300), to: SIMD2(100, 100))),
            ("nearly straight overshoot", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(300, 0.001), to: SIMD2(100, 0))),
            ("sharp turn", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(500, 1), to: SIMD2(0, 2))),
            ("straight", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(10, 10), to: SIMD2(30, 30))),
            ("a point", BezierCurve(quadFrom: SIMD2(5, 5), control: SIMD2(5, 5), to: SIMD2(5, 5))),
            ("control on an end", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(0, 0), to: SIMD2(40, 10))),
            ("tiny", BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(0.3, 0.1), to: SIMD2(0.5, 0.5))),
            ("cusp cubic", BezierCurve(SIMD2(0, 0), SIMD2(300, 300), SIMD2(0, 300), SIMD2(300, 0))),
            ("loop cubic", BezierCurve(SIMD2(0, 0), SIMD2(400, 300), SIMD2(-100, 300), SIMD2(300, 0))),
            ("straight cubic doubling back", BezierCurve(SIMD2(0, 0), SIMD2(300, 0), SIMD2(-200, 0), SIMD2(100, 0))),
            ("cubic point", BezierCurve(SIMD2(5, 5), SIMD2(5, 5), SIMD2(5, 5), SIMD2(5, 5))),
            ("circle quarter", BezierCurve(SIMD2(500, 0), SIMD2(500, 276.1424), SIMD2(276.1424, 500), SIMD2(0, 500))),
            ("small sharp cubic", BezierCurve(SIMD2(7.6769372381960865, 12.627278064420741), SIMD2(0.9149232812226149, 9.113195823867633),
                                              SIMD2(3.5452621177148003, 9.516942473881969), SIMD2(16.743968209378902, 5.397033471721597))),
        ]
        return out
    }

    @Test(arguments: [ChordPlacement.onCurve, .straddling])
    func everyCurveStaysWithinTolerance(placement: ChordPlacement) {
        for (name, curve) in Self.curves() {
            let (worst, _) = Self.flatten(curve, placement: placement, parabolic: true)
            // Float chord ends add ~1e-4 px at these sizes.
            #expect(worst <= Flattener.tolerance + 1e-3, "\(name): \(worst) px")
        }
    }

    /// Fewer chords than Wang's bound, over random curves of every size.
    @Test func fewerChordsThanEqualSteps() {
        var parabolic = 0, uniform = 0
        for (_, curve) in Self.curves() {
            parabolic += Self.flatten(curve, placement: .straddling, parabolic: true).chords
            uniform += Self.flatten(curve, placement: .straddling, parabolic: false).chords
        }
        #expect(Double(parabolic) <= 0.8 * Double(uniform), "\(parabolic) chords against \(uniform)")
    }

    /// The fill flattener places its chords so when `Flattener.parabolicChords` is on (off for now: see there).
    @Test(.enabled(if: Flattener.parabolicChords)) func fillsFlattenByTheParabola() {
        let flattener = Flattener(width: 1000, height: 1000)
        var quad = Path(), cubic = Path()
        quad.move(to: CGPoint(x: 0, y: 0)); quad.addQuadCurve(to: CGPoint(x: 90, y: 0), control: CGPoint(x: 85, y: 90))
        cubic.move(to: CGPoint(x: 0, y: 0)); cubic.addCurve(to: CGPoint(x: 90, y: 0), control1: CGPoint(x: 30, y: 60), control2: CGPoint(x: 70, y: 45))
        var a: [LineSegment] = [], b: [LineSegment] = []
        flattener.flatten(quad, transform: .identity, into: &a)
        flattener.flatten(cubic, transform: .identity, into: &b)
        let quadCurve = BezierCurve(quadFrom: SIMD2(0, 0), control: SIMD2(85, 90), to: SIMD2(90, 0))
        let quadChords = Self.flatten(quadCurve, placement: .straddling, parabolic: true).chords
        let cubicChords = Self.flatten(BezierCurve(SIMD2(0, 0), SIMD2(30, 60), SIMD2(70, 45), SIMD2(90, 0)), placement: .straddling, parabolic: true).chords
        #expect(quadChords < CurveFlattener.chordCount(quadCurve, tolerance: Flattener.tolerance))
        // (The closing chord is horizontal: no coverage, not kept.)
        #expect(a.count == quadChords && b.count == cubicChords, "\(a.count) \(quadChords) \(b.count) \(cubicChords)")
    }
}
