#if Vulkan
import CVulkan
import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderVulkan
import TileRenderSVG
import VulkanInteropExample

/// Rendering into an engine's own Vulkan device (BackendsAndEngines.md): the test is the engine
/// (`MiniEngine`, from Examples/VulkanInterop): it makes the instance, device, queue, images, buffers,
/// semaphores and fences, reads the results back its own way, and destroys everything itself.
@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"), .serialized)
struct VulkanInteropTests {
    private static let imageUsage = VK_IMAGE_USAGE_STORAGE_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue
        | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue

    private func lend(_ engine: MiniEngine) throws -> ExternalVulkanDevice {
        try ExternalVulkanDevice(instance: engine.instance, physicalDevice: engine.physicalDevice, device: engine.device,
                                 queueFamilyIndex: engine.queueFamily)
    }

    private func publicScene(_ name: String) throws -> Scene {
        try SVGDocument(contentsOf: try Fixtures.file(name + ".svg")).makeScene()
    }

    /// The image is larger than the render and cleared to opaque red by the engine, which signals a
    /// semaphore TileRender waits for; TileRender signals one the engine's read-back waits for, and a
    /// fence. The render's area matches the CPU (the parity tolerance); the rest stays red.
    @Test(arguments: ["badge_full", "dashed_strokes", "airport_meal_award"])
    func sceneIntoEngineImageMatchesTheCPU(_ name: String) throws {
        let scene = try publicScene(name)
        let cpu = try Renderer(backend: .cpu).render(scene)
        let (w, h) = (cpu.width, cpu.height)
        let engine = try MiniEngine()
        defer { engine.close() }
        let renderer = Renderer(device: try lend(engine))
        let (imageWidth, imageHeight) = (w + 13, h + 7)
        let image = try engine.makeImage(width: imageWidth, height: imageHeight, usage: Self.imageUsage)
        let ready = try engine.makeSemaphore(), drawn = try engine.makeSemaphore(), fence = try engine.makeFence()
        try engine.clear(image, to: (1, 0, 0, 1), signalling: [ready])

        let statistics = try renderer.render(scene, into: VulkanImageTarget(image: image, width: imageWidth, height: imageHeight,
                                                                            usage: VulkanImageUsage(rawValue: Self.imageUsage)),
                                             synchronization: VulkanSynchronization(wait: [ready], signal: [drawn], fence: fence))
        #expect(statistics.backend == .vulkan)
        let pixels = try engine.readBack(image, width: imageWidth, height: imageHeight, waiting: [drawn])
        try engine.wait(for: fence)

        var region = [UInt8]()
        for y in 0..<h { region += pixels[(y * imageWidth * 4)..<((y * imageWidth + w) * 4)] }
        expectVulkanParity(cpu, try Bitmap(width: w, height: h, premultipliedRGBA: region), name)
        var outside = 0, notRed = 0
        for y in 0..<imageHeight {
            for x in 0..<imageWidth where x >= w || y >= h {
                outside += 1
                let i = (y * imageWidth + x) * 4
                if Array(pixels[i..<(i + 4)]) != [255, 0, 0, 255] { notRed += 1 }
            }
        }
        #expect(outside > 0 && notRed == 0, "\(notRed) of \(outside) pixels outside the render changed")
    }

    /// A buffer with an offset and padded rows: the rows match the CPU; the bytes before, between and
    /// after them are untouched. Synchronised by the fence alone.
    @Test func sceneIntoEngineBufferMatchesTheCPU() throws {
        let scene = try publicScene("cog_circles_eo")
        let cpu = try Renderer(backend: .cpu).render(scene)
        let (w, h) = (cpu.width, cpu.height)
        let engine = try MiniEngine()
        defer { engine.close() }
        let renderer = Renderer(device: try lend(engine))
        let offset = 96, bytesPerRow = w * 4 + 20, size = offset + bytesPerRow * h + 32
        let buffer = try engine.makeBuffer(size: size, usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT.rawValue)
        buffer.mapped.initializeMemory(as: UInt8.self, repeating: 0xAB, count: size)
        let fence = try engine.makeFence()
        try renderer.render(scene, into: VulkanBufferTarget(buffer: buffer.buffer, size: size, offset: offset, bytesPerRow: bytesPerRow,
                                                            usage: [.transferDestination, .storageBuffer]),
                            synchronization: VulkanSynchronization(fence: fence))
        try engine.wait(for: fence)
        let bytes = [UInt8](UnsafeRawBufferPointer(start: buffer.mapped, count: size))
        var rows = [UInt8](), untouched = true
        for y in 0..<h { rows += bytes[(offset + y * bytesPerRow)..<(offset + y * bytesPerRow + w * 4)] }
        for i in 0..<size {
            let inRow = i >= offset && (i - offset) / bytesPerRow < h && (i - offset) % bytesPerRow < w * 4
            if !inRow && bytes[i] != 0xAB { untouched = false }
        }
        expectVulkanParity(cpu, try Bitmap(width: w, height: h, premultipliedRGBA: rows), "cog_circles_eo into a buffer")
        #expect(untouched, "bytes outside the rows were written")
    }

