import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

/// `BinnedScene.validate()`: binning's output passes it, for ordinary and hostile scenes, in one band or
/// many; and each kind of corrupted offset, count or index the fine stages would read is reported.
@Suite struct BinnedSceneValidationTests {
    /// Every kind of draw, paint and layer.
    static func richScene() throws -> Scene {
        let bitmap = try Bitmap(width: 3, height: 2, premultipliedRGBA: [UInt8](repeating: 200, count: 24))
        var scene = Scene(size: CGSize(width: 90, height: 70))
        scene.draw { ctx in
            samplePicture(&ctx, seed: 9, count: 12, extent: 90)
            let colours = Gradient(colors: [.red, .yellow, .blue])
            ctx.fill(Path(ellipseIn: CGRect(x: 5, y: 5, width: 40, height: 30)),
                     with: .radialGradient(colours, center: CGPoint(x: 25, y: 20), startRadius: 2, endRadius: 20, options: .mirror))
            ctx.fill(Path(CGRect(x: 50, y: 5, width: 35, height: 30)),
                     with: .conicGradient(colours, center: CGPoint(x: 67, y: 20), angle: .degrees(45)))
            ctx.fill(Path(CGRect(x: 5, y: 40, width: 40, height: 25)),
                     with: .radialGradient(colours, center: CGPoint(x: 25, y: 52), radius: 15, focus: CGPoint(x: 18, y: 50)))
            ctx.draw(Image(bitmap: bitmap), in: CGRect(x: 50, y: 40, width: 30, height: 20))
            ctx.stroke(Path(ellipseIn: CGRect(x: 10, y: 10, width: 70, height: 50)), with: .color(.green),
                       style: StrokeStyle(lineWidth: 4, lineCap: .round, dash: [6, 3]))
            var clipped = ctx
            clipped.clip(to: Path(ellipseIn: CGRect(x: 15, y: 10, width: 60, height: 50)), options: .inverse)
            clipped.blendMode = .multiply
            clipped.opacity = 0.7
            clipped.drawLayer { inner in
                inner.clip(to: Path(CGRect(x: 0, y: 0, width: 60, height: 60)), style: FillStyle(eoFill: true))
                inner.fill(Path(CGRect(x: -10, y: 20, width: 200, height: 30)), with: .color(.purple))
            }
        }
        return scene
    }

    @Test func ordinaryScenesBinToValidScenesInAnyBandsAndThreadCounts() throws {
        let scene = try BinnedSceneValidationTests.richScene()
        let encoding = EncodedScene(scene)
        for threads in [1, 4] {
            var buffers = BinningBuffers()
            let plan = try BinningPlan(encoding: encoding, width: 90, height: 70, threadCount: threads,
                                       budget: BinningPlan.unlimited, reusing: &buffers)
            for bands in [[0..<plan.tilesY], [0..<1, 1..<3, 3..<plan.tilesY]] {
                for band in bands {
                    var b = try BinnedScene(encoding: encoding, plan: plan, rows: band, threadCount: threads, reusing: &buffers)
                    #expect(throws: Never.self) { try b.validate() }
                    buffers.reclaim(&b)
                }
            }
        }
    }

