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

        // MARK: - Public API
        .target(name: "Shaders"),
        .target(name: "TileRender", dependencies: ["CPNG", "CVulkan", "Shaders"]),
        .target(name: "TileRenderSVG", dependencies: ["TileRender"]),
        .executableTarget(name: "tile-bench", dependencies: ["TileRender", "TileRenderSVG"]),

        // MARK: - Tests
        .testTarget(name: "TileRenderTests", dependencies: ["TileRender", "TileRenderSVG"]),
    ]
)
