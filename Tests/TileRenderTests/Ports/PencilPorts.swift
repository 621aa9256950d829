import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create a color pencil in SwiftUI" (seed 003), drawn with GraphicsContext calls in frames laid out by
// hand: the seed's pencil shapes (Sources/SeedPorts/ColorPencils.swift; SeedViewPorts draws the seed's
// views themselves).

private func getColorGradient(_ col: Color) -> LinearGradient {
    var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
    UIColor(col).getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
    return LinearGradient(
        colors: [
            Color(hue: hue, saturation: saturation * 1.0, brightness: brightness * 0.4),
            Color(hue: hue, saturation: saturation * 1.0, brightness: brightness * 0.8),
            Color(hue: hue, saturation: saturation * 1.0, brightness: brightness * 1.0),
            Color(hue: hue, saturation: saturation * 0.6, brightness: brightness * 1.0),
            Color(hue: hue, saturation: saturation * 0.8, brightness: brightness * 0.9)
        ],
        startPoint: .leading,
        endPoint: .trailing)
}

extension GraphicsContext {
    /// ColorPencilView(color:) in `frame`.
    fileprivate func colorPencilView(_ color: Color, frame: CGRect) {
        fillView(PencilTipShape(), frame: frame, with: getColorGradient(color))
        fillView(PencilTimberShape(), frame: frame, with: Color(hue: 0.07, saturation: 0.4, brightness: 0.9))
        fillView(PencilBodyShape(), frame: frame, with: getColorGradient(color))
    }
}

@Suite struct PortsPencil {
    @Test func pencils_gray_flat() throws {
        let scene = Ports.scene(208, 400) { ctx in
            // GrayPencilView's pencil at (0,0)
            let gray = CGRect(x: 0, y: 0, width: 100, height: 400)
            ctx.fillView(PencilTipShape(), frame: gray, with: .gray)
            ctx.fillView(PencilTimberShape(), frame: gray, with: .orange.opacity(0.3))
            ctx.fillView(PencilBodyShape(), frame: gray, with: .red.opacity(0.9))
            // ColorPencilView1(color: .blue) at (108,0)
            let blue = CGRect(x: 108, y: 0, width: 100, height: 400)
            let color = Color.blue
            ctx.fillView(PencilTipShape(), frame: blue, with: color)
            ctx.fillView(PencilTimberShape(), frame: blue, with: Color(hue: 0.07, saturation: 0.4, brightness: 0.9))
            ctx.fillView(PencilBodyShape(), frame: blue, with: color)
        }
        try Ports.check(scene, "pencils_gray_flat")
    }

    @Test func pencil_blue_gradient() throws {
        let scene = Ports.scene(100, 400) { ctx in
            ctx.colorPencilView(.blue, frame: CGRect(x: 0, y: 0, width: 100, height: 400))
        }
        try Ports.check(scene, "pencil_blue_gradient")
    }

    @Test func pencils_rainbow() throws {
        let colors: [Color] = [.red, .orange, .yellow, .green, .blue,
                               Color(hue: 0.773, saturation: 1.0, brightness: 0.51),
                               Color(hue: 0.771, saturation: 1.0, brightness: 1.00)]
        // HStack(spacing: 8) in 400 x 300: seven frames of (400 - 6 * 8) / 7 wide.
        let width = (400.0 - 6 * 8) / 7
        let scene = Ports.scene(400, 300) { ctx in
            for (i, color) in colors.enumerated() {
                ctx.colorPencilView(color, frame: CGRect(x: CGFloat(i) * (width + 8), y: 0, width: width, height: 300))
            }
        }
        try Ports.check(scene, "pencils_rainbow")
    }
}
