import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
import TileRenderSVG

/// Hostile SVG files of this suite, in Tests/Fixtures/Hostile.
private func hostileFixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Hostile").appendingPathComponent(name)
}

/// Canvas sizes are checked in floating point, in one place, before anything is converted or allocated.
@Suite struct CanvasSizeLimitTests {
    @Test(arguments: [
        (1e20, 10.0), (10.0, 1e20), (Double.infinity, 10.0), (10.0, -Double.infinity), (Double.nan, 10.0),
        (0.5, 10.0), (0, 0), (-5, 10.0), (Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude),
    ])
    func hostileSizesThrowInsteadOfTrapping(_ width: Double, _ height: Double) {
        #expect(throws: TileRenderError.self) { try Scene.pixelSize(for: CGSize(width: width, height: height)) }
        #expect(throws: TileRenderError.self) { try Renderer(backend: .cpu).render(Scene(size: CGSize(width: width, height: height))) }
    }

    @Test func limitsAreExactAndRoundUp() throws {
        #expect(try Scene.pixelSize(for: CGSize(width: 16384, height: 16384)) == (16384, 16384))  // 2^28 pixels
        #expect(try Scene.pixelSize(for: CGSize(width: 32768, height: 8192)) == (32768, 8192))
        #expect(try Scene.pixelSize(for: CGSize(width: 1.2, height: 3)) == (2, 3))
        #expect(throws: TileRenderError.canvasTooLarge(width: 16385, height: 16384)) {
            try Scene.pixelSize(for: CGSize(width: 16384.5, height: 16384))
        }
        #expect(throws: TileRenderError.canvasTooLarge(width: 32769, height: 1)) {
            try Scene.pixelSize(for: CGSize(width: 32769, height: 1))
        }
        // Reported clamped (Int-safe) rather than converted blindly.
        #expect(throws: TileRenderError.canvasTooLarge(width: 1_000_000_000_000_000, height: 10)) {
            try Scene.pixelSize(for: CGSize(width: 1e20, height: 10))
        }
    }

    /// 32768 x 32768 (4 GiB of pixels) is refused by the pre-check: the error is the canvas check's, for
    /// the Bitmap API, the caller-buffer API (with a buffer far too small to be written) and views.
    @Test func a32768SquareCanvasThrowsBeforeAllocating() throws {
        let scene = Scene(size: CGSize(width: 32768, height: 32768))
        let expected = TileRenderError.canvasTooLarge(width: 32768, height: 32768)
        #expect(throws: expected) { try Renderer(backend: .cpu).render(scene) }
        #expect(throws: expected) { try Renderer(backend: .auto).renderWithStatistics(scene) }
        var bytes = [UInt8](repeating: 0, count: 64)
        #expect(throws: expected) {
            try bytes.withUnsafeMutableBytes {
                try Renderer(backend: .cpu).render(scene, into: $0, width: 32768, height: 32768, bytesPerRow: 32768 * 4)
            }
        }
        let renderer = ImageRenderer(content: Rectangle().fill(Color.red))
        renderer.proposedSize = ProposedViewSize(CGSize(width: 32768, height: 32768))
        #expect(throws: expected) { try renderer.render(backend: .cpu) }
        renderer.proposedSize = ProposedViewSize(CGSize(width: 1e20, height: 10))
        #expect(throws: TileRenderError.self) { try renderer.render(backend: .cpu) }
    }

    @Test func svgRootSizesThatCannotRenderWarnAndThrowAtRender() throws {
        for (name, expected) in [("root-width-1e20.svg", "canvasTooLarge"), ("root-height-infinite.svg", "invalidSize"),
                                 ("root-32768-square.svg", "canvasTooLarge")] {
            let doc = try SVGDocument(contentsOf: hostileFixture(name))
            #expect(doc.warnings.contains { $0.message.contains("cannot be rendered") }, "\(name): \(doc.warnings)")
            do {
                _ = try Renderer(backend: .cpu).render(doc.makeScene())
                Issue.record("\(name) rendered")
            } catch let error as TileRenderError {
                #expect("\(error)".contains(expected == "canvasTooLarge" ? "too large" : "must be finite"), "\(name): \(error)")
            }
            // The same document renders at a size the caller gives.
            let small = try Renderer(backend: .cpu).render(doc.makeScene(size: CGSize(width: 20, height: 20)))
            #expect(small.width == 20)
        }
    }

    @Test func nonFiniteViewBoxSidesAreIgnored() throws {
        let doc = try SVGDocument.parse(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e999 10"/>"#.utf8))
        #expect(doc.size == CGSize(width: 300, height: 150))
        #expect(doc.warnings.contains { $0.message.contains("invalid viewBox") })
    }
}

