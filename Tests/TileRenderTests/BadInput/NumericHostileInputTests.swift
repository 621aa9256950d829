import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

/// Numeric hostile input: huge and tiny magnitudes, NaN and infinity in geometry, strokes and paints.
/// Each case here trapped, hung, allocated without bound or drew garbage before it was fixed; the
/// expected results are the documented ones (README, "Limits and bad input").
@Suite struct NumericHostileInputTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Hostile")

    private func renderSVG(_ name: String) throws -> Bitmap {
        let document = try SVGDocument(contentsOf: Self.fixtures.appendingPathComponent(name))
        return try Renderer(backend: .cpu).render(document.makeScene())
    }

    private func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> UInt8 { b.pixels[y * b.bytesPerRow + x * 4 + 3] }
    private func rgba(_ b: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        Array(b.pixels[(y * b.bytesPerRow + x * 4)..<(y * b.bytesPerRow + x * 4 + 4)])
    }
    private func allOpaque(_ b: Bitmap) -> Bool {
        (0..<b.height).allSatisfy { y in (0..<b.width).allSatisfy { alpha(b, $0, y) == 255 } }
    }

    private func expand(_ path: Path, _ style: StrokeStyle, tolerance: Double = StrokeExpander.tolerance) -> StrokeOutline {
        var expander = StrokeExpander()
        var outline = StrokeOutline()
        if let p = StrokeParameters(style) { expander.expand(path, p, tolerance: tolerance, into: &outline) }
        return outline
    }

    private func line(_ x0: CGFloat, _ y0: CGFloat, _ x1: CGFloat, _ y1: CGFloat) -> Path {
        var p = Path()
        p.move(to: CGPoint(x: x0, y: y0))
        p.addLine(to: CGPoint(x: x1, y: y1))
        return p
    }

    // MARK: 2. Huge half widths: bounded arc steps

    @Test(arguments: [1e13, 1e15, 1e20, 1e300])
    func hugeRoundCapsAndJoinsAreBounded(_ width: Double) throws {
        var path = line(10, 10, 50, 40)
        path.addLine(to: CGPoint(x: 20, y: 50))
        path.addQuadCurve(to: CGPoint(x: 60, y: 60), control: CGPoint(x: 0, y: 0))
        let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
        // Two caps and three joins of at most 4096 steps a turn, plus the curve's chords.
        let outline = expand(path, style)
        #expect(outline.points.count <= 5 * 4096 + 2 * Flattener.maxChordsPerCurve + 64)
        #expect(outline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        // The centre line is on the canvas, so the stroke covers all of it.
        let b = try renderCPU(width: 64, height: 64) { $0.stroke(path, with: .color(.black), style: style) }
        #expect(allOpaque(b))
        var dot = Path(); dot.move(to: CGPoint(x: 32, y: 32)); dot.closeSubpath()
        #expect(expand(dot, style).points.count <= 4096)
    }

    @Test func hugeRoundCapSVGsRender() throws {
        for name in ["huge-round-cap.svg", "huge-round-join.svg"] {
            #expect(allOpaque(try renderSVG(name)), "\(name)")
        }
    }

    // MARK: 3. Arcs of radius 1e308

    @Test func hugeRadiusArcStrokesAndFills() throws {
        for radius in [1e308, 1e300, 1e200, CGFloat.greatestFiniteMagnitude] {
            var arc = Path()
            arc.addArc(center: CGPoint(x: 32, y: 32), radius: radius, startAngle: .degrees(0), endAngle: .degrees(80),
                       clockwise: false)
            arc.closeSubpath()
            let b = try renderCPU(width: 32, height: 32) { ctx in
                ctx.fill(arc, with: .color(.blue))
                ctx.stroke(arc, with: .color(.black), style: StrokeStyle(lineWidth: 3, lineJoin: .round))
            }
            #expect(b.width == 32)
            #expect(arc.strokedPath(StrokeStyle(lineWidth: 2)).elements.allSatisfy { e in
                if case .line(let q) = e { return q.x.isFinite && q.y.isFinite }
                return true
            })
        }
    }

    @Test func svgArcWithHugeRadiiIsNearlyStraight() throws {
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 10))
        SVGPathData.appendArc(to: &path, from: CGPoint(x: 10, y: 10), rx: 1e308, ry: 1e308, rotation: 0,
                              largeArc: false, sweep: true, to: CGPoint(x: 50, y: 50))
        // A circle of radius 1e308 through two points 57 apart is a straight line there: its control
        // points stay on the chord (they were NaN, or a half ellipse 1e308 across).
        for e in path.elements {
            if case .curve(let q, let c1, let c2) = e {
                for p in [q, c1, c2] {
                    #expect(p.x.isFinite && p.y.isFinite)
                    #expect(abs(p.x - p.y) < 1e-6 && p.x >= 10 - 1e-6 && p.x <= 50 + 1e-6, "\(p)")
                }
            }
        }
        // Tiny radii scale up to the half ellipse through both points (SVG F.6.6), also without overflow.
        var tiny = Path()
        tiny.move(to: CGPoint(x: 10, y: 10))
        SVGPathData.appendArc(to: &tiny, from: CGPoint(x: 10, y: 10), rx: 1e-300, ry: 1e-300, rotation: 0,
                              largeArc: false, sweep: true, to: CGPoint(x: 50, y: 10))
        #expect(tiny.elements.count == 3)  // the move and two quarter-circle curves
        #expect(tiny.boundingRect.height > 19.9 && tiny.boundingRect.height < 20.1)

        let b = try renderSVG("huge-arc-radius.svg")
        #expect(alpha(b, 30, 30) == 255)  // on the stroked diagonal
        #expect(alpha(b, 50, 12) == 0)    // well off it
    }

    // MARK: 4. Chord counts beyond Int's range

    @Test func chordCountIsClampedBeforeConversion() throws {
        let big = SIMD2<Double>(1e100, -1e100)
        #expect(Flattener.chordCount(.zero, big, -big, SIMD2(1, 1), degree: 3) == Flattener.maxChordsPerCurve)
        #expect(Flattener.chordCount(.zero, big, -big, SIMD2(1, 1), degree: 3, tolerance: .nan) == Flattener.maxChordsPerCurve)
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: CGPoint(x: 50, y: 50), control1: CGPoint(x: 1e100, y: -1e100), control2: CGPoint(x: -1e100, y: 1e100))
        _ = try renderCPU(width: 64, height: 64) { ctx in
            ctx.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: 2))
            ctx.fill(path, with: .color(.red))
        }
        _ = try renderSVG("huge-cubic-controls.svg")
    }

    // MARK: 5. Gradients whose Float mapping overflows

    static let redBlue = Gradient(colors: [.red, .blue])
    /// `Color.blue` as rendered (SwiftUI's system blue, not pure blue).
    static let blue: [UInt8] = {
        let b = try! renderCPU(width: 1, height: 1) { $0.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.blue)) }
        return Array(b.pixels[0..<4])
    }()

    static func tinyGradientScenes() -> [(String, Scene)] {
        func scene(_ shading: GraphicsContext.Shading) -> Scene {
            var s = Scene(size: CGSize(width: 48, height: 48))
            s.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 48, height: 48)), with: shading) }
            return s
        }
        return [
            ("radial 1e-40 repeat", scene(.radialGradient(redBlue, center: CGPoint(x: 24, y: 24), startRadius: 0,
                                                          endRadius: 1e-40, options: .repeat))),
            ("radial 1e-40 mirror", scene(.radialGradient(redBlue, center: CGPoint(x: 24, y: 24), startRadius: 0,
                                                          endRadius: 1e-40, options: .mirror))),
            ("linear 1e-40 mirror", scene(.linearGradient(redBlue, startPoint: CGPoint(x: 5, y: 5),
                                                          endPoint: CGPoint(x: 5 + 1e-40, y: 5), options: .mirror))),
            ("linear 1e-40 repeat", scene(.linearGradient(redBlue, startPoint: .zero,
                                                          endPoint: CGPoint(x: 0, y: 1e-40), options: .repeat))),
            ("linear infinite end", scene(.linearGradient(redBlue, startPoint: .zero,
                                                          endPoint: CGPoint(x: CGFloat.infinity, y: 0), options: .repeat))),
            ("radial NaN radius", scene(.radialGradient(redBlue, center: CGPoint(x: 24, y: 24), startRadius: 0,
                                                        endRadius: .nan, options: .repeat))),
        ]
    }

    @Test func tinyGradientsPaintTheLastStop() throws {
        for (label, scene) in Self.tinyGradientScenes() {
            let b = try Renderer(backend: .cpu).render(scene)
            #expect((0..<48).allSatisfy { y in (0..<48).allSatisfy { rgba(b, $0, y) == Self.blue } }, "\(label)")
        }
        for name in ["tiny-radial-repeat.svg", "tiny-linear-reflect.svg"] {
            let b = try renderSVG(name)
            let svgBlue: [UInt8] = [0, 0, 255, 255]
            #expect(rgba(b, 0, 0) == svgBlue && rgba(b, 32, 32) == svgBlue && rgba(b, 63, 63) == svgBlue, "\(name)")
        }
    }

    @Test func extremeButValidGradientsStaySane() throws {
        // Huge radii and far centres, tiny transforms, sub-1e-9 sweeps: finite Float parameters, and the
        // visible colours are the right end stops.
        let red = try Array(renderCPU(width: 1, height: 1) {
            $0.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.red))
        }.pixels[0..<4])
        let hugeRadial = try renderCPU(width: 16, height: 16) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 16, height: 16)),
                     with: .radialGradient(Self.redBlue, center: CGPoint(x: 8, y: 8), startRadius: 0, endRadius: 1e300))
        }
        #expect(rgba(hugeRadial, 8, 8) == red)
        let farCentre = try renderCPU(width: 16, height: 16) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 16, height: 16)),
                     with: .radialGradient(Self.redBlue, center: CGPoint(x: 1e300, y: 0), startRadius: 0, endRadius: 10,
                                           options: .mirror))
        }
        #expect(farCentre.pixels.allSatisfy { _ in true })
        let tinyTransform = try renderCPU(width: 16, height: 16) { ctx in
            ctx.scaleBy(x: 1e-40, y: 1e-40)
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 16e40, height: 16e40)),
                     with: .conicGradient(Self.redBlue, center: CGPoint(x: 8e40, y: 8e40), angle: .radians(1e300)))
        }
        #expect(alpha(tinyTransform, 3, 3) == 255)
    }

    // MARK: 9. The dash limit counts the whole path

    @Test func dashLimitAppliesPerPath() throws {
        // 40 subpaths of 50,000 dash entries each: 2,000,000 in the path, over the 1,000,000 limit,
        // so the whole stroke is solid (one contour per subpath). Each subpath alone is under it.
        var path = Path()
        for i in 0..<40 {
            path.move(to: CGPoint(x: 0, y: CGFloat(i)))
            path.addLine(to: CGPoint(x: 50_000, y: CGFloat(i)))
        }
        let style = StrokeStyle(lineWidth: 0.5, dash: [1, 1])
        #expect(expand(path, style).contourEnds.count == 40)
        // Under the limit, dashing is unchanged.
        var short = Path()
        for i in 0..<4 { short.move(to: CGPoint(x: 0, y: CGFloat(i))); short.addLine(to: CGPoint(x: 100, y: CGFloat(i))) }
        #expect(expand(short, style).contourEnds.count == 200)
        let b = try renderSVG("dash-many-subpaths.svg")
        #expect(alpha(b, 25, 10) > 0 && alpha(b, 30, 10) == alpha(b, 25, 10))  // solid: no gaps
    }

    @Test func dashesFinerThanTheCoordinatesResolutionEnd() throws {
        // A closed curve along y = 1e300 whose control polygon is about a unit long: the 18-unit width
        // turns it into 30 chords, 1e284 long by rounding alone (an ulp of y), so the estimate lets
        // [8, 8] dash it, and the dash ends no longer moved (a fuzz finding walked 1e283 dashes on one spot). Now the rest of such
        // a segment keeps its on/off state: a few contours, at once.
        var path = Path()
        path.move(to: CGPoint(x: -32, y: 1e300))
        path.addCurve(to: CGPoint(x: -32, y: 1e300), control1: CGPoint(x: -32.3, y: 1e300),
                      control2: CGPoint(x: -31.7, y: 1e300))
        path.closeSubpath()
        let outline = expand(path, StrokeStyle(lineWidth: 18, dash: [8, 8]))
        #expect(outline.contourEnds.count < 100, "\(outline.contourEnds.count) contours")
        // Ordinary dashes are unchanged by the check: 100 units of [8, 8] give 7 dashes.
        #expect(expand(line(0, 0, 100, 0), StrokeStyle(lineWidth: 1, dash: [8, 8])).contourEnds.count == 7)
    }

    // MARK: 12. Lengths beyond 1e154

    @Test func controlPointsNear1e200StillDraw() throws {
        var path = Path()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addCurve(to: CGPoint(x: 10, y: 50), control1: CGPoint(x: 1e200, y: 10), control2: CGPoint(x: 1e200, y: 50))
        let b = try renderCPU(width: 64, height: 64) { $0.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: 4)) }
        // Near its ends the curve runs along y = 10 and y = 50 toward +x.
        #expect(alpha(b, 30, 10) == 255 && alpha(b, 60, 50) == 255)
        #expect(alpha(b, 30, 30) == 0)
        let svg = try renderSVG("huge-control-1e200.svg")
        #expect(alpha(svg, 30, 10) == 255 && alpha(svg, 30, 30) == 0)
    }

    @Test(arguments: [1e160, 1e306, 1.7e308])
    func hugeWidthsCoverTheCanvas(_ width: Double) throws {
        for join in [CGLineJoin.miter, .round, .bevel] {
            var path = line(30, 30, 34, 34)
            path.addLine(to: CGPoint(x: 40, y: 20))
            let b = try renderCPU(width: 64, height: 64) {
                $0.stroke(path, with: .color(.black), style: StrokeStyle(lineWidth: width, lineCap: .square, lineJoin: join))
            }
            #expect(allOpaque(b), "\(width) \(join)")
        }
        // Butt caps on a 4-unit diagonal segment: the band of points whose x + y lies in [60, 68].
        let band = try renderSVG("huge-width-1e306.svg")
        #expect(alpha(band, 32, 32) == 255 && alpha(band, 5, 58) == 255 && alpha(band, 58, 5) == 255)
        #expect(alpha(band, 10, 10) == 0 && alpha(band, 50, 50) == 0)
    }

    @Test func robustLengthAndScale() {
        #expect(abs(robustLength(SIMD2(3e200, 4e200)) / 5e200 - 1) < 1e-15)
        #expect(abs(robustLength(SIMD2(3e-200, 4e-200)) / 5e-200 - 1) < 1e-15)
        #expect(robustLength(SIMD2(3, 4)) == 5)
        let t = CGAffineTransform(a: 1e200, b: 0, c: 0, d: 3e200, tx: 0, ty: 0)
        #expect(abs(t.maximumScale / 3e200 - 1) < 1e-12)
        let tiny = CGAffineTransform(a: 1e-200, b: 0, c: 0, d: 2e-200, tx: 0, ty: 0)
        #expect(abs(tiny.maximumScale / 2e-200 - 1) < 1e-12)
    }

    // MARK: Non-finite and out-of-range style values

    @Test func badStyleValuesGiveTheDocumentedResult() throws {
        var path = line(8, 8, 40, 8)
        path.addLine(to: CGPoint(x: 10, y: 30))
        func draw(_ style: StrokeStyle) throws -> [UInt8] {
            try renderCPU(width: 48, height: 48) { $0.stroke(path, with: .color(.black), style: style) }.pixels
        }
        let blank = try renderCPU(width: 48, height: 48) { _ in }.pixels
        let solid = try draw(StrokeStyle(lineWidth: 3))
        for w in [CGFloat.nan, .infinity, -.infinity, -3, 0] { #expect(try draw(StrokeStyle(lineWidth: w)) == blank, "\(w)") }
        for dash: [CGFloat] in [[.nan, 2], [2, -1], [0, 0], [.infinity, 1], [1e308, 1e308], [.nan]] {
            #expect(try draw(StrokeStyle(lineWidth: 3, dash: dash)) == solid, "\(dash)")
        }
        for phase in [CGFloat.nan, .infinity] {
            #expect(try draw(StrokeStyle(lineWidth: 3, dash: [4, 2], dashPhase: phase)) == draw(StrokeStyle(lineWidth: 3, dash: [4, 2])))
        }
        // A phase far beyond the pattern, and patterns with tiny entries, still end.
        _ = try draw(StrokeStyle(lineWidth: 3, dash: [4, 2], dashPhase: 1e300))
        _ = try draw(StrokeStyle(lineWidth: 3, dash: [1e-300, 1e-300]))
        _ = try draw(StrokeStyle(lineWidth: 3, dash: [5, 1e-300, 1e-300, 1e-300]))
        // A NaN miter limit bevels every corner, like a limit below 1.
        #expect(try draw(StrokeStyle(lineWidth: 5, lineJoin: .miter, miterLimit: .nan))
                == draw(StrokeStyle(lineWidth: 5, lineJoin: .miter, miterLimit: 0.5)))
        #expect(try draw(StrokeStyle(lineWidth: 5, lineJoin: .miter, miterLimit: .nan))
                == draw(StrokeStyle(lineWidth: 5, lineJoin: .bevel)))
        // Trim with NaN or infinite fractions.
        #expect(path.trimmedPath(from: .nan, to: .nan).isEmpty)
        #expect(path.trimmedPath(from: .nan, to: .infinity) == path)
        #expect(path.trimmedPath(from: -.infinity, to: .nan).isEmpty)
    }

    @Test func hugeArcSweepsAreBounded() throws {
        var p = Path()
        p.addRelativeArc(center: CGPoint(x: 16, y: 16), radius: 10, startAngle: .zero, delta: .radians(1e300))
        #expect(p.elements.count <= 1 + 4 * 3 + 1)
        var q = Path()
        q.addRelativeArc(center: CGPoint(x: 16, y: 16), radius: 10, startAngle: .radians(.infinity), delta: .radians(1))
        q.addRelativeArc(center: CGPoint(x: 16, y: 16), radius: 10, startAngle: .zero, delta: .radians(-.infinity))
        // Three turns have the parity of 1025 turns: the even-odd disc is filled.
        var odd = Path()
        odd.addRelativeArc(center: CGPoint(x: 16, y: 16), radius: 10, startAngle: .zero, delta: .radians(2 * .pi * 1025))
        let b = try renderCPU(width: 32, height: 32) { ctx in
            ctx.fill(p, with: .color(.black))
            ctx.fill(q, with: .color(.black))
            ctx.stroke(p, with: .color(.black), style: StrokeStyle(lineWidth: 1))
        }
        #expect(alpha(b, 16, 16) == 255)
        let e = try renderCPU(width: 32, height: 32) { $0.fill(odd, with: .color(.black), style: FillStyle(eoFill: true)) }
        #expect(alpha(e, 16, 16) == 255)
    }

    // MARK: Random extreme values

    /// The suite's seeded generator (SplitMix64), so a failure names a reproducible case.
    typealias SplitMix = SeededRandom

    static func extreme(_ g: inout SplitMix) -> CGFloat {
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return [CGFloat.nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude,
                        .leastNonzeroMagnitude, -.greatestFiniteMagnitude][Int.random(in: 0..<8, using: &g)]
        case 1...4: return CGFloat.random(in: -10...74, using: &g)  // on or near the canvas
        default:
            let magnitude = pow(10, CGFloat.random(in: -300...300, using: &g))
            return Bool.random(using: &g) ? magnitude : -magnitude
        }
    }

    /// Kept small (4 x 8 scenes of up to 4 elements): some extreme scenes cost seconds in a debug build
    /// (16,384 chords per huge curve, a million dashes), which is bounded but not cheap.
    @Test(arguments: 0..<4)
    func randomExtremeGeometryNeverTraps(_ seed: Int) throws {
        var g = SplitMix(seed: UInt64(seed) &* 0x1234_5678_9ABC_DEF1 &+ 1)
        func pt() -> CGPoint { CGPoint(x: Self.extreme(&g), y: Self.extreme(&g)) }
        let renderer = Renderer(backend: .cpu)
        for _ in 0..<8 {
            var path = Path()
            path.move(to: pt())
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                switch Int.random(in: 0..<8, using: &g) {
                case 0, 1: path.addLine(to: pt())
                case 2: path.addQuadCurve(to: pt(), control: pt())
                case 3: path.addCurve(to: pt(), control1: pt(), control2: pt())
                case 4: path.addArc(center: pt(), radius: Self.extreme(&g), startAngle: .radians(Self.extreme(&g)),
                                    endAngle: .radians(Self.extreme(&g)), clockwise: Bool.random(using: &g))
                case 5: path.addRelativeArc(center: pt(), radius: Self.extreme(&g), startAngle: .radians(Self.extreme(&g)),
                                            delta: .radians(Self.extreme(&g)))
                case 6: path.addEllipse(in: CGRect(origin: pt(), size: CGSize(width: Self.extreme(&g), height: Self.extreme(&g))))
                default: path.closeSubpath()
                }
            }
            let dash = (0..<Int.random(in: 0...3, using: &g)).map { _ in Self.extreme(&g) }
            let style = StrokeStyle(lineWidth: Self.extreme(&g), lineCap: [.butt, .round, .square][Int.random(in: 0..<3, using: &g)],
                                    lineJoin: [.miter, .round, .bevel][Int.random(in: 0..<3, using: &g)],
                                    miterLimit: Self.extreme(&g), dash: dash, dashPhase: Self.extreme(&g))
            let transform = Int.random(in: 0..<3, using: &g) == 0
                ? CGAffineTransform(a: Self.extreme(&g), b: Self.extreme(&g), c: Self.extreme(&g), d: Self.extreme(&g),
                                    tx: Self.extreme(&g), ty: Self.extreme(&g))
                : .identity
            let stops = [Gradient.Stop(color: .red, location: Self.extreme(&g)), Gradient.Stop(color: .blue, location: Self.extreme(&g))]
            let options: GraphicsContext.GradientOptions = [[], .repeat, .mirror][Int.random(in: 0..<3, using: &g)]
            let shading: GraphicsContext.Shading = switch Int.random(in: 0..<4, using: &g) {
            case 0: .color(.black)
            case 1: .linearGradient(Gradient(stops: stops), startPoint: pt(), endPoint: pt(), options: options)
            case 2: .radialGradient(Gradient(stops: stops), center: pt(), startRadius: Self.extreme(&g),
                                    endRadius: Self.extreme(&g), options: options)
            default: .conicGradient(Gradient(stops: stops), center: pt(), angle: .radians(Self.extreme(&g)), options: options)
            }
            let trimmed = path.trimmedPath(from: Self.extreme(&g), to: Self.extreme(&g))
            var scene = Scene(size: CGSize(width: 24, height: 24))
            scene.draw { ctx in
                ctx.concatenate(transform)
                ctx.fill(path, with: shading)
                ctx.stroke(path, with: shading, style: style)
                ctx.stroke(trimmed, with: .color(.green), style: style)
            }
            let b = try renderer.render(scene)
            #expect(b.width == 24 && b.height == 24)
            // Premultiplied output: no channel above its alpha (garbage would break this).
            var premultiplied = true
            for i in stride(from: 0, to: b.pixels.count, by: 4) {
                let a = b.pixels[i + 3]
                if b.pixels[i] > a || b.pixels[i + 1] > a || b.pixels[i + 2] > a { premultiplied = false }
            }
            #expect(premultiplied)
            let stroked = path.strokedPath(style)
            #expect(stroked.elements.allSatisfy { e in
                switch e {
                case .move(let q), .line(let q): return q.x.isFinite && q.y.isFinite
                default: return true
                }
            }, "\(path.elements) \(style)")
        }
    }
}

/// The same degenerate gradients on the Vulkan backend: both backends paint the documented result.
@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"))
struct NumericHostileParityTests {
    @Test func tinyGradientsAgreeAcrossBackends() throws {
        for (label, scene) in NumericHostileInputTests.tinyGradientScenes() {
            let cpu = try Renderer(backend: .cpu).render(scene)
            let gpu = try Renderer(backend: .vulkan).render(scene)
            let worst = zip(cpu.pixels, gpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "\(label): worst \(worst)")
            #expect(Array(gpu.pixels[0..<4]) == NumericHostileInputTests.blue, "\(label)")
        }
    }
}
