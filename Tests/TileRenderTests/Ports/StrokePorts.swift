import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
import TileRenderSVG

// The stroked seed drawings (seeds 001, 003 and 004), ported from MANIFEST.md's snippets with the scenes'
// explicit positions (no view layer yet). They need the stroke expander: until `Path.strokedPath` and
// stroke rendering land, strokes draw nothing and these comparisons fail. Run them with
// `swift test --filter PortsStroke` once the expander is merged.

// MARK: - Shapes from the seeds

/// Seed 003 'Create a line chart', 'Set y-axis zero on bottom' (verbatim).
private struct LineShape: Shape {
    var yValues: [Double]

    func path(in rect: CGRect) -> Path {
        let xIncrement = (rect.width / (CGFloat(yValues.count) - 1))
        var path = Path()
        path.move(to: CGPoint(x: 0.0,
                              y: (1.0 - yValues[0]) * Double(rect.height)))
        for i in 1..<yValues.count {
            let pt = CGPoint(x: (Double(i) * Double(xIncrement)),
                             y: (1.0 - yValues[i]) * Double(rect.height))
            path.addLine(to: pt)
        }
        return path
    }
}

/// Seed 003 'Create a line chart', 'Allow range of numbers on y-axis' (verbatim, renamed).
private struct ScaledLineShape: Shape {
    var yValues: [Double]

    func path(in rect: CGRect) -> Path {
        let xIncrement = (rect.width / (CGFloat(yValues.count) - 1))
        let factor = rect.height / CGFloat(yValues.max() ?? 1.0)
        var path = Path()
        path.move(to: CGPoint(x: 0.0,
                              y: (rect.height - (yValues[0] * factor))))
        for i in 1..<yValues.count {
            let pt = CGPoint(x: (Double(i) * Double(xIncrement)),
                             y: (rect.height - (yValues[i] * factor)))
            path.addLine(to: pt)
        }
        return path
    }
}

/// Seed 003 'Create a Star cutout shape', 'Defining Star Shapes': the sharp StarShape (verbatim, no cutout).
private struct StarShape: Shape {
    var points = 5

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
            for (n, pt) in vertices.enumerated() {
                n == 0 ? path.move(to: pt) : path.addLine(to: pt)
            }
            path.closeSubpath()
        }
        return path
    }
}

/// The stand-in for SF Symbol `car.fill` (MANIFEST, overnight-park-award): fills its frame, unit
/// coordinates, circular corners, nonzero.
private struct CarStandIn: Shape {
    func path(in rect: CGRect) -> Path {
        func r(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
            CGRect(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height, width: w * rect.width, height: h * rect.height)
        }
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height) }
        var path = Path()
        path.addRoundedRect(in: r(0.08, 0.42, 0.84, 0.36), cornerSize: CGSize(width: 0.08 * rect.width, height: 0.08 * rect.width),
                            style: .circular)
        path.move(to: p(0.22, 0.45))
        path.addLine(to: p(0.32, 0.20)); path.addLine(to: p(0.68, 0.20)); path.addLine(to: p(0.78, 0.45))
        path.closeSubpath()
        let wheel = CGSize(width: 0.04 * rect.width, height: 0.04 * rect.width)
        path.addRoundedRect(in: r(0.14, 0.70, 0.16, 0.20), cornerSize: wheel, style: .circular)
        path.addRoundedRect(in: r(0.70, 0.70, 0.16, 0.20), cornerSize: wheel, style: .circular)
        return path
    }
}

/// NightsRing(nights:total:) of seed 004 with highlight = .blue, in a 64 x 64 frame at `origin`.
private func nightsRing(_ ctx: GraphicsContext, nights: Int, total: Int, at origin: CGPoint) {
    let highlight = Color.blue
    let frame = CGRect(origin: origin, size: CGSize(width: 64, height: 64))
    ctx.strokeBorderView(Circle(), frame: frame, with: highlight.opacity(0.3), lineWidth: 8)
    ctx.strokeView(Circle()
                    .inset(by: 4)
                    .trim(from: 0, to: Double(nights) / Double(max(total, 1)))
                    .rotation(.degrees(-90)),   // .rotationEffect(.degrees(-90)) after the stroke: same pixels
                   frame: frame, with: highlight, style: StrokeStyle(lineWidth: 8, lineCap: .round))
}

// MARK: - The scenes

