import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// The fine stage's spans (rows of one coverage composited whole, `FineRasterizer.blendSolidSpans`)
// against the reference (`Renderer.fineFastPaths = false`, every row pixel by pixel): the same bytes,
// on seeded scenes of many edges, both fill rules, odd sizes, over a buffer's pixels or cleared, at
// every thread count.

/// Renders `scene` into a buffer of `bytesPerRow` that starts as `background` bytes (repeated), over
/// them or cleared, with the fast paths on or off.
private func render(_ scene: Scene, fast: Bool, threads: Int, clear: Bool, bytesPerRow: Int? = nil,
                    background: [UInt8] = [40, 90, 20, 160]) throws -> [UInt8] {
    let (w, h) = try Scene.pixelSize(for: scene.size)
    let stride = bytesPerRow ?? w * 4
    var renderer = Renderer(backend: .cpu, threadCount: threads)
    renderer.fineFastPaths = fast
    // The float fast paths, byte for byte (the fixed-point tiles are IntegerTileTests').
    renderer.fineIntegerTiles = false
    var pixels = (0..<(stride * h)).map { background[$0 % background.count] }
    try pixels.withUnsafeMutableBytes { _ = try renderer.render(scene, into: $0, width: w, height: h, bytesPerRow: stride, clear: clear) }
    return pixels
}

private func worstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// A seeded scene of edges: polygons and stars (self-intersecting: windings above 1, both rules), curved
/// blobs, rectangles on and off whole pixels (horizontal edges at fractions of a row), slivers, shapes
/// larger than a tile and shapes off the canvas; opaque and translucent colours. With `paints`, also
/// every kind of gradient with each spread, a scaled image and a tiled one, a clipped group, a blend
/// mode and a translucent group (the rows those take are written out whole).
private func edgeScene(width: Int, height: Int, seed: UInt64, count: Int, paints: Bool = false) throws -> Scene {
    var rng = SeededRandom(seed: seed)
    let w = Double(width), h = Double(height)
    var texels = [UInt8](repeating: 0, count: 13 * 11 * 4)
    for i in 0..<(13 * 11) {
        let a = UInt8(i % 3 == 0 ? 255 : 120)
        for c in 0..<3 { texels[i * 4 + c] = UInt8(Int.random(in: 0...Int(a), using: &rng)) }
        texels[i * 4 + 3] = a
    }
    let image = Image(bitmap: try Bitmap(width: 13, height: 11, premultipliedRGBA: texels))
    func point() -> CGPoint { CGPoint(x: Double.random(in: -30...(w + 30), using: &rng), y: Double.random(in: -30...(h + 30), using: &rng)) }
    var scene = Scene(size: CGSize(width: width, height: height))
    scene.draw { ctx in
        for i in 0..<count {
            let color = Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                              blue: .random(in: 0...1, using: &rng), opacity: i % 2 == 0 ? 1 : .random(in: 0.05...0.95, using: &rng))
            let evenOdd = i % 3 == 1
            var path = Path()
            switch i % 6 {
            case 0:
                // A star: its points cross, winding 2 in the middle.
                let c = point(), r = Double.random(in: 5...90, using: &rng), n = Int.random(in: 5...9, using: &rng)
                for k in 0..<n {
                    let a = Double(k * 2) * Double.pi / Double(n) + 0.3
                    let p = CGPoint(x: c.x + r * cos(a * 2), y: c.y + r * sin(a * 2))
                    if k == 0 { path.move(to: p) } else { path.addLine(to: p) }
                }
                path.closeSubpath()
            case 1:
                let o = point()
                path.addRect(CGRect(x: o.x, y: o.y, width: .random(in: 1...120, using: &rng), height: .random(in: 0.3...80, using: &rng)))
            case 2:
                let o = point()
                path.addRect(CGRect(x: o.x.rounded(), y: o.y.rounded(), width: Double(Int.random(in: 1...70, using: &rng)),
                                    height: Double(Int.random(in: 1...70, using: &rng))))
            case 3:
                path.move(to: point())
                path.addCurve(to: point(), control1: point(), control2: point())
                path.addQuadCurve(to: point(), control: point())
                path.closeSubpath()
            case 4:
                // A sliver: a thin triangle, nearly horizontal or nearly vertical.
                let a = point(), d = Double.random(in: 20...200, using: &rng)
                if i % 4 == 0 { path.addLines([a, CGPoint(x: a.x + d, y: a.y + 0.7), CGPoint(x: a.x + d, y: a.y + 2.1)]) }
                else { path.addLines([a, CGPoint(x: a.x + 0.6, y: a.y + d), CGPoint(x: a.x + 1.9, y: a.y + d)]) }
                path.closeSubpath()
            default:
                let o = point()
                path = Path(ellipseIn: CGRect(x: o.x, y: o.y, width: .random(in: 2...150, using: &rng), height: .random(in: 2...150, using: &rng)))
            }
            let style = FillStyle(eoFill: evenOdd)
            guard paints && i % 5 == 4 else {
                ctx.fill(path, with: .color(color), style: style)
                continue
            }
            let spread: GraphicsContext.GradientOptions = [[], .repeat, .mirror][(i / 25) % 3]
            let colors = Gradient(colors: [color, .blue.opacity(0.4), .white])
            switch (i / 5) % 8 {
            case 0:
                ctx.fill(path, with: .linearGradient(colors, startPoint: point(), endPoint: point(), options: spread), style: style)
            case 1:
                ctx.fill(path, with: .radialGradient(colors, center: point(), startRadius: 2, endRadius: 60, options: spread), style: style)
            case 5:
                ctx.fill(path, with: .radialGradient(colors, center: point(), radius: 50, focus: point(), options: spread), style: style)
            case 6:
                ctx.fill(path, with: .conicGradient(colors, center: point(), angle: .degrees(30), options: spread), style: style)
            case 7:
                ctx.fill(path, with: .tiledImage(image, origin: point(), scale: 1.7), style: style)
            case 2:
                var c = ctx
                c.clip(to: path, style: style)
                c.draw(image, in: CGRect(origin: point(), size: CGSize(width: 70, height: 50)))
                c.fill(Path(CGRect(x: 0, y: 0, width: w, height: h)), with: .color(color.opacity(0.5)))
            case 3:
                var c = ctx
                c.blendMode = .multiply
                c.fill(path, with: .color(color), style: style)
            default:
                var c = ctx
                c.opacity = 0.6
                c.drawLayer { $0.fill(path, with: .color(color), style: style) }
            }
        }
    }
    return scene
}

