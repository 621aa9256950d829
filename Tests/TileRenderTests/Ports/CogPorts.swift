import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Animate spinning cog shape" (seed 003): Cartesian, Segment, CogShape, CogShape2, CogShape3 and
// CogShape4, verbatim. The TimelineView animations are frozen at rotation angle 0.

// Cartesian and Segment are the seed's (Sources/SeedPorts/SeedGeometry.swift).

private struct CogShape: Shape {
    var points: Int
    var rotationAngle: Angle

    func path(in rect: CGRect) -> Path {
        let center = CGPoint(x: rect.width/2.0 + rect.origin.x , y: rect.height/2.0 + rect.origin.y)
        let outerRadius = Double(min(rect.width,rect.height)) * 0.4
        let innerRadius = outerRadius * 1.0
        let offsetAngle = Double.pi * (-0.5) + rotationAngle.radians
        let cornerRadius = (rect.width / Double(points)) * 0.66

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

private struct CogShape2: Shape {
    var points: Int
    var rotationAngle: Angle

    func path(in rect: CGRect) -> Path {
        let center = CGPoint(x: rect.width/2.0 + rect.origin.x , y: rect.height/2.0 + rect.origin.y)
        let outerRadius = Double(min(rect.width,rect.height)) * 0.4
        let innerRadius = outerRadius * 1.0
        let offsetAngle = Double.pi * (-0.5)  + rotationAngle.radians
        let cornerRadius = (rect.width / Double(points)) * 0.66

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

            for i in [0.78, 0.5, 0.1] {
                path.addPath(Circle().path(in: CGRect(x: center.x - (outerRadius * i),
                                                      y: center.y - (outerRadius * i),
                                                      width: outerRadius * i * 2,
                                                      height: outerRadius * i * 2)))
            }
        }
        return path
    }
}

private struct CogShape3: Shape {
    var points = 10
    var rotationAngle: Angle

    func path(in rect: CGRect) -> Path {
        let center = CGPoint(x: rect.width/2.0 + rect.origin.x , y: rect.height/2.0 + rect.origin.y)
        let length = Double(min(rect.width, rect.height))
        let outerRadius = length * 0.4
        let innerRadius = outerRadius * 0.95
        let offsetAngle = Double.pi * (-0.5) + rotationAngle.radians
        let cornerRadius = (length / Double(points)) * 0.6

        var outerSegments:[Segment] = []
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
            outerSegments.append(segment)
        }

        let innerPoints = points / 3
        var innerSegments:[Segment] = []
        for i in 0..<(innerPoints){
            let angle1 = (2.0 * Double.pi/Double(innerPoints)) * Double(i)  + offsetAngle
            let outerPoint = Cartesian(length: outerRadius * 0.7, angle: angle1)
            let angle2 = (2.0 * Double.pi/Double(innerPoints)) * (Double(i) + 0.5)  + offsetAngle
            let innerPoint = Cartesian(length: (innerRadius * 0.2), angle: (angle2))

            let segment = Segment(
                outerCenter: CGPoint(x: outerPoint.x + center.x,
                                     y: outerPoint.y + center.y),
                outerAngle: angle1,
                outerRadius: cornerRadius * 0.6,
                innerCenter: CGPoint(x: innerPoint.x + center.x,
                                     y: innerPoint.y + center.y),
                innerAngle: angle2)
            innerSegments.append(segment)
        }

