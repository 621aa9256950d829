// `import TileRender` gives the whole API: geometry (TileRenderGeometry), paint, canvas and the
// pipeline with its CPU backend (TileRenderPipeline), and the views and `Renderer` defined here. The
// Vulkan backend (TileRenderVulkan) is linked when the package trait `Vulkan` is on (the default).
@_exported import TileRenderGeometry
@_exported import TileRenderPipeline
// `@Observable` models read with `@Environment(Model.self)` and `@Bindable`, as in SwiftUI.
@_exported import Observation
