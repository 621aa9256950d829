import Foundation
import Shaders
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// The Swift structs the GPU reads, with the byte offset of each field named in `GPUABI.structs`.
let swiftStructLayouts: [(abi: GPUABI.StructLayout, size: Int, stride: Int, offsets: [String: Int?])] = [
    (GPUABI.segment, MemoryLayout<TileSegment>.size, MemoryLayout<TileSegment>.stride, [
        "x0": MemoryLayout<TileSegment>.offset(of: \.x0), "y0": MemoryLayout<TileSegment>.offset(of: \.y0),
        "x1": MemoryLayout<TileSegment>.offset(of: \.x1), "y1": MemoryLayout<TileSegment>.offset(of: \.y1),
    ]),
    (GPUABI.pathTile, MemoryLayout<PathTile>.size, MemoryLayout<PathTile>.stride, [
        "drawIndex": MemoryLayout<PathTile>.offset(of: \.drawIndex), "tileIndex": MemoryLayout<PathTile>.offset(of: \.tileIndex),
        "segmentStart": MemoryLayout<PathTile>.offset(of: \.segmentStart),
        "segmentCount": MemoryLayout<PathTile>.offset(of: \.segmentCount),
        "backdropStart": MemoryLayout<PathTile>.offset(of: \.backdropStart),
    ]),
    (GPUABI.draw, MemoryLayout<BinnedDraw>.size, MemoryLayout<BinnedDraw>.stride, [
        "paintIndex": MemoryLayout<BinnedDraw>.offset(of: \.paintIndex), "rule": MemoryLayout<BinnedDraw>.offset(of: \.rule),
        "layer": MemoryLayout<BinnedDraw>.offset(of: \.layer), "flags": MemoryLayout<BinnedDraw>.offset(of: \.flags),
    ]),
    (GPUABI.layer, MemoryLayout<EncodedLayer>.size, MemoryLayout<EncodedLayer>.stride, [
        "parent": MemoryLayout<EncodedLayer>.offset(of: \.parent), "clipDraw": MemoryLayout<EncodedLayer>.offset(of: \.clipDraw),
        "flags": MemoryLayout<EncodedLayer>.offset(of: \.flags), "opacity": MemoryLayout<EncodedLayer>.offset(of: \.opacity),
        "filterStart": MemoryLayout<EncodedLayer>.offset(of: \.filterStart), "filterCount": MemoryLayout<EncodedLayer>.offset(of: \.filterCount),
    ]),
    (GPUABI.paint, MemoryLayout<EncodedPaint>.size, MemoryLayout<EncodedPaint>.stride, [
        "kind": MemoryLayout<EncodedPaint>.offset(of: \.kind), "lutStart": MemoryLayout<EncodedPaint>.offset(of: \.lutStart),
        "spread": MemoryLayout<EncodedPaint>.offset(of: \.spread), "imageHeight": MemoryLayout<EncodedPaint>.offset(of: \.imageHeight),
        "color": MemoryLayout<EncodedPaint>.offset(of: \.color), "map": MemoryLayout<EncodedPaint>.offset(of: \.map),
        "params": MemoryLayout<EncodedPaint>.offset(of: \.params),
    ]),
    (GPUABI.fineConfig, MemoryLayout<GPUABI.FineConfig>.size, MemoryLayout<GPUABI.FineConfig>.stride, [
        "width": MemoryLayout<GPUABI.FineConfig>.offset(of: \.width),
        "height": MemoryLayout<GPUABI.FineConfig>.offset(of: \.height),
        "tilesX": MemoryLayout<GPUABI.FineConfig>.offset(of: \.tilesX),
        "tileRowStart": MemoryLayout<GPUABI.FineConfig>.offset(of: \.tileRowStart),
    ]),
    (GPUABI.filterConfig, MemoryLayout<GPUABI.FilterConfig>.size, MemoryLayout<GPUABI.FilterConfig>.stride, [
        "pass": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.pass), "width": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.width),
        "height": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.height), "flags": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.flags),
        "tableStart": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.tableStart), "count": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.count),
        "op": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.op), "pad": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.pad),
        "params": MemoryLayout<GPUABI.FilterConfig>.offset(of: \.params),
    ]),
]