/// The scenes, built once for the image comparisons (`PortsStroke`) and the geometry checks
/// (`PortsStrokeGeometry`).
enum StrokePortScenes {
    static func trim_quarter() -> Scene {
        let style = StrokeStyle(lineWidth: 12, lineCap: .round)
        let scene = Ports.scene(300, 140) { ctx in
            // HStack(spacing: 40) at (10, 10): frames at (10,10) and (170,10)
            ctx.strokeView(Circle().trim(from: 0, to: 0.25), frame: CGRect(x: 10, y: 10, width: 120, height: 120),
                           with: .blue, style: style)
            // .rotationEffect(.degrees(-90)) of the stroked view, about its centre: the shape rotated.
            ctx.strokeView(Circle().trim(from: 0, to: 0.25).rotation(.degrees(-90)),
                           frame: CGRect(x: 170, y: 10, width: 120, height: 120), with: .blue, style: style)
        }
        return scene
    }

    static func trim_three_quarters() -> Scene {
        let style = StrokeStyle(lineWidth: 12, lineCap: .round)
        let left = CGRect(x: 10, y: 10, width: 120, height: 120), right = CGRect(x: 170, y: 10, width: 120, height: 120)
        let scene = Ports.scene(300, 140) { ctx in
            ctx.fillView(Rectangle(), frame: left, with: .yellow.opacity(0.4))          // .background first
            ctx.strokeView(Circle().trim(from: 0, to: 0.75), frame: left, with: .purple, style: style)
            ctx.fillView(Rectangle(), frame: right, with: .yellow.opacity(0.4))
            ctx.strokeView(Circle().inset(by: 6).trim(from: 0, to: 0.75), frame: right, with: .purple, style: style)
        }
        return scene
    }

    static func nights_rings() -> Scene {
        let scene = Ports.scene(252, 84) { ctx in
            nightsRing(ctx, nights: 1, total: 18, at: CGPoint(x: 10, y: 10))
            nightsRing(ctx, nights: 5, total: 18, at: CGPoint(x: 94, y: 10))
            nightsRing(ctx, nights: 12, total: 18, at: CGPoint(x: 178, y: 10))
        }
        return scene
    }

    static func stroke_vs_strokeborder() -> Scene {
        let left = CGRect(x: 20, y: 20, width: 120, height: 120), right = CGRect(x: 140, y: 20, width: 120, height: 120)
        let scene = Ports.scene(280, 160) { ctx in
            // Draw order: yellow 1, stroke 1 (spills 10 pt), yellow 2 (veils the spill), strokeBorder 2.
            ctx.fillView(Rectangle(), frame: left, with: .yellow.opacity(0.4))
            ctx.strokeView(Circle(), frame: left, with: .blue, lineWidth: 20)
            ctx.fillView(Rectangle(), frame: right, with: .yellow.opacity(0.4))
            ctx.strokeBorderView(Circle(), frame: right, with: .blue, lineWidth: 20)
        }
        return scene
    }

    static func fill_then_stroke() -> Scene {
        let frame = CGRect(x: 10, y: 10, width: 140, height: 140)
        let scene = Ports.scene(160, 160) { ctx in
            ctx.fillView(Circle(), frame: frame, with: .yellow)
            ctx.strokeView(Circle(), frame: frame, with: .orange, lineWidth: 8)
        }
        return scene
    }

    static func dashed_strokes() -> Scene {
        let dashed = StrokeStyle(lineWidth: 3, dash: [8, 6])
        let scene = Ports.scene(320, 240) { ctx in
            ctx.strokeView(Circle(), frame: CGRect(x: 10, y: 10, width: 120, height: 120), with: .orange, style: dashed)
            ctx.strokeView(Rectangle(), frame: CGRect(x: 150, y: 20, width: 158, height: 100), with: .orange, style: dashed)
            let polyline = Path { path in path.move(to: CGPoint(x: 10, y: 190))
                path.addLine(to: CGPoint(x: 110, y: 150)); path.addLine(to: CGPoint(x: 210, y: 190))
                path.addLine(to: CGPoint(x: 310, y: 150)) }
            ctx.stroke(polyline, with: .color(.orange), style: dashed)
            let line = Path { path in path.move(to: CGPoint(x: 10, y: 220)); path.addLine(to: CGPoint(x: 310, y: 220)) }
            ctx.stroke(line, with: .color(.orange), style: StrokeStyle(lineWidth: 3, dash: [8, 6], dashPhase: 4))
        }
        return scene
    }

