import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

private struct Counter: View {
    @State var count = 3
    @State var note: String? = nil
    var body: some View { Row(count: $count) }
}

private struct Row: View {
    @Binding var count: Int
    var body: some View { Color.red.frame(width: CGFloat(count) * 10, height: 10) }
}

/// `@State`, `@Binding`, `Button` and `onTapGesture` as a render sees them.
@Suite struct StateAndButtonTests {
    @Test func stateAndBindingsReadAndWrite() throws {
        let view = Counter()
        #expect(try ImageRenderer(content: view).render(backend: Backend.cpu).width == 30)
        view.$count.wrappedValue = 5   // through the binding, as a child view would write
        #expect(view.count == 5)
        #expect(try ImageRenderer(content: view).render(backend: Backend.cpu).width == 50)
        #expect(view.note == nil)
        // Key-path bindings and constants.
        let size = State(wrappedValue: CGSize(width: 1, height: 2))
        size.projectedValue.width.wrappedValue = 7
        #expect(size.wrappedValue == CGSize(width: 7, height: 2))
        let constant = Binding.constant(4)
        constant.wrappedValue = 9
        #expect(constant.wrappedValue == 4)
    }

    @Test func buttonsDrawTheirLabelInTheAccentColour() throws {
        var tapped = false
        let button = Button("Go") { tapped = true }.onTapGesture { tapped = true }
        let renderer = ImageRenderer(content: button)
        let bitmap = try renderer.render(backend: Backend.cpu)
        #expect(!tapped)
        let inked = (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap.pixel(x: $0, y: y) } }.filter { $0.a > 200 }
        #expect(!inked.isEmpty && inked.allSatisfy { $0.b > 200 && $0.r < 60 })
        #expect(try renderer.layoutSnapshot().leaves.map(\.text) == ["Go"])
        // A foreground style set around the button wins.
        let red = try ImageRenderer(content: Button(action: {}) { Rectangle().frame(width: 4, height: 4) }.foregroundStyle(Color.red))
            .render(backend: Backend.cpu)
        #expect(red.pixel(x: 2, y: 2).r == 255)
    }
}

private struct SchemeBadge: View {
    @Environment(\.colorScheme) var colorScheme
    var body: some View {
        (colorScheme == .dark ? Color.white : Color.black).frame(width: 4, height: 4)
    }
}

/// `@Environment` reads the environment a view is built in; `environment(_:_:)` sets it for a subtree.
@Suite struct EnvironmentTests {
    @Test func colorSchemeReachesEnvironmentProperties() throws {
        let light = try ImageRenderer(content: SchemeBadge()).render(backend: Backend.cpu)
        #expect(light.pixel(x: 1, y: 1) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))
        let dark = try ImageRenderer(content: SchemeBadge().environment(\.colorScheme, .dark)).render(backend: Backend.cpu)
        #expect(dark.pixel(x: 1, y: 1) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
        // In dark, the default foreground is white; a colour the view sets stays.
        let shapes = HStack(spacing: 0) { Rectangle().frame(width: 4, height: 4); Rectangle().fill(Color.red).frame(width: 4, height: 4) }
        let d = try ImageRenderer(content: shapes.preferredColorScheme(.dark)).render(backend: Backend.cpu)
        #expect(d.pixel(x: 1, y: 1) == Bitmap.Pixel(r: 255, g: 255, b: 255, a: 255))
        #expect(d.pixel(x: 5, y: 1).r == 255 && d.pixel(x: 5, y: 1).g < 100)
        // Outside a body, the defaults.
        #expect(SchemeBadge().colorScheme == .light)
    }
}
