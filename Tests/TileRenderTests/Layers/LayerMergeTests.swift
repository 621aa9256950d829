import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// A plain clipped layer (opacity 1, source-over, no filters) is left out of the tiles its clip covers
/// whole: its content is drawn into the parent there (`BinnedScene.layersThatMergeIntoParent`).
@Suite struct LayerMergeTests {
    /// A 96x96 rounded card clipping a gradient and rings: tile (2, 2) lies inside the clip.
    /// With `groupOpacity` below 1 the card is drawn in a `drawLayer` group of that opacity.
    private static func card(blend: GraphicsContext.BlendMode = .normal, groupOpacity: Double = 1, clipped: Bool = true) -> Scene {
        var scene = Scene(size: CGSize(width: 96, height: 96))
        scene.draw { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 96, height: 96)), with: .color(.yellow))
            if groupOpacity < 1 {
                var group = c
                group.opacity = groupOpacity
                group.drawLayer { drawCard(in: $0, blend: blend, clipped: clipped) }
            } else {
                drawCard(in: c, blend: blend, clipped: clipped)
            }
        }
        return scene
    }

    private static func drawCard(in c: GraphicsContext, blend: GraphicsContext.BlendMode, clipped: Bool) {
            var inner = c
            if clipped { inner.clip(to: Path(roundedRect: CGRect(x: 2, y: 2, width: 92, height: 92), cornerRadius: 20)) }
            inner.fill(Path(CGRect(x: 0, y: 0, width: 96, height: 96)),
                       with: .linearGradient(Gradient(colors: [.blue, .green]), startPoint: .zero, endPoint: CGPoint(x: 96, y: 96)))
            var rings = inner
            rings.blendMode = blend
            for r in stride(from: 8.0, through: 40, by: 8) {
                rings.stroke(Path(ellipseIn: CGRect(x: 48 - r, y: 48 - r, width: 2 * r, height: 2 * r)),
                             with: .color(.red.opacity(0.6)), lineWidth: 3)
            }
    }

    private static func hasLayerWords(_ b: BinnedScene, column: Int, row: Int) -> Bool {
        b.decodedCommands(inTile: row * b.tilesX + column).contains { if case .draw = $0 { false } else { true } }
    }

    @Test func aPlainClipCoveringATileCostsNoLayerThere() throws {
        let b = try binned(Self.card())
        #expect(!Self.hasLayerWords(b, column: 2, row: 2))   // inside the rounded rectangle
        #expect(Self.hasLayerWords(b, column: 0, row: 0))    // its corner
        try b.validate()
        // Inside, the picture is the unclipped one: the same content drawn without the layer.
        let renderer = Renderer(backend: .cpu, threadCount: 1)
        let clipped = try renderer.render(Self.card()), plain = try renderer.render(Self.card(clipped: false))
        var worst = 0
        for y in 24..<72 { for x in 24..<72 {
            let p = clipped.pixel(x: x, y: y), q = plain.pixel(x: x, y: y)
            worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
        } }
        #expect(worst <= 1)
    }

    /// A layer whose content blends with another mode keeps its buffer (its content must not blend with
    /// what lies under the layer), and so does a group with an opacity below 1.
    @Test func layersThatCompositeOtherwiseAreKept() throws {
        for scene in [Self.card(blend: .multiply), Self.card(groupOpacity: 0.5)] {
            let b = try binned(scene)
            #expect(Self.hasLayerWords(b, column: 2, row: 2))
            try b.validate()
        }
    }
}
