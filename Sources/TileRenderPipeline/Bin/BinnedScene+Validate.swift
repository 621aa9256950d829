import Shaders
import Foundation
import TileRenderGeometry

// The fine stages (the CPU's and the shader) read the binned scene through raw offsets and counts, with
// no bounds checks of their own. `validate()` checks each of those offsets and counts once, after
// binning, so a binning bug shows up as a described violation instead of an out-of-bounds read. Debug
// builds run it on every binned band (`validateInDebugBuilds`); tests run it on ordinary and hostile
// scenes.

extension BinnedScene {
    /// The first inconsistency `validate()` found, in words.
    package struct Violation: Error, CustomStringConvertible, Equatable {
        package let description: String
    }

    /// Tile-local segment coordinates may stray this far outside 0...16: the float error of cutting
    /// at canvas coordinates up to 32768, where a Float's step is 1/256 pixel (the fine stage clamps).
    package static let segmentSlack: Float = 1.0 / 16

    /// Throws a `Violation` describing the first offset, count or index that the fine stages would read
    /// out of range, or a record that breaks the binned layout (see BinnedScene.swift). Linear in the
    /// size of the scene.
    package func validate() throws(Violation) {
        func fail(_ message: String) -> Violation { Violation(description: message) }
        let tileSize = BinnedScene.tileSize
        let tileCount = tilesX * tilesY

        // The grid.
        guard width >= 1, height >= 1,
              tilesX == (width + tileSize - 1) / tileSize, tilesY == (height + tileSize - 1) / tileSize else {
            throw fail("a \(width)x\(height) canvas with a \(tilesX)x\(tilesY) tile grid")
        }
        guard tileRows.lowerBound >= 0, tileRows.upperBound <= tilesY else {
            throw fail("tile rows \(tileRows) outside the grid's \(tilesY) rows")
        }

        // Per-tile command lists: monotonic starts spanning `tileCommands` exactly.
        guard tileCommandStart.count == tileCount + 1 else {
            throw fail("\(tileCommandStart.count) command starts for \(tileCount) tiles (expected \(tileCount + 1))")
        }
        guard tileCommandStart[0] == 0 else { throw fail("the first command start is \(tileCommandStart[0]), not 0") }
        for tile in 0..<tileCount where tileCommandStart[tile + 1] < tileCommandStart[tile] {
            throw fail("tile \(tile)'s commands end at \(tileCommandStart[tile + 1]), before they start at \(tileCommandStart[tile])")
        }
        guard Int(tileCommandStart[tileCount]) == tileCommands.count else {
            throw fail("command starts end at \(tileCommandStart[tileCount]) but there are \(tileCommands.count) commands")
        }

        // Path tiles: draw, segment range, backdrop range, run within one tile row.
        guard pathTileRuns.count == pathTiles.count else {
            throw fail("\(pathTileRuns.count) run lengths for \(pathTiles.count) path tiles")
        }
        guard backdrops.count % tileSize == 0 else {
            throw fail("\(backdrops.count) backdrop values, not a whole number of \(tileSize)-row records")
        }
        var runTotal = 0
        for (i, t) in pathTiles.enumerated() {
            let run = Int(pathTileRuns[i]), first = Int(t.tileIndex)
            guard Int(t.drawIndex) < draws.count else {
                throw fail("path tile \(i) names draw \(t.drawIndex) of \(draws.count)")
            }
            guard run >= 1, first + run <= tileCount, first / tilesX == (first + run - 1) / tilesX else {
                throw fail("path tile \(i) stands for tiles \(first)..<\(first + run), not within one row of the \(tilesX)x\(tilesY) grid")
            }
            guard tileRows.contains(first / tilesX) else {
                throw fail("path tile \(i) is in tile row \(first / tilesX), outside the binned rows \(tileRows)")
            }
            guard Int(t.segmentStart) + Int(t.segmentCount) <= segments.count else {
                throw fail("path tile \(i) reads segments \(t.segmentStart)..<\(Int(t.segmentStart) + Int(t.segmentCount)) of \(segments.count)")
            }
            guard run == 1 || t.segmentCount == 0 else {
                throw fail("path tile \(i) has \(t.segmentCount) segments but stands for a run of \(run) tiles")
            }
            guard t.backdropStart == PathTile.noBackdrop || Int(t.backdropStart) + tileSize <= backdrops.count else {
                throw fail("path tile \(i) reads backdrops \(t.backdropStart)..<\(Int(t.backdropStart) + tileSize) of \(backdrops.count)")
            }
            runTotal += run
        }
        guard runTotal == pathTileCommandCount else {
            throw fail("path tiles stand for \(runTotal) tiles but \(pathTileCommandCount) path tile commands are counted")
        }

        // Values the fine stage turns into pixel rows and columns: finite, inside the tile. (Plain
        // comparisons, no closures: this runs after every binning in debug builds.)
        let low = -BinnedScene.segmentSlack, high = Float(tileSize) + BinnedScene.segmentSlack
        for i in segments.indices {
            let s = segments[i]
            // Comparisons with NaN are false, so NaN fails too.
            guard s.x0 >= low && s.x0 <= high && s.y0 >= low && s.y0 <= high
                    && s.x1 >= low && s.x1 <= high && s.y1 >= low && s.y1 <= high else {
                throw fail("segment \(i) (\(s.x0), \(s.y0)) -> (\(s.x1), \(s.y1)) leaves its \(tileSize)x\(tileSize) tile")
            }
        }
        for i in backdrops.indices where !BinnedScene.isFinite(backdrops[i]) {
            throw fail("backdrop value \(i) is \(backdrops[i])")
        }

        // Draws: paint, rule, layer, flags.
        for (i, d) in draws.enumerated() {
            guard Int(d.paintIndex) < paints.count else { throw fail("draw \(i) names paint \(d.paintIndex) of \(paints.count)") }
            guard FillRule(rawValue: d.rule) != nil else { throw fail("draw \(i) has fill rule \(d.rule)") }
            guard d.layer == EncodedLayer.none || Int(d.layer) < layers.count else {
                throw fail("draw \(i) is in layer \(d.layer) of \(layers.count)")
            }
            guard !d.isClip || d.layer != EncodedLayer.none else { throw fail("draw \(i) is a clip path outside any layer") }
            guard d.flags & ~(BinnedDraw.clipFlag | BinnedDraw.maskFlag | 0xFF << 8) == 0, d.blend <= BinnedScene.maxBlend else {
                throw fail("draw \(i) has flags 0x\(String(d.flags, radix: 16))")
            }
            // A mask draw names a run of placements in range, and is not a clip.
            if d.isMask {
                guard !d.isClip, i < drawMaskRuns.count, Int(drawMaskRuns[i]) < maskRuns.count else {
                    throw fail("mask draw \(i) names no run of masks")
                }
                let run = maskRuns[Int(drawMaskRuns[i])]
                guard Int(run.start) + Int(run.count) <= maskPlacements.count else {
                    throw fail("mask draw \(i)'s placements end past \(maskPlacements.count)")
                }
                for p in maskPlacements[Int(run.start)..<(Int(run.start) + Int(run.count))]
                where p.width <= 0 || p.height <= 0 || p.width > run.maxWidth {
                    throw fail("mask draw \(i) places a mask of \(p.width) x \(p.height) (widest \(run.maxWidth))")
                }
            }
        }

        // Layers: parent before child, clip draw in range and marked as this layer's clip.
        for (id, layer) in layers.enumerated() {
            guard layer.parent == EncodedLayer.none || Int(layer.parent) < id else {
                throw fail("layer \(id)'s parent \(layer.parent) is not an earlier layer")
            }
            if layer.clipDraw != EncodedLayer.none {
                guard Int(layer.clipDraw) < draws.count else { throw fail("layer \(id)'s clip is draw \(layer.clipDraw) of \(draws.count)") }
                let clip = draws[Int(layer.clipDraw)]
                guard clip.isClip, Int(clip.layer) == id else {
                    throw fail("layer \(id)'s clip draw \(layer.clipDraw) is not a clip path of layer \(id)")
                }
            }
            guard layer.flags & ~(1 | 0xFF << 8) == 0, layer.blend <= BinnedScene.maxBlend else {
                throw fail("layer \(id) has flags 0x\(String(layer.flags, radix: 16))")
            }
            guard layer.opacity >= 0, layer.opacity <= 1 else { throw fail("layer \(id) has opacity \(layer.opacity)") }
            // Filter steps: inside the table, a known kind, finite entries.
            let steps = Int(layer.filterStart)..<(Int(layer.filterStart) + Int(layer.filterCount) * GPUABI.filterStepSize)
            guard steps.upperBound <= ramps.count else {
                throw fail("layer \(id)'s filters read table entries \(steps) of \(ramps.count)")
            }
            for s in stride(from: steps.lowerBound, to: steps.upperBound, by: GPUABI.filterStepSize) {
                guard GPUABI.FilterKind.allCases.contains(where: { Float($0.rawValue) == ramps[s].x }),
                      ramps[s..<(s + GPUABI.filterStepSize)].allSatisfy({ v in (0..<4).allSatisfy { BinnedScene.isFinite(v[$0]) } }) else {
                    throw fail("layer \(id) has a filter step at \(s) with an unknown kind or a non-finite entry")
                }
            }
        }

        // Paints: kind, ramp and image ranges, finite parameters.
        let rampSize = EncodedScene.rampSize
        for (i, p) in paints.enumerated() {
            guard let kind = EncodedPaint.Kind(rawValue: p.kind) else { throw fail("paint \(i) has kind \(p.kind)") }
            let finite = BinnedScene.isFinite
            guard finite(p.map.0), finite(p.map.1), finite(p.map.2), finite(p.map.3), finite(p.map.4), finite(p.map.5),
                  finite(p.params.0), finite(p.params.1),
                  finite(p.color.x), finite(p.color.y), finite(p.color.z), finite(p.color.w) else {
                throw fail("paint \(i) has a non-finite colour, map or parameter")
            }
            switch kind {
            case .solid:
                break
            case .linear, .radial, .conic, .focal:
                guard Int(p.lutStart) + rampSize <= ramps.count else {
                    throw fail("paint \(i) reads ramp entries \(p.lutStart)..<\(Int(p.lutStart) + rampSize) of \(ramps.count)")
                }
                guard p.spread <= 2 else { throw fail("paint \(i) has spread \(p.spread)") }
            case .image, .tiledImage:
                guard p.imageWidth >= 1, p.imageHeight >= 1, let image = images.image(at: Int(p.firstTexel)),
                      image.texels.width == Int(p.imageWidth), image.texels.height == Int(p.imageHeight) else {
                    throw fail("paint \(i) reads a \(p.imageWidth)x\(p.imageHeight) image from texel \(p.firstTexel), where the scene's images (\(images.entries.count), \(images.texelCount) texels) have none of that size")
                }
            }
        }

        // Command words, tile by tile: each names a path tile standing for this tile, or a layer; pushes
        // and pops nest, and each path tile is drawn inside its draw's layer, or inside the layer that
        // one merges into (through layers left out of the tile, `layersThatMergeIntoParent`).
        let merges = layersThatMergeIntoParent()
        var open: [UInt32] = []
        func drawnInto(_ layer: UInt32) -> UInt32 {
            var x = layer, steps = 0
            let innermost = open.last ?? EncodedLayer.none
            while x != innermost, x != EncodedLayer.none, Int(x) < merges.count, merges[Int(x)], steps < layers.count {
                x = layers[Int(x)].parent; steps += 1
            }
            return x
        }
        for tile in 0..<tileCount {
            let lo = Int(tileCommandStart[tile]), hi = Int(tileCommandStart[tile + 1])
            guard lo == hi || tileRows.contains(tile / tilesX) else {
                throw fail("tile \(tile) has commands but lies outside the binned rows \(tileRows)")
            }
            open.removeAll(keepingCapacity: true)
            for c in lo..<hi {
                let word = tileCommands[c], index = word & TileCommand.indexMask
                switch word & TileCommand.kindMask {
                case TileCommand.pathTile:
                    guard Int(index) < pathTiles.count else { throw fail("command \(c) names path tile \(index) of \(pathTiles.count)") }
                    let t = pathTiles[Int(index)], first = Int(t.tileIndex)
                    guard first <= tile, tile < first + Int(pathTileRuns[Int(index)]) else {
                        throw fail("tile \(tile)'s command \(c) names path tile \(index), which stands for tiles from \(first) on")
                    }
                    let layer = drawnInto(draws[Int(t.drawIndex)].layer)
                    guard (open.last ?? EncodedLayer.none) == layer else {
                        throw fail("tile \(tile)'s command \(c) draws path tile \(index) (layer \(layer)) with layer \(open.last ?? EncodedLayer.none) open")
                    }
                case TileCommand.pushLayer:
                    guard Int(index) < layers.count else { throw fail("command \(c) opens layer \(index) of \(layers.count)") }
                    let parent = drawnInto(layers[Int(index)].parent)
                    guard (open.last ?? EncodedLayer.none) == parent else {
                        throw fail("tile \(tile)'s command \(c) opens layer \(index) inside layer \(open.last ?? EncodedLayer.none), not its parent \(parent)")
                    }
                    open.append(index)
                    guard open.count <= maxLayerDepth else {
                        throw fail("tile \(tile) nests layers \(open.count) deep, deeper than the scene's \(maxLayerDepth)")
                    }
                case TileCommand.popLayer:
                    guard open.last == index else {
                        throw fail("tile \(tile)'s command \(c) closes layer \(index) with \(open.last.map { "layer \($0)" } ?? "no layer") open")
                    }
                    open.removeLast()
                default:
                    throw fail("command \(c) has the unknown kind \(word >> 30)")
                }
            }
            guard open.isEmpty else { throw fail("tile \(tile) ends with \(open.count) layers open") }
        }
    }

    /// `v.isFinite` as a subtraction, which debug builds inline (NaN and infinities give NaN, not 0).
    @inline(__always)
    package static func isFinite(_ v: Float) -> Bool { v - v == 0 }

    /// The largest blend-mode id (`GraphicsContext.BlendMode.encoded`).
    package static let maxBlend: UInt32 = 27

    /// Debug builds validate every binned scene as binning finishes (see `validate()`); release builds
    /// skip it.
    package func validateInDebugBuilds() throws(Violation) {
        #if DEBUG
        try validate()
        #endif
    }
}
