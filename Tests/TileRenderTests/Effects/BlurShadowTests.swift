import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Blur and shadow filters: the properties the effects issue names, the blur's shape, scoping, the
/// view modifiers and the documented results for bad input.
@Suite struct BlurShadowTests {
    private let blue = Color(red: 0, green: 122 / 255, blue: 1)

    /// A transparent canvas with a `square` filled through `filters` (added to the context, so the
    /// fill is filtered on its own).
    private func render(size: Int = 96, square: CGRect = CGRect(x: 32, y: 32, width: 32, height: 32),
                        _ filters: [GraphicsContext.Filter], backend: Backend = .cpu, color: Color? = nil) throws -> Bitmap {
        var scene = Scene(size: CGSize(width: size, height: size))
        scene.draw { context in
            var c = context
            for f in filters { c.addFilter(f) }
            c.fill(Path(square), with: .color(color ?? blue))
        }
        return try Renderer(backend: backend).render(scene)
    }

    private func alphaSum(_ b: Bitmap) -> Int {
        var total = 0
        for y in 0..<b.height { for x in 0..<b.width { total += Int(b.pixel(x: x, y: y).a) } }
        return total
    }

    @Test(arguments: [0.5, 2.0, 6.0, 12.0, 30.0])
    func aBlurKeepsTheTotalAlpha(radius: Double) throws {
        let plain = try render(size: 160, square: CGRect(x: 60, y: 60, width: 40, height: 40), [])
        let blurred = try render(size: 160, square: CGRect(x: 60, y: 60, width: 40, height: 40), [.blur(radius: radius)])
        let before = alphaSum(plain), after = alphaSum(blurred)
        // Each pixel rounds to a level: the sum may drift by half a level per touched pixel at most.
        #expect(abs(after - before) <= before / 100, "radius \(radius): \(before) -> \(after)")
        // It really blurred: the square's edge is softer and its corner pixel lost alpha.
        if radius >= 2 {
            #expect(blurred.pixel(x: 60, y: 60).a < 200 && blurred.pixel(x: 58, y: 80).a > 0, "\(blurred.pixel(x: 60, y: 60))")
        }
    }

    @Test func aBlurIsSymmetricAndFallsOffLikeAGaussian() throws {
        let b = try render(size: 128, square: CGRect(x: 63, y: 63, width: 2, height: 2), [.blur(radius: 6)])
        // Mirror symmetry about the square's centre (64, 64).
        for d in 1..<12 {
            #expect(b.pixel(x: 64 + d, y: 64) == b.pixel(x: 63 - d, y: 64), "x \(d)")
            #expect(b.pixel(x: 64, y: 64 + d) == b.pixel(x: 64, y: 63 - d), "y \(d)")
            #expect(b.pixel(x: 64 + d, y: 64 + d) == b.pixel(x: 64 + d, y: 64 + d), "diagonal \(d)")
        }
        // Monotonic fall-off, and nothing beyond 3 sigma (9 pixels) plus the square.
        var last = Int(b.pixel(x: 64, y: 64).a)
        for d in 1..<12 {
            let a = Int(b.pixel(x: 64 + d, y: 64).a)
            #expect(a <= last, "not falling at \(d)")
            last = a
        }
        #expect(b.pixel(x: 64 + 12, y: 64).a == 0)
    }

    @Test func aShadowIsTheBlurredAlphaMoved() throws {
        let still = try render([.shadow(color: .black, radius: 6, x: 0, y: 0, options: .shadowOnly)])
        let moved = try render([.shadow(color: .black, radius: 6, x: 5, y: -7, options: .shadowOnly)])
        var compared = 0
        for y in 8..<88 {
            for x in 8..<88 {
                #expect(moved.pixel(x: x + 5, y: y - 7) == still.pixel(x: x, y: y), "(\(x), \(y))")
                compared += 1
            }
        }
        #expect(compared > 0)
        // The shadow is black at the blurred alpha of the square: opaque inside, soft at the edges.
        #expect(still.pixel(x: 48, y: 48) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(still.pixel(x: 32, y: 48).a > 64 && still.pixel(x: 32, y: 48).a < 192)
        // And it equals the blur of the square painted black.
        let blurredBlack = try render([.blur(radius: 6)], color: .black)
        for y in stride(from: 20, to: 76, by: 3) { for x in stride(from: 20, to: 76, by: 3) {
            let p = still.pixel(x: x, y: y), q = blurredBlack.pixel(x: x, y: y)
            #expect(abs(Int(p.a) - Int(q.a)) <= 1, "(\(x), \(y)): \(p) \(q)")
        } }
    }