@Suite struct GPUABITests {
    /// The checked-in header (embedded at build time) must be what the generator writes now.
    @Test func checkedInHeaderIsCurrent() throws {
        let checkedIn = try #require(ShaderSources.text("abi.glsl"))
        #expect(checkedIn == GPUABI.glslHeader,
                "Sources/Shaders/include/abi.glsl is stale: run `swift run gpu-abi-header > Sources/Shaders/include/abi.glsl`")
    }

    /// Every Swift struct the GPU reads has the std430 layout the header declares.
    @Test func swiftStructsHaveTheABILayout() {
        #expect(swiftStructLayouts.map(\.abi.name) == GPUABI.structs.map(\.name), "every ABI struct is checked")
        for entry in swiftStructLayouts {
            #expect(entry.size == entry.abi.size, "\(entry.abi.name): Swift size \(entry.size), std430 \(entry.abi.size)")
            // Arrays of the struct: Swift's stride is the std430 array stride.
            #expect(entry.stride == entry.abi.size, "\(entry.abi.name): Swift stride \(entry.stride)")
            #expect(Set(entry.offsets.keys) == Set(entry.abi.fields.map(\.name)), "\(entry.abi.name): the same fields")
            for field in entry.abi.fields {
                #expect(entry.offsets[field.name] == field.offset, "\(entry.abi.name).\(field.name)")
            }
        }
    }

    /// Values the Swift code keeps in its own names come from the ABI.
    @Test func swiftEncodingsFollowTheABI() throws {
        var scene = Scene(size: CGSize(width: 20, height: 20))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 2, y: 2, width: 10, height: 10)), with: .color(.red), style: FillStyle(eoFill: true))
            ctx.fill(Path(CGRect(x: 4, y: 4, width: 10, height: 10)), with: .color(.blue))
        }
        let binned = try BinnedScene(encoding: EncodedScene(scene), width: 20, height: 20, threadCount: 1)
        #expect(binned.draws.map(\.rule) == [GPUABI.FillRule.evenOdd.rawValue, GPUABI.FillRule.nonZero.rawValue])
        // Public blend modes map to the ABI id of the same name; out-of-range raw values draw normally.
        #expect(GraphicsContext.BlendMode.multiply.encoded == GPUABI.BlendID.multiply.rawValue)
        #expect(GraphicsContext.BlendMode.plusLighter.encoded == GPUABI.BlendID.plusLighter.rawValue)
        #expect(GraphicsContext.BlendMode(rawValue: 28).encoded == GPUABI.BlendID.normal.rawValue)
        #expect(GraphicsContext.BlendMode(rawValue: -1).encoded == GPUABI.BlendID.normal.rawValue)
        // Layer ids must fit a command word's index bits.
        #expect(EncodedScene.maxLayerCount == Int(GPUABI.TileCommand.indexMask))
    }

    /// The sRGB transfer function is GPUABI.SRGB's, in Float and Double: bit for bit the IEC 61966-2-1
    /// formulas as they were written out before, and the two directions invert each other.
    @Test func theSRGBTransferIsTheStandardOne() {
        for i in 0...1000 {
            let v = Double(i) / 1000, f = Float(v)
            #expect(GPUABI.SRGB.decode(v) == (v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)))
            #expect(GPUABI.SRGB.encode(v) == (v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055))
            #expect(GPUABI.SRGB.decode(f) == (f <= 0.04045 ? f / 12.92 : pow((f + 0.055) / 1.055, 2.4)))
            #expect(GPUABI.SRGB.encode(f) == (f <= 0.0031308 ? f * 12.92 : 1.055 * pow(f, 1 / 2.4) - 0.055))
            #expect(abs(GPUABI.SRGB.encode(GPUABI.SRGB.decode(v)) - v) < 1e-12)
        }
        // Extended values keep their sign (Color's odd extension).
        #expect(Color.decodeSRGB(-0.5) == -GPUABI.SRGB.decode(0.5))
        #expect(Color.encodeSRGB(-0.5) == -GPUABI.SRGB.encode(0.5))
    }

    /// The shared constants are written out once: no Swift or GLSL source outside GPUABI.swift (and
    /// the abi.glsl generated from it) spells the sRGB curve's or the luminance weights' numbers in
    /// code (comments may quote them).
    @Test func sharedConstantsAreDefinedOnlyInGPUABI() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let numbers = ["0.04045", "0.0031308", "12.92", "0.7154", "0.0721"]
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in files where ["swift", "glsl", "comp"].contains(url.pathExtension) {
            guard !["GPUABI.swift", "abi.glsl"].contains(url.lastPathComponent) else { continue }
            checked += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                for number in numbers where code.contains(number) {
                    Issue.record("\(url.lastPathComponent):\(n + 1) writes out \(number): use GPUABI")
                }
            }
        }
        #expect(checked > 100)
        #expect(GPUABI.glslHeader.contains("LUMINANCE_WEIGHTS vec3(0.2125, 0.7154, 0.0721)"))
        #expect(GPUABI.filterStepSize == GPUABI.FilterStepEntry.constantColumn + 1)
    }

    /// Image paints' own names read and write the words the ABI gives them.
    @Test func imagePaintsHaveTheirOwnNames() throws {
        let bitmap = try Bitmap(width: 3, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 24))
        var scene = Scene(size: CGSize(width: 8, height: 8))
        scene.draw { ctx in
            ctx.fill(Path(CGRect(x: 0, y: 0, width: 8, height: 8)), with: .color(.red))
            ctx.draw(Image(bitmap: bitmap), in: CGRect(x: 0, y: 0, width: 6, height: 4))
        }
        let paint = try #require(EncodedScene(scene).paints.first { $0.kind == GPUABI.PaintKind.image.rawValue })
        #expect(paint.imageWidth == 3 && paint.imageHeight == 2 && paint.firstTexel == 0)
        #expect(GPUABI.imagePaintAliases.map(\.name) == ["firstTexel", "imageWidth"])
        for alias in GPUABI.imagePaintAliases {
            #expect(GPUABI.paint.field(alias.field) != nil)
            #expect(GPUABI.glslHeader.contains("uint \(alias.name)(Paint p) { return p.\(alias.field); }"))
        }
    }

    @Test func headerDeclaresEachBindingAndStruct() throws {
        let header = GPUABI.glslHeader
        for binding in GPUABI.Binding.allCases {
            #expect(header.contains("#define BINDING_\(GPUABI.macroName("\(binding)")) \(binding.rawValue)\n"))
        }
        for layout in GPUABI.structs {
            #expect(header.contains("struct \(layout.name) {"))
        }
        #expect(GPUABI.macroName("destinationAtop") == "DESTINATION_ATOP")
    }
}

