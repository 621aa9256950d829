import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// Lesson 25 "A boarding pass, drawn in code" (seed 004), edge cases 1 ('which way is clockwise') and
// 8 ('drawing from the rectangle'): Ticket(clockwise:), FixedTriangle and Triangle, verbatim.

private struct Ticket: Shape {
    var clockwise: Bool

    func path(in rect: CGRect) -> Path {
        var path = Path()
        let notch: CGFloat = 16
        path.move(to: CGPoint(x: rect.minX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY - notch))
        path.addArc(center: CGPoint(x: rect.maxX, y: rect.midY), radius: notch,
                    startAngle: .degrees(270), endAngle: .degrees(90), clockwise: clockwise)
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.midY + notch))
        path.addArc(center: CGPoint(x: rect.minX, y: rect.midY), radius: notch,
                    startAngle: .degrees(90), endAngle: .degrees(270), clockwise: clockwise)
        path.closeSubpath()
        return path
    }
}

private struct FixedTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 50, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        path.addLine(to: CGPoint(x: 0, y: 100))
        path.closeSubpath()
        return path
    }
}

private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.midX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.closeSubpath()
        return path
    }
}

@Suite struct PortsEdgeCase {
    @Test func ticket_clockwise() throws {
        let scene = Ports.scene(280, 300) { ctx in
            ctx.fillView(Ticket(clockwise: true), frame: CGRect(x: 20, y: 20, width: 240, height: 110), with: .orange)
            ctx.fillView(Ticket(clockwise: false), frame: CGRect(x: 20, y: 170, width: 240, height: 110), with: .orange)
        }
        try Ports.check(scene, "ticket_clockwise")
    }

    @Test func triangles_fixed_vs_rect() throws {
        let scene = Ports.scene(240, 430) { ctx in
            // VStack(spacing: 30): frames at y = 0 and y = 230. `.border(.gray)` is a 1 pt strokeBorder on
            // top, drawn as its filled outline (strokes are not implemented yet).
            let top = CGRect(x: 0, y: 0, width: 240, height: 200)
            ctx.fillView(FixedTriangle(), frame: top, with: .green)
            ctx.fillBorder(of: top, color: .gray)
            let bottom = CGRect(x: 0, y: 230, width: 240, height: 200)
            ctx.fillView(Triangle(), frame: bottom, with: .green)
            ctx.fillBorder(of: bottom, color: .gray)
        }
        try Ports.check(scene, "triangles_fixed_vs_rect")
    }
}