        let path = Path() { path in
            for (n, seg) in outerSegments.enumerated() {
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

            for (n, seg) in innerSegments.enumerated() {
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

private func interlockingCogs(_ context: GraphicsContext, shadow: Bool, shadowBlendMode: GraphicsContext.BlendMode = .screen) {
    let angle1 = Angle.zero, angle2 = Angle.zero
    var innerContext = context
    if shadow { innerContext.addFilter(.shadow(color: .black, radius: 3, x: 3, y: 3, blendMode: shadowBlendMode)) }

    context.fill(
        CogShape4(points: 30, rotationAngle: angle1)
            .path(in: CGRect(x: 4,
                             y: 18,
                             width: 240,
                             height: 240)),
        with: .color(.red), style: FillStyle(eoFill: true, antialiased: true))
    innerContext.stroke(
        CogShape4(points: 30, rotationAngle: angle1)
            .path(in: CGRect(x: 4,
                             y: 18,
                             width: 240,
                             height: 240)),
        with: .color(.red), lineWidth: 1)

    context.fill(
        CogShape4(points: 15, rotationAngle: -angle2)
            .path(in: CGRect(x: 190,
                             y: 150,
                             width: 120,
                             height: 120)),
        with: .color(.blue), style: FillStyle(eoFill: true, antialiased: true))
    innerContext.stroke(
        CogShape4(points: 15, rotationAngle: -angle2)
            .path(in: CGRect(x: 190,
                             y: 150,
                             width: 120,
                             height: 120)),
        with: .color(.blue), lineWidth: 1)
}

@Suite struct PortsCog {
    @Test func cog_basic() throws {
        let scene = Ports.scene(300, 400) { ctx in
            ctx.canvas(at: .zero) { context in
                let size = context.size
                context.fill(
                    CogShape(points: 15, rotationAngle: .zero)
                        .path(in: CGRect(origin: .zero,
                                         size: CGSize(
                                            width: size.width,
                                            height: size.height))),
                    with: .color(.blue))
            }
        }
        try Ports.check(scene, "cog_basic")
    }

    @Test func cog_circles_eo() throws {
        let scene = Ports.scene(300, 400) { ctx in
            ctx.canvas(at: .zero) { context in
                let size = context.size
                context.fill(
                    CogShape2(points: 15, rotationAngle: .zero)
                        .path(in: CGRect(origin: .zero,
                                         size: CGSize(
                                            width: size.width,
                                            height: size.height))),
                    with: .color(.blue), style: FillStyle(eoFill: true, antialiased: true))
            }
        }
        try Ports.check(scene, "cog_circles_eo")
    }

    @Test func cog_star_eo() throws {
        let scene = Ports.scene(300, 400) { ctx in
            ctx.canvas(at: .zero) { context in
                let size = context.size
                context.fill(
                    CogShape3(points: 30, rotationAngle: .zero)
                        .path(in: CGRect(origin: .zero,
                                         size: CGSize(
                                            width: size.width,
                                            height: size.height))),
                    with: .color(.blue), style: FillStyle(eoFill: true, antialiased: true))
            }
        }
        try Ports.check(scene, "cog_star_eo")
    }

    /// The public scene leaves the seed's shadow out (see its MANIFEST entry).
    @Test func cogs_interlocking() throws {
        let scene = Ports.scene(330, 400) { ctx in interlockingCogs(ctx, shadow: false) }
        try Ports.check(scene, "cogs_interlocking")
    }

    /// The seed as written: the strokes' black shadow is screened onto the canvas (Tests/Fixtures/Effects).
    @Test func cogs_shadow_seed() throws {
        let scene = Ports.scene(330, 400) { ctx in interlockingCogs(ctx, shadow: true) }
        try expectMatchesReference(try Ports.render(scene), scene: "cogs_shadow_seed", folder: EffectScenes.folder,
                                   tolerances: try SceneTolerance.load(from: EffectScenes.folder))
    }

    /// The seed's shadow with the normal blend mode, so that it shows.
    @Test func cogs_shadow_visible() throws {
        let scene = Ports.scene(330, 400) { ctx in interlockingCogs(ctx, shadow: true, shadowBlendMode: .normal) }
        try expectMatchesReference(try Ports.render(scene), scene: "cogs_shadow_visible", folder: EffectScenes.folder,
                                   tolerances: try SceneTolerance.load(from: EffectScenes.folder))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func cogsWithTheirShadowOnVulkanMatchTheCPU() throws {
        for blend in [GraphicsContext.BlendMode.screen, .normal] {
            let scene = Ports.scene(330, 400) { ctx in interlockingCogs(ctx, shadow: true, shadowBlendMode: blend) }
            expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), "cogs \(blend)")
        }
    }
}
