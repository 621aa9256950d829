import Foundation
import TileRenderGeometry

// The seam between the pipeline (encode, flatten, stroke, bin) and the rasterizers that run its fine
// stage. The Renderer talks to a backend only through this protocol: it asks what the backend supports
// (to check a scene and plan its bands before binning) and hands it binned bands. Which backend runs is
// decided in one place, `BackendSelection`; nothing else names a concrete GPU backend, so the Vulkan
// backend can move into its own module above the pipeline (and a CPU-only build can leave it out).

/// What a backend can draw, so the Renderer can check and plan a scene without knowing which backend
/// it has.
package struct BackendCapabilities: Sendable {
    /// `.cpu` or `.vulkan`: what `RenderStatistics.backend` reports (never `.auto`).
    package var kind: Backend
    /// The backend's name in log lines and errors ("Vulkan").
    package var name: String
    /// The device's name ("llvmpipe (LLVM 19.1.7, 256 bits)"; "CPU" for the CPU backend).
    package var deviceName: String
    /// True for dedicated hardware; `.auto` skips software GPU devices, which are slower than the CPU.
    package var isHardware: Bool
    /// The deepest layer nesting it draws; nil when any depth works.
    package var maxLayerDepth: Int?
    /// The largest buffer one band may use, in bytes; nil when only the binning budget bounds a band.
    package var maxBufferBytes: Int?
    /// What the device calls that limit, for errors ("maxStorageBufferRange").
    package var maxBufferName = "buffer limit"
    /// True when a band's pixel rows are one buffer too (then they count against `maxBufferBytes`).
    package var buffersPixelRows: Bool
    /// Device time one render may take (all bands together); nil when unbounded.
    package var timeLimit: Duration?

    package init(kind: Backend, name: String, deviceName: String, isHardware: Bool, maxLayerDepth: Int?,
                 maxBufferBytes: Int?, maxBufferName: String = "buffer limit", buffersPixelRows: Bool, timeLimit: Duration?) {
        self.kind = kind; self.name = name; self.deviceName = deviceName; self.isHardware = isHardware
        self.maxLayerDepth = maxLayerDepth; self.maxBufferBytes = maxBufferBytes; self.maxBufferName = maxBufferName
        self.buffersPixelRows = buffersPixelRows; self.timeLimit = timeLimit
    }

    package static let cpu = BackendCapabilities(kind: .cpu, name: "CPU", deviceName: "CPU", isHardware: true, maxLayerDepth: nil,
                                         maxBufferBytes: nil, buffersPixelRows: false, timeLimit: nil)
}

/// What one render asks of a backend besides the band itself.
package struct RasterSettings: Sendable {
    /// Worker threads (the CPU backend's; GPU backends ignore it).
    package var threadCount: Int
    /// When the render's device time runs out (see `BackendCapabilities.timeLimit`).
    package var deadline: ContinuousClock.Instant
    /// Tests: false makes the CPU backend draw every tile through its float planes, without the fast
    /// paths that write the target directly (`FineRasterizer.rasterizeTile`), to compare the two.
    package var fineFastPaths = true
    /// Tests: false makes the CPU backend composite every tile in float (the planes or the float fast
    /// paths), without the fixed-point tiles (`FineRasterizer.rasterizeWide`), to compare the two.
    package var fineIntegerTiles = true
    /// Tests: false makes the CPU backend's integer tiles composite glyph masks from their float values
    /// (`FineRasterizer.maskCoverage`) instead of their 16-bit levels (`maskLevelCoverage`), to compare.
    package var fineMaskLevels = true
    /// Where a GPU backend adds the device time its dispatches took (timestamp queries), if anywhere.
    package var deviceTime: DeviceTime?

    package init(threadCount: Int, deadline: ContinuousClock.Instant, fineFastPaths: Bool = true, fineIntegerTiles: Bool = true,
                 fineMaskLevels: Bool = true, deviceTime: DeviceTime? = nil) {
        self.threadCount = threadCount; self.deadline = deadline; self.fineFastPaths = fineFastPaths
        self.fineIntegerTiles = fineIntegerTiles; self.fineMaskLevels = fineMaskLevels
        self.deviceTime = deviceTime
    }
}