    @Test func aShadowIsDrawnUnderTheContentInItsColour() throws {
        let shadowColor = Color(red: 1, green: 0, blue: 0, opacity: 0.5)
        let b = try render([.shadow(color: shadowColor, radius: 0, x: 10, y: 10)])
        // The content is unchanged, the hard shadow shows beside it at half alpha, red.
        #expect(b.pixel(x: 40, y: 40) == Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255))
        #expect(b.pixel(x: 70, y: 70) == Bitmap.Pixel(r: 128, g: 0, b: 0, a: 128))
        #expect(b.pixel(x: 20, y: 20).a == 0 && b.pixel(x: 80, y: 30).a == 0)
        // shadowAbove: the shadow covers the content where they overlap.
        let above = try render([.shadow(color: shadowColor, radius: 0, x: 10, y: 10, options: .shadowAbove)])
        let overlap = above.pixel(x: 50, y: 50)
        #expect(overlap.r == 128 && overlap.a == 255 && abs(Int(overlap.b) - 128) <= 1, "\(overlap)")
    }

    @Test func anInvertedShadowLiesInsideTheContent() throws {
        let b = try render([.shadow(color: .black, radius: 0, x: 6, y: 6, options: [.shadowAbove, .invertsAlpha])])
        // Inside the square's top-left band the inverted alpha casts black; its far corner stays blue;
        // outside the square nothing is drawn.
        #expect(b.pixel(x: 34, y: 34) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(b.pixel(x: 60, y: 60) == Bitmap.Pixel(r: 0, g: 122, b: 255, a: 255))
        #expect(b.pixel(x: 20, y: 20).a == 0 && b.pixel(x: 70, y: 70).a == 0)
    }

