import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Renders `view` on the CPU into a canvas of `width` x `height` (or the view's own size).
func renderView<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> Bitmap {
    let renderer = ImageRenderer(content: view)
    renderer.proposedSize = ProposedViewSize(width: width, height: height)
    return try renderer.render(backend: .cpu)
}

let redPixel = Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255)
let bluePixel = Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255)
let clearPixel = Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0)

@Suite struct ViewsLayoutTests {
    @Test func offsetPlacesTheFrameTopLeft() throws {
        let bitmap = try renderView(Circle().fill(.red).frame(width: 40, height: 40).offset(x: 10, y: 10), width: 100, height: 100)
        #expect(bitmap.width == 100 && bitmap.height == 100)
        #expect(bitmap.pixel(x: 30, y: 30) == redPixel)
        #expect(bitmap.pixel(x: 48, y: 30) == redPixel)
        #expect(bitmap.pixel(x: 30, y: 12) == redPixel)
        #expect(bitmap.pixel(x: 52, y: 30) == clearPixel)
        #expect(bitmap.pixel(x: 30, y: 8) == clearPixel)
        #expect(bitmap.pixel(x: 12, y: 12) == clearPixel)   // the circle's corner of the frame
    }

    @Test func positionPlacesTheCentre() throws {
        let bitmap = try renderView(Color.red.frame(width: 20, height: 20).position(x: 50, y: 30), width: 100, height: 100)
        #expect(bitmap.pixel(x: 41, y: 21) == redPixel)
        #expect(bitmap.pixel(x: 59, y: 39) == redPixel)
        #expect(bitmap.pixel(x: 39, y: 30) == clearPixel)
        #expect(bitmap.pixel(x: 61, y: 30) == clearPixel)
    }

    @Test func zStackCentresAndAligns() throws {
        let centred = try renderView(ZStack { Color.blue.frame(width: 60, height: 60); Color.red.frame(width: 20, height: 20) },
                                     width: 100, height: 100)
        #expect(centred.pixel(x: 21, y: 21) == redPixel)
        #expect(centred.pixel(x: 39, y: 39) == redPixel)
        #expect(centred.pixel(x: 18, y: 30) == bluePixel)
        #expect(centred.pixel(x: 70, y: 30) == clearPixel)
        let topLeading = try renderView(ZStack(alignment: .topLeading) {
            Color.blue.frame(width: 60, height: 60); Color.red.frame(width: 20, height: 20)
        }, width: 100, height: 100)
        #expect(topLeading.pixel(x: 1, y: 1) == redPixel)
        #expect(topLeading.pixel(x: 30, y: 30) == bluePixel)
    }

