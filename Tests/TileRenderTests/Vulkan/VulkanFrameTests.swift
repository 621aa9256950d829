#if Vulkan
import CVulkan
import Foundation
import Shaders
import Testing
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderVulkan
import TileRenderSVG
import VulkanInteropExample

/// The Vulkan backend's frames (VulkanFrame.swift): buffers, descriptor set, command buffer and fence
/// persist from render to render and grow, never made anew for a scene that fits. Each test has a
/// device of its own (a `MiniEngine`'s, lent), so the counts are not disturbed by other tests.
@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"), .serialized)
struct VulkanFrameTests {
    private static func scene(shapes: Int, size: Int, image: Bool = false) -> Scene {
        var scene = Scene(size: CGSize(width: size, height: size))
        let bitmap = try! Bitmap(width: 4, height: 3, premultipliedRGBA: (0..<48).map { UInt8($0 * 5) | 3 })
        scene.draw { ctx in
            for i in 0..<shapes {
                let x = Double((i * 37) % max(1, size - 12)), y = Double((i * 53) % max(1, size - 12))
                let rect = CGRect(x: x + 0.3, y: y + 0.6, width: 9.5, height: 7.25)
                if i % 3 == 0 {
                    ctx.fill(Path(ellipseIn: rect), with: .linearGradient(Gradient(colors: [.red, .blue]),
                                                                        startPoint: rect.origin, endPoint: CGPoint(x: rect.maxX, y: rect.maxY)))
                } else {
                    ctx.fill(Path(roundedRect: rect, cornerRadius: 2), with: .color(Color(red: Double(i % 7) / 7, green: 0.5, blue: 0.2, opacity: 0.8)))
                }
            }
            if image { ctx.draw(Image(bitmap: bitmap), in: CGRect(x: 3, y: 5, width: 17, height: 11)) }
        }
        return scene
    }

    private func withDevice(_ body: (Renderer, VulkanContext) throws -> Void) throws {
        let engine = try MiniEngine()
        defer { engine.close() }
        let device = try ExternalVulkanDevice(instance: engine.instance, physicalDevice: engine.physicalDevice,
                                              device: engine.device, queueFamilyIndex: engine.queueFamily)
        try body(Renderer(device: device), device.context)
    }

