import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import TileRenderSVG

/// The colour-filter reference scenes (Tests/Fixtures/Effects, made by scripts/make-effect-references.py
/// with resvg's SVG filter primitives and Skia's colour matrices): each scene's description is drawn
/// through `GraphicsContext.addFilter` with SwiftUI's filters.
enum EffectScenes {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Effects")

    struct Shape: Decodable {
        var kind: String
        var x: Double?, y: Double?, w: Double?, h: Double?, cx: Double?, cy: Double?, r: Double?
        var fill: String?, opacity: Double?, gradient: [String]?
    }
    /// A filter: its name, then its amount (a number, or a colour and an opacity).
    enum Argument: Decodable {
        case number(Double), text(String)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .text(try c.decode(String.self)) }
        }
        var number: Double { if case .number(let d) = self { d } else { .nan } }
        var text: String { if case .text(let s) = self { s } else { "" } }
    }
    struct Scene: Decodable { var width: Int; var height: Int; var shapes: [Shape]; var filters: [[Argument]]; var perDraw: Bool }

    static func scenes() throws -> [String: Scene] {
        try JSONDecoder().decode([String: Scene].self, from: Data(contentsOf: Fixtures.file("scenes.json", in: folder)))
    }

    static func filter(_ f: [Argument]) -> GraphicsContext.Filter {
        switch f[0].text {
        case "brightness": .brightness(f[1].number)
        case "contrast": .contrast(f[1].number)
        case "saturation": .saturation(f[1].number)
        case "grayscale": .grayscale(f[1].number)
        case "hueRotation": .hueRotation(.degrees(f[1].number))
        case "colorInvert": .colorInvert(f[1].number)
        case "colorMultiply": .colorMultiply(TextScenes.color(f[1].text, f[2].number))
        case "luminanceToAlpha": .luminanceToAlpha
        default: .brightness(.nan)
        }
    }

    static func draw(_ scene: Scene) -> TileRenderPipeline.Scene {
        var result = TileRenderPipeline.Scene(size: CGSize(width: scene.width, height: scene.height))
        result.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: scene.width, height: scene.height)), with: .color(.white))
            var filtered = context
            for f in scene.filters { filtered.addFilter(filter(f)) }
            func shapes(_ c: GraphicsContext) {
                for s in scene.shapes {
                    let path = s.kind == "rect" ? Path(CGRect(x: s.x!, y: s.y!, width: s.w!, height: s.h!))
                                                : Path(ellipseIn: CGRect(x: s.cx! - s.r!, y: s.cy! - s.r!, width: 2 * s.r!, height: 2 * s.r!))
                    if let g = s.gradient {
                        c.fill(path, with: .linearGradient(Gradient(colors: [TextScenes.color(g[0]), TextScenes.color(g[1])]),
                                                           startPoint: CGPoint(x: s.x!, y: 0), endPoint: CGPoint(x: s.x! + s.w!, y: 0)))
                    } else {
                        c.fill(path, with: .color(TextScenes.color(s.fill!, s.opacity!)))
                    }
                }
            }
            if scene.perDraw { shapes(filtered) } else { filtered.drawLayer { shapes($0) } }
        }
        return result
    }
}

@Suite struct ColorFilterReferenceTests {
    static let names = ["filter_brightness_contrast", "filter_grayscale", "filter_saturation", "filter_hue_rotation",
                        "filter_invert_multiply", "filter_luminance_to_alpha", "filter_per_draw"]