/// The caller-owned buffer API checks sizes and strides without overflowing, and never writes outside.
@Suite struct CallerBufferLimitTests {
    private func render(width: Int, height: Int, bytesPerRow: Int, bufferBytes: Int) throws {
        var scene = Scene(size: CGSize(width: 4, height: 4))
        scene.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.red)) }
        var bytes = [UInt8](repeating: 7, count: bufferBytes + 16)
        defer { #expect(bytes[bufferBytes...].allSatisfy { $0 == 7 }, "wrote past the buffer") }
        try bytes.withUnsafeMutableBytes { raw in
            let buffer = UnsafeMutableRawBufferPointer(rebasing: raw[0..<bufferBytes])
            try Renderer(backend: .cpu).render(scene, into: buffer, width: width, height: height, bytesPerRow: bytesPerRow)
        }
    }

    @Test func hostileSizesAndStridesThrow() {
        #expect(throws: TileRenderError.self) { try render(width: -4, height: 4, bytesPerRow: 16, bufferBytes: 64) }
        #expect(throws: TileRenderError.self) { try render(width: 4, height: Int.min, bytesPerRow: 16, bufferBytes: 64) }
        #expect(throws: TileRenderError.self) { try render(width: Int.max, height: 1, bytesPerRow: Int.max, bufferBytes: 64) }
        #expect(throws: TileRenderError.self) { try render(width: 4, height: 4, bytesPerRow: 15, bufferBytes: 64) }
        #expect(throws: TileRenderError.self) { try render(width: 4, height: 4, bytesPerRow: -16, bufferBytes: 64) }
        // bytesPerRow * (height - 1) overflows Int: must throw, not trap or wrap around.
        #expect(throws: TileRenderError.self) { try render(width: 4, height: 3, bytesPerRow: Int.max / 2 + 1, bufferBytes: 64) }
        #expect(throws: TileRenderError.self) { try render(width: 4, height: 4, bytesPerRow: 16, bufferBytes: 63) }
        #expect(throws: TileRenderError.self) { try render(width: 4, height: 4, bytesPerRow: 16, bufferBytes: 0) }
    }

    @Test func anExactlySizedBufferWithAGapRenders() throws {
        // 4 rows of 16 bytes, 20 apart: 3 * 20 + 16 = 76 bytes.
        try render(width: 4, height: 4, bytesPerRow: 20, bufferBytes: 76)
    }
}

/// Binning memory is bounded: scenes beyond the binning budget are binned in bands of tile rows with
/// the same pixels, and what cannot fit throws `sceneTooLarge` naming the budget.
@Suite struct BinningBudgetTests {
    private func renderer(budget: Int? = nil, threads: Int = 2, backend: Backend = .cpu) -> Renderer {
        var r = Renderer(backend: backend, threadCount: threads)
        if let budget { r.binningBudget = budget }
        return r
    }