    static func overnight_park_award() -> Scene {
        let scene = Ports.scene(200, 200) { ctx in
            let geometrySize = CGSize(width: 200, height: 200)
            let size = min(geometrySize.width, geometrySize.height)
            let nearLine = size * 0.1
            let farLine = size * 0.9
            let middle = size / 2
            let road = Path { path in
                path.move(to: CGPoint(x: size/2 + nearLine, y: nearLine))
                path.addLine(to: .init(x: farLine, y: farLine)); path.addLine(to: .init(x: nearLine, y: farLine))
                path.addLine(to: .init(x: size/2 - nearLine, y: nearLine))
            }
            ctx.fill(road, with: .color(Color.init(red: 0.4, green: 0.4, blue: 0.4)))
            let centreLine = Path { path in
                path.move(to: .init(x: middle, y: farLine)); path.addLine(to: .init(x: middle, y: nearLine))
            }
            ctx.stroke(centreLine, with: .color(.white), style: .init(lineWidth: 3.0,
                       dash: [geometrySize.height / 20, geometrySize.height / 30], dashPhase: 0))
            // CarStandIn().fill(Color.blue).scaleEffect(0.20).offset(x: -geometry.size.width / 7.25)
            var car = ctx
            car.translateBy(x: -geometrySize.width / 7.25, y: 0)
            car.translateBy(x: 100, y: 100)
            car.scaleBy(x: 0.2, y: 0.2)
            car.translateBy(x: -100, y: -100)
            car.fillView(CarStandIn(), frame: CGRect(origin: .zero, size: geometrySize), with: Color.blue)
        }
        return scene
    }

    static func airport_meal_award() -> Scene {
        let scene = Ports.scene(200, 200) { ctx in
            let geometrySize = CGSize(width: 200, height: 200)
            let size = min(geometrySize.width, geometrySize.height)
            let nearLine = size * 0.1, farLine = size * 0.9, mid = size / 2
            let plate = Path { path in
                path.move(to: .init(x: mid, y: nearLine))
                path.addQuadCurve(to: .init(x: farLine, y: mid), control: .init(x: size, y: 0))
                path.addQuadCurve(to: .init(x: mid, y: farLine), control: .init(x: size, y: size))
                path.addQuadCurve(to: .init(x: nearLine, y: mid), control: .init(x: 0, y: size))
                path.addQuadCurve(to: .init(x: mid, y: nearLine), control: .init(x: 0, y: 0))
            }
            ctx.fillView(plate, frame: CGRect(origin: .zero, size: geometrySize),
                         with: RadialGradient(gradient: .init(colors: [Color.white, Color.yellow]), center: .center,
                                              startRadius: geometrySize.width * 0.05, endRadius: geometrySize.width * 0.6))
            let arcs = Path { path in
                path.addArc(center: .init(x: nearLine, y: nearLine), radius: size / 2, startAngle: .degrees(90), endAngle: .degrees(0), clockwise: true)
                path.addArc(center: .init(x: farLine, y: nearLine), radius: size / 2, startAngle: .degrees(180), endAngle: .degrees(90), clockwise: true)
                path.addArc(center: .init(x: farLine, y: farLine), radius: size / 2, startAngle: .degrees(270), endAngle: .degrees(180), clockwise: true)
                path.addArc(center: .init(x: nearLine, y: farLine), radius: size / 2, startAngle: .degrees(0), endAngle: .degrees(270), clockwise: true)
                path.closeSubpath()
            }
            ctx.stroke(arcs, with: .color(Color.orange), lineWidth: 2)
        }
        return scene
    }

    static func line_chart_basic() -> Scene {
        let frame = CGRect(x: 5, y: 5, width: 300, height: 300)
        let scene = Ports.scene(310, 310) { ctx in
            ctx.strokeView(Rectangle(), frame: frame, with: Color.gray, lineWidth: 3.0)
            ctx.strokeView(LineShape(yValues: [0.2, 0.4, 0.3, 0.8, 0.5]), frame: frame, with: Color.red, lineWidth: 2.0)
        }
        return scene
    }

