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
        let box = try #require(inkBox(bitmap))
        // "Hello" at 24 pt is about 58 points wide and its capitals 17.5 high, centred on (100, 30).
        #expect(abs(box.midX - 100) < 2, "\(box)")
        #expect(box.width > 50 && box.width < 66, "\(box)")
        #expect(box.height > 16 && box.height < 20, "\(box)")
    }

    /// Mixed-direction text draws (the Arabic letters joined, the Hebrew reversed) without any glyph
    /// overlapping the next: the ink spans the shaped width.
    @Test func mixedDirectionTextDraws() throws {
        let text = Text(verbatim: "Tile \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{05E9}\u{05DC}\u{05D5}\u{05DD} 42").font(.system(size: 24))
        let bitmap = try renderCPU(width: 320, height: 50) { $0.draw(text, at: CGPoint(x: 10, y: 8), anchor: .topLeading) }
        if let dir = ProcessInfo.processInfo.environment["TILERENDER_WRITE_RENDERS"] {
            try bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent("mixed-direction.png"))
        }
        let box = try #require(inkBox(bitmap))
        let width = GraphicsContext(recorder: SceneRecorder(size: CGSize(width: 1, height: 1))).resolve(text).measure(in: CGSize(width: 1000, height: 100)).width
        #expect(abs(box.width - width) < 6, "ink \(box) for a shaped width of \(width)")
    }

    /// Text is paths: inside a clip it is cut like any fill, and inside `drawingGroup()` it renders
    /// offscreen with the same pixels as drawn directly.
    @Test func textInClipsAndDrawingGroups() throws {
        let text = Text("Clipped and grouped").font(.system(size: 22, weight: .bold))
        let whole = try renderCPU(width: 260, height: 40) { $0.draw(text, at: CGPoint(x: 130, y: 20)) }
        let clipped = try renderCPU(width: 260, height: 40) { context in
            context.clip(to: Path(CGRect(x: 0, y: 0, width: 130, height: 40)))
            context.draw(text, at: CGPoint(x: 130, y: 20))
        }
        for y in 0..<40 {
            for x in 0..<260 {
                let expected = x < 130 ? whole.pixel(x: x, y: y) : Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0)
                #expect(clipped.pixel(x: x, y: y) == expected, "(\(x), \(y))")
                if clipped.pixel(x: x, y: y) != expected { return }
            }
        }
        let direct = ImageRenderer(content: text.padding(4))
        let grouped = ImageRenderer(content: text.padding(4).drawingGroup())
        let a = try direct.render(backend: .cpu), b = try grouped.render(backend: .cpu)
        #expect(a.width == b.width && a.height == b.height)
        #expect(ImageDifference(a, b).maxAbs <= 1, "\(ImageDifference(a, b))")
    }
}
