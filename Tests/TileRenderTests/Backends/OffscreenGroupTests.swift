import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// Offscreen groups (drawingGroup) resolved by the Renderer, and its offscreen cache: keyed by the
// recorded content compared for equality, bounded by a byte budget (LRU), counted per renderer.

/// A card drawn as a group of `color`: 40x60 pixels at 1x.
private struct GroupCard: View {
    var color: Color
    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 6, style: .circular).fill(color)
            Circle().stroke(.white, lineWidth: 3).padding(6)
        }
        .frame(width: 40, height: 60)
    }
}

/// The scene `view` records on a canvas of `width` x `height`.
private func recordedScene<V: View>(_ view: V, width: CGFloat, height: CGFloat) -> Scene {
    let recorder = ImageRenderer(content: view)
    recorder.proposedSize = ProposedViewSize(width: width, height: height)
    return recorder.scene
}

private func worstDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
    zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
}

/// Cards side by side, drawn directly.
private func directRow(_ colors: [Color]) -> some View {
    HStack(spacing: 4) { ForEach(0..<colors.count, id: \.self) { GroupCard(color: colors[$0]) } }
}

/// Cards side by side, each drawn as a group.
private func groupedRow(_ colors: [Color]) -> some View {
    HStack(spacing: 4) { ForEach(0..<colors.count, id: \.self) { GroupCard(color: colors[$0]).drawingGroup() } }
}

@Suite struct OffscreenGroupTests {
    @Test func drawingGroupIsRecordedAsAGroupCommand() {
        let scene = recordedScene(GroupCard(color: .blue).drawingGroup().offset(x: 5, y: 5), width: 60, height: 80)
        guard case .group(let group)? = scene.commands.first, scene.commands.count == 1 else {
            Issue.record("expected one group command, got \(scene.commands)")
            return
        }
        #expect(group.content.size == CGSize(width: 40, height: 60))
        #expect(group.bounds == CGRect(x: 5, y: 5, width: 40, height: 60))
        #expect(group.content.commands.count == 2)
        #expect(group.compositing == .image)
    }

