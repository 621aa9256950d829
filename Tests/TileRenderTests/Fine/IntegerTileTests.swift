import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import TileRenderSVG

// The fine stage's fixed-point tiles (`FineRasterizer.rasterizeWide`: tiles of solid source-over
// draws composited in 16-bit planes) against the float planes (`Renderer.fineFastPaths = false`).
//
// Why not the same bytes: the planes blend in float and round once; the fixed-point tiles hold each
// channel to 1/256 of a level and multiply with truncating 16-bit products (pmulhuw), so a draw's
// result is off the float value by a few 1/256 of a level, and a pixel whose float value lies that
// close to a rounding boundary (x.5 levels) rounds the other way. The 8 bits the intermediate keeps
// beyond the target's stop that from adding up over a tile's draws. So: at most one level apart in the
// premultiplied bytes, in a small share of the pixels, however many draws overlap; the same bytes at
// every thread count.

/// Renders `scene` into a buffer of `bytesPerRow` that starts as `background` bytes (repeated), over
/// them or cleared: with the fixed-point tiles (`integer`) or through the float planes only.
private func render(_ scene: Scene, integer: Bool, threads: Int = 1, clear: Bool, bytesPerRow: Int? = nil,
                    background: [UInt8] = [40, 90, 20, 160]) throws -> [UInt8] {
    let (w, h) = try Scene.pixelSize(for: scene.size)
    let stride = bytesPerRow ?? w * 4
    var renderer = Renderer(backend: .cpu, threadCount: threads)
    renderer.fineFastPaths = integer
    renderer.fineIntegerTiles = integer
    var pixels = (0..<(stride * h)).map { background[$0 % background.count] }
    try pixels.withUnsafeMutableBytes { _ = try renderer.render(scene, into: $0, width: w, height: h, bytesPerRow: stride, clear: clear) }
    return pixels
}

/// The pixels `draw` leaves in a `width` x `height` buffer of a fixed pattern of bytes, drawn over
/// (`clear` false) or cleared, with `binnedScene`'s input.
private func rasterized(_ binnedScene: BinnedScene, width: Int, height: Int, clear: Bool,
                        _ draw: (FineInput, RenderTarget) -> Void) -> [UInt8] {
    var pixels = (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    pixels.withUnsafeMutableBytes { raw in
        let target = RenderTarget(base: raw.baseAddress!, width: width, height: height, bytesPerRow: width * 4,
                                  startsTransparent: clear, writesEmptyTiles: clear)
        FineInput.with(binnedScene) { input in draw(input, target) }
    }
    return pixels
}

/// The largest difference of two buffers' bytes, and how many bytes differ at all.
private func difference(_ a: [UInt8], _ b: [UInt8]) -> (worst: Int, differing: Int) {
    var worst = 0, differing = 0
    for (x, y) in zip(a, b) where x != y {
        worst = max(worst, abs(Int(x) - Int(y)))
        differing += 1
    }
    return (worst, differing)
}

/// A seeded scene of solid colours only: stars (both fill rules, windings above 1), rectangles on and
/// off whole pixels, curved blobs, slivers, ellipses, and strokes of several widths; opaque and
/// translucent colours.
private func solidScene(width: Int, height: Int, seed: UInt64, count: Int) -> Scene {
    var rng = SeededRandom(seed: seed)
    let w = Double(width), h = Double(height)
    func point() -> CGPoint { CGPoint(x: Double.random(in: -20...(w + 20), using: &rng), y: Double.random(in: -20...(h + 20), using: &rng)) }
    var scene = Scene(size: CGSize(width: width, height: height))
    scene.draw { ctx in
        for i in 0..<count {
            let color = Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                              blue: .random(in: 0...1, using: &rng), opacity: i % 2 == 0 ? 1 : .random(in: 0.03...0.97, using: &rng))
            var path = Path()
            switch i % 7 {
            case 0:
                let c = point(), r = Double.random(in: 5...70, using: &rng), n = Int.random(in: 5...9, using: &rng)
                for k in 0..<n {
                    let a = Double(k * 4) * Double.pi / Double(n) + 0.2
                    let p = CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))
                    if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
                }
                path.closeSubpath()
            case 1:
                let o = point()
                path.addRect(CGRect(x: o.x, y: o.y, width: .random(in: 1...90, using: &rng), height: .random(in: 0.3...60, using: &rng)))
            case 2:
                let o = point()
                path.addRect(CGRect(x: o.x.rounded(), y: o.y.rounded(), width: Double(Int.random(in: 1...50, using: &rng)),
                                    height: Double(Int.random(in: 1...50, using: &rng))))
            case 3:
                path.move(to: point())
                path.addCurve(to: point(), control1: point(), control2: point())
                path.addQuadCurve(to: point(), control: point())
                path.closeSubpath()
            case 4:
                let a = point(), d = Double.random(in: 20...120, using: &rng)
                path.addLines([a, CGPoint(x: a.x + d, y: a.y + 0.7), CGPoint(x: a.x + d, y: a.y + 2.1)])
                path.closeSubpath()
            case 5:
                let o = point()
                path = Path(ellipseIn: CGRect(x: o.x, y: o.y, width: .random(in: 2...100, using: &rng), height: .random(in: 2...100, using: &rng)))
            default:
                path.move(to: point())
                path.addCurve(to: point(), control1: point(), control2: point())
                ctx.stroke(path, with: .color(color), lineWidth: [0.6, 1, 2.5, 7.3][(i / 7) % 4])
                continue
            }
            ctx.fill(path, with: .color(color), style: FillStyle(eoFill: i % 3 == 1))
        }
    }
    return scene
}

