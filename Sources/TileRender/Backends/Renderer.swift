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
    /// CPU worker threads (at least 1). The output is identical for every thread count.
    public var threadCount: Int
    /// Binning and rasterizing memory kept between renders (shared by copies of this renderer).
    private let cache = RenderCache()

    public init(backend: Backend = .auto, threadCount: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.backend = backend
        self.threadCount = max(1, threadCount)
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
        guard bytesPerRow >= width * 4 else {
            throw TileRenderError.invalidBuffer("bytesPerRow \(bytesPerRow) is less than width * 4 = \(width * 4)")
        }
        guard buffer.count >= bytesPerRow * (height - 1) + width * 4 else {
            throw TileRenderError.invalidBuffer("buffer of \(buffer.count) bytes is too small for \(width)x\(height) with bytesPerRow \(bytesPerRow)")
        }
        let target = RenderTarget(base: buffer.baseAddress!, width: width, height: height, bytesPerRow: bytesPerRow,
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
        let backend = try resolvedBackend()
        var buffers = cache.take()
        var binned = try BinnedScene(encoding: EncodedScene(scene), width: target.width, height: target.height,
                                     threadCount: threadCount, reusing: &buffers)
        defer {
            buffers.reclaim(&binned)
            cache.give(buffers)
        }
        var used: Backend = backend is VulkanBackend ? .vulkan : .cpu
        // `.auto` never fails where the CPU can render: a scene the shader cannot take (layers nested
        // too deep, buffers beyond the device's limits) or a Vulkan failure falls back to the CPU.
        if self.backend == .auto && backend is VulkanBackend {
            do {
                guard binned.maxLayerDepth <= FineShader.maxLayerDepth else { throw TileRenderError.backendUnavailable("layers nested too deep") }
                try backend.rasterize(binned, into: target, threadCount: threadCount, buffers: &buffers)
            } catch {
                BackendLog.once("TileRender: Vulkan could not render a scene (\(error)); using the CPU rasterizer for it")
                try CPUBackend().rasterize(binned, into: target, threadCount: threadCount, buffers: &buffers)
                used = .cpu
            }
        } else {
            try backend.rasterize(binned, into: target, threadCount: threadCount, buffers: &buffers)
        }
        return RenderStatistics(backend: used, binningSeconds: binned.binningSeconds, strokeSeconds: binned.strokeSeconds,
                                segmentCount: binned.segments.count, pathTileCount: binned.pathTiles.count)
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
}

extension Renderer {
    static func pixelSize(of size: CGSize) throws -> (Int, Int) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw TileRenderError.invalidSize(width: Double(size.width), height: Double(size.height))
        }
        guard size.width <= CGFloat(Bitmap.maxDimension), size.height <= CGFloat(Bitmap.maxDimension) else {
            throw TileRenderError.canvasTooLarge(width: Int(min(size.width, 1e15)), height: Int(min(size.height, 1e15)))
        }
        return (Int(size.width.rounded(.up)), Int(size.height.rounded(.up)))
    }
}
