import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// Apple's Landmarks tutorial, "Drawing paths and shapes" (seed 000): the badge background and symbol.

@Suite struct PortsBadge {
    // badge_background, badge_symbol and badge_full are drawn by the Landmarks tutorial's own views
    // (Sources/SeedPorts/LandmarksBadge.swift): SeedViewPorts.

    @Test func first_visit_award() throws {
        try Ports.check(Self.firstVisitAwardScene(), "first_visit_award")
    }

    /// Seed 001, 'Scaling drawings in views': FirstVisitAward in a 250x250 GeometryReader.
    static func firstVisitAwardScene() -> Scene {
        let size = CGSize(width: 250, height: 250)
        return Ports.scene(250, 250) { ctx in
            for i in 0..<3 {
                // Rectangle 0.7w x 0.7w centred in the ZStack, .rotationEffect(.degrees(i * 60)) about its centre.
                let side = size.width * 0.7
                let frame = CGRect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
                var c = ctx
                c.translateBy(x: frame.midX, y: frame.midY)
                c.rotate(by: .degrees(Double(i) * 60.0))
                c.translateBy(x: -frame.midX, y: -frame.midY)
                c.fillView(Rectangle(), frame: frame,
                           with: LinearGradient(gradient: .init(colors: [Color.green, Color.blue]),
                                                startPoint: .bottomLeading, endPoint: .topTrailing))
            }
            // AirplaneStandIn().fill(.black).rotationEffect(.degrees(-90)).opacity(0.5).scaleEffect(0.7)
            let frame = CGRect(origin: .zero, size: size)
            var c = ctx
            c.translateBy(x: frame.midX, y: frame.midY)
            c.scaleBy(x: 0.7, y: 0.7)
            c.translateBy(x: -frame.midX, y: -frame.midY)
            c.opacity *= 0.5
            c.drawLayer { inner in
                inner.translateBy(x: frame.midX, y: frame.midY)
                inner.rotate(by: .degrees(-90))
                inner.translateBy(x: -frame.midX, y: -frame.midY)
                inner.fillView(AirplaneStandIn(), frame: frame, with: Color.black)
            }
        }
    }
}

/// Stand-in for Image(systemName: "airplane").resizable() (first_visit_award's notes): fills its frame,
/// points right.
private struct AirplaneStandIn: Shape {
    func path(in rect: CGRect) -> Path {
        let pts: [(CGFloat, CGFloat)] = [(0.62, 0.455), (0.90, 0.455)]
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
            CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
        }
        var path = Path()
        path.move(to: p(pts[0].0, pts[0].1))
        path.addLine(to: p(pts[1].0, pts[1].1))
        path.addQuadCurve(to: p(0.90, 0.545), control: p(1.0, 0.5))
        for (x, y) in [(0.62, 0.545), (0.38, 0.90), (0.31, 0.90), (0.45, 0.545), (0.19, 0.54), (0.12, 0.69),
                       (0.07, 0.69), (0.10, 0.50), (0.07, 0.31), (0.12, 0.31), (0.19, 0.46), (0.45, 0.455),
                       (0.31, 0.10), (0.38, 0.10)] as [(CGFloat, CGFloat)] {
            path.addLine(to: p(x, y))
        }
        path.closeSubpath()
        return path
    }
}
