import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// Text drawn through GraphicsContext and as a view.
@Suite struct TextDrawingTests {
    /// The box of pixels with any alpha.
    private func inkBox(_ bitmap: Bitmap) -> CGRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).a > 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    @Test func textDrawnAtAPointInksAroundIt() throws {
        let bitmap = try renderCPU(width: 200, height: 60) { context in
            context.draw(Text("Hello").font(.system(size: 24)), at: CGPoint(x: 100, y: 30))
        }
        try? bitmap.writePNG(to: URL(fileURLWithPath: "/tmp/text-hello.png"))
        let box = try #require(inkBox(bitmap))
        // "Hello" at 24 pt is about 58 points wide and its capitals 17.5 high, centred on (100, 30).
        #expect(abs(box.midX - 100) < 2, "\(box)")
        #expect(box.width > 50 && box.width < 66, "\(box)")
        #expect(box.height > 16 && box.height < 20, "\(box)")
    }
}
