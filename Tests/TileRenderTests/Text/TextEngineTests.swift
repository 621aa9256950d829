import Foundation
import Testing
@testable import TileRender
@_spi(Caches) @testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// The font engine: the bundled Inter, shaping, outlines, the glyph cache and line layout.
@Suite struct TextEngineTests {
    @Test func theBundledInterIsFoundWithItsMetrics() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        #expect(face.familyName == "Inter")
        #expect(face.styleName == "Regular")
        #expect(face.unitsPerEm == 2816)
        #expect(face.ascender == 2728 && face.descender == -680 && face.lineGap == 0)
        #expect(face.origin.hasSuffix("Inter-Regular.otf"), "\(face.origin)")
    }

    @Test func everyWeightAndSlantHasItsOwnFace() throws {
        var seen = Set<String>()
        for weight in stride(from: 100, through: 900, by: 100) {
            for italic in [false, true] {
                let face = try FontLibrary.shared.face(for: FaceRequest(weight: weight, italic: italic))
                #expect(face.weightClass == weight, "\(face) for \(weight)")
                #expect(face.isItalic == italic, "\(face)")
                seen.insert(face.origin)
            }
        }
        #expect(seen.count == 18)
        // Between two weights: the nearest.
        #expect(try FontLibrary.shared.face(for: FaceRequest(weight: 640)).weightClass == 600)
    }

    @Test func glyphOutlinesAreInFontUnitsWithYDown() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let h = try #require(face.glyph(for: "H"))
        let outline = face.outline(of: h)
        let box = outline.boundingRect
        // The capital sits on the baseline and rises to Inter's cap height (2048 units), drawn upward
        // (negative y in TileRender's space).
        #expect(abs(box.maxY) < 1 && abs(box.minY + 2048) < 2, "\(box)")
        #expect(box.minX > 0 && box.maxX < 2816, "\(box)")
        let space = try #require(face.glyph(for: " "))
        #expect(face.outline(of: space).isEmpty)
        #expect(face.outline(of: 1_000_000).isEmpty)  // a glyph id the face does not have
    }

    @Test func shapingKernsAndTheLineWidthIsTheSumOfAdvances() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let kerned = shape("AV", face: face)
        let plain = shape("AV", face: face, features: ShapingFeatures(kerning: false))
        #expect(kerned.count == 2 && plain.count == 2)
        let kernedWidth = kerned.reduce(0) { $0 + Int($1.xAdvance) }
        let plainWidth = plain.reduce(0) { $0 + Int($1.xAdvance) }
        #expect(kernedWidth < plainWidth, "AV: \(kernedWidth) kerned, \(plainWidth) plain")
        let layout = layOutText([TextRunInput(string: "Hello, world", style: TextRunStyle(size: 17), tag: 0)])
        let advances = shape("Hello, world", face: face).reduce(0.0) { $0 + Double($1.xAdvance) } * 17 / 2816
        #expect(layout.lines.count == 1)
        #expect(abs(Double(layout.size.width) - advances) < 1e-9, "\(layout.size.width) vs \(advances)")
    }

    @Test func lineHeightIsAscenderMinusDescenderPlusGap() {
        let layout = layOutText([TextRunInput(string: "Hg\nHg", style: TextRunStyle(size: 17), tag: 0)])
        let line = (2728.0 + 680.0) / 2816 * 17
        #expect(layout.lines.count == 2)
        #expect(abs(Double(layout.size.height) - 2 * line) < 1e-9)
        #expect(abs(layout.firstBaseline - 2728.0 / 2816 * 17) < 1e-9)
        #expect(abs(layout.lastBaseline - (line + 2728.0 / 2816 * 17)) < 1e-9)
    }

    /// Wrapping never exceeds the width offered (unless one character alone is wider), over random
    /// words and widths; every character is laid out exactly once.
    @Test func wrappingNeverExceedsTheWidth() {
        var rng = SeededRandom(seed: 0x7E47)
        let words = ["a", "tile", "render", "Wolfeschlegelsteinhausen", "x", "—", "42.5", "naïve", "straße", "AV", "WA"]
        for trial in 0..<80 {
            var text = ""
            for k in 0..<Int.random(in: 1...30, using: &rng) {
                if k > 0 { text += Bool.random(using: &rng) ? " " : (Int.random(in: 0..<8, using: &rng) == 0 ? "\n" : " ") }
                text += words.randomElement(using: &rng)!
            }
            let width = Double.random(in: 5...300, using: &rng)
            let layout = layOutText([TextRunInput(string: text, style: TextRunStyle(size: Double.random(in: 6...40, using: &rng)), tag: 0)],
                                    options: TextLayoutOptions(maxWidth: width))
            for line in layout.lines where line.glyphs.count > 1 {
                #expect(line.width <= width + 1e-6, "trial \(trial): a line of \(line.width) in \(width): \(text)")
            }
            let drawn = layout.lines.reduce(0) { $0 + $1.glyphs.count }
            let shaped = layOutText([TextRunInput(string: text, style: TextRunStyle(size: 17), tag: 0)]).lines.reduce(0) { $0 + $1.glyphs.count }
            #expect(drawn == shaped, "trial \(trial): \(drawn) glyphs wrapped, \(shaped) unwrapped")
        }
    }

    /// A word longer than the line, after a break opportunity, breaks between its characters.
    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        let layout = layOutText([TextRunInput(string: "a Wolfeschlegelsteinhausenbergerdorff b", style: TextRunStyle(size: 17), tag: 0)],
                                options: TextLayoutOptions(maxWidth: 60))
        #expect(layout.lines.count >= 5, "\(layout.lines.count) lines")
        for line in layout.lines { #expect(line.width <= 60 + 1e-9, "a line of \(line.width)") }
        #expect(layout.lines.first?.glyphs.count == 2)  // "a " (the space hangs), then the long word from a new line
    }

    /// A million spaces in a narrow width: they hang, and laying them out stays linear.
    @Test func spacesHangAndStayCheap() {
        let layout = layOutText([TextRunInput(string: "x" + String(repeating: " ", count: 200_000) + "y",
                                              style: TextRunStyle(size: 17), tag: 0)],
                                options: TextLayoutOptions(maxWidth: 100))
        #expect(layout.lines.count == 2)
        #expect(layout.lines.allSatisfy { $0.width <= 100 })
    }

    /// A character Inter lacks comes from an installed font that has it (DejaVu Sans, from Debian's
    /// fonts-dejavu-core, has Arabic); one no font has is drawn as Inter's `.notdef`.
    @Test func missingCharactersFallBackThroughFontconfig() throws {
        let inter = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        #expect(inter.glyph(for: "\u{0627}") == nil)
        let layout = layOutText([TextRunInput(string: "A\u{0627}B", style: TextRunStyle(size: 20), tag: 0)])
        let faces = layout.lines.flatMap(\.glyphs).map(\.face.familyName)
        #expect(faces.first == "Inter" && faces.last == "Inter", "\(faces)")
        if let fallback = FontLibrary.shared.fallbackFace(for: "\u{0627}") {
            #expect(faces.contains(fallback.familyName), "\(faces)")
        }
        let nobody = layOutText([TextRunInput(string: "\u{10FFFD}", style: TextRunStyle(size: 20), tag: 0)])
        #expect(nobody.lines.first?.glyphs.first?.glyph == 0)  // .notdef
        // Ten thousand distinct characters no bundled font has: each is a character-set test.
        let many = String(String.UnicodeScalarView((0x4E00..<0x4E00 + 10_000).compactMap(Unicode.Scalar.init)))
        let wide = layOutText([TextRunInput(string: many, style: TextRunStyle(size: 12), tag: 0)], options: TextLayoutOptions(maxWidth: 400))
        #expect(wide.lines.reduce(0) { $0 + $1.glyphs.count } == 10_000)
    }

    /// Right-to-left runs (FriBidi levels, HarfBuzz shaping right to left) are placed in visual order:
    /// in "abc אבג def" the Hebrew letters run right to left between the two Latin words.
    @Test func rightToLeftRunsAreReordered() throws {
        let text = "abc \u{05D0}\u{05D1}\u{05D2} def"
        let layout = layOutText([TextRunInput(string: text, style: TextRunStyle(size: 20), tag: 0)])
        let line = try #require(layout.lines.first)
        let clusters = line.glyphs.map(\.cluster)
        // UTF-8 offsets: a b c = 0 1 2, space 3, alef 4, bet 6, gimel 8, space 10, d e f = 11 12 13.
        let hebrew = clusters.filter { (4...9).contains($0) }
        #expect(hebrew == [8, 6, 4], "\(clusters)")
        #expect(clusters.prefix(3) == [0, 1, 2] && clusters.suffix(3) == [11, 12, 13], "\(clusters)")
        // Pens increase left to right in the placed order.
        let pens = line.glyphs.map(\.x)
        #expect(zip(pens, pens.dropFirst()).allSatisfy { $0.0 <= $0.1 + 1e-9 }, "\(pens)")
        // A right-to-left paragraph: its first character is drawn rightmost.
        let arabic = layOutText([TextRunInput(string: "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} 123", style: TextRunStyle(size: 20), tag: 0)])
        let placed = try #require(arabic.lines.first).glyphs
        #expect(placed.last?.cluster == 0, "\(placed.map(\.cluster))")
        // Digits inside stay left to right.
        let digits = placed.filter { $0.cluster >= 11 }.map(\.cluster)
        #expect(digits == digits.sorted(), "\(digits)")
        // Text without right-to-left characters skips FriBidi: every level is 0.
        #expect(layOutText([TextRunInput(string: "plain", style: TextRunStyle(size: 20), tag: 0)]).lines[0].glyphs.allSatisfy { $0.level == 0 })
    }

    @Test func theGlyphCacheKeepsOutlinesWithinItsBudget() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let cache = GlyphCache(byteBudget: 20_000)
        let glyphs = "abcdefghijklmnopqrstuvwxyz".unicodeScalars.compactMap { face.glyph(for: $0) }
        for g in glyphs { _ = cache.outline(of: g, in: face) }
        for g in glyphs.suffix(3) { _ = cache.outline(of: g, in: face) }
        let s = cache.statistics
        #expect(s.misses == 26 && s.hits == 3, "\(s)")
        #expect(s.bytes <= 20_000 && s.evictions > 0, "\(s)")
        #expect(cache.outline(of: glyphs[5], in: face) == face.outline(of: glyphs[5]))
    }
    /// Many threads looking up the same glyphs at once: every lookup is counted once, as a hit or a
    /// miss, and every thread gets the face's outline. (Under `--sanitize=thread` this is also the
    /// contended-lock case that a kernel-side lock hid from the sanitizer.)
    @Test func theGlyphCacheIsConsistentUnderContention() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let cache = GlyphCache(byteBudget: 1 << 20)
        let glyphs = "abcdefghij".unicodeScalars.compactMap { face.glyph(for: $0) }
        let expected = glyphs.map { face.outline(of: $0) }
        let wrong = Locked(0)
        let threads = 8, rounds = 200
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for r in 0..<rounds {
                let i = (t + r) % glyphs.count
                if cache.outline(of: glyphs[i], in: face) != expected[i] { wrong.withLock { $0 += 1 } }
            }
        }
        let s = cache.statistics
        #expect(wrong.withLock { $0 } == 0)
        #expect(s.hits + s.misses == threads * rounds, "\(s)")
        #expect(s.entries == glyphs.count && s.misses >= glyphs.count, "\(s)")
    }
}
