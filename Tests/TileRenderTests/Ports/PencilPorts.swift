import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create a color pencil in SwiftUI" (seed 003): PencilTipShape, PencilTimberShape, PencilBodyShape.

private struct PencilTipShape: Shape {
    func path(in rect: CGRect) -> Path {
        let path = Path { path in
            path.move(to: CGPoint(x: 0.470 * rect.maxX, y: 0.035 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.530 * rect.maxX, y: 0.020 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.670 * rect.maxX, y: 0.106 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.330 * rect.maxX, y: 0.106 * rect.maxY),
                          control1: CGPoint(x: 0.580 * rect.maxX, y: 0.120 * rect.maxY),
                          control2: CGPoint(x: 0.420 * rect.maxX, y: 0.120 * rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

private struct PencilTimberShape: Shape {
    func path(in rect: CGRect) -> Path {
        let path = Path { path in
            path.move(to: CGPoint(x: 0.330 * rect.maxX, y: 0.106 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.670 * rect.maxX, y: 0.106 * rect.maxY),
                          control1: CGPoint(x: 0.420 * rect.maxX, y: 0.120 * rect.maxY),
                          control2: CGPoint(x: 0.580 * rect.maxX, y: 0.120 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.980 * rect.maxX, y: 0.270 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.020 * rect.maxX, y: 0.270 * rect.maxY),
                          control1: CGPoint(x: 0.700 * rect.maxX, y: 0.320 * rect.maxY),
                          control2: CGPoint(x: 0.300 * rect.maxX, y: 0.320 * rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

private struct PencilBodyShape: Shape {
    func path(in rect: CGRect) -> Path {
        let path = Path { path in
            path.move(to: CGPoint(x: 0.020 * rect.maxX, y: 0.270 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.980 * rect.maxX, y: 0.270 * rect.maxY),
                          control1: CGPoint(x: 0.300 * rect.maxX, y: 0.320 * rect.maxY),
                          control2: CGPoint(x: 0.700 * rect.maxX, y: 0.320 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.980 * rect.maxX, y: 0.900 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.020 * rect.maxX, y: 0.900 * rect.maxY),
                          control1: CGPoint(x: 0.700 * rect.maxX, y: 0.950 * rect.maxY),
                          control2: CGPoint(x: 0.300 * rect.maxX, y: 0.950 * rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

/// Stand-in for `UIColor(col).getHue(...)` (there is no UIColor): standard sRGB -> HSB.
private func getHue(_ col: Color) -> (hue: CGFloat, saturation: CGFloat, brightness: CGFloat) {
    let r = col.red, g = col.green, b = col.blue
    let maxC = max(r, g, b), minC = min(r, g, b), delta = maxC - minC
    var h = 0.0
    if delta > 0 {
        if maxC == r { h = (g - b) / delta } else if maxC == g { h = 2 + (b - r) / delta } else { h = 4 + (r - g) / delta }
        h /= 6
        if h < 0 { h += 1 }
    }
    return (h, maxC == 0 ? 0 : delta / maxC, maxC)
}

private func getColorGradient(_ col: Color) -> LinearGradient {
    let (hue, saturation, brightness) = getHue(col)
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
