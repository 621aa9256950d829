import Foundation
import Shaders
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
import TileRenderSVG

/// Whether a Vulkan device (a GPU, or Mesa's lavapipe on the CPU) can run the fine shader here.
/// (Never in a build without the `Vulkan` trait: `swift test --disable-default-traits`.)
#if Vulkan
let vulkanAvailable: Bool = (try? VulkanContext.shared.get()) != nil
#else
let vulkanAvailable = false
#endif

/// The backends a test can compare: the CPU, and Vulkan where a device runs.
var availableBackends: [Backend] { vulkanAvailable ? [.cpu, .vulkan] : [.cpu] }

#if Vulkan
@Suite struct ShaderCompileTests {
    /// Runs without any Vulkan device: the shader must compile, and a broken one must say why.
    /// scripts/test.sh installs lavapipe and sets TILERENDER_EXPECT_VULKAN=1: there, a device that cannot
    /// be set up (a shader that does not compile, a missing driver) fails instead of skipping every
    /// Vulkan test.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TILERENDER_EXPECT_VULKAN"] == "1"))
    func theExpectedDeviceIsThere() throws {
        _ = try VulkanContext.shared.get()
    }

    /// Both shaders: a shader that fails to compile makes the device unusable, and every Vulkan test
    /// would then be skipped as if no device were there.
    @Test(arguments: ["fine.comp", "filter.comp"])
    func shaderCompiles(_ name: String) throws {
        let spirv = try ShaderCompiler.compileEmbedded(name, cache: ShaderCache(directory: nil))
        #expect(spirv.first == 0x0723_0203)  // the SPIR-V magic number
    }

    @Test func syntaxErrorsAreReportedWithTheShaderName() {
        #expect(throws: ShaderCompiler.CompileError.self) {
            try ShaderCompiler.compileCompute("#version 450\nvoid main() { this is not glsl }", name: "broken.comp")
        }
    }
}

@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"))
struct VulkanParityTests {
    private func render(_ scene: Scene, _ backend: Backend) throws -> Bitmap {
        try Renderer(backend: backend).render(scene)
    }