    static func line_chart_area() -> Scene {
        let background = Color(red: 0.8906477705, green: 0.9005050659, blue: 0.8208766097)
        let top = CGRect(x: 10, y: 10, width: 300, height: 250), bottom = CGRect(x: 10, y: 280, width: 150, height: 100)
        let scene = Ports.scene(320, 390) { ctx in
            ctx.fillView(RoundedRectangle(cornerRadius: 5.0, style: .circular), frame: top, with: background)
            ctx.strokeView(ScaledLineShape(yValues: [164, 182, 212, 198, 242, 30, 158, 6, 67, 195, 104, 125, 125, 92, 81,
                                                     188, 50, 155, 225, 243, 53, 141, 32, 1]),
                           frame: top, with: Color.red, lineWidth: 2.0)
            ctx.fillView(RoundedRectangle(cornerRadius: 5.0, style: .circular), frame: bottom, with: background)
            ctx.strokeView(ScaledLineShape(yValues: [6, 30, 195, 164, 182, 198, 212, 400]),
                           frame: bottom, with: Color.red, lineWidth: 2.0)
        }
        return scene
    }

    static func star_sharp_fill_stroke() -> Scene {
        let scene = Ports.scene(680, 490) { ctx in
            ctx.canvas(at: .zero) { context in
                for (row, i) in [3, 4, 5].enumerated() { for (col, n) in [i, i * 3].enumerated() {
                    let r = CGRect(x: CGFloat(col) * 180, y: CGFloat(row) * 170, width: 150, height: 150)
                    context.fill(StarShape(points: n).path(in: CGRect(origin: .zero, size: r.size)).offsetBy(dx: r.minX, dy: r.minY),
                                 with: .color(.orange))
                    context.stroke(StarShape(points: n).path(in: CGRect(origin: .zero, size: r.size)).offsetBy(dx: r.minX + 350, dy: r.minY),
                                   with: .color(.orange), lineWidth: 3.0) } }
            }
        }
        return scene
    }

    static func path_polyline_stroke() -> Scene {
        let scene = Ports.scene(240, 100) { ctx in
            let path = Path { path in
                path.move(to: CGPoint(x: 20, y: 80))
                path.addLine(to: CGPoint(x: 120, y: 20))
                path.addLine(to: CGPoint(x: 220, y: 80))
            }
            ctx.strokeView(path, frame: CGRect(x: 0, y: 0, width: 240, height: 100), with: .red, lineWidth: 4)
        }
        return scene
    }

    static func builtin_shapes() -> Scene {
        let scene = Ports.scene(400, 240) { ctx in
            ctx.fillView(Circle(), frame: CGRect(x: 10, y: 10, width: 100, height: 100), with: .orange)
            ctx.fillView(Capsule(style: .circular), frame: CGRect(x: 120, y: 30, width: 160, height: 60), with: .teal)
            ctx.fillView(RoundedRectangle(cornerRadius: 16, style: .circular), frame: CGRect(x: 290, y: 10, width: 100, height: 100),
                         with: .indigo)
            ctx.strokeView(Circle(), frame: CGRect(x: 10, y: 130, width: 100, height: 100), with: .blue, lineWidth: 4)
            ctx.fillView(Circle(), frame: CGRect(x: 140, y: 140, width: 80, height: 80), with: Color.primary)   // default foreground (primary = black)
            ctx.fillView(Circle(), frame: CGRect(x: 240, y: 140, width: 80, height: 80), with: .pink)
        }
        return scene
    }

    static var all: [(name: String, scene: () -> Scene)] { [
        ("trim_quarter", trim_quarter),
        ("trim_three_quarters", trim_three_quarters),
        ("nights_rings", nights_rings),
        ("stroke_vs_strokeborder", stroke_vs_strokeborder),
        ("fill_then_stroke", fill_then_stroke),
        ("dashed_strokes", dashed_strokes),
        ("overnight_park_award", overnight_park_award),
        ("airport_meal_award", airport_meal_award),
        ("line_chart_basic", line_chart_basic),
        ("line_chart_area", line_chart_area),
        ("star_sharp_fill_stroke", star_sharp_fill_stroke),
        ("path_polyline_stroke", path_polyline_stroke),
        ("builtin_shapes", builtin_shapes),
    ] }
}

/// Image comparisons with the references. They fail until the stroke expander renders strokes.
@Suite struct PortsStroke {
    @Test(arguments: StrokePortScenes.all.map(\.name))
    func scene(_ name: String) throws {
        let make = try #require(StrokePortScenes.all.first { $0.name == name }?.scene)
        try Ports.check(make(), name)
    }
}

