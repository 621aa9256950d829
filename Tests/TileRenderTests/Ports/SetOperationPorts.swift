import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// The set-operation seeds, written with SwiftUI's set operations (the reference SVGs hold Skia
/// PathOps' results as plain paths).
@Suite struct PortsSetOperations {
    @Test func set_operations() throws {
        let a = Path(ellipseIn: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = Path(ellipseIn: CGRect(x: 60, y: 30, width: 100, height: 100))
        let scene = Ports.scene(680, 150) { context in
            context.fill(a.union(b), with: .color(.blue))
            context.fill(a.intersection(b).offsetBy(dx: 170, dy: 0), with: .color(.green))
            context.fill(a.subtracting(b).offsetBy(dx: 340, dy: 0), with: .color(.orange))
            context.fill(a.symmetricDifference(b).offsetBy(dx: 510, dy: 0), with: .color(.purple))
        }
        try Ports.check(scene, "set_operations")
    }

    @Test func ring_subtracting() throws {
        let scene = Ports.scene(160, 160) { ctx in
            ctx.fillView(Circle().subtracting(Circle().inset(by: 30)), frame: CGRect(x: 10, y: 10, width: 140, height: 140),
                         with: Color.primary)
        }
        try Ports.check(scene, "ring_subtracting")
    }

    private struct Ticket: Shape {
        var notch: CGFloat = 16
        func path(in rect: CGRect) -> Path {
            let card = Path(roundedRect: rect, cornerRadius: 12, style: .circular)
            let left = Path(ellipseIn: CGRect(x: rect.minX - notch, y: rect.midY - notch, width: notch * 2, height: notch * 2))
            let right = Path(ellipseIn: CGRect(x: rect.maxX - notch, y: rect.midY - notch, width: notch * 2, height: notch * 2))
            return card.subtracting(left).subtracting(right)
        }
    }

    @Test func ticket_subtracting() throws {
        let scene = Ports.scene(260, 130) { ctx in
            ctx.fillView(Ticket(), frame: CGRect(x: 10, y: 10, width: 240, height: 110), with: Color.orange)
        }
        try Ports.check(scene, "ticket_subtracting")
    }
}

@Suite struct SetOperationTests {
    private func area(_ p: Path) throws -> Double {
        coveredArea(try renderCPU(width: 100, height: 100) { $0.fill(p, with: .color(.black)) })
    }

    @Test func rectangles() throws {
        let a = Path(CGRect(x: 10, y: 10, width: 40, height: 40))
        let b = Path(CGRect(x: 30, y: 20, width: 40, height: 50))
        #expect(abs(try area(a.union(b)) - (1600 + 2000 - 600)) < 0.5)
        #expect(abs(try area(a.intersection(b)) - 600) < 0.5)
        #expect(abs(try area(a.subtracting(b)) - 1000) < 0.5)
        #expect(abs(try area(b.subtracting(a)) - 1400) < 0.5)
        #expect(abs(try area(a.symmetricDifference(b)) - 2400) < 0.5)
    }

    @Test func sharedEdgesAndDisjointShapes() throws {
        let left = Path(CGRect(x: 10, y: 10, width: 30, height: 30))
        let right = Path(CGRect(x: 40, y: 10, width: 30, height: 30))   // shares the edge x = 40
        #expect(abs(try area(left.union(right)) - 1800) < 0.5)
        #expect(try area(left.intersection(right)) < 0.5)
        let far = Path(CGRect(x: 80, y: 80, width: 10, height: 10))
        #expect(abs(try area(left.union(far)) - 1000) < 0.5)
        #expect(left.intersection(far).isEmpty)
        #expect(try area(left.subtracting(left)) < 0.5)
    }

    @Test func curvesAndFillRules() throws {
        let disc = Path(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80))
        let hole = Path(ellipseIn: CGRect(x: 30, y: 30, width: 40, height: 40))
        let ring = disc.subtracting(hole)
        let expected = Double.pi * (40 * 40 - 20 * 20)
        #expect(abs(try area(ring) - expected) < 0.01 * expected)
        // An even-odd input: a square with a square hole, unioned with nothing but itself.
        var framed = Path(CGRect(x: 10, y: 10, width: 60, height: 60))
        framed.addRect(CGRect(x: 30, y: 30, width: 20, height: 20))
        #expect(abs(try area(framed.union(framed, eoFill: true)) - 3200) < 0.5)
        #expect(abs(try area(framed.union(framed)) - 3600) < 0.5)
        #expect(Path().union(Path()).isEmpty)
    }
}
