import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct APIPaintTests {
    func rgb8(_ c: Color) -> [Int] {
        [c.red, c.green, c.blue].map { Int(($0 * 255).rounded()) }
    }

    @Test func namedColourValues() {
        let table: [(Color, [Int])] = [
            (.red, [255, 59, 48]), (.orange, [255, 149, 0]), (.yellow, [255, 204, 0]), (.green, [52, 199, 89]),
            (.mint, [0, 199, 190]), (.teal, [48, 176, 199]), (.cyan, [50, 173, 230]), (.blue, [0, 122, 255]),
            (.indigo, [88, 86, 214]), (.purple, [175, 82, 222]), (.pink, [255, 45, 85]),
            (.brown, [162, 132, 94]), (.gray, [142, 142, 147]), (.black, [0, 0, 0]),
            (.white, [255, 255, 255]), (.primary, [0, 0, 0]),
        ]
        for (c, v) in table {
            #expect(rgb8(c) == v)
            #expect(c.opacity == 1)
        }
        #expect(Color.clear.opacity == 0)
    }

    func styleColor<S: ShapeStyle>(_ s: S) -> Color? {
        if case .color(let c) = s.resolvedShading(in: .zero).kind { return c }
        return nil
    }

    @Test func leadingDotColoursAsShapeStyles() {
        #expect(styleColor(.orange) == Color.orange)
        #expect(styleColor(.clear) == Color.clear)
        #expect(styleColor(.yellow.opacity(0.4)) == Color.yellow.opacity(0.4))
        let c: Color = .teal
        // A named colour: the light appearance's values, and a dark variant a plain colour lacks.
        #expect(c.lightColor == Color(red: 48 / 255, green: 176 / 255, blue: 199 / 255))
        #expect(c != Color(red: 48 / 255, green: 176 / 255, blue: 199 / 255))
    }

    @Test func hsbConversion() {
        func close(_ a: Color, _ b: Color) -> Bool {
            abs(a.red - b.red) < 1e-12 && abs(a.green - b.green) < 1e-12 && abs(a.blue - b.blue) < 1e-12
                && a.opacity == b.opacity
        }
        #expect(close(Color(hue: 0, saturation: 1, brightness: 1), Color(red: 1, green: 0, blue: 0)))
        #expect(close(Color(hue: 1.0 / 3, saturation: 1, brightness: 1), Color(red: 0, green: 1, blue: 0)))
        #expect(close(Color(hue: 2.0 / 3, saturation: 1, brightness: 1), Color(red: 0, green: 0, blue: 1)))
        #expect(close(Color(hue: 1.0 / 6, saturation: 1, brightness: 1), Color(red: 1, green: 1, blue: 0)))
        #expect(close(Color(hue: 0.5, saturation: 0.5, brightness: 0.8), Color(red: 0.4, green: 0.8, blue: 0.8)))
        #expect(close(Color(hue: 0.75, saturation: 0, brightness: 0.3, opacity: 0.5),
                      Color(red: 0.3, green: 0.3, blue: 0.3, opacity: 0.5)))
        #expect(close(Color(hue: 1, saturation: 1, brightness: 1), Color(red: 1, green: 0, blue: 0)))
        // h = 0.9: sector 5 -> (v, p, q), f = 0.4.
        #expect(close(Color(hue: 0.9, saturation: 1, brightness: 1), Color(red: 1, green: 0, blue: 0.6)))
    }

    @Test func colourSpaceInitializers() {
        #expect(Color(.sRGB, red: 0.1, green: 0.2, blue: 0.3, opacity: 0.4)
                == Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.4))
        #expect(Color(.sRGB, white: 0.5) == Color(white: 0.5))
        let lin = Color(.sRGBLinear, red: 0.214041140, green: 0, blue: 1)
        #expect(abs(lin.red - 0.5) < 1e-6 && lin.green == 0 && abs(lin.blue - 1) < 1e-12)
        let p3 = Color(.displayP3, red: 1, green: 1, blue: 1)
        #expect(abs(p3.red - 1) < 1e-5 && abs(p3.green - 1) < 1e-5 && abs(p3.blue - 1) < 1e-5)
    }

    @Test func linearGradientResolvesAgainstFrame() {
        let frame = CGRect(x: 100, y: 50, width: 200, height: 100)
        let g = LinearGradient(colors: [.green, .blue], startPoint: .bottomLeading, endPoint: .topTrailing)
        guard case .linearGradient(let grad, let s, let e) = g.resolvedShading(in: frame).kind else {
            Issue.record("not linear"); return
        }
        #expect(s == CGPoint(x: 100, y: 150))
        #expect(e == CGPoint(x: 300, y: 50))
        #expect(grad.stops.map(\.location) == [0, 1])
        // Shorthand with explicit unit points.
        let st: LinearGradient = .linearGradient(Gradient(colors: [.red, .blue]),
                                                 startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 0.6))
        guard case .linearGradient(_, let s2, let e2) = st.resolvedShading(in: CGRect(x: 0, y: 0, width: 300, height: 300)).kind
        else { Issue.record("not linear"); return }
        #expect(s2 == CGPoint(x: 150, y: 0))
        #expect(near(e2, CGPoint(x: 150, y: 180)))
    }

    @Test func radialAndAngularResolution() {
        let frame = CGRect(x: 10, y: 20, width: 200, height: 100)
        let r = RadialGradient(gradient: Gradient(colors: [.white, .black]), center: .center, startRadius: 5, endRadius: 50)
        guard case .radialGradient(_, let c, let r0, let r1) = r.resolvedShading(in: frame).kind else {
            Issue.record("not radial"); return
        }
        #expect(c == CGPoint(x: 110, y: 70) && r0 == 5 && r1 == 50)

        let a = AngularGradient(colors: [.red, .blue], center: .topLeading, angle: .degrees(90))
        guard case .conicGradient(_, let ac, let s, let e) = a.resolvedShading(in: frame).kind else {
            Issue.record("not conic"); return
        }
        #expect(ac == CGPoint(x: 10, y: 20))
        #expect(abs(s.degrees - 90) < 1e-9 && abs(e.degrees - 450) < 1e-9)

        let b: AngularGradient = .angularGradient(colors: [.red, .blue], center: .center,
                                                  startAngle: .degrees(-90), endAngle: .degrees(180))
        guard case .conicGradient(_, _, let s2, let e2) = b.resolvedShading(in: frame).kind else {
            Issue.record("not conic"); return
        }
        #expect(abs(s2.degrees + 90) < 1e-9 && abs(e2.degrees - 180) < 1e-9)
        let stops = [Gradient.Stop(color: .red, location: 0.2), Gradient.Stop(color: .blue, location: 0.8)]
        #expect(RadialGradient(stops: stops, center: .center, startRadius: 0, endRadius: 1).gradient.stops == stops)
        #expect(AngularGradient(stops: stops, center: .center).endAngle == .degrees(360))
    }

    @Test func contextFillsShapeWithStyleInFrame() {
        var scene = Scene(size: CGSize(width: 100, height: 100))
        let frame = CGRect(x: 10, y: 10, width: 50, height: 20)
        scene.draw { ctx in
            ctx.fill(Circle(), in: frame, with: .red)
            ctx.fill(Rectangle(), in: frame,
                     with: .linearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom),
                     style: FillStyle(eoFill: true))
        }
        #expect(scene.commands.count == 2)
        guard case .fill(let c0) = scene.commands[0], case .fill(let c1) = scene.commands[1] else {
            Issue.record("not fills"); return
        }
        #expect(c0.path == Circle().path(in: frame))
        if case .color(let col) = c0.shading.kind { #expect(col == .red) } else { Issue.record("not a colour") }
        #expect(c0.rule == .nonZero)
        #expect(c1.rule == .evenOdd)
        if case .linearGradient(_, let s, let e) = c1.shading.kind {
            #expect(s == CGPoint(x: 35, y: 10) && e == CGPoint(x: 35, y: 30))
        } else { Issue.record("not linear") }
    }
}
