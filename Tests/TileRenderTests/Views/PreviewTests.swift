import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline

// Seed files keep their previews: `#Preview` (every form SwiftUI has) and `PreviewProvider` compile,
// with the preview closure type-checked; they draw nothing. These declarations are the compile test.

private struct PreviewedDot: View {
    var body: some View { Circle().fill(.red) }
}

#Preview {
    PreviewedDot()
}

#Preview("Three sizes") {
    VStack(spacing: 24) {
        PreviewedDot().frame(width: 120, height: 60)
        PreviewedDot().frame(width: 240, height: 100)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    PreviewedDot()
}

#Preview("Landscape", traits: .landscapeLeft, .fixedLayout(width: 300, height: 200)) {
    if Bool.random() { PreviewedDot() } else { Text("empty") }
}

private struct PreviewedDot_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            PreviewedDot()
                .environment(\.colorScheme, .light)
                .frame(width: 8, height: 8)
                .previewDisplayName("Light")
            NavigationView {
                PreviewedDot()
                    .environment(\.colorScheme, .dark)
            }
            .previewLayout(.sizeThatFits)
            .previewDevice("iPhone 15")
        }
    }
}

@Suite struct PreviewTests {
    /// A `PreviewProvider`'s `previews` is an ordinary view: it renders what the preview would show.
    @MainActor @Test func previewProvidersPreviewsRender() throws {
        let image = try ImageRenderer(content: PreviewedDot_Previews.previews.frame(width: 8, height: 8))
            .render(backend: .cpu)
        #expect(image.pixel(x: 4, y: 4).a == 255 && image.pixel(x: 4, y: 4).r > 200)
    }

    /// `NavigationView` and `NavigationStack` draw their content and nothing else (no bar).
    @Test func navigationContainersShowTheirContentOnly() throws {
        let plain = try ImageRenderer(content: Rectangle().fill(.blue).frame(width: 6, height: 6)).render(backend: .cpu)
        let inView = try ImageRenderer(content: NavigationView { Rectangle().fill(.blue).frame(width: 6, height: 6) }
            .navigationTitle("Trips")).render(backend: .cpu)
        let inStack = try ImageRenderer(content: NavigationStack { Rectangle().fill(.blue).frame(width: 6, height: 6) })
            .render(backend: .cpu)
        #expect(inView.width == plain.width && inView.height == plain.height && inView.pixels == plain.pixels)
        #expect(inStack.pixels == plain.pixels)
    }
}
