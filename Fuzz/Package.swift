// swift-tools-version:6.1
// libFuzzer harnesses for TileRender. A separate package so the main package and its CI build stay
// untouched; it depends on the root package by path. Build only through scripts/fuzz.sh (it adds
// -sanitize=fuzzer,address and -parse-as-library; libFuzzer supplies main).
import PackageDescription

let package = Package(
    name: "TileRenderFuzz",
    products: [
        .executable(name: "FuzzSVG", targets: ["FuzzSVG"]),
        .executable(name: "FuzzPathData", targets: ["FuzzPathData"]),
        .executable(name: "FuzzPathAPI", targets: ["FuzzPathAPI"]),
    ],
    dependencies: [.package(name: "TileRender", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "TileRender", package: "TileRender")]),
        .executableTarget(name: "FuzzSVG", dependencies: [
            "FuzzSupport",
            .product(name: "TileRender", package: "TileRender"),
            .product(name: "TileRenderSVG", package: "TileRender"),
        ]),
        .executableTarget(name: "FuzzPathData", dependencies: [
            "FuzzSupport",
            .product(name: "TileRender", package: "TileRender"),
            .product(name: "TileRenderSVG", package: "TileRender"),
        ]),
        .executableTarget(name: "FuzzPathAPI", dependencies: [
            "FuzzSupport",
            .product(name: "TileRender", package: "TileRender"),
        ]),
    ]
)