    private func expectParity(_ scene: Scene, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectVulkanParity(try render(scene, .cpu), try render(scene, .vulkan), label, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["badge_full", "cog_circles_eo", "pencils_rainbow", "dashed_strokes", "card_shape_rotated",
                      "airport_meal_award", "star2_variations", "clipshape_rounded"])
    func publicScenesMatchTheCPU(_ name: String) throws {
        let document = try SVGDocument(contentsOf: try Fixtures.file(name + ".svg"))
        try expectParity(document.makeScene(), name)
    }

    @Test func gradientsLayersAndClipsMatchTheCPU() throws {
        var scene = Scene(size: CGSize(width: 150, height: 110))
        scene.draw { ctx in
            samplePicture(&ctx, count: 50, extent: 150)
            var clipped = ctx
            clipped.clip(to: Path(ellipseIn: CGRect(x: 10, y: 10, width: 130, height: 90)), options: .inverse)
            clipped.opacity = 0.6
            clipped.drawLayer { layer in
                layer.fill(Path(CGRect(x: 0, y: 0, width: 150, height: 110)),
                           with: .radialGradient(Gradient(colors: [.red, .blue]), center: CGPoint(x: 75, y: 55),
                                                 startRadius: 5, endRadius: 80, options: .mirror))
                layer.fill(Path(CGRect(x: 20, y: 20, width: 60, height: 60)),
                           with: .conicGradient(Gradient(colors: [.green, .yellow, .green]), center: CGPoint(x: 50, y: 50)))
            }
        }
        try expectParity(scene, "gradients, layers and clips")
    }

    @Test func renderingIntoABufferDrawsOverItsPixels() throws {
        var scene = Scene(size: CGSize(width: 40, height: 30))
        scene.draw { $0.fill(Path(ellipseIn: CGRect(x: 5, y: 5, width: 30, height: 20)), with: .color(Color.blue.opacity(0.5))) }
        var a = [UInt8](repeating: 0, count: 48 * 4 * 30), b = a
        for i in stride(from: 0, to: a.count, by: 4) { a[i] = 200; a[i + 3] = 255; b[i] = 200; b[i + 3] = 255 }
        try a.withUnsafeMutableBytes { _ = try Renderer(backend: .cpu).render(scene, into: $0, width: 40, height: 30, bytesPerRow: 192) }
        try b.withUnsafeMutableBytes { _ = try Renderer(backend: .vulkan).render(scene, into: $0, width: 40, height: 30, bytesPerRow: 192) }
        #expect(zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}

#endif

/// Without a usable driver, `.auto` falls back to the CPU with one log line and `.vulkan` fails clearly.
@Suite(.serialized) struct NoVulkanDeviceTests {
    @Test func autoFallsBackAndVulkanFailsWithoutADriver() throws {
        let exe = try #require(TileBenchCLITests.executable, "tile-bench was not built next to the tests")
        let svg = try Fixtures.file("heart.svg").path
        let output = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("novk-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        func run(_ backend: String) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = exe
            process.arguments = ["render", svg, "-o", output, "--backend", backend]
            var environment = ProcessInfo.processInfo.environment
            environment["VK_DRIVER_FILES"] = "/nonexistent"
            environment["VK_ICD_FILENAMES"] = "/nonexistent"
            process.environment = environment
            let err = Pipe()
            process.standardError = err
            process.standardOutput = Pipe()
            try process.run()
            let data = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let (autoStatus, autoLog) = try run("auto")
        #expect(autoStatus == 0)
        #expect(autoLog.split(separator: "\n").filter { $0.contains("using the CPU rasterizer") }.count == 1, "\(autoLog)")
        let (vulkanStatus, vulkanLog) = try run("vulkan")
        #expect(vulkanStatus != 0)
        #expect(vulkanLog.hasPrefix("tile-bench: error: backend unavailable"), "\(vulkanLog)")
    }
}

#if Vulkan
/// The fine pipeline is specialised per scene (`GPUABI.FineFeature`): each feature a scene uses is
/// found, and a scene drawn with a narrowed pipeline still matches the CPU.
@Suite struct FineFeatureTests {
    typealias F = GPUABI.FineFeature

    static func scenes() -> [(String, UInt32, Scene)] {
        func scene(_ body: (inout GraphicsContext) -> Void) -> Scene {
            var scene = Scene(size: CGSize(width: 40, height: 36))
            scene.draw { ctx in
                ctx.fill(Path(CGRect(x: 2, y: 3, width: 30, height: 20)), with: .color(.blue))
                body(&ctx)
            }
            return scene
        }
        let star = Path { p in
            p.move(to: CGPoint(x: 20, y: 2)); p.addLine(to: CGPoint(x: 32, y: 34)); p.addLine(to: CGPoint(x: 2, y: 12))
            p.addLine(to: CGPoint(x: 38, y: 12)); p.addLine(to: CGPoint(x: 8, y: 34)); p.closeSubpath()
        }
        return [
            ("solid", 0, scene { _ in }),
            ("even-odd", F.evenOdd, scene { ctx in ctx.fill(star, with: .color(.red), style: FillStyle(eoFill: true)) }),
            ("gradient", F.gradients, scene { ctx in
                ctx.fill(star, with: .linearGradient(Gradient(colors: [.red, .green]), startPoint: .zero,
                                                    endPoint: CGPoint(x: 40, y: 36)))
            }),
            ("blend mode", F.blendModes, scene { ctx in
                ctx.blendMode = .multiply
                ctx.fill(star, with: .color(.yellow))
            }),
            ("clip layer", F.layers, scene { ctx in
                var clipped = ctx
                clipped.clip(to: Path(ellipseIn: CGRect(x: 4, y: 4, width: 30, height: 26)))
                clipped.opacity = 0.5
                clipped.drawLayer { layer in layer.fill(star, with: .color(.green)) }
            }),
        ]
    }

    @Test func featuresAreFoundPerScene() throws {
        for (name, expected, scene) in FineFeatureTests.scenes() {
            let encoding = EncodedScene(scene, glyphMasks: false)
            var buffers = BinningBuffers()
            let plan = try BinningPlan(encoding: encoding, width: 40, height: 36, threadCount: 1,
                                       budget: BinningPlan.unlimited, reusing: &buffers)
            let binned = try BinnedScene(encoding: encoding, plan: plan, rows: 0..<plan.tilesY, threadCount: 1, reusing: &buffers)
            let found = VulkanBackend.features(of: binned)
            #expect(found & expected == expected, "\(name): \(found) lacks \(expected)")
            if expected == 0 { #expect(found == 0, "\(name): \(found)") }
        }
    }

    /// Timestamp queries: the device's time is reported where the queue writes timestamps (lavapipe
    /// does), and never for the CPU.
    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func deviceTimeIsReportedWhereTheQueueHasTimestamps() throws {
        let scene = FineFeatureTests.scenes()[1].2
        var pixels = [UInt8](repeating: 0, count: 40 * 36 * 4)
        func stats(_ backend: Backend) throws -> RenderStatistics {
            try pixels.withUnsafeMutableBytes { buffer in
                try Renderer(backend: backend).render(scene, into: buffer, width: 40, height: 36, bytesPerRow: 160, clear: true)
            }
        }
        #expect(try stats(.cpu).deviceSeconds == nil)
        let vulkan = try stats(.vulkan).deviceSeconds
        if try VulkanContext.shared.get().timestamps != nil {
            let seconds = try #require(vulkan)
            #expect(seconds >= 0 && seconds < 60)
        } else {
            #expect(vulkan == nil)
        }
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func narrowedPipelinesMatchTheCPU() throws {
        for (name, _, scene) in FineFeatureTests.scenes() {
            expectVulkanParity(try Renderer(backend: .cpu).render(scene), try Renderer(backend: .vulkan).render(scene), name)
        }
    }

    /// A seeded scene of overlapping polygons (nonzero and even-odd, solid and gradient, translucent,
    /// some clipped) on a canvas whose right and bottom edges cut tiles.
    static func seededScene(seed: UInt64, width: Int = 75, height: Int = 53) -> Scene {
        var rng = SeededRandom(seed: seed)
        var scene = Scene(size: CGSize(width: width, height: height))
        scene.draw { ctx in
            for i in 0..<24 {
                var path = Path()
                path.move(to: rng.point(in: Double(max(width, height))))
                for _ in 0..<(3 + i % 5) { path.addLine(to: rng.point(in: Double(max(width, height)))) }
                path.closeSubpath()
                let color = Color(red: Double(i % 5) / 4, green: Double(i % 3) / 2, blue: Double(i % 7) / 6, opacity: 0.4 + Double(i % 4) / 5)
                let style = FillStyle(eoFill: i % 3 == 0)
                if i % 4 == 1 {
                    ctx.fill(path, with: .linearGradient(Gradient(colors: [.red, color]), startPoint: .zero,
                                                         endPoint: CGPoint(x: width, y: height)), style: style)
                } else if i % 6 == 5 {
                    ctx.drawLayer { layer in
                        layer.clip(to: Path(ellipseIn: CGRect(x: 5, y: 4, width: 50, height: 40)))
                        layer.fill(path, with: .color(color), style: style)
                    }
                } else {
                    ctx.fill(path, with: .color(color), style: style)
                }
            }
        }
        return scene
    }

    /// The fine shader's invocation widths (`GPUABI.FineSpecialization`: a GPU's 4, lavapipe's 16 and
    /// the others) draw identical pixels on one device: the same formulas per pixel, only split
    /// differently between invocations. Run on lavapipe, this checks the GPU's width too.
    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func everyInvocationWidthDrawsTheSamePixels() throws {
        let context = try VulkanContext.shared.get()
        let scenes = FineFeatureTests.scenes().map { ($0.0, $0.2) } + (1...3).map { ("seeded \($0)", Self.seededScene(seed: 0xC0FFEE &* UInt64($0))) }
        for (name, scene) in scenes {
            let width = Int(scene.size.width), height = Int(scene.size.height)
            let binned = try BinnedScene(encoding: EncodedScene(scene), width: width, height: height, threadCount: 1)
            var drawn: [Int: [UInt8]] = [:]
            for pixelsPerInvocation in [1, 2, 4, 8, 16] {
                let backend = VulkanBackend(context: context, pixelsPerInvocation: pixelsPerInvocation)
                var pixels = [UInt8](repeating: 0, count: width * height * 4)
                try pixels.withUnsafeMutableBytes { raw in
                    let target = RenderTarget(base: raw.baseAddress!, width: width, height: height, bytesPerRow: width * 4,
                                              startsTransparent: true)
                    try backend.rasterize(binned, into: target, settings: RasterSettings(threadCount: 1, deadline: .now + .seconds(60)))
                }
                drawn[pixelsPerInvocation] = pixels
            }
            for width in [1, 2, 8, 16] { #expect(drawn[width] == drawn[4], "\(name): \(width) pixels an invocation") }
            let cpu = try Renderer(backend: .cpu).render(scene)
            expectVulkanParity(cpu, try Bitmap(width: width, height: height, premultipliedRGBA: drawn[4]!), name)
        }
    }

    /// Staged renders (buffers in device memory, filled and read back by copies: what a discrete GPU
    /// gets, `VulkanContext.stagesBuffers`) draw the same bytes as direct ones (the shader on host-visible
    /// buffers), over a clear target and over pixels already there, and stay right when a frame's
    /// buffers are reused: the same scene again (its arrays not copied again), then other scenes.
    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func stagedBuffersDrawTheSamePixelsAsDirectOnes() throws {
        let context = try VulkanContext.shared.get()
        var pattern = [UInt8](repeating: 0, count: 70 * 50 * 4)
        for i in stride(from: 0, to: pattern.count, by: 4) { pattern[i] = UInt8(i / 4 % 251); pattern[i + 1] = 40; pattern[i + 3] = 255 }
        let bitmap = try Bitmap(width: 70, height: 50, premultipliedRGBA: pattern)
        var imagesAndText = Scene(size: CGSize(width: 90, height: 70))
        imagesAndText.draw { ctx in
            ctx.draw(Image(bitmap: bitmap), in: CGRect(x: 3, y: 2, width: 70, height: 50))
            ctx.draw(Text(verbatim: "Staged 0123").font(.system(size: 13)), at: CGPoint(x: 5.3, y: 40.6), anchor: .topLeading)
        }
        let scenes = FineFeatureTests.scenes().map { ($0.0, $0.2) } + [("images and text", imagesAndText)]
            + (1...2).map { ("seeded \($0)", Self.seededScene(seed: 0xBEEF &* UInt64($0))) }
        let direct = VulkanBackend(context: context, staging: false), staged = VulkanBackend(context: context, staging: true)
        func draw(_ binned: BinnedScene, _ backend: VulkanBackend, over start: [UInt8]?) throws -> [UInt8] {
            let width = binned.width, height = binned.height
            var pixels = start ?? [UInt8](repeating: 0, count: width * height * 4)
            try pixels.withUnsafeMutableBytes { raw in
                let target = RenderTarget(base: raw.baseAddress!, width: width, height: height, bytesPerRow: width * 4,
                                          startsTransparent: start == nil)
                try backend.rasterize(binned, into: target, settings: RasterSettings(threadCount: 1, deadline: .now + .seconds(60)))
            }
            return pixels
        }
        let binned = try scenes.map { name, scene in
            (name, try BinnedScene(encoding: EncodedScene(scene), width: Int(scene.size.width), height: Int(scene.size.height),
                                   threadCount: 1))
        }
        // Twice over, so the second pass finds every frame buffer made and holding another scene.
        for pass in 0..<2 {
            for (name, scene) in binned {
                let background = (0..<(scene.width * scene.height * 4)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ pass) }
                for start in [nil, background] {
                    let expected = try draw(scene, direct, over: start)
                    #expect(try draw(scene, staged, over: start) == expected, "\(name), pass \(pass), over pixels: \(start != nil)")
                    #expect(try draw(scene, staged, over: start) == expected, "\(name) again, pass \(pass)")
                }
            }
        }
    }
}
#endif

/// The stated CPU-Vulkan tolerance (README): at most 1 level per channel, except float-rounding
/// outliers on at most 0.1% of the pixels.
func expectVulkanParity(_ cpu: Bitmap, _ gpu: Bitmap, _ label: String = "",
                        sourceLocation: SourceLocation = #_sourceLocation) {
    let worst = zip(cpu.pixels, gpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    let differing = stride(from: 0, to: cpu.pixels.count, by: 4).filter { i in
        (0..<4).contains { abs(Int(cpu.pixels[i + $0]) - Int(gpu.pixels[i + $0])) > 1 }
    }.count
    #expect(worst <= 1 || Double(differing) <= 0.001 * Double(cpu.width * cpu.height),
            "\(label): worst \(worst), \(differing) pixels differ by more than 1", sourceLocation: sourceLocation)
}
