import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
@testable import TileRenderText

/// `Text` as a view: sizes, wrapping, limits, alignment, case and decorations.
@Suite struct TextViewTests {
    private func size<V: View>(_ view: V, _ proposal: ProposedViewSize = .unspecified) -> CGSize {
        makeViewNode(view, ViewEnvironment()).sizeThatFits(proposal)
    }
    private let bodyLine = (2728.0 + 680.0) / 2816 * 17

    @Test func idealSizeIsTheShapedWidthByTheLineHeight() throws {
        let face = try FontLibrary.shared.systemFace(weight: 400, italic: false)
        let width = shape("Hello", face: face).reduce(0.0) { $0 + Double($1.xAdvance) } * 17 / 2816
        let s = size(Text("Hello"))
        #expect(abs(Double(s.width) - width) < 1e-9 && abs(Double(s.height) - bodyLine) < 1e-9, "\(s)")
        // A proposal wider than the text does not widen it; a narrower one wraps it.
        #expect(size(Text("Hello"), ProposedViewSize(width: 500, height: 100)) == s)
        let wrapped = size(Text("Hello world, wrapped"), ProposedViewSize(width: 80, height: nil))
        let lines = Double(wrapped.height) / bodyLine
        #expect(wrapped.width <= 80 && lines >= 2 && abs(lines - lines.rounded()) < 1e-9, "\(wrapped)")
    }

    @Test func concatenationMeasuresLikeOneString() {
        // "a" + "b" has no kerning pair across the join.
        let joined = size(Text("a") + Text("b"))
        let whole = size(Text("ab"))
        #expect(abs(joined.width - whole.width) < 1e-9 && joined.height == whole.height)
        // A run in another font takes its own metrics: the line is as tall as the taller run.
        let mixed = size(Text("a") + Text("B").font(.largeTitle))
        #expect(abs(Double(mixed.height) - (2728.0 + 680.0) / 2816 * 34) < 1e-9)
    }

    @Test func lineLimitTruncatesWithAnEllipsis() throws {
        let text = Text("The quick brown fox jumps over the lazy dog")
        let one = size(text.lineLimit(1), ProposedViewSize(width: 120, height: nil))
        #expect(one.width <= 120 && abs(Double(one.height) - bodyLine) < 1e-9, "\(one)")
        let prepared = PreparedText(text, settings: { var s = TextSettings(); s.lineLimit = 2; return s }())
        let layout = prepared.layout(width: 120)
        #expect(layout.lines.count == 2)
        let ellipsis = try #require(FontLibrary.shared.systemFace(weight: 400, italic: false).glyph(for: "\u{2026}"))
        #expect(layout.lines.last?.glyphs.last?.glyph == ellipsis)
        #expect(layout.lines.allSatisfy { $0.width <= 120 })
        // Head and middle truncation keep the other end.
        for (mode, keepsEnd) in [(Text.TruncationMode.head, true), (.middle, true), (.tail, false)] {
            var settings = TextSettings(); settings.lineLimit = 1; settings.truncation = mode
            let line = try #require(PreparedText(text, settings: settings).layout(width: 120).lines.first)
            let last = try #require(FontLibrary.shared.systemFace(weight: 400, italic: false).glyph(for: "g"))
            #expect((line.glyphs.last?.glyph == last) == keepsEnd, "\(mode)")
            #expect(line.width <= 120)
        }
        // Less height than the text: the lines that fit.
        let short = size(text, ProposedViewSize(width: 120, height: bodyLine * 2.5))
        #expect(abs(Double(short.height) - 2 * bodyLine) < 1e-9, "\(short)")
    }

    @Test func multilineAlignmentPlacesTheLines() {
        var settings = TextSettings()
        for (alignment, fraction) in [(TextAlignment.leading, 0.0), (.center, 0.5), (.trailing, 1.0)] {
            settings.alignment = alignment
            let layout = PreparedText(Text("A much longer first line\nshort"), settings: settings).layout(width: nil)
            #expect(layout.lines.count == 2)
            let free = Double(layout.size.width) - layout.lines[1].width
            #expect(abs(layout.lines[1].x - free * fraction) < 1e-9, "\(alignment)")
            #expect(layout.lines[0].x == 0)
        }
    }

    @Test func textCaseAndFontFromTheEnvironment() throws {
        func render<V: View>(_ view: V) throws -> Bitmap {
            let r = ImageRenderer(content: view)
            r.proposedSize = ProposedViewSize(width: 160, height: 50)
            return try r.render(backend: .cpu)
        }
        let upper = try render(Text("today").textCase(.uppercase).font(.title))
        let written = try render(Text("TODAY").font(.title))
        #expect(upper.pixels == written.pixels)
        // A Text's own font wins over the environment's.
        let own = try render(VStack { Text("Hi").font(.caption) }.font(.largeTitle))
        let caption = try render(VStack { Text("Hi").font(.caption) })
        #expect(own.pixels == caption.pixels)
    }

