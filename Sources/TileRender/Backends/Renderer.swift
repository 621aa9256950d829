import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Turns a `Scene` into pixels.
///
/// A renderer keeps its working memory (binning buffers, the CPU backend's scratch) and its offscreen
/// cache (rendered `drawingGroup()`s) between renders; its copies share them. Reuse one renderer for
/// repeated frames.
public struct Renderer: Sendable {
    public var backend: Backend
    /// CPU worker threads, clamped to 1...`maxThreadCount`: the most a render's stages use (a stage
    /// whose estimated work is small, as in a small frame, runs on the calling thread: `StageWork`).
    /// The output is identical for every thread count.
    public var threadCount: Int {
        didSet { threadCount = Renderer.clampedThreads(threadCount) }
    }
    /// Each worker owns scratch memory (binner buffers, about 7 KB of fine-stage planes), so the count
    /// is bounded: a hostile `threadCount` cannot allocate per-thread memory without limit.
    public static let maxThreadCount = 256
    package static func clampedThreads(_ n: Int) -> Int { min(max(1, n), maxThreadCount) }
    /// The offscreen cache's default budget, 64 MiB.
    public static let defaultOffscreenCacheBytes = OffscreenCache.defaultBudget
    /// What this renderer keeps between renders (shared by its copies).
    private let state: RendererState
    /// Bytes of binned data one band may hold (`BinningPlan.defaultBudget`); tests lower it to force
    /// banded binning. At most 2 GiB (32-bit offsets).
    package var binningBudget = BinningPlan.defaultBudget {
        didSet { binningBudget = min(max(binningBudget, 1), 1 << 31) }
    }
    /// Tests: a smaller stand-in for a GPU device's buffer limit (Vulkan's maxStorageBufferRange).
    package var deviceBufferLimit: Int? = nil
    /// Tests: a shorter device time limit than the backend's (`BackendCapabilities.timeLimit`).
    package var deviceTimeLimit: Duration? = nil
    /// Tests: false turns off the CPU fine stage's fast paths (`RasterSettings.fineFastPaths`).
    package var fineFastPaths = true
    /// Tests: false keeps the path tiles that later opaque fills hide (`BinnedScene.hidesEverythingBelow`).
    package var dropsHiddenPathTiles = true
    /// Tests: false turns off the CPU fine stage's fixed-point tiles (`RasterSettings.fineIntegerTiles`).
    package var fineIntegerTiles = true
    /// Tests: false makes the CPU's integer tiles composite glyph masks from their float values
    /// (`RasterSettings.fineMaskLevels`), to compare with the masks' 16-bit levels.
    package var fineMaskLevels = true
    /// Where `.vulkan` and `.auto` get their GPU backend (tests: a stand-in device).
    package var gpuProvider: (any GPUBackendProvider)? = BackendSelection.defaultGPU

    /// A renderer for `backend`. Rendered offscreen groups are cached up to `offscreenCacheBytes`.
    public init(backend: Backend = .auto, threadCount: Int = ProcessInfo.processInfo.activeProcessorCount,
                offscreenCacheBytes: Int = Renderer.defaultOffscreenCacheBytes) {
        self.init(backend: backend, threadCount: threadCount, offscreenCache: OffscreenCache(budget: offscreenCacheBytes))
    }

    /// Tests: a renderer whose offscreen cache finds candidates with another hash function.
    package init(backend: Backend, threadCount: Int = ProcessInfo.processInfo.activeProcessorCount, offscreenCache: OffscreenCache) {
        self.backend = backend
        self.threadCount = Renderer.clampedThreads(threadCount)
        state = RendererState(offscreen: offscreenCache)
    }

    /// The offscreen cache's counters and size (shared by this renderer's copies).
    public var offscreenCacheStatistics: OffscreenCacheStatistics { state.offscreen.statistics }

    /// What debug builds fill a new frame with before rendering: no backend leaves a pixel unwritten.
    package static let unwrittenByte: UInt8 = 0xA5

