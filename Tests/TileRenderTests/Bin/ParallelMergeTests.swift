import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Binning's merge runs on the workers (`BinnedScene.merge`): groups of consecutive units copy their
/// data and count their path tiles per tile, then write them into the tiles' lists. Whatever the number
/// of groups, every tile lists the same commands in draw order, with the same path tiles left out.
@Suite struct ParallelMergeTests {
    /// Seeded fills (opaque covers among translucent shapes), strokes and clipped layers: enough draws
    /// for several chunks per worker, so that the groups split the units in different places.
    static func seededScene(seed: UInt64, draws: Int = 600, layers: Bool = true) -> Scene {
        var rng = SeededRandom(seed: seed)
        var scene = Scene(size: CGSize(width: 210, height: 150))
        func randomPath() -> Path {
            let x = Double.random(in: -20...200, using: &rng), y = Double.random(in: -20...140, using: &rng)
            let w = Double.random(in: 2...90, using: &rng), h = Double.random(in: 2...70, using: &rng)
            return Bool.random(using: &rng) ? Path(CGRect(x: x, y: y, width: w, height: h))
                : Path(ellipseIn: CGRect(x: x, y: y, width: w, height: h))
        }
        func randomColor() -> Color {
            Color(red: .random(in: 0...1, using: &rng), green: .random(in: 0...1, using: &rng),
                  blue: .random(in: 0...1, using: &rng), opacity: Bool.random(using: &rng) ? 1 : 0.5)
        }
        scene.draw { ctx in
            for i in 0..<draws {
                switch i % 10 {
                case 7:
                    ctx.stroke(randomPath(), with: .color(randomColor()), lineWidth: .random(in: 1...6, using: &rng))
                case 9 where layers:
                    ctx.drawLayer { layer in
                        layer.clip(to: randomPath())
                        layer.fill(randomPath(), with: .color(randomColor()))
                    }
                default:
                    ctx.fill(randomPath(), with: .color(randomColor()))
                }
            }
        }
        return scene
    }

    @Test(arguments: [false, true])
    func everyThreadCountListsTheSameCommands(dropsHidden: Bool) throws {
        for seed in UInt64(1)...3 {
            let scene = ParallelMergeTests.seededScene(seed: seed)
            let reference = try binned(scene, threads: 1, dropsHiddenPathTiles: dropsHidden)
            try reference.validate()
            if dropsHidden { #expect(reference.hiddenPathTileCount > 100, "seed \(seed): \(reference.hiddenPathTileCount) hidden") }
            for threads in [2, 3, 5, 8] {
                let b = try binned(scene, threads: threads, dropsHiddenPathTiles: dropsHidden)
                try b.validate()
                #expect(b.pathTileCommandCount == reference.pathTileCommandCount, "seed \(seed), \(threads) threads")
                #expect(b.hiddenPathTileCount == reference.hiddenPathTileCount, "seed \(seed), \(threads) threads")
                #expect(b.tileCommandStart == reference.tileCommandStart, "seed \(seed), \(threads) threads")
                for tile in 0..<(b.tilesX * b.tilesY) {
                    let got = b.decodedCommands(inTile: tile), expected = reference.decodedCommands(inTile: tile)
                    #expect(got == expected, "seed \(seed), \(threads) threads, tile \(tile)")
                    if got != expected { return }
                }
            }
        }
    }

    /// The hidden path tiles are the ones under each tile's last hiding path tile: each list loses its
    /// front, and the lists together lose what is counted hidden.
    @Test func droppingLeavesOutExactlyTheCountedPathTiles() throws {
        let scene = ParallelMergeTests.seededScene(seed: 7, layers: false)
        for threads in [1, 2, 4] {
            let kept = try binned(scene, threads: threads, dropsHiddenPathTiles: false)
            let dropped = try binned(scene, threads: threads, dropsHiddenPathTiles: true)
            #expect(dropped.pathTileCommandCount == kept.pathTileCommandCount)
            #expect(kept.hiddenPathTileCount == 0)
            var leftOut = 0
            for tile in 0..<(kept.tilesX * kept.tilesY) {
                let all = kept.decodedCommands(inTile: tile).map(\.shape), some = dropped.decodedCommands(inTile: tile).map(\.shape)
                #expect(Array(all.suffix(some.count)) == some, "tile \(tile)")
                leftOut += kept.decodedCommands(inTile: tile).filter { if case .draw = $0 { true } else { false } }.count
                    - dropped.decodedCommands(inTile: tile).filter { if case .draw = $0 { true } else { false } }.count
            }
            #expect(leftOut == dropped.hiddenPathTileCount, "\(threads) threads")
        }
    }

    /// Cost: each group of units holds about its share of the path tiles (at most one unit's more),
    /// so that the merge's workers get even work; a unit is in exactly one group, in order.
    @Test func groupsShareThePathTilesEvenly() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<200 {
            let unitCount = Int.random(in: 0...40, using: &rng)
            var starts = [0]
            for _ in 0..<unitCount { starts.append(starts.last! + (Bool.random(using: &rng) ? 0 : Int.random(in: 1...500, using: &rng))) }
            let total = starts.last!, largest = zip(starts.dropFirst(), starts).map { $0 - $1 }.max() ?? 0
            for groupCount in 1...max(1, min(9, unitCount)) {
                let groups = BinnedScene.mergeGroups(unitStarts: starts, groupCount: groupCount)
                #expect(groups.count == groupCount + 1 && groups.first == 0 && groups.last == unitCount)
                #expect(zip(groups.dropFirst(), groups).allSatisfy { $0 >= $1 }, "\(groups)")
                for g in 0..<groupCount {
                    let share = starts[groups[g + 1]] - starts[groups[g]]
                    #expect(share <= (total + groupCount - 1) / groupCount + largest, "group \(g) of \(groupCount): \(share) of \(total)")
                }
            }
        }
    }
}
