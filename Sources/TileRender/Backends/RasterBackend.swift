import Foundation

// The seam between the pipeline (encode, flatten, stroke, bin) and the rasterizers that run its fine
// stage. The Renderer talks to a backend only through this protocol: it asks what the backend supports
// (to check a scene and plan its bands before binning) and hands it binned bands. Which backend runs is
// decided in one place, `BackendSelection`; nothing else names a concrete GPU backend, so the Vulkan
// backend can move into its own module above the pipeline (and a CPU-only build can leave it out).

/// What a backend can draw, so the Renderer can check and plan a scene without knowing which backend
/// it has.
struct BackendCapabilities: Sendable {
    /// `.cpu` or `.vulkan`: what `RenderStatistics.backend` reports (never `.auto`).
    var kind: Backend
    /// The backend's name in log lines and errors ("Vulkan").
    var name: String
    /// The device's name ("llvmpipe (LLVM 19.1.7, 256 bits)"; "CPU" for the CPU backend).
    var deviceName: String
    /// True for dedicated hardware; `.auto` skips software GPU devices, which are slower than the CPU.
    var isHardware: Bool
    /// The deepest layer nesting it draws; nil when any depth works.
    var maxLayerDepth: Int?
    /// The largest buffer one band may use, in bytes; nil when only the binning budget bounds a band.
    var maxBufferBytes: Int?
    /// What the device calls that limit, for errors ("maxStorageBufferRange").
    var maxBufferName = "buffer limit"
    /// True when a band's pixel rows are one buffer too (then they count against `maxBufferBytes`).
    var buffersPixelRows: Bool
    /// Device time one render may take (all bands together); nil when unbounded.
    var timeLimit: Duration?

    static let cpu = BackendCapabilities(kind: .cpu, name: "CPU", deviceName: "CPU", isHardware: true, maxLayerDepth: nil,
                                         maxBufferBytes: nil, buffersPixelRows: false, timeLimit: nil)
}

/// What one render asks of a backend besides the band itself.
struct RasterSettings: Sendable {
    /// Worker threads (the CPU backend's; GPU backends ignore it).
    var threadCount: Int
    /// When the render's device time runs out (see `BackendCapabilities.timeLimit`).
    var deadline: ContinuousClock.Instant
}

/// A rasterizer: consumes binned bands and writes pixels. Each backend owns its working state (the
/// CPU backend its per-worker scratch memory, a GPU backend its device), and is shared by the copies
/// of the Renderer that made it, so renders may call it concurrently.
protocol RasterBackend: Sendable {
    var capabilities: BackendCapabilities { get }
    /// Throws `backendUnavailable` when buffers that do not shrink with banding (colour ramps, image
    /// texels, paints, draws) exceed `limit` bytes. Called before anything is binned.
    func checkSceneBuffers(_ encoding: EncodedScene, limit: Int) throws
    /// Draws one band (`scene.tileRows`) into `target`. Writes the target only once the band is drawn,
    /// so a failed band can be drawn again by another backend.
    func rasterize(_ scene: BinnedScene, into target: RenderTarget, settings: RasterSettings) throws
}

extension RasterBackend {
    func checkSceneBuffers(_ encoding: EncodedScene, limit: Int) throws {}
}