    /// Renders `scene` into a new bitmap of `scene.size`, rounded up to whole pixels, on a transparent
    /// background.
    public func render(_ scene: Scene) throws -> Bitmap {
        try renderWithStatistics(scene).0
    }

    /// Renders `scene` into a caller-owned buffer of premultiplied RGBA8 rows (`bytesPerRow` apart).
    /// With `clear` false (the default) it draws over what the buffer holds (source-over); with `clear`
    /// true it first makes the `width` x `height` area transparent, which costs nothing extra (each tile
    /// starts transparent instead of reading the buffer). Bytes between rows are never touched.
    @discardableResult
    public func render(_ scene: Scene, into buffer: UnsafeMutableRawBufferPointer,
                       width: Int, height: Int, bytesPerRow: Int, clear: Bool = false) throws -> RenderStatistics {
        try Bitmap.validate(width: width, height: height)
        // width <= Bitmap.maxDimension here, so width * 4 cannot overflow; the stride can be anything.
        guard bytesPerRow >= width * 4 else {
            throw TileRenderError.invalidBuffer("bytesPerRow \(bytesPerRow) is less than width * 4 = \(width * 4)")
        }
        let (lastRow, overflow1) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        let (needed, overflow2) = lastRow.addingReportingOverflow(width * 4)
        guard !overflow1, !overflow2, buffer.count >= needed, let base = buffer.baseAddress else {
            throw TileRenderError.invalidBuffer("buffer of \(buffer.count) bytes is too small for \(width)x\(height) with bytesPerRow \(bytesPerRow)")
        }
        let target = RenderTarget(base: base, width: width, height: height, bytesPerRow: bytesPerRow,
                                  startsTransparent: clear, writesEmptyTiles: clear)
        return try renderReturningStatistics(scene, into: target)
    }

    /// Renders like `render(_:)` and also reports where the time went.
    public func renderWithStatistics(_ scene: Scene) throws -> (Bitmap, RenderStatistics) {
        let (w, h) = try Renderer.pixelSize(of: scene.size)
        // The pixels are drawn into an array of their own, then wrapped: a mutation through
        // `Bitmap.pixels` (a property with an observer) copied the whole frame once more. The array
        // starts uninitialized: the backends write every pixel of a target that `writesEmptyTiles`
        // (tiles with nothing drawn are cleared), so zeroing it first was a second pass over the frame.
        // Debug builds fill it with a pattern first, so a pixel a backend skipped shows in the tests.
        try Bitmap.validate(width: w, height: h)
        var stats: RenderStatistics?
        let pixels = try [UInt8](unsafeUninitializedCapacity: w * h * 4) { buf, initialized in
            #if DEBUG
            buf.initialize(repeating: Renderer.unwrittenByte)
            #endif
            stats = try renderReturningStatistics(scene, into: RenderTarget(base: UnsafeMutableRawPointer(buf.baseAddress!),
                                                                            width: w, height: h, bytesPerRow: w * 4,
                                                                            startsTransparent: true, writesEmptyTiles: true))
            initialized = w * h * 4
        }
        return (try Bitmap(width: w, height: h, premultipliedRGBA: pixels), stats!)
    }

    /// `scene` with each offscreen group replaced by its image: from the offscreen cache when this
    /// renderer (or a copy) rendered the same content before, else rendered now by this renderer, on
    /// its backend. Nested groups resolve the same way while their group renders.
    package func resolvingOffscreenGroups(_ scene: Scene) throws -> Scene {
        try scene.resolvingOffscreenGroups { group in
            let image = try state.offscreen.image(for: OffscreenKey(content: group.content, backend: backend, contentID: group.contentID)) {
                try renderOffscreen(group.content)
            }
            guard case .filtered(let program) = group.compositing else { return [image] }
            return try runFilters(program, on: image)
        }
    }