    /// A fill, strokes, a clip and a group, shapes running off every edge (the right-edge fill run
    /// included), and a nested layer: everything that binning produces.
    private static let mixedScene: Scene = {
        var scene = Scene(size: CGSize(width: 300, height: 220))
        scene.draw { ctx in
            samplePicture(&ctx, seed: 3, count: 30, extent: 300)
            ctx.fill(Path(ellipseIn: CGRect(x: 150, y: -40, width: 300, height: 300)), with: .color(.blue.opacity(0.5)))
            ctx.stroke(Path(ellipseIn: CGRect(x: -30, y: 40, width: 120, height: 220)), with: .color(.green),
                       style: StrokeStyle(lineWidth: 9, dash: [14, 6]))
            ctx.drawLayer { layer in
                layer.clip(to: Path(ellipseIn: CGRect(x: 20, y: 20, width: 260, height: 180)))
                layer.opacity = 0.7
                layer.fill(Path(CGRect(x: -10, y: 60, width: 400, height: 90)),
                           with: .linearGradient(Gradient(colors: [.red, .yellow]), startPoint: .zero, endPoint: CGPoint(x: 300, y: 0)))
                layer.drawLayer { inner in
                    inner.clip(to: Path(CGRect(x: 100, y: 0, width: 60, height: 220)), options: .inverse)
                    inner.fill(Path(ellipseIn: CGRect(x: 60, y: 50, width: 180, height: 120)), with: .color(.purple))
                }
            }
        }
        return scene
    }()

    @Test func bandedBinningGivesTheSamePixels() throws {
        let whole = try renderer().renderWithStatistics(Self.mixedScene)
        #expect(whole.1.bandCount == 1)
        for (budget, threads) in [(200 << 10, 1), (200 << 10, 3), (320 << 10, 2)] {
            let banded = try renderer(budget: budget, threads: threads).renderWithStatistics(Self.mixedScene)
            #expect(banded.1.bandCount > 1, "budget \(budget): \(banded.1.bandCount) bands")
            #expect(banded.1.peakBinnedBytes <= budget)
            let same = banded.0 == whole.0
            #expect(same, "budget \(budget), \(threads) threads: pixels differ")
            #expect(banded.1.segmentCount == whole.1.segmentCount)
            #expect(banded.1.pathTileCount == whole.1.pathTileCount)
        }
    }