    /// A scene drawn again, and a smaller one after it, make no buffer, descriptor set, command pool
    /// or fence; the pixels match the CPU each time.
    @Test func buffersAreReusedAcrossFrames() throws {
        try withDevice { renderer, context in
            let big = Self.scene(shapes: 60, size: 96, image: true), small = Self.scene(shapes: 5, size: 40)
            expectVulkanParity(try Renderer(backend: .cpu).render(big), try renderer.render(big), "first")
            let made = context.bufferAllocations.withLock { $0 }
            #expect(made > 0)
            let device = context.vulkanDevice
            let objects = [VulkanDescriptorPool.liveCount(on: device), VulkanCommandPool.liveCount(on: device),
                           VulkanFence.liveCount(on: device)]
            for (label, scene) in [("again", big), ("smaller", small), ("bigger again", big)] {
                expectVulkanParity(try Renderer(backend: .cpu).render(scene), try renderer.render(scene), label)
                #expect(context.bufferAllocations.withLock { $0 } == made, "\(label): no buffer made")
            }
            #expect([VulkanDescriptorPool.liveCount(on: device), VulkanCommandPool.liveCount(on: device),
                     VulkanFence.liveCount(on: device)] == objects)
            #expect(context.idleFrameCount == 1)
        }
    }

    /// A bigger scene grows the buffers it outgrows (and only those, once); the frame after it, and a
    /// smaller one after that, draw from stale larger buffers correctly.
    @Test func buffersGrowForABiggerScene() throws {
        try withDevice { renderer, context in
            let small = Self.scene(shapes: 4, size: 32), big = Self.scene(shapes: 400, size: 200, image: true)
            _ = try renderer.render(small)
            let afterSmall = context.bufferAllocations.withLock { $0 }
            expectVulkanParity(try Renderer(backend: .cpu).render(big), try renderer.render(big), "bigger")
            let afterBig = context.bufferAllocations.withLock { $0 }
            #expect(afterBig > afterSmall)
            // At most one new buffer per binding and the pixels (and its device twin where renders stage).
            let perBuffer = context.stagesBuffers ? 2 : 1
            #expect(afterBig - afterSmall <= (GPUABI.Binding.allCases.count + 1) * perBuffer)
            expectVulkanParity(try Renderer(backend: .cpu).render(small), try renderer.render(small), "smaller after bigger")
            expectVulkanParity(try Renderer(backend: .cpu).render(big), try renderer.render(big), "bigger again")
            #expect(context.bufferAllocations.withLock { $0 } == afterBig)
        }
    }

    /// A huge frame's buffer is not kept for the small frames after it (`largeBufferBytes`): the
    /// pixel buffer is made again at the small size, once, and then reused.
    @Test func aHugeBufferIsNotKeptForSmallFrames() throws {
        try withDevice { renderer, context in
            var huge = Scene(size: CGSize(width: 4200, height: 4200))
            huge.draw { ctx in ctx.fill(Path(CGRect(x: 10, y: 10, width: 30, height: 20)), with: .color(.red)) }
            #expect(4200 * 4200 * 4 > VulkanFrame.largeBufferBytes)
            let small = Self.scene(shapes: 5, size: 40)
            _ = try renderer.render(small)  // the small scene's buffers first: only the pixels change below
            let big = try renderer.render(huge)
            #expect(big.pixels[(15 * 4200 + 15) * 4] == 255 && big.pixels[(100 * 4200 + 100) * 4 + 3] == 0)
            let afterHuge = context.bufferAllocations.withLock { $0 }
            // The pixel buffer (and its device twin where renders stage) made again.
            let remade = context.stagesBuffers ? 2 : 1
            expectVulkanParity(try Renderer(backend: .cpu).render(small), try renderer.render(small), "after huge")
            #expect(context.bufferAllocations.withLock { $0 } == afterHuge + remade)
            expectVulkanParity(try Renderer(backend: .cpu).render(small), try renderer.render(small), "again")
            #expect(context.bufferAllocations.withLock { $0 } == afterHuge + remade)
        }
    }

    /// Renders on several threads at once each take a frame of their own; the pixels match the
    /// CPU, and the context keeps at most `keptFrames` idle afterwards.
    @Test func concurrentRendersEachHaveAFrame() throws {
        try withDevice { renderer, context in
            let scenes = (0..<6).map { Self.scene(shapes: 10 + 25 * $0, size: 48 + 16 * $0, image: $0 % 2 == 0) }
            let expected = try scenes.map { try Renderer(backend: .cpu).render($0) }
            let results = Locked<[Int: Bitmap]>([:])
            DispatchQueue.concurrentPerform(iterations: scenes.count * 2) { i in
                if let bitmap = try? renderer.render(scenes[i % scenes.count]) { results.withLock { $0[i] = bitmap } }
            }
            let got = results.withLock { $0 }
            #expect(got.count == scenes.count * 2)
            for (i, bitmap) in got { expectVulkanParity(expected[i % scenes.count], bitmap, "render \(i)") }
            #expect((1...VulkanContext.keptFrames).contains(context.idleFrameCount))
        }
    }

    /// An encoding drawn again is not copied again: its paints, ramps and texels are already in the
    /// frame's buffers (the same arrays); a different scene's are copied.
    @Test func unchangedSceneDataIsNotUploadedAgain() throws {
        try withDevice { _, context in
            let backend = VulkanBackend(context: context)
            let encoding = EncodedScene(Self.scene(shapes: 30, size: 64, image: true))
            func draw(_ encoding: EncodedScene) throws -> Bitmap {
                let binned = try BinnedScene(encoding: encoding, width: 64, height: 64, threadCount: 1)
                var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
                try pixels.withUnsafeMutableBytes { raw in
                    let target = RenderTarget(base: raw.baseAddress!, width: 64, height: 64, bytesPerRow: 64 * 4, startsTransparent: true)
                    try backend.rasterize(binned, into: target,
                                          settings: RasterSettings(threadCount: 1, deadline: .now + .seconds(60)))
                }
                return try Bitmap(width: 64, height: 64, premultipliedRGBA: pixels)
            }
            let first = try draw(encoding)
            let frame = try #require(context.idleFrames.withLock { $0.last })
            let skipped = frame.skippedUploadBytes
            let again = try draw(encoding)
            #expect(again.pixels == first.pixels)
            let sceneBytes = encoding.paints.count * MemoryLayout<EncodedPaint>.stride + encoding.ramps.count * 16 + encoding.images.texelCount * 4
            #expect(frame.skippedUploadBytes - skipped == sceneBytes)
            _ = try draw(EncodedScene(Self.scene(shapes: 31, size: 64, image: true)))
            #expect(frame.skippedUploadBytes - skipped == sceneBytes)
        }
    }
}
#endif
