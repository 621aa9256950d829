import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// The fine stage's fast paths (tiles of a few plain draws drawn straight into the target,
// `FineRasterizer.rasterizeDirect`) against its float planes (`Renderer.fineFastPaths = false`): the
// same bytes, at every size, over a buffer's pixels or cleared.

/// A bitmap of `width` x `height` with premultiplied texels: opaque where `alpha` says 255, clear
/// (all zero) where it says 0, translucent in between. Seeded, so every run draws the same image.
func testImage(width: Int, height: Int, seed: UInt64, alpha: (Int, Int) -> UInt8) throws -> Image {
    var rng = SeededRandom(seed: seed)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let a = Int(alpha(x, y)), i = (y * width + x) * 4
            for c in 0..<3 { pixels[i + c] = UInt8(Int.random(in: 0...255, using: &rng) * a / 255) }
            pixels[i + 3] = UInt8(a)
        }
    }
    return Image(bitmap: try Bitmap(width: width, height: height, premultipliedRGBA: pixels))
}

/// Renders `scene` with and without the fast paths into buffers of `bytesPerRow` (at least
/// width * 4) that start as `background` bytes (repeated), over them or cleared. Returns both buffers.
private func renderBoth(_ scene: Scene, bytesPerRow: Int? = nil, clear: Bool, threads: Int = 1,
                        background: [UInt8] = [90, 30, 60, 200]) throws -> (fast: [UInt8], planes: [UInt8]) {
    let (w, h) = try Scene.pixelSize(for: scene.size)
    let stride = bytesPerRow ?? w * 4
    var buffers: [[UInt8]] = []
    for fast in [true, false] {
        var renderer = Renderer(backend: .cpu, threadCount: threads)
        renderer.fineFastPaths = fast
        // The float fast paths, byte for byte (the fixed-point tiles are IntegerTileTests').
        renderer.fineIntegerTiles = false
        var pixels = (0..<(stride * h)).map { background[$0 % background.count] }
        try pixels.withUnsafeMutableBytes { _ = try renderer.render(scene, into: $0, width: w, height: h, bytesPerRow: stride, clear: clear) }
        buffers.append(pixels)
    }
    return (buffers[0], buffers[1])
}

private func worstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// A random scene: opaque and translucent solid fills (rectangles, some on whole pixels, and curved
/// paths, both fill rules) and images on whole pixels, some partly off the canvas.
private func randomScene(width: Int, height: Int, seed: UInt64, count: Int) throws -> Scene {
    var rng = SeededRandom(seed: seed)
    let images = [
        try testImage(width: 37, height: 29, seed: seed &+ 1) { _, _ in 255 },
        try testImage(width: 45, height: 33, seed: seed &+ 2) { x, y in [255, 128, 0, 7][(x / 5 + y / 3) % 4] },
    ]
    var scene = Scene(size: CGSize(width: width, height: height))
    scene.draw { ctx in
        for i in 0..<count {
            let x = Double(Int.random(in: -20..<width, using: &rng)), y = Double(Int.random(in: -20..<height, using: &rng))
            let color = Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                              blue: .random(in: 0...1, using: &rng), opacity: i % 3 == 0 ? 0.55 : 1)
            switch i % 5 {
            case 0: ctx.fill(Path(CGRect(x: x, y: y, width: 40, height: 30)), with: .color(color))
            case 1: ctx.fill(Path(CGRect(x: x + 0.3, y: y + 0.6, width: 23.5, height: 17.2)), with: .color(color))
            case 2:
                var p = Path()
                p.move(to: CGPoint(x: x, y: y))
                p.addCurve(to: rng.point(in: Double(width)), control1: rng.point(in: Double(width)), control2: rng.point(in: Double(height)))
                p.addLine(to: CGPoint(x: x + 30, y: y + 5))
                p.closeSubpath()
                ctx.fill(p, with: .color(color), style: FillStyle(eoFill: i % 2 == 0))
            default:
                let image = images[i % 2]
                var c = ctx
                if i % 4 == 0 { c.opacity = 0.7 }
                c.draw(image, in: CGRect(x: x, y: y, width: image.size.width, height: image.size.height))
            }
        }
    }
    return scene
}