    /// Scenes built to stress binning's arithmetic: each bins to a valid scene.
    static func hostileScenes() -> [(String, Scene)] {
        func scene(_ name: String, width: Double = 64, height: Double = 48,
                   _ body: (inout GraphicsContext) -> Void) -> (String, Scene) {
            var s = Scene(size: CGSize(width: width, height: height))
            s.draw(body)
            return (name, s)
        }
        func path(_ points: [(Double, Double)]) -> Path { polygon(points.map { CGPoint(x: $0.0, y: $0.1) }) }
        return [
            scene("non-finite points") { ctx in
                ctx.fill(path([(.nan, 3), (40, .infinity), (10, 30), (-.infinity, -.infinity), (50, 40)]), with: .color(.red))
            },
            scene("coordinates near the 1e15 clamp") { ctx in
                ctx.fill(path([(-1e18, -1e18), (1e18, 10), (20, 1e18)]), with: .color(.red))
                ctx.stroke(path([(-1e15, 5), (1e15, 40)]), with: .color(.blue), lineWidth: 1e12)
            },
            scene("edges on tile borders") { ctx in
                ctx.fill(Path(CGRect(x: 16, y: 16, width: 32, height: 16)), with: .color(.red))
                ctx.fill(path([(0, 0), (64, 48), (64, 0)]), with: .color(.blue))
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 48)), with: .color(.green))
            },
            scene("one pixel", width: 1, height: 1) { ctx in
                ctx.fill(Path(ellipseIn: CGRect(x: -5, y: -5, width: 10, height: 10)), with: .color(.red))
            },
            scene("one pixel row past a tile", width: 17, height: 1) { ctx in
                ctx.stroke(path([(0, 0.5), (17, 0.5)]), with: .color(.red), lineWidth: 3)
            },
            scene("far from the origin, where a Float's step is 1/256 pixel", width: 32768, height: 40) { ctx in
                var rng = SeededRandom(seed: 4)
                for _ in 0..<40 {
                    let points = (0..<6).map { _ in (Double.random(in: 32000...32800, using: &rng), Double.random(in: -5...45, using: &rng)) }
                    ctx.fill(path(points), with: .color(.red))
                }
            },
            scene("self-intersecting even-odd stars") { ctx in
                for k in 0..<6 {
                    let points = (0..<11).map { i -> (Double, Double) in
                        let a = Double(i * 4) * .pi / 11 + Double(k)
                        return (32 + 40 * cos(a), 24 + 40 * sin(a))
                    }
                    ctx.fill(path(points), with: .color(.red), style: FillStyle(eoFill: k % 2 == 0))
                }
            },
            scene("layers nested 20 deep") { ctx in
                var inner = ctx
                for depth in 0..<20 {
                    inner.clip(to: Path(ellipseIn: CGRect(x: Double(depth), y: Double(depth) / 2, width: 60, height: 44)),
                               options: depth % 3 == 0 ? .inverse : [])
                    inner.fill(Path(CGRect(x: 0, y: Double(depth * 2), width: 64, height: 3)), with: .color(.blue))
                }
                ctx.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.red))
            },
            scene("empty layers and clips") { ctx in
                var clipped = ctx
                clipped.clip(to: Path())
                clipped.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 48)), with: .color(.red))
                ctx.drawLayer { _ in }
                ctx.drawLayer { inner in inner.clip(to: Path(CGRect(x: 200, y: 0, width: 5, height: 5))) }
            },
            scene("extreme gradients") { ctx in
                let g = Gradient(colors: [.red, .blue])
                let square = Path(CGRect(x: 0, y: 0, width: 64, height: 48))
                ctx.fill(square, with: .radialGradient(g, center: CGPoint(x: 1e300, y: 0), startRadius: 1e-300, endRadius: 1e300))
                ctx.fill(square, with: .linearGradient(g, startPoint: .zero, endPoint: CGPoint(x: 1e-7, y: 1e-7), options: .repeat))
                ctx.fill(square, with: .conicGradient(g, center: CGPoint(x: -1e200, y: 1e200)))
                ctx.fill(square, with: .radialGradient(g, center: .zero, radius: 1e-5, focus: CGPoint(x: 1e30, y: 0)))
            },
        ]
    }

    @Test(arguments: hostileScenes().map(\.0))
    func hostileScenesBinToValidScenes(_ name: String) throws {
        let scene = try #require(BinnedSceneValidationTests.hostileScenes().first { $0.0 == name }).1
        let b = try binned(scene)
        #expect(throws: Never.self) { try b.validate() }
    }

    /// SVG documents of Tests/Fixtures/Hostile that make drawable scenes.
    @Test(arguments: ["huge-arc-radius.svg", "huge-control-1e200.svg", "huge-cubic-controls.svg", "huge-round-join.svg",
                      "huge-width-1e306.svg", "tiny-linear-reflect.svg", "tiny-radial-repeat.svg", "clip-cycle.svg",
                      "gradient-cycle.svg", "use-cycle.svg", "small.svg"])
    func hostileSVGDocumentsBinToValidScenes(_ name: String) throws {
        let url = NumericHostileInputTests.fixtures.appendingPathComponent(name)
        let b = try binned(try SVGDocument(contentsOf: url).makeScene())
        #expect(throws: Never.self) { try b.validate() }
    }

    // MARK: Corruptions

    /// A corruption of a valid binned scene and a phrase of the violation it must cause.
    private struct Corruption: Sendable {
        let expected: String
        let apply: @Sendable (inout BinnedScene) throws -> Void
    }

    private static func firstCommand(_ b: BinnedScene, kind: UInt32) throws -> Int {
        try #require(b.tileCommands.firstIndex { $0 & TileCommand.kindMask == kind })
    }

    private static func firstPaint(_ b: BinnedScene, _ kind: EncodedPaint.Kind) throws -> Int {
        try #require(b.paints.firstIndex { $0.kind == kind.rawValue })
    }

    private static let corruptions: [String: Corruption] = [
        "a missing command start": .init(expected: "command starts for") { $0.tileCommandStart.removeLast() },
        "command starts going back": .init(expected: "before they start") { b in
            let tile = try #require((1..<(b.tileCommandStart.count - 1)).first { b.tileCommandStart[$0] > 0 })
            b.tileCommandStart[tile + 1] = 0
        },
        "command starts beyond the commands": .init(expected: "but there are") { b in
            b.tileCommandStart[b.tileCommandStart.count - 1] += 1
        },
        "a path tile's draw": .init(expected: "names draw") { $0.pathTiles[0].drawIndex = UInt32($0.draws.count) },
        "a path tile's segments": .init(expected: "reads segments") { b in
            let i = try #require(b.pathTiles.firstIndex { $0.segmentCount > 0 })
            b.pathTiles[i].segmentStart = UInt32(b.segments.count) - b.pathTiles[i].segmentCount + 1
        },
        "a path tile's backdrop": .init(expected: "reads backdrops") { b in
            let i = try #require(b.pathTiles.firstIndex { $0.backdropStart != PathTile.noBackdrop })
            b.pathTiles[i].backdropStart = UInt32(b.backdrops.count - 8)
        },
        "a run past its tile row": .init(expected: "not within one row") { b in
            b.pathTileRuns[0] = UInt32(b.tilesX + 1)
        },
        "a run with segments": .init(expected: "stands for a run") { b in
            let i = try #require(b.pathTiles.firstIndex { $0.segmentCount > 0 && Int($0.tileIndex) % b.tilesX < b.tilesX - 1 })
            b.pathTileRuns[i] = 2
            b.pathTileCommandCount += 1
        },
        "a miscounted path tile total": .init(expected: "path tile commands are counted") { $0.pathTileCommandCount += 1 },
        "a NaN segment": .init(expected: "leaves its") { $0.segments[0].x1 = .nan },
        "a segment outside its tile": .init(expected: "leaves its") { $0.segments[0].y0 = 17 },
        "an infinite backdrop": .init(expected: "backdrop value") { $0.backdrops[3] = -.infinity },
        "a draw's paint": .init(expected: "names paint") { $0.draws[0].paintIndex = UInt32($0.paints.count) },
        "a draw's layer": .init(expected: "is in layer") { $0.draws[0].layer = UInt32($0.layers.count) },
        "a draw's fill rule": .init(expected: "fill rule") { $0.draws[0].rule = 2 },
        "a draw's flags": .init(expected: "has flags") { $0.draws[0].flags |= 1 << 20 },
        "a layer's parent": .init(expected: "not an earlier layer") { $0.layers[0].parent = 1 },
        "a layer's clip draw": .init(expected: "clip is draw") { $0.layers[0].clipDraw = UInt32($0.draws.count) },
        "a layer's clip that is not a clip": .init(expected: "is not a clip path") { $0.layers[0].clipDraw = 0 },
        "a layer's opacity": .init(expected: "opacity") { $0.layers[1].opacity = .nan },
        "a gradient's ramp": .init(expected: "reads ramp entries") { b in
            b.paints[try BinnedSceneValidationTests.firstPaint(b, .radial)].lutStart = UInt32(b.ramps.count - 1)
        },
        "a gradient's spread": .init(expected: "spread") { b in b.paints[try BinnedSceneValidationTests.firstPaint(b, .conic)].spread = 3 },
        "an image's texels": .init(expected: "image from texel") { b in b.paints[try BinnedSceneValidationTests.firstPaint(b, .image)].imageHeight += 1 },
        "a paint's kind": .init(expected: "has kind") { $0.paints[0].kind = 9 },
        "a non-finite paint map": .init(expected: "non-finite") { b in b.paints[try BinnedSceneValidationTests.firstPaint(b, .linear)].map.4 = .infinity },
        "a command's path tile": .init(expected: "names path tile") { b in
            b.tileCommands[try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.pathTile)] = UInt32(b.pathTiles.count)
        },
        "a command naming another tile's path tile": .init(expected: "which stands for tiles") { b in
            let c = try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.pathTile)
            let tile = try #require(b.tileCommandStart.indices.last { Int(b.tileCommandStart[$0]) <= c })
            let elsewhere = try #require(b.pathTiles.indices.last {
                !(Int(b.pathTiles[$0].tileIndex)..<Int(b.pathTiles[$0].tileIndex + b.pathTileRuns[$0])).contains(tile)
            })
            b.tileCommands[c] = UInt32(elsewhere)
        },
        "a layer pushed twice": .init(expected: "not its parent") { b in
            let c = try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.pushLayer)
            b.tileCommands[c + 1] = b.tileCommands[c]
        },
        "a push of a missing layer": .init(expected: "opens layer") { b in
            b.tileCommands[try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.pushLayer)] = TileCommand.pushLayer | UInt32(b.layers.count)
        },
        "a pop of the wrong layer": .init(expected: "closes layer") { b in
            let c = try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.popLayer)
            b.tileCommands[c] = TileCommand.popLayer | (b.tileCommands[c] & TileCommand.indexMask + 1)
        },
        "an unknown command": .init(expected: "unknown kind") { b in
            b.tileCommands[try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.pathTile)] |= 3 << 30
        },
        "a missing pop": .init(expected: "open") { b in
            // A pop turned into a copy of the command before it: a layer is left open, or the wrong one closed.
            let c = try BinnedSceneValidationTests.firstCommand(b, kind: TileCommand.popLayer)
            b.tileCommands[c] = b.tileCommands[c - 1]
        },
        "commands outside the binned rows": .init(expected: "outside the binned rows") { b in
            b.tileRows = (b.tilesY - 1)..<b.tilesY
        },
    ]

    @Test(arguments: corruptions.keys.sorted())
    func corruptionsAreReported(_ name: String) throws {
        var b = try binned(BinnedSceneValidationTests.richScene())
        try b.validate()
        let corruption = try #require(BinnedSceneValidationTests.corruptions[name])
        try corruption.apply(&b)
        do {
            try b.validate()
            Issue.record("\(name): not reported")
        } catch {
            #expect(error.description.contains(corruption.expected), "\(name): \(error.description)")
        }
    }
}
