import Foundation

/// The compiler plugin behind TileRender's `#Preview`: it expands every `#Preview { ... }` to nothing.
///
/// A render has no canvas to show previews in, so the macro only has to let seed files compile (the
/// compiler still type-checks the preview's closure). The toolchain's swift-syntax offers its plugin
/// API only as SPI, so this speaks the compiler's plugin protocol itself: messages on standard input
/// and output, each a little-endian 64-bit byte count and then that many bytes of JSON. The host asks
/// for the plugin's capability once, then sends one expansion request per macro use.
@main
enum PreviewMacroPlugin {
    /// The protocol version this plugin speaks (the compiler's since Swift 6.0).
    static let protocolVersion = 7
    /// Messages larger than this are not from a compiler: the plugin stops instead of allocating.
    static let maximumMessageSize = 1 << 30

    static func main() {
        while let message = readMessage() {
            guard let reply = reply(to: message) else { return }
            write(reply)
        }
    }

    /// The answer to one host message, or nil for a message this plugin cannot understand.
    static func reply(to message: [String: Any]) -> [String: Any]? {
        if message["getCapability"] != nil {
            return ["getCapabilityResult": ["capability": ["protocolVersion": protocolVersion]]]
        }
        if let request = message["expandFreestandingMacro"] as? [String: Any] {
            let macro = request["macro"] as? [String: Any]
            // Only `Preview` is declared with this plugin; any other name gets no expansion (an error).
            let expansion: Any = (macro?["typeName"] as? String) == "PreviewMacro" ? "" : NSNull()
            return ["expandMacroResult": ["expandedSource": expansion, "diagnostics": [Any]()]]
        }
        if message["expandAttachedMacro"] != nil {
            return ["expandMacroResult": ["expandedSource": NSNull(), "diagnostics": [Any]()]]
        }
        if message["loadPluginLibrary"] != nil {
            return ["loadPluginLibraryResult": ["loaded": false, "diagnostics": [Any]()]]
        }
        return nil
    }

    static func readMessage() -> [String: Any]? {
        guard let header = read(count: 8) else { return nil }
        let size = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard size <= UInt64(maximumMessageSize), let body = read(count: Int(size)) else { return nil }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }

    static func read(count: Int) -> Data? {
        var data = Data()
        while data.count < count {
            let chunk = FileHandle.standardInput.readData(ofLength: count - data.count)
            if chunk.isEmpty { return nil }
            data.append(chunk)
        }
        return data
    }

    static func write(_ reply: [String: Any]) {
        guard let body = try? JSONSerialization.data(withJSONObject: reply) else { return }
        var message = withUnsafeBytes(of: UInt64(body.count).littleEndian) { Data($0) }
        message.append(body)
        FileHandle.standardOutput.write(message)
    }
}