    @Test func bandedTigerIsByteIdentical() throws {
        let doc = try SVGDocument(contentsOf: try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench))
        let scene = doc.makeScene(size: CGSize(width: 512, height: 512))
        let whole = try renderer().renderWithStatistics(scene)
        let banded = try renderer(budget: 2 << 20, threads: 3).renderWithStatistics(scene)
        #expect(whole.1.bandCount == 1)
        #expect(banded.1.bandCount > 2)
        #expect(banded.1.peakBinnedBytes <= 2 << 20)
        let same = banded.0 == whole.0
        #expect(same, "banded tiger differs")
    }

    private static func rectangles(_ count: Int, side: Double) -> Scene {
        var scene = Scene(size: CGSize(width: side, height: side))
        scene.draw { ctx in
            for i in 0..<count {
                let c = Double(i) / Double(count - 1)
                ctx.fill(Path(CGRect(x: -1, y: -1, width: side + 2, height: side + 2)),
                         with: .color(Color(red: c, green: 1 - c, blue: 0.5)))
            }
        }
        return scene
    }

    /// 300 rectangles over a 4096 x 4096 canvas (before: 3.4 GB of binned data): a run of filled tiles
    /// is one record with one backdrop, so what remains is a 4-byte command per (draw, tile).
    @Test func threeHundredFullCanvasRectanglesStayWithinTheBudget() throws {
        let (bitmap, stats) = try renderer().renderWithStatistics(Self.rectangles(300, side: 4096))
        #expect(stats.peakBinnedBytes <= BinningPlan.defaultBudget)
        // Mostly the 4-byte command per (draw, tile): 75 MiB.
        #expect(stats.peakBinnedBytes < 128 << 20)
        #expect(stats.pathTileCount == 300 * 256 * 256)
        for (x, y) in [(0, 0), (4095, 4095), (2048, 17), (4095, 0)] {
            #expect(bitmap.pixel(x: x, y: y) == Bitmap.Pixel(r: 255, g: 0, b: 128, a: 255))
        }
    }

    @Test func fullCanvasRectanglesBandedGiveTheSamePixels() throws {
        let scene = Self.rectangles(300, side: 1024)
        let (whole, wholeStats) = try renderer().renderWithStatistics(scene)
        let (banded, stats) = try renderer(budget: 1 << 20).renderWithStatistics(scene)
        #expect(wholeStats.bandCount == 1)
        #expect(stats.bandCount > 1)
        #expect(stats.peakBinnedBytes <= 1 << 20)
        #expect(stats.pathTileCount == wholeStats.pathTileCount)
        let same = banded == whole
        #expect(same, "banded pixels differ")
    }

    /// Many long random lines in one path: the tile crossings far exceed the budget, so the path is
    /// binned band by band; peak binned bytes stay under the budget and the pixels match one band.
    @Test func longRandomSegmentsAreBinnedInBands() throws {
        var scene = Scene(size: CGSize(width: 512, height: 512))
        var rng = SeededRandom(seed: 11)
        var path = Path()
        path.move(to: rng.point(in: 512))
        for _ in 0..<20_000 { path.addLine(to: rng.point(in: 512)) }
        path.closeSubpath()
        scene.draw { $0.fill(path, with: .color(.black), style: FillStyle(eoFill: true)) }
        let budget = 8 << 20
        let (banded, stats) = try renderer(budget: budget).renderWithStatistics(scene)
        #expect(stats.bandCount > 1)
        #expect(stats.peakBinnedBytes <= budget)
        let (whole, wholeStats) = try renderer().renderWithStatistics(scene)
        #expect(wholeStats.bandCount == 1)
        #expect(wholeStats.peakBinnedBytes > budget)
        let same = banded == whole
        #expect(same, "banded pixels differ")
        // One draw: its rows are split over the workers, so check other thread counts too.
        let oneThread = try renderer(budget: budget, threads: 1).render(scene)
        let fiveThreads = try renderer(threads: 5).render(scene)
        let sameForThreads = oneThread == whole && fiveThreads == whole
        #expect(sameForThreads, "pixels depend on the thread count")
    }

    @Test func whatCannotFitThrowsNamingTheBudget() throws {
        var scene = Scene(size: CGSize(width: 512, height: 64))
        var rng = SeededRandom(seed: 5)
        var path = Path()
        path.move(to: rng.point(in: 512))
        for _ in 0..<5_000 { path.addLine(to: rng.point(in: 64)) }
        scene.draw { $0.fill(path, with: .color(.black)) }
        // One tile row needs more than the budget allows.
        do {
            _ = try renderer(budget: 200 << 10).render(scene)
            Issue.record("rendered over the budget")
        } catch let TileRenderError.sceneTooLarge(why) {
            #expect(why.contains("tile row") && why.contains("binning memory budget of 204800 bytes"), "\(why)")
        }
        // The flattened lines alone exceed it.
        do {
            _ = try renderer(budget: 4 << 10).render(scene)
            Issue.record("rendered over the budget")
        } catch let TileRenderError.sceneTooLarge(why) {
            #expect(why.contains("binning memory budget of 4096 bytes"), "\(why)")
        }
    }
}

@Suite struct ThreadCountLimitTests {
    @Test func hostileThreadCountsAreClamped() throws {
        var r = Renderer(backend: .cpu, threadCount: 1_000_000_000)
        #expect(r.threadCount == Renderer.maxThreadCount)
        r.threadCount = -5
        #expect(r.threadCount == 1)
        r.threadCount = Int.max
        #expect(r.threadCount == Renderer.maxThreadCount)
        var scene = Scene(size: CGSize(width: 40, height: 40))
        scene.draw { samplePicture(&$0, count: 10, extent: 40) }
        let many = try r.render(scene), one = try Renderer(backend: .cpu, threadCount: 1).render(scene)
        let same = many == one
        #expect(same)
    }
}