    /// A filtered group's outputs, made on this renderer's backend from its rendered image: on the GPU
    /// when the image is resident there, else on the CPU (also when `.auto` cannot use the device).
    private func runFilters(_ program: ImageFilterProgram, on image: ImageTexels) throws -> [ImageTexels] {
        if program.isIdentity { return [image] }
        let settings = RasterSettings(threadCount: threadCount, deadline: ContinuousClock.now + (deviceTimeLimit ?? .seconds(60)))
        if case .resident = image {
            let backend = try BackendSelection.backend(for: self.backend, cpu: state.cpu, gpu: gpuProvider)
            do {
                if let outputs = try backend.runFilters(program, on: image, settings: settings) { return outputs }
            } catch {
                guard BackendSelection.fallback(for: self.backend, from: backend, after: error, cpu: state.cpu) != nil else { throw error }
            }
        }
        return try program.run(on: try image.hostBitmap(), threadCount: threadCount).map(ImageTexels.bitmap)
    }

    /// A group's content rendered on this renderer's backend: kept in the backend's own memory where it
    /// has any (Vulkan: a device buffer, which the scenes drawing the group copy device-side), else a
    /// bitmap. A group the GPU cannot draw whole under `.auto` is drawn on the CPU into a bitmap.
    private func renderOffscreen(_ content: Scene) throws -> ImageTexels {
        let (w, h) = try Renderer.pixelSize(of: content.size)
        do {
            if let image = try renderReturningStatistics(content, to: .offscreen(width: w, height: h)).1 { return .resident(image) }
        } catch is ResidentFallback {}
        return .bitmap(try render(content))
    }

    /// `scene` drawn into a new transparent image of its pixel size in the backend's own memory (a
    /// Vulkan device buffer), for a copy device-side. Throws where the backend keeps no such images
    /// or the image exceeds one of its buffers.
    package func renderResident(_ scene: Scene) throws -> (statistics: RenderStatistics, image: any ResidentImage) {
        let (w, h) = try Renderer.pixelSize(of: scene.size)
        do {
            let (statistics, image) = try renderReturningStatistics(scene, to: .offscreen(width: w, height: h))
            guard let image else { throw ResidentFallback() }
            return (statistics, image)
        } catch is ResidentFallback {
            let limit = (try? BackendSelection.backend(for: backend, cpu: state.cpu, gpu: gpuProvider))?.capabilities.maxBufferBytes
            throw TileRenderError.backendUnavailable("a \(w)x\(h) render (\(w * h * 4) bytes) does not fit in one buffer of the device"
                                                     + (limit.map { " (it allows \($0) bytes)" } ?? ""))
        }
    }

    /// Where a render's pixels go.
    private enum Destination {
        /// Host memory (a bitmap or a caller's buffer).
        case host(RenderTarget)
        /// A new transparent image in the backend's own memory (`RasterBackend.makeResidentImage`).
        case offscreen(width: Int, height: Int)
    }
    /// An offscreen render that cannot stay on its backend: the backend keeps no images, or `.auto`
    /// moved a band to the CPU. The group is drawn into a bitmap instead.
    private struct ResidentFallback: Error {}

    private func renderReturningStatistics(_ scene: Scene, into target: RenderTarget) throws -> RenderStatistics {
        try renderReturningStatistics(scene, to: .host(target)).0
    }

