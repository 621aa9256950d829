import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// Runs of whole tiles (`FineRasterizer.rasterizeTiles`): adjacent tiles of one opaque colour, or of
// one unscaled image on whole texels that covers them, drawn row by row across the run. Their bytes
// against the float planes (`fineFastPaths = false`), and the rasterizer's count of run tiles, which
// shows which tiles took the path.

/// A seeded image of `width` x `height`, premultiplied: opaque where `alpha` gives 255, clear (all
/// zero) where it gives 0, translucent in between.
private func runImage(width: Int, height: Int, seed: UInt64, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) throws -> Image {
    try testImage(width: width, height: height, seed: seed, alpha: alpha)
}

/// An image's texels in bands of opaque, translucent and clear runs, each longer than a span of 8.
private func mixedAlpha(_ x: Int, _ y: Int) -> UInt8 { [255, 140, 0, 255, 3][(x / 11 + y / 5) % 5] }

@Suite struct TileRunTests {
    /// `scene` drawn by one rasterizer through `rasterizeTiles`, in chunks of `chunk` tiles (a tile row
    /// each by default, as the CPU backend hands them to one worker), into a buffer of `background` bytes (over it, or cleared); the bytes
    /// and the tiles drawn as parts of runs.
    private func runs(_ scene: Scene, clear: Bool, chunk: Int? = nil, bytesPerRow extra: Int = 8,
                      background: [UInt8] = [90, 30, 60, 200]) throws -> (pixels: [UInt8], runTiles: Int) {
        let binnedScene = try binned(scene, dropsHiddenPathTiles: true)
        let (w, h) = try Scene.pixelSize(for: scene.size)
        let stride = w * 4 + extra
        var pixels = (0..<(stride * h)).map { background[$0 % background.count] }
        let rasterizer = FineRasterizer()
        pixels.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: w, height: h, bytesPerRow: stride,
                                      startsTransparent: clear, writesEmptyTiles: clear)
            FineInput.with(binnedScene) { input in
                let count = binnedScene.tilesX * binnedScene.tilesY, chunk = chunk ?? binnedScene.tilesX
                for start in Swift.stride(from: 0, to: count, by: chunk) {
                    rasterizer.rasterizeTiles(start..<min(count, start + chunk), input: input, target: target,
                                              integerTiles: false)
                }
            }
        }
        return (pixels, rasterizer.runTileCount)
    }

    /// `scene` through the float planes (no fast path) into the same buffer as `runs`.
    private func planes(_ scene: Scene, clear: Bool, bytesPerRow extra: Int = 8, threads: Int = 1,
                        background: [UInt8] = [90, 30, 60, 200]) throws -> [UInt8] {
        let (w, h) = try Scene.pixelSize(for: scene.size)
        let stride = w * 4 + extra
        var renderer = Renderer(backend: .cpu, threadCount: threads)
        renderer.fineFastPaths = false
        var pixels = (0..<(stride * h)).map { background[$0 % background.count] }
        try pixels.withUnsafeMutableBytes { _ = try renderer.render(scene, into: $0, width: w, height: h, bytesPerRow: stride, clear: clear) }
        return pixels
    }

    /// `scene` through the CPU backend with its fast paths (as an app renders), `threads` workers.
    private func rendered(_ scene: Scene, clear: Bool, bytesPerRow extra: Int = 8, threads: Int,
                          background: [UInt8] = [90, 30, 60, 200]) throws -> [UInt8] {
        let (w, h) = try Scene.pixelSize(for: scene.size)
        let stride = w * 4 + extra
        var renderer = Renderer(backend: .cpu, threadCount: threads)
        renderer.fineIntegerTiles = false
        var pixels = (0..<(stride * h)).map { background[$0 % background.count] }
        try pixels.withUnsafeMutableBytes { _ = try renderer.render(scene, into: $0, width: w, height: h, bytesPerRow: stride, clear: clear) }
        return pixels
    }

    private func scene(width: Int = 70, height: Int = 50, _ draw: (inout GraphicsContext) -> Void) -> Scene {
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw(draw)
        return scene
    }

    /// An opaque fill past every side of the canvas: every tile is a run tile, those of column 0
    /// (where the binner clips the fill's left side to an edge at x = 0) and the partial tiles at the
    /// right and bottom edges too (edges the binner puts at the canvas's right side lie right of their
    /// pixels). The planes' bytes, and nothing written between rows.
    @Test(arguments: [true, false])
    func opaqueFillIsRuns(clear: Bool) throws {
        // Past the canvas (70 x 50) and the tiles' grid (80 x 64).
        let fill = scene { $0.fill(Path(CGRect(x: -3, y: -2, width: 90, height: 70)), with: .color(Color(red: 0.3, green: 0.61, blue: 0.2))) }
        let (pixels, runTiles) = try runs(fill, clear: clear)
        #expect(runTiles == 5 * 4)
        #expect(pixels == (try planes(fill, clear: clear)))
        // A translucent fill, or one with an edge in every tile column of the canvas's sides, is not.
        let translucent = scene { $0.fill(Path(CGRect(x: -3, y: -2, width: 90, height: 70)), with: .color(Color.red.opacity(0.5))) }
        #expect(try runs(translucent, clear: clear).runTiles == 0)
        let inset = scene { $0.fill(Path(CGRect(x: 0.5, y: -2, width: 69, height: 70)), with: .color(.blue)) }
        let insetRuns = try runs(inset, clear: clear)
        // Columns 1-3: column 0 has the edge at x = 0.5, column 4 the one at x = 69.5, inside the canvas.
        #expect(insetRuns.runTiles == 3 * 4)
        #expect(insetRuns.pixels == (try planes(inset, clear: clear)))
        // Edges at x = 0 that leave rows partly covered (from y = 2.5), or wound twice under even-odd:
        // those tiles of column 0 are not runs.
        let partial = scene { $0.fill(Path(CGRect(x: -3, y: 2.5, width: 90, height: 70)), with: .color(.blue)) }
        let partialRuns = try runs(partial, clear: clear)
        #expect(partialRuns.runTiles == 5 * 4 - 5)
        #expect(partialRuns.pixels == (try planes(partial, clear: clear)))
        let twice = scene { ctx in
            var p = Path(CGRect(x: -3, y: -2, width: 90, height: 70))
            p.addRect(CGRect(x: -5, y: 20, width: 30, height: 5))
            ctx.fill(p, with: .color(.blue), style: FillStyle(eoFill: true))
        }
        let twiceRuns = try runs(twice, clear: clear)
        #expect(twiceRuns.runTiles == 5 * 4 - 2)
        #expect(twiceRuns.pixels == (try planes(twice, clear: clear)))
    }

    /// A run spans its tile row, however wide: an opaque fill and an opaque image over a canvas
    /// wider than 8 tiles are one run per tile row (a row's tiles compared word by word, not
    /// classified one by one), with the planes' bytes; 3 workers share rows too.
    @Test func runsSpanTheRow() throws {
        let image = try runImage(width: 330, height: 60, seed: 4)
        let mixed = try runImage(width: 330, height: 60, seed: 5, alpha: mixedAlpha)
        let wide = [
            scene(width: 300, height: 40) { $0.fill(Path(CGRect(x: -3, y: -2, width: 310, height: 50)), with: .color(.purple)) },
            scene(width: 300, height: 40) { $0.draw(image, in: CGRect(x: -7, y: -5, width: 330, height: 60)) },
            scene(width: 300, height: 40) { $0.draw(mixed, in: CGRect(x: -7, y: -5, width: 330, height: 60)) },
        ]
        for (i, s) in wide.enumerated() {
            for clear in [true, false] {
                let binnedScene = try binned(s, dropsHiddenPathTiles: true)
                let rasterizer = FineRasterizer()
                var pixels = [UInt8](repeating: 77, count: 300 * 40 * 4)
                pixels.withUnsafeMutableBytes { raw in
                    let target = RenderTarget(base: raw.baseAddress!, width: 300, height: 40, bytesPerRow: 300 * 4,
                                              startsTransparent: clear, writesEmptyTiles: clear)
                    FineInput.with(binnedScene) { input in
                        for row in 0..<binnedScene.tilesY {
                            rasterizer.rasterizeTiles(row * input.tilesX ..< (row + 1) * input.tilesX, input: input, target: target)
                        }
                    }
                }
                // 19 tile columns (column 0 with the edge clipped to x = 0, the last partial), 3 tile rows.
                #expect(rasterizer.runTileCount == 19 * 3 && rasterizer.runCount == 3, "scene \(i), clear \(clear)")
                let expected = try planes(s, clear: clear, bytesPerRow: 0, background: [77])
                #expect(pixels == expected, "scene \(i), clear \(clear)")
                #expect(try rendered(s, clear: clear, bytesPerRow: 0, threads: 3, background: [77]) == expected)
            }
        }
    }

    /// The CPU backend's units of work: whole tile rows for one worker, and for several when the rows
    /// are many; pieces of rows when they are too few to share.
    @Test func workersTakeRows() {
        #expect(CPUBackend.rowPieces(tilesX: 120, tileRows: 68, threads: 1) == 1)
        #expect(CPUBackend.rowPieces(tilesX: 64, tileRows: 256, threads: 2) == 1)
        #expect(CPUBackend.rowPieces(tilesX: 64, tileRows: 64, threads: 2) == 2)
        #expect(CPUBackend.rowPieces(tilesX: 120, tileRows: 4, threads: 2) == 32)
        #expect(CPUBackend.rowPieces(tilesX: 3, tileRows: 1, threads: 16) == 3)
        // Rows not on cache lines: whole rows while each worker can take two, else pieces as before.
        #expect(CPUBackend.rowPieces(tilesX: 52, tileRows: 27, threads: 2, boundariesShareLines: true) == 1)
        #expect(CPUBackend.rowPieces(tilesX: 52, tileRows: 27, threads: 2) == 5)
        #expect(CPUBackend.rowPieces(tilesX: 120, tileRows: 4, threads: 2, boundariesShareLines: true) == 1)
        #expect(CPUBackend.rowPieces(tilesX: 120, tileRows: 3, threads: 2, boundariesShareLines: true) == 43)
    }

    /// Opaque and translucent images drawn unscaled on whole pixels over the whole canvas (texels
    /// offset from the tiles' grid): every tile a run tile (`opaqueFillIsRuns`), the planes' bytes,
    /// over a buffer's pixels or cleared, alone or over an opaque fill.
    @Test(arguments: [true, false])
    func alignedImagesAreRuns(clear: Bool) throws {
        // Past the canvas and the tiles' grid, as `opaqueFillIsRuns`' fill.
        let opaque = try runImage(width: 90, height: 80, seed: 1)
        let mixed = try runImage(width: 90, height: 80, seed: 2, alpha: mixedAlpha)
        for image in [opaque, mixed] {
            for under in [false, true] {
                let s = scene { ctx in
                    if under { ctx.fill(Path(CGRect(x: -1, y: -1, width: 90, height: 70)), with: .color(.teal)) }
                    ctx.draw(image, in: CGRect(x: -7, y: -13, width: 90, height: 80))
                }
                let (pixels, runTiles) = try runs(s, clear: clear)
                #expect(runTiles == 20, "under \(under)")
                #expect(pixels == (try planes(s, clear: clear)), "under \(under)")

            }
        }
    }

    /// An image inside the canvas: only the tiles it covers whole are run tiles (the others have its
    /// edges); over a fill, the fill's tiles outside it are runs too.
    @Test func imageInsideTheCanvas() throws {
        let card = try runImage(width: 40, height: 40, seed: 3, alpha: mixedAlpha)
        let alone = scene { $0.draw(card, in: CGRect(x: 8, y: 8, width: 40, height: 40)) }
        // x 8..<48 covers tile columns 1 and 2 whole, y 8..<48 rows 1 and 2.
        let aloneRuns = try runs(alone, clear: false)
        #expect(aloneRuns.runTiles == 4)
        #expect(aloneRuns.pixels == (try planes(alone, clear: false)))
        let grid = scene(width: 100, height: 64) { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 100, height: 64)), with: .color(Color(red: 0.1, green: 0.3, blue: 0.2)))
            ctx.draw(card, in: CGRect(x: 8, y: 8, width: 40, height: 40))
            ctx.draw(card, in: CGRect(x: 53, y: 10, width: 40, height: 40))
        }
        for clear in [true, false] {
            let gridRuns = try runs(grid, clear: clear)
            #expect(gridRuns.pixels == (try planes(grid, clear: clear)))
            // Card tiles: columns 1-2 and rows 1-2 of the first card (8..<48), column 4 (64..<80 inside
            // 53..<93) and rows 1-2 of the second. Fill tiles: columns 1-2 of row 3 (48..<64), which no
            // card reaches, column 6 (its 4 pixels left of the fill's edge at x = 100), and row 3 of
            // column 0 (the fill's edge at x = 0 covers it whole).
            #expect(gridRuns.runTiles == 4 + 2 + 2 + 4 + 1, "\(gridRuns.runTiles)")
        }
    }

    /// What the runs must leave alone: images scaled, off whole pixels, under a clip, at an opacity,
    /// or repeated; each tile goes its usual way, with the planes' bytes where the fast paths promise them.
    @Test func otherImagesAreNotRuns() throws {
        let image = try runImage(width: 90, height: 80, seed: 4)
        let cases: [(String, Scene)] = [
            ("scaled", scene { $0.draw(image, in: CGRect(x: -7, y: -13, width: 91, height: 80)) }),
            ("half pixel", scene { $0.draw(image, in: CGRect(x: -7.5, y: -13, width: 90, height: 80)) }),
            ("rotated", scene { ctx in
                var c = ctx
                c.rotate(by: .degrees(90))
                c.draw(image, in: CGRect(x: -7, y: -80, width: 90, height: 80))
            }),
            ("clipped", scene { ctx in
                var c = ctx
                c.clip(to: Path(ellipseIn: CGRect(x: 0, y: 0, width: 70, height: 50)))
                c.draw(image, in: CGRect(x: -7, y: -13, width: 90, height: 80))
            }),
            ("opacity", scene { ctx in
                var c = ctx
                c.opacity = 0.6
                c.draw(image, in: CGRect(x: -7, y: -13, width: 90, height: 80))
            }),
        ]
        for (name, s) in cases {
            for clear in [true, false] {
                let (pixels, runTiles) = try runs(s, clear: clear)
                if name == "clipped" {
                    // Tiles inside the clip lose it in binning (a plain draw, a run); those on its
                    // edge keep the layer.
                    #expect(runTiles > 0 && runTiles < 16, "\(name): \(runTiles)")
                } else {
                    #expect(runTiles == 0, "\(name)")
                }
                if name == "clipped" || name == "opacity" {
                    #expect(pixels == (try planes(s, clear: clear)), "\(name)")
                }
            }
        }
    }

    /// Seeded scenes of fills and images on whole pixels, over and beside each other, at canvas sizes
    /// with partial tiles: the planes' bytes whatever the chunk size, and through the renderer at any
    /// thread count.
    @Test(arguments: [UInt64(11), 12, 13])
    func randomScenesMatchThePlanes(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        let images = [try runImage(width: 64, height: 48, seed: seed &+ 1),
                      try runImage(width: 70, height: 37, seed: seed &+ 2, alpha: mixedAlpha)]
        let width = 150 + Int(seed % 7), height = 90 + Int(seed % 5)
        let s = scene(width: width, height: height) { ctx in
            for i in 0..<14 {
                let x = Double(Int.random(in: -30..<width, using: &rng)), y = Double(Int.random(in: -30..<height, using: &rng))
                switch i % 3 {
                case 0:
                    let color = Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                                      blue: .random(in: 0...1, using: &rng), opacity: i % 2 == 0 ? 1 : 0.7)
                    ctx.fill(Path(CGRect(x: x, y: y, width: 70, height: 50)), with: .color(color))
                default:
                    let image = images[i % 2]
                    ctx.draw(image, in: CGRect(x: x, y: y, width: image.size.width, height: image.size.height))
                }
            }
        }
        for clear in [true, false] {
            let expected = try planes(s, clear: clear)
            var counted = 0
            for chunk in [1, 3, 8, 64] {
                let (pixels, runTiles) = try runs(s, clear: clear, chunk: chunk)
                #expect(pixels == expected, "seed \(seed), clear \(clear), chunk \(chunk)")
                counted = max(counted, runTiles)
            }
            #expect(counted > 0, "seed \(seed): no run tiles")
            for threads in [1, 2, 3] {
                #expect(try rendered(s, clear: clear, threads: threads) == expected, "seed \(seed), \(threads) threads")
            }
        }
    }

    /// Each tile's commands are scanned at most once for the ones that can show: `rasterizeTiles` hands what
    /// `wholeTile` found to `rasterizeTile` instead of scanning again (a second scan of a text tile's
    /// commands cost as much as the first). A scene of run tiles, tiles an opaque fill only partly
    /// covers, translucent and opaque draws over one another, and glyphs; the bytes are the planes'.
    @Test func eachTileIsScannedOnce() throws {
        let s = scene(width: 90, height: 70) { c in
            c.fill(Path(CGRect(x: 0, y: 0, width: 90, height: 70)), with: .color(.white))
            c.fill(Path(ellipseIn: CGRect(x: 7, y: 9, width: 50, height: 40)), with: .color(.red.opacity(0.5)))
            c.fill(Path(CGRect(x: 40, y: 30, width: 33, height: 21)), with: .color(.blue))
            c.draw(Text("Ag 12.5").font(.system(size: 13)), in: CGRect(x: 3, y: 50, width: 80, height: 18))
        }
        let binnedScene = try binned(s, dropsHiddenPathTiles: true)
        let (w, h) = try Scene.pixelSize(for: s.size)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let rasterizer = FineRasterizer()
        pixels.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: w, height: h, bytesPerRow: w * 4,
                                      startsTransparent: true, writesEmptyTiles: true)
            FineInput.with(binnedScene) { input in
                let count = binnedScene.tilesX * binnedScene.tilesY
                for start in Swift.stride(from: 0, to: count, by: binnedScene.tilesX) {
                    rasterizer.rasterizeTiles(start..<min(count, start + binnedScene.tilesX), input: input, target: target,
                                              integerTiles: false)
                }
            }
        }
        let tilesWithCommands = (0..<(binnedScene.tilesX * binnedScene.tilesY)).filter {
            binnedScene.tileCommandStart[$0] != binnedScene.tileCommandStart[$0 + 1]
        }.count
        #expect(rasterizer.runTileCount > 0 && rasterizer.runTileCount < tilesWithCommands, "runs and other tiles both")
        // At most once a tile (tiles that continue a run are not scanned at all: `continuedRun`).
        #expect(rasterizer.visibilityScanCount <= tilesWithCommands)
        #expect(rasterizer.visibilityScanCount >= tilesWithCommands - rasterizer.runTileCount)
        #expect(pixels == (try planes(s, clear: true, bytesPerRow: 0)))
    }
}