    /// A scene drawn in bands of tile rows (a small binning budget: the later bands are drawn in
    /// buffers of their own and copied into place), and a scene with an offscreen group (drawn on the
    /// engine's device, kept there, and copied device-side into the scene's image texels): the engine's
    /// images match the CPU.
    @Test func bandsAndOffscreenGroupsReachTheEnginesImage() throws {
        let tiger = try SVGDocument(contentsOf: try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench))
            .makeScene(size: CGSize(width: 256, height: 200))
        var grouped = Scene(size: CGSize(width: 300, height: 240))
        grouped.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 300, height: 240)), with: .color(.white))
            ctx.translateBy(x: 20, y: 20)
            ctx.drawOffscreen(tiger, in: CGRect(x: 0, y: 0, width: 256, height: 200))
        }
        let engine = try MiniEngine()
        defer { engine.close() }
        var renderer = Renderer(device: try lend(engine))
        renderer.binningBudget = 1 << 20
        var cpuRenderer = Renderer(backend: .cpu)
        cpuRenderer.binningBudget = 1 << 20
        for (scene, label) in [(tiger, "banded tiger"), (grouped, "tiger as an offscreen group")] {
            let (cpu, cpuStatistics) = try cpuRenderer.renderWithStatistics(scene)
            let image = try engine.makeImage(width: cpu.width, height: cpu.height, usage: Self.imageUsage)
            let drawn = try engine.makeSemaphore(), fence = try engine.makeFence()
            try engine.clear(image, to: (0, 1, 0, 1))
            let statistics = try renderer.render(scene, into: VulkanImageTarget(image: image, width: cpu.width, height: cpu.height,
                                                                                usage: VulkanImageUsage(rawValue: Self.imageUsage)),
                                                 synchronization: VulkanSynchronization(signal: [drawn], fence: fence))
            #expect(statistics.bandCount == cpuStatistics.bandCount, "\(label)")
            let pixels = try engine.readBack(image, width: cpu.width, height: cpu.height, waiting: [drawn])
            try engine.wait(for: fence)
            expectVulkanParity(cpu, try Bitmap(width: cpu.width, height: cpu.height, premultipliedRGBA: pixels), label)
            if scene.size == tiger.size { #expect(statistics.bandCount > 1) }
        }
        #expect(renderer.offscreenCacheStatistics.imageCount == 1)
    }

    /// Examples/VulkanInterop: its body, and its executable as built next to the tests.
    @Test func theInteropExampleRuns() throws {
        let engine = try MiniEngine()
        let (drawn, cpu) = try renderIntoEngineImage(engine)
        engine.close()
        #expect(drawn.pixels.contains { $0 != 0 }, "the example drew nothing")
        expectVulkanParity(cpu, drawn, "the interop example")

        var dir = Bundle.main.bundleURL, executable: URL?
        for _ in 0..<4 where executable == nil {
            let candidate = dir.appendingPathComponent("vulkan-interop-example")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { executable = candidate }
            dir = dir.deletingLastPathComponent()
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vulkan-interop-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try TileBenchCLITests.run(try #require(executable, "vulkan-interop-example was not built next to the tests"),
                                            [output.path])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("wrote"))
        let png = try Bitmap(contentsOfPNG: output)
        #expect(png.width == drawn.width && png.height == drawn.height)

        // Where Khronos's validation layer is installed, the example runs again under it, with its
        // synchronisation checks: no message (it writes them to standard output). Lavapipe runs a
        // queue's work in order, so a missing barrier or semaphore shows only here.
        let layer = ["/usr/share/vulkan/explicit_layer.d", "/usr/local/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d"]
            .contains { FileManager.default.fileExists(atPath: $0 + "/VkLayer_khronos_validation.json") }
        if layer {
            let validated = try TileBenchCLITests.run(try #require(executable), [output.path], environment: [
                "VK_INSTANCE_LAYERS": "VK_LAYER_KHRONOS_validation",
                "VK_LAYER_ENABLES": "VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT",
            ])
            #expect(validated.status == 0, "\(validated.out)\(validated.err)")
            #expect(!validated.out.contains("VUID") && !validated.out.contains("SYNC-") && !validated.out.contains("Validation"),
                    "validation messages: \(validated.out.prefix(2000))")
        }
    }

    /// TileRender destroys none of the engine's handles, and frees everything it made on the device once
    /// the renderer and the `ExternalVulkanDevice` are released: after that the engine still uses its
    /// device, queue and image, then destroys them itself (`close`).
    @Test func theEngineOwnsItsHandlesAndTileRenderFreesItsOwn() throws {
        let engine = try MiniEngine()
        defer { engine.close() }
        let scene = try publicScene("badge_full")
        let (w, h) = try scene.pixelSize()
        let image = try engine.makeImage(width: w, height: h, usage: Self.imageUsage)
        try engine.clear(image, to: (0, 0, 0, 0))
        weak var tileRenderDevice: VulkanDevice?
        weak var context: VulkanContext?
        try {
            let device = try lend(engine)
            tileRenderDevice = device.context.vulkanDevice
            context = device.context
            let renderer = Renderer(device: device)
            let fence = try engine.makeFence()
            for _ in 0..<2 {
                try renderer.render(scene, into: VulkanImageTarget(image: image, width: w, height: h, usage: VulkanImageUsage(rawValue: Self.imageUsage)),
                                    synchronization: VulkanSynchronization(fence: fence))
                try engine.wait(for: fence)
            }
            #expect(device.context.vulkanDevice.handle == engine.device)
        }()
        // Every buffer, pipeline, pool and fence TileRender made holds its device wrapper: all are gone.
        #expect(context == nil)
        #expect(tileRenderDevice == nil)
        let pixels = try engine.readBack(image, width: w, height: h)
        expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Bitmap(width: w, height: h, premultipliedRGBA: pixels), "after release")
    }

    /// Bad input throws the documented error before anything is submitted.
    @Test func badTargetsThrowTheDocumentedErrors() throws {
        let engine = try MiniEngine()
        defer { engine.close() }
        let device = try lend(engine)
        let renderer = Renderer(device: device)
        let image = try engine.makeImage(width: 64, height: 64, usage: Self.imageUsage)
        let buffer = try engine.makeBuffer(size: 64 * 64 * 4, usage: VK_BUFFER_USAGE_TRANSFER_DST_BIT.rawValue)
        var scene = Scene(size: CGSize(width: 64, height: 64))
        scene.draw { $0.fill(Path(CGRect(x: 8, y: 8, width: 40, height: 40)), with: .color(.blue)) }
        let good = VulkanImageTarget(image: image, width: 64, height: 64, usage: VulkanImageUsage(rawValue: Self.imageUsage))

        func invalidTarget(_ body: () throws -> Void) -> Bool {
            do { try body() } catch TileRenderError.invalidTarget { return true } catch { Issue.record("\(error)") }
            return false
        }
        var target = good
        target.format = VulkanFormat(rawValue: VK_FORMAT_B8G8R8A8_UNORM.rawValue)
        #expect(invalidTarget { try renderer.render(scene, into: target) }, "wrong format")
        target = good
        target.usage = [.storage, .sampled]
        #expect(invalidTarget { try renderer.render(scene, into: target) }, "no transfer-destination usage")
        target = good
        target.width = 63
        #expect(invalidTarget { try renderer.render(scene, into: target) }, "image narrower than the render")
        target = good
        target.height = Int.min
        #expect(invalidTarget { try renderer.render(scene, into: target) }, "negative height")
        target = good
        target.finalLayout = .undefined
        #expect(invalidTarget { try renderer.render(scene, into: target) }, "final layout undefined")

        let goodBuffer = VulkanBufferTarget(buffer: buffer.buffer, size: 64 * 64 * 4, bytesPerRow: 256, usage: .transferDestination)
        var bufferTarget = goodBuffer
        bufferTarget.size -= 1
        #expect(invalidTarget { try renderer.render(scene, into: bufferTarget) }, "buffer one byte short")
        bufferTarget = goodBuffer
        bufferTarget.bytesPerRow = 255
        #expect(invalidTarget { try renderer.render(scene, into: bufferTarget) }, "row stride shorter than a row")
        bufferTarget = goodBuffer
        bufferTarget.bytesPerRow = Int.max
        bufferTarget.size = Int.max
        #expect(invalidTarget { try renderer.render(scene, into: bufferTarget) }, "stride overflowing")
        bufferTarget = goodBuffer
        bufferTarget.offset = -4
        #expect(invalidTarget { try renderer.render(scene, into: bufferTarget) }, "negative offset")
        bufferTarget = goodBuffer
        bufferTarget.usage = .storageBuffer
        #expect(invalidTarget { try renderer.render(scene, into: bufferTarget) }, "buffer without transfer-destination usage")

        #expect(throws: TileRenderError.invalidSize(width: 0, height: 0)) {
            try renderer.render(Scene(size: .zero), into: good)
        }
        do {
            try renderer.render(Scene(size: CGSize(width: CGFloat.nan, height: 10)), into: goodBuffer)
            Issue.record("a NaN-wide scene rendered")
        } catch TileRenderError.invalidSize {}
        do {
            try Renderer(backend: .vulkan).render(scene, into: good)
            Issue.record("a renderer without an engine device rendered into an engine image")
        } catch TileRenderError.backendUnavailable(let why) {
            #expect(why.contains("Renderer(device:)"))
        }
        #expect(device.context.pendingCopies.count == 0, "a bad render submitted a copy")

        // The good targets work (so the failures above were the bad values).
        let fence = try engine.makeFence()
        try renderer.render(scene, into: goodBuffer, synchronization: VulkanSynchronization(fence: fence))
        try engine.wait(for: fence)
        #expect(buffer.mapped.load(fromByteOffset: (20 * 64 + 20) * 4 + 2, as: UInt8.self) == 255, "blue")
    }

    /// A queue family or queue the device does not have is refused with a reason, not a crash.
    @Test func aMissingQueueFamilyOrQueueIsRefused() throws {
        let engine = try MiniEngine()
        defer { engine.close() }
        var familyCount: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(engine.physicalDevice, &familyCount, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(familyCount))
        vkGetPhysicalDeviceQueueFamilyProperties(engine.physicalDevice, &familyCount, &families)
        func unavailable(family: UInt32, queue: UInt32) -> String? {
            do {
                _ = try ExternalVulkanDevice(instance: engine.instance, physicalDevice: engine.physicalDevice, device: engine.device,
                                             queueFamilyIndex: family, queueIndex: queue)
            } catch TileRenderError.backendUnavailable(let why) { return why } catch { Issue.record("\(error)") }
            return nil
        }
        #expect(unavailable(family: familyCount, queue: 0)?.contains("does not exist") == true)
        #expect(unavailable(family: engine.queueFamily, queue: families[Int(engine.queueFamily)].queueCount)?.contains("does not exist") == true)
        // A family without compute, where the device has one (lavapipe has none).
        if let noCompute = families.firstIndex(where: { $0.queueFlags & VK_QUEUE_COMPUTE_BIT.rawValue == 0 }) {
            #expect(unavailable(family: UInt32(noCompute), queue: 0)?.contains("no compute") == true)
        }
    }
}

/// The interop API's Swift names for formats, usages and layouts carry Vulkan's own values (no device needed).
@Suite struct VulkanInteropValueTests {
    @Test func theSwiftNamesCarryVulkansValues() {
        #expect(VulkanFormat.rgba8Unorm.rawValue == VK_FORMAT_R8G8B8A8_UNORM.rawValue)
        #expect([VulkanImageUsage.transferSource, .transferDestination, .sampled, .storage, .colorAttachment].map(\.rawValue)
                == [VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_IMAGE_USAGE_TRANSFER_DST_BIT, VK_IMAGE_USAGE_SAMPLED_BIT,
                    VK_IMAGE_USAGE_STORAGE_BIT, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT].map(\.rawValue))
        #expect([VulkanBufferUsage.transferSource, .transferDestination, .storageBuffer].map(\.rawValue)
                == [VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VK_BUFFER_USAGE_TRANSFER_DST_BIT, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT].map(\.rawValue))
        #expect([VulkanImageLayout.undefined, .general, .shaderReadOnly, .transferSource, .transferDestination, .preinitialized].map(\.rawValue)
                == [VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                    VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PREINITIALIZED].map(\.rawValue))
    }
}
#endif
