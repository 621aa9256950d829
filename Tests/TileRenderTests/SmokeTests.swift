import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Test func emptySceneRendersTransparent() throws {
    let scene = Scene(size: CGSize(width: 4, height: 3))
    let bitmap = try Renderer(backend: .cpu).render(scene)
    #expect(bitmap.width == 4 && bitmap.height == 3)
    #expect(bitmap.pixels.allSatisfy { $0 == 0 })
}
