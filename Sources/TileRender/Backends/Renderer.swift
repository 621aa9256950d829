import Foundation
import Shaders

/// Which rasterizer runs the binned scene.
public enum Backend: String, Sendable, CaseIterable {
    /// The multithreaded CPU rasterizer.
    case cpu
    /// Vulkan compute shaders.
    case vulkan
    /// Vulkan when a device works, otherwise the CPU, with one log line saying why.
    case auto
}

/// Turns a `Scene` into pixels.
public struct Renderer: Sendable {
    public var backend: Backend
    /// CPU worker threads, clamped to 1...`maxThreadCount`. The output is identical for every thread count.
    public var threadCount: Int {
        didSet { threadCount = Renderer.clampedThreads(threadCount) }
    }
    /// Each worker owns scratch memory (binner buffers, about 7 KB of fine-stage planes), so the count
    /// is bounded: a hostile `threadCount` cannot allocate per-thread memory without limit.
    public static let maxThreadCount = 256
    static func clampedThreads(_ n: Int) -> Int { min(max(1, n), maxThreadCount) }
    /// Binning and rasterizing memory kept between renders (shared by copies of this renderer).
    private let cache = RenderCache()
    /// Bytes of binned data one band may hold (`BinningPlan.defaultBudget`); tests lower it to force
    /// banded binning. At most 2 GiB (32-bit offsets).
    var binningBudget = BinningPlan.defaultBudget {
        didSet { binningBudget = min(max(binningBudget, 1), 1 << 31) }
    }
    /// Tests: a smaller stand-in for the Vulkan device's buffer limit (maxStorageBufferRange).
    var vulkanBufferLimit: Int? = nil
    /// Tests: a shorter device time limit than `VulkanBackend.timeLimitSeconds`.
    var vulkanTimeLimit: Duration? = nil

    public init(backend: Backend = .auto, threadCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.backend = backend
        self.threadCount = Renderer.clampedThreads(threadCount)
    }

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
        var bitmap = try Bitmap(width: w, height: h)
        let stats = try bitmap.pixels.withUnsafeMutableBytes { buf in
            try renderReturningStatistics(scene, into: RenderTarget(base: buf.baseAddress!, width: w, height: h,
                                                                    bytesPerRow: w * 4, startsTransparent: true))
        }
        return (bitmap, stats)
    }

    private func renderReturningStatistics(_ scene: Scene, into target: RenderTarget) throws -> RenderStatistics {
        var backend = try resolvedBackend()
        if var vulkan = backend as? VulkanBackend, let limit = vulkanTimeLimit {
            vulkan.deadline = ContinuousClock.now + limit
            backend = vulkan
        }
        var buffers = cache.take()
        defer { cache.give(buffers) }
        let encoding = EncodedScene(scene)
        if let why = encoding.limitExceeded { throw TileRenderError.sceneTooLarge(why) }
        var used: Backend = backend is VulkanBackend ? .vulkan : .cpu
        // Phase 1 of binning and the bands (see BinningPlan.swift): the CPU's plan has to fit the binning
        // budget; Vulkan's also the device's buffer limit, checked here, before anything is binned or
        // uploaded. `.auto` takes the CPU at once when Vulkan's limit is what does not fit.
        var plan = try BinningPlan(encoding: encoding, width: target.width, height: target.height,
                                   threadCount: threadCount, budget: binningBudget, reusing: &buffers)
        if let vulkan = backend as? VulkanBackend {
            do {
                let range = min(vulkan.context.maxStorageBufferRange, vulkanBufferLimit ?? Int.max)
                try vulkan.checkSceneBuffers(encoding, limit: range)
                // The band's pixel rows are one buffer too (the CPU plan does not count them).
                let rowBytes = target.width * BinnedScene.tileSize * 4
                let tallest = plan.bands.map(\.count).max() ?? 0
                if range < plan.largestBandEstimate || tallest * rowBytes > range {
                    try plan.plan(budget: min(binningBudget, range), extraRowBytes: rowBytes,
                                  limit: "\(vulkan.context.deviceName)'s buffer limit (maxStorageBufferRange \(range) bytes)",
                                  threadCount: threadCount, buffers: &buffers)
                }
            } catch where self.backend == .auto {
                BackendLog.once("TileRender: Vulkan could not render a scene (\(error)); using the CPU rasterizer for it")
                backend = CPUBackend()
                used = .cpu
                try plan.plan(budget: binningBudget, extraRowBytes: 0, limit: "the binning memory budget of \(BinningPlan.describe(binningBudget))",
                              threadCount: threadCount, buffers: &buffers)
            }
        }
        var statistics = RenderStatistics(backend: used, binningSeconds: plan.seconds, strokeSeconds: plan.strokeSeconds,
                                          segmentCount: 0, pathTileCount: 0, peakBinnedBytes: 0, bandCount: plan.bands.count)
        for band in plan.bands {
            var binned = try BinnedScene(encoding: encoding, plan: plan, rows: band, threadCount: threadCount, reusing: &buffers)
            defer { buffers.reclaim(&binned) }
            statistics.binningSeconds += binned.binningSeconds
            statistics.segmentCount += binned.segments.count
            statistics.pathTileCount += binned.pathTileCommandCount
            statistics.peakBinnedBytes = max(statistics.peakBinnedBytes, binned.binnedBytes + plan.lineCount * BinningPlan.bytesPerLine)
            // `.auto` never fails where the CPU can render: a band the shader cannot take (layers nested
            // too deep) or a Vulkan failure falls back to the CPU, for this band and the rest. Vulkan
            // writes the target only after its dispatch succeeded, so the band is drawn once.
            if self.backend == .auto && backend is VulkanBackend {
                do {
                    guard binned.maxLayerDepth <= GPUABI.maxLayerDepth else { throw TileRenderError.backendUnavailable("layers nested too deep") }
                    try backend.rasterize(binned, into: target, threadCount: threadCount, buffers: &buffers)
                } catch {
                    BackendLog.once("TileRender: Vulkan could not render a scene (\(error)); using the CPU rasterizer for it")
                    backend = CPUBackend()
                    statistics.backend = .cpu
                    try backend.rasterize(binned, into: target, threadCount: threadCount, buffers: &buffers)
                }
            } else {
                try backend.rasterize(binned, into: target, threadCount: threadCount, buffers: &buffers)
            }
        }
        return statistics
    }
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
}

extension Renderer {
    static func pixelSize(of size: CGSize) throws -> (Int, Int) {
        try Scene.pixelSize(for: size)
    }
}
