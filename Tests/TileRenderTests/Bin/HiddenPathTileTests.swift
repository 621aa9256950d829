import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Binning leaves out of each tile the path tiles that a later top-level opaque fill covering the whole
/// tile paints over (`BinnedScene.hidesEverythingBelow`): counted exactly, and invisible in the pixels.
@Suite struct HiddenPathTileTests {
    /// Two translucent full-canvas rectangles (a path tile in each of the 8 x 6 tiles), then `cover`
    /// over (24, 8)-(104, 72): tiles 2...5 x 1...3 whole, their neighbours in part.
    private static func coveredScene(_ cover: (inout GraphicsContext, Path) -> Void) -> Scene {
        var scene = Scene(size: CGSize(width: 120, height: 90))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 90)), with: .color(Color.red.opacity(0.5)))
            ctx.fill(Path(ellipseIn: CGRect(x: -200, y: -200, width: 520, height: 490)), with: .color(Color.green.opacity(0.5)))
            cover(&ctx, Path(CGRect(x: 24, y: 8, width: 80, height: 64)))
            ctx.fill(Path(ellipseIn: CGRect(x: 40, y: 20, width: 30, height: 30)), with: .color(Color.yellow.opacity(0.5)))
        }
        return scene
    }

    @Test func theTilesAnOpaqueFillCoversWholeLoseWhatIsUnderIt() throws {
        let b = try binned(HiddenPathTileTests.coveredScene { $0.fill($1, with: .color(.blue)) }, dropsHiddenPathTiles: true)
        try b.validate()
        #expect(b.hiddenPathTileCount == 2 * 12, "two path tiles under the cover in each of its 12 whole tiles")
        let cover: UInt32 = 2
        for ty in 0..<b.tilesY {
            for tx in 0..<b.tilesX {
                let shapes = b.decodedCommands(inTile: ty * b.tilesX + tx).map(\.shape)
                if (2...5).contains(tx) && (1...3).contains(ty) {
                    #expect(shapes.first == "draw \(cover)", "tile (\(tx), \(ty)): \(shapes)")
                } else {
                    #expect(shapes.prefix(2) == ["draw 0", "draw 1"], "tile (\(tx), \(ty)): \(shapes)")
                }
            }
        }
        let kept = try BinnedScene(encoding: EncodedScene(HiddenPathTileTests.coveredScene { $0.fill($1, with: .color(.blue)) }),
                                   width: 120, height: 90, threadCount: 3, dropsHiddenPathTiles: false)
        #expect(kept.hiddenPathTileCount == 0)
        #expect(kept.tileCommands.count == b.tileCommands.count + 24)
    }

    @Test func onlyATopLevelOpaqueSourceOverFillHides() throws {
        let covers: [(String, (inout GraphicsContext, Path) -> Void)] = [
            ("translucent", { $0.fill($1, with: .color(Color.blue.opacity(0.99))) }),
            ("multiply", { ctx, path in
                var c = ctx
                c.blendMode = .multiply
                c.fill(path, with: .color(.blue))
            }),
            ("inside a layer", { ctx, path in ctx.drawLayer { $0.fill(path, with: .color(.blue)) } }),
            ("a gradient", { $0.fill($1, with: .linearGradient(Gradient(colors: [.blue, .black]),
                                                               startPoint: .zero, endPoint: CGPoint(x: 100, y: 0))) }),
            ("a ring", { ctx, path in
                var ring = path
                ring.addRect(CGRect(x: 48, y: 24, width: 32, height: 32))
                ctx.fill(ring, with: .color(.blue), style: FillStyle(eoFill: true))
            }),
        ]
        for (name, cover) in covers {
            let b = try binned(HiddenPathTileTests.coveredScene(cover), dropsHiddenPathTiles: true)
            try b.validate()
            if name == "a ring" {
                // The even-odd hole leaves 4 tiles (3...4 x 2...3, inside 48...80 x 24...56 only in
                // part: 48 and 80 are tile edges, 24 and 56 are not) covered less than whole.
                #expect(b.hiddenPathTileCount < 2 * 12 && b.hiddenPathTileCount > 0, "\(name): \(b.hiddenPathTileCount)")
            } else {
                #expect(b.hiddenPathTileCount == 0, "\(name): \(b.hiddenPathTileCount)")
            }
        }
    }

    /// Seeded scenes of opaque and translucent fills, opaque covers, clipped layers and blend modes:
    /// the pixels are the same, byte for byte on the float planes (within a level with the fixed-point
    /// tiles), with and without leaving hidden path tiles out, on 1, 2 and 3 threads; and some are left out.
    @Test func leavingHiddenPathTilesOutChangesNoPixel() throws {
        var hidden = 0
        for seed in UInt64(1)...6 {
            var rng = SeededRandom(seed: seed)
            func randomPath() -> Path {
                let x = Double.random(in: -20...140, using: &rng), y = Double.random(in: -20...110, using: &rng)
                let w = Double.random(in: 10...90, using: &rng), h = Double.random(in: 10...70, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: return Path(CGRect(x: x, y: y, width: w, height: h))
                case 1: return Path(ellipseIn: CGRect(x: x, y: y, width: w, height: h))
                default: return polygon((0..<5).map { _ in CGPoint(x: Double.random(in: -10...130, using: &rng),
                                                                    y: Double.random(in: -10...100, using: &rng)) })
                }
            }
            func randomColor() -> Color {
                Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                      blue: .random(in: 0...1, using: &rng), opacity: Bool.random(using: &rng) ? 1 : 0.6)
            }
            var scene = Scene(size: CGSize(width: 120, height: 90))
            scene.draw { ctx in
                for i in 0..<24 {
                    switch i % 6 {
                    case 4:
                        ctx.drawLayer { layer in
                            layer.clip(to: randomPath())
                            layer.opacity = Bool.random(using: &rng) ? 1 : 0.7
                            layer.fill(randomPath(), with: .color(randomColor()))
                            layer.fill(randomPath(), with: .color(randomColor()))
                        }
                    case 5:
                        var c = ctx
                        c.blendMode = [.multiply, .screen, .destinationOut][Int.random(in: 0..<3, using: &rng)]
                        c.fill(randomPath(), with: .color(randomColor()))
                    default:
                        ctx.fill(randomPath(), with: .color(randomColor()),
                                 style: FillStyle(eoFill: Bool.random(using: &rng)))
                    }
                }
            }
            hidden += try binned(scene, dropsHiddenPathTiles: true).hiddenPathTileCount
            for threads in [1, 2, 3] {
                var dropping = Renderer(backend: .cpu, threadCount: threads)
                var keeping = Renderer(backend: .cpu, threadCount: threads)
                keeping.dropsHiddenPathTiles = false
                dropping.fineFastPaths = threads != 2
                keeping.fineFastPaths = threads != 2
                // Exact on the float planes. A tile whose hidden draws were the ones the fixed-point
                // tiles cannot take (blend modes, layers) takes them once those are gone: within a level.
                dropping.fineIntegerTiles = false
                keeping.fineIntegerTiles = false
                #expect(try dropping.render(scene).pixels == keeping.render(scene).pixels, "seed \(seed), \(threads) threads")
                dropping.fineIntegerTiles = true
                keeping.fineIntegerTiles = true
                let (a, b) = (try dropping.render(scene).pixels, try keeping.render(scene).pixels)
                let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(a.count == b.count && worst <= 1, "seed \(seed), \(threads) threads, fixed-point tiles: \(worst) levels")
            }
        }
        #expect(hidden > 50, "the seeded scenes hide \(hidden) path tiles")
    }
}
