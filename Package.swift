// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "TileRender",
    products: [
        .library(name: "TileRender", targets: ["TileRender"]),
        .library(name: "TileRenderSVG", targets: ["TileRenderSVG"]),
        .executable(name: "tile-bench", targets: ["tile-bench"]),
        .executable(name: "vulkan-interop-example", targets: ["vulkan-interop-example"]),
    ],
    // `Vulkan` (on by default) links the Vulkan backend and shaderc. A CPU-only user turns it off:
    // `.package(url: ..., from: ..., traits: [])`, or `swift build --disable-default-traits` here.
    traits: [
        .default(enabledTraits: ["Vulkan"]),
        .trait(name: "Vulkan", description: "The Vulkan compute backend (links libvulkan and shaderc)."),
    ],
    targets: [
        // MARK: - System libraries (Debian packages)
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CVulkan", pkgConfig: "vulkan", providers: [.apt(["libvulkan-dev"])]),
        // No pkgConfig: shaderc's .pc names the broken shared library; the module map links statically.
        .systemLibrary(name: "CShaderc", providers: [.apt(["libshaderc-dev", "glslang-dev", "spirv-tools"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // UAX #14 line breaking. No pkgConfig: Debian's libunibreak.pc names /usr/lib, not the multiarch folder.
        .systemLibrary(name: "CUnibreak", providers: [.apt(["libunibreak-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // snprintf with one typed argument (the C library's; a header of inline functions, nothing to link).
        .systemLibrary(name: "CFormat"),
        // Integer vector instructions for the fine stage (SSE2/AVX2 intrinsics, plain C elsewhere; inline, nothing to link).
        .systemLibrary(name: "CIntrinsics"),

        // MARK: - Public API
        // The GPU ABI (GPUABI.swift) and the GLSL sources, embedded in the binary as byte arrays.
        .target(name: "Shaders", resources: [
            .embedInCode("fine.comp"), .embedInCode("filter.comp"),
            .embedInCode("include/abi.glsl"), .embedInCode("include/blend.glsl"),
            .embedInCode("include/coverage.glsl"), .embedInCode("include/filter.glsl"),
            .embedInCode("include/paint.glsl"),
        ]),
        // The layers, each depending only on those above it here.
        .target(name: "TileRenderGeometry"),
        .target(name: "TileRenderPipeline", dependencies: ["TileRenderGeometry", "CPNG", "CTurboJPEG", "CWebP", "CIntrinsics", "Shaders"]),
        // Fonts, shaping and glyph outlines (FreeType, HarfBuzz, fontconfig) with the bundled Inter.
        .target(name: "TileRenderText", dependencies: ["TileRenderGeometry", "CFreeType", "CHarfBuzz", "CFontconfig", "CUnibreak", "CFriBidi"],
                resources: [.copy("Fonts")]),
        .target(name: "TileRenderVulkan", dependencies: ["TileRenderGeometry", "TileRenderPipeline", "CVulkan", "CShaderc", "Shaders"]),
        // `#Preview`'s compiler plugin: it expands previews to nothing (no swift-syntax; see the source).
        .macro(name: "TileRenderMacros"),
        .target(name: "TileRender", dependencies: [
            "TileRenderGeometry", "TileRenderPipeline", "TileRenderText", "TileRenderMacros", "CFormat",
            .target(name: "TileRenderVulkan", condition: .when(traits: ["Vulkan"])),
        ]),
        .target(name: "TileRenderSVG", dependencies: ["TileRender", "TileRenderText"]),
        // The seeds' SwiftUI code, ported with the edits the README lists (tile-bench's animations, tests).
        .target(name: "SeedPorts", dependencies: ["TileRender"]),
        .executableTarget(name: "tile-bench", dependencies: ["TileRender", "TileRenderSVG", "TileRenderText", "SeedPorts"]),
        // Examples/VulkanInterop: TileRender drawing into an engine's own Vulkan image. The library holds the
        // example's body and a stand-in engine (MiniEngine), which the interop tests use too; the
        // executable runs it. Without the `Vulkan` trait both compile to nothing useful.
        .target(name: "VulkanInteropExample", dependencies: ["TileRender", .target(name: "CVulkan", condition: .when(traits: ["Vulkan"]))],
                path: "Examples/VulkanInterop/Sources/VulkanInteropExample"),
        .executableTarget(name: "vulkan-interop-example", dependencies: ["VulkanInteropExample", "TileRender"],
                          path: "Examples/VulkanInterop/Sources/vulkan-interop-example"),
        // Writes Sources/Shaders/include/abi.glsl from GPUABI.swift (see README).
        .executableTarget(name: "gpu-abi-header", dependencies: ["Shaders"]),

        // MARK: - Tests
        .testTarget(name: "TileRenderTests", dependencies: [
            "TileRender", "TileRenderSVG", "TileRenderGeometry", "TileRenderPipeline", "TileRenderText", "SeedPorts",
            .target(name: "TileRenderVulkan", condition: .when(traits: ["Vulkan"])), "Shaders", "VulkanInteropExample", "CIntrinsics",
        ]),
    ]
)
