import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create patterns from basic shapes" and "Better performance with canvas" (seed 003): card suits,
// DiamondShape and diamond cards.

/// The corrected DiamondShape of 'Better performance with canvas' (offsetPoint adds the rect origin).
struct DiamondShape: Shape {
    func path(in rect: CGRect) -> Path {
        let size = min(rect.width, rect.height)
        let xOffset = (rect.width > rect.height) ? (rect.width - rect.height) / 2.0 : 0.0
        let yOffset = (rect.height > rect.width) ? (rect.height - rect.width) / 2.0 : 0.0

        func offsetPoint(p: CGPoint) -> CGPoint {
            return CGPoint(x: p.x + xOffset + rect.origin.x, y: p.y+yOffset + rect.origin.y)
        }

        let path = Path { path in
            path.move(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.50))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: 0)),
                              control: offsetPoint(p: CGPoint(x: (size * 0.40), y: (size * 0.40))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: size, y: (size * 0.50))),
                              control: offsetPoint(p: CGPoint(x: (size * 0.60), y: (size * 0.40))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: size)),
                              control: offsetPoint(p: CGPoint(x: (size * 0.60), y: (size * 0.60))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.50))),
                              control: offsetPoint(p: CGPoint(x: (size * 0.40), y: (size * 0.60))))
            path.closeSubpath()
        }
        return path
    }
}

// SuitsView's four Paths, verbatim.
private let diamondSuit = Path { path in
    path.move(to: CGPoint(x: 0, y: 50))
    path.addQuadCurve(to: CGPoint(x: 50, y: 0),
                      control: CGPoint(x: 40, y: 40))
    path.addQuadCurve(to: CGPoint(x: 100, y: 50),
                      control: CGPoint(x: 60, y: 40))
    path.addQuadCurve(to: CGPoint(x: 50, y: 100),
                      control: CGPoint(x: 60, y: 60))
    path.addQuadCurve(to: CGPoint(x: 0, y: 50),
                      control: CGPoint(x: 40, y: 60))
    path.closeSubpath()
}

private let spadeSuit = Path { path in
    path.move(to: CGPoint(x: 50, y: 0))
    path.addQuadCurve(to: CGPoint(x: 10, y: 43),
                      control: CGPoint(x: 40, y: 30))
    path.addArc(center: CGPoint(x: 20, y: 60),
                radius: 20.0,
                startAngle: Angle(degrees: -100),
                endAngle: Angle(degrees: 50),
                clockwise: true)
    path.addLine(to: CGPoint(x: 40, y: 65))
    path.addQuadCurve(to: CGPoint(x: 30, y: 90),
                      control: CGPoint(x: 45, y: 80))
    path.addQuadCurve(to: CGPoint(x: 30, y: 100),
                      control: CGPoint(x: 20, y: 98))
    path.addLine(to: CGPoint(x: 70, y: 100))
    path.addQuadCurve(to: CGPoint(x: 70, y: 90),
                      control: CGPoint(x: 80, y: 98))
    path.addQuadCurve(to: CGPoint(x: 60, y: 65),
                      control: CGPoint(x: 55, y: 80))
    path.addArc(center: CGPoint(x: 80, y: 60),
                radius: 20.0,
                startAngle: Angle(degrees: 140),
                endAngle: Angle(degrees: -70),
                clockwise: true)
    path.addQuadCurve(to: CGPoint(x: 50, y: 0),
                      control: CGPoint(x: 60, y: 30))
    path.addLine(to: CGPoint(x: 50, y: 0))
    path.closeSubpath()
}

private let clubSuit = Path { path in
    path.move(to: CGPoint(x: 70, y: 30))
    path.addCurve(to: CGPoint(x: 30, y: 30),
                  control1: CGPoint(x: 100, y: -10),
                  control2: CGPoint(x: 0, y: -10))
    path.addLine(to: CGPoint(x: 45, y: 45))
    path.addCurve(to: CGPoint(x: 45, y: 70),
                  control1: CGPoint(x: -15, y: 0),
                  control2: CGPoint(x: -15, y: 120))

    path.addLine(to: CGPoint(x: 45, y: 70))
    path.addLine(to: CGPoint(x: 30, y: 100))
    path.addLine(to: CGPoint(x: 70, y: 100))
    path.addLine(to: CGPoint(x: 55, y: 70))
    path.addLine(to: CGPoint(x: 55, y: 70))

    path.addCurve(to: CGPoint(x: 55, y: 45),
                  control1: CGPoint(x: 115, y: 120),
                  control2: CGPoint(x: 115, y: 0))

    path.addLine(to: CGPoint(x: 70, y: 30))
    path.closeSubpath()
}

