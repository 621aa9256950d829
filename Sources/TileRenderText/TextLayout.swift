import CFriBidi
import CUnibreak
import Foundation

/// How one run of text is set.
package struct TextRunStyle: Hashable, Sendable {
    package var face: FaceRequest
    /// Font size in points (the em). Sizes that are not finite and positive draw nothing and take no
    /// space (see `TextLayout.usableSize`).
    package var size: Double
    package var features: ShapingFeatures
    /// Extra space after every character (SwiftUI's `tracking` and `kerning`, which TileRender adds
    /// the same way), in points.
    package var tracking: Double
    /// Raises the run above the baseline by this many points.
    package var baselineOffset: Double

    package init(face: FaceRequest = FaceRequest(), size: Double = 17, features: ShapingFeatures = ShapingFeatures(),
                 tracking: Double = 0, baselineOffset: Double = 0) {
        self.face = face; self.size = size; self.features = features
        self.tracking = tracking; self.baselineOffset = baselineOffset
    }
}

/// A run of the text to lay out: a string in one style; `tag` comes back on its glyphs (the caller's
/// index of the run's paint and decorations).
package struct TextRunInput: Hashable, Sendable {
    package var string: String
    package var style: TextRunStyle
    package var tag: Int
    package init(string: String, style: TextRunStyle, tag: Int) { self.string = string; self.style = style; self.tag = tag }
}

/// A glyph placed on a line: its pen position in points, from the line's left end on its baseline
/// (y down), and the scale from its face's font units to points.
package struct PositionedGlyph: Sendable {
    package var face: FontFace
    package var glyph: UInt32
    package var x: Double
    package var y: Double
    package var scale: Double
    package var advance: Double
    package var tag: Int
    /// UTF-8 offset in the whole text of the first character the glyph stands for.
    package var cluster: Int
    /// The bidi embedding level (even: left to right, odd: right to left).
    package var level: UInt8 = 0
}

/// A line of laid-out text.
package struct LaidOutLine: Sendable {
    package var glyphs: [PositionedGlyph]
    /// Advance width of the line without its trailing white space.
    package var width: Double
    /// Above and below the baseline, and the line gap, in points (the largest of the line's runs).
    package var ascent: Double
    package var descent: Double
    package var gap: Double
    /// The line's top, from the text's top, and its baseline.
    package var top: Double = 0
    package var baseline: Double = 0
    /// Where the line starts in the text's width (its alignment offset).
    package var x: Double = 0
    package var height: Double { ascent + descent + gap }
}

/// Text laid out in lines.
package struct TextLayout: Sendable {
    package var lines: [LaidOutLine] {
        didSet { cacheID = 0 }
    }
    /// Nonzero for a layout handed out by a `TextLayoutCache`: a number no other layout of the process
    /// has, so that what is made from its lines can be kept under it (`StrikeCache`'s placed runs).
    /// Changing `lines` sets it back to 0.
    package internal(set) var cacheID: UInt64 = 0
    /// Widest line by the lines' total height (with `lineSpacing` between them).
    package var size: CGSize
    /// Whether lines or characters were left out (`lineLimit`, or a line that does not wrap cut to
    /// the width).
    package var isTruncated = false

    package var firstBaseline: Double { lines.first?.baseline ?? 0 }
    package var lastBaseline: Double { lines.last?.baseline ?? 0 }

    /// Font sizes above this are clamped to it (a 1e9-point glyph would overflow nothing, but its
    /// outline would be millions of pixels of one draw); below zero, NaN or infinite is 0.
    package static let maxFontSize = 100_000.0
    /// Most glyphs one text lays out; the rest is dropped (a 1 MB string is 1 million glyphs: fine).
    package static let maxGlyphs = 4_000_000

    package static func usableSize(_ size: Double) -> Double {
        size.isFinite && size > 0 ? min(size, maxFontSize) : 0
    }
}

/// How the lines of a text align with each other (SwiftUI's `TextAlignment`).
package enum LineAlignment: Sendable { case leading, center, trailing }
/// Where `lineLimit` truncates (SwiftUI's `Text.TruncationMode`).
package enum LineTruncation: Sendable { case head, middle, tail }

