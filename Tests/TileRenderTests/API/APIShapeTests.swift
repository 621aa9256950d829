import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct APIShapeTests {
    @Test func ellipseStartsAtThreeOClockGoingDown() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 60)
        let p = Path(ellipseIn: rect)
        #expect(p.elements.first == .move(to: CGPoint(x: 110, y: 50)))
        #expect(p.elements.last == .closeSubpath)
        #expect(curveCount(p) == 4)
        // First quarter ends at 6 o'clock (maxY): down first.
        #expect(endPoint(p.elements[1]) == CGPoint(x: 60, y: 80))
        #expect(endPoint(p.elements[4]) == CGPoint(x: 110, y: 50))
        // On the ellipse.
        for q in sampledPoints(p, samples: 32) {
            let u = (q.x - 60) / 50, v = (q.y - 50) / 30
            #expect(abs((u * u + v * v).squareRoot() - 1) < 1e-3)
        }
    }

    @Test func circleIsCentredWithMinRadius() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
        let p = Circle().path(in: rect)
        #expect(p.elements.first == .move(to: CGPoint(x: 150, y: 50)))
        #expect(endPoint(p.elements[1]) == CGPoint(x: 100, y: 100))
        #expect(near(p.boundingRect, CGRect(x: 50, y: 0, width: 100, height: 100), 1e-9))
        #expect(abs(sweptDegrees(sampledPoints(p), around: CGPoint(x: 100, y: 50)) - 360) < 1e-6)
    }

    @Test func rectangleStartsTopLeftAlongTop() {
        let p = Rectangle().path(in: CGRect(x: 1, y: 2, width: 10, height: 20))
        #expect(p.elements == [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 11, y: 2)),
                               .line(to: CGPoint(x: 11, y: 22)), .line(to: CGPoint(x: 1, y: 22)), .closeSubpath])
    }

    @Test func roundedRectStartAndDirection() {
        let p = Path(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10, style: .circular)
        #expect(p.elements.first == .move(to: CGPoint(x: 10, y: 0)))
        #expect(p.elements[1] == .line(to: CGPoint(x: 90, y: 0)))
        #expect(endPoint(p.elements[2]) == CGPoint(x: 100, y: 10))
        #expect(p.elements.last == .closeSubpath)
        #expect(curveCount(p) == 4)
        #expect(near(p.boundingRect, CGRect(x: 0, y: 0, width: 100, height: 50)))
        // Corner arc is a quarter circle around (90, 10).
        var corner = Path()
        corner.move(to: CGPoint(x: 90, y: 0))
        if case .curve(let to, let c1, let c2) = p.elements[2] { corner.addCurve(to: to, control1: c1, control2: c2) }
        for q in sampledPoints(corner) { #expect(abs(dist(q, CGPoint(x: 90, y: 10)) - 10) < 1e-3 * 10) }
    }

    @Test func continuousCornersEaseInWhereCircularOnesJump() {
        // Radius 100 corners on a 400 x 320 rect: the continuous curve leaves the top edge 152.87 from
        // the corner (a circular one 100), cuts deeper near the edge (at 80 from the corner, 3.35
        // below it against 2.02), and meets the circle near 45 degrees.
        let rect = CGRect(x: 0, y: 0, width: 400, height: 320)
        let continuous = Path(roundedRect: rect, cornerRadius: 100)
        let circular = Path(roundedRect: rect, cornerRadius: 100, style: .circular)
        guard case .move(let start) = continuous.elements.first else { Issue.record("no move first"); return }
        #expect(abs(start.x - 152.866483) < 1e-9 && start.y == 0)
        #expect(near(continuous.boundingRect, rect))
        // Near each of the four corners (mirrored), a point inside the circular corner only.
        for (flipX, flipY) in [(false, false), (true, false), (false, true), (true, true)] {
            func mirrored(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
                CGPoint(x: flipX ? rect.maxX - x : x, y: flipY ? rect.maxY - y : y)
            }
            for (x, y) in [(80.0, 2.7), (2.7, 80.0)] {
                #expect(circular.contains(mirrored(x, y)) && !continuous.contains(mirrored(x, y)), "\(mirrored(x, y))")
            }
            // On the diagonal both curves pass near 29.2: outside both short of it, inside both past it.
            #expect(!continuous.contains(mirrored(29.0, 29.0)) && !circular.contains(mirrored(29.0, 29.0)))
            #expect(continuous.contains(mirrored(29.5, 29.5)) && circular.contains(mirrored(29.5, 29.5)))
        }
        // The continuous corners take more of the rectangle than the circular ones.
        let a = polygonArea(continuous), b = polygonArea(circular)
        #expect(a < b && b - a > 4 * 100)
    }

    @Test func continuousCornersTurnCircularAsTheyFillTheSide() {
        // A capsule stays a capsule; at a radius of half the side the two styles give the same outline.
        let rect = CGRect(x: 0, y: 0, width: 160, height: 60)
        let capsule = Capsule().path(in: rect), circular = Capsule(style: .circular).path(in: rect)
        #expect(abs(polygonArea(capsule) - polygonArea(circular)) < 1e-6)
        #expect(capsule.elements.first == circular.elements.first)
        // In between, the area lies between the fully continuous and the circular shape's.
        func area(_ r: CGFloat, _ style: RoundedCornerStyle) -> Double { polygonArea(Path(roundedRect: rect, cornerRadius: r, style: style)) }
        let partly = area(25, .continuous)
        #expect(partly < area(25, .circular) && partly > area(30, .circular))
        // Elliptical corners scale the curve on each axis.
        let elliptic = Path(roundedRect: CGRect(x: 0, y: 0, width: 400, height: 300), cornerSize: CGSize(width: 60, height: 30))
        if case .move(let p) = elliptic.elements.first { #expect(abs(p.x - 60 * 1.52866483) < 1e-9 && p.y == 0) }
        #expect(!elliptic.contains(CGPoint(x: 1, y: 1)) && elliptic.contains(CGPoint(x: 200, y: 1)))
    }

    @Test func roundedRectCornerClamping() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        let p = Path(roundedRect: rect, cornerSize: CGSize(width: 80, height: 30))
        // Clamped to (50, 20): starts at the top midpoint; no zero-length edges.
        #expect(p.elements.first == .move(to: CGPoint(x: 50, y: 0)))
        #expect(p.elements.allSatisfy { if case .line = $0 { return false } else { return true } })
        #expect(near(p.boundingRect, rect))
        // Zero corner: a plain rectangle.
        #expect(Path(roundedRect: rect, cornerRadius: 0) == Path(rect))
        // Capsule: radius = half the shorter side.
        let cap = Capsule(style: .circular).path(in: CGRect(x: 0, y: 0, width: 160, height: 60))
        #expect(cap.elements.first == .move(to: CGPoint(x: 30, y: 0)))
        #expect(cap.elements[1] == .line(to: CGPoint(x: 130, y: 0)))
        #expect(near(cap.boundingRect, CGRect(x: 0, y: 0, width: 160, height: 60)))
    }

    @Test func insettableShapes() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 80)
        #expect(Rectangle().inset(by: 10).path(in: rect) == Path(CGRect(x: 10, y: 10, width: 80, height: 60)))
        #expect(near(Circle().inset(by: 5).path(in: rect).boundingRect, CGRect(x: 15, y: 5, width: 70, height: 70)))
        #expect(near(Ellipse().inset(by: 5).inset(by: 5).path(in: rect).boundingRect,
                     CGRect(x: 10, y: 10, width: 80, height: 60)))
        // RoundedRectangle inset shrinks the corner radius too (concentric outline).
        let rr = RoundedRectangle(cornerRadius: 20, style: .circular).inset(by: 5).path(in: rect)
        #expect(rr.elements.first == .move(to: CGPoint(x: 5 + 15, y: 5)))
        #expect(near(Capsule().inset(by: 10).path(in: rect).boundingRect, CGRect(x: 10, y: 10, width: 80, height: 60)))
        // Over-inset collapses to the centre, no crash.
        #expect(near(Circle().inset(by: 100).path(in: rect).boundingRect, CGRect(x: 50, y: 40, width: 0, height: 0)))
    }

    @Test func pathIsAShape() {
        let p = Path(CGRect(x: 1, y: 1, width: 2, height: 2))
        #expect(p.path(in: CGRect(x: 50, y: 50, width: 10, height: 10)) == p)
    }

    @Test func offsetModifier() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(Rectangle().offset(x: 5, y: -2).path(in: rect).boundingRect == CGRect(x: 5, y: -2, width: 10, height: 10))
        #expect(Rectangle().offset(CGSize(width: 1, height: 2)).path(in: rect).boundingRect
                == CGRect(x: 1, y: 2, width: 10, height: 10))
        // Offset of an insettable shape stays insettable.
        #expect(Rectangle().offset(x: 5).inset(by: 1).path(in: rect).boundingRect
                == CGRect(x: 6, y: 1, width: 8, height: 8))
    }

    @Test func rotationModifierAboutAnchor() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        // 90° about the centre (50, 25): a 50 x 100 box centred there.
        let b = Rectangle().rotation(.degrees(90)).path(in: rect).boundingRect
        #expect(near(b, CGRect(x: 25, y: -25, width: 50, height: 100), 1e-9))
        // Positive angles turn +x toward +y: the top-left corner about .topLeading goes to +y side.
        let p = Rectangle().rotation(.degrees(90), anchor: .topLeading).path(in: rect)
        #expect(near(endPoint(p.elements[1])!, CGPoint(x: 0, y: 100), 1e-9))
        #expect(near(p.boundingRect, CGRect(x: -50, y: 0, width: 50, height: 100), 1e-9))
    }

    @Test func scaleAndTransformModifiers() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(near(Rectangle().scale(0.5).path(in: rect).boundingRect, CGRect(x: 25, y: 12.5, width: 50, height: 25)))
        #expect(near(Rectangle().scale(x: 2, y: 1, anchor: .topLeading).path(in: rect).boundingRect,
                     CGRect(x: 0, y: 0, width: 200, height: 50)))
        #expect(near(Rectangle().scale(0.5, anchor: .bottomTrailing).path(in: rect).boundingRect,
                     CGRect(x: 50, y: 25, width: 50, height: 25)))
        let t = CGAffineTransform(translationX: 3, y: 4)
        #expect(Rectangle().transform(t).path(in: rect) == Path(rect).applying(t))
    }

    @Test func unitPoints() {
        let r = CGRect(x: 10, y: 20, width: 100, height: 200)
        #expect(UnitPoint.center.point(in: r) == CGPoint(x: 60, y: 120))
        #expect(UnitPoint.topLeading.point(in: r) == CGPoint(x: 10, y: 20))
        #expect(UnitPoint.bottomTrailing.point(in: r) == CGPoint(x: 110, y: 220))
        #expect(UnitPoint.top == UnitPoint(x: 0.5, y: 0))
        #expect(UnitPoint.bottom == UnitPoint(x: 0.5, y: 1))
        #expect(UnitPoint.leading == UnitPoint(x: 0, y: 0.5))
        #expect(UnitPoint.trailing == UnitPoint(x: 1, y: 0.5))
        #expect(UnitPoint.topTrailing == UnitPoint(x: 1, y: 0))
        #expect(UnitPoint.bottomLeading == UnitPoint(x: 0, y: 1))
        #expect(UnitPoint.zero == UnitPoint())
    }

    /// A user shape needs only `path(in:)` and gets the modifiers.
    struct Triangle: Shape {
        func path(in rect: CGRect) -> Path {
            Path { p in
                p.move(to: CGPoint(x: rect.midX, y: rect.minY))
                p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                p.closeSubpath()
            }
        }
    }

    @Test func userShape() {
        let b = Triangle().offset(x: 10).path(in: CGRect(x: 0, y: 0, width: 20, height: 10)).boundingRect
        #expect(b == CGRect(x: 10, y: 0, width: 20, height: 10))
    }
}

