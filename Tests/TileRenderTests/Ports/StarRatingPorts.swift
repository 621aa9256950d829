import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create a star rating SwiftUI component" (seed 003): the rounded cutout StarShape, verbatim, in
// StarRatingView's layout (GeometryReader, ZStack of a yellow rating bar and a row of cutout stars).

// Cartesian and Segment are the seed's (Sources/SeedPorts/SeedGeometry.swift).

private struct StarShape: Shape {
    var points = 5
    var cornerRadius = 3.0
    var isCutout = false
    var isCircleOutline = false

    func path(in rect: CGRect) -> Path {
        // centre of the containing rect
        var center = CGPoint(x: rect.width/2.0, y: rect.height/2.0)
        // Adjust center down for odd number of sides less than 8
        if points%2 == 1 && points < 8 && !isCircleOutline {
            center = CGPoint(x: center.x, y: center.y * ((Double(points) * (-0.04)) + 1.3))
        }

        // radius of a circle that will fit in the rect with some padding
        let outerRadius = (Double(min(rect.width,rect.height)) / 2.0) * 0.9
        let innerRadius = outerRadius * 0.4
        let offsetAngle = Double.pi * (-0.5)

        var starSegments:[Segment] = []
        for i in 0..<(points){
            let angle1 = (2.0 * Double.pi/Double(points)) * Double(i)  + offsetAngle
            let outerPoint = Cartesian(length: outerRadius, angle: angle1)
            let angle2 = (2.0 * Double.pi/Double(points)) * (Double(i) + 0.5)  + offsetAngle
            let innerPoint = Cartesian(length: (innerRadius), angle: (angle2))

            let segment = Segment(
                outerCenter: CGPoint(x: outerPoint.x + center.x,
                                     y: outerPoint.y + center.y),
                outerAngle: angle1,
                outerRadius: cornerRadius,
                innerCenter: CGPoint(x: innerPoint.x + center.x,
                                     y: innerPoint.y + center.y),
                innerAngle: angle2)
            starSegments.append(segment)
        }

        let path = Path() { path in
            if isCutout {
                if isCircleOutline {
                    path.addPath(Circle().path(in: rect))

                } else {
                    path.addPath(Rectangle().path(in: rect))
                }
            }
            for (n, seg) in starSegments.enumerated() {
                n == 0 ? path.move(to: seg.line) : path.addLine(to: seg.line)
                path.addArc(center: seg.outerCenter,
                            radius: seg.outerRadius,
                            startAngle: Angle(radians: seg.outerStartAngle),
                            endAngle: Angle(radians: seg.outerEndAngle),
                            clockwise: false)
                path.addLine(to: seg.line2)
                path.addArc(center: seg.innerCenter,
                            radius: seg.outerRadius,
                            startAngle: Angle(radians: seg.innerStartAngle),
                            endAngle: Angle(radians: seg.innerEndAngle),
                            clockwise: true)
            }
            path.closeSubpath()
        }
        return path
    }
}

extension GraphicsContext {
    /// StarRatingView(value:stars:) laid out in `frame` (the GeometryReader's size is frame.size).
    fileprivate func starRatingView(value: Double, stars: Int, frame: CGRect) {
        let size = frame.size
        let ratingWidth = size.width * value / Double(stars)
        let starWidth = size.width / Double(stars)
        let radius = starWidth * 0.01
        // HStack(spacing: 0) { Rectangle().fill(.yellow).frame(width: ratingWidth); Rectangle().fill(.clear) }
        fillView(Rectangle(), frame: CGRect(x: frame.minX, y: frame.minY, width: ratingWidth, height: size.height),
                 with: .yellow)
        // HStack(spacing: 0) { ForEach(1...stars) { StarShape(...).fill(...).frame(width: starWidth, height: h) } }
        for k in 0..<stars {
            fillView(StarShape(points: 5, cornerRadius: radius, isCutout: true),
                     frame: CGRect(x: frame.minX + CGFloat(k) * starWidth, y: frame.minY,
                                   width: starWidth, height: size.height),
                     with: Color.gray, style: FillStyle(eoFill: true, antialiased: true))
        }
    }
}

@Suite struct PortsStarRating {
    @Test func star_rating() throws {
        let background = Color(red: 214/255, green: 232/255, blue: 248/255)
        let scene = Ports.scene(270, 280, background: background) { ctx in
            ctx.starRatingView(value: 2.5, stars: 5, frame: CGRect(x: 10, y: 10, width: 250, height: 50))
            ctx.starRatingView(value: 6.3, stars: 10, frame: CGRect(x: 10, y: 100, width: 250, height: 30))
            ctx.starRatingView(value: 2.4, stars: 3, frame: CGRect(x: 10, y: 170, width: 250, height: 100))
        }
        try Ports.check(scene, "star_rating")
    }
}
