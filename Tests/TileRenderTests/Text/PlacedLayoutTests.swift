import Foundation
import Testing
@testable import TileRender
@_spi(Caches) @testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// Placed layouts (`StrikeCache.PlacementKey`): a laid-out text drawn again at the same place under
/// the same transform on a canvas of the same size takes its runs of masks as placed before. Drawn
/// after anything that changes the glyphs or their places (the string, font, size, weight, origin,
/// subpixel offset, transform, canvas), it must draw what a cache that never saw the text draws.
@Suite struct PlacedLayoutTests {
    struct Variant: CustomStringConvertible {
        var name: String
        var string = "Label 12.5"
        var size = 11.0
        var bold = false
        var color = Color.black
        var origin = CGPoint(x: 10.25, y: 20.5)
        var transform = CGAffineTransform.identity
        var canvas = CGSize(width: 200, height: 100)
        var description: String { name }
    }

    /// The variants, in the order drawn: each changes one thing from the base (or from the one before).
    static let variants: [Variant] = {
        var out: [Variant] = []
        let base = Variant(name: "base")
        out.append(base)
        var v = base; v.name = "colour"; v.color = .red; out.append(v)
        v = base; v.name = "string"; v.string = "Label 12.6"; out.append(v)
        v = base; v.name = "size"; v.size = 12; out.append(v)
        v = base; v.name = "weight"; v.bold = true; out.append(v)
        v = base; v.name = "subpixel x"; v.origin.x += 1.0 / 16; out.append(v)
        v = base; v.name = "subpixel y"; v.origin.y += 1.0 / 16; out.append(v)
        v = base; v.name = "whole pixel"; v.origin.x += 1; out.append(v)
        v = base; v.name = "scale"; v.transform = CGAffineTransform(scaleX: 2, y: 2); out.append(v)
        v = base; v.name = "translation"; v.transform = CGAffineTransform(translationX: 0.5, y: 0); out.append(v)
        v = base; v.name = "rotation"; v.transform = CGAffineTransform(rotationAngle: 0.3); out.append(v)
        v = base; v.name = "skew"; v.transform = CGAffineTransform(a: 1, b: 0, c: 0.2, d: 1, tx: 0, ty: 0); out.append(v)
        v = base; v.name = "canvas"; v.canvas = CGSize(width: 40, height: 100); out.append(v)
        out.append(base)
        return out
    }()

    static func record(_ v: Variant, strikes: StrikeCache) -> Scene {
        var scene = Scene(size: v.canvas)
        scene.draw { context in
            context.fill(Path(CGRect(origin: .zero, size: v.canvas)), with: .color(.white))
            context.transform = v.transform
            var text = Text(verbatim: v.string).font(.system(size: v.size)).foregroundColor(v.color)
            if v.bold { text = text.bold() }
            let prepared = PreparedText(text, settings: TextSettings())
            prepared.draw(prepared.layout(width: nil), at: v.origin, in: context, strikes: strikes)
        }
        return scene
    }

    /// What a scene's commands draw, comparable across caches: each glyph run's glyphs by place and
    /// by their masks' values (two caches make two mask objects of the same values).
    static func describe(_ scene: Scene) -> [String] {
        scene.commands.map { command in
            guard case .fill(let fill) = command else { return "\(command)" }
            var line = "fill \(fill.shading) \(fill.transform) \(fill.path.boundingRect) \(fill.layer as Any) \(fill.opacity)"
            if let run = fill.glyphs {
                line += " run \(run.transform)"
                for g in run.glyphs {
                    line += " [\(g.x) \(g.y) \(g.scale) \(g.pixelX) \(g.pixelY) \(g.fractionX) \(g.fractionY)"
                    if let m = g.mask {
                        var sum = 0.0
                        for i in 0..<(m.width * m.height) { sum += Double(m.values[i]) * Double(i % 7 + 1) }
                        line += " mask \(m.width)x\(m.height)@\(m.originX),\(m.originY) \(sum)"
                    }
                    line += "]"
                }
            }
            return line
        }
    }

