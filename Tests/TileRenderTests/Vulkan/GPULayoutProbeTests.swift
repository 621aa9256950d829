// Needs the Vulkan backend (the package trait `Vulkan`, on by default).
#if Vulkan
import CVulkan
import Foundation
import Shaders
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// The GPU side of the layout check: a probe shader, written from `GPUABI.structs`, stores a distinct
/// marker into every field (every component and array element) of elements 0 and 1 of an array of
/// each struct, using the header's struct declarations. Read back, each marker must sit at the byte
/// offset Swift's MemoryLayout gives that field, in the element Swift's stride puts it.
// Serialized: the handle-count test counts the layouts and pipelines that only these tests create.
@Suite(.enabled(if: vulkanAvailable, "No Vulkan device available"), .serialized)
struct GPULayoutProbeTests {
    /// Field `field` (index in the struct), component `component`, of element `element` of struct `s`.
    private static func marker(_ s: Int, _ element: Int, _ field: Int, _ component: Int) -> UInt32 {
        UInt32(1 + s * 1000 + element * 500 + field * 16 + component)
    }

    private static func components(_ type: GPUABI.FieldType) -> Int {
        switch type {
        case .uint, .float: return 1
        case .vec4: return 4
        case .floatArray(let n): return n
        }
    }

    private static var probeSource: String {
        var lines = ["#version 450", "#include \"abi.glsl\"", "layout(local_size_x = 1) in;"]
        for (s, layout) in GPUABI.structs.enumerated() {
            lines.append("layout(std430, binding = \(s)) buffer Probe\(s) { \(layout.name) probe\(s)[]; };")
        }
        lines.append("void main() {")
        for (s, layout) in GPUABI.structs.enumerated() {
            for element in 0..<2 {
                for (f, field) in layout.fields.enumerated() {
                    for c in 0..<components(field.type) {
                        let m = marker(s, element, f, c)
                        let target: String
                        switch field.type {
                        case .uint, .float: target = "probe\(s)[\(element)].\(field.name)"
                        case .vec4: target = "probe\(s)[\(element)].\(field.name)[\(c)]"
                        case .floatArray: target = "probe\(s)[\(element)].\(field.name)[\(c)]"
                        }
                        let value = field.type == .uint ? "\(m)u" : "\(m).0"
                        lines.append("    \(target) = \(value);")
                    }
                }
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func shaderWritesEveryFieldAtSwiftsOffset() throws {
        let context = try VulkanContext.shared.get()
        let spirv = try ShaderCompiler.compileCompute(GPULayoutProbeTests.probeSource, name: "layout_probe.comp")
        let layouts = swiftStructLayouts
        let buffers = layouts.map { [UInt8](repeating: 0, count: 2 * $0.stride) }
        let results = try context.runOnce(spirv: spirv, buffers: buffers)
        for (s, entry) in layouts.enumerated() {
            let bytes = results[s]
            for element in 0..<2 {
                for (f, field) in entry.abi.fields.enumerated() {
                    let offset = try #require(entry.offsets[field.name] ?? nil, "\(entry.abi.name).\(field.name) has a Swift offset")
                    for c in 0..<GPULayoutProbeTests.components(field.type) {
                        let at = element * entry.stride + offset + 4 * c
                        let word = bytes[at..<(at + 4)].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
                        let expected = GPULayoutProbeTests.marker(s, element, f, c)
                        let got = field.type == .uint ? Double(word) : Double(Float(bitPattern: word))
                        #expect(got == Double(expected), "\(entry.abi.name)[\(element)].\(field.name)[\(c)] at byte \(at)")
                    }
                }
            }
        }
    }

    /// Every object a one-off dispatch makes (set layout, pipeline layout, shader module, pipeline,
    /// descriptor pool, command pool, fence) is destroyed once the call returns, and a failed create
    /// throws naming its call and counts nothing.
    @Test func handlesAreDestroyedAndFailedCreatesLeakNothing() throws {
        let context = try VulkanContext.shared.get()
        let spirv = try ShaderCompiler.compileCompute("#version 450\nlayout(local_size_x = 1) in;\n"
            + "layout(std430, binding = 0) buffer B { uint b[]; };\nvoid main() { b[0] = 7u; }\n", name: "seven.comp")
        func counts() -> [Int] {
            // On the shared device only: the interop tests make and free pipelines on devices of their own meanwhile.
            let device = context.vulkanDevice
            return [VulkanDescriptorSetLayout.liveCount(on: device), VulkanPipelineLayout.liveCount(on: device),
                    VulkanShaderModule.liveCount(on: device), VulkanPipeline.liveCount(on: device)]
        }
        let before = counts()
        let result = try context.runOnce(spirv: spirv, buffers: [[0, 0, 0, 0]])
        #expect(result == [[7, 0, 0, 0]])
        #expect(counts() == before)

        #expect(throws: TileRenderError.backendUnavailable("vkCreateShaderModule failed (VkResult \(VK_ERROR_OUT_OF_DEVICE_MEMORY.rawValue))")) {
            _ = try VulkanShaderModule(context.vulkanDevice, "vkCreateShaderModule") { _, _ in VK_ERROR_OUT_OF_DEVICE_MEMORY }
        }
        #expect(counts() == before)
    }
}
#endif
