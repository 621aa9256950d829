import Foundation
import Testing
@testable import TileRender
@_spi(Caches) @testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText
import Shaders
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Glyph masks (the strike cache, mask draws in the fine stage) and the layout cache.
@Suite struct StrikeCacheTests {
    /// `scene` with every run of glyph masks filled from its outlines instead: at the glyphs' exact
    /// positions (what drawing text did before masks), or at the masks' quantised positions.
    static func outlined(_ scene: Scene, exact: Bool) -> Scene {
        var copy = scene
        copy.commands = scene.commands.map { command in
            guard case .fill(var fill) = command, let run = fill.glyphs else { return command }
            if exact {
                fill.path = run.exactOutline()
            } else {
                fill.path = run.quantisedOutline(shift: (0, 0)); fill.transform = .identity
            }
            fill.glyphs = nil
            return .fill(fill)
        }
        return copy
    }

    static func maskRuns(_ scene: Scene) -> Int {
        scene.commands.filter { if case .fill(let f) = $0 { f.glyphs != nil } else { false } }.count
    }

    /// Largest and mean absolute channel difference.
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (max: Int, mean: Double) {
        var worst = 0, sum = 0
        for (x, y) in zip(a.pixels, b.pixels) { let d = abs(Int(x) - Int(y)); worst = max(worst, d); sum += d }
        return (worst, Double(sum) / Double(max(1, a.pixels.count)))
    }

    static let sample = "Sphinx of black quartz, judge my vow. AVATAR Tr. Yo fi \u{00C5}\u{00E9}\u{00E7} 1,234.50"