package struct TextLayoutOptions: Sendable {
    /// Lines wrap to fit this width (nil: no wrapping except at hard line breaks).
    package var maxWidth: Double? = nil
    package var lineLimit: Int? = nil
    package var lineSpacing: Double = 0
    package var alignment: LineAlignment = .leading
    package var truncation: LineTruncation = .tail
    package init(maxWidth: Double? = nil, lineLimit: Int? = nil, lineSpacing: Double = 0,
                 alignment: LineAlignment = .leading, truncation: LineTruncation = .tail) {
        self.maxWidth = maxWidth; self.lineLimit = lineLimit; self.lineSpacing = lineSpacing
        self.alignment = alignment; self.truncation = truncation
    }
}

/// Lays out `runs`: shapes each with HarfBuzz (falling back through fontconfig for characters its
/// face lacks), breaks lines at UAX #14 opportunities (libunibreak) to fit `options.maxWidth` (a word
/// wider than the width breaks between characters), truncates past `lineLimit` with "…", and aligns
/// the lines. Line height is hhea ascender - descender + lineGap; the baseline is one ascender below
/// the line's top.
package func layOutText(_ runs: [TextRunInput], options: TextLayoutOptions = TextLayoutOptions(),
                        library: FontLibrary = .shared) -> TextLayout {
    var utf8: [UInt8] = []
    var items: [PositionedGlyph] = []
    var metrics: [(ascent: Double, descent: Double, gap: Double, start: Int)] = []
    for run in runs { utf8.append(contentsOf: run.string.utf8) }
    let levels = bidiLevels(utf8)
    utf8.removeAll(keepingCapacity: true)
    for run in runs {
        let size = TextLayout.usableSize(run.style.size)
        let start = utf8.count
        utf8.append(contentsOf: run.string.utf8)
        guard let primary = try? library.face(for: run.style.face) else { continue }
        let scale = size / Double(primary.unitsPerEm)
        metrics.append((Double(primary.ascender) * scale, Double(-primary.descender) * scale, Double(primary.lineGap) * scale, start))
        if size == 0 { continue }
        let tracking = run.style.tracking.isFinite ? run.style.tracking : 0
        let rise = run.style.baselineOffset.isFinite ? run.style.baselineOffset : 0
        for segment in bidiSegments(faceSegments(run.string, primary: primary, library: library), start: start, levels: levels) {
            let faceScale = size / Double(segment.face.unitsPerEm)
            let level = segment.level
            let shaped = shape(segment.text, face: segment.face, features: run.style.features,
                               rightToLeft: levels == nil ? nil : level % 2 == 1, logicalOrder: true)
            var previousCluster = -1
            for g in shaped {
                if items.count >= TextLayout.maxGlyphs { break }
                // Tracking goes after each character, not inside a cluster (a ligature or marks).
                let newCluster = g.cluster != previousCluster
                previousCluster = g.cluster
                items.append(PositionedGlyph(face: segment.face, glyph: g.glyph,
                                             x: Double(g.xOffset) * faceScale, y: -Double(g.yOffset) * faceScale - rise,
                                             scale: faceScale, advance: Double(g.xAdvance) * faceScale + (newCluster ? tracking : 0),
                                             tag: run.tag, cluster: start + segment.offset + g.cluster, level: level))
            }
        }
    }
    // An empty text has no lines and no size (SwiftUI's `Text("")` takes no space).
    if utf8.isEmpty { return TextLayout(lines: [], size: .zero) }
    let breaks = lineBreaks(utf8)
    var truncated = false
    var lines = breakLines(items, utf8: utf8, breaks: breaks, options: options, truncated: &truncated)
    // Line metrics: the largest of the runs the line touches (a line with no glyphs, such as an empty
    // text or a blank line, takes the metrics of the run it is in).
    func lineMetrics(_ range: Range<Int>) -> (Double, Double, Double) {
        var a = 0.0, d = 0.0, g = 0.0, any = false
        for (i, m) in metrics.enumerated() {
            let end = i + 1 < metrics.count ? metrics[i + 1].start : Int.max
            if (m.start < range.upperBound && end > range.lowerBound) || (range.isEmpty && m.start <= range.lowerBound && end >= range.lowerBound) {
                a = max(a, m.ascent); d = max(d, m.descent); g = max(g, m.gap); any = true
            }
        }
        if !any, let m = metrics.last { return (m.ascent, m.descent, m.gap) }
        return (a, d, g)
    }
    var top = 0.0, widest = 0.0
    let spacing = options.lineSpacing.isFinite ? max(0, options.lineSpacing) : 0
    for i in lines.indices {
        (lines[i].line.ascent, lines[i].line.descent, lines[i].line.gap) = lineMetrics(lines[i].textRange)
        lines[i].line.top = top
        lines[i].line.baseline = top + lines[i].line.ascent
        top += lines[i].line.height + spacing
        widest = max(widest, lines[i].line.width)
    }
    if !lines.isEmpty { top -= spacing }
    for i in lines.indices {
        let free = widest - lines[i].line.width
        switch options.alignment {
        case .leading: lines[i].line.x = 0
        case .center: lines[i].line.x = free / 2
        case .trailing: lines[i].line.x = free
        }
    }
    return TextLayout(lines: lines.map(\.line), size: CGSize(width: widest, height: max(0, top)), isTruncated: truncated)
}