/// Checks that need no stroke rendering: each port records the same strokes as the scene's reference SVG
/// (imported by TileRenderSVG): same style, same colour, same geometry in device space (start and end
/// points, arc length, bounds, closed or open). SVG strokes that the reference writes as filled outlines
/// or as explicit dash pieces (thin strokes, dashes on curves) have no SVG stroke to match and are listed
/// in `unmatchedPortStrokes`.
@Suite struct PortsStrokeGeometry {
    /// Port strokes without a stroke in the SVG, and SVG strokes without a port stroke, per scene: the
    /// dashed circle of dashed_strokes is one dashed stroke in the port and one undashed stroke of 27
    /// explicit arc pieces (216 = 27 x 8 pt of dashes) in the SVG.
    static let unmatchedPortStrokes: [String: Int] = ["dashed_strokes": 1]
    static let unmatchedSVGStrokes: [String: Int] = ["dashed_strokes": 1]

    private struct Summary: CustomStringConvertible {
        var start: CGPoint, end: CGPoint, length: CGFloat, bounds: CGRect, closed: Bool
        var width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, dash: [CGFloat], phase: CGFloat
        var color: Color?, opacity: Double

        init(_ c: StrokeCommand) {
            let p = c.path.applying(c.transform)
            if case .move(let q)? = p.elements.first { start = q } else { start = .zero }
            var last = start
            for e in p.elements { if let q = endPoint(e) { last = q } }
            end = last
            closed = p.elements.last == .closeSubpath
            length = p.arcLength
            bounds = p.boundingRect
            let scale = abs(c.transform.a * c.transform.d - c.transform.b * c.transform.c).squareRoot()
            width = c.style.lineWidth * scale
            cap = c.style.lineCap; join = c.style.lineJoin; miterLimit = c.style.miterLimit
            dash = c.style.dash.map { $0 * scale }; phase = c.style.dashPhase * scale
            if case .color(let col) = c.shading.kind { color = col } else { color = nil }
            opacity = c.opacity
        }

        func matches(_ o: Summary) -> Bool {
            func near(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> Bool { abs(a - b) <= t }
            func nearP(_ a: CGPoint, _ b: CGPoint) -> Bool { near(a.x, b.x, 0.05) && near(a.y, b.y, 0.05) }
            guard nearP(start, o.start), nearP(end, o.end), closed == o.closed,
                  near(length, o.length, max(0.05, 2e-3 * length)),
                  nearP(bounds.origin, o.bounds.origin), near(bounds.width, o.bounds.width, 0.05),
                  near(bounds.height, o.bounds.height, 0.05) else { return false }
            guard near(width, o.width, 1e-6), cap == o.cap, join == o.join, near(miterLimit, o.miterLimit, 1e-9),
                  dash.count == o.dash.count, zip(dash, o.dash).allSatisfy({ near($0, $1, 1e-3) }),
                  near(phase, o.phase, 1e-3) else { return false }
            guard let a = color, let b = o.color else { return false }
            let ea = a.opacity * opacity, eb = b.opacity * o.opacity
            return abs(a.red - b.red) < 0.003 && abs(a.green - b.green) < 0.003 && abs(a.blue - b.blue) < 0.003
                && abs(ea - eb) < 0.003
        }

        var description: String {
            "start \(start) end \(end) length \(length) closed \(closed) width \(width) cap \(cap) join \(join) "
                + "dash \(dash) phase \(phase) colour \(String(describing: color)) x \(opacity)"
        }
    }

    private static func strokes(_ scene: Scene) -> [Summary] {
        scene.commands.compactMap { if case .stroke(let s) = $0 { return Summary(s) } else { return nil } }
    }

    @Test(arguments: StrokePortScenes.all.map(\.name))
    func portStrokesMatchTheReferenceSVG(_ name: String) throws {
        let make = try #require(StrokePortScenes.all.first { $0.name == name }?.scene)
        let port = Self.strokes(make())
        let document = try SVGDocument(contentsOf: try Fixtures.file(name + ".svg"))
        var svg = Self.strokes(document.makeScene())
        var unmatched: [Summary] = []
        for s in port {
            if let i = svg.firstIndex(where: { s.matches($0) }) { svg.remove(at: i) } else { unmatched.append(s) }
        }
        #expect(svg.count == Self.unmatchedSVGStrokes[name, default: 0], "\(name): SVG strokes without a port stroke: \(svg)")
        #expect(unmatched.count == Self.unmatchedPortStrokes[name, default: 0],
                "\(name): port strokes without an SVG stroke: \(unmatched)")
    }
}