/// Device time measured by a GPU backend over one render (its bands' dispatches), in seconds; nil
/// until a backend measured some (the CPU, or a device without timestamps, never does).
package final class DeviceTime: Sendable {
    private let total = Locked<Double?>(nil)
    private let host = Locked<GPUHostPhases?>(nil)
    package init() {}
    package func add(_ seconds: Double) { total.withLock { $0 = ($0 ?? 0) + seconds } }
    package var seconds: Double? { total.withLock { $0 } }
    /// Adds a GPU render's host-side phases (its bands' and groups' together).
    package func add(_ phases: GPUHostPhases) {
        host.withLock { sum in
            var s = sum ?? GPUHostPhases()
            s.uploadSeconds += phases.uploadSeconds; s.waitSeconds += phases.waitSeconds
            s.readBackSeconds += phases.readBackSeconds; s.uploadedBytes += phases.uploadedBytes
            sum = s
        }
    }
    package var hostPhases: GPUHostPhases? { host.withLock { $0 } }
}

/// Where a GPU backend's share of a render went on the host (`tile-bench render` prints it): writing
/// the scene's buffers (and the bytes written), waiting for the device (the copies and the dispatch),
/// copying the pixels into the target.
package struct GPUHostPhases: Sendable {
    package var uploadSeconds = 0.0, waitSeconds = 0.0, readBackSeconds = 0.0
    package var uploadedBytes = 0
    package init() {}
}

/// A rasterizer: consumes binned bands and writes pixels. Each backend owns its working state (the
/// CPU backend its per-worker scratch memory, a GPU backend its device), and is shared by the copies
/// of the Renderer that made it, so renders may call it concurrently.
package protocol RasterBackend: Sendable {
    var capabilities: BackendCapabilities { get }
    /// Throws `backendUnavailable` when buffers that do not shrink with banding (colour ramps, image
    /// texels, paints, draws) exceed `limit` bytes. Called before anything is binned.
    func checkSceneBuffers(_ encoding: EncodedScene, limit: Int) throws
    /// Draws one band (`scene.tileRows`) into `target`. Writes the target only once the band is drawn,
    /// so a failed band can be drawn again by another backend.
    func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws
    /// A transparent `width` x `height` image in the backend's own memory, for an offscreen group to be
    /// drawn into and kept there; nil when the backend draws into host memory only (the CPU).
    func makeResidentImage(width: Int, height: Int) throws -> (any ResidentImage)?
    /// Draws one band into `image`, made by this backend's `makeResidentImage` (the image's size is
    /// the scene's canvas).
    func rasterize(_ scene: BinnedScene, intoResident image: any ResidentImage, settings: RasterSettings) throws
    /// Runs an image filter program over `image` where it is kept (this backend's resident image) and
    /// returns the program's outputs, kept there too; nil when this backend does not run filters on
    /// `image` (then the Renderer runs them on the CPU, `ImageFilterProgram.run`).
    func runFilters(_ program: ImageFilterProgram, on image: ImageTexels, settings: RasterSettings) throws -> [ImageTexels]?
}

extension RasterBackend {
    package func checkSceneBuffers(_ encoding: EncodedScene, limit: Int) throws {}
    package func makeResidentImage(width: Int, height: Int) throws -> (any ResidentImage)? { nil }
    package func runFilters(_ program: ImageFilterProgram, on image: ImageTexels, settings: RasterSettings) throws -> [ImageTexels]? { nil }
    package func rasterize(_ scene: BinnedScene, intoResident image: any ResidentImage, settings: RasterSettings) throws {
        throw TileRenderError.backendUnavailable("the \(capabilities.name) backend keeps no images of its own")
    }
}

/// What a cheap look at the GPU devices found (no device created, no shader compiled).
package enum GPUProbe: Sendable {
    case hardware(String)
    case softwareOnly(String)
    case unavailable(String)
}

/// Makes a GPU backend: the seam a GPU module plugs into the pipeline through.
package protocol GPUBackendProvider: Sendable {
    /// The API's name in log lines ("Vulkan").
    var name: String { get }
    /// A cheap look at the devices, so `.auto` can settle on the CPU without creating a device.
    var probe: GPUProbe { get }
    /// A backend on the provider's device, or `backendUnavailable` saying why there is none.
    func makeBackend() throws -> any RasterBackend
}