    @Test(arguments: names)
    func sceneMatchesItsReferenceOnTheCPU(_ name: String) throws {
        let scene = try #require(try EffectScenes.scenes()[name], "\(name) is not in scenes.json")
        let bitmap = try Renderer(backend: .cpu).render(EffectScenes.draw(scene))
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
        }
        try expectMatchesReference(bitmap, scene: name, folder: EffectScenes.folder,
                                   tolerances: try SceneTolerance.load(from: EffectScenes.folder))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"), arguments: names)
    func vulkanMatchesTheCPU(_ name: String) throws {
        let drawing = EffectScenes.draw(try #require(try EffectScenes.scenes()[name]))
        expectVulkanParity(try Renderer(backend: .cpu).render(drawing), try Renderer(backend: .vulkan).render(drawing), name)
    }

    @Test func everySceneIsTested() throws {
        #expect(Set(try EffectScenes.scenes().keys) == Set(Self.names + BlurShadowReferenceTests.names + BlurShadowReferenceTests.portedNames))
    }
}

/// What each filter does to one pixel, and the documented results for bad amounts.
@Suite struct ColorFilterTests {
    /// A 32x32 canvas of `color`, drawn in a layer through `filters`; its centre pixel.
    private func filtered(_ color: Color, _ filters: [GraphicsContext.Filter], backend: Backend = .cpu,
                          options: GraphicsContext.FilterOptions = []) throws -> Bitmap.Pixel {
        var scene = Scene(size: CGSize(width: 32, height: 32))
        scene.draw { context in
            var c = context
            for f in filters { c.addFilter(f, options: options) }
            c.drawLayer { $0.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(color)) }
        }
        return try Renderer(backend: backend).render(scene).pixel(x: 16, y: 16)
    }