@Suite struct IntegerTileTests {
    /// Tiles this rasterizer composited in fixed point, drawing `scene` whole, tile by tile.
    private func wideTiles(_ scene: Scene, integerTiles: Bool = true) throws -> Int {
        try wideCounts(scene, integerTiles: integerTiles).tiles
    }

    /// `wideTiles`, and the draws of those tiles composited at one coverage over the whole tile.
    private func wideCounts(_ scene: Scene, integerTiles: Bool = true) throws -> (tiles: Int, uniformDraws: Int) {
        let binnedScene = try binned(scene)
        let (w, h) = try Scene.pixelSize(for: scene.size)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let rasterizer = FineRasterizer()
        pixels.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: w, height: h, bytesPerRow: w * 4, startsTransparent: true)
            FineInput.with(binnedScene) { input in
                for tile in 0..<(binnedScene.tilesX * binnedScene.tilesY) {
                    rasterizer.rasterizeTile(tile, input: input, target: target, integerTiles: integerTiles)
                }
            }
        }
        return (rasterizer.wideTileCount, rasterizer.uniformTileDrawCount)
    }

    /// A tile inside a shape, which no edge crosses, is one span: composited at one coverage without a
    /// pass over its rows. Six nested translucent squares, their edges a pixel apart in the outer ring
    /// of tiles, all six covering the 4 x 4 tiles inside it; every tile has more draws than a direct
    /// tile takes. The pixels are the planes' within a level, as everywhere (the arithmetic of span rows).
    @Test func insideTilesAreOneSpan() throws {
        var scene = Scene(size: CGSize(width: 96, height: 96))
        let squares = 6
        scene.draw { ctx in
            for i in 0..<squares {
                // From x = 8 + i (inside tile 0) to 88 - i (inside tile 5): tiles 1 ... 4 lie wholly inside.
                let inset = 8.25 + Double(i)
                ctx.fill(Path(CGRect(x: inset, y: inset, width: 96 - 2 * inset, height: 96 - 2 * inset)),
                         with: .color(Color(red: Double(i) / 5, green: 0.5, blue: 1 - Double(i) / 5, opacity: 0.2 + 0.1 * Double(i))))
            }
        }
        let counts = try wideCounts(scene)
        // 16 tiles (4 x 4) inside each square, all drawn in fixed point (more draws than a direct tile takes).
        #expect(counts.uniformDraws == squares * 16)
        #expect(counts.tiles == 36)
        for clear in [false, true] {
            let d = difference(try render(scene, integer: true, clear: clear), try render(scene, integer: false, clear: clear))
            #expect(d.worst <= 1, "clear \(clear): worst \(d.worst)")
        }
    }

    /// Solid edges go through the fixed-point tiles; a gradient, a layer or the switch turned off keep
    /// a tile in the planes; a tile inside a solid fill stays a direct tile.
    @Test func whichTilesAreFixedPoint() throws {
        var solid = Scene(size: CGSize(width: 64, height: 48))
        solid.draw { ctx in
            ctx.fill(Path(ellipseIn: CGRect(x: 3.5, y: 2.25, width: 50, height: 40)), with: .color(.red.opacity(0.7)))
            ctx.stroke(Path(CGRect(x: 10.3, y: 8.6, width: 30, height: 20)), with: .color(.blue), lineWidth: 1.5)
        }
        #expect(try wideTiles(solid) > 0)
        #expect(try wideTiles(solid, integerTiles: false) == 0)
        var gradient = Scene(size: CGSize(width: 64, height: 48))
        gradient.draw { ctx in
            ctx.fill(Path(ellipseIn: CGRect(x: 3.5, y: 2.25, width: 50, height: 40)),
                     with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 64, y: 0)))
        }
        #expect(try wideTiles(gradient) == 0)
        var layered = Scene(size: CGSize(width: 64, height: 48))
        layered.draw { ctx in
            var c = ctx
            c.opacity = 0.5
            c.drawLayer { $0.fill(Path(ellipseIn: CGRect(x: 3.5, y: 2.25, width: 50, height: 40)), with: .color(.red)) }
        }
        #expect(try wideTiles(layered) == 0)
    }

    /// Seeded solid scenes, both fill rules, strokes, translucent colours, odd sizes and a padded row
    /// stride, over a buffer's pixels and cleared: within one level of the float planes.
    @Test(arguments: [(UInt64(31), 97, 61), (32, 64, 64), (33, 37, 129), (34, 250, 90)])
    func seededScenesWithinOneLevel(_ seed: UInt64, _ width: Int, _ height: Int) throws {
        let scene = solidScene(width: width, height: height, seed: seed, count: 60)
        for clear in [false, true] {
            let stride = width * 4 + (seed % 2 == 0 ? 12 : 0)
            let fixed = try render(scene, integer: true, clear: clear, bytesPerRow: stride)
            let planes = try render(scene, integer: false, clear: clear, bytesPerRow: stride)
            let d = difference(fixed, planes)
            #expect(d.worst <= 1, "seed \(seed), clear \(clear): worst \(d.worst)")
            // Only values within a few 1/256 of a level of a rounding boundary round the other way.
            #expect(d.differing * 50 <= fixed.count, "seed \(seed), clear \(clear): \(d.differing) bytes differ")
        }
    }

    /// A colour at full coverage over transparent pixels comes out as the planes' bytes, also where a
    /// channel is exactly half a level from two (0.5 * 255 = 127.5) and the planes' float rounding
    /// decides: rectangles on whole pixels in tiles with edges (their inside rows are full coverage
    /// in rows crossed by an edge).
    @Test func fullCoverageOverTransparentIsExact() throws {
        let levels: [Double] = [0.5, 0.3, 76.5 / 255, 128.5 / 255, 0.7, 1, 0.1, 200.5 / 255]
        var scene = Scene(size: CGSize(width: 64, height: 20))
        scene.draw { ctx in
            for (i, v) in levels.enumerated() {
                let color = Color(red: v, green: levels[(i + 3) % levels.count], blue: 1 - v,
                                  opacity: i % 2 == 0 ? 1 : levels[(i + 5) % levels.count])
                ctx.fill(Path(CGRect(x: Double(i * 8), y: 2, width: 5, height: 13)), with: .color(color))
            }
        }
        let fixed = try render(scene, integer: true, clear: true), planes = try render(scene, integer: false, clear: true)
        #expect(difference(fixed, planes).differing == 0)
    }

    /// Many translucent draws over the same pixels, partly covered: the differences do not add up.
    @Test func overlappingDrawsDoNotAccumulate() throws {
        var scene = Scene(size: CGSize(width: 48, height: 40))
        scene.draw { ctx in
            for i in 0..<120 {
                let inset = Double(i % 10) * 0.37
                let color = Color(red: Double(i % 7) / 6, green: Double(i % 5) / 4, blue: Double(i % 3) / 2, opacity: 0.07 + Double(i % 9) * 0.05)
                ctx.fill(Path(ellipseIn: CGRect(x: 2.3 + inset, y: 1.7 + inset, width: 40 - 2 * inset, height: 35 - 2 * inset)),
                         with: .color(color), style: FillStyle(eoFill: i % 2 == 0))
            }
        }
        for clear in [false, true] {
            let fixed = try render(scene, integer: true, clear: clear)
            let d = difference(fixed, try render(scene, integer: false, clear: clear))
            #expect(d.worst <= 1, "clear \(clear): worst \(d.worst)")
            #expect(d.differing * 50 <= fixed.count, "clear \(clear): \(d.differing) bytes differ")
        }
    }

    /// Text drawn from glyph masks (mask draws in a solid colour) over a background and cleared.
    @Test func glyphMasksWithinOneLevel() throws {
        var scene = Scene(size: CGSize(width: 220, height: 90))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 90)), with: .color(.white))
            ctx.draw(Text(verbatim: "Fixed point, sixteen bits. 0123456789").font(.system(size: 11)),
                     in: CGRect(x: 3.3, y: 2.6, width: 210, height: 40))
            var c = ctx
            c.opacity = 0.6
            c.draw(Text(verbatim: "Translucent glyphs over glyphs").font(.system(size: 15)), at: CGPoint(x: 4.4, y: 60.2), anchor: .topLeading)
        }
        for clear in [false, true] {
            let fixed = try render(scene, integer: true, clear: clear)
            let d = difference(fixed, try render(scene, integer: false, clear: clear))
            #expect(d.worst <= 1, "clear \(clear): worst \(d.worst)")
            #expect(d.differing * 50 <= fixed.count, "clear \(clear): \(d.differing) bytes differ")
        }
    }

    /// Integer tiles take a glyph mask's 16-bit levels where one mask reaches a pixel and sum the
    /// masks in float where they meet (`maskLevelCoverage`): the same bytes as composing every mask
    /// from its float values. Text at sizes from 6 to 120 points (a tile inside a glyph falls back to
    /// the float path), with tracking that makes glyphs meet and overlap, opaque and translucent, over
    /// a background and over transparent pixels.
    @Test func maskLevelsMatchTheFloatMasks() throws {
        var scene = Scene(size: CGSize(width: 400, height: 300))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 260, height: 300)), with: .color(.white))
            for (i, size) in [6.0, 9, 11, 13.5, 17, 24].enumerated() {
                let text = Text(verbatim: "Wavy glyphs, fi ff 0123456789 AVATAR").font(.system(size: size)).tracking(Double(i % 3) * -1.2)
                ctx.draw(text, at: CGPoint(x: 2.3 + Double(i) * 0.37, y: 4.1 + Double(i) * 20.3), anchor: .topLeading)
            }
            var c = ctx
            c.opacity = 0.55
            c.draw(Text(verbatim: "Overlap").font(.system(size: 40).bold()).foregroundColor(.blue).tracking(-9),
                   at: CGPoint(x: 10.6, y: 130.2), anchor: .topLeading)
            ctx.draw(Text(verbatim: "M").font(.system(size: 120).weight(.black)), at: CGPoint(x: 250.5, y: 150), anchor: .topLeading)
        }
        var levels = Renderer(backend: .cpu, threadCount: 2), floats = Renderer(backend: .cpu, threadCount: 2)
        floats.fineMaskLevels = false
        #expect(try levels.render(scene) == floats.render(scene))
        levels.threadCount = 1
        #expect(try levels.render(scene) == floats.render(scene))
        // Both paths taken: draws from levels, rows summed where glyphs met.
        let binnedScene = try binned(scene)
        var pixels = [UInt8](repeating: 0, count: 400 * 300 * 4)
        let rasterizer = FineRasterizer()
        pixels.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: 400, height: 300, bytesPerRow: 400 * 4, startsTransparent: true)
            FineInput.with(binnedScene) { input in
                for tile in 0..<(binnedScene.tilesX * binnedScene.tilesY) { rasterizer.rasterizeTile(tile, input: input, target: target) }
            }
        }
        #expect(rasterizer.maskLevelDrawCount > 100 && rasterizer.summedMaskRowCount > 10,
                "\(rasterizer.maskLevelDrawCount) draws, \(rasterizer.summedMaskRowCount) summed rows")
    }

    /// A tile that only vertical edges cross from top to bottom, over one backdrop in every row (the
    /// sides of rectangles), computes one row of coverage and repeats it (`FineRasterizer.repeatsOneRow`):
    /// the same bytes as summing every row, in integer tiles and in the float planes. Rectangles and bars
    /// at fractional, whole and near-tile-boundary x, drawn both ways round, nested (winding 2), even-odd,
    /// opaque and translucent, over a background and over transparent pixels, up to the canvas's
    /// partial right column.
    @Test func oneRowRepeatedMatchesEveryRow() throws {
        let width = 203, height = 150
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 150)), with: .color(.white))
            let xs: [Double] = [3.3, 16, 31.999, 47.5, 64.01, 80.75, 100.2, 190.6]
            for (i, x) in xs.enumerated() {
                let bar = Path(CGRect(x: x, y: 5.5 + Double(i), width: 0.6 + Double(i) * 1.7, height: 120))
                ctx.fill(bar, with: .color(Color(red: 0.1 * Double(i), green: 0.4, blue: 0.8, opacity: i % 2 == 0 ? 1 : 0.6)))
            }
            // Drawn right to left (the edges' directions reversed), and a rectangle inside another: winding 2.
            var reversed = Path()
            reversed.move(to: CGPoint(x: 150.3, y: 2)); reversed.addLine(to: CGPoint(x: 110.7, y: 2))
            reversed.addLine(to: CGPoint(x: 110.7, y: 140)); reversed.addLine(to: CGPoint(x: 150.3, y: 140)); reversed.closeSubpath()
            reversed.addRect(CGRect(x: 120.25, y: 10, width: 20.5, height: 120))
            ctx.fill(reversed, with: .color(.green.opacity(0.7)))
            ctx.fill(reversed, with: .color(.red.opacity(0.5)), style: FillStyle(eoFill: true))
            ctx.fill(Path(CGRect(x: 160.4, y: 0, width: 60, height: 150)), with: .color(.orange))
        }
        let binnedScene = try binned(scene, dropsHiddenPathTiles: true)
        for (integer, clear) in [(true, true), (true, false), (false, true), (false, false)] {
            var outputs: [[UInt8]] = []
            for repeats in [true, false] {
                let rasterizer = FineRasterizer()
                rasterizer.repeatsOneRow = repeats
                outputs.append(rasterized(binnedScene, width: width, height: height, clear: clear) { input, target in
                    for tile in 0..<(binnedScene.tilesX * binnedScene.tilesY) {
                        rasterizer.rasterizeTile(tile, input: input, target: target, fastPaths: integer, integerTiles: integer)
                    }
                })
                #expect((rasterizer.oneRowTileCount > 20) == repeats, "integer \(integer): \(rasterizer.oneRowTileCount) tiles")
            }
            let d = difference(outputs[0], outputs[1])
            #expect(d.differing == 0, "integer \(integer), clear \(clear): \(d.differing) bytes differ, worst \(d.worst)")
        }
    }

    /// A tile of one glyph run over one colour (a label over a card, or over the cleared canvas) is
    /// composited straight into the target (`FineRasterizer.maskOverColor`): the same bytes as through
    /// the integer planes. Labels over an opaque card and over transparent pixels, opaque and
    /// translucent, across the canvas's partial right column and bottom row, and two runs meeting in
    /// a tile (drawn through the planes).
    @Test func maskOverColorMatchesThePlanes() throws {
        let width = 203, height = 90
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 120, height: 90)), with: .color(Color(red: 0.93, green: 0.95, blue: 0.8)))
            for i in 0..<12 {
                let x = 2.3 + Double(i % 4) * 51.7, y = 3.1 + Double(i / 4) * 29.4
                let color = Color(red: 0.1 * Double(i % 5), green: 0.2, blue: 0.5, opacity: i % 3 == 0 ? 0.55 : 1)
                ctx.draw(Text(verbatim: String(format: "%.1f", Double(i) * 7.3)).font(.system(size: 9 + Double(i % 4) * 3))
                    .foregroundColor(color), at: CGPoint(x: x, y: y), anchor: .topLeading)
            }
            // Two runs in the same tiles, and one across the bottom edge.
            ctx.draw(Text(verbatim: "ab").font(.system(size: 11)), at: CGPoint(x: 60.4, y: 70), anchor: .topLeading)
            ctx.draw(Text(verbatim: "cd").font(.system(size: 11)), at: CGPoint(x: 74.2, y: 72), anchor: .topLeading)
            ctx.draw(Text(verbatim: "edge").font(.system(size: 14)), at: CGPoint(x: 170.5, y: 80.3), anchor: .topLeading)
        }
        let binnedScene = try binned(scene, dropsHiddenPathTiles: true)
        for clear in [true, false] {
            var outputs: [[UInt8]] = []
            for blits in [true, false] {
                let rasterizer = FineRasterizer()
                rasterizer.blitsMaskTiles = blits
                outputs.append(rasterized(binnedScene, width: width, height: height, clear: clear) { input, target in
                    rasterizer.rasterizeTiles(0..<(binnedScene.tilesX * binnedScene.tilesY), input: input, target: target)
                })
                // Over the card in every case; over the canvas's transparent pixels only when cleared.
                #expect(blits ? rasterizer.maskOverColorTileCount >= (clear ? 30 : 15) : rasterizer.maskOverColorTileCount == 0,
                        "clear \(clear): \(rasterizer.maskOverColorTileCount) tiles")
            }
            let d = difference(outputs[0], outputs[1])
            #expect(d.differing == 0, "clear \(clear): \(d.differing) bytes differ, worst \(d.worst)")
        }
    }

    /// The benchmark scenes at the size they are timed at: within one level of the planes.
    @Test(arguments: ["Ghostscript_Tiger", "micro_1000_shapes", "synthetic_30k_shapes"])
    func benchmarkScenesWithinOneLevel(_ name: String) throws {
        let document = try SVGDocument(contentsOf: try Fixtures.file(name + ".svg", in: Fixtures.bench))
        let scene = document.makeScene(size: CGSize(width: 1024, height: 1024))
        let d = difference(try render(scene, integer: true, clear: true), try render(scene, integer: false, clear: true))
        #expect(d.worst <= 1, "\(name): worst \(d.worst)")
    }

    /// The same bytes for every thread count.
    @Test func identicalForAnyThreadCount() throws {
        let scene = solidScene(width: 130, height: 70, seed: 41, count: 80)
        let one = try render(scene, integer: true, threads: 1, clear: false)
        for threads in [2, 3, 8] { #expect(try render(scene, integer: true, threads: threads, clear: false) == one, "\(threads) threads") }
    }
}
