import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// A wide stroke on a circle must equal the ring between two circles (filled even-odd), edge pixels
/// included: the inner edge of a stroked curve is where outline overlaps would show.
@Suite struct WideRingTests {
    @Test(arguments: [2.0, 10, 30, 60])
    func strokedCircleEqualsRing(_ width: Double) throws {
        let r = 45 + width / 2
        let stroked = try renderCPU(width: 160, height: 160) { ctx in
            ctx.stroke(Path(ellipseIn: CGRect(x: 80 - r, y: 80 - r, width: 2 * r, height: 2 * r)), with: .color(.black), lineWidth: width)
        }
        let ring = try renderCPU(width: 160, height: 160) { ctx in
            let outer = r + width / 2, inner = r - width / 2
            var p = Path(ellipseIn: CGRect(x: 80 - outer, y: 80 - outer, width: 2 * outer, height: 2 * outer))
            p.addEllipse(in: CGRect(x: 80 - inner, y: 80 - inner, width: 2 * inner, height: 2 * inner))
            ctx.fill(p, with: .color(.black), style: FillStyle(eoFill: true))
        }
        let worst = zip(stroked.pixels, ring.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        // Both approximate circles within their flattening tolerances (0.05 and 0.2 px).
        #expect(worst <= 40, "width \(width): worst \(worst)")
    }
}