/// A line under construction and the part of the text it covers.
private struct PendingLine {
    var line: LaidOutLine
    var textRange: Range<Int>
}

/// The break status before each UTF-8 byte (libunibreak): `allow[i]` is true when a line may start at
/// byte i, `must[i]` when one must (after a hard line break).
struct LineBreaks {
    var allow: [Bool]
    var must: [Bool]
}

/// A regional indicator (U+1F1E6...U+1F1FF, half of a flag) in UTF-8: F0 9F 87 A6...BF.
private func isRegionalIndicator(_ utf8: [UInt8], at i: Int) -> Bool {
    i + 3 < utf8.count && utf8[i] == 0xF0 && utf8[i + 1] == 0x9F && utf8[i + 2] == 0x87 && utf8[i + 3] >= 0xA6
        && utf8[i + 3] <= 0xBF
}

/// Debian's libunibreak (1.1) aborts the process on two kinds of valid text: a regional indicator next
/// to any character (its pair table stops before that class: an `assert` in `set_linebreaks`), and
/// U+FFFF, which it reads as its end-of-string marker. So the library is given a copy in which each
/// regional indicator is U+20000 (four bytes as well, an ideograph: a break is allowed on either side
/// of it, as UAX #14 allows around a flag) and U+FFFF is U+FFFD (three bytes, alphabetic, as U+FFFF's
/// class resolves to). Byte offsets stay the same, so the statuses need no mapping; the rule the
/// ideograph lacks (LB30a: no break inside a pair of regional indicators) is applied afterwards.
func lineBreaks(_ utf8: [UInt8]) -> LineBreaks {
    var allow = [Bool](repeating: false, count: utf8.count + 1)
    var must = [Bool](repeating: false, count: utf8.count + 1)
    if utf8.isEmpty { return LineBreaks(allow: allow, must: must) }
    var status = [CChar](repeating: 0, count: utf8.count)
    // The ends of the first regional indicator of each pair (the byte after which no break is allowed).
    var pairsJoinedAfter: [Int] = []
    // (A copy only when a stand-in is written: `safe` shares `utf8`'s storage until then.)
    var safe = utf8
    var i = 0, runLength = 0
    while i < utf8.count {
        if isRegionalIndicator(utf8, at: i) {
            safe[i + 1] = 0xA0; safe[i + 2] = 0x80; safe[i + 3] = 0x80
            runLength += 1
            if runLength % 2 == 1 && isRegionalIndicator(utf8, at: i + 4) { pairsJoinedAfter.append(i + 3) }
            i += 4
            continue
        }
        runLength = 0
        if i + 2 < utf8.count && utf8[i] == 0xEF && utf8[i + 1] == 0xBF && utf8[i + 2] == 0xBF {
            safe[i + 2] = 0xBD
            i += 3
            continue
        }
        i += 1
    }
    safe.withUnsafeBufferPointer { bytes in
        status.withUnsafeMutableBufferPointer { out in
            set_linebreaks_utf8(bytes.baseAddress, bytes.count, nil, out.baseAddress)
        }
    }
    for end in pairsJoinedAfter { status[end] = CChar(LINEBREAK_NOBREAK) }
    // status[i] is the break status between byte i and byte i + 1 (the last one is the text's end).
    for i in 0..<(utf8.count - 1) {
        switch Int32(status[i]) {
        case LINEBREAK_MUSTBREAK: must[i + 1] = true; allow[i + 1] = true
        case LINEBREAK_ALLOWBREAK: allow[i + 1] = true
        default: break
        }
    }
    return LineBreaks(allow: allow, must: must)
}

private func isWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

