import Foundation
import Testing
@testable import TileRender
import TileRenderSVG

/// The public reference scenes of ../shared/scenes/public, rendered through the SVG importer and compared
/// with the reference PNGs by the MANIFEST tolerance rule.
enum PublicScenes {
    /// Scenes that need a capability that has not landed yet, with the capability. They are rendered
    /// and reported by `pendingScenesStillNeedTheirFeature`, not silently skipped.
    static let pending: [String: String] = [
        "card_back_borders": "clips", "card_canvas": "clips", "card_shape_rotated": "clips",
        "circle_stroke_clipped": "clips", "clipshape_rounded": "clips",
        "angular_gradient": "clips (tested through the Swift API instead)",
        "badge_full": "group opacity", "first_visit_award": "group opacity",
    ]

    static let all: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: SharedFiles.publicScenes.path)) ?? []
        return files.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }()

    static var drawable: [String] { all.filter { pending[$0] == nil } }

    /// Renders a scene's SVG at its own size on the CPU.
    static func render(_ name: String, folder: URL = SharedFiles.publicScenes) throws -> Bitmap {
        let document = try SVGDocument(contentsOf: folder.appendingPathComponent(name + ".svg"))
        return try Renderer(backend: .cpu).render(document.makeScene())
    }
}

@Suite struct GoldenSceneTests {
    @Test func referenceScenesArePresent() {
        #expect(PublicScenes.all.count == 58, "expected the 58 public scenes in \(SharedFiles.publicScenes.path)")
        #expect(PublicScenes.drawable.count == 50)
    }

    @Test(arguments: PublicScenes.drawable)
    func sceneMatchesReference(_ name: String) throws {
        try expectMatchesReference(try PublicScenes.render(name), scene: name)
    }

    /// A pending scene must really need its missing feature: its SVG uses it (read textually). When the
    /// feature lands, the scene moves to the drawable list.
    @Test(arguments: PublicScenes.pending.keys.sorted())
    func pendingScenesStillNeedTheirFeature(_ name: String) throws {
        let url = SharedFiles.publicScenes.appendingPathComponent(name + ".svg")
        let text = try String(contentsOf: url, encoding: .utf8)
        let document = try SVGDocument.parse(data: Data(text.utf8))
        #expect(!document.makeScene().commands.isEmpty, "\(name) imports as an empty scene")
        let description = try #require(PublicScenes.pending[name])
        let wanted = PendingFeature.allCases.filter { description.contains($0.rawValue) }
        #expect(!wanted.isEmpty, "\(name): unknown pending feature '\(description)'")
        let used = try PendingFeature.used(in: text)
        for feature in wanted {
            #expect(used.contains(feature), "\(name) is pending for \(feature.rawValue) but its SVG has none")
        }
    }

    /// The converse: a drawable scene uses none of the pending features (it would be compared with its
    /// reference while a feature is missing).
    @Test func drawableScenesUseNoPendingFeature() throws {
        for name in PublicScenes.drawable {
            let url = SharedFiles.publicScenes.appendingPathComponent(name + ".svg")
            let used = try PendingFeature.used(in: String(contentsOf: url, encoding: .utf8))
            #expect(used.isEmpty, "\(name) is drawable but uses \(used.map(\.rawValue))")
        }
    }
}

/// Features that some public scenes need and that have not landed yet, recognised in SVG text.
enum PendingFeature: String, CaseIterable {
    case clips = "clips"
    case groupOpacity = "group opacity"

    /// The features `svg` uses, comments excluded.
    static func used(in svg: String) throws -> Set<PendingFeature> {
        let text = svg.replacing(try Regex(#"<!--[\s\S]*?-->"#), with: "")
        var out: Set<PendingFeature> = []
        if text.contains("clip-path") { out.insert(.clips) }
        if text.contains(try Regex(#"<g\b[^>]*[\s;"']opacity\s*[=:]"#)) { out.insert(.groupOpacity) }
        return out
    }
}
