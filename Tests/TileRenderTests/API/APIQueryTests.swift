import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct APIQueryTests {
    @Test func boundingRectOfCurvesIsTight() {
        // A cubic whose control points lie far above the curve.
        var p = Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: -100), control2: CGPoint(x: 100, y: -100))
        // Extremum at t = 0.5: y = -75.
        #expect(near(p.boundingRect, CGRect(x: 0, y: -75, width: 100, height: 75), 1e-9))
        // Quad: apex at t = 0.5 -> y = 50.
        var q = Path()
        q.move(to: CGPoint(x: 0, y: 0))
        q.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        #expect(near(q.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 50), 1e-9))
        // Cubic with an x overshoot on both sides.
        var s = Path()
        s.move(to: CGPoint(x: 0, y: 0))
        s.addCurve(to: CGPoint(x: 0, y: 30), control1: CGPoint(x: 30, y: 0), control2: CGPoint(x: -30, y: 30))
        let b = s.boundingRect
        #expect(b.minX < -5 && b.maxX > 5 && b.minX > -30 && b.maxX < 30)
        #expect(abs(b.minX + b.maxX) < 1e-9)
    }

    @Test func boundingRectOfCircle() {
        let p = Path(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80))
        #expect(near(p.boundingRect, CGRect(x: 10, y: 10, width: 80, height: 80), 1e-9))
        var a = Path()
        a.addArc(center: .zero, radius: 10, startAngle: .degrees(-45), endAngle: .degrees(45), clockwise: false)
        let b = a.boundingRect
        #expect(abs(b.maxX - 10) < 1e-9)
        #expect(abs(b.minX - 10 * cos(.pi / 4)) < 1e-9)
    }

    @Test func boundingRectOfEmptyPathIsNull() {
        #expect(Path().boundingRect.isNull)
        #expect(Path(CGRect(x: 1, y: 2, width: 3, height: 4)).boundingRect == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func containsNonzeroAndEvenOdd() {
        // Two nested squares with the same direction: nonzero fills the hole, even-odd does not.
        var p = Path(CGRect(x: 0, y: 0, width: 100, height: 100))
        p.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let inHole = CGPoint(x: 50, y: 50), inRing = CGPoint(x: 10, y: 10), outside = CGPoint(x: 150, y: 50)
        #expect(p.contains(inHole))
        #expect(!p.contains(inHole, eoFill: true))
        #expect(p.contains(inRing) && p.contains(inRing, eoFill: true))
        #expect(!p.contains(outside) && !p.contains(outside, eoFill: true))
        // Reversed inner square: the hole is empty under nonzero too.
        var r = Path(CGRect(x: 0, y: 0, width: 100, height: 100))
        r.addLines([CGPoint(x: 25, y: 25), CGPoint(x: 25, y: 75), CGPoint(x: 75, y: 75), CGPoint(x: 75, y: 25)])
        #expect(!r.contains(inHole))
    }

    @Test func containsWithCurvesAndImplicitClose() {
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(circle.contains(CGPoint(x: 50, y: 50)))
        #expect(circle.contains(CGPoint(x: 50, y: 1)))
        #expect(!circle.contains(CGPoint(x: 3, y: 3)))
        #expect(circle.contains(CGPoint(x: 50 + 49 * cos(0.3), y: 50 + 49 * sin(0.3))))
        #expect(!circle.contains(CGPoint(x: 50 + 51 * cos(0.3), y: 50 + 51 * sin(0.3))))
        // Unclosed triangle fills as if closed.
        var t = Path()
        t.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 100)])
        #expect(t.contains(CGPoint(x: 10, y: 10)))
        #expect(!t.contains(CGPoint(x: 90, y: 90)))
    }

    @Test func pathCopyOnWrite() {
        let original = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        var copy = original
        copy.addEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(original.elements.count == 5)
        #expect(copy.elements.count > 5)
        #expect(original != copy)
        var moved = original
        moved.move(to: CGPoint(x: 1, y: 1))
        #expect(original.currentPoint == CGPoint(x: 0, y: 0))
    }
}

/// `Path(rect)` builds its elements at once; it must be exactly `addRect(rect)` on an empty path, for
/// ordinary, flipped, empty and non-finite rectangles (compared bit for bit, so NaN and -0 count).
@Suite struct PathRectInitTests {
    private func bits(_ path: Path) -> [UInt64] {
        var out: [UInt64] = []
        for e in path.elements {
            switch e {
            case .move(let p): out += [1, UInt64(p.x.bitPattern), UInt64(p.y.bitPattern)]
            case .line(let p): out += [2, UInt64(p.x.bitPattern), UInt64(p.y.bitPattern)]
            case .quadCurve(let p, let c): out += [3, UInt64(p.x.bitPattern), UInt64(p.y.bitPattern), UInt64(c.x.bitPattern), UInt64(c.y.bitPattern)]
            case .curve(let p, let c1, let c2): out += [4, UInt64(p.x.bitPattern), UInt64(p.y.bitPattern), UInt64(c1.x.bitPattern), UInt64(c1.y.bitPattern), UInt64(c2.x.bitPattern), UInt64(c2.y.bitPattern)]
            case .closeSubpath: out += [5]
            }
        }
        if let c = path.currentPoint { out += [6, UInt64(c.x.bitPattern), UInt64(c.y.bitPattern)] }
        return out
    }

    @Test func rectInitIsAddRect() {
        var rects = [CGRect(x: 1, y: 2, width: 3, height: 4), CGRect(x: 5, y: 5, width: -3, height: -2), .zero,
                     CGRect(x: -0.0, y: -0.0, width: 0, height: 7), CGRect(x: CGFloat.nan, y: 1, width: 2, height: 3),
                     CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 3), CGRect(x: -CGFloat.infinity, y: CGFloat.infinity, width: 1, height: 1),
                     CGRect(x: 1e308, y: -1e308, width: 1e308, height: 1e308)]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<200 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            func value(_ shift: UInt64) -> CGFloat { CGFloat(Int64(bitPattern: (state >> shift) & 0xFFFF) - 0x8000) / 7 }
            rects.append(CGRect(x: value(0), y: value(16), width: value(32), height: value(48)))
        }
        for rect in rects {
            var built = Path()
            built.addRect(rect)
            let made = Path(rect)
            #expect(bits(made) == bits(built), "\(rect)")
            // Building on from it behaves the same too.
            var a = made, b = built
            a.addLine(to: CGPoint(x: 9, y: 9)); b.addLine(to: CGPoint(x: 9, y: 9))
            #expect(bits(a) == bits(b), "\(rect)")
        }
    }
}
