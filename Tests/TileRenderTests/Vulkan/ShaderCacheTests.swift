// Needs the Vulkan backend (the package trait `Vulkan`, on by default).
#if Vulkan
import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct ShaderCacheTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tilerender-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let source = "#version 450\n#include \"abi.glsl\"\nlayout(local_size_x = TILE_SIZE) in;\nvoid main() {}\n"

    @Test func aMissCompilesAndStoresThenAHitReadsTheSameSPIRV() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ShaderCache(directory: directory)
        let includes = ShaderCompiler.embeddedIncludes
        let first = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes)
        #expect(first.origin == .compiler)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        let second = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes)
        #expect(second.origin == .cache)
        #expect(second.words == first.words)
        #expect(second.words.first == ShaderCache.spirvMagic)
    }

    @Test func aChangedSourceOrIncludeIsAMiss() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ShaderCache(directory: directory)
        var includes = ShaderCompiler.embeddedIncludes
        _ = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes)
        #expect(try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source + "\n", includes: includes).origin == .compiler)
        includes["paint.glsl"]! += "\n// changed\n"
        #expect(try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes).origin == .compiler)
    }

    /// Truncated, garbled, emptied or foreign files are compiled over, not used, and the rewritten
    /// file is a hit again.
    @Test(arguments: ["truncate", "garble", "empty", "foreign"])
    func aDamagedFileIsRecompiledAndRewritten(_ damage: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ShaderCache(directory: directory)
        let includes = ShaderCompiler.embeddedIncludes
        let good = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes).words
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
        let file = directory.appendingPathComponent(name)
        var bytes = [UInt8](try Data(contentsOf: file))
        switch damage {
        case "truncate": bytes.removeLast(6)
        case "garble": for i in stride(from: bytes.count - 40, to: bytes.count, by: 3) { bytes[i] ^= 0x5A }
        case "empty": bytes = []
        default: bytes = Array("not a cache file at all".utf8)
        }
        try Data(bytes).write(to: file)
        let recovered = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes)
        #expect(recovered.origin == .compiler)
        #expect(recovered.words == good)
        let again = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes)
        #expect(again.origin == .cache)
        #expect(again.words == good)
    }

    @Test func theEnvironmentChoosesTheFolderOrTurnsItOff() {
        #expect(ShaderCache(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).directory?.path == "/x/cache/tilerender")
        #expect(ShaderCache(environment: ["HOME": "/home/u"]).directory?.path == "/home/u/.cache/tilerender")
        #expect(ShaderCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).directory?.path == "/home/u/.cache/tilerender")
        #expect(ShaderCache(environment: ["TILERENDER_SHADER_CACHE": "0", "HOME": "/home/u"]).directory == nil)
        #expect(ShaderCache(environment: ["TILERENDER_SHADER_CACHE": "off", "HOME": "/home/u"]).directory == nil)
        #expect(ShaderCache(environment: [:]).directory == nil)
    }

    @Test func anOffCacheCompilesEveryTime() throws {
        let cache = ShaderCache(directory: nil)
        let includes = ShaderCompiler.embeddedIncludes
        #expect(try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes).origin == .compiler)
        #expect(try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: includes).origin == .compiler)
    }

    @Test func anUnwritableFolderStillCompiles() throws {
        let cache = ShaderCache(directory: URL(fileURLWithPath: "/proc/tilerender-cannot-write-here"))
        let result = try cache.spirv(name: "probe.comp", source: ShaderCacheTests.source, includes: ShaderCompiler.embeddedIncludes)
        #expect(result.origin == .compiler)
        #expect(result.words.first == ShaderCache.spirvMagic)
    }
}
#endif
