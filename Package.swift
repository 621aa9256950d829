// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "TileRender",
    products: [
        .library(name: "TileRender", targets: ["TileRender"]),
        .library(name: "TileRenderSVG", targets: ["TileRenderSVG"]),
        .executable(name: "tile-bench", targets: ["tile-bench"]),
    ],
    targets: [
        // MARK: - System libraries (Debian packages)
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CVulkan", pkgConfig: "vulkan", providers: [.apt(["libvulkan-dev"])]),
        // No pkgConfig: shaderc's .pc names the broken shared library; the module map links statically.
        .systemLibrary(name: "CShaderc", providers: [.apt(["libshaderc-dev", "glslang-dev", "spirv-tools"])]),

        // MARK: - Public API
        .target(name: "Shaders"),
        .target(name: "TileRender", dependencies: ["CPNG", "CVulkan", "CShaderc", "Shaders"]),
        .target(name: "TileRenderSVG", dependencies: ["TileRender"]),
        .executableTarget(name: "tile-bench", dependencies: ["TileRender", "TileRenderSVG"]),

        // MARK: - Tests
        .testTarget(name: "TileRenderTests", dependencies: ["TileRender", "TileRenderSVG"]),
    ]
)
