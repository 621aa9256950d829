import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// SPIR-V kept on disk between runs, so start-up does not pay for shaderc (about 0.1-0.2 s of glslang
/// start-up plus the compile) every time. One file per shader, named by a hash of its key: the shader
/// name, its source, every include file it may read, the compiler options and shaderc's SPIR-V
/// version. The file holds the whole key and a checksum of the SPIR-V too, and is used only when the key
/// matches byte for byte and the checksum holds, so a hash collision or a stale, truncated or corrupt
/// file means a compile, never wrong SPIR-V.
///
/// Location: `$XDG_CACHE_HOME/tilerender`, else `~/.cache/tilerender`. `TILERENDER_SHADER_CACHE=0`
/// (or `off`) turns it off. Files are written atomically (a temporary file renamed into place), so
/// concurrent processes see a whole file or none; failures to read or write only cost a compile.
package struct ShaderCache: Sendable {
    /// nil when the cache is off.
    package let directory: URL?

    package enum Origin: Equatable { case cache, compiler }

    /// The cache the Vulkan backend uses, from the environment.
    package static let standard = ShaderCache(environment: ProcessInfo.processInfo.environment)

    package init(directory: URL?) { self.directory = directory }

    package init(environment: [String: String]) {
        if let setting = environment["TILERENDER_SHADER_CACHE"], ["0", "off", "false", "no"].contains(setting.lowercased()) {
            directory = nil
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            directory = URL(fileURLWithPath: xdg).appendingPathComponent("tilerender")
        } else if let home = environment["HOME"], !home.isEmpty {
            directory = URL(fileURLWithPath: home).appendingPathComponent(".cache/tilerender")
        } else {
            directory = nil
        }
    }

    private static let magic = Array("TileRender SPIR-V cache 1\n".utf8)

    /// The SPIR-V of compute shader `name`, from the cache when it holds this exact key, else compiled
    /// (and stored).
    package func spirv(name: String, source: String, includes: [String: String]) throws -> (words: [UInt32], origin: Origin) {
        let key = ShaderCache.key(name: name, source: source, includes: includes)
        let file = directory?.appendingPathComponent("\(ShaderCache.safeName(name))-\(ShaderCache.fnv1a(key)).spv")
        if let file, let words = ShaderCache.read(file, key: key) { return (words, .cache) }
        let words = try ShaderCompiler.compileCompute(source, name: name, includes: includes)
        if let file { ShaderCache.write(words, key: key, to: file) }
        return (words, .compiler)
    }

    package static func key(name: String, source: String, includes: [String: String]) -> [UInt8] {
        var text = "\(ShaderCompiler.compilerVersion)\n\(ShaderCompiler.optionsDescription)\n\(name)\n\(source)"
        for file in includes.keys.sorted() { text += "\u{0}\(file)\u{0}\(includes[file]!)" }
        return Array(text.utf8)
    }

    /// The words after a matching header, or nil for a missing, foreign, stale or damaged file.
    private static func read(_ file: URL, key: [UInt8]) -> [UInt32]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let bytes = [UInt8](data)
        let header = magic.count + 8
        guard bytes.count > header, Array(bytes[0..<magic.count]) == magic else { return nil }
        var keyLength = 0
        for i in 0..<8 { keyLength |= Int(bytes[magic.count + i]) << (8 * i) }
        guard keyLength == key.count, bytes.count - header > keyLength + 8,
              bytes[header..<(header + keyLength)].elementsEqual(key) else { return nil }
        let checksum = bytes[(header + keyLength)..<(header + keyLength + 8)]
        let body = bytes[(header + keyLength + 8)...]
        guard body.count % 4 == 0, checksum.elementsEqual(fnv1aBytes(body)) else { return nil }
        let words = stride(from: body.startIndex, to: body.endIndex, by: 4).map { i in
            UInt32(body[i]) | UInt32(body[i + 1]) << 8 | UInt32(body[i + 2]) << 16 | UInt32(body[i + 3]) << 24
        }
        return words.first == spirvMagic ? words : nil
    }

    package static let spirvMagic: UInt32 = 0x0723_0203

    private static func write(_ words: [UInt32], key: [UInt8], to file: URL) {
        var bytes = magic
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: key.count >> (8 * i))) }
        bytes += key
        var body: [UInt8] = []
        body.reserveCapacity(words.count * 4)
        for word in words { body += [UInt8(word & 0xFF), UInt8((word >> 8) & 0xFF), UInt8((word >> 16) & 0xFF), UInt8(word >> 24)] }
        bytes += fnv1aBytes(body) + body
        // A cache that cannot be written (read-only home, full disk) only costs the next run a compile.
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file, options: .atomic)
        } catch {
            return
        }
    }

    /// 64-bit FNV-1a of `bytes`.
    private static func fnv1aHash<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The hash as 16 hex digits: picks the file; the stored key decides whether it is used.
    package static func fnv1a(_ bytes: [UInt8]) -> String {
        let digits = String(fnv1aHash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash as 8 little-endian bytes: the SPIR-V checksum.
    private static func fnv1aBytes<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] {
        let hash = fnv1aHash(bytes)
        return (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * UInt64($0))) }
    }

    private static func safeName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}
