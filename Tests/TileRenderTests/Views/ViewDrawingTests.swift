import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct ViewsDrawingTests {
    @Test func rotationEffectTurnsAboutTheCentre() throws {
        let bar = Rectangle().fill(.red).frame(width: 60, height: 20)
        let flat = try renderView(bar.offset(x: 0, y: 20), width: 60, height: 60)
        #expect(flat.pixel(x: 5, y: 30) == redPixel)
        let turned = try renderView(bar.rotationEffect(.degrees(90)).offset(x: 0, y: 20), width: 60, height: 60)
        #expect(turned.pixel(x: 5, y: 30) == clearPixel)
        #expect(turned.pixel(x: 30, y: 5) == redPixel)
        #expect(turned.pixel(x: 30, y: 55) == redPixel)
        #expect(turned.pixel(x: 18, y: 30) == clearPixel)
        let corner = try renderView(bar.rotationEffect(.degrees(90), anchor: .topLeading).offset(x: 20, y: 0), width: 60, height: 60)
        #expect(corner.pixel(x: 10, y: 30) == redPixel)   // x 0..<20, y 0..<60
        #expect(corner.pixel(x: 30, y: 10) == clearPixel)
    }

    @Test func scaleEffectAboutTheCentre() throws {
        let bitmap = try renderView(Color.red.frame(width: 20, height: 20).scaleEffect(2).offset(x: 20, y: 20), width: 60, height: 60)
        #expect(bitmap.pixel(x: 11, y: 11) == redPixel)
        #expect(bitmap.pixel(x: 48, y: 48) == redPixel)
        #expect(bitmap.pixel(x: 8, y: 30) == clearPixel)
    }

    @Test func opacityIsGroupOpacity() throws {
        let pair = ZStack { Color.red.frame(width: 20, height: 20); Color.red.frame(width: 20, height: 20) }
        let group = try renderView(pair.opacity(0.5))
        #expect(abs(Int(group.pixel(x: 10, y: 10).a) - 128) <= 1)
        // On a ForEach the opacity applies to each view, so overlaps darken.
        let each = try renderView(ZStack { ForEach(0..<2) { _ in Color.red.frame(width: 20, height: 20) }.opacity(0.5) })
        #expect(abs(Int(each.pixel(x: 10, y: 10).a) - 191) <= 1)
    }

    @Test func clipShapeAndCornerRadius() throws {
        let clipped = try renderView(Color.red.frame(width: 40, height: 40).clipShape(Circle()))
        #expect(clipped.pixel(x: 2, y: 2) == clearPixel)
        #expect(clipped.pixel(x: 20, y: 20) == redPixel)
        let rounded = try renderView(Color.red.frame(width: 40, height: 40).cornerRadius(10).offset(x: 5, y: 5), width: 50, height: 50)
        #expect(rounded.pixel(x: 6, y: 6) == clearPixel)
        #expect(rounded.pixel(x: 25, y: 6) == redPixel)
        // clipped(): an overflowing child is cut at the frame.
        let overflow = Color.red.frame(width: 40, height: 40).frame(width: 20, height: 20)
        let unclipped = try renderView(overflow.offset(x: 20, y: 20), width: 60, height: 60)
        #expect(unclipped.pixel(x: 12, y: 30) == redPixel)
        let cut = try renderView(overflow.clipped().offset(x: 20, y: 20), width: 60, height: 60)
        #expect(cut.pixel(x: 12, y: 30) == clearPixel)
        #expect(cut.pixel(x: 30, y: 30) == redPixel)
    }

    @Test func strokeBorderStaysInsideTheFrame() throws {
        let stroked = try renderView(Circle().stroke(.blue, lineWidth: 10).frame(width: 40, height: 40).offset(x: 20, y: 20), width: 80, height: 80)
        #expect(stroked.pixel(x: 40, y: 16) == bluePixel)     // spills 5 pt above the frame
        #expect(stroked.pixel(x: 40, y: 23) == bluePixel)
        let border = try renderView(Circle().strokeBorder(.blue, lineWidth: 10).frame(width: 40, height: 40).offset(x: 20, y: 20), width: 80, height: 80)
        #expect(border.pixel(x: 40, y: 16) == clearPixel)
        #expect(border.pixel(x: 40, y: 21) == bluePixel)
        #expect(border.pixel(x: 40, y: 28) == bluePixel)
        #expect(border.pixel(x: 40, y: 31) == clearPixel)
    }

    @Test func backgroundBelowOverlayAbove() throws {
        let back = try renderView(Color.red.frame(width: 20, height: 20).background(Color.blue.frame(width: 40, height: 40)).offset(x: 20, y: 20),
                                  width: 60, height: 60)
        #expect(back.pixel(x: 30, y: 30) == redPixel)
        #expect(back.pixel(x: 15, y: 15) == bluePixel)
        let over = try renderView(Color.red.frame(width: 20, height: 20).overlay(Color.blue.frame(width: 10, height: 10)))
        #expect(over.pixel(x: 10, y: 10) == bluePixel)
        #expect(over.pixel(x: 2, y: 2) == redPixel)
        let styled = try renderView(Circle().fill(.red).frame(width: 20, height: 20).background(.blue))
        #expect(styled.pixel(x: 1, y: 1) == bluePixel)
        #expect(styled.pixel(x: 10, y: 10) == redPixel)
        let bordered = try renderView(Color.white.frame(width: 20, height: 20).border(.black, width: 2))
        #expect(bordered.pixel(x: 1, y: 10) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(bordered.pixel(x: 3, y: 10) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func foregroundStyleAndFillThenStroke() throws {
        let black = Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255)
        #expect(try renderView(Circle().frame(width: 20, height: 20)).pixel(x: 10, y: 10) == black)
        #expect(try renderView(Circle().frame(width: 20, height: 20).foregroundStyle(.red)).pixel(x: 10, y: 10) == redPixel)
        #expect(try renderView(VStack { Rectangle().fill(.foreground).frame(width: 4, height: 4) }.foregroundStyle(.blue))
                    .pixel(x: 2, y: 2) == bluePixel)
        let both = try renderView(Circle().fill(.red).stroke(.blue, lineWidth: 4).frame(width: 40, height: 40).offset(x: 10, y: 10),
                                  width: 60, height: 60)
        #expect(both.pixel(x: 30, y: 30) == redPixel)
        #expect(both.pixel(x: 30, y: 11) == bluePixel)
        #expect(both.pixel(x: 30, y: 9) == bluePixel)      // the stroke spills 2 pt out (edge at y 8)
        #expect(both.pixel(x: 30, y: 6) == clearPixel)
    }

    @Test func canvasDrawsInItsFrame() throws {
        let bitmap = try renderView(Canvas { context, size in
            context.fill(Path(CGRect(origin: .zero, size: size)), with: .color(.red))
        }.frame(width: 20, height: 20).offset(x: 10, y: 10), width: 40, height: 40)
        #expect(bitmap.pixel(x: 8, y: 15) == clearPixel)
        #expect(bitmap.pixel(x: 11, y: 11) == redPixel)
        #expect(bitmap.pixel(x: 29, y: 29) == redPixel)
        #expect(bitmap.pixel(x: 31, y: 20) == clearPixel)
    }

    @Test func blendModeAndDrawingGroup() throws {
        let difference = try renderView(ZStack { Color.white; Color.white.blendMode(.difference) }, width: 4, height: 4)
        #expect(difference.pixel(x: 1, y: 1) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))
        let multiply = try renderView(ZStack { Color.white; Color.red.blendMode(.multiply) }, width: 4, height: 4)
        #expect(multiply.pixel(x: 1, y: 1) == redPixel)
        let grouped = try renderView(ZStack { Color.blue; Color.red.frame(width: 2, height: 2) }.drawingGroup(), width: 4, height: 4)
        #expect(grouped.pixel(x: 0, y: 0) == bluePixel)
        #expect(grouped.pixel(x: 2, y: 2) == redPixel)
    }
}
