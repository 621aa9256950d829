import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText
import TileRenderSVG

/// The text reference scenes (Tests/Fixtures/Text, made by scripts/make-text-references.py with
/// resvg and the bundled Inter): each scene's description, scenes.json, is drawn through the Text API
/// and must pass its reference by the scenes' tolerance rule, on the CPU and on Vulkan.
enum TextScenes {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/Text")

    struct Span: Decodable { var text: String; var weight: Int; var italic: Bool; var fill: String; var opacity: Double }
    struct Gradient: Decodable { var x1: Double; var y1: Double; var x2: Double; var y2: Double; var stops: [[Stop]] }
    enum Stop: Decodable {
        case location(Double), color(String)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .location(d) } else { self = .color(try c.decode(String.self)) }
        }
    }
    struct Item: Decodable {
        var spans: [Span]; var x: Double; var y: Double; var size: Double; var anchor: String; var letterSpacing: Double
        var rotate: [Double]?; var clip: [Double]?; var gradient: Gradient?
    }
    struct Scene: Decodable { var width: Int; var height: Int; var items: [Item] }

    static func scenes() throws -> [String: Scene] {
        try JSONDecoder().decode([String: Scene].self, from: Data(contentsOf: Fixtures.file("scenes.json", in: folder)))
    }

    static func color(_ hex: String, _ opacity: Double = 1) -> Color {
        let v = Int(hex.dropFirst(), radix: 16) ?? 0
        return Color(red: Double((v >> 16) & 255) / 255, green: Double((v >> 8) & 255) / 255, blue: Double(v & 255) / 255, opacity: opacity)
    }

    /// The scene as a TileRender drawing: each item is a `Text` of its spans, its baseline start (or
    /// middle, or end) at (x, y).
    static func draw(_ scene: Scene) -> TileRenderPipeline.Scene {
        var result = TileRenderPipeline.Scene(size: CGSize(width: scene.width, height: scene.height))
        result.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: scene.width, height: scene.height)), with: .color(.white))
            for item in scene.items {
                var c = context
                if let r = item.rotate {
                    c.translateBy(x: r[1], y: r[2]); c.rotate(by: .degrees(r[0])); c.translateBy(x: -r[1], y: -r[2])
                }
                if let clip = item.clip { c.clip(to: Path(CGRect(x: clip[0], y: clip[1], width: clip[2], height: clip[3]))) }
                var text = Text(verbatim: "")
                for (k, span) in item.spans.enumerated() {
                    var font = Font.system(size: item.size, weight: Font.Weight(value: span.weight))
                    if span.italic { font = font.italic() }
                    let piece = Text(verbatim: span.text).font(font).foregroundColor(color(span.fill, span.opacity))
                    text = k == 0 ? piece : text + piece
                }
                if item.letterSpacing != 0 { text = text.tracking(item.letterSpacing) }
                var resolved = c.resolve(text)
                if let g = item.gradient {
                    var stops: [TileRenderPipeline.Gradient.Stop] = []
                    for pair in g.stops {
                        if case .location(let l) = pair[0], case .color(let hex) = pair[1] { stops.append(.init(color: color(hex), location: l)) }
                    }
                    resolved.shading = .linearGradient(TileRenderPipeline.Gradient(stops: stops), startPoint: CGPoint(x: g.x1, y: g.y1),
                                                       endPoint: CGPoint(x: g.x2, y: g.y2))
                }
                // Inter's ascender: the line's top is one ascender above the baseline.
                let top = item.y - 2728.0 / 2816 * item.size
                let anchor: UnitPoint = item.anchor == "middle" ? .top : item.anchor == "end" ? .topTrailing : .topLeading
                c.draw(resolved, at: CGPoint(x: item.x, y: top), anchor: anchor)
            }
        }
        return result
    }
}

@Suite struct TextReferenceTests {
    static let names = ["text_weights", "text_sizes", "text_kerning", "text_accents", "text_italic", "text_anchors",
                        "text_spans", "text_paint"]
    /// Scenes only the SVG importer draws (stroked glyphs: SwiftUI's Text has no stroke).
    static let svgOnlyNames = ["text_stroked"]

    @Test(arguments: names)
    func sceneMatchesItsReferenceOnTheCPU(_ name: String) throws {
        let scene = try #require(try TextScenes.scenes()[name], "\(name) is not in scenes.json")
        let tolerances = try SceneTolerance.load(from: TextScenes.folder)
        let bitmap = try Renderer(backend: .cpu).render(TextScenes.draw(scene))
        // TILERENDER_WRITE_RENDERS=DIR keeps the renders (to compare them with check.py's figures).
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
        }
        try expectMatchesReference(bitmap, scene: name, folder: TextScenes.folder, tolerances: tolerances)
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"), arguments: names)
    func vulkanMatchesTheCPU(_ name: String) throws {
        let scene = try #require(try TextScenes.scenes()[name])
        let drawing = TextScenes.draw(scene)
        expectVulkanParity(try Renderer(backend: .cpu).render(drawing), try Renderer(backend: .vulkan).render(drawing), name)
    }

    /// The same scenes through the SVG importer's `<text>`.
    @Test(arguments: names + svgOnlyNames)
    func svgImportMatchesTheReference(_ name: String) throws {
        let document = try SVGDocument(contentsOf: try Fixtures.file(name + ".svg", in: TextScenes.folder))
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let tolerances = try SceneTolerance.load(from: TextScenes.folder)
        let bitmap = try Renderer(backend: .cpu).render(document.makeScene())
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".svg.png"))
        }
        try expectMatchesReference(bitmap, scene: name, folder: TextScenes.folder, tolerances: tolerances)
    }

    @Test func everySceneIsTested() throws {
        #expect(Set(try TextScenes.scenes().keys) == Set(Self.names + Self.svgOnlyNames))
    }
}
