// Temporary stubs; replaced by the pipeline.
struct RenderTarget { let base: UnsafeMutableRawPointer; let width: Int; let height: Int; let bytesPerRow: Int }
struct EncodedScene { init(_ scene: Scene) {} }
struct BinnedScene { init(encoding: EncodedScene, width: Int, height: Int, threadCount: Int) throws {} }
protocol RasterBackend { func rasterize(_ scene: BinnedScene, into target: RenderTarget, threadCount: Int) throws }
struct StubBackend: RasterBackend { func rasterize(_ scene: BinnedScene, into target: RenderTarget, threadCount: Int) throws {} }
extension Renderer { func resolvedBackend() throws -> any RasterBackend { StubBackend() } }