    @Test func underlineAndStrikethroughDrawBars() throws {
        func ink(_ text: Text) throws -> [Int] {
            let bitmap = try renderCPU(width: 120, height: 40) { $0.draw(text.font(.system(size: 20)), at: CGPoint(x: 0, y: 0), anchor: .topLeading) }
            return (0..<40).map { y in (0..<120).filter { bitmap.pixel(x: $0, y: y).a > 128 }.count }
        }
        let plain = try ink(Text("xxxx"))
        let underlined = try ink(Text("xxxx").underline())
        let struck = try ink(Text("xxxx").strikethrough(color: .red))
        let baseline = Int((2728.0 / 2816 * 20).rounded())
        // The underline lies below the baseline, within the descender (4.8 points), across the run.
        #expect(((baseline + 1)...(baseline + 5)).contains { underlined[$0] > plain[$0] + 30 }, "\(underlined) vs \(plain), baseline \(baseline)")
        // The strikethrough crosses the x-height, where "x" has little ink in a row.
        #expect(zip(struck, plain).contains { $0 > $1 + 20 })
    }
}

@Suite struct TextFormattingTests {
    @Test func specifiersFormatInThePOSIXLocale() {
        let value = 1234.5678
        #expect(Text("\(value, specifier: "%.1f") km").string == "1234.6 km")
        #expect(Text("\(42, specifier: "%03d")").string == "042")
        #expect(Text("\(Float(2.5), specifier: "%5.2f")|").string == " 2.50|")
        #expect(Text("\(7, specifier: "%d%%")").string == "7%")
        #expect(Text("\(255, specifier: "%x")").string == "ff")
        // Not a single numeric conversion: Foundation formats it; %n is never passed to printf.
        #expect(Text("\(3, specifier: "%d and %d")").string.hasPrefix("3 and"))
        #expect(Text("\(3, specifier: "%n")").string == "%n")
        #expect(Text("\(value, format: .number.precision(.fractionLength(2)))").string.contains("1"))
        #expect(Text(0.25, format: .percent).string.contains("25"))
    }

