import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct BlendModeTests {
    /// One pixel: `below` filled first, then `above` drawn with `mode`.
    private func pixel(_ below: Color, _ above: Color, _ mode: GraphicsContext.BlendMode, backend: Backend = .cpu) throws -> Bitmap.Pixel {
        var scene = Scene(size: CGSize(width: 4, height: 4))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(below))
            ctx.blendMode = mode
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 2)), with: .color(above))
        }
        return try Renderer(backend: backend).render(scene).pixel(x: 1, y: 1)
    }

    private let gray = Color(white: 0.5)

    @Test func separableModes() throws {
        #expect(try pixel(.white, .red, .multiply) == Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255))
        #expect(try pixel(gray, gray, .multiply).r == 64)
        #expect(try pixel(gray, gray, .screen).r == 191)
        #expect(try pixel(Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1), .difference)
                == Bitmap.Pixel(r: 255, g: 0, b: 255, a: 255))
        #expect(try pixel(gray, .white, .darken).r == 128)
        #expect(try pixel(gray, .white, .lighten).r == 255)
        #expect(try pixel(gray, gray, .exclusion).r == 128)
    }

    @Test func porterDuffModes() throws {
        #expect(try pixel(.red, .blue, .clear) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0))
        #expect(try pixel(.red, Color.blue.opacity(0.5), .copy) == Bitmap.Pixel(r: 0, g: 61, b: 128, a: 128))
        #expect(try pixel(.red, .blue, .destinationOut).a == 0)
        #expect(try pixel(.red, .blue, .destinationOver) == Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255))
        #expect(try pixel(.red, .blue, .sourceAtop) == Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255))
        #expect(try pixel(gray, gray, .plusLighter).r == 255)
        #expect(try pixel(.clear, .blue, .sourceIn).a == 0)
        #expect(try pixel(.clear, .blue, .sourceOut) == Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255))
        // Where the drawing does not reach, nothing changes, whatever the mode.
        var scene = Scene(size: CGSize(width: 4, height: 4))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(.red))
            ctx.blendMode = .clear
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 2)), with: .color(.blue))
        }
        #expect(try Renderer(backend: .cpu).render(scene).pixel(x: 1, y: 3) == Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255))
    }

    @Test func nonSeparableModesKeepTheirComponent() throws {
        // Luminosity of white onto red: red's hue and saturation at white's luminosity (clipped).
        let p = try pixel(.red, .white, .luminosity)
        #expect(p.a == 255 && p.r == 255)
        // Color of gray onto gray is gray.
        #expect(try pixel(gray, gray, .color).r == 128)
    }

    @Test func layerCompositesWithItsBlendMode() throws {
        var scene = Scene(size: CGSize(width: 4, height: 4))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(Color(white: 0.5)))
            ctx.blendMode = .multiply
            ctx.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 4, height: 4)), with: .color(Color(white: 0.5)))
            }
        }
        #expect(try Renderer(backend: .cpu).render(scene).pixel(x: 1, y: 1).r == 64)
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func everyModeMatchesOnVulkan() throws {
        for raw in Int32(0)...27 {
            let mode = GraphicsContext.BlendMode(rawValue: raw)
            var scene = Scene(size: CGSize(width: 64, height: 40))
            scene.draw { ctx in
                samplePicture(&ctx, count: 8, extent: 64)
                ctx.blendMode = mode
                ctx.fill(Path(ellipseIn: CGRect(x: 4, y: 4, width: 56, height: 32)),
                         with: .linearGradient(Gradient(colors: [Color.orange.opacity(0.7), .purple]),
                                               startPoint: .zero, endPoint: CGPoint(x: 64, y: 40)))
            }
            let cpu = try Renderer(backend: .cpu).render(scene), gpu = try Renderer(backend: .vulkan).render(scene)
            let worst = zip(cpu.pixels, gpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 1, "mode \(raw): worst \(worst)")
        }
    }
}

@Suite struct BlendOcclusionTests {
    /// An opaque full-tile fill with a blend mode other than normal must not hide what is below it.
    @Test func blendedCoverDoesNotOcclude() throws {
        var scene = Scene(size: CGSize(width: 32, height: 32))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(Color(white: 0.5)))
            ctx.blendMode = .multiply
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 32, height: 32)), with: .color(Color(white: 0.5)))
        }
        #expect(try Renderer(backend: .cpu).render(scene).pixel(x: 5, y: 5).r == 64)
    }
}
