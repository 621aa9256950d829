import Foundation
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderSVG

/// `body` inside an `<svg>` of `size` x `size` pixels, imported and rendered on `backend`.
func renderSVGSnippet(_ body: String, size: Int = 40, backend: Backend = .cpu) throws -> (SVGDocument, Bitmap) {
    let document = try SVGDocument.parse(data: Data("""
        <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)">\(body)</svg>
        """.utf8))
    return (document, try Renderer(backend: backend).render(document.makeScene()))
}
