import Foundation
import Testing
import Shaders
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// The binned scene is read by the Vulkan shaders as std430 arrays: sizes and alignments are part of
/// the contract with Sources/Shaders.
@Suite struct BinnedLayoutTests {
    @Test func gpuStructsHaveTheirDocumentedLayout() {
        #expect(MemoryLayout<TileSegment>.stride == 16)
        #expect(MemoryLayout<PathTile>.stride == 20)
        #expect(MemoryLayout<BinnedDraw>.stride == 16)
        #expect(MemoryLayout<EncodedLayer>.stride == 24)
        #expect(MemoryLayout<EncodedPaint>.stride == 64)
        #expect(MemoryLayout<EncodedPaint>.offset(of: \.spread) == 8)
        #expect(MemoryLayout<EncodedPaint>.offset(of: \.color) == 16)
        #expect(MemoryLayout<EncodedPaint>.offset(of: \.map) == 32)
        #expect(MemoryLayout<EncodedPaint>.offset(of: \.params) == 56)
    }

    @Test func tileListsAreInDrawOrderAndCoverEveryPathTile() throws {
        var scene = Scene(size: CGSize(width: 100, height: 60))
        scene.draw { ctx in samplePicture(&ctx, count: 30, extent: 100) }
        let binned = try BinnedScene(encoding: EncodedScene(scene), width: 100, height: 60, threadCount: 3,
                                     dropsHiddenPathTiles: false)
        #expect(binned.tileCommandStart.count == binned.tilesX * binned.tilesY + 1)
        // A path tile record stands for `pathTileRuns` tiles of one row from its tileIndex (runs of
        // segment-free tiles); each of them lists it.
        #expect(Int(binned.tileCommandStart.last!) == binned.pathTileRuns.reduce(0) { $0 + Int($1) })
        #expect(binned.pathTileRuns.count == binned.pathTiles.count)
        for tile in 0..<(binned.tilesX * binned.tilesY) {
            let list = binned.tileCommands[Int(binned.tileCommandStart[tile])..<Int(binned.tileCommandStart[tile + 1])]
            let draws = list.map { binned.pathTiles[Int($0)].drawIndex }
            #expect(draws == draws.sorted(), "tile \(tile) out of draw order")
            #expect(list.allSatisfy {
                let t = binned.pathTiles[Int($0)], run = Int(binned.pathTileRuns[Int($0)])
                let first = Int(t.tileIndex)
                return first <= tile && tile < first + run && first / binned.tilesX == tile / binned.tilesX
                    && (run == 1 || t.segmentCount == 0)
            })
        }
        // Every segment lies inside its tile.
        for s in binned.segments {
            for v in [s.x0, s.y0, s.x1, s.y1] { #expect(v >= -1e-3 && v <= 16 + 1e-3) }
        }
    }
}