@Suite struct SpanTests {
    /// Rows composited as spans by one rasterizer drawing `scene` whole, tile by tile.
    private func spanRows(_ scene: Scene) throws -> Int {
        let binnedScene = try binned(scene)
        let (w, h) = try Scene.pixelSize(for: scene.size)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let rasterizer = FineRasterizer()
        pixels.withUnsafeMutableBytes { raw in
            let target = RenderTarget(base: raw.baseAddress!, width: w, height: h, bytesPerRow: w * 4, startsTransparent: true)
            FineInput.with(binnedScene) { input in
                for tile in 0..<(binnedScene.tilesX * binnedScene.tilesY) { rasterizer.rasterizeTile(tile, input: input, target: target, integerTiles: false) }
            }
        }
        return rasterizer.spanRowCount
    }

    /// The rows of a tile that no edge of the draw crosses are the spans. A translucent triangle with a
    /// horizontal top at y = 2 over three tiles: in the middle tile its long side crosses rows 4 to 7,
    /// so rows 2 and 3, covered whole from the left, are spans; in the outer tiles every covered row
    /// has an edge (the left side, the tip). A disc inside one tile has an edge in every row.
    @Test func rowsWithoutEdgesAreSpans() throws {
        var triangle = Scene(size: CGSize(width: 48, height: 16))
        triangle.draw { ctx in
            var path = Path()
            path.addLines([CGPoint(x: 2, y: 2), CGPoint(x: 46, y: 2), CGPoint(x: 2, y: 10)])
            path.closeSubpath()
            ctx.fill(path, with: .color(Color.red.opacity(0.5)))
        }
        #expect(try spanRows(triangle) == 2)
        var disc = Scene(size: CGSize(width: 16, height: 16))
        disc.draw { $0.fill(Path(ellipseIn: CGRect(x: 1, y: 1, width: 14, height: 14)), with: .color(Color.red.opacity(0.5))) }
        #expect(try spanRows(disc) == 0)
        // The scenes below have many.
        #expect(try spanRows(try edgeScene(width: 173, height: 129, seed: 11, count: 40)) > 100)
    }

