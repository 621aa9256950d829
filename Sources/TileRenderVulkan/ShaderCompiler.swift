import CShaderc
import Foundation
import Shaders
import TileRenderGeometry
import TileRenderPipeline

/// Compiles GLSL compute shaders to SPIR-V with shaderc, linked statically (Debian's shared library is
/// broken; see design/swift-vulkan.md). `#include "name"` is resolved from the `includes` given
/// (the embedded `ShaderSources` by default), so error messages name the file and line the error is
/// in. The first compile in a process pays glslang's start-up (about 0.1 s); `compileEmbedded` goes
/// through the on-disk `ShaderCache`, so a later run of the same binary skips shaderc.
package enum ShaderCompiler {
    package struct CompileError: Error, CustomStringConvertible {
        package let description: String
    }

    /// What the compiler is run with; part of the SPIR-V cache key.
    package static let optionsDescription = "compute, vulkan 1.1, performance"

    /// The SPIR-V version and revision the linked shaderc produces (it changes with shaderc/glslang).
    package static var compilerVersion: String {
        var version: UInt32 = 0, revision: UInt32 = 0
        shaderc_get_spv_version(&version, &revision)
        return "shaderc spv \(version).\(revision)"
    }

    /// The include files a shader may name, by file name.
    package static var embeddedIncludes: [String: String] {
        ShaderSources.includeNames.reduce(into: [:]) { $0[$1] = ShaderSources.text($1) }
    }

    /// The SPIR-V of embedded compute shader `name` (one of `ShaderSources.shaderNames`), from `cache`
    /// when it holds it, else compiled.
    package static func compileEmbedded(_ name: String, cache: ShaderCache = .standard) throws -> [UInt32] {
        guard let source = ShaderSources.text(name) else {
            throw CompileError(description: "no embedded shader named \(name)")
        }
        return try cache.spirv(name: name, source: source, includes: embeddedIncludes).words
    }

    package static func compileCompute(_ source: String, name: String,
                               includes: [String: String] = embeddedIncludes) throws -> [UInt32] {
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
        // The resolver outlives the compile: it is released after shaderc_result_release below.
        let resolver = Unmanaged.passRetained(IncludeResolver(includes))
        defer { resolver.release() }
        shaderc_compile_options_set_include_callbacks(options, { userData, requested, _, _, _ in
            let resolver = Unmanaged<IncludeResolver>.fromOpaque(userData!).takeUnretainedValue()
            return resolver.resolve(requested.map { String(cString: $0) } ?? "")
        }, { _, result in
            IncludeResolver.release(result)
        }, resolver.toOpaque())

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

/// Answers shaderc's include requests from a dictionary of files. Each result and its two strings are
/// allocated here and freed in `release`, as shaderc's includer contract asks.
private final class IncludeResolver {
    package let files: [String: String]
    package init(_ files: [String: String]) { self.files = files }

    package func resolve(_ requested: String) -> UnsafeMutablePointer<shaderc_include_result> {
        // A failed include has an empty name and the message as its content.
        let (name, content) = files[requested].map { (requested, $0) }
            ?? ("", "no include file named \"\(requested)\" (known: \(files.keys.sorted().joined(separator: ", ")))")
        let result = UnsafeMutablePointer<shaderc_include_result>.allocate(capacity: 1)
        let nameBytes = Array(name.utf8), contentBytes = Array(content.utf8)
        result.initialize(to: shaderc_include_result(
            source_name: IncludeResolver.copy(nameBytes), source_name_length: nameBytes.count,
            content: IncludeResolver.copy(contentBytes), content_length: contentBytes.count, user_data: nil))
        return result
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafePointer<CChar> {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count) }
        }
        return UnsafePointer(buffer)
    }

    package static func release(_ result: UnsafeMutablePointer<shaderc_include_result>?) {
        guard let result else { return }
        UnsafeMutablePointer(mutating: result.pointee.source_name)?.deallocate()
        UnsafeMutablePointer(mutating: result.pointee.content)?.deallocate()
        result.deinitialize(count: 1)
        result.deallocate()
    }
}