/// Encoding limits: gradient ramps are shared and bounded; layer commands are bounded.
@Suite struct EncodingLimitTests {
    @Test func identicalGradientsShareOneRamp() throws {
        var scene = Scene(size: CGSize(width: 64, height: 64))
        let gradient = Gradient(colors: [.red, .blue])
        scene.draw { ctx in
            for i in 0..<2_000 {
                ctx.fill(Path(CGRect(x: Double(i % 60), y: 0, width: 4, height: 64)),
                         with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 64, y: 0)))
            }
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)),
                     with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 64, y: 0)), style: FillStyle())
            ctx.opacity = 0.5  // another opacity: another ramp
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)),
                     with: .linearGradient(gradient, startPoint: .zero, endPoint: CGPoint(x: 64, y: 0)))
        }
        #expect(EncodedScene(scene).ramps.count == 2 * EncodedScene.rampSize)
    }

    @Test func tooManyDistinctGradientsThrowNamingTheLimit() throws {
        var scene = Scene(size: CGSize(width: 16, height: 16))
        scene.draw { ctx in
            for i in 0...EncodedScene.maxRampCount {
                let g = Gradient(colors: [Color(red: Double(i) / 1e5, green: 0, blue: 0), .blue])
                ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)),
                         with: .linearGradient(g, startPoint: .zero, endPoint: CGPoint(x: 4, y: 0)))
            }
        }
        #expect(throws: TileRenderError.sceneTooLarge("more than 16384 distinct gradients (128 MiB of colour ramps)")) {
            try Renderer(backend: .cpu).render(scene)
        }
    }

    /// Deeply nested layers: memory is per layer, not per layer x depth; 2,000 nested clips render.
    @Test func deeplyNestedLayersRender() throws {
        var scene = Scene(size: CGSize(width: 32, height: 32))
        scene.draw { ctx in
            func nest(_ ctx: inout GraphicsContext, _ level: Int) {
                if level == 0 {
                    ctx.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(Color(red: 1, green: 0, blue: 0)))
                    return
                }
                ctx.drawLayer { inner in
                    inner.clip(to: Path(CGRect(x: 0, y: 0, width: 16 + Double(level % 2), height: 32)))
                    nest(&inner, level - 1)
                }
            }
            nest(&ctx, 2_000)
        }
        let bitmap = try Renderer(backend: .cpu).render(scene)
        #expect(bitmap.pixel(x: 8, y: 8) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap.pixel(x: 24, y: 8).a == 0)
    }

    /// Draws alternating between a deep layer and the top level need pushes and pops each time: the
    /// words are counted against the budget instead of growing without bound.
    @Test func layerCommandWordsAreBounded() throws {
        // One tile row of 4 tiles, so banding cannot split it: 4 x 200 x (200 pushes + 200 pops + 2).
        var scene = Scene(size: CGSize(width: 64, height: 16))
        scene.draw { ctx in
            var deep: GraphicsContext? = nil
            func nest(_ ctx: inout GraphicsContext, _ level: Int) {
                if level == 0 { deep = ctx; return }
                // Translucent groups: a plain one (opacity 1) merges into its parent and costs no words.
                var group = ctx
                group.opacity = 0.999
                group.drawLayer { inner in nest(&inner, level - 1) }
            }
            nest(&ctx, 200)
            for i in 0..<200 {
                let rect = Path(CGRect(x: 0, y: 0, width: 64, height: 16))
                deep?.fill(rect, with: .color(Color(red: 0, green: Double(i) / 200, blue: 1, opacity: 0.5)))
                ctx.fill(rect, with: .color(Color(red: 1, green: 0, blue: 0, opacity: 0.1)))
            }
        }
        let (_, stats) = try Renderer(backend: .cpu).renderWithStatistics(scene)
        #expect(stats.pathTileCount == 400 * 4)
        var small = Renderer(backend: .cpu)
        small.binningBudget = 512 << 10
        do {
            _ = try small.render(scene)
            Issue.record("rendered over the budget")
        } catch let TileRenderError.sceneTooLarge(why) {
            #expect(why.contains("layer push and pop commands exceed 131072 words"), "\(why)")
        }
    }
}

