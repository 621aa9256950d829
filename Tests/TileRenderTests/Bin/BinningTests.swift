import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Binning, checked against geometry computed independently here: backdrops are the winding to the
/// tile's left per pixel row, tile pieces and backdrops integrate to the path's area, layer commands
/// wrap their draws, and neither bands nor thread counts change any tile.
@Suite struct BinningTests {
    private static let size = BinnedScene.tileSize

    /// Random polygons with vertices up to 40 pixels beyond every edge of the canvas (self-intersecting
    /// ones included), so viewport clipping and right-edge runs are exercised.
    private static func randomPolygons(seed: UInt64, count: Int, width: Double, height: Double) -> [[CGPoint]] {
        var rng = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 3...8, using: &rng)).map { _ in
                CGPoint(x: Double.random(in: -40...(width + 40), using: &rng),
                        y: Double.random(in: -40...(height + 40), using: &rng))
            }
        }
    }

    private static func scene(of polygons: [[CGPoint]], width: Double, height: Double, evenOdd: Bool = false) -> Scene {
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw { ctx in
            for p in polygons { ctx.fill(polygon(p), with: .color(.red), style: FillStyle(eoFill: evenOdd)) }
        }
        return scene
    }

    @Test func aRectanglesBackdropIsItsLeftEdgesHeightPerPixelRow() throws {
        // Left edge at x = 40 (tile column 2), right edge at x = 84 (column 5); rows 8.5 ..< 40. A
        // rectangle runs clockwise on screen, so its left edge goes up: winding -1 inside.
        var scene = Scene(size: CGSize(width: 96, height: 48))
        scene.draw { $0.fill(Path(CGRect(x: 40, y: 8.5, width: 44, height: 31.5)), with: .color(.red)) }
        let b = try binned(scene)
        let top = [Float](repeating: 0, count: 8) + [-0.5] + [Float](repeating: -1, count: 7)
        let middle = [Float](repeating: -1, count: 16)
        let bottom = [Float](repeating: -1, count: 8) + [Float](repeating: 0, count: 8)
        for (row, expected) in [top, middle, bottom].enumerated() {
            for column in 0...1 { #expect(b.entry(draw: 0, column: column, row: row) == nil, "tile (\(column), \(row))") }
            // The left edge's own tile sees nothing to its left; the interior and the right edge's
            // tile see the left edge.
            #expect(b.entry(draw: 0, column: 2, row: row)?.backdrop == BinnedScene.zeroBackdrop)
            #expect(b.entry(draw: 0, column: 2, row: row)?.segments.isEmpty == false)
            for column in 3...4 {
                #expect(b.entry(draw: 0, column: column, row: row)?.backdrop == expected, "tile (\(column), \(row))")
                #expect(b.entry(draw: 0, column: column, row: row)?.segments.isEmpty == true)
            }
            #expect(b.entry(draw: 0, column: 5, row: row)?.backdrop == expected, "tile (5, \(row))")
        }
        // Interior tiles without pieces share one record standing for the run of columns 3 and 4.
        #expect(b.pathTileRuns.contains(2))
        try b.validate()
    }

    @Test func backdropsAreTheWindingToTheLeftOfEachTile() throws {
        let (width, height) = (100.0, 70.0)
        let polygons = BinningTests.randomPolygons(seed: 11, count: 12, width: width, height: height)
        let b = try binned(BinningTests.scene(of: polygons, width: width, height: height))
        try b.validate()
        var worst = 0.0, covered = 0
        for (d, points) in polygons.enumerated() {
            for row in 0..<b.tilesY {
                for column in 0..<b.tilesX {
                    let backdrop = b.entry(draw: UInt32(d), column: column, row: row)?.backdrop ?? BinnedScene.zeroBackdrop
                    let left = Double(column * BinningTests.size)
                    for r in 0..<BinningTests.size {
                        let top = Double(row * BinningTests.size + r)
                        // Column 0 has nothing to its left: outline parts left of the canvas are
                        // vertical pieces on x = 0 inside it.
                        let expected = top >= height || column == 0 ? 0 : points.indices.reduce(0) {
                            $0 + crossingLeft(of: left, row: top, points[$1], points[($1 + 1) % points.count])
                        }
                        worst = max(worst, abs(expected - Double(backdrop[r])))
                        if abs(expected) >= 1 { covered += 1 }
                    }
                }
            }
        }
        #expect(worst < 1e-3, "a backdrop differs from the winding count by \(worst)")
        #expect(covered > 1000, "only \(covered) pixel rows of tiles have a backdrop: the check would be vacuous")
    }

    /// The winding number integrated over a tile, from its binned data: each pixel row's backdrop over
    /// the tile's width, plus each piece's signed height times the part of the tile right of it.
    private static func integratedWinding(_ b: BinnedScene, draw: UInt32) -> Double {
        var sum = 0.0
        let size = Double(BinningTests.size)
        for row in 0..<b.tilesY {
            for column in 0..<b.tilesX {
                guard let e = b.entry(draw: draw, column: column, row: row) else { continue }
                sum += e.backdrop.reduce(0) { $0 + Double($1) } * size
                for s in e.segments {
                    sum += (size - Double(s.x0 + s.x1) / 2) * Double(s.y1 - s.y0)
                }
            }
        }
        return sum
    }

    @Test func piecesAndBackdropsIntegrateToTheAreaOnTheCanvas() throws {
        // Whole tiles, so the canvas' area is the tiles' area.
        let (width, height) = (112.0, 80.0)
        let polygons = BinningTests.randomPolygons(seed: 5, count: 12, width: width, height: height)
            + [[CGPoint(x: 10, y: 10), CGPoint(x: 60, y: 20), CGPoint(x: 30, y: 70)]]  // inside the canvas
        let b = try binned(BinningTests.scene(of: polygons, width: width, height: height))
        var large = 0
        for (d, points) in polygons.enumerated() {
            // Winding -1 inside a clockwise polygon: the integral is minus its area.
            let expected = -shoelace(clipped(points, width: width, height: height)) / 2
            let measured = BinningTests.integratedWinding(b, draw: UInt32(d))
            #expect(abs(measured - expected) <= 1e-4 * width * height, "draw \(d): \(measured), expected \(expected)")
            if abs(expected) > 0.1 * width * height { large += 1 }
        }
        #expect(large >= 5, "only \(large) polygons cover a tenth of the canvas")
    }

    @Test func piecesStayInsideTheirTileOnTheTileGrid() throws {
        // A vertical edge at x = tileSize + 0.5 lies in tile column 1 at x = 0.5; the canvas one pixel
        // wider than a tile has two columns.
        let size = Double(BinningTests.size)
        var scene = Scene(size: CGSize(width: size + 1, height: size + 1))
        scene.draw { $0.fill(Path(CGRect(x: size + 0.5, y: 2, width: 4, height: 3)), with: .color(.red)) }
        let b = try binned(scene)
        #expect(b.tilesX == 2 && b.tilesY == 2)
        let pieces = try #require(b.entry(draw: 0, column: 1, row: 0)).segments
        #expect(pieces.count == 1 && pieces.allSatisfy { $0.x0 == 0.5 && $0.x1 == 0.5 && abs($0.y1 - $0.y0) == 3 })
        #expect(b.entry(draw: 0, column: 0, row: 0) == nil)
    }

    @Test func layerAndClipCommandsWrapTheirDrawsInEachTile() throws {
        let size = Double(BinningTests.size)
        var scene = Scene(size: CGSize(width: 2 * size, height: size))
        let everywhere = Path(CGRect(x: 0, y: 0, width: 2 * size, height: size))
        scene.draw { ctx in
            ctx.fill(everywhere, with: .color(.red))  // draw 0
            var clipped = ctx
            clipped.clip(to: Path(CGRect(x: 2, y: 2, width: 8, height: 8)))  // layer 0, clip path draw 1
            clipped.fill(everywhere, with: .color(.green))  // draw 2
            clipped.opacity = 0.5
            clipped.drawLayer { inner in  // layer 1, in layer 0
                inner.fill(Path(CGRect(x: size + 2, y: 2, width: 8, height: 8)), with: .color(.blue))  // draw 3
            }
            ctx.fill(everywhere, with: .color(.black))  // draw 4
        }
        let b = try binned(scene)
        try b.validate()
        #expect(b.layers.count == 2 && b.layers[1].parent == 0 && b.layers[0].clipDraw == 1)
        #expect(b.maxLayerDepth == 2)
        // The clip path reaches tile 0 only, the inner layer's draw tile 1 only: a layer is opened in a
        // tile only around its own draws there.
        #expect(b.decodedCommands(inTile: 0).map(\.shape) == ["draw 0", "push 0", "draw 1", "draw 2", "pop 0", "draw 4"])
        #expect(b.decodedCommands(inTile: 1).map(\.shape)
                == ["draw 0", "push 0", "draw 2", "push 1", "draw 3", "pop 1", "pop 0", "draw 4"])
    }

    /// A scene with everything binning produces: random fills (nonzero and even-odd), a dashed stroke,
    /// a clip with a nested group, shapes off every edge.
    private static func mixedScene() -> Scene {
        let (width, height) = (150.0, 130.0)
        var scene = BinningTests.scene(of: randomPolygons(seed: 21, count: 10, width: width, height: height),
                                       width: width, height: height, evenOdd: true)
        scene.draw { ctx in
            ctx.stroke(Path(ellipseIn: CGRect(x: -20, y: 10, width: 120, height: 140)), with: .color(.green),
                       style: StrokeStyle(lineWidth: 7, dash: [12, 5]))
            var clipped = ctx
            clipped.clip(to: Path(ellipseIn: CGRect(x: 20, y: 15, width: 160, height: 100)), options: .inverse)
            clipped.fill(Path(CGRect(x: 30, y: -10, width: 200, height: 90)), with: .color(.blue))
            clipped.drawLayer { inner in
                inner.fill(Path(ellipseIn: CGRect(x: 60, y: 60, width: 60, height: 80)), with: .color(.orange))
            }
        }
        return scene
    }

    private static func allTiles(_ b: BinnedScene) -> [[DecodedCommand]] {
        (0..<(b.tilesX * b.tilesY)).map { b.decodedCommands(inTile: $0) }
    }

    @Test func bandsOfTileRowsGiveTheSameTilesAsOneBand() throws {
        let scene = BinningTests.mixedScene()
        // As renders bin: hidden path tiles left out (a tile's list does not depend on the band).
        let whole = try binned(scene, dropsHiddenPathTiles: true)
        let expected = BinningTests.allTiles(whole)
        let encoding = EncodedScene(scene)
        var buffers = BinningBuffers()
        let plan = try BinningPlan(encoding: encoding, width: whole.width, height: whole.height, threadCount: 2,
                                   budget: BinningPlan.unlimited, reusing: &buffers)
        for bands in [[0..<3, 3..<4, 4..<whole.tilesY], (0..<whole.tilesY).map { $0..<($0 + 1) }] {
            var tiles = [[DecodedCommand]](repeating: [], count: expected.count)
            for band in bands {
                var b = try BinnedScene(encoding: encoding, plan: plan, rows: band, threadCount: 2, reusing: &buffers)
                try b.validate()
                for (tile, commands) in BinningTests.allTiles(b).enumerated() {
                    if band.contains(tile / b.tilesX) {
                        tiles[tile] = commands
                    } else {
                        #expect(commands.isEmpty, "tile \(tile) outside band \(band) has commands")
                    }
                }
                buffers.reclaim(&b)
            }
            #expect(tiles == expected, "bands \(bands)")
        }
    }

    @Test func everyThreadCountGivesTheSameTiles() throws {
        let scene = BinningTests.mixedScene()
        let expected = BinningTests.allTiles(try binned(scene, threads: 1))
        #expect(expected.contains { !$0.isEmpty })
        for threads in [2, 3, 8] {
            #expect(BinningTests.allTiles(try binned(scene, threads: threads)) == expected, "\(threads) threads")
        }
    }

    @Test func emptyPathsAndPathsOffTheCanvasBinToNothing() throws {
        var loneMove = Path(); loneMove.move(to: CGPoint(x: 5, y: 5))
        var notFinite = Path()
        notFinite.move(to: CGPoint(x: Double.nan, y: 4)); notFinite.addLine(to: CGPoint(x: Double.infinity, y: 20))
        notFinite.addLine(to: CGPoint(x: 4, y: -Double.infinity))
        let paths = [Path(), loneMove, notFinite,
                     Path(CGRect(x: 70, y: 10, width: 30, height: 20)),   // right of the canvas
                     Path(CGRect(x: 10, y: -50, width: 30, height: 20)),  // above
                     Path(CGRect(x: 10, y: 60, width: 30, height: 20))]   // below
        var scene = Scene(size: CGSize(width: 48, height: 48))
        scene.draw { ctx in for p in paths { ctx.fill(p, with: .color(.red)) } }
        let b = try binned(scene)
        try b.validate()
        #expect(b.draws.count == paths.count)
        #expect(b.pathTiles.isEmpty && b.segments.isEmpty && b.tileCommands.isEmpty)
    }

    @Test func zeroAreaPathsCoverNothing() throws {
        var line = Path(); line.move(to: CGPoint(x: 3, y: 3)); line.addLine(to: CGPoint(x: 40, y: 30))
        var backAndForth = line; backAndForth.addLine(to: CGPoint(x: 3, y: 3)); backAndForth.closeSubpath()
        let paths = [line, backAndForth, Path(CGRect(x: 10, y: 5, width: 0, height: 30)),
                     Path(CGRect(x: 5, y: 20, width: 30, height: 0))]
        var scene = Scene(size: CGSize(width: 48, height: 48))
        scene.draw { ctx in for p in paths { ctx.fill(p, with: .color(.red)) } }
        let b = try binned(scene)
        try b.validate()
        // Edges that retrace each other cancel in every pixel row of their own tile, so no backdrop
        // reaches another tile.
        #expect(b.pathTiles.allSatisfy { $0.backdropStart == PathTile.noBackdrop })
        for tile in 0..<(b.tilesX * b.tilesY) {
            for case .draw(let d, let segments, _) in b.decodedCommands(inTile: tile) {
                var cover = [Float](repeating: 0, count: BinningTests.size)
                for s in segments { TileBinner.addRowCover(s, to: &cover) }
                #expect(cover.allSatisfy { abs($0) < 1e-4 }, "draw \(d), tile \(tile): \(cover)")
            }
        }
        #expect(try Renderer(backend: .cpu).render(scene).pixels.allSatisfy { $0 == 0 })
    }

    @Test func aPathLeftOfTheCanvasCancelsOnItsLeftEdge() throws {
        // Its outline becomes vertical pieces on x = 0 in column 0, joined where they meet, whose
        // heights cancel in every pixel row: no backdrop reaches the columns to the right.
        var scene = Scene(size: CGSize(width: 48, height: 40))
        scene.draw { $0.fill(Path(ellipseIn: CGRect(x: -90, y: -5, width: 60, height: 50)), with: .color(.red)) }
        let b = try binned(scene)
        try b.validate()
        #expect(b.segments.count <= 2 * b.tilesY)
        #expect(b.pathTiles.allSatisfy { Int($0.tileIndex) % b.tilesX == 0 && $0.backdropStart == PathTile.noBackdrop })
        for row in 0..<b.tilesY {
            var cover = [Float](repeating: 0, count: BinningTests.size)
            for s in b.entry(draw: 0, column: 0, row: row)?.segments ?? [] {
                #expect(s.x0 == 0 && s.x1 == 0)
                TileBinner.addRowCover(s, to: &cover)
            }
            #expect(cover.allSatisfy { abs($0) < 1e-4 }, "tile row \(row): \(cover)")
        }
        #expect(try Renderer(backend: .cpu).render(scene).pixels.allSatisfy { $0 == 0 })
    }

    @Test func edgesLeftOfTheCanvasJoinIntoOnePiecePerRunWithTheSamePixels() throws {
        // A polygon whose left side zig-zags 5,000 times left of the canvas covers the canvas exactly as
        // the same polygon with a straight left side: only the winding to the left matters. Its clipped
        // edges on x = 0 meet end to end, so binning joins them instead of keeping 10,000 pieces.
        let width = 64.0, height = 48.0
        var zigzag: [CGPoint] = [CGPoint(x: -20, y: -10), CGPoint(x: 40, y: 5), CGPoint(x: 30, y: 60), CGPoint(x: -20, y: 60)]
        for k in 0..<5_000 {
            // Down and up again, each step going further down: all of it at x < 0, crossing the rows.
            let y = 60 - Double(k) * 70 / 5_000
            zigzag.append(CGPoint(x: k % 2 == 0 ? -50 : -10, y: k % 2 == 0 ? y : y - 30))
        }
        let straight = [CGPoint(x: -20, y: -10), CGPoint(x: 40, y: 5), CGPoint(x: 30, y: 60), CGPoint(x: -20, y: 60)]
        func scene(_ points: [CGPoint]) -> Scene {
            var scene = Scene(size: CGSize(width: width, height: height))
            scene.draw { $0.fill(polygon(points), with: .color(.blue)) }
            return scene
        }
        let joined = try binned(scene(zigzag)), simple = try binned(scene(straight))
        try joined.validate()
        #expect(joined.segments.count <= simple.segments.count + 2 * joined.tilesY,
                "\(joined.segments.count) pieces for the zig-zag, \(simple.segments.count) for the straight side")
        let renderer = Renderer(backend: .cpu)
        let a = try renderer.render(scene(zigzag)), b = try renderer.render(scene(straight))
        let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "largest channel difference \(worst)")
        #expect(b.pixels.contains { $0 != 0 })
    }
}