    @Test func recordedContentComparesByValue() {
        let blue = recordedScene(GroupCard(color: .blue), width: 40, height: 60)
        #expect(blue == recordedScene(GroupCard(color: .blue), width: 40, height: 60))
        #expect(blue != recordedScene(GroupCard(color: .orange), width: 40, height: 60))
        #expect(blue != recordedScene(GroupCard(color: .blue), width: 41, height: 60))
        var moved = blue
        moved.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 1, height: 1)), with: .color(.blue)) }
        #expect(blue != moved)
    }

    /// Every key hashes to the same bucket: lookups must still tell the contents apart.
    @Test func aHashCollisionCannotReturnTheWrongPicture() throws {
        let colliding = Renderer(backend: .cpu, offscreenCache: OffscreenCache(hash: { _ in 42 }))
        let colors: [Color] = [.red, .green, .blue, .orange]
        let direct = try Renderer(backend: .cpu).render(recordedScene(directRow(colors), width: 172, height: 60))
        for _ in 0..<2 {
            let grouped = try colliding.render(recordedScene(groupedRow(colors), width: 172, height: 60))
            #expect(worstDifference(direct, grouped) <= 1)
        }
        let stats = colliding.offscreenCacheStatistics
        #expect(stats.misses == 4 && stats.hits == 4 && stats.imageCount == 4, "\(stats)")
    }

    @Test func theKeyTypeSeparatesCollidingContents() throws {
        let cache = OffscreenCache(hash: { _ in 0 })
        let red = OffscreenKey(content: recordedScene(GroupCard(color: .red), width: 40, height: 60), backend: .cpu)
        let blue = OffscreenKey(content: recordedScene(GroupCard(color: .blue), width: 40, height: 60), backend: .cpu)
        let redImage = ImageTexels.bitmap(try Bitmap(width: 1, height: 1)), blueImage = ImageTexels.bitmap(try Bitmap(width: 2, height: 1))
        #expect(cache.image(for: red) { redImage } == redImage)
        #expect(cache.image(for: blue) { blueImage } == blueImage)
        #expect(cache.image(for: red) { Issue.record("red was cached"); return blueImage } == redImage)
        #expect(cache.image(for: blue) { Issue.record("blue was cached"); return redImage } == blueImage)
        // The backend is part of the key.
        let onVulkan = OffscreenKey(content: red.content, backend: .vulkan)
        #expect(cache.image(for: onVulkan) { blueImage } == blueImage)
        #expect(cache.statistics.misses == 3 && cache.statistics.hits == 2)
    }

    @Test func aSmallBudgetEvictsTheLeastRecentlyUsed() throws {
        // Room for two 40x60 images (9,600 bytes each), not three.
        let renderer = Renderer(backend: .cpu, offscreenCacheBytes: 2 * 9600 + 100)
        func draw(_ color: Color) throws {
            _ = try renderer.render(recordedScene(GroupCard(color: color).drawingGroup(), width: 40, height: 60))
        }
        try draw(.red)
        try draw(.green)
        try draw(.red)     // hit: red is now the most recently used
        try draw(.blue)    // evicts green
        var stats = renderer.offscreenCacheStatistics
        #expect(stats.misses == 3 && stats.hits == 1 && stats.evictions == 1, "\(stats)")
        #expect(stats.imageCount == 2 && stats.bytes == 2 * 9600 && stats.bytes <= stats.budgetBytes)
        try draw(.red)     // still cached
        try draw(.green)   // rendered again, evicting blue
        stats = renderer.offscreenCacheStatistics
        #expect(stats.misses == 4 && stats.hits == 2 && stats.evictions == 2, "\(stats)")
    }

    @Test func anImageOverTheBudgetIsRenderedButNotKept() throws {
        let renderer = Renderer(backend: .cpu, offscreenCacheBytes: 1000)
        let scene = recordedScene(GroupCard(color: .red).drawingGroup(), width: 40, height: 60)
        let a = try renderer.render(scene), b = try renderer.render(scene)
        #expect(a == b)
        let stats = renderer.offscreenCacheStatistics
        #expect(stats.misses == 2 && stats.hits == 0 && stats.bytes == 0 && stats.evictions == 0, "\(stats)")
    }

    @Test func statisticsBelongToTheRendererAndItsCopies() throws {
        let scene = recordedScene(GroupCard(color: .purple).drawingGroup(), width: 40, height: 60)
        let first = Renderer(backend: .cpu)
        var copy = first
        copy.threadCount = 1
        let other = Renderer(backend: .cpu)
        _ = try first.render(scene)
        _ = try copy.render(scene)
        #expect(first.offscreenCacheStatistics.misses == 1 && first.offscreenCacheStatistics.hits == 1)
        #expect(copy.offscreenCacheStatistics == first.offscreenCacheStatistics)
        #expect(other.offscreenCacheStatistics.misses == 0 && other.offscreenCacheStatistics.hits == 0)
    }

    /// Renders on one renderer from several threads: every lookup is counted once, every picture right.
    @Test func concurrentRendersShareTheCache() async throws {
        let renderer = Renderer(backend: .cpu, threadCount: 1)
        let colors: [Color] = [.red, .green, .blue]
        let scenes = colors.map { recordedScene(GroupCard(color: $0).drawingGroup(), width: 40, height: 60) }
        let expected = try scenes.map { try Renderer(backend: .cpu).render($0) }
        let results = try await withThrowingTaskGroup(of: (Int, Bitmap).self) { group in
            for i in 0..<12 {
                group.addTask { (i % 3, try renderer.render(scenes[i % 3])) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (index, bitmap) in results { #expect(bitmap == expected[index]) }
        let stats = renderer.offscreenCacheStatistics
        #expect(stats.hits + stats.misses == 12 && stats.imageCount == 3, "\(stats)")
    }

    @Test func groupsNestAndCompositeThroughLayers() throws {
        let inner = GroupCard(color: .green).drawingGroup().padding(10).drawingGroup()
        let view = inner.opacity(0.5).blendMode(.multiply)
        let direct = GroupCard(color: .green).padding(10).opacity(0.5).blendMode(.multiply)
        let renderer = Renderer(backend: .cpu)
        let grouped = try renderer.render(recordedScene(view, width: 60, height: 80))
        let plain = try Renderer(backend: .cpu).render(recordedScene(direct, width: 60, height: 80))
        #expect(worstDifference(plain, grouped) <= 1, "worst \(worstDifference(plain, grouped))")
        // The outer and the inner group.
        #expect(renderer.offscreenCacheStatistics.misses == 2)
    }

    /// A NaN opacity makes recorded content unequal to a new recording of it: a miss each time, the
    /// same picture. (The same recorded value compares equal: arrays sharing storage are equal.)
    @Test func contentWithNaNIsRenderedEveryTime() throws {
        func record() -> Scene {
            var content = Scene(size: CGSize(width: 20, height: 20))
            content.draw { ctx in
                ctx.fill(Path(CGRect(x: 2, y: 2, width: 16, height: 16)), with: .color(.red))
                var hidden = ctx
                hidden.opacity = .nan  // draws nothing
                hidden.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.blue))
            }
            var scene = Scene(size: CGSize(width: 20, height: 20))
            scene.draw { $0.drawOffscreen(content, in: CGRect(x: 0, y: 0, width: 20, height: 20)) }
            return scene
        }
        let renderer = Renderer(backend: .cpu)
        let a = try renderer.render(record()), b = try renderer.render(record())
        #expect(a == b && a.pixel(x: 10, y: 10).a == 255 && a.pixel(x: 1, y: 1).a == 0)
        #expect(renderer.offscreenCacheStatistics.hits == 0 && renderer.offscreenCacheStatistics.misses == 2)
    }
}

@Suite struct StageTimingTests {
    /// Stage times come from the Renderer's clocks, not from fields of the binned data.
    @Test func strokeTimeIsReportedOnlyForStrokes() throws {
        var fills = Scene(size: CGSize(width: 200, height: 200))
        fills.draw { ctx in
            for i in 0..<50 { ctx.fill(Path(ellipseIn: CGRect(x: i * 3, y: i * 2, width: 40, height: 30)), with: .color(.blue)) }
        }
        var strokes = fills
        strokes.draw { ctx in
            for i in 0..<50 {
                ctx.stroke(Path(ellipseIn: CGRect(x: i * 3, y: i * 2, width: 40, height: 30)), with: .color(.red),
                           style: StrokeStyle(lineWidth: 3, lineJoin: .round, dash: [4, 2]))
            }
        }
        let (_, fillStats) = try Renderer(backend: .cpu, threadCount: 2).renderWithStatistics(fills)
        #expect(fillStats.binningSeconds > 0 && fillStats.strokeSeconds == 0, "\(fillStats)")
        let (_, strokeStats) = try Renderer(backend: .cpu, threadCount: 2).renderWithStatistics(strokes)
        #expect(strokeStats.binningSeconds > 0 && strokeStats.strokeSeconds > 0, "\(strokeStats)")
    }
}

@Suite struct BackendCapabilityTests {
    @Test func theCPUBackendDrawsAnyDepth() throws {
        let cpu = try BackendSelection.backend(for: .cpu, cpu: CPUBackend())
        #expect(cpu.capabilities.kind == .cpu && cpu.capabilities.maxLayerDepth == nil && cpu.capabilities.maxBufferBytes == nil)
        // 20 nested layers render on the CPU.
        var scene = Scene(size: CGSize(width: 32, height: 32))
        scene.draw { ctx in nestedLayers(&ctx, depth: 20) }
        let (bitmap, stats) = try Renderer(backend: .cpu).renderWithStatistics(scene)
        #expect(stats.backend == .cpu && bitmap.pixel(x: 16, y: 16).a > 0)
    }
}

/// `depth` layers inside each other, with a fill in the innermost.
func nestedLayers(_ ctx: inout GraphicsContext, depth: Int) {
    if depth == 0 {
        ctx.fill(Path(CGRect(x: 4, y: 4, width: 24, height: 24)), with: .color(.blue))
        return
    }
    ctx.opacity = 0.99
    ctx.drawLayer { inner in nestedLayers(&inner, depth: depth - 1) }
}

@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"))
struct VulkanOffscreenGroupTests {
    /// Groups render on the renderer's own backend: Vulkan draws the group's content and composites
    /// it, matching the CPU within the parity tolerance.
    @Test func drawingGroupsMatchTheCPU() throws {
        let view = VStack(spacing: 6) {
            groupedRow([.red, .green, .blue, .orange])
            GroupCard(color: .purple).drawingGroup().rotationEffect(.degrees(20)).opacity(0.7)
            GroupCard(color: .yellow).drawingGroup().scaleEffect(1.5).blendMode(.multiply)
        }
        let scene = recordedScene(view, width: 180, height: 240)
        let gpu = Renderer(backend: .vulkan)
        let (b, stats) = try gpu.renderWithStatistics(scene)
        #expect(stats.backend == .vulkan)
        let a = try Renderer(backend: .cpu).render(scene)
        expectVulkanParity(a, b, "drawing groups")
        #expect(gpu.offscreenCacheStatistics.misses == 6)
        // Served from the cache the second time, the same pixels.
        #expect(try gpu.render(scene) == b)
        #expect(gpu.offscreenCacheStatistics.hits == 6)
    }

    /// A group drawn on Vulkan stays in a device buffer: the scene that draws it copies it device-side,
    /// and a CPU render of the same resolved scene reads it back, with the same pixels.
    @Test func groupsStayOnTheDevice() throws {
        let scene = recordedScene(groupedRow([.red, .green, .blue]), width: 128, height: 60)
        let gpu = Renderer(backend: .vulkan)
        let resolved = try gpu.resolvingOffscreenGroups(scene)
        #expect(residentImageCount(resolved) == 3)
        let onDevice = try gpu.render(scene)
        let readBack = try Renderer(backend: .cpu).render(resolved)
        expectVulkanParity(readBack, onDevice, "resident groups read back by the CPU")
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), onDevice, "resident groups against the CPU's")
        #expect(gpu.offscreenCacheStatistics.bytes == 3 * 40 * 60 * 4)
    }

    @Test func theVulkanBackendReportsItsLimits() throws {
        let vulkan = try BackendSelection.backend(for: .vulkan, cpu: CPUBackend())
        let capabilities = vulkan.capabilities
        #expect(capabilities.kind == .vulkan && capabilities.maxLayerDepth != nil && (capabilities.maxBufferBytes ?? 0) > 0)
        #expect(capabilities.buffersPixelRows && capabilities.timeLimit != nil)
        // Deeper layers than it supports: a clear error under `.vulkan` (the CPU draws them: see above).
        var scene = Scene(size: CGSize(width: 32, height: 32))
        scene.draw { ctx in nestedLayers(&ctx, depth: (capabilities.maxLayerDepth ?? 0) + 2) }
        do {
            _ = try Renderer(backend: .vulkan).render(scene)
            Issue.record("Vulkan rendered layers deeper than it supports")
        } catch let error as TileRenderError {
            #expect("\(error)".contains("layers nest"), "\(error)")
        }
    }
}

