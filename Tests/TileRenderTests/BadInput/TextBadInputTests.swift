import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// Hostile text input ends cleanly with a documented result (BadInput.md, "Text").
@Suite struct TextBadInputTests {
    private func inkCount(_ bitmap: Bitmap) -> Int {
        stride(from: 3, to: bitmap.pixels.count, by: 4).filter { bitmap.pixels[$0] > 0 }.count
    }

    @Test func anEmptyTextTakesNoSpaceAndDrawsNothing() throws {
        let renderer = ImageRenderer(content: Text(""))
        #expect(renderer.scene.size == .zero || renderer.scene.commands.isEmpty)
        let bitmap = try renderCPU(width: 40, height: 40) { $0.draw(Text(""), at: CGPoint(x: 20, y: 20)) }
        #expect(inkCount(bitmap) == 0)
        #expect(GraphicsContext(recorder: SceneRecorder(size: CGSize(width: 1, height: 1))).resolve(Text("")).measure(in: CGSize(width: 100, height: 100)) == .zero)
    }

    /// A 1 MB line drawn on a small canvas: laid out whole (its size is exact), drawn only where it
    /// shows.
    @Test func aMegabyteStringDrawsItsVisiblePart() throws {
        let string = String(repeating: "Lorem ipsum dolor sit amet ", count: 1_000_000 / 27)
        let text = Text(verbatim: string).font(.system(size: 12))
        var scene = Scene(size: CGSize(width: 200, height: 40))
        scene.draw { $0.draw(text, at: CGPoint(x: 0, y: 0), anchor: .topLeading) }
        let bitmap = try Renderer(backend: .cpu).render(scene)
        #expect(inkCount(bitmap) > 100)
        let size = GraphicsContext(recorder: SceneRecorder(size: CGSize(width: 1, height: 1))).resolve(text)
            .measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
        #expect(size.width > 1_000_000 && size.height < 20, "\(size)")
    }

    @Test(arguments: [0.0, -12, .nan, .infinity, -.infinity])
    func unusableFontSizesDrawNothing(_ size: Double) throws {
        let bitmap = try renderCPU(width: 60, height: 30) { $0.draw(Text("Size").font(.system(size: size)), at: CGPoint(x: 30, y: 15)) }
        #expect(inkCount(bitmap) == 0)
    }

    @Test func aHugeFontSizeIsClampedAndRenders() throws {
        let bitmap = try renderCPU(width: 60, height: 30) { $0.draw(Text("W").font(.system(size: 1e9)), at: CGPoint(x: 30, y: 15)) }
        // One glyph far larger than the canvas: the canvas lies inside or outside its outline; the
        // render ends either way, within the clamp of 100,000 points.
        _ = bitmap
        let layout = layOutText([TextRunInput(string: "W", style: TextRunStyle(size: 1e9), tag: 0)])
        #expect(Double(layout.size.height) <= TextLayout.maxFontSize * 1.3)
    }

    @Test func anUnknownFamilyDrawsInTheSystemFont() throws {
        func draw(_ font: Font) throws -> Bitmap {
            try renderCPU(width: 120, height: 40) { $0.draw(Text("Fallback").font(font), at: CGPoint(x: 60, y: 20)) }
        }
        let unknown = try draw(.custom("No Such Family 12345", size: 20))
        let system = try draw(.system(size: 20))
        #expect(unknown.pixels == system.pixels)
        #expect(inkCount(system) > 50)
    }

    @Test func corruptAndTruncatedFontFilesThrow() throws {
        let inter = try Data(contentsOf: FontLibrary.shared.systemFace(weight: 400, italic: false).origin.url)
        #expect(throws: FontError.self) { try FontFace(data: Data()) }
        #expect(throws: FontError.self) { try FontFace(data: Data("not a font at all".utf8)) }
        #expect(throws: FontError.self) { try FontFace(data: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })) }
        // Truncated: FreeType may accept the header of a cut file; then glyphs it cannot read are
        // empty and shaping still ends.
        for length in [12, 200, 5_000, inter.count / 2] {
            if let face = try? FontFace(data: inter.prefix(length)) {
                for scalar in "Hamburg".unicodeScalars {
                    _ = face.outline(of: face.glyph(for: scalar) ?? 0)
                }
                _ = shape("Hamburg", face: face)
            }
        }
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("tilerender-garbage-font.ttf")
        try Data("garbage".utf8).write(to: garbage)
        #expect(throws: FontError.self) { try Font.register(contentsOf: garbage) }
        #expect(throws: FontError.self) { try Font.register(contentsOf: garbage.appendingPathExtension("missing")) }
    }

    @Test func nothingButCombiningMarks() throws {
        let marks = String(repeating: "\u{301}\u{308}\u{30A}\u{323}", count: 250)
        let bitmap = try renderCPU(width: 200, height: 60) { $0.draw(Text(verbatim: marks), in: CGRect(x: 0, y: 0, width: 200, height: 60)) }
        _ = bitmap
        let layout = layOutText([TextRunInput(string: marks, style: TextRunStyle(size: 17), tag: 0)], options: TextLayoutOptions(maxWidth: 200))
        #expect(layout.lines.count >= 1)
    }