private func breakLines(_ glyphs: [PositionedGlyph], utf8: [UInt8], breaks: LineBreaks, options: TextLayoutOptions,
                        truncated: inout Bool) -> [PendingLine] {
    let maxWidth = options.maxWidth.flatMap { $0.isFinite ? max(0, $0) : nil }
    let limit = options.lineLimit.map { max(1, $0) }
    // With a limit of one line nothing wraps: the line is truncated instead.
    let wraps = maxWidth != nil && limit != 1
    var lines: [PendingLine] = []
    var lineStart = 0          // index of the line's first glyph
    var textStart = 0          // its first byte
    func width(_ range: Range<Int>) -> Double {
        var w = 0.0
        var end = range.upperBound
        // Trailing white space hangs past the line's end (it takes no width).
        while end > range.lowerBound && glyphs[end - 1].cluster < utf8.count && isWhiteSpace(utf8[glyphs[end - 1].cluster]) { end -= 1 }
        for i in range.lowerBound..<end { w += glyphs[i].advance }
        return w
    }
    func emit(_ range: Range<Int>, textEnd: Int) {
        var placed: [PositionedGlyph] = []
        placed.reserveCapacity(range.count)
        var pen = 0.0
        for i in visualOrder(glyphs, range) {
            var g = glyphs[i]
            // Hard line breaks draw nothing.
            if g.cluster < utf8.count && (utf8[g.cluster] == 0x0A || utf8[g.cluster] == 0x0D) { continue }
            g.x += pen
            pen += g.advance
            placed.append(g)
        }
        lines.append(PendingLine(line: LaidOutLine(glyphs: placed, width: width(range), ascent: 0, descent: 0, gap: 0),
                                 textRange: textStart..<textEnd))
    }
    var i = 0
    var lastBreak: Int? = nil   // glyph index where a line may start, within the current line
    // The line's advance so far, and the part of it that is trailing white space (which hangs).
    var running = 0.0, trailing = 0.0
    func isSpace(_ g: PositionedGlyph) -> Bool { g.cluster < utf8.count && isWhiteSpace(utf8[g.cluster]) }
    while i < glyphs.count {
        let cluster = glyphs[i].cluster
        let clusterStarts = i == 0 || glyphs[i - 1].cluster != cluster
        if clusterStarts && i > lineStart && cluster < breaks.must.count && breaks.must[cluster] {
            emit(lineStart..<i, textEnd: cluster)
            lineStart = i; textStart = cluster; lastBreak = nil; running = 0; trailing = 0
        } else if clusterStarts && i > lineStart && cluster < breaks.allow.count && breaks.allow[cluster] {
            lastBreak = i
        }
        running += glyphs[i].advance
        trailing = isSpace(glyphs[i]) ? trailing + glyphs[i].advance : 0
        if wraps, let maxWidth, i > lineStart, running - trailing > maxWidth + 1e-9 {
            // Break at the last opportunity, or (a word wider than the line) before this glyph's cluster.
            var at = lastBreak ?? i
            while at > lineStart + 1 && glyphs[at - 1].cluster == glyphs[at].cluster { at -= 1 }
            if at > lineStart {
                emit(lineStart..<at, textEnd: glyphs[at].cluster)
                lineStart = at; textStart = glyphs[at].cluster; lastBreak = nil
                running = 0; trailing = 0
                // Measure the new line from its start again: a word longer than the width then breaks
                // between its characters (each glyph is scanned at most twice).
                i = at
                continue
            }
        }
        i += 1
    }
    emit(lineStart..<glyphs.count, textEnd: utf8.count)
    if let limit, lines.count > limit {
        // The last line that stays holds the rest of the text, truncated.
        let kept = Array(lines.prefix(limit - 1))
        let restText = lines[limit - 1].textRange.lowerBound
        let restStart = glyphs.firstIndex { $0.cluster >= restText } ?? glyphs.count
        lines = kept
        textStart = lines.last?.textRange.upperBound ?? 0
        var rest = Array(glyphs[restStart...])
        rest.removeAll { $0.cluster < utf8.count && (utf8[$0.cluster] == 0x0A || utf8[$0.cluster] == 0x0D) }
        lines.append(truncatedLine(rest, utf8: utf8, maxWidth: maxWidth, mode: options.truncation, textStart: textStart))
        truncated = true
    } else if limit == 1 || (!wraps && maxWidth != nil) {
        // Lines that do not wrap are truncated to the width.
        if let maxWidth {
            for k in lines.indices where lines[k].line.width > maxWidth + 1e-9 {
                truncated = true
                lines[k] = truncatedLine(lines[k].line.glyphs.reindexed(), utf8: utf8,
                                         maxWidth: maxWidth, mode: options.truncation, textStart: lines[k].textRange.lowerBound)
            }
        }
    }
    return lines
}

