import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// angular_gradient: SVG has no conic gradient, so this scene is checked through the Swift API only
/// (its reference is Skia's sweep gradient).
@Suite struct PortsAngularGradient {
    @Test func angular_gradient() throws {
        let scene = Ports.scene(360, 200) { ctx in
            ctx.strokeBorderView(Circle(), frame: CGRect(x: 20, y: 20, width: 160, height: 160),
                                 with: AngularGradient(gradient: Gradient(colors: [.red, .yellow, .green, .blue, .purple, .red]),
                                                       center: .center, angle: .degrees(-90)),
                                 lineWidth: 24)
            ctx.fillView(Rectangle(), frame: CGRect(x: 200, y: 30, width: 140, height: 140),
                         with: AngularGradient(gradient: Gradient(colors: [.red, .blue, .red]), center: UnitPoint(x: 0.3, y: 0.4)))
        }
        try Ports.check(scene, "angular_gradient")
    }
}
