import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts
#if Vulkan
@testable import TileRenderVulkan
#endif

// Lesson 25 "A boarding pass, drawn in code" (seed 004), step 3: the seed's Ticket (Sources/SeedPorts).

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