    @Test func hStackSpacingAndAlignment() throws {
        let bitmap = try renderView(HStack { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 20) })
        #expect(bitmap.width == 38 && bitmap.height == 20)   // default spacing 8
        #expect(bitmap.pixel(x: 5, y: 10) == redPixel)
        #expect(bitmap.pixel(x: 5, y: 2) == clearPixel)       // centred vertically: rows 5..<15
        #expect(bitmap.pixel(x: 14, y: 10) == clearPixel)
        #expect(bitmap.pixel(x: 19, y: 10) == bluePixel)
        let top = try renderView(HStack(alignment: .top, spacing: 0) {
            Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 20)
        })
        #expect(top.width == 30)
        #expect(top.pixel(x: 5, y: 2) == redPixel)
        #expect(top.pixel(x: 5, y: 12) == clearPixel)
    }

    @Test func flexibleChildrenShareTheRest() throws {
        let bitmap = try renderView(HStack(spacing: 0) { Color.red; Color.blue.frame(width: 20) }, width: 100, height: 50)
        #expect(bitmap.pixel(x: 79, y: 25) == redPixel)
        #expect(bitmap.pixel(x: 81, y: 25) == bluePixel)
        let spaced = try renderView(HStack(spacing: 0) {
            Color.red.frame(width: 10, height: 10); Spacer(); Color.blue.frame(width: 10, height: 10)
        }, width: 100, height: 10)
        #expect(spaced.pixel(x: 5, y: 5) == redPixel)
        #expect(spaced.pixel(x: 50, y: 5) == clearPixel)
        #expect(spaced.pixel(x: 95, y: 5) == bluePixel)
        let column = try renderView(VStack(spacing: 10) { Color.red; Color.blue }, width: 20, height: 110)
        #expect(column.pixel(x: 10, y: 49) == redPixel)
        #expect(column.pixel(x: 10, y: 55) == clearPixel)
        #expect(column.pixel(x: 10, y: 61) == bluePixel)
    }

    @Test func paddingAndFrameAlignment() throws {
        let padded = try renderView(Color.red.frame(width: 10, height: 10).padding().background(Color.blue))
        #expect(padded.width == 42 && padded.height == 42)
        #expect(padded.pixel(x: 20, y: 20) == redPixel)
        #expect(padded.pixel(x: 5, y: 5) == bluePixel)
        let edges = try renderView(Color.red.padding(.leading, 5).frame(width: 20, height: 10))
        #expect(edges.pixel(x: 2, y: 5) == clearPixel)
        #expect(edges.pixel(x: 7, y: 5) == redPixel)
        let aligned = try renderView(Color.red.frame(width: 10, height: 10).frame(width: 40, height: 40, alignment: .bottomTrailing))
        #expect(aligned.pixel(x: 35, y: 35) == redPixel)
        #expect(aligned.pixel(x: 25, y: 35) == clearPixel)
    }

    @Test func forEachMakesOneViewPerElement() throws {
        let row = try renderView(HStack(spacing: 2) { ForEach(0..<5) { _ in Color.red.frame(width: 10, height: 10) } })
        #expect(row.width == 58 && row.height == 10)
        #expect(row.pixel(x: 55, y: 5) == redPixel)
        #expect(row.pixel(x: 11, y: 5) == clearPixel)
        let sized = try renderView(HStack(spacing: 0) {
            ForEach([3, 5, 7], id: \.self) { w in Color.red.frame(width: CGFloat(w), height: 4) }
        })
        #expect(sized.width == 15)
        struct Item: Identifiable { let id: Int }
        let identified = try renderView(VStack(spacing: 1) { ForEach([Item(id: 1), Item(id: 2)]) { _ in Color.red.frame(width: 4, height: 4) } })
        #expect(identified.height == 9)
    }

    @Test func geometryReaderGetsTheProposedSize() throws {
        let bitmap = try renderView(GeometryReader { proxy in
            Color.red.frame(width: proxy.size.width / 2, height: proxy.size.height / 2)
        }, width: 100, height: 60)
        #expect(bitmap.pixel(x: 45, y: 25) == redPixel)
        #expect(bitmap.pixel(x: 55, y: 25) == clearPixel)
        #expect(bitmap.pixel(x: 45, y: 35) == clearPixel)
    }

    @Test func unspecifiedProposalTakesTheViewsSize() throws {
        let fixed = try renderView(Circle().frame(width: 30, height: 20))
        #expect(fixed.width == 30 && fixed.height == 20)
        #expect(fixed.pixel(x: 15, y: 10) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))   // default fill: black
        let flexible = try renderView(Canvas { _, _ in })
        #expect(flexible.width == 10 && flexible.height == 10)
        let half = try renderView(Color.red.frame(width: 30), height: 20)
        #expect(half.width == 30 && half.height == 20)
        let scene = ImageRenderer(content: Color.red.frame(width: 5, height: 6)).scene
        #expect(scene.size == CGSize(width: 5, height: 6))
        #expect(scene.commands.count == 1)
    }

    struct Badge: View {
        var filled: Bool
        var extra: Bool
        var body: some View {
            ZStack {
                if filled { Color.red } else { Color.blue }
                if extra { Color.red.frame(width: 4, height: 4) }
            }
            .frame(width: 10, height: 10)
        }
    }

    @Test func userViewsWithConditionals() throws {
        #expect(try renderView(Badge(filled: true, extra: false)).pixel(x: 1, y: 1) == redPixel)
        let other = try renderView(Badge(filled: false, extra: true))
        #expect(other.pixel(x: 1, y: 1) == bluePixel)
        #expect(other.pixel(x: 5, y: 5) == redPixel)
        #expect(try renderView(HStack(spacing: 0) { Badge(filled: true, extra: false); Badge(filled: false, extra: false) }).width == 20)
    }
}

@Suite struct ViewsBuilderTests {
    enum Kind { case red, blue, none }
    struct Swatch: View {
        var kind: Kind
        var body: some View {
            switch kind {
            case .red: Color.red
            case .blue: Color.blue
            case .none: EmptyView()
            }
        }
    }

    @Test func switchAndLoopsInBuilders() throws {
        #expect(try renderView(Swatch(kind: .blue), width: 4, height: 4).pixel(x: 1, y: 1) == bluePixel)
        #expect(try renderView(Swatch(kind: .none), width: 4, height: 4).pixel(x: 1, y: 1) == clearPixel)
        let row = try renderView(HStack(spacing: 0) {
            for kind in [Kind.red, .blue, .red] { Swatch(kind: kind).frame(width: 5, height: 5) }
        })
        #expect(row.width == 15)
        #expect(row.pixel(x: 7, y: 2) == bluePixel)
    }

    @Test func backgroundInShapeAndGlobalFrames() throws {
        let bitmap = try renderView(Color.clear.frame(width: 20, height: 20).background(.red, in: Circle()))
        #expect(bitmap.pixel(x: 1, y: 1) == clearPixel)
        #expect(bitmap.pixel(x: 10, y: 10) == redPixel)
        nonisolated(unsafe) var seen = CGRect.null
        _ = try renderView(GeometryReader { proxy in
            let _ = { seen = proxy.frame(in: .global) }()
            Color.red
        }.frame(width: 30, height: 20).offset(x: 5, y: 7), width: 50, height: 50)
        #expect(seen == CGRect(x: 5, y: 7, width: 30, height: 20))
    }
}
