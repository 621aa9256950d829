import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// Apple's Landmarks tutorial, "Drawing paths and shapes" (seed 000): the badge background and symbol.

private struct HexagonParameters {
    struct Segment {
        let line: CGPoint
        let curve: CGPoint
        let control: CGPoint
    }

    static let adjustment: CGFloat = 0.085

    static let segments = [
        Segment(
            line:    CGPoint(x: 0.60, y: 0.05),
            curve:   CGPoint(x: 0.40, y: 0.05),
            control: CGPoint(x: 0.50, y: 0.00)
        ),
        Segment(
            line:    CGPoint(x: 0.05, y: 0.20 + adjustment),
            curve:   CGPoint(x: 0.00, y: 0.30 + adjustment),
            control: CGPoint(x: 0.00, y: 0.25 + adjustment)
        ),
        Segment(
            line:    CGPoint(x: 0.00, y: 0.70 - adjustment),
            curve:   CGPoint(x: 0.05, y: 0.80 - adjustment),
            control: CGPoint(x: 0.00, y: 0.75 - adjustment)
        ),
        Segment(
            line:    CGPoint(x: 0.40, y: 0.95),
            curve:   CGPoint(x: 0.60, y: 0.95),
            control: CGPoint(x: 0.50, y: 1.00)
        ),
        Segment(
            line:    CGPoint(x: 0.95, y: 0.80 - adjustment),
            curve:   CGPoint(x: 1.00, y: 0.70 - adjustment),
            control: CGPoint(x: 1.00, y: 0.75 - adjustment)
        ),
        Segment(
            line:    CGPoint(x: 1.00, y: 0.30 + adjustment),
            curve:   CGPoint(x: 0.95, y: 0.20 + adjustment),
            control: CGPoint(x: 1.00, y: 0.25 + adjustment)
        )
    ]
}

/// BadgeBackground's body: the GeometryReader's Path, for a geometry of `size`.
private func badgeBackgroundPath(size: CGSize) -> Path {
    Path { path in
        var width: CGFloat = min(size.width, size.height)
        let height = width
        let xScale: CGFloat = 0.832
        let xOffset = (width * (1.0 - xScale)) / 2.0
        width *= xScale
        path.move(
            to: CGPoint(
                x: width * 0.95 + xOffset,
                y: height * (0.20 + HexagonParameters.adjustment)
            )
        )

        HexagonParameters.segments.forEach { segment in
            path.addLine(
                to: CGPoint(
                    x: width * segment.line.x + xOffset,
                    y: height * segment.line.y
                )
            )

            path.addQuadCurve(
                to: CGPoint(
                    x: width * segment.curve.x + xOffset,
                    y: height * segment.curve.y
                ),
                control: CGPoint(
                    x: width * segment.control.x + xOffset,
                    y: height * segment.control.y
                )
            )
        }
    }
}

private let gradientStart = Color(red: 239.0 / 255, green: 120.0 / 255, blue: 221.0 / 255)
private let gradientEnd = Color(red: 239.0 / 255, green: 172.0 / 255, blue: 120.0 / 255)

/// BadgeSymbol's body: the GeometryReader's Path, for a geometry of `size`.
private func badgeSymbolPath(size: CGSize) -> Path {
    Path { path in
        let width = min(size.width, size.height)
        let height = width * 0.75
        let spacing = width * 0.030
        let middle = width * 0.5
        let topWidth = width * 0.226
        let topHeight = height * 0.488

        path.addLines([
            CGPoint(x: middle, y: spacing),
            CGPoint(x: middle - topWidth, y: topHeight - spacing),
            CGPoint(x: middle, y: topHeight / 2 + spacing),
            CGPoint(x: middle + topWidth, y: topHeight - spacing),
            CGPoint(x: middle, y: spacing)
        ])

        path.move(to: CGPoint(x: middle, y: topHeight / 2 + spacing * 3))
        path.addLines([
            CGPoint(x: middle - topWidth, y: topHeight + spacing),
            CGPoint(x: spacing, y: height - spacing),
            CGPoint(x: width - spacing, y: height - spacing),
            CGPoint(x: middle + topWidth, y: topHeight + spacing),
            CGPoint(x: middle, y: topHeight / 2 + spacing * 3)
        ])
    }
}

@Suite struct PortsBadge {
    @Test func badge_background() throws {
        let frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let scene = Ports.scene(300, 300) { ctx in
            ctx.fillView(badgeBackgroundPath(size: frame.size), frame: frame,
                         with: .linearGradient(
                            Gradient(colors: [gradientStart, gradientEnd]),
                            startPoint: UnitPoint(x: 0.5, y: 0),
                            endPoint: UnitPoint(x: 0.5, y: 0.6)))
        }
        try Ports.check(scene, "badge_background")
    }

    @Test func badge_symbol() throws {
        let frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let symbolColor = Color(red: 79.0 / 255, green: 79.0 / 255, blue: 191.0 / 255)
        let scene = Ports.scene(200, 200) { ctx in
            ctx.fillView(badgeSymbolPath(size: frame.size), frame: frame, with: symbolColor)
        }
        try Ports.check(scene, "badge_symbol")
    }

    @Test func badge_full() throws {
        // Badge: BadgeBackground, then 8 RotatedBadgeSymbols (BadgeSymbol().padding(-60).rotationEffect(angle,
        // anchor: .bottom)) in a ForEach with .opacity(0.5) (distributed: each symbol its own group),
        // .scaleEffect(1/4, anchor: .top), .position(x: w/2, y: 3/4 h), in a 300x300 frame.
        let frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let symbolColor = Color(red: 79.0 / 255, green: 79.0 / 255, blue: 191.0 / 255)
        let scene = Ports.scene(300, 300) { ctx in
            ctx.fillView(badgeBackgroundPath(size: frame.size), frame: frame,
                         with: .linearGradient(
                            Gradient(colors: [gradientStart, gradientEnd]),
                            startPoint: UnitPoint(x: 0.5, y: 0),
                            endPoint: UnitPoint(x: 0.5, y: 0.6)))
            for index in 0..<8 {
                let angle = Angle(degrees: Double(index) / Double(8) * 360.0)
                var c = ctx
                // .position: the 300x300 ForEach frame centred at (150, 225): moved down by 75.
                c.translateBy(x: 0, y: 75)
                // .scaleEffect(1/4, anchor: .top): about (150, 0).
                c.translateBy(x: 150, y: 0)
                c.scaleBy(x: 0.25, y: 0.25)
                c.translateBy(x: -150, y: 0)
                // .rotationEffect(angle, anchor: .bottom) of the padded symbol: about (150, 300).
                c.translateBy(x: 150, y: 300)
                c.rotate(by: angle)
                c.translateBy(x: -150, y: -300)
                // .opacity(0.5), per symbol: group opacity.
                c.opacity *= 0.5
                c.drawLayer { inner in
                    // .padding(-60): the symbol's GeometryReader is 420x420 at (-60, -60).
                    let symbolFrame = CGRect(x: -60, y: -60, width: 420, height: 420)
                    inner.fillView(badgeSymbolPath(size: symbolFrame.size), frame: symbolFrame, with: symbolColor)
                }
            }
        }
        try Ports.check(scene, "badge_full")
    }

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
