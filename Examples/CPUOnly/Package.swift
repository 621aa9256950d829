// swift-tools-version:6.1
// A user of TileRender that renders on the CPU only: the `Vulkan` trait is off (`traits: []`), so
// neither libvulkan nor shaderc is compiled or linked. scripts/check-cpu-only.sh builds and runs it.
import PackageDescription

let package = Package(
    name: "CPUOnlyExample",
    dependencies: [.package(name: "TileRender", path: "../..", traits: [])],
    targets: [
        .executableTarget(name: "cpu-only-example", dependencies: [.product(name: "TileRender", package: "TileRender")]),
    ]
)
