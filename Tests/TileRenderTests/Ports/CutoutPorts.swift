import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create a Star cutout shape" (seed 003): the sharp StarShape with `cutout`, HeartShape with `cutout`,
// and the even-odd Paths of 'Using shapes in a Path with FillStyle', verbatim. The cake images are omitted.

private struct StarShape: Shape {
    var points = 5
    var cutout = false

    func Cartesian(length:Double, angle:Double) -> CGPoint {
        return CGPoint(x: length * cos(angle),
                       y: length * sin(angle))
    }

    func path(in rect: CGRect) -> Path {
        // centre of the containing rect
        var center = CGPoint(x: rect.width/2.0, y: rect.height/2.0)
        // Adjust center down for odd number of sides less than 8
        if points%2 == 1 && points < 8 {
            center = CGPoint(x: center.x, y: center.y * ((Double(points) * (-0.04)) + 1.3))
        }

        // radius of a circle that will fit in the rect
        let outerRadius = Double(min(rect.width,rect.height)) / 2.0
        let innerRadius = outerRadius * 0.4
        let offsetAngle = (Double.pi / Double(points)) + Double.pi/2.0

        var vertices:[CGPoint] = []
        for i in 0..<points{
            // Calculate the angle in Radians
            let angle1 = (2.0 * Double.pi/Double(points)) * Double(i)  + offsetAngle
            let outerPoint = Cartesian(length: outerRadius, angle: angle1)
            vertices.append(CGPoint(x: outerPoint.x + center.x, y: outerPoint.y + center.y))

            let angle2 = (2.0 * Double.pi/Double(points)) * (Double(i) + 0.5)  + offsetAngle
            let innerPoint = Cartesian(length: (innerRadius),
                                       angle: (angle2))
            vertices.append(CGPoint(x: innerPoint.x + center.x, y: innerPoint.y + center.y))
        }

        let path = Path() { path in
            if cutout {
                path.addPath(Rectangle().path(in: rect))
            }
            for (n, pt) in vertices.enumerated() {
                n == 0 ? path.move(to: pt) : path.addLine(to: pt)
            }
            path.closeSubpath()
        }
        return path
    }
}

private struct HeartShape: Shape {
    var cutout = false

    func path(in rect: CGRect) -> Path {
        let size = min(rect.width, rect.height)
        let xOffset = (rect.width > rect.height) ? (rect.width - rect.height) / 2.0 : 0.0
        let yOffset = (rect.height > rect.width) ? (rect.height - rect.width) / 2.0 : 0.0

        func offsetPoint(p: CGPoint) -> CGPoint {
            return CGPoint(x: p.x + xOffset, y: p.y+yOffset)
        }
        var path = Path()

        if cutout {
            path.addPath(Rectangle().path(in: rect))
        }

        path.move(to: offsetPoint(p: (CGPoint(x: (size * 0.50), y: (size * 0.25)))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: (size * 0.50), y: (-size * 0.10))),
                      control2: offsetPoint(p: CGPoint(x: 0, y: 0)))
        path.addCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: size)),
                      control1: offsetPoint(p: CGPoint(x: 0, y: (size * 0.60))),
                      control2: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.80))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: size, y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.80))),
                      control2: offsetPoint(p: CGPoint(x: size, y: (size * 0.60))))
        path.addCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: (size * 0.25))),
                      control1: offsetPoint(p: CGPoint(x: size, y: 0)),
                      control2: offsetPoint(p: CGPoint(x: (size * 0.50), y: (-size * 0.10))))
        return path
    }
}

private let cutoutColor = Color(red: 0.68, green: 0.29, blue: 0.29)

@Suite struct PortsCutout {
    @Test func star_cutout_eo() throws {
        let scene = Ports.scene(330, 490) { ctx in
            // VStack(spacing: 20) { ForEach([5,6,7]) { HStack(spacing: 30) { cutout; solid } } }, captions omitted
            for (row, i) in [5, 6, 7].enumerated() {
                let y = CGFloat(row) * 170
                ctx.fillView(StarShape(points: i, cutout: true), frame: CGRect(x: 0, y: y, width: 150, height: 150),
                             with: Color(red: 0.68, green: 0.29, blue: 0.29), style: FillStyle(eoFill: true))
                ctx.fillView(StarShape(points: i, cutout: false), frame: CGRect(x: 180, y: y, width: 150, height: 150),
                             with: Color(red: 0.68, green: 0.29, blue: 0.29), style: FillStyle(eoFill: true))
            }
        }
        try Ports.check(scene, "star_cutout_eo")
    }

    @Test func heart_star_cutout() throws {
        let scene = Ports.scene(200, 400) { ctx in
            ctx.fillView(StarShape(points: 5, cutout: true), frame: CGRect(x: 0, y: 0, width: 200, height: 180),
                         with: cutoutColor, style: FillStyle(eoFill: true))
            ctx.fillView(HeartShape(cutout: true), frame: CGRect(x: 0, y: 220, width: 200, height: 180),
                         with: cutoutColor, style: FillStyle(eoFill: true))
        }
        try Ports.check(scene, "heart_star_cutout")
    }

    @Test func cutout_paths_eo() throws {
        let purple = Color.purple; let eo = FillStyle(eoFill: true, antialiased: true)
        let p1 = Path { path in path.addPath(Rectangle().path(in: CGRect(x: 0, y: 0, width: 150, height: 150)))
                               path.addPath(Circle().path(in: CGRect(x: 25, y: 25, width: 100, height: 100))) }
        let p2 = Path { path in path.addPath(Circle().path(in: CGRect(x: 0, y: 0, width: 150, height: 150)))
                               path.addPath(Rectangle().path(in: CGRect(x: 25, y: 25, width: 100, height: 100))) }
        let p3 = Path { path in path.addPath(Rectangle().path(in: CGRect(x: 0, y: 0, width: 150, height: 150)))
            path.move(to: CGPoint(x: 0, y: 75)); path.addLine(to: CGPoint(x: 75, y: 0)); path.addLine(to: CGPoint(x: 150, y: 75))
            path.addLine(to: CGPoint(x: 75, y: 150)); path.addLine(to: CGPoint(x: 0, y: 75)) }
        let p4 = Path { path in path.addPath(Rectangle().path(in: CGRect(x: 0, y: 0, width: 150, height: 150)))
            path.move(to: CGPoint(x: 0, y: 75)); for p in [(75, 0), (150, 75), (75, 150), (0, 75)] {
                path.addQuadCurve(to: CGPoint(x: p.0, y: p.1), control: CGPoint(x: 75, y: 75)) } }
        let scene = Ports.scene(330, 320) { ctx in
            // HStack(spacing: 30) rows of two 150 x 150 Paths: x = 0 / 180, y = 0 / 170
            ctx.fillView(p1, frame: CGRect(x: 0, y: 0, width: 150, height: 150), with: purple, style: eo)
            ctx.fillView(p2, frame: CGRect(x: 180, y: 0, width: 150, height: 150), with: purple, style: eo)
            ctx.fillView(p3, frame: CGRect(x: 0, y: 170, width: 150, height: 150), with: purple, style: eo)
            ctx.fillView(p4, frame: CGRect(x: 180, y: 170, width: 150, height: 150), with: purple, style: eo)
        }
        try Ports.check(scene, "cutout_paths_eo")
    }
}