@Suite struct FastPathTests {
    /// The rasterizer's own count of tiles it drew straight into the target, for `scene` binned whole.
    private func directTiles(_ scene: Scene, startsTransparent: Bool = true) throws -> (direct: Int, drawn: Int) {
        let binnedScene = try binned(scene)
        let (w, h) = try Scene.pixelSize(for: scene.size)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let rasterizer = FineRasterizer()
        var drawn = 0
        pixels.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: w, height: h, bytesPerRow: w * 4, startsTransparent: startsTransparent)
            FineInput.with(binnedScene) { input in
                for tile in 0..<(binnedScene.tilesX * binnedScene.tilesY) {
                    if input.tileCommandStart[tile] != input.tileCommandStart[tile + 1] { drawn += 1 }
                    rasterizer.rasterizeTile(tile, input: input, target: target)
                }
            }
        }
        return (rasterizer.directTileCount, drawn)
    }

    /// Direct: images on whole texels, and solid colours inside their paths (no edge in the tile), up
    /// to five draws a tile. The planes: layers, gradients, solid colours along edges, six draws.
    @Test func whichTilesAreDrawnDirectly() throws {
        let card = try testImage(width: 40, height: 30, seed: 5) { x, _ in x < 20 ? 255 : 100 }
        var plain = Scene(size: CGSize(width: 70, height: 50))
        plain.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 70, height: 50)), with: .color(.blue))
            ctx.draw(card, in: CGRect(x: 5, y: 7, width: 40, height: 30))
        }
        // The fill's edges are at the canvas's left side (x = 0, covering column 0's pixels whole) and
        // its right side (x = 70, right of column 4's six pixels). Direct: every tile where the fill is
        // alone (one opaque colour, a pattern fill) or has no edge left of a pixel; not the three tiles
        // of column 0 under the card, where the fill has its edge.
        let plainBinned = try binned(plain)
        let expected = (0..<20).filter { tile in
            let pixels = Float(min(16, 70 - (tile % 5) * 16))
            let commands = plainBinned.decodedCommands(inTile: tile)
            return commands.count == 1 || commands.allSatisfy { command in
                if case .draw(let draw, let segments, _) = command {
                    return draw == 1 || segments.allSatisfy { min($0.x0, $0.x1) >= pixels }
                }
                return false
            }
        }.count
        let counts = try directTiles(plain)
        #expect(counts.drawn == 20 && counts.direct == expected && expected == 17, "\(counts), expected \(expected)")
        var layered = Scene(size: CGSize(width: 70, height: 50))
        layered.draw { ctx in
            var c = ctx
            c.opacity = 0.5
            c.drawLayer { $0.fill(Path(CGRect(x: 0, y: 0, width: 70, height: 50)), with: .color(.blue)) }
        }
        #expect(try directTiles(layered).direct == 0)
        func images(_ count: Int) -> Scene {
            var scene = Scene(size: CGSize(width: 16, height: 16))
            scene.draw { ctx in
                for i in 0..<count { ctx.draw(card, in: CGRect(x: i - 20, y: i - 10, width: 40, height: 30)) }
            }
            return scene
        }
        #expect(try directTiles(images(5)).direct == 1)
        #expect(try directTiles(images(6)).direct == 0)
        var gradient = Scene(size: CGSize(width: 16, height: 16))
        gradient.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 16, height: 16)), with: .linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 16, y: 0))) }
        #expect(try directTiles(gradient).direct == 0)
        var edge = Scene(size: CGSize(width: 16, height: 16))
        edge.draw { $0.fill(Path(ellipseIn: CGRect(x: 2, y: 2, width: 12, height: 12)), with: .color(.red)) }
        #expect(try directTiles(edge).direct == 0)
        var inside = Scene(size: CGSize(width: 48, height: 48))
        inside.draw { $0.fill(Path(ellipseIn: CGRect(x: -30, y: -30, width: 108, height: 108)), with: .color(Color.red.opacity(0.5))) }
        // The ellipse is cut at the canvas's left side (x = 0): the tiles of the other two columns have
        // no edge.
        #expect(try directTiles(inside).direct == 6)
    }

    /// A tile of one draw gives the planes' bytes exactly, over a buffer's pixels or cleared, at odd
    /// sizes (partial tiles at the right and bottom edges) and with padding between rows.
    @Test(arguments: [(true, 67), (false, 67), (true, 80), (false, 93)])
    func oneDrawIsExact(clear: Bool, width: Int) throws {
        let image = try testImage(width: 50, height: 41, seed: 3) { x, y in [255, 90, 0][(x / 7 + y / 4) % 3] }
        let opaque = try testImage(width: 33, height: 20, seed: 4) { _, _ in 255 }
        let draws: [(inout GraphicsContext) -> Void] = [
            { $0.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 200)), with: .color(Color(red: 0.3, green: 0.61, blue: 0.2))) },
            { $0.fill(Path(CGRect(x: 0, y: 0, width: 200, height: 200)), with: .color(Color(red: 0.3, green: 0.61, blue: 0.2, opacity: 0.4))) },
            { $0.fill(Path(ellipseIn: CGRect(x: 3.3, y: 4.1, width: 55, height: 31)), with: .color(Color.orange.opacity(0.8))) },
            { $0.fill(Path(ellipseIn: CGRect(x: -5, y: 2, width: 90, height: 60)), with: .color(.purple), style: FillStyle(eoFill: true)) },
            { $0.draw(image, in: CGRect(x: 7, y: -3, width: 50, height: 41)) },
            { $0.draw(image, in: CGRect(x: -9, y: 11, width: 50, height: 41)) },
            { var c = $0; c.opacity = 0.6; c.draw(opaque, in: CGRect(x: 30, y: 9, width: 33, height: 20)) },
            { $0.draw(opaque, in: CGRect(x: 16, y: 16, width: 33, height: 20)) },
        ]
        for (n, draw) in draws.enumerated() {
            var scene = Scene(size: CGSize(width: width, height: 45))
            scene.draw(draw)
            let (fast, planes) = try renderBoth(scene, bytesPerRow: width * 4 + 12, clear: clear)
            #expect(fast == planes, "draw \(n): worst difference \(worstDifference(fast, planes))")
        }
    }

    /// An image on whole pixels over the target (whole tiles of it, `drawImageRow`'s integer blend):
    /// every alpha level with every colour level, including colours above their alpha (not valid
    /// premultiplied, which the float planes clamp), over varied pixels: the planes' bytes.
    @Test func imageOverPixelsIsExact() throws {
        var texels = [UInt8](repeating: 0, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let i = (y * 256 + x) * 4
                texels[i] = UInt8(x); texels[i + 1] = UInt8(255 - x); texels[i + 2] = UInt8(x * y / 255); texels[i + 3] = UInt8(y)
            }
        }
        let image = Image(bitmap: try Bitmap(width: 256, height: 256, premultipliedRGBA: texels))
        var rng = SeededRandom(seed: 11)
        // 1,021 bytes (not a multiple of 4): every pixel of the buffer starts different from its neighbours.
        let background = (0..<1_021).map { _ in UInt8.random(in: 0...255, using: &rng) }
        // On the tiles (whole tiles: `drawImageRow`), and 5 and 3 pixels off them (the tiles along its
        // edges are partly covered: `drawSpan`).
        for origin in [CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 3)] {
            var scene = Scene(size: CGSize(width: 256 + 2 * origin.x, height: 256 + 2 * origin.y))
            scene.draw { $0.draw(image, in: CGRect(origin: origin, size: CGSize(width: 256, height: 256))) }
            for clear in [false, true] {
                let (fast, planes) = try renderBoth(scene, clear: clear, background: background)
                let same = fast == planes  // (a Bool: the expectation would print both megabyte buffers)
                #expect(same, "at \(origin), clear \(clear): worst difference \(worstDifference(fast, planes))")
            }
        }
    }

    /// Random scenes with overlaps (tiles of one to many draws, some direct, some not): the same bytes.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomScenesMatchThePlanes(seed: UInt64) throws {
        for (count, width) in [(12, 173), (60, 173), (200, 96)] {
            let scene = try randomScene(width: width, height: 129, seed: seed, count: count)
            for clear in [true, false] {
                let (fast, planes) = try renderBoth(scene, bytesPerRow: width * 4 + 8, clear: clear)
                #expect(fast == planes, "seed \(seed), \(count) draws, clear \(clear): worst difference \(worstDifference(fast, planes))")
            }
        }
    }

    /// An opaque fill of the whole canvas writes its colour's bytes and nothing between the rows; a
    /// cleared canvas is transparent wherever nothing is drawn, whatever the buffer held.
    @Test func fillsWriteOnlyTheCanvas() throws {
        var scene = Scene(size: CGSize(width: 45, height: 19))
        scene.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 45, height: 19)), with: .color(Color(red: 1, green: 0.5, blue: 0))) }
        let stride = 45 * 4 + 7
        let (fast, _) = try renderBoth(scene, bytesPerRow: stride, clear: false, background: [9])
        for y in 0..<19 {
            for x in 0..<45 { #expect(Array(fast[(y * stride + x * 4)..<(y * stride + x * 4 + 4)]) == [255, 128, 0, 255]) }
            if y < 18 { #expect(fast[(y * stride + 180)..<((y + 1) * stride)].allSatisfy { $0 == 9 }) }
        }
        var partial = Scene(size: CGSize(width: 45, height: 19))
        partial.draw { ctx in
            ctx.fill(Path(CGRect(x: 3, y: 2, width: 20, height: 9)), with: .color(.red))
            ctx.fill(Path(ellipseIn: CGRect(x: 20, y: 5, width: 20, height: 12)), with: .color(Color.blue.opacity(0.5)))
        }
        let (cleared, planes) = try renderBoth(partial, bytesPerRow: stride, clear: true, background: [200, 100, 50, 255])
        #expect(cleared == planes)
        #expect(cleared[(18 * stride)..<(18 * stride + 180)].allSatisfy { $0 == 0 })
    }

    @Test func outputIsIdenticalForAnyThreadCount() throws {
        let scene = try randomScene(width: 300, height: 200, seed: 9, count: 150)
        let one = try renderBoth(scene, clear: true, threads: 1).fast
        for threads in [2, 3, 8] {
            #expect(try renderBoth(scene, clear: true, threads: threads).fast == one, "\(threads) threads")
        }
    }
}
