import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct APIArcTests {
    let c = CGPoint(x: 100, y: 50)
    let r: CGFloat = 40

    func arc(_ s: Double, _ e: Double, cw: Bool) -> Path {
        var p = Path()
        p.addArc(center: c, radius: r, startAngle: .degrees(s), endAngle: .degrees(e), clockwise: cw)
        return p
    }

    @Test func clockwiseFalseSweepsWithIncreasingAngle() {
        let p = arc(0, 90, cw: false)
        let pts = sampledPoints(p)
        #expect(abs(sweptDegrees(pts, around: c) - 90) < 1e-6)
        // Passes through 45° (below-right of the centre on a y-down screen).
        let mid = CGPoint(x: c.x + r * cos(.pi / 4), y: c.y + r * sin(.pi / 4))
        #expect(pts.contains { dist($0, mid) < 1e-3 * r })
        #expect(curveCount(p) == 1)
    }

    @Test func clockwiseTrueSweepsWithDecreasingAngle() {
        let p = arc(0, 90, cw: true)
        let pts = sampledPoints(p)
        #expect(abs(sweptDegrees(pts, around: c) + 270) < 1e-6)
        #expect(curveCount(p) == 3)
    }

    @Test func endpointsAreExactAndStartsSubpath() {
        let p = arc(30, 200, cw: false)
        guard case .move(let s)? = p.elements.first else { Issue.record("no move"); return }
        #expect(near(s, CGPoint(x: c.x + r * cos(30 * .pi / 180), y: c.y + r * sin(30 * .pi / 180))))
        let e = endPoint(p.elements.last!)!
        #expect(near(e, CGPoint(x: c.x + r * cos(200 * .pi / 180), y: c.y + r * sin(200 * .pi / 180))))
        #expect(near(p.currentPoint!, e))
        // 170° in pieces of at most 90°.
        #expect(curveCount(p) == 2)
    }

    @Test func pointsStayOnTheCircle() {
        for (s, e, cw) in [(0.0, 360.0, false), (10.0, 300.0, true), (-45.0, 45.0, false), (270.0, 90.0, true)] {
            let pts = sampledPoints(arc(s, e, cw: cw), samples: 64)
            for q in pts { #expect(abs(dist(q, c) - r) < 1e-3 * r) }
        }
    }

    @Test func moduloRule() {
        // 0 -> 360 with clockwise: true is empty (just the start point).
        let empty = arc(0, 360, cw: true)
        #expect(curveCount(empty) == 0)
        #expect(empty.elements == [.move(to: CGPoint(x: c.x + r, y: c.y))])
        // 360 -> 0 with clockwise: true is a full turn, decreasing angle.
        let full = arc(360, 0, cw: true)
        #expect(abs(sweptDegrees(sampledPoints(full), around: c) + 360) < 1e-6)
        #expect(curveCount(full) == 4)
        // 0 -> 360 with clockwise: false is a full turn, increasing.
        #expect(abs(sweptDegrees(sampledPoints(arc(0, 360, cw: false)), around: c) - 360) < 1e-6)
        // 360 -> 0 with clockwise: false reduces to empty.
        #expect(curveCount(arc(360, 0, cw: false)) == 0)
        // 90 -> 0 with clockwise: false goes the long way: +270.
        #expect(abs(sweptDegrees(sampledPoints(arc(90, 0, cw: false)), around: c) - 270) < 1e-6)
        // 0 -> 450 increasing: more than a turn = a full circle.
        #expect(abs(sweptDegrees(sampledPoints(arc(0, 450, cw: false)), around: c) - 360) < 1e-6)
        // 0 -> -450 decreasing (clockwise: true): a full turn.
        #expect(abs(sweptDegrees(sampledPoints(arc(0, -450, cw: true)), around: c) + 360) < 1e-6)
        // 30 -> 750 decreasing: reduced to 30 -> 30, empty.
        #expect(curveCount(arc(30, 750, cw: true)) == 0)
    }

    @Test func ticketRightNotchPassesThrough180() {
        // Ticket: right notch centred on the right edge, 270 -> 90 clockwise: true.
        let center = CGPoint(x: 200, y: 60)
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 200, y: 0))
        p.addArc(center: center, radius: 14, startAngle: .degrees(270), endAngle: .degrees(90), clockwise: true)
        let pts = sampledPoints(p, samples: 32)
        // Bites INTO the ticket: reaches the point at 180° (left of the centre).
        #expect(pts.contains { dist($0, CGPoint(x: 186, y: 60)) < 1e-3 * 14 })
        #expect(!pts.contains { $0.x > 200 + 1e-9 })
        // Joined by a line to the arc start (200, 46).
        #expect(p.elements[2] == .line(to: CGPoint(x: 200, y: 46)))
        #expect(near(p.currentPoint!, CGPoint(x: 200, y: 74)))
    }

    @Test func joinedToCurrentPointByLine() {
        var p = Path()
        p.move(to: .zero)
        p.addArc(center: c, radius: r, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        #expect(p.elements[1] == .line(to: CGPoint(x: c.x + r, y: c.y)))
        // No zero-length line when the current point is the arc start.
        var q = Path()
        q.move(to: CGPoint(x: c.x + r, y: c.y))
        q.addArc(center: c, radius: r, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        #expect(q.elements.count == 2)
    }

    @Test func arcTransformApplies() {
        var p = Path()
        let t = CGAffineTransform(translationX: 10, y: 20)
        p.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(180), clockwise: false, transform: t)
        #expect(p.elements.first == .move(to: CGPoint(x: 20, y: 20)))
        #expect(near(p.currentPoint!, CGPoint(x: 0, y: 20)))
        #expect(sampledPoints(p).contains { near($0, CGPoint(x: 10, y: 30), 1e-9) })
    }

    @Test func relativeArc() {
        var p = Path()
        p.addRelativeArc(center: c, radius: r, startAngle: .degrees(90), delta: .degrees(-180))
        #expect(abs(sweptDegrees(sampledPoints(p), around: c) + 180) < 1e-6)
        #expect(near(p.currentPoint!, CGPoint(x: c.x, y: c.y - r)))
    }

    @Test func tangentArc() {
        // Corner at (100, 0) between a horizontal and a vertical leg: radius 20 rounds it.
        var p = Path()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        #expect(p.elements[1] == .line(to: CGPoint(x: 80, y: 0)))
        #expect(near(p.currentPoint!, CGPoint(x: 100, y: 20), 1e-9))
        let center = CGPoint(x: 80, y: 20)
        for q in sampledPoints(p).dropFirst(2) { #expect(abs(dist(q, center) - 20) < 1e-3 * 20) }
        #expect(abs(sweptDegrees(Array(sampledPoints(p).dropFirst(1)), around: center) - 90) < 1e-6)
    }

    @Test func tangentArcDegenerateCases() {
        // Collinear: a line to tangent1End.
        var p = Path()
        p.move(to: .zero)
        p.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 100, y: 0), radius: 10)
        #expect(p.elements == [.move(to: .zero), .line(to: CGPoint(x: 50, y: 0))])
        // Zero radius: a line to tangent1End.
        var q = Path()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 50, y: 0), tangent2End: CGPoint(x: 50, y: 50), radius: 0)
        #expect(q.elements == [.move(to: .zero), .line(to: CGPoint(x: 50, y: 0))])
        // No current point: moves to tangent1End.
        var e = Path()
        e.addArc(tangent1End: CGPoint(x: 5, y: 6), tangent2End: CGPoint(x: 50, y: 0), radius: 3)
        #expect(e.elements == [.move(to: CGPoint(x: 5, y: 6))])
    }

    @Test func zeroRadiusArcIsAPoint() {
        var p = Path()
        p.move(to: .zero)
        p.addArc(center: c, radius: 0, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        #expect(p.elements == [.move(to: .zero), .line(to: c)])
    }
}