/// Composite commands of `scene` that sample an image a backend keeps.
func residentImageCount(_ scene: Scene) -> Int {
    scene.commands.filter { command in
        if case .fill(let fill) = command, case .image(.resident, _, _) = fill.shading.kind { return true }
        return false
    }.count
}

// MARK: - The `.auto` policy, with a stand-in GPU

/// The stand-in GPU's kept image: host memory it draws into with a CPU backend.
private final class StandInImage: ResidentImage, @unchecked Sendable {
    let width: Int, height: Int
    var pixels: [UInt8]
    init(width: Int, height: Int) {
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }
    func readBack() throws -> Bitmap { try Bitmap(width: width, height: height, premultipliedRGBA: pixels) }
}

/// A stand-in hardware GPU: draws through a CPU backend (so its pixels are the CPU's), with the limits
/// and failures a test gives it.
private struct StandInGPU: GPUBackendProvider, RasterBackend {
    var maxLayerDepth: Int? = nil
    var maxBufferBytes = 1 << 30
    var isHardware = true
    var dispatchFails = false
    /// Keeps offscreen groups as `StandInImage`s (as Vulkan keeps them in device buffers).
    var keepsImages = false
    var probeFinding = GPUProbe.hardware("stand-in")
    let drawer = CPUBackend()