    /// Drawn through one cache, one variant after another (each twice: the second from the placed
    /// layout where it has one), every variant draws what a new cache draws, command for command and
    /// pixel for pixel. A key that left out any of the variants' changes would draw the placement
    /// before it (checked: keys without the origin, or without the transform, fail here).
    @Test func changesNeverReuseAStaleRun() throws {
        let cache = StrikeCache(byteBudget: 16 << 20)
        let renderer = Renderer(backend: .cpu, threadCount: 1)
        for v in Self.variants {
            for pass in 0..<2 {
                let hitsBefore = cache.placementStatistics.hits
                let kept = Self.record(v, strikes: cache)
                let fresh = Self.record(v, strikes: StrikeCache(byteBudget: 16 << 20))
                #expect(Self.describe(kept) == Self.describe(fresh), "\(v), pass \(pass)")
                #expect(try renderer.render(kept) == renderer.render(fresh), "\(v), pass \(pass)")
                // The second pass of a variant drawn from masks is a placed layout's hit.
                let masks = StrikeCacheTests.maskRuns(kept) > 0
                if pass == 1 && masks { #expect(cache.placementStatistics.hits == hitsBefore + 1, "\(v)") }
                if v.name == "rotation" || v.name == "skew" { #expect(!masks, "\(v) is drawn from outlines") }
            }
        }
        // The colour comes from the draw, not from the placed layout: red where the base is black.
        let red = try renderer.render(Self.record(Self.variants[1], strikes: cache))
        let reddish = stride(from: 0, to: red.pixels.count, by: 4).filter { red.pixels[$0] > 200 && red.pixels[$0 + 1] < 150 }
        #expect(reddish.count > 10)
    }

    /// A warm frame looks up no glyph: the labels' runs come from their placed layouts (one look-up
    /// per text), so the strike cache's glyph hits, misses and rasterizations stay as they were.
    @Test func warmFrameLooksUpNoGlyph() throws {
        let cache = StrikeCache(byteBudget: 16 << 20)
        let labels = (0..<40).map { i in
            (PreparedText(Text("\(Double(i) * 2.5, specifier: "%.1f")").font(.system(size: 11)), settings: TextSettings()),
             CGPoint(x: 5 + Double(i % 8) * 37.3, y: 4 + Double(i / 8) * 19.7))
        }
        func frame() -> Scene {
            var scene = Scene(size: CGSize(width: 320, height: 110))
            scene.draw { context in
                for (prepared, at) in labels { prepared.draw(prepared.layout(width: nil), at: at, in: context, strikes: cache) }
            }
            return scene
        }
        let first = frame()
        let cold = cache.statistics, coldPlaced = cache.placementStatistics
        #expect(cold.hits + cold.misses >= 40 * 3 && coldPlaced.misses == 40 && coldPlaced.entries == 40)
        let second = frame()
        let warm = cache.statistics, warmPlaced = cache.placementStatistics
        #expect(warm.hits == cold.hits && warm.misses == cold.misses && warm.rasterized == cold.rasterized, "\(cold) then \(warm)")
        #expect(warmPlaced.hits == coldPlaced.hits + 40 && warmPlaced.misses == coldPlaced.misses)
        #expect(first == second)
        // Emptying the cache empties the placed layouts too (a cold frame is cold).
        cache.removeAll()
        #expect(cache.placementStatistics.entries == 0)
        _ = frame()
        #expect(cache.placementStatistics.misses == coldPlaced.misses + 40)
    }

    /// The placed layouts stay within their budget (a quarter of the masks'), oldest out, and a text
    /// whose placed layout was let go draws the same again.
    @Test func placedLayoutsStayWithinTheirBudget() throws {
        let cache = StrikeCache(byteBudget: 64 << 10)
        let prepared = PreparedText(Text(verbatim: "Budgeted 123").font(.system(size: 13)), settings: TextSettings())
        let layout = prepared.layout(width: nil)
        func record(_ x: Double) -> Scene {
            var scene = Scene(size: CGSize(width: 300, height: 40))
            scene.draw { context in prepared.draw(layout, at: CGPoint(x: x, y: 10), in: context, strikes: cache) }
            return scene
        }
        let first = record(3)
        for k in 0..<200 { _ = record(3 + Double(k + 1) * 0.37) }
        let s = cache.placementStatistics
        #expect(s.bytes <= cache.placementBudget && s.evictions > 0 && s.entries + s.evictions == 201, "\(s)")
        #expect(Self.describe(record(3)) == Self.describe(first))
    }

    /// A layout changed after the cache handed it out is not the cached one any more: its number goes
    /// back to 0 and it is placed anew.
    @Test func changedLayoutsAreNotPlacedFromTheCache() throws {
        let cache = StrikeCache(byteBudget: 1 << 20)
        let prepared = PreparedText(Text(verbatim: "Moved").font(.system(size: 12)), settings: TextSettings())
        let layout = prepared.layout(width: nil)
        #expect(layout.cacheID != 0)
        var changed = layout
        changed.lines[0].x += 5
        #expect(changed.cacheID == 0)
        func record(_ l: TextLayout, _ strikes: StrikeCache) -> Scene {
            var scene = Scene(size: CGSize(width: 100, height: 30))
            scene.draw { context in prepared.draw(l, at: CGPoint(x: 2.5, y: 3), in: context, strikes: strikes) }
            return scene
        }
        _ = record(layout, cache)
        let placedBefore = cache.placementStatistics
        #expect(Self.describe(record(changed, cache)) == Self.describe(record(changed, StrikeCache(byteBudget: 1 << 20))))
        #expect(Self.describe(record(changed, cache)) != Self.describe(record(layout, cache)))
        #expect(cache.placementStatistics.entries == placedBefore.entries)
    }
}