private let heartSuit = Path { path in
    path.move(to: CGPoint(x: 50, y: 25))
    path.addCurve(to: CGPoint(x: 0, y: 25),
                  control1: CGPoint(x: 50, y: -10),
                  control2: CGPoint(x: 0, y: 0))
    path.addCurve(to: CGPoint(x: 50, y: 100),
                  control1: CGPoint(x: 0, y: 60),
                  control2: CGPoint(x: 50, y: 80))
    path.addCurve(to: CGPoint(x: 100, y: 25),
                  control1: CGPoint(x: 50, y: 80),
                  control2: CGPoint(x: 100, y: 60))
    path.addCurve(to: CGPoint(x: 50, y: 25),
                  control1: CGPoint(x: 100, y: 0),
                  control2: CGPoint(x: 50, y: -10))
}

@Suite struct PortsCard {
    @Test func card_suits() throws {
        let scene = Ports.scene(270, 270) { ctx in
            let s = CGSize(width: 100, height: 100)
            ctx.fillView(diamondSuit, frame: CGRect(origin: CGPoint(x: 10, y: 10), size: s), with: Color.red)
            ctx.fillView(spadeSuit, frame: CGRect(origin: CGPoint(x: 160, y: 10), size: s), with: Color.black)
            ctx.fillView(clubSuit, frame: CGRect(origin: CGPoint(x: 10, y: 160), size: s), with: Color.black)
            ctx.fillView(heartSuit, frame: CGRect(origin: CGPoint(x: 160, y: 160), size: s), with: Color.red)
        }
        try Ports.check(scene, "card_suits")
    }

    @Test func diamond_shapes() throws {
        let scene = Ports.scene(300, 704) { context in
            let frames: [(CGRect, Color)] = [(CGRect(x: 125, y: 0, width: 50, height: 80), .purple),
                (CGRect(x: 100, y: 88, width: 100, height: 100), .green),
                (CGRect(x: 0, y: 196, width: 300, height: 200), .blue), (CGRect(x: 0, y: 404, width: 300, height: 300), .red)]
            for (r, c) in frames {
                context.fill(Path(r), with: .color(Color(red: 0, green: 0, blue: 0, opacity: 0.2020861898)))
                context.fill(DiamondShape().path(in: r), with: .color(c))
            }
        }
        try Ports.check(scene, "diamond_shapes")
    }

    @Test func diamond_card_patterns() throws {
        let scene = Ports.scene(308, 508) { context in
            let cards: [(CGRect, Int, Int, Color)] = [
                (CGRect(x: 0, y: 0, width: 150, height: 250), 9, 7, Color(red: 0.1215686277, green: 0.01176470611, blue: 0.4235294163)),
                (CGRect(x: 158, y: 0, width: 150, height: 250), 21, 10, Color(red: 0.9568627477, green: 0.6588235497, blue: 0.5450980663)),
                (CGRect(x: 0, y: 258, width: 150, height: 250), 3, 3, .black),
                (CGRect(x: 158, y: 258, width: 150, height: 250), 1, 1, Color(red: 0.9764705896, green: 0.850980401, blue: 0.5490196347))]
            for (r, rows, cols, bg) in cards {
                context.fill(Path(r), with: .color(bg))
                for i in 0..<rows { let n = i % 2 == 0 ? cols : cols - 1
                    for j in 0..<n { let x = r.minX + (r.width - CGFloat(n) * r.width / CGFloat(cols)) / 2 + CGFloat(j) * r.width / CGFloat(cols)
                        context.fill(DiamondShape().path(in: CGRect(x: x, y: r.minY + CGFloat(i) * r.height / CGFloat(rows),
                            width: r.width / CGFloat(cols), height: r.height / CGFloat(rows))), with: .color(.red)) } } }
        }
        try Ports.check(scene, "diamond_card_patterns")
    }

    @Test func diamond_card_grid() throws {
        // CardView1: 10 rows x 8 columns in 300 x 500 on black; VStack/HStack(spacing: 0) of frames.
        let rows = 10, cols = 8
        let scene = Ports.scene(300, 500) { ctx in
            let size = CGSize(width: 300, height: 500)
            ctx.fill(Path(CGRect(origin: .zero, size: size)),
                     with: .color(Color(red: 0, green: 0, blue: 0, opacity: 1)))
            let width = size.width / CGFloat(cols); let height = size.height / CGFloat(rows)
            for r in 0..<rows {
                for c in 0..<cols {
                    ctx.fillView(DiamondShape(), frame: CGRect(x: CGFloat(c) * width, y: CGFloat(r) * height,
                                                               width: width, height: height), with: Color.red)
                }
            }
        }
        try Ports.check(scene, "diamond_card_grid")
    }
}
