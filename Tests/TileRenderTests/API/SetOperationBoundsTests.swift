import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Set operations stay bounded on input that flattens into enormous edge counts, and give the same
/// areas as before on ordinary shapes.
@Suite struct SetOperationBoundsTests {
    /// Rings of `count` cubic bumps at radius `r`, centred on `c`.
    static func wavyRing(center c: CGPoint, radius r: Double, count: Int) -> Path {
        var path = Path()
        for i in 0..<count {
            let a0 = Double(i) / Double(count) * 2 * .pi, a1 = Double(i + 1) / Double(count) * 2 * .pi
            let p0 = CGPoint(x: c.x + r * cos(a0), y: c.y + r * sin(a0)), p1 = CGPoint(x: c.x + r * cos(a1), y: c.y + r * sin(a1))
            if i == 0 { path.move(to: p0) }
            let bulge = r * 1.05, third = (a1 - a0) / 3
            path.addCurve(to: p1, control1: CGPoint(x: c.x + bulge * cos(a0 + third), y: c.y + bulge * sin(a0 + third)),
                          control2: CGPoint(x: c.x + bulge * cos(a1 - third), y: c.y + bulge * sin(a1 - third)))
        }
        path.closeSubpath()
        return path
    }

    @Test func hugeCurvesAreFlattenedWithinTheChordBudget() {
        // At 1e9 units each curve would take the per-curve maximum of 16384 chords at 0.02 units: over a
        // million edges, and hours of pairwise intersection tests, before the budget.
        let a = Self.wavyRing(center: CGPoint(x: 0, y: 0), radius: 1e9, count: 40)
        let b = Self.wavyRing(center: CGPoint(x: 5e8, y: 0), radius: 1e9, count: 40)
        let tolerance = SetOperation.flatteningTolerance(a, b)
        let chords = SetOperation.curveChordCount(a, tolerance: tolerance) + SetOperation.curveChordCount(b, tolerance: tolerance)
        #expect(chords <= SetOperation.maxCurveChords, "\(chords) chords")

        let union = a.union(b)
        #expect(!union.isEmpty)
        let box = union.boundingRect
        #expect(box.minX < -1e9 && box.maxX > 1.5e9, "\(box)")
    }

    @Test func ordinaryShapesKeepTheFineTolerance() {
        let a = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = Path(ellipseIn: CGRect(x: 50, y: 0, width: 100, height: 100))
        #expect(SetOperation.flatteningTolerance(a, b) == SetOperation.tolerance)
    }

