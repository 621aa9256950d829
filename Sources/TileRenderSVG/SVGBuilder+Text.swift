import Foundation
import TileRender
import TileRenderText

/// SVG `<text>`: its characters (with those of `<tspan>` and `<a>` children) are positioned by `x`,
/// `y`, `dx` and `dy`, split into chunks at absolute positions (each anchored by `text-anchor`), shaped
/// with TileRender's text engine (HarfBuzz, the bundled Inter, fontconfig), and drawn as glyph outlines:
/// one shape per run of characters in one style, so fills, strokes, gradients, clips and opacity work
/// as on any shape.
///
/// Left out, with a warning naming them: `<textPath>` (its characters are skipped), vertical writing
/// modes, `text-decoration`, `baseline-shift`/`dominant-baseline`, the `font` shorthand, and the
/// `rotate`, `textLength` and `lengthAdjust` attributes (text is drawn as if they were absent).
extension SVGBuilder {
    /// Characters laid out per document: past it further text is skipped with a warning (bounded time
    /// for documents that repeat a long text through `<use>`).
    static let maxTextCharacters = 2_000_000

    private struct RawCharacter {
        var text: String
        var style: Int
        var preserve: Bool
    }
    private struct Owner {
        var element: SVGXMLElement
        var range: Range<Int>   // raw character indices
        var depth: Int
    }
    private struct Placed {
        var text: String
        var style: Int
        var x: Double? = nil, y: Double? = nil, dx = 0.0, dy = 0.0
    }

    mutating func buildText(_ el: SVGXMLElement, style: SVGStyle, opacity: Double) -> [SVGNode] {
        var raw: [RawCharacter] = []
        var styles: [SVGStyle] = []
        var styleElements: [SVGXMLElement] = []
        var owners: [Owner] = []
        collect(el, style: style, preserve: el.attributes["xml:space"] == "preserve", depth: 0,
                raw: &raw, styles: &styles, styleElements: &styleElements, owners: &owners)
        let placed = processWhitespace(raw, owners: &owners)
        guard !placed.isEmpty else { return [] }
        var characters = placed
        // Positions: innermost element first, so that an inner list wins over an outer one.
        for owner in owners.sorted(by: { $0.depth > $1.depth }) {
            let e = owner.element
            let r = owner.range
            func apply(_ name: String, _ axis: SVGLength.Axis, _ set: (inout Placed, Double) -> Void) {
                guard let text = e.attributes[name] else { return }
                guard let list = lengthList(text, axis) else {
                    warn(e, "invalid \(name) '\(text.prefix(40))' ignored"); return
                }
                for (i, value) in zip(r, list) { set(&characters[i], value) }
            }
            // Only where an inner element set no value.
            apply("x", .x) { c, v in if c.x == nil { c.x = v } }
            apply("y", .y) { c, v in if c.y == nil { c.y = v } }
            apply("dx", .x) { c, v in if c.dx == 0 { c.dx = v } }
            apply("dy", .y) { c, v in if c.dy == 0 { c.dy = v } }
            for attribute in ["rotate", "textLength", "lengthAdjust"] where e.attributes[attribute] != nil {
                warn(e, "\(attribute) is not supported; ignored")
            }
        }
        for (i, s) in styles.enumerated() {
            for feature in s.unsupportedTextFeatures { warn(styleElements[i], "\(feature) is not supported; ignored") }
        }
        return layOut(characters, styles: styles, elements: styleElements, opacity: opacity)
    }

    /// Walks `el` and its text-content children in document order, collecting characters.
    private mutating func collect(_ el: SVGXMLElement, style: SVGStyle, preserve: Bool, depth: Int,
                                  raw: inout [RawCharacter], styles: inout [SVGStyle],
                                  styleElements: inout [SVGXMLElement], owners: inout [Owner]) {
        let styleIndex = styles.count
        styles.append(style)
        styleElements.append(el)
        let start = raw.count
        var pieces = el.textPieces[...]
        func addText(_ text: String) {
            for character in text {
                if raw.count >= Self.maxTextCharacters - limits.textCharacters { break }
                raw.append(RawCharacter(text: String(character), style: styleIndex, preserve: preserve))
            }
        }
        for (index, child) in el.children.enumerated() {
            while let piece = pieces.first, piece.childrenBefore <= index { addText(piece.text); pieces = pieces.dropFirst() }
            switch child.name {
            case "tspan", "a":
                guard enterElement(child) else { continue }
                defer { limits.depth -= 1 }
                var childStyle = style.inherited()
                for problem in childStyle.apply(attributes: child.attributes) { warn(child, problem) }
                if childStyle.displayNone { continue }
                let childPreserve = child.attributes["xml:space"].map { $0 == "preserve" } ?? preserve
                collect(child, style: childStyle, preserve: childPreserve, depth: depth + 1,
                        raw: &raw, styles: &styles, styleElements: &styleElements, owners: &owners)
            case "textPath":
                warn(child, "<textPath> is not supported; its text is skipped")
            case "title", "desc", "metadata":
                break
            default:
                if !child.name.contains(":") { warn(child, "<\(child.name)> inside <text> is not supported; skipped") }
            }
        }
        for piece in pieces { addText(piece.text) }
        if raw.count >= Self.maxTextCharacters - limits.textCharacters && depth == 0 {
            warn(el, "more than \(Self.maxTextCharacters) characters of text in the document (the importer's text limit); the rest is skipped")
        }
        owners.append(Owner(element: el, range: start..<raw.count, depth: depth))
        if depth == 0 { limits.textCharacters += raw.count }
    }