    static func scene(size: Double, at point: CGPoint, width: Int = 640, height: Int = 120,
                      shading: GraphicsContext.Shading? = nil) -> Scene {
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: width, height: height)), with: .color(.white))
            var resolved = context.resolve(Text(verbatim: sample).font(.system(size: size)))
            if let shading { resolved.shading = shading }
            context.draw(resolved, at: point, anchor: .topLeading)
        }
        return scene
    }

    /// Seeded text at several sizes and subpixel offsets: the masks draw what the outlines at the
    /// masks' positions draw (within 1 level), and within a small bound of the outlines at the exact
    /// positions: pen positions move by at most 1/32 pixel in x and in y, so an edge pixel by at most
    /// 2 x 255 / 32 = 16 levels (measured: at most 14, mean at most 0.16).
    @Test func masksMatchOutlines() throws {
        var rng = SeededRandom(seed: 21)
        let renderer = Renderer(backend: .cpu, threadCount: 2)
        for size in [6.0, 9, 11, 13.5, 17, 24, 40, 64] {
            for _ in 0..<3 {
                let point = CGPoint(x: 4 + Double(rng.next() % 1000) / 997, y: 4 + Double(rng.next() % 1000) / 991)
                let scene = Self.scene(size: size, at: point)
                #expect(Self.maskRuns(scene) == 1, "size \(size): the text is one run of masks")
                let masks = try renderer.render(scene)
                let quantised = try renderer.render(Self.outlined(scene, exact: false))
                let exact = try renderer.render(Self.outlined(scene, exact: true))
                let q = Self.difference(masks, quantised), e = Self.difference(masks, exact)
                #expect(q.max <= 1, "size \(size) at \(point): masks vs quantised outlines, worst \(q.max)")
                #expect(e.max <= 16 && e.mean <= 0.25, "size \(size) at \(point): masks vs exact outlines, worst \(e.max), mean \(e.mean)")
            }
        }
    }

    /// Paints, clips and blend modes apply to mask draws as to any fill.
    @Test func gradientsClipsAndBlendModesApply() throws {
        let gradient = GraphicsContext.Shading.linearGradient(Gradient(colors: [.red, .blue]), startPoint: .zero,
                                                               endPoint: CGPoint(x: 300, y: 0))
        var scene = Scene(size: CGSize(width: 320, height: 80))
        scene.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 320, height: 80)), with: .color(.yellow))
            var c = context
            c.clip(to: Path(ellipseIn: CGRect(x: 20, y: 5, width: 260, height: 70)))
            c.blendMode = .multiply
            c.opacity = 0.8
            var resolved = c.resolve(Text(verbatim: "Gradient, clip & multiply").font(.system(size: 28)))
            resolved.shading = gradient
            c.draw(resolved, at: CGPoint(x: 10.3, y: 20.7), anchor: .topLeading)
        }
        #expect(Self.maskRuns(scene) == 1)
        let renderer = Renderer(backend: .cpu)
        let masks = try renderer.render(scene)
        let quantised = try renderer.render(Self.outlined(scene, exact: false))
        #expect(Self.difference(masks, quantised).max <= 1)
        // The clip and the gradient show: red at the left of the ink, blue at the right, none outside.
        #expect(masks.pixel(x: 2, y: 40) == quantised.pixel(x: 2, y: 40))
        #expect(Self.difference(masks, try renderer.render(Self.outlined(scene, exact: true))).max <= 16)
    }

    /// Hits, misses, rasterizations and evictions, on a cache of its own.
    @Test func cacheCountsAndBudget() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let glyphA = try #require(face.glyph(for: "A")), space = try #require(face.glyph(for: " "))
        let cache = StrikeCache(byteBudget: 1 << 20)
        let scale = 17.0 / Double(face.unitsPerEm)
        let first = cache.entry(glyph: glyphA, face: face, scale: scale, stepX: 3, stepY: 0)
        let again = cache.entry(glyph: glyphA, face: face, scale: scale, stepX: 3, stepY: 0)
        #expect(first.mask != nil && first.mask === again.mask)
        var s = cache.statistics
        #expect(s.misses == 1 && s.hits == 1 && s.rasterized == 1 && s.entries == 1 && s.evictions == 0)
        // Another subpixel offset or size is another mask; a space has none.
        _ = cache.entry(glyph: glyphA, face: face, scale: scale, stepX: 4, stepY: 0)
        _ = cache.entry(glyph: glyphA, face: face, scale: scale * 2, stepX: 3, stepY: 0)
        let blank = cache.entry(glyph: space, face: face, scale: scale, stepX: 0, stepY: 0)
        #expect(blank.mask == nil)
        s = cache.statistics
        #expect(s.misses == 4 && s.hits == 1 && s.rasterized == 3 && s.entries == 4)
        // A small budget: the oldest go first, and the bytes stay within it.
        let small = StrikeCache(byteBudget: 8 << 10)
        for step in 0..<16 { _ = small.entry(glyph: glyphA, face: face, scale: scale * 3, stepX: step, stepY: 0) }
        let t = small.statistics
        #expect(t.bytes <= 8 << 10 && t.evictions > 0 && t.entries + t.evictions == 16, "\(t)")
        // The newest is still there; the first was evicted.
        _ = small.entry(glyph: glyphA, face: face, scale: scale * 3, stepX: 15, stepY: 0)
        _ = small.entry(glyph: glyphA, face: face, scale: scale * 3, stepX: 0, stepY: 0)
        #expect(small.statistics.hits == 1 && small.statistics.misses == 17)
        // A budget of zero keeps nothing and still draws.
        let none = StrikeCache(byteBudget: 0)
        #expect(none.entry(glyph: glyphA, face: face, scale: scale, stepX: 0, stepY: 0).mask != nil)
        #expect(none.statistics.entries == 0 && none.statistics.bytes == 0)
    }

    /// A frame drawn again rasterizes no glyph (and looks none up: see `PlacedLayoutTests`).
    @Test func warmFrameRasterizesNothing() throws {
        let cache = StrikeCache(byteBudget: 16 << 20)
        let prepared = PreparedText(Text(verbatim: Self.sample + " " + Self.sample).font(.system(size: 15)), settings: TextSettings())
        func record() -> Scene {
            var scene = Scene(size: CGSize(width: 400, height: 200))
            scene.draw { context in
                prepared.draw(prepared.layout(width: 380), at: CGPoint(x: 10.25, y: 10.6), in: context, strikes: cache)
            }
            return scene
        }
        let first = record()
        let cold = cache.statistics
        #expect(cold.rasterized > 10 && cold.hits + cold.misses > 0)
        let second = record()
        let warm = cache.statistics
        #expect(warm.rasterized == cold.rasterized && warm.misses == cold.misses, "\(cold) then \(warm)")
        // Drawn at the same place, the text's runs come from its placed layout: no glyph is looked up.
        #expect(warm.hits == cold.hits && cache.placementStatistics.hits == 1)
        #expect(first == second)
        let renderer = Renderer(backend: .cpu)
        #expect(try renderer.render(first) == renderer.render(second))
    }

    /// The shared caches used from many threads at once: every thread draws the same pixels, and the
    /// cache's statistics add up.
    @Test func sharedFromManyThreads() throws {
        let cache = StrikeCache(byteBudget: 64 << 10)  // small: evictions race with look-ups
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let glyphs = "abcdefghijklmnopqrstuvwxyz".unicodeScalars.compactMap { face.glyph(for: $0) }
        let reference = try Renderer(backend: .cpu, threadCount: 1).render(Self.scene(size: 13, at: CGPoint(x: 3.3, y: 5.1)))
        let results = Locked([Bitmap?](repeating: nil, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for round in 0..<4 {
                for (k, g) in glyphs.enumerated() {
                    _ = cache.entry(glyph: g, face: face, scale: Double(10 + (k + i + round) % 5) / 2048, stepX: k % 16, stepY: round)
                }
            }
            let bitmap = try? Renderer(backend: .cpu, threadCount: 1).render(Self.scene(size: 13, at: CGPoint(x: 3.3, y: 5.1)))
            results.withLock { $0[i] = bitmap }
        }
        let s = cache.statistics
        #expect(s.hits + s.misses == 8 * 4 * glyphs.count)
        #expect(s.bytes <= 64 << 10 && s.entries >= 0)
        for bitmap in results.withLock({ $0 }) { #expect(bitmap == reference) }
    }

    /// Text through masks gives the same bytes for every thread count.
    @Test func sameBytesForEveryThreadCount() throws {
        let scene = Self.scene(size: 11, at: CGPoint(x: 0.4, y: 0.7), width: 300, height: 300)
        var multiline = Scene(size: CGSize(width: 300, height: 300))
        multiline.draw { context in
            context.draw(Text(verbatim: String(repeating: Self.sample + " ", count: 8)).font(.system(size: 11)),
                         in: CGRect(x: 3.3, y: 2.6, width: 290, height: 290))
        }
        for s in [scene, multiline] {
            let one = try Renderer(backend: .cpu, threadCount: 1).render(s)
            for threads in [2, 3, 5] { #expect(try Renderer(backend: .cpu, threadCount: threads).render(s) == one, "\(threads) threads") }
        }
    }

    /// A mask draw's path tiles are its masks' box of tiles (`TileBinner.prepareBox`), without the
    /// outline binning: text across every edge of the canvas, starting on and off tile boundaries, in
    /// one band and in many (a small binning budget), draws what the outlines at the masks' positions
    /// draw, with the same bytes in bands as in one. A box wholly off the canvas draws nothing.
    @Test func maskBoxesAtTheCanvasEdgesAndInBands() throws {
        var scene = Scene(size: CGSize(width: 203, height: 157))
        scene.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 203, height: 157)), with: .color(.white))
            let points = [CGPoint(x: -9.3, y: -6.2), CGPoint(x: 160.4, y: 140.7), CGPoint(x: 16, y: 32), CGPoint(x: 47.9, y: 63.99),
                          CGPoint(x: -400, y: 20), CGPoint(x: 30, y: 900), CGPoint(x: 180, y: 70.5)]
            for (i, point) in points.enumerated() {
                let text = Text(verbatim: "Wy\(i) fi 0.5").font(.system(size: 9 + Double(i)))
                context.draw(context.resolve(text), at: point, anchor: .topLeading)
            }
        }
        #expect(Self.maskRuns(scene) >= 5)
        var banded = Renderer(backend: .cpu, threadCount: 2)
        banded.binningBudget = 4 << 10
        for backend in availableBackends {
            let renderer = Renderer(backend: backend, threadCount: 2)
            let (masks, stats) = try renderer.renderWithStatistics(scene)
            #expect(stats.bandCount == 1)
            let outlines = try renderer.render(Self.outlined(scene, exact: false))
            let d = Self.difference(masks, outlines)
            #expect(d.max <= 1, "\(backend): masks vs quantised outlines, worst \(d.max)")
            if backend == .cpu {
                let (inBands, bandStats) = try banded.renderWithStatistics(scene)
                #expect(bandStats.bandCount > 1)
                #expect(inBands == masks)
            }
        }
    }

    /// Bad input: a huge size, a position that is not finite, a size of zero, and degenerate outlines.
    @Test func badInputIsDocumented() throws {
        // Over `StrikeCache.maxEm` device pixels: the outlines are filled (no mask run), as before masks.
        let huge = Self.scene(size: 400, at: CGPoint(x: 10, y: 10), width: 200, height: 200)
        #expect(Self.maskRuns(huge) == 0)
        _ = try Renderer(backend: .cpu).render(huge)
        let enormous = Self.scene(size: 1e9, at: CGPoint(x: 10, y: 10), width: 64, height: 64)
        #expect(Self.maskRuns(enormous) == 0)
        _ = try Renderer(backend: .cpu).render(enormous)
        // A position that is not finite: the run is filled from its outlines, which draw nothing.
        for point in [CGPoint(x: CGFloat.nan, y: 10), CGPoint(x: 10, y: CGFloat.infinity), CGPoint(x: 1e300, y: 5)] {
            let scene = Self.scene(size: 12, at: point, width: 64, height: 64)
            #expect(Self.maskRuns(scene) == 0)
            _ = try Renderer(backend: .cpu).render(scene)
        }
        // Size zero: nothing is drawn (only the white background).
        let zero = try Renderer(backend: .cpu).render(Self.scene(size: 0, at: CGPoint(x: 10, y: 10), width: 64, height: 64))
        #expect(zero.pixels.allSatisfy { $0 == 255 })
        // Under a rotation or a non-uniform scale masks are not used.
        var rotated = Scene(size: CGSize(width: 100, height: 100))
        rotated.draw { context in
            var c = context
            c.rotate(by: .degrees(10))
            c.draw(Text("Hi"), at: CGPoint(x: 50, y: 50))
            var s = context
            s.scaleBy(x: 2, y: 1)
            s.draw(Text("Hi"), at: CGPoint(x: 20, y: 20))
        }
        #expect(Self.maskRuns(rotated) == 0)
        // Masks of degenerate outlines and scales.
        var square = Path(); square.addRect(CGRect(x: 0, y: -700, width: 500, height: 700))
        #expect(CoverageMask.render(Path(), scale: 0.01, offsetX: 0, offsetY: 0) == nil)
        #expect(CoverageMask.render(square, scale: Double.nan, offsetX: 0, offsetY: 0) == nil)
        #expect(CoverageMask.render(square, scale: 0, offsetX: 0, offsetY: 0) == nil)
        #expect(CoverageMask.render(square, scale: 10, offsetX: 0, offsetY: 0) == nil)  // 5000 px: too large
        #expect(CoverageMask.render(square, scale: 0.01, offsetX: Double.infinity, offsetY: 0) == nil)
        let mask = try #require(CoverageMask.render(square, scale: 0.01, offsetX: 0.5, offsetY: 0))
        // 5 x 7 pixels from x 0.5: 6 columns, the first and last half covered.
        #expect(mask.width == 6 && mask.height == 7 && mask.originX == 0 && mask.originY == -7)
        #expect(abs(abs(mask.values[0]) - 0.5) < 1e-5 && abs(abs(mask.values[1]) - 1) < 1e-5 && abs(abs(mask.values[5]) - 0.5) < 1e-5)
    }

    /// Moved by whole pixels (a replayed recording), the masks are placed there; moved by a fraction
    /// (or scaled), the run is filled from its exact outlines.
    @Test func movedRunsKeepTheirPixels() throws {
        let scene = Self.scene(size: 14, at: CGPoint(x: 2.3, y: 3.8), width: 400, height: 60)
        let renderer = Renderer(backend: .cpu)
        let whole = scene.translated(x: 7, y: 5), fractional = scene.translated(x: 0.5, y: 0)
        let base = try renderer.render(scene), moved = try renderer.render(whole)
        // The moved render is the first one shifted by (7, 5), where both have text.
        for y in 10..<50 { for x in 10..<380 { #expect(moved.pixel(x: x + 7, y: y + 5) == base.pixel(x: x, y: y)) } }
        let half = try renderer.render(fractional), halfOutline = try renderer.render(Self.outlined(fractional, exact: true))
        #expect(half == halfOutline)
    }

    /// Laid-out text is kept per input: hits, misses, and a different width or registration is a miss.
    @Test func layoutCacheCounts() throws {
        let cache = TextLayoutCache(byteBudget: 1 << 20)
        let runs = [TextRunInput(string: Self.sample, style: TextRunStyle(size: 13), tag: 0)]
        let a = cache.layout(runs, options: TextLayoutOptions(maxWidth: 200))
        let b = cache.layout(runs, options: TextLayoutOptions(maxWidth: 200))
        _ = cache.layout(runs, options: TextLayoutOptions(maxWidth: 201))
        let s = cache.statistics
        #expect(s.hits == 1 && s.misses == 2 && s.entries == 2)
        let direct = layOutText(runs, options: TextLayoutOptions(maxWidth: 200))
        #expect(a.lines.count == direct.lines.count && a.size == direct.size && b.size == direct.size)
        for (l, m) in zip(a.lines, direct.lines) {
            #expect(l.glyphs.map(\.glyph) == m.glyphs.map(\.glyph) && l.glyphs.map(\.x) == m.glyphs.map(\.x))
        }
        let tiny = TextLayoutCache(byteBudget: 1)
        _ = tiny.layout(runs); _ = tiny.layout(runs)
        #expect(tiny.statistics.entries == 0 && tiny.statistics.misses == 2)
    }

    /// On Vulkan too the runs are drawn from their masks (fine.comp's `maskCoverage`, the CPU's sum
    /// and nonzero fold): within the CPU-Vulkan tolerance of the CPU at several sizes, offsets and
    /// paints, under a clip layer with a blend mode, and overlapping.
    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func vulkanMatchesTheMasks() throws {
        let scene = Self.scene(size: 15, at: CGPoint(x: 5.37, y: 9.81))
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), "masks")
        var rng = SeededRandom(seed: 6)
        var scenes: [(String, Scene)] = []
        for size in [7.0, 12, 19.5, 33, 70] {
            let point = CGPoint(x: 3 + Double(rng.next() % 1000) / 997, y: 2 + Double(rng.next() % 1000) / 991)
            scenes.append(("size \(size)", Self.scene(size: size, at: point)))
        }
        scenes.append(("gradient", Self.scene(size: 21, at: CGPoint(x: 4.4, y: 6.2), shading: .linearGradient(
            Gradient(colors: [.red, .blue]), startPoint: .zero, endPoint: CGPoint(x: 400, y: 60)))))
        var layered = Scene(size: CGSize(width: 320, height: 90))
        layered.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 320, height: 90)), with: .color(.yellow))
            var clipped = context
            clipped.clip(to: Path(ellipseIn: CGRect(x: 10, y: 5, width: 280, height: 70)))
            clipped.blendMode = .multiply
            clipped.opacity = 0.8
            for (i, dx) in [0.0, 0.4, 7.25].enumerated() {  // overlapping runs
                let text = clipped.resolve(Text(verbatim: Self.sample).font(.system(size: 18 + Double(i) * 3)))
                clipped.draw(text, at: CGPoint(x: 6 + dx, y: 10 + Double(i) * 9.3), anchor: .topLeading)
            }
        }
        scenes.append(("clip, blend, overlaps", layered))
        for (label, scene) in scenes {
            let encoding = EncodedScene(scene)
            #expect(!encoding.maskRuns.isEmpty, "\(label): drawn from masks")
            let binned = try BinnedScene(encoding: encoding, width: Int(scene.size.width), height: Int(scene.size.height), threadCount: 1)
            #if Vulkan
            #expect(VulkanBackend.features(of: binned) & GPUABI.FineFeature.masks != 0, "\(label)")
            #endif
            expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), label)
        }
    }
}

