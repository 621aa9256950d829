import TileRenderGeometry
import CFontconfig
import Foundation

/// A font design, as SwiftUI's `Font.Design`.
package enum FontDesign: Hashable, Sendable {
    case `default`, serif, rounded, monospaced
}

/// What a run of text asks for: a family (nil: the system font of `design`), an OpenType weight
/// (100 Thin ... 900 Black) and a slant.
package struct FaceRequest: Hashable, Sendable {
    package var family: String?
    package var design: FontDesign
    package var weight: Int
    package var italic: Bool

    package init(family: String? = nil, design: FontDesign = .default, weight: Int = 400, italic: Bool = false) {
        self.family = family; self.design = design; self.weight = weight; self.italic = italic
    }
}

/// Finds faces: the bundled Inter (the system font), files registered by URL, then fontconfig.
///
/// - The default design is Inter 3.019, bundled (Sources/TileRenderText/Fonts/Inter): every weight,
///   upright and italic. `.rounded` falls back to it.
/// - `.serif` and `.monospaced` are DejaVu Serif and DejaVu Sans Mono, found through fontconfig (Debian's
///   fonts-dejavu-core, which scripts/install-deps.sh installs); without them, Inter, said once on
///   standard error.
/// - A named family is looked up among the bundled and registered faces first (`"Inter"`), then asked
///   of fontconfig, which must answer with that family; an unknown family gets the system font.
/// - A character the chosen face lacks is looked up through fontconfig (`fallbackFace(for:)`); where no
///   installed font has it, the face's `.notdef` glyph is drawn.
package final class FontLibrary: Sendable {
    package static let shared = FontLibrary()

    private struct Entry: Hashable, Sendable {
        let url: URL
        let index: Int
        let weight: Int
        let italic: Bool
    }
    private struct State: Sendable {
        /// Lower-cased family name to its faces (bundled and registered).
        var families: [String: [Entry]] = [:]
        var loaded: [Entry: FontFace] = [:]
        var resolved: [FaceRequest: FontFace] = [:]
        var fallbacks: [UInt32: FontFace?] = [:]
        var knownFamilies: [String: Bool] = [:]
        var bundledDirectory: URL?
        /// Bumped by every registration (layouts made before it may resolve faces differently).
        var generation = 0
    }
    private let state = Locked(State())
    private let fontconfig = Locked(FontconfigHandle())

    /// Inter's nine weights, as its files name them.
    static let interWeights: [(weight: Int, name: String)] = [
        (100, "Thin"), (200, "ExtraLight"), (300, "Light"), (400, "Regular"), (500, "Medium"),
        (600, "SemiBold"), (700, "Bold"), (800, "ExtraBold"), (900, "Black"),
    ]

    package init() {
        let directory = FontLibrary.findBundledInter()
        state.withLock { s in
            s.bundledDirectory = directory
            guard let directory else { return }
            var entries: [Entry] = []
            for (weight, name) in FontLibrary.interWeights {
                entries.append(Entry(url: directory.appendingPathComponent("Inter-\(name).otf"), index: 0, weight: weight, italic: false))
                let italicName = name == "Regular" ? "Italic" : name + "Italic"
                entries.append(Entry(url: directory.appendingPathComponent("Inter-\(italicName).otf"), index: 0, weight: weight, italic: true))
            }
            s.families["inter"] = entries
        }
    }

    /// The folder of the bundled Inter files: `TILERENDER_FONTS` (a folder holding Inter-*.otf), the
    /// package's resource bundle next to the executable (SwiftPM's layout), or the source tree.
    private static func findBundledInter() -> URL? {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["TILERENDER_FONTS"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        let executableFolder = Bundle.main.bundleURL
        candidates.append(executableFolder.appendingPathComponent("TileRender_TileRenderText.resources/Fonts/Inter"))
        if let executable = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(executable.appendingPathComponent("TileRender_TileRenderText.resources/Fonts/Inter"))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fonts/Inter"))
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("Inter-Regular.otf").path) {
            return folder
        }
        return nil
    }

    /// The face for `request`; never fails (the last resort is any face fontconfig has, and a library
    /// without even that throws from `systemFace`).
    package func face(for request: FaceRequest) throws -> FontFace {
        if let face = state.withLock({ $0.resolved[request] }) { return face }
        let face = try resolve(request)
        state.withLock { $0.resolved[request] = face }
        return face
    }

    private func resolve(_ request: FaceRequest) throws -> FontFace {
        if let family = request.family {
            if let face = try? known(family: family, weight: request.weight, italic: request.italic) { return face }
            if let face = fontconfigFace(family: family, weight: request.weight, italic: request.italic, strict: true) {
                return face
            }
            TextLog.once("TileRender: no font family \"\(family)\"; using the system font (Inter)")
        }
        switch request.design {
        case .serif, .monospaced:
            let family = request.design == .serif ? "DejaVu Serif" : "DejaVu Sans Mono"
            if let face = fontconfigFace(family: family, weight: request.weight, italic: request.italic, strict: true) {
                return face
            }
            TextLog.once("TileRender: \(family) is not installed (Debian: fonts-dejavu-core); using Inter for the \(request.design) design")
        case .default, .rounded:
            break
        }
        return try systemFace(weight: request.weight, italic: request.italic)
    }

    /// Inter at the nearest of its weights.
    package func systemFace(weight: Int, italic: Bool) throws -> FontFace {
        if let face = try known(family: "Inter", weight: weight, italic: italic) { return face }
        if let face = fontconfigFace(family: "Inter", weight: weight, italic: italic, strict: true)
            ?? fontconfigFace(family: "sans-serif", weight: weight, italic: italic, strict: false) {
            TextLog.once("TileRender: the bundled Inter fonts were not found (set TILERENDER_FONTS); using \(face)")
            return face
        }
        throw FontError.unreadableFile("the bundled Inter fonts (set TILERENDER_FONTS to their folder)")
    }

    /// A bundled or registered face of `family`: the nearest weight, the slant asked for if it exists.
    private func known(family: String, weight: Int, italic: Bool) throws -> FontFace? {
        guard let entries = state.withLock({ $0.families[family.lowercased()] }), !entries.isEmpty else { return nil }
        let slanted = entries.filter { $0.italic == italic }
        let pool = slanted.isEmpty ? entries : slanted
        let best = pool.min { abs($0.weight - weight) < abs($1.weight - weight) }!
        return try load(best)
    }

    private func load(_ entry: Entry) throws -> FontFace {
        if let face = state.withLock({ $0.loaded[entry] }) { return face }
        let face = try FontFace(contentsOf: entry.url, index: entry.index)
        return state.withLock { s in
            if let existing = s.loaded[entry] { return existing }
            s.loaded[entry] = face
            return face
        }
    }

    /// Registers the font file at `url` (every face in it) under its family names; returns them.
    /// Later requests for such a family find these faces before fontconfig is asked.
    @discardableResult
    package func register(contentsOf url: URL) throws -> [String] {
        let first = try FontFace(contentsOf: url, index: 0)
        var names: [String] = []
        var faces = [first]
        // A collection (.ttc) has more faces; at most 64 are registered.
        var index = 1
        while index < 64, let next = try? FontFace(contentsOf: url, index: index) { faces.append(next); index += 1 }
        state.withLock { s in
            for (i, face) in faces.enumerated() {
                let entry = Entry(url: url, index: i, weight: face.weightClass, italic: face.isItalic)
                s.loaded[entry] = face
                s.families[face.familyName.lowercased(), default: []].append(entry)
                if !names.contains(face.familyName) { names.append(face.familyName) }
            }
            s.resolved = [:]
            s.generation += 1
        }
        return names
    }

    /// Changes whenever a registration may change which face a request resolves to.
    package var generation: Int { state.withLock { $0.generation } }

    /// Whether `family` is bundled, registered or installed (fontconfig answers with that family).
    package func hasFamily(_ family: String) -> Bool {
        let key = family.lowercased()
        if let known = state.withLock({ s -> Bool? in s.families[key] != nil ? true : s.knownFamilies[key] }) { return known }
        let matched = fontconfig.withLock { $0.match(family: family, weight: 400, italic: false) }?.2
        let found = matched?.lowercased() == key
        // Remembered (fontconfig's match takes a millisecond; a document may name thousands of families).
        state.withLock { s in if s.knownFamilies.count < 10_000 { s.knownFamilies[key] = found } }
        return found
    }

    /// An installed face that has a glyph for `scalar` (fontconfig's best match for it), or nil.
    package func fallbackFace(for scalar: Unicode.Scalar) -> FontFace? {
        if let cached = state.withLock({ $0.fallbacks[scalar.value] }) { return cached }
        var found: FontFace? = nil
        // The installed fonts in fontconfig's fallback order, asked once; each is loaded on first use.
        if let (path, index) = fontconfig.withLock({ $0.fallback(containing: scalar) }) {
            let entry = Entry(url: URL(fileURLWithPath: path), index: index, weight: 0, italic: false)
            if let face = try? load(entry), face.glyph(for: scalar) != nil { found = face }
        }
        state.withLock { s in if s.fallbacks.count < 100_000 { s.fallbacks[scalar.value] = .some(found) } }
        return found
    }

    private func fontconfigFace(family: String, weight: Int, italic: Bool, strict: Bool) -> FontFace? {
        guard let (path, index, matchedFamily) = fontconfig.withLock({ $0.match(family: family, weight: weight, italic: italic) }) else {
            return nil
        }
        if strict && matchedFamily.lowercased() != family.lowercased() { return nil }
        let entry = Entry(url: URL(fileURLWithPath: path), index: index, weight: weight, italic: italic)
        return try? load(entry)
    }
}