    var name: String { "StandIn" }
    var probe: GPUProbe { probeFinding }
    func makeBackend() throws -> any RasterBackend { self }

    var capabilities: BackendCapabilities {
        BackendCapabilities(kind: .vulkan, name: "StandIn", deviceName: "stand-in device", isHardware: isHardware,
                            maxLayerDepth: maxLayerDepth, maxBufferBytes: maxBufferBytes, buffersPixelRows: true, timeLimit: nil)
    }

    func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws {
        if dispatchFails { throw TileRenderError.backendUnavailable("the stand-in dispatch failed") }
        try drawer.rasterize(scene, into: target, settings: settings)
    }

    func makeResidentImage(width: Int, height: Int) throws -> (any ResidentImage)? {
        keepsImages ? StandInImage(width: width, height: height) : nil
    }

    func rasterize(_ scene: BinnedScene, intoResident image: any ResidentImage, settings: RasterSettings) throws {
        if dispatchFails { throw TileRenderError.backendUnavailable("the stand-in dispatch failed") }
        let image = try #require(image as? StandInImage)
        try image.pixels.withUnsafeMutableBytes { raw in
            try drawer.rasterize(scene, into: RenderTarget(base: raw.baseAddress!, width: image.width, height: image.height,
                                                           bytesPerRow: image.width * 4), settings: settings)
        }
    }
}