    /// "%.Nf" is written without the C library (`fixedPoint`), with exactly its bytes: seeded values
    /// of every scale, halves of every digit count (ties to even on the exact binary value), values
    /// next to them, negative zero and values that round to zero, subnormals, and the 2^60 limit
    /// past which the C library takes over.
    @Test func fixedPointMatchesTheCLibrary() {
        func reference(_ value: Double, _ specifier: String) -> String {
            var buffer = [CChar](repeating: 0, count: 512)
            let n = withVaList([value]) { args in buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, specifier, args) } }
            return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 0.05, 0.15, 0.25, 0.35, -0.04, -0.05, 9.995, 99.95,
                                0x1p60, -0x1p60, 0x1p60.nextDown, 0x1p53 + 2, 1e17, 123456789.987654321, .leastNonzeroMagnitude,
                                .leastNormalMagnitude, 1e-300, -1e-10, 0.000_000_000_5, 0.000_000_001_5]
        var rng = SeededRandom(seed: 77)
        for _ in 0..<3000 {
            let bits = rng.next()
            let scale = Double(Int(rng.next() % 40) - 20)
            values.append((Double(bits % (1 << 53)) / 0x1p53 - 0.5) * pow(10, scale))
        }
        for digits in 0...9 {
            // Every tie at this digit count (k + 1/2 in the last place) that a double holds exactly.
            for k in 0..<64 { values.append((Double(k) + 0.5) / pow(2, Double(digits))) }
        }
        for v in values + values.map({ $0.nextUp }) + values.map({ $0.nextDown }) {
            for digits in 0...9 {
                let specifier = "%.\(digits)f"
                #expect(Text("\(v, specifier: specifier)").string == reference(v, specifier), "\(v) with \(specifier)")
            }
        }
        #expect(fixedPoint(0x1p60, digits: 1) == nil && fixedPoint(.nan, digits: 1) == nil && fixedPoint(.infinity, digits: 0) == nil)
        #expect(fixedPoint(1.25, digits: 1) == "1.2" && fixedPoint(-0.0, digits: 2) == "-0.00" && fixedPoint(7, digits: 0) == "7")
    }

    /// Modifiers consume the text they change (one array of runs changed in place along a chain), but a
    /// text still in use keeps its attributes; empty literal pieces around an interpolation add no run.
    @Test func modifiersLeaveTheOriginalAndInterpolationsKeepOneRun() {
        let plain = Text("a") + Text("b").italic()
        let bold = plain.bold().font(.title)
        #expect(plain.runs.allSatisfy { $0.attributes.weight == nil && $0.attributes.font == nil })
        #expect(bold.runs.allSatisfy { $0.attributes.weight == .bold && $0.attributes.font == .title })
        #expect(bold.runs.map { $0.attributes.italic } == [nil, true])
        #expect(Text("\(1.5, specifier: "%.1f")").runs.map(\.string) == ["1.5"])
        #expect(Text("x \(2, specifier: "%d") y").runs.map(\.string) == ["x 2 y"])
        #expect(Text("\("")").runs.map(\.string) == [""])
    }

    /// The typed snprintf path writes what the C library writes through a va_list (Foundation's way of
    /// passing a CVarArg), for every numeric type, length modifier and edge value, and for strings
    /// longer than the first buffer.
    @Test func typedFormattingMatchesTheVaListPath() {
        func reference<T: CVarArg>(_ value: T, _ specifier: String) -> String {
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = withVaList([value]) { args in buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, specifier, args) } }
            return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        func check<T: CVarArg>(_ value: T, _ specifiers: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            for specifier in specifiers {
                #expect(Text("\(value, specifier: specifier)").string == reference(value, specifier),
                        "\(T.self) \(value) with \(specifier)", sourceLocation: sourceLocation)
            }
        }
        let floating = ["%.1f", "%f", "%5.2f", "%-8.3e|", "%+.2F", "%g", "%G", "%a", "%.0f%%", "%% %lf %%", "%#.0f", "%010.4f", "%.300f"]
        for v in [0.0, -0.0, 1234.5678, -0.05, 1e300, -1e-300, .infinity, -.infinity, .nan, .pi, 0.5, 2.5, Double.greatestFiniteMagnitude] {
            check(v, floating)
        }
        check(Float(2.5), floating)
        check(Float(-1.0e30), floating)
        check(CGFloat(12.375), floating)
        let integers = ["%d", "%i", "%03d", "%-6d|", "%+d", "%x", "%X", "%#o", "%u", "%ld", "%lu", "%lx", "%hd", "%hhd", "%hhu", "%'d", "%20.10ld"]
        check(0, integers)
        check(42, integers)
        check(-7, integers)
        check(Int.max, integers)
        check(Int.min, integers)
        check(Int32.min, integers)
        check(Int8(-100), integers)
        check(UInt8(200), integers)
        check(UInt16.max, integers)
        check(UInt64.max, integers)
        check(Int64(1) << 40, integers)
        // Pairs the typed path leaves to the va_list: a character, `ll`, `z`, a Double given to `%d`.
        check(65, ["%c", "%lld", "%zd", "%jx"])
        #expect(Text("\(3, specifier: "%d %n")").string == "%d %n")
        #expect(Text("\(3, specifier: "%n %d")").string == "%n %d")
    }

    /// SwiftUI's date styles (the words are the en_US ones, the locale of a Debian machine).
    @Test func dateStylesWriteTheDistanceAndTheDate() {
        let now = Date(timeIntervalSince1970: 1_781_265_600)  // 2026-06-12 12:00 UTC
        let later = now.addingTimeInterval(2 * 3600 + 5 * 60 + 9)
        #expect(Text.DateStyle.relative.string(for: later, now: now) == "2 hours, 5 minutes")
        #expect(Text.DateStyle.offset.string(for: later, now: now) == "+2 hours")
        #expect(Text.DateStyle.offset.string(for: now.addingTimeInterval(-60), now: now) == "-1 minute")
        #expect(Text.DateStyle.timer.string(for: later, now: now) == "2:05:09")
        #expect(Text.DateStyle.timer.string(for: now.addingTimeInterval(-65), now: now) == "1:05")
        #expect(Text.DateStyle.timer.string(for: now.addingTimeInterval(9), now: now) == "0:09")
        #expect(Text.DateStyle.relative.string(for: now.addingTimeInterval(3 * 86400 + 7200), now: now) == "3 days, 2 hours")
        // Dates Foundation cannot measure from now read as a zero distance.
        #expect(Text.DateStyle.timer.string(for: Date(timeIntervalSince1970: .infinity), now: now) == "0:00")
        #expect(Text.DateStyle.relative.string(for: Date.distantFuture.addingTimeInterval(1e300), now: now) == "0 seconds")
        // The date alone, then the time alone (noon UTC is June 12 in every time zone's calendar year).
        let date = Text(now, style: .date).string, time = Text(now, style: .time).string
        #expect(date.contains("2026") && !date.contains(":"), "\(date)")
        #expect(time.contains(":") && !time.contains("2026"), "\(time)")
        #expect(Text(now...later).string.contains("–") || Text(now...later).string.contains("-"))
    }
}