    private func renderReturningStatistics(_ scene: Scene, to destination: Destination) throws -> (RenderStatistics, (any ResidentImage)?) {
        var backend = try BackendSelection.backend(for: self.backend, cpu: state.cpu, gpu: gpuProvider)
        let target: RenderTarget?, resident: (any ResidentImage)?, width: Int, height: Int
        switch destination {
        case .host(let t):
            (target, resident, width, height) = (t, nil, t.width, t.height)
        case .offscreen(let w, let h):
            // Before nested groups are resolved, so a backend without images of its own costs nothing.
            guard let image = try backend.makeResidentImage(width: w, height: h) else { throw ResidentFallback() }
            (target, resident, width, height) = (nil, image, w, h)
        }
        // Groups first: their renders take the binning buffers too.
        let scene = try resolvingOffscreenGroups(scene)
        let timeLimit = deviceTimeLimit ?? backend.capabilities.timeLimit ?? .seconds(Int64(Int32.max))
        let deviceTime = DeviceTime()
        var settings = RasterSettings(threadCount: threadCount, deadline: ContinuousClock.now + timeLimit, fineFastPaths: fineFastPaths,
                                      fineIntegerTiles: fineIntegerTiles, fineMaskLevels: fineMaskLevels,
                                      deviceTime: deviceTime)
        let timings = StageTimings()
        var buffers = state.buffers.take()
        defer { state.buffers.give(buffers) }
        // Both backends draw glyph masks (the CPU's fine stage and fine.comp's `maskCoverage`).
        let encoding = timings.measure(.encoding) { EncodedScene(scene, glyphMasks: true, threadCount: threadCount) }
        if let why = encoding.limitExceeded { throw TileRenderError.sceneTooLarge(why) }
        // Phase 1 of binning and the bands (see BinningPlan.swift): the CPU's plan has to fit the binning
        // budget; a GPU's also the device's buffer limit, checked here, before anything is binned or
        // uploaded. `.auto` takes the CPU at once when the device's limit is what does not fit.
        // Each stage on as many of `threadCount` workers as its work is worth (`StageWork`): a small
        // frame is drawn on this thread.
        var elements = 0, strokeElements = 0
        for draw in encoding.draws {
            if draw.stroke == nil { elements += draw.path.elements.count } else { strokeElements += draw.path.elements.count }
        }
        let flatteningThreads = StageWork.threads(threadCount, nanoseconds: StageWork.flattening(
            draws: encoding.draws.count, elements: elements, strokeElements: strokeElements))
        var plan = try timings.measure(.binning) {
            try BinningPlan(encoding: encoding, width: width, height: height, threadCount: threadCount,
                            phaseOneThreads: flatteningThreads, budget: binningBudget, reusing: &buffers, timings: timings)
        }
        let binningThreads = StageWork.threads(threadCount, nanoseconds: StageWork.binning(lines: plan.lineCount,
                                                                                          draws: encoding.draws.count))
        if let deviceLimit = backend.capabilities.maxBufferBytes {
            do {
                let range = min(deviceLimit, deviceBufferLimit ?? Int.max)
                try backend.checkSceneBuffers(encoding, limit: range)
                // The band's pixel rows may be one buffer too (the CPU plan does not count them).
                let rowBytes = backend.capabilities.buffersPixelRows ? width * BinnedScene.tileSize * 4 : 0
                let tallest = plan.bands.map(\.count).max() ?? 0
                if range < plan.largestBandEstimate || tallest * rowBytes > range {
                    let device = backend.capabilities.deviceName, limitName = backend.capabilities.maxBufferName
                    try timings.measure(.binning) {
                        try plan.plan(budget: min(binningBudget, range), extraRowBytes: rowBytes,
                                      limit: "\(device)'s buffer limit (\(limitName) \(range) bytes)",
                                      threadCount: binningThreads, buffers: &buffers)
                    }
                }
            } catch {
                guard let cpu = BackendSelection.fallback(for: self.backend, from: backend, after: error, cpu: state.cpu) else { throw error }
                if resident != nil { throw ResidentFallback() }
                backend = cpu
                try timings.measure(.binning) {
                    try plan.plan(budget: binningBudget, extraRowBytes: 0, limit: "the binning memory budget of \(BinningPlan.describe(binningBudget))",
                                  threadCount: binningThreads, buffers: &buffers)
                }
            }
        }
        var statistics = RenderStatistics(backend: backend.capabilities.kind, binningSeconds: 0, strokeSeconds: 0,
                                          segmentCount: 0, pathTileCount: 0, peakBinnedBytes: 0, bandCount: plan.bands.count)
        if backend.capabilities.kind != .cpu { statistics.deviceName = backend.capabilities.deviceName }
        for band in plan.bands {
            var binned = try timings.measure(.binning) {
                try BinnedScene(encoding: encoding, plan: plan, rows: band, threadCount: binningThreads, reusing: &buffers,
                                dropsHiddenPathTiles: dropsHiddenPathTiles)
            }
            defer { buffers.reclaim(&binned) }
            settings.threadCount = StageWork.threads(threadCount, nanoseconds: StageWork.fine(
                pixels: width * binned.tileRows.count * BinnedScene.tileSize, tileCommands: binned.tileCommands.count,
                segments: binned.segments.count))
            statistics.stageThreads = [flatteningThreads, binningThreads, settings.threadCount]
            statistics.segmentCount += binned.segments.count
            statistics.pathTileCount += binned.pathTileCommandCount
            statistics.peakBinnedBytes = max(statistics.peakBinnedBytes, binned.binnedBytes + plan.lineCount * BinningPlan.bytesPerLine)
            // `.auto` never fails where the CPU can render: a band the backend cannot take (layers nested
            // deeper than it supports) or a failed dispatch falls back to the CPU, for this band and the
            // rest. Backends write the target only once a band is drawn, so the band is drawn once.
            do {
                if let depth = backend.capabilities.maxLayerDepth, binned.maxLayerDepth > depth {
                    throw TileRenderError.backendUnavailable("layers nest \(binned.maxLayerDepth) deep; the \(backend.capabilities.name) backend supports \(depth)")
                }
                if let resident {
                    try backend.rasterize(binned, intoResident: resident, settings: settings)
                } else if let target {
                    try backend.rasterize(binned, into: target, settings: settings)
                }
            } catch {
                guard let cpu = BackendSelection.fallback(for: self.backend, from: backend, after: error, cpu: state.cpu) else { throw error }
                guard let target else { throw ResidentFallback() }
                backend = cpu
                statistics.backend = .cpu
                try backend.rasterize(binned, into: target, settings: settings)
            }
        }
        statistics.binningSeconds = timings.seconds(.binning)
        statistics.encodingSeconds = timings.seconds(.encoding)
        statistics.strokeSeconds = timings.seconds(.strokes)
        statistics.deviceSeconds = deviceTime.seconds
        statistics.gpuHostPhases = deviceTime.hostPhases
        return (statistics, resident)
    }
}

