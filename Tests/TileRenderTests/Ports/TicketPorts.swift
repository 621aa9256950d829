import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// Lesson 25 "A boarding pass, drawn in code" (seed 004), step 3: Ticket, verbatim.

/// A ticket: a rectangle with a round notch bitten out of each side.
private struct Ticket: Shape {
    var notch: CGFloat = 14

    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.minX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY - notch))
        path.addArc(center: CGPoint(x: rect.maxX, y: rect.midY), radius: notch,
                    startAngle: .degrees(270), endAngle: .degrees(90), clockwise: true)
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.midY + notch))
        path.addArc(center: CGPoint(x: rect.minX, y: rect.midY), radius: notch,
                    startAngle: .degrees(90), endAngle: .degrees(270), clockwise: true)
        path.closeSubpath()
        return path
    }
}

@Suite struct PortsTicket {
    @Test func ticket_three_sizes() throws {
        let scene = Ports.scene(360, 388) { ctx in
            // VStack(spacing: 24), centred in 360 wide: frames at (120,10), (60,94), (10,218)
            ctx.fillView(Ticket(), frame: CGRect(x: 120, y: 10, width: 120, height: 60), with: .orange)
            ctx.fillView(Ticket(), frame: CGRect(x: 60, y: 94, width: 240, height: 100), with: .orange)
            ctx.fillView(Ticket(notch: 24), frame: CGRect(x: 10, y: 218, width: 340, height: 160), with: .orange)
        }
        try Ports.check(scene, "ticket_three_sizes")
    }
}