    /// Seeded scenes of edges, odd sizes (partial tiles at the right and bottom), both rules: the
    /// reference's bytes, over a buffer's pixels or cleared, with padding between rows.
    @Test(arguments: [UInt64(11), 12, 13, 14, 15])
    func scenesMatchTheReference(seed: UInt64) throws {
        for (width, height, count) in [(173, 129, 40), (67, 45, 25), (16, 16, 12), (211, 37, 120)] {
            let scene = try edgeScene(width: width, height: height, seed: seed, count: count)
            for clear in [true, false] {
                let stride = width * 4 + 12
                let fast = try render(scene, fast: true, threads: 1, clear: clear, bytesPerRow: stride)
                let reference = try render(scene, fast: false, threads: 1, clear: clear, bytesPerRow: stride)
                let same = fast == reference
                #expect(same, "seed \(seed), \(width)x\(height), clear \(clear): worst difference \(worstDifference(fast, reference))")
            }
        }
    }

    /// With gradients, images, clips, blend modes and groups among the fills (their coverage written
    /// out in full from the spans): the reference's bytes.
    @Test(arguments: [UInt64(21), 22, 23])
    func otherPaintsMatchTheReference(seed: UInt64) throws {
        let scene = try edgeScene(width: 157, height: 99, seed: seed, count: 90, paints: true)
        for clear in [true, false] {
            let fast = try render(scene, fast: true, threads: 1, clear: clear)
            let reference = try render(scene, fast: false, threads: 1, clear: clear)
            let same = fast == reference
            #expect(same, "seed \(seed), clear \(clear): worst difference \(worstDifference(fast, reference))")
        }
    }

    /// Linear gradients that pad (`blendPadded`, 8 pixels at a time): steep, shallow, axis-aligned,
    /// short (every ramp entry within a few pixels) and degenerate (start and end the same), on shapes
    /// with edges and over whole tiles; radial ones, small, large and of radius 0: the reference's bytes.
    @Test func paddedGradientsMatchTheReference() throws {
        var rng = SeededRandom(seed: 41)
        var scene = Scene(size: CGSize(width: 141, height: 77))
        scene.draw { ctx in
            for i in 0..<40 {
                let a = CGPoint(x: .random(in: -20...160, using: &rng), y: .random(in: -20...100, using: &rng))
                let end: CGPoint
                switch i % 5 {
                case 0: end = CGPoint(x: a.x + .random(in: -200...200, using: &rng), y: a.y)
                case 1: end = CGPoint(x: a.x, y: a.y + .random(in: -90...90, using: &rng))
                case 2: end = CGPoint(x: a.x + .random(in: -3...3, using: &rng), y: a.y + .random(in: -3...3, using: &rng))
                case 3: end = a
                default: end = CGPoint(x: .random(in: -20...160, using: &rng), y: .random(in: -20...100, using: &rng))
                }
                let colors = Gradient(colors: [Color(red: .random(in: 0...1, using: &rng), green: 0.3, blue: 0.8, opacity: .random(in: 0.2...1, using: &rng)),
                                               .orange, Color.green.opacity(0.3)])
                let shape = i % 4 == 0 ? Path(CGRect(x: -5, y: -5, width: 200, height: 120))
                    : Path(ellipseIn: CGRect(x: a.x - 30, y: a.y - 20, width: .random(in: 5...120, using: &rng), height: .random(in: 5...80, using: &rng)))
                let radius = [0, 0.7, 40, 300][i % 4]
                let shading: GraphicsContext.Shading = i % 7 < 4 ? .linearGradient(colors, startPoint: a, endPoint: end)
                    : .radialGradient(colors, center: a, startRadius: radius / 3, endRadius: radius)
                ctx.fill(shape, with: shading, style: FillStyle(eoFill: i % 3 == 0))
            }
        }
        for clear in [true, false] {
            let fast = try render(scene, fast: true, threads: 1, clear: clear, bytesPerRow: 141 * 4 + 4)
            let reference = try render(scene, fast: false, threads: 1, clear: clear, bytesPerRow: 141 * 4 + 4)
            let same = fast == reference
            #expect(same, "clear \(clear): worst difference \(worstDifference(fast, reference))")
        }
    }

    /// The same bytes at 1, 2, 3 and 8 threads, and the reference's.
    @Test func identicalForAnyThreadCount() throws {
        let scene = try edgeScene(width: 301, height: 203, seed: 31, count: 160, paints: true)
        let reference = try render(scene, fast: false, threads: 1, clear: true)
        for threads in [1, 2, 3, 8] {
            let fast = try render(scene, fast: true, threads: threads, clear: true)
            let same = fast == reference
            #expect(same, "\(threads) threads: worst difference \(worstDifference(fast, reference))")
        }
    }
}