@Suite struct BackendPolicyTests {
    private func scene(layers: Int = 0) -> Scene {
        var scene = Scene(size: CGSize(width: 64, height: 48))
        scene.draw { ctx in
            samplePicture(&ctx, count: 12, extent: 64)
            nestedLayers(&ctx, depth: layers)
        }
        return scene
    }

    private func render(_ scene: Scene, _ policy: Backend, _ gpu: (any GPUBackendProvider)?) throws -> (Bitmap, RenderStatistics) {
        var renderer = Renderer(backend: policy)
        renderer.gpuProvider = gpu
        return try renderer.renderWithStatistics(scene)
    }

    @Test func autoTakesAHardwareDevice() throws {
        let (bitmap, stats) = try render(scene(), .auto, StandInGPU())
        #expect(stats.backend == .vulkan)
        #expect(bitmap == (try Renderer(backend: .cpu).render(scene())))
    }

    @Test func autoSkipsSoftwareAndMissingDevices() throws {
        for gpu in [StandInGPU(isHardware: false), StandInGPU(probeFinding: .softwareOnly("soft")),
                    StandInGPU(probeFinding: .unavailable("none here"))] {
            #expect(try render(scene(), .auto, gpu).1.backend == .cpu)
        }
        #expect(try render(scene(), .auto, nil).1.backend == .cpu)
        #expect(throws: TileRenderError.self) { try render(scene(), .vulkan, nil) }
    }

    /// `.auto` never fails where the CPU can render: too deep, too large or a failed dispatch.
    @Test func autoFallsBackToTheCPU() throws {
        let deep = scene(layers: 4)
        let expected = try Renderer(backend: .cpu).render(deep)
        for gpu in [StandInGPU(maxLayerDepth: 2), StandInGPU(maxBufferBytes: 64), StandInGPU(dispatchFails: true)] {
            let (bitmap, stats) = try render(deep, .auto, gpu)
            #expect(stats.backend == .cpu && bitmap == expected, "\(gpu.capabilities)")
        }
    }

    /// Groups drawn on a GPU that keeps images stay there (the scene samples the kept images), with
    /// the CPU's pixels; under `.auto` a GPU that fails draws the groups on the CPU into bitmaps.
    @Test func groupsStayOnAGPUThatKeepsImages() throws {
        let scene = recordedScene(groupedRow([.red, .green, .blue, .orange]), width: 172, height: 60)
        let expected = try Renderer(backend: .cpu).render(scene)
        var keeping = Renderer(backend: .auto)
        keeping.gpuProvider = StandInGPU(keepsImages: true)
        #expect(residentImageCount(try keeping.resolvingOffscreenGroups(scene)) == 4)
        let (bitmap, stats) = try keeping.renderWithStatistics(scene)
        #expect(stats.backend == .vulkan && bitmap == expected)

        var failing = Renderer(backend: .auto)
        failing.gpuProvider = StandInGPU(dispatchFails: true, keepsImages: true)
        let resolved = try failing.resolvingOffscreenGroups(scene)
        #expect(residentImageCount(resolved) == 0 && resolved.commands.count == 4)
        #expect(try failing.render(scene) == expected)
    }