extension Array where Element == PositionedGlyph {
    /// The glyphs with their pen positions taken back to offsets (x relative to their own pen).
    fileprivate func reindexed() -> [PositionedGlyph] {
        var pen = 0.0
        return map { g in
            var copy = g
            copy.x -= pen
            pen += g.advance
            return copy
        }
    }
}

/// The glyphs (x relative to their own pen) cut to `maxWidth` with "…" at the head, middle or tail.
private func truncatedLine(_ glyphs: [PositionedGlyph], utf8: [UInt8], maxWidth: Double?, mode: LineTruncation,
                           textStart: Int) -> PendingLine {
    func place(_ list: [PositionedGlyph]) -> [PositionedGlyph] {
        var pen = 0.0
        return list.map { g in var p = g; p.x += pen; pen += g.advance; return p }
    }
    let total = glyphs.reduce(0) { $0 + $1.advance }
    guard let maxWidth, total > maxWidth + 1e-9, let sample = glyphs.first else {
        let placed = place(glyphs)
        return PendingLine(line: LaidOutLine(glyphs: placed, width: total, ascent: 0, descent: 0, gap: 0), textRange: textStart..<utf8.count)
    }
    // The ellipsis in the face and size of the glyph it replaces (the first one's, simply).
    var ellipsis: [PositionedGlyph] = []
    if let glyph = sample.face.glyph(for: "\u{2026}") {
        let advance = Double(sample.face.advance(of: glyph)) * sample.scale
        ellipsis = [PositionedGlyph(face: sample.face, glyph: glyph, x: 0, y: sample.y, scale: sample.scale, advance: advance,
                                    tag: sample.tag, cluster: sample.cluster)]
    }
    let ellipsisWidth = ellipsis.reduce(0) { $0 + $1.advance }
    let room = maxWidth - ellipsisWidth
    var kept: [PositionedGlyph]
    switch mode {
    case .tail:
        var w = 0.0, n = 0
        while n < glyphs.count && w + glyphs[n].advance <= room + 1e-9 { w += glyphs[n].advance; n += 1 }
        // No trailing space before the ellipsis.
        while n > 0 && glyphs[n - 1].cluster < utf8.count && isWhiteSpace(utf8[glyphs[n - 1].cluster]) { n -= 1 }
        kept = Array(glyphs[..<n]) + ellipsis.map { var e = $0; e.tag = n > 0 ? glyphs[n - 1].tag : e.tag; return e }
    case .head:
        var w = 0.0, n = glyphs.count
        while n > 0 && w + glyphs[n - 1].advance <= room + 1e-9 { w += glyphs[n - 1].advance; n -= 1 }
        kept = ellipsis + Array(glyphs[n...])
    case .middle:
        var front = 0, back = glyphs.count, w = 0.0
        var takeFront = true
        while front < back {
            let next = takeFront ? glyphs[front].advance : glyphs[back - 1].advance
            if w + next > room + 1e-9 { break }
            w += next
            if takeFront { front += 1 } else { back -= 1 }
            takeFront.toggle()
        }
        kept = Array(glyphs[..<front]) + ellipsis + Array(glyphs[back...])
    }
    let placed = place(kept)
    let width = kept.reduce(0) { $0 + $1.advance }
    return PendingLine(line: LaidOutLine(glyphs: placed, width: width, ascent: 0, descent: 0, gap: 0), textRange: textStart..<utf8.count)
}

/// Pieces of `text` each set in one face: the primary face where it has the character, else the face
/// fontconfig finds for it. Marks, joiners and variation selectors stay with the character before
/// them. `offset` is each piece's UTF-8 offset in `text`.
private func faceSegments(_ text: String, primary: FontFace, library: FontLibrary) -> [(text: String, offset: Int, face: FontFace)] {
    let bytes = Array(text.utf8)
    var segments: [(text: String, offset: Int, face: FontFace)] = []
    var current = primary
    var offset = 0, pieceOffset = 0
    for scalar in text.unicodeScalars {
        let category = scalar.properties.generalCategory
        let joinsPrevious = category == .nonspacingMark || category == .enclosingMark || category == .spacingMark
            || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
        var face = current
        if offset == 0 || !joinsPrevious {
            if primary.glyph(for: scalar) != nil || scalar.properties.isWhitespace || scalar.value < 0x20 {
                face = primary
            } else {
                face = library.fallbackFace(for: scalar) ?? primary  // none: drawn as .notdef
            }
        }
        if face !== current && offset > pieceOffset {
            segments.append((String(decoding: bytes[pieceOffset..<offset], as: UTF8.self), pieceOffset, current))
            pieceOffset = offset
        }
        current = face
        offset += UTF8.width(scalar)
    }
    if offset > pieceOffset {
        segments.append((String(decoding: bytes[pieceOffset...], as: UTF8.self), pieceOffset, current))
    }
    return segments
}