    /// SVG's white-space handling: with `xml:space="default"` newlines are removed, tabs become spaces,
    /// runs of spaces collapse to one and the text's leading and trailing spaces go; with `preserve`
    /// newlines and tabs become spaces and all are kept. The owners' ranges move to the kept indices.
    private func processWhitespace(_ raw: [RawCharacter], owners: inout [Owner]) -> [Placed] {
        var kept: [Placed] = []
        var lastPreserved = false
        var newIndex = [Int](repeating: 0, count: raw.count + 1)
        for (i, c) in raw.enumerated() {
            newIndex[i] = kept.count
            var text = c.text
            if text == "\n" || text == "\r\n" || text == "\r" {
                if !c.preserve { continue }
                text = " "
            }
            if text == "\t" { text = " " }
            if !c.preserve && text == " " && (kept.isEmpty || kept.last?.text == " ") { continue }
            kept.append(Placed(text: text, style: c.style))
            lastPreserved = c.preserve
        }
        // The text's trailing space goes in default mode.
        if !lastPreserved, kept.last?.text == " " { kept.removeLast() }
        newIndex[raw.count] = kept.count
        for k in owners.indices {
            let r = owners[k].range
            owners[k].range = min(newIndex[r.lowerBound], kept.count)..<min(newIndex[r.upperBound], kept.count)
        }
        return kept
    }

    private func lengthList(_ text: String, _ axis: SVGLength.Axis) -> [Double]? {
        var values: [Double] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            guard let l = SVGLength.parse(String(part)) else { return nil }
            values.append(l.resolved(axis, viewport: viewport))
        }
        return values
    }

    /// The face request of a style: the first family of its list that is bundled, registered or
    /// installed (generic families map to TileRender's designs), else the system font.
    private mutating func faceRequest(_ style: SVGStyle, _ el: SVGXMLElement) -> FaceRequest {
        var request = FaceRequest(weight: style.fontWeight, italic: style.fontItalic)
        for family in style.fontFamilies ?? ["sans-serif"] {
            switch family.lowercased() {
            case "sans-serif", "system-ui", "ui-sans-serif", "-apple-system", "cursive", "fantasy":
                return request
            case "serif", "ui-serif":
                request.design = .serif; return request
            case "monospace", "ui-monospace":
                request.design = .monospaced; return request
            default:
                if FontLibrary.shared.hasFamily(family) { request.family = family; return request }
            }
        }
        warn(el, "none of the font families '\((style.fontFamilies ?? []).joined(separator: ", "))' is installed; Inter used")
        return request
    }

    private mutating func layOut(_ characters: [Placed], styles: [SVGStyle], elements: [SVGXMLElement],
                                 opacity: Double) -> [SVGNode] {
        struct Piece { var text: String; var style: Int; var x: Double; var y: Double; var glyphs: [PositionedGlyph]; var width: Double }
        var requests: [Int: FaceRequest] = [:]
        var chunks: [[Piece]] = []
        var penX = 0.0, penY = 0.0
        var current: Piece? = nil
        func finishPiece() {
            guard var piece = current else { return }
            current = nil
            let style = styles[piece.style]
            let runStyle = TextRunStyle(face: requests[piece.style]!, size: style.fontSize,
                                        tracking: style.letterSpacing)
            let layout = layOutText([TextRunInput(string: piece.text, style: runStyle, tag: piece.style)])
            piece.glyphs = layout.lines.flatMap(\.glyphs)
            piece.width = piece.glyphs.reduce(0) { $0 + $1.advance }
            penX = piece.x + piece.width
            if chunks.isEmpty { chunks.append([]) }
            chunks[chunks.count - 1].append(piece)
        }
        for (i, c) in characters.enumerated() {
            if requests[c.style] == nil { requests[c.style] = faceRequest(styles[c.style], elements[c.style]) }
            let newChunk = i == 0 || c.x != nil || c.y != nil
            let newPiece = newChunk || c.dx != 0 || c.dy != 0 || current?.style != c.style
            if newPiece {
                finishPiece()
                if newChunk { chunks.append([]) }
                if let x = c.x { penX = x }
                if let y = c.y { penY = y }
                penX += c.dx; penY += c.dy
                current = Piece(text: "", style: c.style, x: penX, y: penY, glyphs: [], width: 0)
            }
            current!.text += c.text
        }
        finishPiece()
        var nodes: [SVGNode] = []
        let cache = GlyphCache.shared
        for chunk in chunks where !chunk.isEmpty {
            let start = chunk[0].x
            let end = chunk.map { $0.x + $0.width }.max() ?? start
            let shift: Double
            switch styles[chunk[0].style].textAnchor {
            case .start: shift = 0
            case .middle: shift = -(end - start) / 2
            case .end: shift = -(end - start)
            }
            for piece in chunk {
                var path = Path()
                for g in piece.glyphs {
                    let outline = cache.outline(of: g.glyph, in: g.face)
                    if outline.isEmpty { continue }
                    path.addPath(outline, transform: CGAffineTransform(a: g.scale, b: 0, c: 0, d: g.scale,
                                                                      tx: piece.x + shift + g.x, ty: piece.y + g.y))
                }
                if path.isEmpty { continue }
                let style = styles[piece.style], el = elements[piece.style]
                guard style.visible, let shape = resolvedShape(path, el, style: style, opacity: opacity) else { continue }
                nodes.append(SVGNode(element: el.name, line: el.line, id: nil, transform: .identity, clipPathID: nil,
                                     groupOpacity: 1, content: .shape(shape)))
            }
        }
        return nodes
    }
}