@Suite struct TextBaselineAlignmentTests {
    /// The lowest row with ink in columns `range`.
    private func lowestInk(_ bitmap: Bitmap, _ range: Range<Int>) -> Int? {
        (0..<bitmap.height).reversed().first { y in range.contains { bitmap.pixel(x: $0, y: y).a > 128 } }
    }

    @Test func aRowAlignsTheFirstBaselinesOfItsTexts() throws {
        let row = HStack(alignment: .firstTextBaseline, spacing: 0) {
            Text("BIG").font(.largeTitle).frame(width: 100, alignment: .leading)
            Text("SMALL").font(.caption).frame(width: 100, alignment: .leading)
        }
        let renderer = ImageRenderer(content: row)
        renderer.proposedSize = ProposedViewSize(width: 200, height: 60)
        let bitmap = try renderer.render(backend: .cpu)
        let big = try #require(lowestInk(bitmap, 0..<100)), small = try #require(lowestInk(bitmap, 100..<200))
        #expect(abs(big - small) <= 1, "baselines at \(big) and \(small)")
        // Centred alignment puts them apart.
        let centred = ImageRenderer(content: HStack(spacing: 0) {
            Text("BIG").font(.largeTitle).frame(width: 100, alignment: .leading)
            Text("SMALL").font(.caption).frame(width: 100, alignment: .leading)
        })
        centred.proposedSize = ProposedViewSize(width: 200, height: 60)
        let c = try centred.render(backend: .cpu)
        #expect(abs(try #require(lowestInk(c, 0..<100)) - (try #require(lowestInk(c, 100..<200)))) > 4)
    }

    @Test func lastBaselineOfAWrappedTextAndPadding() throws {
        let node = makeViewNode(Text("one two three four five six").frame(width: 60).padding(10), ViewEnvironment())
        let size = node.sizeThatFits(ProposedViewSize(width: 80, height: nil))
        let d = node.dimensions(in: size)
        let first = Double(try #require(d[explicit: .firstTextBaseline])), last = Double(try #require(d[explicit: .lastTextBaseline]))
        let line = (2728.0 + 680.0) / 2816 * 17
        #expect(abs(first - (10 + 2728.0 / 2816 * 17)) < 1e-6, "\(first)")
        #expect(last - first > line, "\(first) \(last)")
    }
}

@Suite struct TextScalingAndFixedSizeTests {
    private func size<V: View>(_ view: V, _ proposal: ProposedViewSize) -> CGSize {
        makeViewNode(view, ViewEnvironment()).sizeThatFits(proposal)
    }

    @Test func minimumScaleFactorShrinksBeforeTruncating() throws {
        let title = "A title a little too long"
        let ideal = size(Text(title), .unspecified)
        let width = ideal.width * 0.8
        var settings = TextSettings()
        settings.lineLimit = 1
        let truncated = PreparedText(Text(title), settings: settings).layout(fitting: CGSize(width: width, height: .infinity))
        #expect(truncated.isTruncated)
        settings.minimumScaleFactor = 0.5
        let shrunk = PreparedText(Text(title), settings: settings).layout(fitting: CGSize(width: width, height: .infinity))
        #expect(!shrunk.isTruncated && Double(shrunk.size.width) <= Double(width) + 1e-9)
        #expect(Double(shrunk.size.width) > Double(width) * 0.9, "the largest scale that fits: \(shrunk.size.width) of \(width)")
        // A factor too large to help: truncated at that scale.
        settings.minimumScaleFactor = 0.95
        let limited = PreparedText(Text(title), settings: settings).layout(fitting: CGSize(width: width, height: .infinity))
        #expect(limited.isTruncated)
        // Through the view modifier.
        let viaView = size(Text(title).lineLimit(1).minimumScaleFactor(0.5), ProposedViewSize(width: width, height: nil))
        #expect(viaView.height < ideal.height && viaView.width <= width, "\(viaView)")
    }

    @Test func fixedSizeKeepsTheIdealSize() {
        let text = Text("Never wraps, whatever it is offered")
        let ideal = size(text, .unspecified)
        #expect(size(text.fixedSize(), ProposedViewSize(width: 50, height: 10)) == ideal)
        let vertical = size(text.fixedSize(horizontal: false, vertical: true), ProposedViewSize(width: 100, height: 10))
        #expect(vertical.width <= 100 && vertical.height > ideal.height, "wraps to the width, keeps all its lines: \(vertical)")
    }
}
