import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// The end point of the last drawing element (a closeSubpath ends at its subpath's start).
private func lastPoint(_ p: Path) -> CGPoint? { p.currentPoint }

private func firstPoint(_ p: Path) -> CGPoint? {
    if case .move(let q)? = p.elements.first { return q }
    return nil
}

private func moveCount(_ p: Path) -> Int {
    p.elements.filter { if case .move = $0 { return true } else { return false } }.count
}

@Suite struct APITrimTests {
    // MARK: Lengths

    @Test func lineAndPolylineLengths() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 3, y: 4))
        #expect(abs(p.arcLength - 5) < 1e-12)
        p.addLine(to: CGPoint(x: 3, y: 14))
        #expect(abs(p.arcLength - 15) < 1e-12)
        // Closing line counts.
        p.closeSubpath()
        #expect(abs(p.arcLength - (15 + hypot(3, 14))) < 1e-12)
        #expect(abs(Path(CGRect(x: 0, y: 0, width: 10, height: 20)).arcLength - 60) < 1e-12)
        #expect(Path().arcLength == 0)
    }

    @Test func circleAndArcLengths() {
        for r in [0.5, 10, 60, 1000] as [CGFloat] {
            let c = Path(ellipseIn: CGRect(x: 0, y: 0, width: 2 * r, height: 2 * r))
            // The 4-cubic circle is within 3e-4 of the radius, so its length too.
            #expect(abs(c.arcLength / (2 * .pi * r) - 1) < 1e-3)
        }
        var arc = Path()
        arc.addArc(center: .zero, radius: 50, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        #expect(abs(arc.arcLength / (25 * .pi) - 1) < 1e-3)
    }

    @Test func curveLengthsAgainstFineFlattening() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        p.addQuadCurve(to: CGPoint(x: 200, y: 0), control: CGPoint(x: 150, y: -80))
        // A cusp: control points crossing.
        p.addCurve(to: CGPoint(x: 300, y: 0), control1: CGPoint(x: 400, y: 50), control2: CGPoint(x: 100, y: 50))
        var flat: CGFloat = 0
        let pts = sampledPoints(p, samples: 20000)
        for i in 1..<pts.count { flat += dist(pts[i - 1], pts[i]) }
        #expect(abs(p.arcLength / flat - 1) < 1e-6)
    }

    // MARK: Trimming

    @Test func trimWholeReturnsThePath() {
        let shapes: [Path] = [
            Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 60)),
            Path(CGRect(x: 5, y: 5, width: 10, height: 10)),
            Path { $0.addLines([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)]) },
        ]
        for s in shapes {
            #expect(s.trimmedPath(from: 0, to: 1) == s)
            #expect(s.trimmedPath(from: -3, to: 7) == s)
        }
        let closed = Path(CGRect(x: 0, y: 0, width: 10, height: 10)).trimmedPath(from: 0, to: 1)
        #expect(closed.elements.last == .closeSubpath)
    }

    @Test func emptyCases() {
        let c = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(c.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(c.trimmedPath(from: 0.7, to: 0.2).isEmpty)   // no wrap-around
        #expect(c.trimmedPath(from: 1, to: 1).isEmpty)
        #expect(c.trimmedPath(from: 2, to: 3).isEmpty)       // both clamp to 1
        #expect(c.trimmedPath(from: -2, to: -1).isEmpty)     // both clamp to 0
        #expect(Path().trimmedPath(from: 0, to: 0.5).isEmpty)
    }

    @Test func nanAndOutOfRangeFractions() {
        let c = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        // NaN counts as 0.
        #expect(c.trimmedPath(from: .nan, to: 0.25) == c.trimmedPath(from: 0, to: 0.25))
        #expect(c.trimmedPath(from: 0.25, to: .nan).isEmpty)
        #expect(c.trimmedPath(from: .nan, to: .nan).isEmpty)
        #expect(c.trimmedPath(from: -.infinity, to: .infinity) == c)
        #expect(c.trimmedPath(from: 0.5, to: 9) == c.trimmedPath(from: 0.5, to: 1))
        // Non-finite coordinates: no crash, finite pieces kept.
        var bad = Path()
        bad.move(to: .zero)
        bad.addLine(to: CGPoint(x: 10, y: 0))
        bad.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
        bad.addCurve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: CGFloat.infinity, y: 1), control2: .zero)
        _ = bad.trimmedPath(from: 0.1, to: 0.9)
        _ = bad.arcLength
    }

    @Test func circleQuarterRunsFromThreeToSixOClock() {
        // Circle in a 120 frame at (10, 10): centre (70, 70), radius 60.
        let rect = CGRect(x: 10, y: 10, width: 120, height: 120)
        let q = Circle().trim(from: 0, to: 0.25).path(in: rect)
        #expect(near(firstPoint(q)!, CGPoint(x: 130, y: 70), 1e-9))
        #expect(near(lastPoint(q)!, CGPoint(x: 70, y: 130), 1e-6))
        #expect(q.elements.last != .closeSubpath)
        let centre = CGPoint(x: 70, y: 70)
        let pts = sampledPoints(q)
        for p in pts { #expect(abs(dist(p, centre) - 60) < 60 * 3e-4) }
        #expect(abs(sweptDegrees(pts, around: centre) - 90) < 0.05)

        // A mid-curve cut lands at the right angle (arc length, not curve parameter).
        let mid = Circle().trim(from: 0.1, to: 0.3).path(in: rect)
        #expect(abs(angleDeg(firstPoint(mid)!, around: centre) - 36) < 0.05)
        #expect(abs(angleDeg(lastPoint(mid)!, around: centre) - 108) < 0.05)
        #expect(abs(mid.arcLength / (0.2 * Path(ellipseIn: rect).arcLength) - 1) < 1e-6)
    }

    @Test func threeQuartersLeavesTheTopRightGap() {
        let rect = CGRect(x: 0, y: 0, width: 120, height: 120)
        let p = Circle().trim(from: 0, to: 0.75).path(in: rect)
        #expect(near(lastPoint(p)!, CGPoint(x: 60, y: 0), 1e-6))    // twelve o'clock
        #expect(abs(sweptDegrees(sampledPoints(p), around: CGPoint(x: 60, y: 60)) - 270) < 0.05)
    }

    @Test func rectangleTrimFollowsTopEdgeFirst() {
        let r = Path(CGRect(x: 0, y: 0, width: 30, height: 10))   // length 80
        let t = r.trimmedPath(from: 0.125, to: 0.625)                // 10 ... 50
        #expect(t.elements == [.move(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 30, y: 0)),
                               .line(to: CGPoint(x: 30, y: 10)), .line(to: CGPoint(x: 20, y: 10))])
        // A trim ending on the closing line keeps part of it, as a line, and does not close.
        let end = r.trimmedPath(from: 0.875, to: 0.9375)             // 70 ... 75
        #expect(end.elements == [.move(to: CGPoint(x: 0, y: 10)), .line(to: CGPoint(x: 0, y: 5))])
    }

    @Test func trimAcrossSubpaths() {
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: 10, y: 0))     // 0 ... 10
        p.move(to: CGPoint(x: 0, y: 20)); p.addLine(to: CGPoint(x: 20, y: 20))   // 10 ... 30
        p.addRect(CGRect(x: 0, y: 40, width: 5, height: 5))                       // 30 ... 50
        let t = p.trimmedPath(from: 0.1, to: 0.8)                                 // 5 ... 40
        #expect(t.elements == [
            .move(to: CGPoint(x: 5, y: 0)), .line(to: CGPoint(x: 10, y: 0)),
            .move(to: CGPoint(x: 0, y: 20)), .line(to: CGPoint(x: 20, y: 20)),
            .move(to: CGPoint(x: 0, y: 40)), .line(to: CGPoint(x: 5, y: 40)), .line(to: CGPoint(x: 5, y: 45)),
        ])
        #expect(moveCount(t) == 3)
        // A subpath wholly inside the range stays closed.
        let inner = p.trimmedPath(from: 0.5, to: 1)
        #expect(inner.elements.suffix(5) == [.move(to: CGPoint(x: 0, y: 40)), .line(to: CGPoint(x: 5, y: 40)),
                                             .line(to: CGPoint(x: 5, y: 45)), .line(to: CGPoint(x: 0, y: 45)),
                                             .closeSubpath])
        // Exactly at a subpath boundary: nothing from the next subpath, no stray move.
        let first = p.trimmedPath(from: 0, to: 0.2)
        #expect(first.elements == [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 10, y: 0))])
        // Pieces join up: the trimmed lengths add up.
        #expect(abs(p.trimmedPath(from: 0.1, to: 0.8).arcLength - 35) < 1e-9)
    }

    @Test func subpathAfterCloseWithoutMove() {
        var p = Path()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.closeSubpath()                       // 0 ... 20
        p.addLine(to: CGPoint(x: 0, y: 10))    // implicit subpath at (0,0): 20 ... 30
        let t = p.trimmedPath(from: 0.5, to: 1)
        #expect(t.elements.first == .move(to: CGPoint(x: 5, y: 0)))   // 15: on the closing line
        #expect(t.elements.contains(.move(to: .zero)))
        #expect(near(lastPoint(t)!, CGPoint(x: 0, y: 10)))
    }

    @Test func curvePiecesStayCurves() {
        var p = Path()
        p.move(to: .zero)
        p.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        p.addCurve(to: CGPoint(x: 200, y: 0), control1: CGPoint(x: 120, y: -60), control2: CGPoint(x: 180, y: 60))
        let t = p.trimmedPath(from: 0.2, to: 0.7)
        var kinds: [String] = []
        t.forEach { e in
            switch e {
            case .move: kinds.append("m")
            case .line: kinds.append("l")
            case .quadCurve: kinds.append("q")
            case .curve: kinds.append("c")
            case .closeSubpath: kinds.append("z")
            }
        }
        #expect(kinds == ["m", "q", "c"])
        #expect(abs(t.arcLength / (0.5 * p.arcLength) - 1) < 1e-6)
        // The pieces lie on the original curve.
        let orig = sampledPoints(p, samples: 4000)
        for q in sampledPoints(t, samples: 16) {
            #expect(orig.map { dist($0, q) }.min()! < 0.2)
        }
        // Complementary trims rebuild the whole length.
        let l1 = p.trimmedPath(from: 0, to: 0.37).arcLength, l2 = p.trimmedPath(from: 0.37, to: 1).arcLength
        #expect(abs(l1 + l2 - p.arcLength) < 1e-6)
    }

    @Test func trimmedShapeInsetsThenTrims() {
        let rect = CGRect(x: 0, y: 0, width: 120, height: 120)
        let s = Circle().trim(from: 0, to: 0.5).inset(by: 6)
        let p = s.path(in: rect)
        #expect(near(firstPoint(p)!, CGPoint(x: 114, y: 60)))
        #expect(near(lastPoint(p)!, CGPoint(x: 6, y: 60), 1e-6))
        #expect(Circle().trim().path(in: rect) == Circle().path(in: rect))
    }
}
