import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Binning phase 2 groups a draw's pieces by tile in one of two ways (`TileBinner.bin`): counted into
/// every tile of its box, or, for few pieces in a large box (a big shape), sorted by tile, walking
/// only the tiles with pieces. Both must give the same segments, path tiles, runs and backdrops.
@Suite struct SparseBinningTests {
    /// Each draw of `scene` binned into a fresh chunk output with the given `sparseBoxRatio`, over the
    /// tile rows `rows` (all of them when nil).
    private func binned(_ scene: Scene, sparseBoxRatio: Int, rows: Range<Int>? = nil)
        -> [(segments: [TileSegment], backdrops: [Float], pathTiles: [PathTile], runs: [UInt32])] {
        let encoding = EncodedScene(scene)
        let (w, h) = (Int(scene.size.width), Int(scene.size.height))
        var binner = TileBinner(width: w, height: h)
        binner.sparseBoxRatio = sparseBoxRatio
        var chunk = PreparedChunk()
        for draw in encoding.draws { binner.prepare(draw, into: &chunk) }
        let tileRows = rows ?? 0..<((h + BinnedScene.tileSize - 1) / BinnedScene.tileSize)
        return chunk.draws.enumerated().map { k, d in
            let out = ChunkOutput()
            binner.bin(d, lines: chunk.lines.elements, drawIndex: UInt32(k), rows: tileRows, into: out)
            return (Array(out.segments.elements), Array(out.backdrops.elements), Array(out.pathTiles.elements),
                    Array(out.runs.elements))
        }
    }

    /// Large and small shapes, both rules, holes, shapes off the canvas' edges (their interiors run to
    /// the right edge), strokes: sorted (ratio 0: always) and counted (never) give the same lists, over
    /// all rows and over a band.
    @Test(arguments: [UInt64(1), 2, 3])
    func sortedAndCountedGroupingsAgree(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var scene = Scene(size: CGSize(width: 333, height: 207))
        scene.draw { ctx in
            for i in 0..<40 {
                let x = Double.random(in: -60...300, using: &rng), y = Double.random(in: -60...190, using: &rng)
                let w = Double.random(in: 1...400, using: &rng), h = Double.random(in: 1...260, using: &rng)
                var path = Path(ellipseIn: CGRect(x: x, y: y, width: w, height: h))
                if i % 3 == 0 { path = Path(CGRect(x: x, y: y, width: w, height: h)) }
                if i % 4 == 0 { path.addRect(CGRect(x: x + w / 4, y: y + h / 4, width: w / 2, height: h / 2)) }
                let style = FillStyle(eoFill: i % 2 == 0)
                if i % 5 == 0 {
                    ctx.stroke(path, with: .color(.red), lineWidth: .random(in: 0.5...9, using: &rng))
                } else {
                    ctx.fill(path, with: .color(.blue), style: style)
                }
            }
        }
        for rows in [nil, 3..<9] as [Range<Int>?] {
            let sorted = binned(scene, sparseBoxRatio: 0, rows: rows)
            let counted = binned(scene, sparseBoxRatio: 1 << 40, rows: rows)
            #expect(sorted.count == counted.count)
            var records = 0
            for (a, b) in zip(sorted, counted) {
                #expect(a.segments.elementsEqual(b.segments) { $0.x0 == $1.x0 && $0.y0 == $1.y0 && $0.x1 == $1.x1 && $0.y1 == $1.y1 })
                #expect(a.backdrops == b.backdrops)
                #expect(a.pathTiles == b.pathTiles)
                #expect(a.runs == b.runs)
                records += a.pathTiles.count
            }
            #expect(records > 100)
        }
    }

    /// A line ending a hair below a tile row on the left edge of its draw's box: the x interpolated at
    /// the row boundary rounds to just left of the box (31.99998 for 32), and the row's piece was cut
    /// for the column left of the box, whose key is another tile's (the last of the row above). Every
    /// piece, moved back to canvas coordinates from the tile that lists it, lies in the draw's box.
    @Test func piecesStayInTheirTiles() throws {
        // Found by searching Float lines ending at (32, 48.000004) for one whose x at y = 48 rounds below 32.
        let top = CGPoint(x: 204.06800842285156, y: 8.268495559692383), end = CGPoint(x: 32, y: 48.000003814697266)
        var scene = Scene(size: CGSize(width: 256, height: 96))
        scene.draw { ctx in
            var path = Path()
            path.addLines([top, end, CGPoint(x: top.x, y: end.y)])
            path.closeSubpath()
            ctx.fill(path, with: .color(.blue))
        }
        for ratio in [0, 1 << 40] {
            let draw = try #require(binned(scene, sparseBoxRatio: ratio).first)
            var index = 0
            for tile in draw.pathTiles where tile.segmentCount > 0 {
                let tileX = Float(Int(tile.tileIndex) % 16 * 16), tileY = Float(Int(tile.tileIndex) / 16 * 16)
                for k in Int(tile.segmentStart)..<Int(tile.segmentStart + tile.segmentCount) {
                    let p = draw.segments[k]
                    for (x, y) in [(p.x0 + tileX, p.y0 + tileY), (p.x1 + tileX, p.y1 + tileY)] {
                        #expect(x >= 31.99 && x <= 204.08 && y >= 8.26 && y <= 48.01, "tile \(tile.tileIndex): (\(x), \(y))")
                    }
                }
                index += 1
            }
            #expect(index > 10)
        }
    }

    /// A canvas-sized rectangle: its pieces lie in its two side columns, and the sorted grouping walks
    /// those tiles only, one record for each row's inside (the bandwidth benchmark's fill).
    @Test func aLargeRectangleIsOneRunPerRow() throws {
        var scene = Scene(size: CGSize(width: 640, height: 320))
        scene.draw { $0.fill(Path(CGRect(x: 0.5, y: 0, width: 639, height: 320)), with: .color(.green)) }
        let draw = try #require(binned(scene, sparseBoxRatio: 4).first)
        // 20 tile rows, each: the left edge's tile, one run of the 38 inside, the right edge's tile.
        #expect(draw.pathTiles.count == 60)
        #expect(draw.runs.filter { $0 == 38 }.count == 20)
    }
}
