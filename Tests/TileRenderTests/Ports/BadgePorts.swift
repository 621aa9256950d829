import Foundation
import Testing
@testable import TileRender

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
}