    private func level(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
    /// Every channel within one level.
    private func near(_ p: Bitmap.Pixel, _ q: Bitmap.Pixel) -> Bool {
        abs(Int(p.r) - Int(q.r)) <= 1 && abs(Int(p.g) - Int(q.g)) <= 1 && abs(Int(p.b) - Int(q.b)) <= 1 && abs(Int(p.a) - Int(q.a)) <= 1
    }
    private let pureRed = Color(red: 1, green: 0, blue: 0), pureBlue = Color(red: 0, green: 0, blue: 1)

    @Test func identitiesChangeNothing() throws {
        let color = Color(red: 0.8, green: 0.3, blue: 0.1, opacity: 0.6)
        let plain = try filtered(color, [])
        for f in [GraphicsContext.Filter.brightness(0), .contrast(1), .saturation(1), .grayscale(0), .hueRotation(.zero),
                  .colorInvert(0), .colorMultiply(.white), .colorMatrix(ColorMatrix())] {
            let p = try filtered(color, [f])
            #expect(abs(Int(p.r) - Int(plain.r)) <= 1 && abs(Int(p.g) - Int(plain.g)) <= 1 && abs(Int(p.b) - Int(plain.b)) <= 1 && p.a == plain.a, "\(f)")
        }
        // Inverting twice, and turning hues a whole turn, come back.
        let twice = try filtered(color, [.colorInvert(), .colorInvert()])
        #expect(abs(Int(twice.r) - Int(plain.r)) <= 1 && abs(Int(twice.b) - Int(plain.b)) <= 1)
        let turned = try filtered(color, [.hueRotation(.degrees(360))])
        #expect(abs(Int(turned.r) - Int(plain.r)) <= 1 && abs(Int(turned.g) - Int(plain.g)) <= 1)
    }

    @Test func eachFilterDoesWhatItsDocumentationSays() throws {
        let opaque = Color(red: 0.8, green: 0.4, blue: 0.2)
        // brightness adds, clamping at 1.
        let bright = try filtered(opaque, [.brightness(0.3)])
        #expect(near(bright, Bitmap.Pixel(r: 255, g: level(0.7), b: level(0.5), a: 255)), "\(bright)")
        // contrast scales about 0.5.
        let contrasted = try filtered(opaque, [.contrast(2)])
        #expect(near(contrasted, Bitmap.Pixel(r: 255, g: level(0.3), b: 0, a: 255)), "\(contrasted)")
        // grayscale(1): the SVG luminance weights, on every channel.
        let grey = level(0.213 * 0.8 + 0.715 * 0.4 + 0.072 * 0.2)
        let g = try filtered(opaque, [.grayscale(1)])
        #expect(abs(Int(g.r) - Int(grey)) <= 1 && g.r == g.g && g.g == g.b, "\(g)")
        // Oversaturation pushes the channels away from grey (and clamps).
        let vivid = try filtered(opaque, [.saturation(2)])
        #expect(vivid.r == 255 && vivid.b < level(0.2), "\(vivid)")
        // colorInvert on a translucent colour keeps its alpha (premultiplied out and back).
        let inverted = try filtered(Color(red: 0.8, green: 0.4, blue: 0.2, opacity: 0.5), [.colorInvert()])
        #expect(inverted.a == 128 && abs(Int(inverted.r) - Int(level(0.2 * 0.5))) <= 1 && abs(Int(inverted.b) - Int(level(0.8 * 0.5))) <= 1, "\(inverted)")
        // colorMultiply multiplies alpha too.
        let multiplied = try filtered(opaque, [.colorMultiply(Color(red: 1, green: 0.5, blue: 1, opacity: 0.5))])
        #expect(multiplied.a == 128 && abs(Int(multiplied.g) - Int(level(0.2 * 0.5))) <= 1, "\(multiplied)")
        // luminanceToAlpha: black at the colour's luminance.
        let l = try filtered(Color(red: 1, green: 1, blue: 1), [.luminanceToAlpha])
        #expect(l.r == 0 && l.g == 0 && l.b == 0 && abs(Int(l.a) - Int(level(0.2125 + 0.7154 + 0.0721))) <= 1, "\(l)")
        // alphaThreshold: inside the range the colour, outside transparent.
        let half = Color(red: 1, green: 0, blue: 0, opacity: 0.5)
        #expect(try filtered(half, [.alphaThreshold(min: 0.4, color: pureBlue)]) == Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(try filtered(half, [.alphaThreshold(min: 0.6, color: pureBlue)]) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0))
        // Filters apply in order: brightness then invert is not invert then brightness.
        let a = try filtered(opaque, [.brightness(0.1), .colorInvert()]), b = try filtered(opaque, [.colorInvert(), .brightness(0.1)])
        #expect(abs(Int(a.r) - Int(level(0.1))) <= 1 && abs(Int(b.r) - Int(level(0.3))) <= 1, "\(a) \(b)")
    }

    @Test func transparentPixelsStayTransparent() throws {
        var m = ColorMatrix()
        m.a5 = 0.5  // would raise every pixel's alpha
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { context in
            var c = context
            c.addFilter(.colorMatrix(m))
            c.addFilter(.alphaThreshold(min: 0, max: 1, color: pureRed))
            c.drawLayer { $0.fill(Path(CGRect(x: 4, y: 4, width: 8, height: 8)), with: .color(.blue)) }
        }
        let bitmap = try Renderer(backend: .cpu).render(scene)
        #expect(bitmap.pixel(x: 8, y: 8) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
        // Outside the square (in its tile and beyond) nothing is drawn.
        #expect(bitmap.pixel(x: 14, y: 14).a == 0 && bitmap.pixel(x: 40, y: 40).a == 0)
    }

    @Test func badAmountsAreDocumented() throws {
        let color = Color(red: 0.5, green: 0.5, blue: 0.5)
        let plain = try filtered(color, [])
        // NaN and infinite amounts make filters that change nothing.
        for f in [GraphicsContext.Filter.brightness(.nan), .contrast(.infinity), .saturation(-.infinity),
                  .hueRotation(.radians(.nan)), .alphaThreshold(min: .nan), .colorMultiply(Color(red: .nan, green: 0, blue: 0))] {
            #expect(try filtered(color, [f]) == plain, "\(f)")
        }
        // Huge amounts clamp.
        #expect(try filtered(color, [.brightness(1e9)]) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(try filtered(color, [.contrast(-1e9)]).a == 255)
        // A thousand filters: the first `maxFilters` apply, the rest are ignored.
        let many = [GraphicsContext.Filter](repeating: .colorInvert(), count: 1000)
        #expect(try filtered(color, many) == filtered(color, Array(many.prefix(GraphicsContext.maxFilters))))
    }

    @Test func viewModifiersFilterTheViewAsAWhole() throws {
        let view = ZStack {
            Circle().fill(pureRed).frame(width: 20, height: 20).offset(x: -5)
            Circle().fill(pureRed.opacity(0.5)).frame(width: 20, height: 20).offset(x: 5)
        }
        .frame(width: 40, height: 30)
        let plain = try ImageRenderer(content: view).render(backend: .cpu)
        let inverted = try ImageRenderer(content: view.colorInvert()).render(backend: .cpu)
        let p = plain.pixel(x: 14, y: 15), q = inverted.pixel(x: 14, y: 15)
        #expect(p.r == 255 && p.g == 0 && q.r == 0 && q.g == 255 && q.b == 255 && q.a == 255, "\(p) \(q)")
        let grey = try ImageRenderer(content: view.grayscale(1)).render(backend: .cpu).pixel(x: 14, y: 15)
        #expect(grey.r == grey.g && grey.g == grey.b && abs(Int(grey.r) - 54) <= 1, "\(grey)")
        for modified in [AnyFilteredView(view.brightness(0.2)), AnyFilteredView(view.contrast(0.5)), AnyFilteredView(view.saturation(0.5)),
                         AnyFilteredView(view.hueRotation(.degrees(90))), AnyFilteredView(view.colorMultiply(.blue)),
                         AnyFilteredView(view.luminanceToAlpha())] {
            #expect(try modified.render().pixel(x: 14, y: 15) != p)
        }
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func vulkanFiltersLikeTheCPU() throws {
        let color = Color(red: 0.8, green: 0.3, blue: 0.1, opacity: 0.6)
        for filters in [[GraphicsContext.Filter.brightness(0.2), .contrast(1.5)], [.luminanceToAlpha],
                        [.alphaThreshold(min: 0.5, color: .green)], [.colorMultiply(.blue), .hueRotation(.degrees(40))]] {
            for options in [GraphicsContext.FilterOptions(), .linearColor] {
                let cpu = try filtered(color, filters, options: options), gpu = try filtered(color, filters, backend: .vulkan, options: options)
                #expect(near(cpu, gpu), "\(filters) \(options): \(cpu) vs \(gpu)")
            }
        }
    }
}

/// A view with a filter modifier, rendered by the CPU.
private struct AnyFilteredView {
    let render: () throws -> Bitmap
    init<V: View>(_ view: V) { render = { try ImageRenderer(content: view).render(backend: .cpu) } }
}

/// SVG `filter` through the importer.
@Suite struct SVGColorFilterTests {
    /// The reference scenes' SVG files (resvg rendered them) imported and drawn: colour primitives,
    /// blurs and shadows.
    @Test(arguments: ColorFilterReferenceTests.names + BlurShadowReferenceTests.names + BlurShadowReferenceTests.portedNames)
    func svgImportMatchesTheReference(_ name: String) throws {
        let document = try SVGDocument(contentsOf: try Fixtures.file(name + ".svg", in: EffectScenes.folder))
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let bitmap = try Renderer(backend: .cpu).render(document.makeScene())
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".svg.png"))
        }
        try expectMatchesReference(bitmap, scene: name, folder: EffectScenes.folder,
                                   tolerances: try SceneTolerance.load(from: EffectScenes.folder))
    }

    private func render(_ body: String) throws -> (SVGDocument, Bitmap) {
        let document = try SVGDocument.parse(data: Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">\(body)</svg>
            """.utf8))
        return (document, try Renderer(backend: .cpu).render(document.makeScene()))
    }

    /// linearRGB, the default, and sRGB give their own results: saturate(0) of pure red is the
    /// luminance in linear light (0.213, encoded: 127) or on the sRGB values (0.213: 54).
    @Test func colorInterpolationFiltersPicksTheSpace() throws {
        let rect = ##"<rect width="20" height="20" fill="#ff0000" filter="url(#f)"/>"##
        let (_, linear) = try render(##"<filter id="f"><feColorMatrix type="saturate" values="0"/></filter>"## + rect)
        let (_, srgb) = try render(##"<filter id="f" color-interpolation-filters="sRGB"><feColorMatrix type="saturate" values="0"/></filter>"## + rect)
        #expect(abs(Int(linear.pixel(x: 10, y: 10).g) - 127) <= 1, "\(linear.pixel(x: 10, y: 10))")
        #expect(abs(Int(srgb.pixel(x: 10, y: 10).g) - 54) <= 1, "\(srgb.pixel(x: 10, y: 10))")
        // The same through the API's linearColor option.
        var scene = Scene(size: CGSize(width: 20, height: 20))
        scene.draw { context in
            var c = context
            c.addFilter(.saturation(0), options: .linearColor)
            c.drawLayer { $0.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(Color(red: 1, green: 0, blue: 0))) }
        }
        #expect(abs(Int(try Renderer(backend: .cpu).render(scene).pixel(x: 10, y: 10).g) - 127) <= 1)
    }

    @Test func unsupportedFiltersWarnAndDrawUnfiltered() throws {
        let rect = ##"<rect width="20" height="20" fill="#ff0000" filter="url(#f)"/>"##
        for filter in [##"<filter id="f"><feTurbulence baseFrequency="0.1"/></filter>"##,
                       ##"<filter id="f"><feGaussianBlur stdDeviation="2"/><feMorphology radius="2"/></filter>"##,
                       ##"<filter id="f"><feComponentTransfer><feFuncR type="gamma" exponent="2"/></feComponentTransfer></filter>"##,
                       ##"<filter id="f"><feColorMatrix type="matrix" values="1 2 3"/></filter>"##] {
            let (document, bitmap) = try render(filter + rect)
            #expect(!document.warnings.isEmpty, "\(filter)")
            #expect(bitmap.pixel(x: 10, y: 10) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255), "\(filter)")
        }
        // Ten thousand primitives: a warning, drawn unfiltered, at once.
        let many = String(repeating: ##"<feColorMatrix type="hueRotate" values="1"/>"##, count: 10_000)
        let (document, bitmap) = try render(##"<filter id="f">\##(many)</filter>"## + rect)
        #expect(document.warnings.contains { $0.message.contains("primitives") })
        #expect(bitmap.pixel(x: 10, y: 10) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func aMissingOrEmptyFilterDrawsNothing() throws {
        let (missing, a) = try render(##"<rect width="20" height="20" fill="#ff0000" filter="url(#nothing)"/>"##)
        #expect(missing.warnings.contains { $0.message.contains("#nothing") })
        #expect(a.pixel(x: 10, y: 10).a == 0)
        let (_, b) = try render(##"<filter id="f"/><rect width="20" height="20" fill="#ff0000" filter="url(#f)"/>"##)
        #expect(b.pixel(x: 10, y: 10).a == 0)
        // A chain through named results, and a group filtered as a whole.
        let (chained, c) = try render(#"""
            <filter id="f" color-interpolation-filters="sRGB">
              <feComponentTransfer in="SourceGraphic" result="a"><feFuncR type="linear" slope="0" intercept="0.5"/></feComponentTransfer>
              <feColorMatrix in="a" type="matrix" values="1 0 0 0 0  0 1 0 0 0.25  0 0 1 0 0  0 0 0 1 0"/>
            </filter>
            <g filter="url(#f)"><rect width="20" height="20" fill="#ff0000"/></g>
            """#)
        #expect(chained.warnings.isEmpty, "\(chained.warnings)")
        #expect(c.pixel(x: 10, y: 10) == Bitmap.Pixel(r: 128, g: 64, b: 0, a: 255))
    }
}
