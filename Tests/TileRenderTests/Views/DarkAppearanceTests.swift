import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Named colours take iOS's dark values in `.dark` (HIG, iOS 15 and later) wherever they are drawn:
/// fills, gradients, canvases, shadows, colour filters, text; plain colours stay as they are.
@Suite struct DarkAppearanceTests {
    private func pixel<V: View>(_ view: V, x: Int = 4, y: Int = 4, backend: Backend = .cpu) throws -> Bitmap.Pixel {
        try ImageRenderer(content: view.frame(width: 8, height: 8)).render(backend: backend).pixel(x: x, y: y)
    }
    private func opaque(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Bitmap.Pixel { Bitmap.Pixel(r: r, g: g, b: b, a: 255) }

    @Test func namedColoursTakeTheirDarkValues() throws {
        let cases: [(Color, light: (UInt8, UInt8, UInt8), dark: (UInt8, UInt8, UInt8))] = [
            (.red, (255, 59, 48), (255, 69, 58)), (.blue, (0, 122, 255), (10, 132, 255)),
            (.green, (52, 199, 89), (48, 209, 88)), (.purple, (175, 82, 222), (191, 90, 242)),
            (.gray, (142, 142, 147), (142, 142, 147)), (.primary, (0, 0, 0), (255, 255, 255)),
        ]
        for (color, light, dark) in cases {
            #expect(try pixel(Rectangle().fill(color)) == opaque(light.0, light.1, light.2))
            #expect(try pixel(Rectangle().fill(color).environment(\.colorScheme, .dark)) == opaque(dark.0, dark.1, dark.2))
            // Read back through the environment, as SwiftUI's resolve(in:).
            var environment = EnvironmentValues()
            environment.colorScheme = .dark
            let resolved = color.resolve(in: environment)
            #expect(abs(Double(resolved.red) * 255 - Double(dark.0)) < 0.01 && abs(Double(resolved.blue) * 255 - Double(dark.2)) < 0.01)
        }
        // Opacity applies in both appearances.
        let half = try pixel(Rectangle().fill(Color.red.opacity(0.5)).environment(\.colorScheme, .dark))
        // Premultiplied 8-bit: (255, 69, 58) at 50%, each within a level of rounding.
        #expect(abs(Int(half.r) - 128) <= 1 && abs(Int(half.g) - 35) <= 1 && abs(Int(half.b) - 29) <= 1 && abs(Int(half.a) - 128) <= 1)
    }

    @Test func plainColoursStayTheSame() throws {
        let plain = Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255)
        #expect(try pixel(Rectangle().fill(plain).environment(\.colorScheme, .dark)) == opaque(255, 59, 48))
        // Changing a component of a named colour makes it a plain colour.
        var changed = Color.red
        changed.green = 0
        #expect(try pixel(Rectangle().fill(changed).environment(\.colorScheme, .dark)) == opaque(255, 0, 48))
        #expect(Color.red != plain && Color.red.lightColor == plain && Color.red.resolved(darkAppearance: false) == Color.red)
    }

    @Test func gradientsCanvasesAndFiltersFollowTheAppearance() throws {
        let gradient = Rectangle().fill(LinearGradient(colors: [.blue, .blue], startPoint: .leading, endPoint: .trailing))
        #expect(try pixel(gradient.environment(\.colorScheme, .dark)) == opaque(10, 132, 255))
        let canvas = Canvas { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 8)), with: .color(.green))
            context.fill(Path(CGRect(x: 4, y: 0, width: 4, height: 8)), with: .foreground)
        }
        #expect(try pixel(canvas.environment(\.colorScheme, .dark), x: 1) == opaque(48, 209, 88))
        #expect(try pixel(canvas.environment(\.colorScheme, .dark), x: 6) == opaque(255, 255, 255))
        #expect(try pixel(canvas, x: 6) == opaque(0, 0, 0))
        // A hard shadow in a named colour, to the right of a 2-point square.
        let shadowed = Rectangle().fill(.white).frame(width: 2, height: 8).shadow(color: .red, radius: 0, x: 4, y: 0)
            .frame(width: 8, height: 8, alignment: .leading)
        #expect(try pixel(shadowed.environment(\.colorScheme, .dark), x: 5) == opaque(255, 69, 58))
        #expect(try pixel(shadowed, x: 5) == opaque(255, 59, 48))
        // colorMultiply by a named colour, on white.
        #expect(try pixel(Rectangle().fill(.white).colorMultiply(.blue).environment(\.colorScheme, .dark)) == opaque(10, 132, 255))
    }

    @Test func theInnermostAppearanceWinsAndGroupsKeepIt() throws {
        let innerLight = Rectangle().fill(.red).environment(\.colorScheme, .light).environment(\.colorScheme, .dark)
        #expect(try pixel(innerLight) == opaque(255, 59, 48))
        #expect(try pixel(Rectangle().fill(.red).drawingGroup().preferredColorScheme(.dark)) == opaque(255, 69, 58))
        // A scene drawn without views is in the light appearance.
        var scene = Scene(size: CGSize(width: 4, height: 4))
        scene.draw { $0.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.red)) }
        #expect(try Renderer().render(scene).pixel(x: 2, y: 2) == opaque(255, 59, 48))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func darkViewsMatchOnVulkan() throws {
        let card = VStack(spacing: 2) {
            Rectangle().fill(LinearGradient(colors: [.red, .orange, .indigo], startPoint: .leading, endPoint: .trailing))
            Circle().fill(.mint).shadow(color: .pink, radius: 3, x: 2, y: 2)
            Text("Gate 42").foregroundStyle(.secondary)
        }
        .padding(4)
        .background(.background)
        .environment(\.colorScheme, .dark)
        let renderer = ImageRenderer(content: card)
        renderer.proposedSize = ProposedViewSize(width: 120, height: 120)
        expectVulkanParity(try renderer.render(backend: .cpu), try renderer.render(backend: .vulkan), "dark card")
    }
}