// MARK: - Bidi

/// Whether `scalar` can start right-to-left text (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and the
/// explicit right-to-left marks): only text with one is given to FriBidi.
private func mayBeRightToLeft(_ scalar: UInt32) -> Bool {
    (0x0590...0x08FF).contains(scalar) || (0xFB1D...0xFDFF).contains(scalar) || (0xFE70...0xFEFF).contains(scalar)
        || (0x10800...0x10FFF).contains(scalar) || (0x1E800...0x1EFFF).contains(scalar)
        || scalar == 0x200F || scalar == 0x202B || scalar == 0x202E || scalar == 0x2067
}

/// The Unicode bidi embedding level of every UTF-8 byte of the text (FriBidi, UAX #9, the paragraph
/// direction from its first strong character, left to right without one), or nil when the text has no
/// right-to-left character (every level 0).
private func bidiLevels(_ utf8: [UInt8]) -> [UInt8]? {
    let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars.map(\.value)
    guard scalars.contains(where: mayBeRightToLeft), scalars.count < Int(Int32.max) else { return nil }
    let count = scalars.count
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
    var brackets = [FriBidiBracketType](repeating: 0, count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var direction = CFriBidi_PAR_ON
    let ok = scalars.withUnsafeBufferPointer { s -> Bool in
        fribidi_get_bidi_types(s.baseAddress, FriBidiStrIndex(count), &types)
        fribidi_get_bracket_types(s.baseAddress, FriBidiStrIndex(count), types, &brackets)
        return fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &direction, &levels) != 0
    }
    guard ok else { return nil }
    // Spread to bytes (a scalar's level for each of its UTF-8 bytes).
    var byteLevels: [UInt8] = []
    byteLevels.reserveCapacity(utf8.count)
    for (k, scalar) in scalars.enumerated() {
        let width = scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
        let level = UInt8(clamping: Int(max(0, levels[k])))
        for _ in 0..<width { byteLevels.append(level) }
    }
    // Invalid UTF-8 decodes to U+FFFD (3 bytes) for any length: keep the array as long as the text.
    while byteLevels.count < utf8.count { byteLevels.append(byteLevels.last ?? 0) }
    return Array(byteLevels.prefix(utf8.count))
}

/// The face segments cut again where the bidi level changes; each piece with its level.
private func bidiSegments(_ segments: [(text: String, offset: Int, face: FontFace)], start: Int, levels: [UInt8]?)
    -> [(text: String, offset: Int, face: FontFace, level: UInt8)] {
    guard let levels else { return segments.map { ($0.text, $0.offset, $0.face, 0) } }
    var out: [(text: String, offset: Int, face: FontFace, level: UInt8)] = []
    for segment in segments {
        let bytes = Array(segment.text.utf8)
        var pieceStart = 0
        func level(_ i: Int) -> UInt8 { let k = start + segment.offset + i; return k < levels.count ? levels[k] : 0 }
        var i = 0
        while i <= bytes.count {
            // Cut only at scalar boundaries (not before a continuation byte).
            if i == bytes.count || (i > pieceStart && bytes[i] & 0xC0 != 0x80 && level(i) != level(pieceStart)) {
                if i > pieceStart {
                    out.append((String(decoding: bytes[pieceStart..<i], as: UTF8.self), segment.offset + pieceStart, segment.face, level(pieceStart)))
                }
                pieceStart = i
            }
            i += 1
        }
    }
    return out
}

/// The glyph indices of `range` in visual order (UAX #9 rule L2: from the highest level down to the
/// lowest odd one, every run at that level or above is reversed).
private func visualOrder(_ glyphs: [PositionedGlyph], _ range: Range<Int>) -> [Int] {
    var order = Array(range)
    guard let highest = order.map({ glyphs[$0].level }).max(), highest > 0 else { return order }
    let lowestOdd = order.map { glyphs[$0].level }.filter { $0 % 2 == 1 }.min() ?? highest
    var level = highest
    while level >= lowestOdd && level > 0 {
        var i = 0
        while i < order.count {
            if glyphs[order[i]].level >= level {
                var j = i
                while j < order.count && glyphs[order[j]].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            } else {
                i += 1
            }
        }
        level -= 1
    }
    return order
}