    /// Debian's libunibreak aborts the process on a regional indicator next to another character and on
    /// U+FFFF (found by FuzzPathAPI); both are valid text. A flag's two halves stay on one line, a break
    /// is allowed between two flags, and the text wraps and draws.
    @Test func flagsAndNoncharactersBreakAndDraw() throws {
        let flags = "a\u{1F1FA}\u{1F1F8}\u{1F1E9}\u{1F1EA}\u{1F1EF}b\u{FFFF}c"
        let breaks = lineBreaks(Array(flags.utf8))
        // a(0) U(1) S(5) D(9) E(13) J(17) b(21) U+FFFF(22) c(25)
        let starts = breaks.allow.indices.filter { breaks.allow[$0] }
        #expect(starts == [1, 9, 17, 21], "\(starts)")
        #expect(!breaks.must.contains(true))
        let text = String(repeating: "\u{1F1FA}\u{1F1F8} \u{FFFF}x\u{1F1EF}\u{1F1F5}y ", count: 40)
        let layout = layOutText([TextRunInput(string: text, style: TextRunStyle(size: 14), tag: 0)], options: TextLayoutOptions(maxWidth: 120))
        #expect(layout.lines.count > 4 && layout.lines.allSatisfy { $0.width <= 120 })
        let bitmap = try renderCPU(width: 160, height: 60) { $0.draw(Text(verbatim: text), in: CGRect(x: 0, y: 0, width: 160, height: 60)) }
        #expect(inkCount(bitmap) > 50)
    }

    /// Every Unicode scalar, 200 to a text with a space after every seventh, wrapped at 90 points:
    /// each text lays out (libunibreak, FriBidi and HarfBuzz see every class and script) without a
    /// trap or an abort.
    @Test func everyUnicodeScalarLaysOut() {
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0)..<0x110000 { if let scalar = Unicode.Scalar(value) { scalars.append(scalar) } }
        var texts = 0, laidOut = 0
        for start in stride(from: 0, to: scalars.count, by: 200) {
            var string = ""
            for (k, scalar) in scalars[start..<min(start + 200, scalars.count)].enumerated() {
                string.unicodeScalars.append(scalar)
                if k % 7 == 6 { string += " " }
            }
            let layout = layOutText([TextRunInput(string: string, style: TextRunStyle(size: 13), tag: 0)], options: TextLayoutOptions(maxWidth: 90))
            texts += 1
            if !layout.lines.isEmpty && layout.size.height > 0 { laidOut += 1 }
        }
        #expect(texts == 5_561 && laidOut == texts, "\(laidOut) of \(texts)")
    }

    /// Texts pieced together from flags, noncharacters, joiners, bidi controls, separators, marks and
    /// breaks, under line limits, truncation modes, alignments and scale factors in narrow frames:
    /// each renders (a seeded generator, so a failure names its case).
    @Test func awkwardTextsUnderEveryOption() throws {
        let pieces = ["\u{1F1FA}\u{1F1F8}", "\u{1F1E9}", "\u{FFFF}", "\u{FFFE}", "\u{200D}", "\u{200B}", "\u{2028}",
                      "\u{2029}", "\u{0085}", "\u{301}", "\u{0645}\u{0631}", "\u{05D0}\u{05D1}", "\u{202E}", "\u{202C}",
                      "\u{2067}", "\u{1F468}\u{200D}\u{1F469}", "\u{0E01}\u{0E32}", "\u{AC00}", "\u{1100}\u{1161}", "\u{4E00}",
                      "\t", "\n", "\r\n", "\r", " ", "  ", "word", "x", "\u{00AD}", "\u{FEFF}", "\u{E000}", "\u{10FFFD}",
                      "\u{1F3FB}", "\u{FE0F}", "\u{0300}\u{0300}\u{0300}", "...", "-", "\u{2014}"]
        var state: UInt64 = 12_345
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for i in 0..<300 {
            var string = ""
            for _ in 0..<next(30) { string += pieces[next(pieces.count)] }
            let view = Text(verbatim: string).font(.system(size: [8.0, 17, 40][next(3)]))
                .lineLimit([nil, 1, 2, 3][next(4)]).truncationMode([.head, .middle, .tail][next(3)])
                .multilineTextAlignment([.leading, .center, .trailing][next(3)]).minimumScaleFactor([1, 0.5, 0.1][next(3)])
                .frame(width: [5, 40, 120, 1][next(4)]).padding(2)
            let bitmap = try ImageRenderer(content: view).render(backend: .cpu)
            #expect(bitmap.width > 0 && bitmap.height > 0, "case \(i): \(string.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func aHundredThousandGlyphLine() throws {
        let line = String(repeating: "x", count: 100_000)
        let layout = layOutText([TextRunInput(string: line, style: TextRunStyle(size: 10), tag: 0)])
        #expect(layout.lines.count == 1 && layout.lines[0].glyphs.count == 100_000)
        let wrapped = layOutText([TextRunInput(string: line, style: TextRunStyle(size: 10), tag: 0)], options: TextLayoutOptions(maxWidth: 300))
        #expect(wrapped.lines.count > 100 && wrapped.lines.allSatisfy { $0.width <= 300 })
        let bitmap = try renderCPU(width: 300, height: 40) { $0.draw(Text(verbatim: line).font(.system(size: 10)), in: CGRect(x: 0, y: 0, width: 300, height: 40)) }
        #expect(inkCount(bitmap) > 100)
    }
}

private extension String {
    var url: URL { URL(fileURLWithPath: self) }
}