    @Test func manyCurvesUniteToTheExpectedArea() throws {
        // Two wavy rings of 500 curves each: the sweep and the banded winding index give the area of
        // the union that pixel coverage measures.
        let a = Self.wavyRing(center: CGPoint(x: 40, y: 50), radius: 30, count: 500)
        let b = Self.wavyRing(center: CGPoint(x: 60, y: 50), radius: 30, count: 500)
        /// The area `path` covers, rasterized at `scale` device pixels per unit.
        func coverage(_ path: Path, scale: CGFloat = 1) throws -> Double {
            var scene = Scene(size: CGSize(width: 100 * scale, height: 100 * scale))
            scene.draw { $0.scaleBy(x: scale, y: scale); $0.fill(path, with: .color(.black)) }
            let bitmap = try Renderer(backend: .cpu).render(scene)
            return bitmap.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0.0) { $0 + Double($1.element) / 255 } / Double(scale * scale)
        }
        let unionArea = try coverage(a.union(b))
        var both = a
        both.addPath(b)
        // The nonzero fill of both rings, the same region, drawn 8x finer: the fill flattener's own
        // error (its chords stray up to 0.2 device pixels, and on these 0.4-unit bumps its straddling
        // chords leave about 0.08 px of area per unit of outline at 1x) must not count against the union.
        let drawnArea = try coverage(both, scale: 8)
        // The union's chords lie inside the convex bumps: it may lose up to the flattening tolerance
        // times the outline's length (about 2 x 2 pi x 30 units).
        let perimeter = 2 * 2 * Double.pi * 30 * 1.05
        #expect(abs(unionArea - drawnArea) <= SetOperation.tolerance * perimeter, "union \(unionArea), drawn \(drawnArea)")
        #expect(unionArea > 3000)
    }

    @Test func stackedCopiesAreOneWeightedEdgeSet() throws {
        // 64 copies of one outline (a path added to itself six times): merged, it has one copy's edges
        // with weight 64, so splitting costs what one copy costs (stacked copies made the pair tests
        // quadratic: fuzz findings). Winding, and so every result, is unchanged.
        let circle = Path(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 60))
        var stacked = circle
        for _ in 0..<6 { stacked.addPath(stacked) }
        let single = SetOperation.polygonEdges(circle, fromFirst: true)
        let merged = SetOperation.merged(SetOperation.polygonEdges(stacked, fromFirst: true))
        #expect(merged.count == single.count)
        #expect(merged.allSatisfy { $0.weight == 64 })
        let square = Path(CGRect(x: 40, y: 40, width: 50, height: 50))
        #expect(areaOf(stacked.union(square)) == areaOf(circle.union(square)))
        #expect(areaOf(stacked.subtracting(square)) == areaOf(circle.subtracting(square)))
        // Even-odd: an even number of copies encloses nothing; an odd number, the circle.
        #expect(stacked.union(Path(), eoFill: true).isEmpty)
        var three = circle
        three.addPath(circle); three.addPath(circle)
        #expect(areaOf(three.union(Path(), eoFill: true)) == areaOf(circle.union(Path())))
        // An edge and its reverse cancel.
        var there = Path()
        there.move(to: CGPoint(x: 0, y: 0)); there.addLine(to: CGPoint(x: 10, y: 5))
        var back = Path()
        back.move(to: CGPoint(x: 10, y: 5)); back.addLine(to: CGPoint(x: 0, y: 0))
        there.addPath(back)
        #expect(SetOperation.merged(SetOperation.polygonEdges(there, fromFirst: true)).isEmpty)
    }

    /// Edges with NaN coordinates are dropped before merging (they hash alike and never compare
    /// equal: 100,000 of them made the merge quadratic, a fuzz finding); the finite ones stay.
    @Test func edgesWithNaNAreDropped() {
        let nan = SIMD2<Double>(.nan, 1)
        var edges = (0..<5_000).map { SetOperation.Edge(a: nan, b: SIMD2(Double($0), 2), fromFirst: true) }
        edges.append(SetOperation.Edge(a: SIMD2(0, 0), b: SIMD2(0, 10), fromFirst: true))
        let merged = SetOperation.merged(edges)
        #expect(merged.count == 1 && merged[0].b == SIMD2(0, 10))
        // A set operation on a path with NaN points keeps what the finite part bounds.
        var path = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.move(to: CGPoint(x: Double.nan, y: 3)); path.addLine(to: CGPoint(x: 5, y: Double.nan))
        #expect(areaOf(path.intersection(Path(CGRect(x: 5, y: 0, width: 20, height: 20)))) == 50)
    }

    /// Signed area of a set operation's result (its edges are lines).
    private func areaOf(_ path: Path) -> Double {
        var area = 0.0
        for e in SetOperation.polygonEdges(path, fromFirst: true) { area += e.a.x * e.b.y - e.b.x * e.a.y }
        return (abs(area) / 2 * 1e6).rounded() / 1e6
    }

    @Test func curvesNearDoublesLimitTakeFewChords() {
        // Second differences of control points near 1.7e308 overflow to infinity; they are measured
        // scaled down, so a coarse tolerance gives few chords rather than the per-curve maximum
        // (720,908 edges from a 500-element set-operation input: a fuzz finding).
        let p0 = SIMD2(-1.7e308, 0.0), p1 = SIMD2(1.7e308, 1e308), p2 = SIMD2(-1.7e308, 1.7e308), p3 = SIMD2(1.7e308, 0.0)
        #expect(Flattener.chordCount(p0, p1, p2, p3, degree: 3, tolerance: .infinity) == 1)
        #expect(Flattener.chordCount(p0, p1, p2, p3, degree: 3, tolerance: 1e306) <= 64)
        #expect(Flattener.chordCount(p0, p1, p2, p3, degree: 3, tolerance: 1) == Flattener.maxChordsPerCurve)
        var a = Path()
        a.move(to: CGPoint(x: p0.x, y: p0.y))
        for _ in 0..<100 { a.addCurve(to: CGPoint(x: p3.x, y: p3.y), control1: CGPoint(x: p1.x, y: p1.y), control2: CGPoint(x: p2.x, y: p2.y)) }
        let b = Path(CGRect(x: -1e308, y: -1e308, width: 1e308, height: 1e308))
        let tolerance = SetOperation.flatteningTolerance(a, b)
        #expect(SetOperation.curveChordCount(a, tolerance: tolerance) <= SetOperation.maxCurveChords)
        _ = a.symmetricDifference(b)
    }

    @Test(arguments: [false, true])
    func tooManyCrossingsAreApproximatedOnAGrid(eoFill: Bool) throws {
        // 800 random lines across a 100-unit square cross about 100,000 times: splitting them would
        // make over `maxSplitPieces` pieces (a fuzz finding took 26 s), so the result is sampled on the
        // 512-cell grid instead and covers what filling the path covers, up to cells on its outline.
        var rng = SeededRandom(seed: 11)
        var star = Path()
        star.move(to: CGPoint(x: 50, y: 50))
        for _ in 0..<800 { star.addLine(to: CGPoint(x: Double.random(in: 0...100, using: &rng), y: Double.random(in: 0...100, using: &rng))) }
        star.closeSubpath()
        let edges = SetOperation.merged(SetOperation.polygonEdges(star, fromFirst: true))
        #expect(SetOperation.splitAtIntersections(edges, maxPieces: SetOperation.maxSplitPieces) == nil)
        let result = star.union(Path(), eoFill: eoFill)
        var elements = 0
        result.forEach { _ in elements += 1 }
        #expect(elements > 0 && elements < 512 * 512 * 5, "\(elements) elements")
        // At cell centres the result is exactly the path's fill rule applied to its own edges.
        var low = SIMD2(Double.infinity, .infinity), high = -low
        for e in edges { low = pointwiseMin(low, pointwiseMin(e.a, e.b)); high = pointwiseMax(high, pointwiseMax(e.a, e.b)) }
        let cell = (high - low) / Double(SetOperation.approximationGrid)
        for _ in 0..<100 {
            let column = Int.random(in: 0..<SetOperation.approximationGrid, using: &rng)
            let row = Int.random(in: 0..<SetOperation.approximationGrid, using: &rng)
            let p = low + (SIMD2(Double(column), Double(row)) + 0.5) * cell
            var winding = 0
            for e in edges where (e.a.y <= p.y) != (e.b.y <= p.y) {
                if e.a.x + (p.y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y) < p.x { winding += Int(e.signedWeight) }
            }
            let expected = eoFill ? winding % 2 != 0 : winding != 0
            #expect(result.contains(CGPoint(x: p.x, y: p.y)) == expected, "cell \(column), \(row)")
        }
        // Nonzero: the region is coarse, and the result covers what filling the star covers.
        if !eoFill {
            func alphas(_ path: Path) throws -> [Double] {
                var scene = Scene(size: CGSize(width: 100, height: 100))
                scene.draw { $0.fill(path, with: .color(.black)) }
                let bitmap = try Renderer(backend: .cpu).render(scene)
                return stride(from: 3, to: bitmap.pixels.count, by: 4).map { Double(bitmap.pixels[$0]) / 255 }
            }
            let expected = try alphas(star), got = try alphas(result)
            let difference = zip(expected, got).reduce(0) { $0 + abs($1.0 - $1.1) }
            let area = expected.reduce(0, +)
            #expect(area > 500)
            #expect(difference / area < 0.1, "difference \(difference) of area \(area)")
        }
    }

    /// The segment-tree winding index agrees with counting every edge, on split random polygons.
    @Test func windingIndexMatchesCountingEveryEdge() {
        var rng = SeededRandom(seed: 7)
        for round in 0..<20 {
            var path = Path()
            for _ in 0..<(1 + round % 4) {
                path.move(to: CGPoint(x: Double.random(in: 0...100, using: &rng), y: Double.random(in: 0...100, using: &rng)))
                for _ in 0..<(3 + round * 3) { path.addLine(to: CGPoint(x: Double.random(in: 0...100, using: &rng), y: Double.random(in: 0...100, using: &rng))) }
                path.closeSubpath()
            }
            let edges = SetOperation.splitAtIntersections(SetOperation.polygonEdges(path, fromFirst: true))!
            let index = SetOperation.WindingIndex(edges)
            for _ in 0..<200 {
                let p = SIMD2(Double.random(in: -5...105, using: &rng), Double.random(in: -5...105, using: &rng))
                var brute = 0
                for e in edges where (e.a.y <= p.y) != (e.b.y <= p.y) {
                    let x = e.a.x + (p.y - e.a.y) * (e.b.x - e.a.x) / (e.b.y - e.a.y)
                    if x < p.x { brute += e.b.y > e.a.y ? 1 : -1 }
                }
                #expect(index.winding(p) == brute, "round \(round) at \(p)")
            }
        }
    }
}
