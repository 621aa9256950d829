import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create a blob shape" (seed 003): Regular Polygon, verbatim (first vertex at 3 o'clock).

private struct RegularPolygonShape: Shape { var sides: Int
    func path(in rect: CGRect) -> Path {
        let c = CGPoint(x: rect.width/2.0, y: rect.height/2.0); let r = Double(min(rect.width, rect.height)) / 2.0
        var path = Path()
        for i in 0...sides { let angle = 2.0 * Double.pi * Double(i) / Double(sides)
            let pt = CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
            i == 0 ? path.move(to: pt) : path.addLine(to: pt) }
        path.closeSubpath(); return path } }

@Suite struct PortsPolygon {
    @Test func regular_polygons() throws {
        let scene = Ports.scene(340, 230) { ctx in
            for k in 0..<6 {
                ctx.fillView(RegularPolygonShape(sides: 3 + k),
                             frame: CGRect(x: 10 + CGFloat(k % 3) * 110, y: 10 + CGFloat(k / 3) * 110, width: 100, height: 100),
                             with: Color.blue)
            }
        }
        try Ports.check(scene, "regular_polygons")
    }
}
