import CShaderc
import Foundation

/// Compiles GLSL compute shaders to SPIR-V with shaderc, linked statically (Debian's shared library is
/// broken; see design/swift-vulkan.md). The first compile in a process pays glslang's start-up
/// (about 0.1 s); the Vulkan backend compiles its shader once per process.
enum ShaderCompiler {
    struct CompileError: Error, CustomStringConvertible {
        let description: String
    }

    static func compileCompute(_ source: String, name: String) throws -> [UInt32] {
        guard let compiler = shaderc_compiler_initialize() else {
            throw CompileError(description: "shaderc could not be initialised")
        }
        defer { shaderc_compiler_release(compiler) }
        guard let options = shaderc_compile_options_initialize() else {
            throw CompileError(description: "shaderc options could not be created")
        }
        defer { shaderc_compile_options_release(options) }
        shaderc_compile_options_set_target_env(options, shaderc_target_env_vulkan, shaderc_env_version_vulkan_1_1.rawValue)
        shaderc_compile_options_set_optimization_level(options, shaderc_optimization_level_performance)
        let utf8 = Array(source.utf8)
        guard let result = utf8.withUnsafeBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                shaderc_compile_into_spv(compiler, chars.baseAddress, chars.count, shaderc_compute_shader, name, "main", options)
            }
        }) else {
            throw CompileError(description: "shaderc returned no result for \(name)")
        }
        defer { shaderc_result_release(result) }
        guard shaderc_result_get_compilation_status(result) == shaderc_compilation_status_success else {
            let message = shaderc_result_get_error_message(result).map { String(cString: $0) } ?? "unknown error"
            throw CompileError(description: "\(name): \(message)")
        }
        let length = shaderc_result_get_length(result)
        guard length > 0, length % 4 == 0, let bytes = shaderc_result_get_bytes(result) else {
            throw CompileError(description: "\(name): empty SPIR-V")
        }
        var words = [UInt32](repeating: 0, count: length / 4)
        words.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: length)) }
        return words
    }
}