@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"))
struct VulkanBandTests {
    @Test func vulkanDrawsBandsLikeTheCPU() throws {
        let doc = try SVGDocument(contentsOf: try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench))
        let scene = doc.makeScene(size: CGSize(width: 256, height: 200))
        var cpu = Renderer(backend: .cpu), gpu = Renderer(backend: .vulkan)
        cpu.binningBudget = 1 << 20
        gpu.binningBudget = 1 << 20
        let (a, sa) = try cpu.renderWithStatistics(scene)
        let (b, sb) = try gpu.renderWithStatistics(scene)
        #expect(sa.bandCount > 1 && sb.bandCount == sa.bandCount)
        #expect(sb.backend == .vulkan)
        expectVulkanParity(a, b)
    }

    /// A group drawn in bands on Vulkan: the first band draws straight into the kept device image, the
    /// later ones in buffers of their own copied into place.
    @Test func aBandedGroupStaysOnTheDevice() throws {
        let doc = try SVGDocument(contentsOf: try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench))
        let tiger = doc.makeScene(size: CGSize(width: 256, height: 200))
        var scene = Scene(size: CGSize(width: 300, height: 240))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 300, height: 240)), with: .color(.white))
            ctx.translateBy(x: 20, y: 20)
            ctx.drawOffscreen(tiger, in: CGRect(x: 0, y: 0, width: 256, height: 200))
        }
        var gpu = Renderer(backend: .vulkan)
        gpu.binningBudget = 1 << 20
        #expect(residentImageCount(try gpu.resolvingOffscreenGroups(scene)) == 1)
        let b = try gpu.render(scene)
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), b)
    }

    /// A small scene on a canvas whose pixel rows alone exceed the (stand-in) device limit: the rows
    /// are drawn in bands that fit, instead of failing after binning.
    @Test func pixelRowsBeyondTheDeviceLimitAreBanded() throws {
        var scene = Scene(size: CGSize(width: 512, height: 512))
        scene.draw { ctx in
            ctx.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 490, height: 300)), with: .color(.blue))
            ctx.fill(Path(CGRect(x: 100, y: 200, width: 300, height: 300)), with: .color(Color(red: 1, green: 0, blue: 0, opacity: 0.5)))
        }
        var gpu = Renderer(backend: .vulkan)
        gpu.deviceBufferLimit = 100 << 10  // 3 tile rows of 512 x 16 x 4 bytes
        let (b, stats) = try gpu.renderWithStatistics(scene)
        #expect(stats.backend == .vulkan)
        #expect(stats.bandCount >= 11)
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), b)
    }

    /// A dispatch that outlives the time limit: a clean error, and the device's buffers are kept, not
    /// freed under its still-running work (which crashed the process before).
    @Test func aTimedOutDispatchFailsCleanly() throws {
        let doc = try SVGDocument(contentsOf: try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench))
        let scene = doc.makeScene(size: CGSize(width: 1024, height: 1024))
        var gpu = Renderer(backend: .vulkan)
        gpu.deviceTimeLimit = .zero
        do {
            _ = try gpu.render(scene)  // a fast device may finish within 1 ms: nothing to check then
        } catch let error as TileRenderError {
            #expect("\(error)".contains("did not finish the scene within"), "\(error)")
        }
        // The device still works afterwards.
        var small = Scene(size: CGSize(width: 32, height: 32))
        small.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(Color(red: 0, green: 0, blue: 1))) }
        let bitmap = try Renderer(backend: .vulkan).render(small)
        #expect(bitmap.pixel(x: 5, y: 5) == Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func aSceneBeyondTheDeviceLimitFailsBeforeBinning() throws {
        var scene = Scene(size: CGSize(width: 256, height: 256))
        scene.draw { ctx in samplePicture(&ctx, count: 40, extent: 256) }
        var gpu = Renderer(backend: .vulkan)
        gpu.deviceBufferLimit = 4 << 10
        do {
            _ = try gpu.render(scene)
            Issue.record("rendered beyond the device limit")
        } catch let error as TileRenderError {
            #expect("\(error)".contains("maxStorageBufferRange"), "\(error)")
        }
        // A looser (still small) limit: banded on Vulkan, the same picture as the CPU.
        gpu.deviceBufferLimit = 256 << 10
        let (b, stats) = try gpu.renderWithStatistics(scene)
        #expect(stats.bandCount > 1 && stats.backend == .vulkan)
        let a = try Renderer(backend: .cpu).render(scene)
        expectVulkanParity(a, b)
    }
}