/// The area of a path's outline, its curves sampled at 64 points each (shoelace formula).
private func polygonArea(_ path: Path) -> Double {
    var points: [CGPoint] = [], area = 0.0
    func close() {
        guard points.count > 2 else { points = []; return }
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            area += Double(p.x * q.y - q.x * p.y) / 2
        }
        points = []
    }
    path.forEach { element in
        switch element {
        case .move(let p): close(); points = [p]
        case .line(let p): points.append(p)
        case .quadCurve(let p, let c):
            let s = points.last ?? p
            for k in 1...64 { let t = CGFloat(k) / 64; points.append(CGPoint(x: (1-t)*(1-t)*s.x + 2*(1-t)*t*c.x + t*t*p.x, y: (1-t)*(1-t)*s.y + 2*(1-t)*t*c.y + t*t*p.y)) }
        case .curve(let p, let c1, let c2):
            let s = points.last ?? p
            for k in 1...64 {
                let t = CGFloat(k) / 64, u = 1 - t
                points.append(CGPoint(x: u*u*u*s.x + 3*u*u*t*c1.x + 3*u*t*t*c2.x + t*t*t*p.x,
                                      y: u*u*u*s.y + 3*u*u*t*c1.y + 3*u*t*t*c2.y + t*t*t*p.y))
            }
        case .closeSubpath: close()
        }
    }
    close()
    return abs(area)
}
