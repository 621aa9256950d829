import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderSVG

/// The blur and shadow reference scenes (Tests/Fixtures/Effects, made by scripts/make-effect-references.py
/// with resvg's SVG filter primitives and Skia's image filters at σ = radius / 2): each scene's
/// description in scenes.json is drawn through `GraphicsContext.addFilter` with SwiftUI's `blur` and
/// `shadow`. The cogs scenes are drawn by the seed's own code (PortsCog).
enum BlurShadowScenes {
    struct Shape: Decodable {
        var kind: String
        var x: Double?, y: Double?, w: Double?, h: Double?, cx: Double?, cy: Double?, r: Double?
        var cornerRadius: Double?, d: String?, fillRule: String?
        var fill: String, opacity: Double, filtered: Bool
    }
    struct Filter: Decodable {
        var kind: String
        var radius: Double
        var color: String?, opacity: Double?, x: Double?, y: Double?, options: [String]?, blendMode: String?
    }
    struct Scene: Decodable {
        var width: Int, height: Int
        var background: String?
        var shapes: [Shape]
        var filter: Filter
    }

    static func scenes() throws -> [String: Scene] {
        let data = try Data(contentsOf: Fixtures.file("scenes.json", in: EffectScenes.folder))
        let all = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        var scenes: [String: Scene] = [:]
        for (name, value) in all where (value as? [String: Any])?["filter"] != nil {
            scenes[name] = try JSONDecoder().decode(Scene.self, from: JSONSerialization.data(withJSONObject: value))
        }
        return scenes
    }

    static func filter(_ f: Filter) -> GraphicsContext.Filter {
        if f.kind == "blur" { return .blur(radius: f.radius) }
        var options = GraphicsContext.ShadowOptions()
        for o in f.options ?? [] {
            switch o {
            case "shadowOnly": options.insert(.shadowOnly)
            case "shadowAbove": options.insert(.shadowAbove)
            case "invertsAlpha": options.insert(.invertsAlpha)
            default: Issue.record("unknown shadow option \(o)")
            }
        }
        let blend: GraphicsContext.BlendMode = f.blendMode == "screen" ? .screen : .normal
        return .shadow(color: TextScenes.color(f.color ?? "#000000", f.opacity ?? 1), radius: f.radius,
                       x: f.x ?? 0, y: f.y ?? 0, blendMode: blend, options: options)
    }

    static func path(_ s: Shape) -> Path {
        switch s.kind {
        case "rect": Path(CGRect(x: s.x!, y: s.y!, width: s.w!, height: s.h!))
        case "roundedRect": Path(roundedRect: CGRect(x: s.x!, y: s.y!, width: s.w!, height: s.h!), cornerRadius: s.cornerRadius!)
        case "circle": Path(ellipseIn: CGRect(x: s.cx! - s.r!, y: s.cy! - s.r!, width: 2 * s.r!, height: 2 * s.r!))
        case "ellipse": Path(ellipseIn: CGRect(x: s.x!, y: s.y!, width: s.w!, height: s.h!))
        default: SVGPathData.parse(s.d ?? "").path
        }
    }

    static func draw(_ scene: Scene) -> TileRenderPipeline.Scene {
        var result = TileRenderPipeline.Scene(size: CGSize(width: scene.width, height: scene.height))
        result.draw { context in
            if let background = scene.background {
                context.fill(Path(CGRect(x: 0, y: 0, width: scene.width, height: scene.height)), with: .color(TextScenes.color(background)))
            }
            var filtered = context
            filtered.addFilter(filter(scene.filter))
            for s in scene.shapes {
                (s.filtered ? filtered : context).fill(path(s), with: .color(TextScenes.color(s.fill, s.opacity)),
                                                       style: FillStyle(eoFill: s.fillRule == "evenodd"))
            }
        }
        return result
    }
}

@Suite struct BlurShadowReferenceTests {
    static let names = ["blur_circle", "blur_large_radius", "blur_transparent", "shadow_rounded_rect", "shadow_star",
                        "shadow_only_circle"]
    /// Drawn from the seed's code in PortsCog.
    static let portedNames = ["cogs_shadow_seed", "cogs_shadow_visible"]

    @Test(arguments: names)
    func sceneMatchesItsReferenceOnTheCPU(_ name: String) throws {
        let scene = try #require(try BlurShadowScenes.scenes()[name], "\(name) is not in scenes.json")
        let bitmap = try Renderer(backend: .cpu).render(BlurShadowScenes.draw(scene))
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
        }
        try expectMatchesReference(bitmap, scene: name, folder: EffectScenes.folder,
                                   tolerances: try SceneTolerance.load(from: EffectScenes.folder))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"), arguments: names)
    func vulkanMatchesTheCPU(_ name: String) throws {
        let drawing = BlurShadowScenes.draw(try #require(try BlurShadowScenes.scenes()[name]))
        expectVulkanParity(try Renderer(backend: .cpu).render(drawing), try Renderer(backend: .vulkan).render(drawing), name)
    }

    @Test func everySceneIsTested() throws {
        #expect(Set(try BlurShadowScenes.scenes().keys) == Set(Self.names + Self.portedNames))
    }
}