@Suite struct ShaderIncludeTests {
    @Test func everyShaderAndIncludeIsEmbedded() throws {
        for name in ShaderSources.shaderNames + ShaderSources.includeNames {
            let text = try #require(ShaderSources.text(name), "\(name) is embedded")
            #expect(!text.isEmpty)
        }
        #expect(ShaderSources.text("missing.glsl") == nil)
    }

    #if Vulkan
    /// A compile error inside an include names that file and its own line, not the including shader's.
    @Test func errorsInIncludesNameTheFileAndLine() {
        let includes = ["helper.glsl": "// line 1\n// line 2\nthis is not glsl;\n"]
        do {
            _ = try ShaderCompiler.compileCompute("#version 450\n#include \"helper.glsl\"\nvoid main() {}\n",
                                                  name: "main.comp", includes: includes)
            Issue.record("the broken include compiled")
        } catch {
            #expect("\(error)".contains("helper.glsl:3:"), "\(error)")
        }
    }

    @Test func errorsInTheShaderNameItsLine() {
        do {
            _ = try ShaderCompiler.compileCompute("#version 450\n#include \"abi.glsl\"\n\nvoid main() { nope }\n", name: "main.comp")
            Issue.record("the broken shader compiled")
        } catch {
            #expect("\(error)".contains("main.comp:4:"), "\(error)")
        }
    }

    @Test func aMissingIncludeSaysWhichFile() {
        do {
            _ = try ShaderCompiler.compileCompute("#version 450\n#include \"nowhere.glsl\"\nvoid main() {}\n",
                                                  name: "main.comp", includes: [:])
            Issue.record("a missing include compiled")
        } catch {
            #expect("\(error)".contains("nowhere.glsl"), "\(error)")
        }
    }
    #endif
}