    @Test func aScreenShadowOfBlackLeavesTheBackdropAlone() throws {
        // The seed's cogs: .shadow(color: .black, ..., blendMode: .screen) on a white canvas shows nothing.
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .color(.white))
            var c = context
            c.addFilter(.shadow(color: .black, radius: 3, x: 3, y: 3, blendMode: .screen))
            c.stroke(Path(ellipseIn: CGRect(x: 12, y: 12, width: 40, height: 40)), with: .color(Color(red: 1, green: 0, blue: 0)), lineWidth: 2)
        }
        var plain = Scene(size: CGSize(width: 64, height: 64))
        plain.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .color(.white))
            context.stroke(Path(ellipseIn: CGRect(x: 12, y: 12, width: 40, height: 40)), with: .color(Color(red: 1, green: 0, blue: 0)), lineWidth: 2)
        }
        #expect(try Renderer(backend: .cpu).render(scene) == Renderer(backend: .cpu).render(plain))
        // With the normal blend mode the same shadow darkens the canvas below and right of the ring.
        var visible = Scene(size: CGSize(width: 64, height: 64))
        visible.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 64, height: 64)), with: .color(.white))
            var c = context
            c.addFilter(.shadow(color: .black, radius: 3, x: 3, y: 3))
            c.stroke(Path(ellipseIn: CGRect(x: 12, y: 12, width: 40, height: 40)), with: .color(Color(red: 1, green: 0, blue: 0)), lineWidth: 2)
        }
        #expect(try Renderer(backend: .cpu).render(visible).pixel(x: 56, y: 35).r < 250)
    }

    @Test func aShadowIsNotCutAtTheCanvasOrTileEdges() throws {
        // A square mostly outside the canvas casts its shadow into it; the frame reaches beyond the
        // canvas by the blur and the offset.
        let b = try render(size: 64, square: CGRect(x: -40, y: 10, width: 40, height: 40),
                           [.shadow(color: .black, radius: 4, x: 12, y: 0, options: .shadowOnly)])
        #expect(b.pixel(x: 6, y: 30).a == 255 && b.pixel(x: 12, y: 30).a > 64, "\(b.pixel(x: 12, y: 30))")
        // Across tile boundaries (16 px) the blur is continuous: no step between neighbours.
        let c = try render(size: 96, square: CGRect(x: 30, y: 30, width: 36, height: 36), [.blur(radius: 10)])
        for x in 14..<82 {
            let a = Int(c.pixel(x: x, y: 48).a), b2 = Int(c.pixel(x: x + 1, y: 48).a)
            #expect(abs(a - b2) < 24, "step at \(x): \(a) -> \(b2)")
        }
    }

    @Test func filtersComposeInOrderAndLayersAreFilteredWhole() throws {
        // blur then grayscale is grey; a layer's two squares are blurred together (one group).
        let grey = try render([.blur(radius: 4), .grayscale(1)], color: Color(red: 1, green: 0, blue: 0))
        let p = grey.pixel(x: 48, y: 48)
        #expect(p.r == p.g && p.g == p.b && p.a == 255, "\(p)")
        var scene = Scene(size: CGSize(width: 96, height: 96))
        scene.draw { context in
            var c = context
            c.addFilter(.blur(radius: 8))
            c.opacity = 0.5
            c.drawLayer { layer in
                layer.fill(Path(CGRect(x: 20, y: 20, width: 40, height: 40)), with: .color(blue))
                layer.fill(Path(CGRect(x: 40, y: 40, width: 40, height: 40)), with: .color(blue))
            }
        }
        let layered = try Renderer(backend: .cpu).render(scene)
        // The overlap is not doubled (one layer at half opacity) and the blur softened the edges.
        #expect(abs(Int(layered.pixel(x: 50, y: 50).a) - 128) <= 1, "\(layered.pixel(x: 50, y: 50))")
        #expect(layered.pixel(x: 20, y: 40).a < 100)
    }

    @Test func theClipCutsTheFilteredResult() throws {
        var scene = Scene(size: CGSize(width: 96, height: 96))
        scene.draw { context in
            var c = context
            c.clip(to: Path(CGRect(x: 0, y: 0, width: 48, height: 96)))
            c.addFilter(.shadow(color: .black, radius: 2, x: 20, y: 0))
            c.fill(Path(CGRect(x: 10, y: 10, width: 30, height: 30)), with: .color(blue))
        }
        let b = try Renderer(backend: .cpu).render(scene)
        #expect(b.pixel(x: 45, y: 25).a == 255 && b.pixel(x: 55, y: 25).a == 0)
    }

    @Test func sizesFollowTheTransformWhenTheFilterIsAdded() throws {
        // At 2x, a shadow offset of 5 points moves 10 pixels.
        var scene = Scene(size: CGSize(width: 128, height: 128))
        scene.draw { context in
            var c = context
            c.scaleBy(x: 2, y: 2)
            c.addFilter(.shadow(color: .black, radius: 0, x: 5, y: 0, options: .shadowOnly))
            c.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(blue))
        }
        let b = try Renderer(backend: .cpu).render(scene)
        #expect(b.pixel(x: 29, y: 40).a == 0 && b.pixel(x: 31, y: 40).a == 255 && b.pixel(x: 69, y: 40).a == 255 && b.pixel(x: 71, y: 40).a == 0)
    }

    @Test func anOpaqueBlurKeepsItsEdges() throws {
        let b = try render(size: 64, square: CGRect(x: 8, y: 8, width: 48, height: 48), [.blur(radius: 10, options: .opaque)])
        // The edge pixels are read repeated: the square stays opaque to its edge and nothing spills out.
        #expect(b.pixel(x: 8, y: 8).a == 255 && b.pixel(x: 55, y: 30).a == 255 && b.pixel(x: 6, y: 30).a == 0)
    }

    @Test func badRadiiAndOffsetsAreDocumented() throws {
        let plain = try render([])
        // Radius 0, negative, NaN or infinite: the blur changes nothing.
        for r in [0.0, -5, .nan, .infinity] { #expect(try render([.blur(radius: r)]) == plain, "\(r)") }
        // A non-finite shadow changes nothing; a huge radius is clamped to `BlurLine.maximumSigma`
        // and still ends (three box passes cost the same for any radius).
        #expect(try render([.shadow(radius: .nan)]) == plain)
        #expect(try render([.shadow(radius: 4, x: .infinity)]) == plain)
        let huge = try render([.blur(radius: 1e9)])
        #expect(alphaSum(huge) < alphaSum(plain))
        // A shadow offset of 1e12 moves the shadow out of sight; the content stays.
        let far = try render([.shadow(color: .black, radius: 2, x: 1e12, y: 1e12)])
        #expect(far == plain)
        // 1000 chained blurs: the first `maxFilters` apply and the render ends.
        let many = try render(size: 48, square: CGRect(x: 16, y: 16, width: 16, height: 16),
                              [GraphicsContext.Filter](repeating: .blur(radius: 0.5), count: 1000))
        #expect(many.pixel(x: 24, y: 24).a > 0)
    }

    @Test func theViewModifiersDrawBlurAndShadow() throws {
        let view = Rectangle().fill(blue).frame(width: 40, height: 40).padding(20)
        let plain = try ImageRenderer(content: view).render()
        let blurred = try ImageRenderer(content: view.blur(radius: 8)).render()
        #expect(blurred.pixel(x: 20, y: 40).a < 200 && blurred.pixel(x: 16, y: 40).a > 0)
        #expect(alphaSum(blurred) > alphaSum(plain) * 95 / 100 && alphaSum(blurred) < alphaSum(plain) * 105 / 100)
        let shadowed = try ImageRenderer(content: view.shadow(color: .black, radius: 0, x: 6, y: 6)).render()
        #expect(shadowed.pixel(x: 63, y: 63) == Bitmap.Pixel(r: 0, g: 0, b: 0, a: 255))
        #expect(shadowed.pixel(x: 30, y: 30) == plain.pixel(x: 30, y: 30))
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func vulkanMatchesTheCPU() throws {
        var scene = Scene(size: CGSize(width: 160, height: 120))
        scene.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 160, height: 120)), with: .color(.white))
            var c = context
            c.addFilter(.shadow(color: Color(red: 0.2, green: 0, blue: 0.4, opacity: 0.7), radius: 7, x: 4, y: 6))
            c.fill(Path(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 50)), with: .color(blue))
            var b = context
            b.addFilter(.blur(radius: 3))
            b.addFilter(.saturation(0.3))
            b.fill(Path(roundedRect: CGRect(x: 90, y: 30, width: 50, height: 60), cornerRadius: 10), with: .color(Color(red: 1, green: 0.6, blue: 0)))
            var s = context
            s.addFilter(.shadow(color: .black, radius: 1.5, x: -3, y: 3, blendMode: .multiply, options: .shadowAbove))
            s.stroke(Path(ellipseIn: CGRect(x: 30, y: 80, width: 100, height: 30)), with: .color(.red), lineWidth: 3)
        }
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), "blur and shadow")
        // The filters ran on the device: every output the groups draw is a device image (the
        // `.multiply` shadow's program has two).
        let resolved = try Renderer(backend: .vulkan).resolvingOffscreenGroups(scene)
        #expect(residentImageCount(resolved) == 4)
        #expect(residentImageCount(try Renderer(backend: .cpu).resolvingOffscreenGroups(scene)) == 0)
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"), arguments: [0.6, 1.9, 2.0, 5.0, 33.0])
    func vulkanBlursLikeTheCPU(radius: Double) throws {
        // Gaussian taps below sigma 2, box passes from 2 (odd and even box sizes), opaque edges.
        for options in [GraphicsContext.BlurOptions(), .opaque] {
            var scene = Scene(size: CGSize(width: 120, height: 90))
            scene.draw { context in
                var c = context
                c.addFilter(.blur(radius: radius, options: options))
                c.fill(Path(CGRect(x: 10, y: 14, width: 70, height: 50)), with: .color(Color(red: 0.9, green: 0.5, blue: 0.1, opacity: 0.8)))
            }
            expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), "radius \(radius) \(options)")
        }
    }
}