/// A short run's glyph masks summed into one (`GlyphMaskRun.combinesMasks`) draw the same pixels as
/// the glyphs' masks drawn one by one: on the CPU's integer tiles and float planes, and on Vulkan.
/// Labels with glyphs pulled into each other (overlapping masks, whose windings the sum adds as the
/// fine stage adds them), opaque and translucent, over a card and over transparent pixels, across
/// the canvas's edges; a line too long to combine is left as it is.
@Suite struct CombinedMaskTests {
    static func scene() -> Scene {
        var scene = Scene(size: CGSize(width: 229, height: 101))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 140, height: 101)), with: .color(Color(red: 0.95, green: 0.93, blue: 0.85)))
            for i in 0..<14 {
                let x = -4.3 + Double(i % 5) * 49.9, y = -3.2 + Double(i / 5) * 37.7
                let text = Text(verbatim: ["12.3", "AVA", "ff fi", "Wow!", "0.07", "xyz", "MM"][i % 7])
                    .font(.system(size: 8 + Double(i % 4) * 4)).tracking(i % 3 == 0 ? -2.5 : 0)
                    .foregroundColor(Color(red: 0.1 * Double(i % 6), green: 0.3, blue: 0.6, opacity: i % 4 == 1 ? 0.6 : 1))
                ctx.draw(text, at: CGPoint(x: x, y: y), anchor: .topLeading)
            }
            ctx.draw(Text(verbatim: "A line of body text too long to sum").font(.system(size: 18)),
                     at: CGPoint(x: 1.5, y: 80.4), anchor: .topLeading)
        }
        return scene
    }

    /// `scene` with every run's masks drawn one by one.
    static func separated(_ scene: Scene) -> Scene {
        var copy = scene
        copy.commands = scene.commands.map { command in
            guard case .fill(var fill) = command, var run = fill.glyphs else { return command }
            run.separatesMasks()
            fill.glyphs = run
            return .fill(fill)
        }
        return copy
    }

    @Test func combinedMasksDrawTheGlyphsMasks() throws {
        let scene = Self.scene()
        let runs = scene.commands.compactMap { command -> GlyphMaskRun? in
            if case .fill(let fill) = command { return fill.glyphs } else { return nil }
        }
        #expect(runs.filter { $0.combined != nil }.count >= 10, "labels combined")
        #expect(runs.contains { $0.combined == nil && $0.glyphs.count > 15 }, "the long line is not")
        let separate = Self.separated(scene)
        for (integer, clear) in [(true, true), (true, false), (false, true), (false, false)] {
            var renderer = Renderer(backend: .cpu, threadCount: 1)
            renderer.fineFastPaths = integer
            renderer.fineIntegerTiles = integer
            let (w, h) = try Scene.pixelSize(for: scene.size)
            var outputs: [[UInt8]] = []
            for s in [scene, separate] {
                var pixels = (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: $0 &* 29) }
                try pixels.withUnsafeMutableBytes { _ = try renderer.render(s, into: $0, width: w, height: h, bytesPerRow: w * 4, clear: clear) }
                outputs.append(pixels)
            }
            let differing = zip(outputs[0], outputs[1]).filter { $0 != $1 }.count
            #expect(differing == 0, "integer \(integer), clear \(clear): \(differing) bytes differ")
        }
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func vulkanDrawsCombinedMasksAsTheGlyphsMasks() throws {
        let scene = Self.scene()
        let gpu = Renderer(backend: .vulkan)
        let combined = try gpu.render(scene), separate = try gpu.render(Self.separated(scene))
        #expect(zip(combined.pixels, separate.pixels).filter { $0 != $1 }.isEmpty, "the same bytes on Vulkan")
        let cpu = try Renderer(backend: .cpu).render(scene)
        expectVulkanParity(cpu, combined, "combined masks")
    }
}