/// Fontconfig's configuration, loaded on first use. Calls go through `FontLibrary`'s lock.
private struct FontconfigHandle: @unchecked Sendable {
    private var config: OpaquePointer?
    private var started = false

    private mutating func configuration() -> OpaquePointer? {
        if !started {
            started = true
            config = FcInitLoadConfigAndFonts()
        }
        return config
    }

    /// The best face fontconfig has for a family, weight and slant: its file, face index and family.
    mutating func match(family: String, weight: Int, italic: Bool) -> (String, Int, String)? {
        guard let config = configuration(), let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, CFontconfig_FAMILY, family)
        FcPatternAddInteger(pattern, CFontconfig_WEIGHT, FcWeightFromOpenType(Int32(min(max(weight, 1), 1000))))
        FcPatternAddInteger(pattern, CFontconfig_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        return best(pattern, config)
    }

    /// fontconfig's fallback list for sans-serif (FcFontSort, trimmed to fonts that add coverage):
    /// file, face index and character set of each, read once.
    private var fallbackList: [(path: String, index: Int, charset: OpaquePointer)]? = nil
    private var fallbackSet: UnsafeMutablePointer<FcFontSet>? = nil

    /// The first font of the fallback list that covers `scalar` (a character-set test, no file read).
    mutating func fallback(containing scalar: Unicode.Scalar) -> (String, Int)? {
        if fallbackList == nil {
            var list: [(path: String, index: Int, charset: OpaquePointer)] = []
            if let config = configuration(), let pattern = FcPatternCreate() {
                defer { FcPatternDestroy(pattern) }
                FcPatternAddString(pattern, CFontconfig_FAMILY, "sans-serif")
                FcConfigSubstitute(config, pattern, FcMatchPattern)
                FcDefaultSubstitute(pattern)
                var result = FcResultNoMatch
                if let set = FcFontSort(config, pattern, 1, nil, &result) {
                    fallbackSet = set
                    for i in 0..<Int(set.pointee.nfont) {
                        guard let font = set.pointee.fonts[i] else { continue }
                        var file: UnsafeMutablePointer<FcChar8>?
                        var charset: OpaquePointer?
                        var index: Int32 = 0
                        guard FcPatternGetString(font, CFontconfig_FILE, 0, &file) == FcResultMatch, let file,
                              FcPatternGetCharSet(font, CFontconfig_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
                        _ = FcPatternGetInteger(font, CFontconfig_INDEX, 0, &index)
                        list.append((String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self)), Int(index), charset))
                    }
                }
            }
            fallbackList = list
        }
        for font in fallbackList! where FcCharSetHasChar(font.charset, scalar.value) != 0 {
            return (font.path, font.index)
        }
        return nil
    }

    private func best(_ pattern: OpaquePointer, _ config: OpaquePointer) -> (String, Int, String)? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var family: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, CFontconfig_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(match, CFontconfig_INDEX, 0, &index)
        _ = FcPatternGetString(match, CFontconfig_FAMILY, 0, &family)
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        let name = family.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
        return (path, Int(index), name)
    }
}

/// Log lines said once per process on standard error (missing fonts).
package enum TextLog {
    private static let said = Locked<Set<String>>([])
    package static func once(_ message: String) {
        if said.withLock({ $0.insert(message).inserted }) { FileHandle.standardError.write(Data((message + "\n").utf8)) }
    }
}
