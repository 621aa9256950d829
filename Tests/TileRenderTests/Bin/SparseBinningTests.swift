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