    @Test func anExplicitGPUFailsClearly() throws {
        let deep = scene(layers: 4)
        for (gpu, message) in [(StandInGPU(maxLayerDepth: 2), "layers nest"), (StandInGPU(dispatchFails: true), "stand-in dispatch failed")] {
            do {
                _ = try render(deep, .vulkan, gpu)
                Issue.record("rendered on a GPU that cannot draw the scene")
            } catch let error as TileRenderError {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}

// MARK: - Golden: reference scenes drawn through groups

/// Reference scenes (MANIFEST snippets as views) with their parts as drawing groups, rendered by a
/// `backend` renderer, against the reference renders.
@Suite struct DrawingGroupGoldenTests {

    private func render<V: View>(_ backend: Backend, width: CGFloat, height: CGFloat, @ViewBuilder _ content: () -> V) throws -> Bitmap {
        let canvas = ZStack(alignment: .topLeading) { Color.white; content() }
        let renderer = Renderer(backend: backend)
        let (bitmap, stats) = try renderer.renderWithStatistics(recordedScene(canvas, width: width, height: height))
        #expect(stats.backend == backend && renderer.offscreenCacheStatistics.misses > 0)
        return bitmap
    }

    // (A group clips to its frame, so the snippets whose strokes reach outside their frames are not
    // used here.)
    @Test(arguments: availableBackends) func builtinShapesInGroups(_ backend: Backend) throws {
        let bitmap = try render(backend, width: 400, height: 240) {
            Circle().fill(.orange).frame(width: 100, height: 100).drawingGroup().offset(x: 10, y: 10)
            Capsule(style: .circular).fill(.teal).frame(width: 160, height: 60).drawingGroup().offset(x: 120, y: 30)
            RoundedRectangle(cornerRadius: 16, style: .circular).fill(.indigo).frame(width: 100, height: 100).drawingGroup().offset(x: 290, y: 10)
            Circle().stroke(.blue, lineWidth: 4).frame(width: 100, height: 100).offset(x: 10, y: 130)
            Circle().frame(width: 80, height: 80).drawingGroup().offset(x: 140, y: 140)
            Circle().frame(width: 80, height: 80).foregroundStyle(.pink).drawingGroup().offset(x: 240, y: 140)
        }
        try expectMatchesReference(bitmap, scene: "builtin_shapes")
    }

    @Test(arguments: availableBackends) func trianglesInGroups(_ backend: Backend) throws {
        let bitmap = try render(backend, width: 240, height: 430) {
            VStack(spacing: 30) {
                GoldenFixedTriangle().fill(.green).frame(width: 240, height: 200).border(.gray).drawingGroup()
                GoldenTriangle().fill(.green).frame(width: 240, height: 200).border(.gray).drawingGroup()
            }
        }
        try expectMatchesReference(bitmap, scene: "triangles_fixed_vs_rect")
    }

    @Test(arguments: availableBackends) func clipShapeRoundedAsOneGroup(_ backend: Backend) throws {
        let bitmap = try render(backend, width: 280, height: 200) {
            ZStack {
                Color.teal
                Circle().fill(.orange).frame(width: 200, height: 200).offset(x: 80, y: 60)
            }
            .frame(width: 240, height: 160)
            .clipShape(.rect(cornerRadius: 28, style: .circular))
            .drawingGroup()
            .offset(x: 20, y: 20)
        }
        try expectMatchesReference(bitmap, scene: "clipshape_rounded")
    }
}

private struct GoldenFixedTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: 50, y: 0)); p.addLine(to: CGPoint(x: 100, y: 100))
            p.addLine(to: CGPoint(x: 0, y: 100)); p.closeSubpath()
        }
    }
}

private struct GoldenTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: rect.midX, y: rect.minY)); p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY)); p.closeSubpath()
        }
    }
}