/// What a Renderer keeps between renders, shared by its copies: binning memory, its CPU backend (with
/// that backend's scratch memory) and the offscreen cache.
package final class RendererState: Sendable {
    package let buffers = RenderCache()
    package let cpu = CPUBackend()
    package let offscreen: OffscreenCache

    package init(offscreen: OffscreenCache) { self.offscreen = offscreen }
}

/// Where a render's time and memory went.
public struct RenderStatistics: Sendable {
    /// The rasterizer that drew this render (`.cpu` or `.vulkan`; never `.auto`).
    public var backend: Backend
    /// Flattening and tile binning (the stages shared by all backends), in seconds.
    public var binningSeconds: Double
    /// Stroke expansion, summed over the binning workers (part of `binningSeconds` when one worker runs).
    public var strokeSeconds: Double
    /// Tile-local line segments produced by binning.
    public var segmentCount: Int
    /// (draw, tile) pairs produced by binning.
    public var pathTileCount: Int
    /// The most binned data (and kept flattened lines) held at once, in bytes; at most the binning
    /// budget (256 MiB).
    public var peakBinnedBytes: Int
    /// Bands of tile rows the scene was binned and rasterized in (1 unless it exceeded the budget).
    public var bandCount: Int
    /// The device's own time for the fine stage (Vulkan timestamp queries around its dispatches), in
    /// seconds; nil on the CPU and on a device whose queue has no timestamps.
    public var deviceSeconds: Double?
    /// Encoding the scene's commands into draws and paints (before binning), in seconds.
    package var encodingSeconds = 0.0
    /// The workers flattening, binning and the CPU's fine stage took (`StageWork`; the last band's fine
    /// stage; tests).
    package var stageThreads: [Int] = []
    /// A GPU render's host-side phases (uploads, the wait, the copy back), for `tile-bench`.
    package var gpuHostPhases: GPUHostPhases?
    /// The device that drew the render: the Vulkan device's name (for example "llvmpipe (LLVM 15.0.6,
    /// 256 bits)" for Mesa's software rasterizer), or nil on the CPU.
    public var deviceName: String?
}

extension Renderer {
    package static func pixelSize(of size: CGSize) throws -> (Int, Int) {
        try Scene.pixelSize(for: size)
    }
}
