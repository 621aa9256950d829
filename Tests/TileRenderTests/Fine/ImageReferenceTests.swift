import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// Images drawn by reference (`SceneImages`): the encoding keeps each bitmap's own pixel storage, the
// fine stage reads the texels there, and no frame copies them. Their bytes against the same scenes
// drawn from copies of the texels.

/// The address of a bitmap's pixel storage.
private func storage(_ bitmap: Bitmap) -> UnsafeRawPointer? {
    bitmap.pixels.withUnsafeBytes { $0.baseAddress }
}

@Suite struct ImageReferenceTests {
    private let size = CGSize(width: 70, height: 50)

    /// The encoding holds the bitmap itself (its storage, not a copy of its texels), once for every
    /// draw of it, and lays it out in the texel space the paints name.
    @Test func theEncodingHoldsTheBitmapsStorage() throws {
        let image = try testImage(width: 40, height: 30, seed: 5) { x, _ in x % 3 == 0 ? 128 : 255 }
        let other = try testImage(width: 9, height: 7, seed: 6) { _, _ in 255 }
        var scene = Scene(size: size)
        scene.draw { ctx in
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: 40, height: 30))
            ctx.draw(other, in: CGRect(x: 3, y: 4, width: 20, height: 10))
            ctx.draw(image, in: CGRect(x: 10, y: 5, width: 60, height: 45))
        }
        let encoding = EncodedScene(scene)
        let images = encoding.images
        #expect(images.entries.count == 2 && images.texelCount == 40 * 30 + 9 * 7)
        try #require(encoding.paints.count == 3)
        #expect(encoding.paints[0].firstTexel == 0 && encoding.paints[2].firstTexel == 0)
        #expect(encoding.paints[1].firstTexel == 40 * 30)
        for (entry, bitmap) in zip(images.entries, [image.bitmap, other.bitmap]) {
            guard case .bitmap(let held) = entry.texels else { Issue.record("not a bitmap"); continue }
            #expect(storage(held) == storage(bitmap), "the encoding copied the texels")
        }
    }

    /// The fine stage reads an image paint's texels from the bitmap's own storage.
    @Test func theFineStageReadsTheBitmapWhereItLies() throws {
        let image = try testImage(width: 33, height: 21, seed: 7) { _, _ in 255 }
        var scene = Scene(size: size)
        scene.draw { $0.draw(image, in: CGRect(x: 2, y: 3, width: 33, height: 21)) }
        let binnedScene = try binned(scene)
        let paint = try #require(binnedScene.paints.first)
        FineInput.with(binnedScene) { input in
            #expect(input.images.count == 1)
            #expect(UnsafeRawPointer(input.image(of: paint)?.texels.baseAddress) == storage(image.bitmap), "the fine stage reads a copy")
        }
        // A test's copy is elsewhere, with the same texels.
        FineInput.with(binnedScene, copyingImages: true) { input in
            guard let texels = input.image(of: paint)?.texels.baseAddress else { Issue.record("no texels"); return }
            #expect(UnsafeRawPointer(texels) != storage(image.bitmap))
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(texels), count: 33 * 21 * 4)
            #expect(Array(bytes) == image.bitmap.pixels)
        }
    }

    /// Images drawn every way (on whole texels or not, scaled, rotated, tiled, translucent, under a
    /// blend mode, sampled nearest, past the canvas, several images over each other) draw the same
    /// bytes read where they lie as read from copies, at 1 and 3 workers' tile order, with and
    /// without the fast paths.
    @Test(arguments: [true, false])
    func imagesByReferenceDrawTheBytesOfCopies(fastPaths: Bool) throws {
        let opaque = try testImage(width: 40, height: 30, seed: 8) { _, _ in 255 }
        let mixed = try testImage(width: 23, height: 17, seed: 9) { x, y in [255, 140, 0, 255, 3][(x / 3 + y / 2) % 5] }
        var scene = Scene(size: size)
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: -2, y: -2, width: 80, height: 60)), with: .color(Color(red: 0.2, green: 0.5, blue: 0.7)))
            ctx.draw(opaque, in: CGRect(x: -5, y: -3, width: 40, height: 30))
            ctx.draw(mixed, in: CGRect(x: 30, y: 20, width: 23, height: 17))
            ctx.draw(mixed, in: CGRect(x: 8.5, y: 25.25, width: 50, height: 20))
            ctx.draw(opaque.interpolation(.none), in: CGRect(x: 40, y: 0, width: 27, height: 13))
            ctx.fill(Path(CGRect(x: 0, y: 35, width: 70, height: 15)), with: .tiledImage(mixed, origin: CGPoint(x: 3, y: 1), scale: 0.7))
            var rotated = ctx
            rotated.translateBy(x: 35, y: 25)
            rotated.rotate(by: .degrees(17))
            rotated.opacity = 0.6
            rotated.draw(mixed, in: CGRect(x: -12, y: -9, width: 23, height: 17))
            var blended = ctx
            blended.blendMode = .multiply
            blended.draw(opaque, in: CGRect(x: 20, y: 10, width: 40, height: 30))
        }
        let binnedScene = try binned(scene)
        let (w, h) = try Scene.pixelSize(for: scene.size)
        func draw(copying: Bool, chunk: Int) -> [UInt8] {
            var pixels = (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let rasterizer = FineRasterizer()
            pixels.withUnsafeMutableBytes { raw in
                let target = RenderTarget(base: raw.baseAddress!, width: w, height: h, bytesPerRow: w * 4)
                FineInput.with(binnedScene, copyingImages: copying) { input in
                    let count = binnedScene.tilesX * binnedScene.tilesY
                    for start in stride(from: 0, to: count, by: chunk) {
                        rasterizer.rasterizeTiles(start..<min(count, start + chunk), input: input, target: target,
                                                  fastPaths: fastPaths, integerTiles: false)
                    }
                }
            }
            return pixels
        }
        let reference = draw(copying: true, chunk: 1)
        #expect(reference != (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        for chunk in [1, 3, 64] {
            #expect(draw(copying: false, chunk: chunk) == reference, "chunk \(chunk)")
        }
    }

    /// A bitmap's opacity is found once and kept with its pixels (shared by copies); a translucent
    /// pixel anywhere (in the vector loop, past its early stop, in the tail) makes it not opaque,
    /// and changing the pixels forgets what was found.
    @Test func opacityIsFoundOnceAndKept() throws {
        for count in [1, 15, 16, 17, 1024, 1500, 5000] {
            let opaque = try Bitmap(width: count, height: 1, premultipliedRGBA: [UInt8](repeating: 255, count: count * 4))
            let copy = opaque
            #expect(opaque.pixels.withUnsafeBytes { opaque.facts.isOpaque(ReadOnlySpan(bytes: $0)) }, "\(count)")
            #expect(copy.facts === opaque.facts)
            for at in Set([0, count / 2, count - 1]) {
                var translucent = opaque
                translucent.pixels[at * 4 + 3] = 254
                #expect(translucent.facts !== opaque.facts)
                #expect(!translucent.pixels.withUnsafeBytes { translucent.facts.isOpaque(ReadOnlySpan(bytes: $0)) }, "\(count), \(at)")
                // Colour bytes below 255 do not matter.
                var dark = opaque
                dark.pixels[at * 4] = 0
                #expect(dark.pixels.withUnsafeBytes { dark.facts.isOpaque(ReadOnlySpan(bytes: $0)) }, "\(count), \(at)")
            }
        }
        // Kept: asked again with other bytes, the facts answer what they found.
        let bitmap = try Bitmap(width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64))
        #expect(bitmap.pixels.withUnsafeBytes { bitmap.facts.isOpaque(ReadOnlySpan(bytes: $0)) })
        #expect([UInt8](repeating: 0, count: 64).withUnsafeBytes { bitmap.facts.isOpaque(ReadOnlySpan(bytes: $0)) })
    }

    /// The scene keeps its images alive: a bitmap whose every other reference is gone still draws,
    /// and a caller changing its own copy of a bitmap after drawing it does not change the scene.
    @Test func theSceneKeepsItsImages() throws {
        func sceneOfAnImageNoOneElseHolds() throws -> (Scene, [UInt8]) {
            let image = try testImage(width: 70, height: 50, seed: 10) { _, _ in 255 }
            var scene = Scene(size: size)
            scene.draw { $0.draw(image, in: CGRect(x: 0, y: 0, width: 70, height: 50)) }
            return (scene, image.bitmap.pixels)
        }
        let (scene, expected) = try sceneOfAnImageNoOneElseHolds()
        for threads in [1, 2] {
            #expect(try Renderer(backend: .cpu, threadCount: threads).render(scene).pixels == expected)
        }
        var bitmap = try testImage(width: 70, height: 50, seed: 11) { _, _ in 255 }.bitmap
        let before = bitmap.pixels
        var changed = Scene(size: size)
        changed.draw { $0.draw(Image(bitmap: bitmap), in: CGRect(x: 0, y: 0, width: 70, height: 50)) }
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) { bitmap.pixels[i] = 7 }
        #expect(try Renderer(backend: .cpu, threadCount: 1).render(changed).pixels == before)
    }
}
