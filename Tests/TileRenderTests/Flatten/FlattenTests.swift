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
