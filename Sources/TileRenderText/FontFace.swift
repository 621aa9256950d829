import CFreeType
import CHarfBuzz
import Foundation
import Synchronization
import TileRenderGeometry

/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a font FreeType and HarfBuzz can read (corrupt, truncated, or another format).
    case invalidFontFile(String)
    /// The file could not be read.
    case unreadableFile(String)

    public var description: String {
        switch self {
        case .invalidFontFile(let why): "not a usable font file: \(why)"
        case .unreadableFile(let path): "cannot read font file \(path)"
        }
    }
}

/// One face of a font file (an OpenType/TrueType face), loaded once and shared: FreeType reads its
/// outlines and metrics, unhinted and unscaled (font units), and HarfBuzz shapes with it.
///
/// Metrics are in font units (`unitsPerEm` to the em), y up as in the font; `outline(of:)` turns the
/// y axis down (TileRender's user space) so that a glyph's path is placed by translating it to its
/// baseline origin and scaling by `size / unitsPerEm`.
package final class FontFace: @unchecked Sendable, CustomStringConvertible {
    /// A number unique to this face in the process (glyph cache keys).
    package let id: Int
    package let familyName: String
    package let styleName: String
    package let unitsPerEm: Int
    /// hhea ascender (positive, above the baseline), descender (negative) and line gap, font units.
    package let ascender: Int
    package let descender: Int
    package let lineGap: Int
    /// OS/2 usWeightClass (100 Thin ... 900 Black; 400 where the table is missing).
    package let weightClass: Int
    package let isItalic: Bool
    package let glyphCount: Int
    /// post table: the underline's centre (negative: below the baseline) and thickness; OS/2: the
    /// strikeout's top above the baseline and its thickness. Font units, y up.
    package let underlinePosition: Int
    package let underlineThickness: Int
    package let strikeoutPosition: Int
    package let strikeoutThickness: Int
    /// Where the face came from (a path, or "memory").
    package let origin: String

    // The font bytes outlive the FreeType face and the HarfBuzz blob that point into them.
    private let bytes: UnsafeMutableRawBufferPointer
    // FreeType's face is not safe to use from two threads at once (loading a glyph writes its slot).
    private let freeType: Locked<FreeTypeHandles>
    /// HarfBuzz's font, immutable after creation and so safe to shape with from any thread.
    package let hbFont: OpaquePointer

    private struct FreeTypeHandles: @unchecked Sendable {
        var library: FT_Library
        var face: FT_Face
    }

    private static let nextID = Atomic<Int>(1)

    /// Loads face `index` of the font in `data`. Throws `FontError.invalidFontFile` for bytes that are
    /// not a scalable font (a truncated file, a bitmap-only font, an empty file).
    package init(data: Data, index: Int = 0, origin: String = "memory") throws {
        guard !data.isEmpty else { throw FontError.invalidFontFile("\(origin): empty") }
        guard data.count < Int(Int32.max) else { throw FontError.invalidFontFile("\(origin): larger than 2 GB") }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: bytes)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            bytes.deallocate()
            throw FontError.invalidFontFile("\(origin): FreeType did not start")
        }
        var face: FT_Face?
        let base = bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
        let status = FT_New_Memory_Face(library, base, FT_Long(data.count), FT_Long(index), &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library); bytes.deallocate()
            throw FontError.invalidFontFile("\(origin): FreeType error \(status)")
        }
        let flags = UInt(face.pointee.face_flags)
        guard flags & UInt(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            FT_Done_Face(face); FT_Done_FreeType(library); bytes.deallocate()
            throw FontError.invalidFontFile("\(origin): no scalable outlines")
        }
        self.bytes = bytes
        freeType = Locked(FreeTypeHandles(library: library, face: face))
        id = FontFace.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.origin = origin
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? "?"
        unitsPerEm = Int(face.pointee.units_per_EM)
        glyphCount = Int(face.pointee.num_glyphs)
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            ascender = Int(hhea.Ascender); descender = Int(hhea.Descender); lineGap = Int(hhea.Line_Gap)
        } else {
            ascender = Int(face.pointee.ascender); descender = Int(face.pointee.descender)
            lineGap = max(0, Int(face.pointee.height) - ascender + descender)
        }
        let em = Int(face.pointee.units_per_EM)
        underlinePosition = Int(face.pointee.underline_position)
        underlineThickness = face.pointee.underline_thickness > 0 ? Int(face.pointee.underline_thickness) : max(1, em / 14)
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            weightClass = os2.usWeightClass == 0 ? 400 : Int(os2.usWeightClass)
            strikeoutPosition = os2.yStrikeoutPosition > 0 ? Int(os2.yStrikeoutPosition) : em * 3 / 10
            strikeoutThickness = os2.yStrikeoutSize > 0 ? Int(os2.yStrikeoutSize) : underlineThickness
        } else {
            weightClass = UInt(face.pointee.style_flags) & UInt(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
            strikeoutPosition = em * 3 / 10
            strikeoutThickness = underlineThickness
        }
        isItalic = UInt(face.pointee.style_flags) & UInt(FT_STYLE_FLAG_ITALIC) != 0
        // HarfBuzz reads the same bytes (its own OpenType tables; scale = units per em, so positions
        // come back in font units, unhinted).
        let blob = hb_blob_create(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(data.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        hbFont = font
    }

    /// Loads face `index` of the font file at `url`.
    package convenience init(contentsOf url: URL, index: Int = 0) throws {
        guard let data = try? Data(contentsOf: url) else { throw FontError.unreadableFile(url.path) }
        try self.init(data: data, index: index, origin: url.path)
    }

    deinit {
        hb_font_destroy(hbFont)
        freeType.withLock { handles in
            FT_Done_Face(handles.face)
            FT_Done_FreeType(handles.library)
        }
        bytes.deallocate()
    }

    package var description: String { "\(familyName) \(styleName) (\(origin))" }

    /// The glyph HarfBuzz maps `scalar` to, or nil where the face has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The horizontal advance of `glyph` in font units (HarfBuzz's, unhinted).
    package func advance(of glyph: UInt32) -> Int32 { hb_font_get_glyph_h_advance(hbFont, glyph) }

    /// The outline of `glyph` in font units with y down (the baseline origin at (0, 0)); an empty path
    /// for a glyph without contours (a space) or a glyph id the face does not have.
    package func outline(of glyph: UInt32) -> Path {
        guard Int(glyph) < glyphCount else { return Path() }
        return freeType.withLock { handles -> Path in
            guard FT_Load_Glyph(handles.face, glyph, CFreeType_LOAD_OUTLINE) == 0,
                  let slot = handles.face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
            let builder = OutlineBuilder()
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in OutlineBuilder.from(user).move(to!.pointee); return 0 },
                line_to: { to, user in OutlineBuilder.from(user).line(to!.pointee); return 0 },
                conic_to: { control, to, user in OutlineBuilder.from(user).conic(control!.pointee, to!.pointee); return 0 },
                cubic_to: { c1, c2, to, user in OutlineBuilder.from(user).cubic(c1!.pointee, c2!.pointee, to!.pointee); return 0 },
                shift: 0, delta: 0)
            var outline = slot.pointee.outline
            let status = withUnsafeMutablePointer(to: &funcs) { funcsPointer in
                FT_Outline_Decompose(&outline, funcsPointer, Unmanaged.passUnretained(builder).toOpaque())
            }
            if status != 0 { return Path() }
            builder.finish()
            return builder.path
        }
    }
}

/// Collects FreeType's outline callbacks into a `Path` (y flipped: font units grow upward).
private final class OutlineBuilder {
    var path = Path()
    var open = false

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }
    private func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x), y: -CGFloat(v.y)) }

    func move(_ to: FT_Vector) {
        if open { path.closeSubpath() }
        path.move(to: point(to)); open = true
    }
    func line(_ to: FT_Vector) { path.addLine(to: point(to)) }
    func conic(_ control: FT_Vector, _ to: FT_Vector) { path.addQuadCurve(to: point(to), control: point(control)) }
    func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ to: FT_Vector) {
        path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
    }
    func finish() { if open { path.closeSubpath(); open = false } }
}
