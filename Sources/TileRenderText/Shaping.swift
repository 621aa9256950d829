import CHarfBuzz
import Foundation

/// One glyph of a shaped run, in font units (HarfBuzz's output at a scale of one unit per font unit).
package struct ShapedGlyph: Equatable, Sendable {
    package var glyph: UInt32
    /// UTF-8 offset, in the run's string, of the first character this glyph stands for.
    package var cluster: Int
    package var xAdvance: Int32
    package var yAdvance: Int32
    package var xOffset: Int32
    package var yOffset: Int32
}

/// OpenType features a run is shaped with, on top of HarfBuzz's defaults (kerning, ligatures and
/// Inter's contextual alternates are on by default).
package struct ShapingFeatures: Hashable, Sendable {
    /// `false` turns kerning off (`-kern`).
    package var kerning = true
    /// Tabular (equal-width) figures: `tnum`, for `monospacedDigit()`.
    package var tabularFigures = false

    package init(kerning: Bool = true, tabularFigures: Bool = false) {
        self.kerning = kerning; self.tabularFigures = tabularFigures
    }

    fileprivate var harfBuzzFeatures: [hb_feature_t] {
        var features: [hb_feature_t] = []
        func add(_ spec: String) {
            var feature = hb_feature_t()
            if hb_feature_from_string(spec, -1, &feature) != 0 { features.append(feature) }
        }
        if !kerning { add("-kern") }
        if tabularFigures { add("tnum") }
        return features
    }
}

/// Most UTF-8 bytes one call shapes: HarfBuzz takes Int32 lengths, and a run longer than this is
/// shaped in pieces cut at character boundaries (kerning across a cut is lost, nothing else).
package let maxShapedRunBytes = 1 << 20

/// Shapes `text` with HarfBuzz in `face`: glyphs in visual order for the run's direction (`rightToLeft`,
/// or guessed from its script), with positions in font units; with `logicalOrder`, right-to-left glyphs
/// come back in the text's order (for line breaking; each glyph keeps its offsets).
package func shape(_ text: String, face: FontFace, features: ShapingFeatures = ShapingFeatures(),
                   rightToLeft: Bool? = nil, logicalOrder: Bool = false) -> [ShapedGlyph] {
    let utf8 = Array(text.utf8)
    if utf8.isEmpty { return [] }
    var result: [ShapedGlyph] = []
    result.reserveCapacity(utf8.count)
    let hbFeatures = features.harfBuzzFeatures
    var start = 0
    while start < utf8.count {
        var end = min(utf8.count, start + maxShapedRunBytes)
        // Back up to the start of a UTF-8 sequence (continuation bytes are 10xxxxxx).
        while end < utf8.count && end > start && utf8[end] & 0xC0 == 0x80 { end -= 1 }
        if end == start { end = min(utf8.count, start + maxShapedRunBytes) }
        shapePiece(utf8, start..<end, face: face, features: hbFeatures, rightToLeft: rightToLeft,
                   logicalOrder: logicalOrder, into: &result)
        start = end
    }
    return result
}

private func shapePiece(_ utf8: [UInt8], _ range: Range<Int>, face: FontFace, features: [hb_feature_t],
                        rightToLeft: Bool?, logicalOrder: Bool, into result: inout [ShapedGlyph]) {
    guard let buffer = hb_buffer_create() else { return }
    defer { hb_buffer_destroy(buffer) }
    // Up to 64 bytes each side are context (contextual shaping at a cut); only `range` is shaped.
    // Clusters are then offsets from the context's start.
    let contextStart = max(0, range.lowerBound - 64), contextEnd = min(utf8.count, range.upperBound + 64)
    utf8[contextStart..<contextEnd].withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound - contextStart),
                               Int32(range.count))
        }
    }
    // The bidi level decides the direction when known (HarfBuzz would guess it from the script).
    if let rightToLeft { hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR) }
    hb_buffer_guess_segment_properties(buffer)
    features.withUnsafeBufferPointer { f in
        hb_shape(face.hbFont, buffer, f.baseAddress, UInt32(f.count))
    }
    var count: UInt32 = 0
    guard let firstInfo = hb_buffer_get_glyph_infos(buffer, &count),
          let firstPosition = hb_buffer_get_glyph_positions(buffer, &count) else { return }
    // HarfBuzz's arrays, `count` long (indices checked in debug builds).
    let infos = UnsafeBufferPointer(start: firstInfo, count: Int(count))
    let positions = UnsafeBufferPointer(start: firstPosition, count: Int(count))
    let reversed = logicalOrder && hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
    for k in 0..<Int(count) {
        let i = reversed ? Int(count) - 1 - k : k
        let info = infos[i], position = positions[i]
        result.append(ShapedGlyph(glyph: info.codepoint, cluster: contextStart + Int(info.cluster), xAdvance: position.x_advance,
                                  yAdvance: position.y_advance, xOffset: position.x_offset, yOffset: position.y_offset))
    }
}
