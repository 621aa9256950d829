import Foundation
import TileRenderGeometry
import TileRenderPipeline
import TileRenderText
import CFormat

/// A view that displays one or more lines of text, as SwiftUI's `Text`: runs of a string, each with its
/// own font, colour and decorations, shaped with HarfBuzz and drawn as glyph outlines.
///
/// Text modifiers (`font`, `bold()`, `foregroundColor`, ...) return `Text` and apply to every run that
/// does not set the attribute itself, so in `(Text("a").bold() + Text("b")).foregroundColor(.red)` both
/// runs are red and only "a" is bold. Attributes a run leaves unset come from the view's environment
/// (`.font(_:)` on an enclosing view) and then the defaults: `.body`, the foreground style.
public struct Text: Sendable {
    package struct Attributes: Sendable {
        var font: Font?
        var weight: Font.Weight?
        var italic: Bool?
        var monospacedDigit: Bool?
        var foreground: (any ShapeStyle)?
        var kerning: CGFloat?
        var tracking: CGFloat?
        var baselineOffset: CGFloat?
        /// nil: not set; .some(nil): set off; .some(color): on (a nil colour is the text's colour).
        var underline: Decoration?
        var strikethrough: Decoration?
    }
    package struct Decoration: Sendable {
        var isActive: Bool
        var color: Color?
    }
    package struct Run: Sendable {
        var string: String
        var attributes = Attributes()
    }
    package var runs: [Run]

    package init(runs: [Run]) { self.runs = runs }

    /// Text shown exactly as given (SwiftUI would look it up as a localization key first; TileRender has
    /// no localization tables, so the key is the text).
    public init(_ key: LocalizedStringKey) { runs = key.runs }
    public init<S: StringProtocol>(_ content: S) { runs = [Run(string: String(content))] }
    public init(verbatim content: String) { runs = [Run(string: content)] }
    /// `input` formatted by `format` (Foundation's FormatStyle: numbers, dates, measurements).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        runs = [Run(string: format.format(input))]
    }

    /// `date` in one of SwiftUI's date styles, in the current locale and time zone (see `DateStyle`).
    /// The relative styles measure from the moment the `Text` is made: a render is a still picture,
    /// so the text does not count on by itself.
    public init(_ date: Date, style: DateStyle) { runs = [Run(string: style.string(for: date, now: Date()))] }
    /// The range as "START – END" with both ends in the locale's short date and time.
    public init(_ dates: ClosedRange<Date>) {
        let formatter = DateIntervalFormatter()
        formatter.dateStyle = .short; formatter.timeStyle = .short
        runs = [Run(string: formatter.string(from: dates.lowerBound, to: dates.upperBound))]
    }
    public init(_ interval: DateInterval) { self.init(interval.start...interval.end) }

    /// The runs of `lhs` followed by those of `rhs`.
    public static func + (lhs: Text, rhs: Text) -> Text { Text(runs: lhs.runs + rhs.runs) }

    /// The text's characters (all runs).
    package var string: String { runs.map(\.string).joined() }

    /// The text with `change` applied to every run's attributes: each modifier sets its attribute on
    /// the runs that leave it unset (an inner run's own setting wins). Modifiers consume the text they
    /// modify, so a chain of them (`Text("a").font(.title).bold()`) changes one array of runs in place
    /// instead of copying it at each step; each touches only its own attribute (merging a whole set of
    /// attributes copied every field of each run, shape style included).
    private consuming func modifying(_ change: (inout Attributes) -> Void) -> Text {
        for i in runs.indices { change(&runs[i].attributes) }
        return self
    }

    // MARK: Text modifiers

    public consuming func font(_ font: Font?) -> Text { modifying { if $0.font == nil { $0.font = font } } }
    public consuming func fontWeight(_ weight: Font.Weight?) -> Text { modifying { if $0.weight == nil { $0.weight = weight } } }
    public consuming func bold() -> Text { fontWeight(.bold) }
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    public consuming func italic() -> Text { modifying { if $0.italic == nil { $0.italic = true } } }
    public func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    public consuming func monospacedDigit() -> Text { modifying { if $0.monospacedDigit == nil { $0.monospacedDigit = true } } }
    public consuming func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return modifying { if $0.foreground == nil { $0.foreground = color } }
    }
    public consuming func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        modifying { if $0.foreground == nil { $0.foreground = style } }
    }
    /// Extra space between characters, in points (TileRender adds it after every character, as it does
    /// `tracking`; SwiftUI's kerning also keeps ligatures).
    public consuming func kerning(_ kerning: CGFloat) -> Text { modifying { if $0.kerning == nil { $0.kerning = kerning } } }
    /// Extra space after every character, in points.
    public consuming func tracking(_ tracking: CGFloat) -> Text { modifying { if $0.tracking == nil { $0.tracking = tracking } } }
    /// Moves the text up (positive) or down from the baseline, in points.
    public consuming func baselineOffset(_ offset: CGFloat) -> Text {
        modifying { if $0.baselineOffset == nil { $0.baselineOffset = offset } }
    }
    public consuming func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        modifying { if $0.underline == nil { $0.underline = Decoration(isActive: isActive, color: color) } }
    }
    public consuming func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        modifying { if $0.strikethrough == nil { $0.strikethrough = Decoration(isActive: isActive, color: color) } }
    }

    /// SwiftUI's `Text.Case`, for `textCase(_:)`.
    public enum Case: Hashable, Sendable { case uppercase, lowercase }
    /// SwiftUI's `Text.TruncationMode`.
    public enum TruncationMode: Hashable, Sendable { case head, tail, middle }
}

/// SwiftUI's `TextAlignment`, for `multilineTextAlignment(_:)`.
public enum TextAlignment: Hashable, Sendable, CaseIterable { case leading, center, trailing }

/// A string literal with interpolations, as SwiftUI's `LocalizedStringKey`: `Text("\(value, specifier:
/// "%.1f") km")` formats with the printf-style specifier (in the POSIX locale, so "." is the decimal
/// separator); interpolated `Text` keeps its attributes.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable {
    package var runs: [Text.Run]

    public init(_ value: String) { runs = [Text.Run(string: value)] }
    public init(stringLiteral value: String) { runs = [Text.Run(string: value)] }
    public init(stringInterpolation: StringInterpolation) {
        // Nothing but empty pieces is one empty run, as the empty literal is.
        runs = stringInterpolation.runs.isEmpty ? [Text.Run(string: "")] : stringInterpolation.runs
    }

    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        package var runs: [Text.Run] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}

        private mutating func append(_ string: String) {
            // Plain pieces join the previous plain run; an empty piece (the literal before or after an
            // interpolation) adds nothing.
            if string.isEmpty { return }
            if !runs.isEmpty && runs[runs.count - 1].attributes.isEmpty {
                runs[runs.count - 1].string += string
            } else {
                runs.append(Text.Run(string: string))
            }
        }
        public mutating func appendLiteral(_ literal: String) { append(literal) }
        public mutating func appendInterpolation(_ string: String) { append(string) }
        public mutating func appendInterpolation<T>(_ value: T) { append("\(value)") }
        /// `value` formatted with a printf-style `specifier` ("%.1f", "%d", "%03d", ...).
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            append(formatted(value, specifier: specifier))
        }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            append(format.format(input))
        }
        public mutating func appendInterpolation(_ text: Text) { runs.append(contentsOf: text.runs) }
    }
}

extension Text.Attributes {
    /// Whether nothing is set (a plain piece of a string literal).
    var isEmpty: Bool {
        font == nil && weight == nil && italic == nil && monospacedDigit == nil && foreground == nil && kerning == nil
            && tracking == nil && baselineOffset == nil && underline == nil && strikethrough == nil
    }
}

/// `value` formatted with a printf-style `specifier` in the POSIX locale. "%.Nf" of a floating-point
/// value below 2^60 is written by `fixedPoint` (the C library's bytes). A specifier of one numeric
/// conversion (flags, width, precision, length, then one of d i o u x X e E f F g G a A c, with `%%`
/// anywhere) goes through the C library's snprintf, about 50 times faster than Foundation's
/// `String(format:locale:)` (which builds an ICU number formatter per call); anything else (`%@`,
/// `*` widths, several conversions) goes through Foundation, and `%n` is refused (it would write to memory).
/// As with Foundation, an integer's conversion without a length modifier reads its low 32 bits
/// (`%ld` reads 64).
func formatted<T: CVarArg>(_ value: T, specifier: String) -> String {
    // "%.Nf" of a double: written here, exactly as the C library writes it (a chart's labels format
    // one number each, and snprintf's general path cost several times the rest of a label's recording).
    if let digits = fixedPointDigits(specifier), case .floating(let v) = PrintfArgument(value),
       let string = fixedPoint(v, digits: digits) {
        return string
    }
    guard let conversion = PrintfConversion(specifier) else {
        return String(format: specifier, locale: Locale(identifier: "en_US_POSIX"), value)
    }
    if conversion.writesToMemory { return specifier }
    // One argument of a C type the specifier names: a typed snprintf, no va_list to build (and no
    // closure context: the argument is chosen here, the call made in the buffer's closure).
    let argument: PrintfCArgument?
    switch (conversion.kind, PrintfArgument(value)) {
    case (.floating, .floating(let v)) where conversion.length == .int: argument = .double(v)
    case (.signed, .integer(let bits)) where conversion.length == .int: argument = .int(Int32(truncatingIfNeeded: bits))
    case (.signed, .integer(let bits)) where conversion.length == .long: argument = .long(Int(truncatingIfNeeded: bits))
    case (.unsigned, .integer(let bits)) where conversion.length == .int: argument = .unsigned(UInt32(truncatingIfNeeded: bits))
    case (.unsigned, .integer(let bits)) where conversion.length == .long: argument = .unsignedLong(UInt(truncatingIfNeeded: bits))
    default: argument = nil
    }
    guard let argument else {
        // Other pairs (a character, a `%lld`, a Double given to `%d`): the C library through a va_list,
        // as Foundation would pass it.
        return snprintfString { buffer, size in
            withVaList([value]) { vsnprintf(buffer, size, specifier, $0) }
        }
    }
    return specifier.withCString { format in
        snprintfString { buffer, size in
            switch argument {
            case .double(let v): CFormat_double(buffer, size, format, v)
            case .int(let v): CFormat_int(buffer, size, format, v)
            case .long(let v): CFormat_long(buffer, size, format, v)
            case .unsigned(let v): CFormat_unsigned(buffer, size, format, v)
            case .unsignedLong(let v): CFormat_unsignedLong(buffer, size, format, v)
            }
        }
    }
}

/// N for a specifier that is exactly "%.Nf" with one digit N, else nil.
private func fixedPointDigits(_ specifier: String) -> Int? {
    var bytes = specifier.utf8.makeIterator()
    guard bytes.next() == UInt8(ascii: "%"), bytes.next() == UInt8(ascii: "."), let digit = bytes.next(),
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit), bytes.next() == UInt8(ascii: "f"), bytes.next() == nil
    else { return nil }
    return Int(digit - UInt8(ascii: "0"))
}

/// `value` written as printf's "%.Nf" writes it (`digits` N, 0...9): the exact binary value rounded
/// to N decimals, halves to even, with a minus sign for any negative value (-0.0 and -0.01 give
/// "-0.0" at one digit). nil for values it leaves to the C library: not finite, or 2^60 or more.
package func fixedPoint(_ value: Double, digits: Int) -> String? {
    guard value.isFinite, abs(value) < 0x1p60, (0...9).contains(digits) else { return nil }
    var power: UInt128 = 1
    for _ in 0..<digits { power *= 10 }
    // |value| = significand x 2^exponent, the significand a 53-bit integer; then |value| x 10^N,
    // rounded: an integer product, or a quotient by a power of two with its remainder compared
    // to the half (at most 2^53 x 10^9 < 2^83 before the shift, so UInt128 holds it exactly).
    let magnitude = abs(value)
    let significand = UInt128(magnitude.significandBitPattern | (magnitude.isNormal ? 1 << 52 : 0))
    let exponent = Int(magnitude.isNormal ? magnitude.exponent : Double.leastNormalMagnitude.exponent) - 52
    let product = significand * power
    var scaled: UInt128
    if exponent >= 0 {
        scaled = product << exponent  // below 2^60 x 10^9 < 2^90
    } else if -exponent >= 100 {
        scaled = 0  // below 2^83 / 2^100: less than half of the last digit
    } else {
        let shift = -exponent
        scaled = product >> shift
        let remainder = product & ((1 << shift) - 1), half = UInt128(1) << (shift - 1)
        if remainder > half || (remainder == half && scaled & 1 == 1) { scaled += 1 }
    }
    // Digits from the last, at least one before the point: 64-bit quotients where the number fits.
    return scaled <= UInt128(UInt64.max)
        ? fixedPointText(UInt64(scaled), digits: digits, negative: value.sign == .minus)
        : fixedPointText(scaled, digits: digits, negative: value.sign == .minus)
}

/// `scaled` (the number times 10^digits) written with `digits` decimals, and a minus sign.
private func fixedPointText<T: FixedWidthInteger & UnsignedInteger>(_ scaled: T, digits: Int, negative: Bool) -> String {
    var rest = scaled
    // 39 digits at most (UInt128), the point, the sign.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
        var i = buffer.count, written = 0
        repeat {
            if written == digits && digits > 0 { i -= 1; buffer[i] = UInt8(ascii: ".") }
            i -= 1; buffer[i] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10; written += 1
        } while rest > 0 || written <= digits
        if negative { i -= 1; buffer[i] = UInt8(ascii: "-") }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[i...]), as: UTF8.self)
    }
}

/// The argument of a one-conversion specifier, as the C type `formatted` passes it.
private enum PrintfCArgument { case double(Double), int(Int32), long(Int), unsigned(UInt32), unsignedLong(UInt) }

/// The string `write` puts into a buffer of the size it is given, snprintf-style: it returns the
/// length it needs; a negative result (an encoding error) leaves the empty string.
private func snprintfString(_ write: (UnsafeMutablePointer<CChar>?, Int) -> Int32) -> String {
    let small = 128
    let written = withUnsafeTemporaryAllocation(of: CChar.self, capacity: small) { buffer -> (Int32, String?) in
        let n = write(buffer.baseAddress, small)
        guard n >= 0, Int(n) < small else { return (n, nil) }
        return (n, String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(n)).bindMemory(to: UInt8.self),
                          as: UTF8.self))
    }
    if let string = written.1 { return string }
    guard written.0 >= 0 else { return "" }
    var large = [CChar](repeating: 0, count: Int(written.0) + 1)
    let n = large.withUnsafeMutableBufferPointer { write($0.baseAddress, $0.count) }
    return String(decoding: large.prefix(max(0, Int(n))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A printf specifier with exactly one conversion (and any number of `%%`), read without allocating.
struct PrintfConversion {
    enum Kind { case signed, unsigned, floating, character, memory }
    /// The argument's C size as the length modifier gives it: none, `h` and `hh` read an int; `l` a long.
    enum Length { case int, long, other }
    var kind: Kind
    var length: Length
    var writesToMemory: Bool { kind == .memory }

    /// nil when the specifier has no conversion, more than one, or one this fast path does not read
    /// (`%@`, `*` widths and precisions, an unknown letter); `.memory` when any conversion is `%n`.
    init?(_ specifier: String) {
        var found: (Kind, Length)?
        var count = 0, readable = true
        var bytes = specifier.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else { continue }
            var next = bytes.next()
            if next == UInt8(ascii: "%") { continue }
            while let b = next, Self.isFlag(b) { next = bytes.next() }
            while let b = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: ".") { next = bytes.next() }
            var h = 0, l = 0, otherModifiers = 0
            while let b = next, Self.isLengthModifier(b) {
                if b == UInt8(ascii: "h") { h += 1 } else if b == UInt8(ascii: "l") { l += 1 } else { otherModifiers += 1 }
                next = bytes.next()
            }
            guard let letter = next else { readable = false; break }
            count += 1
            let length: Length = otherModifiers == 0 && l == 0 && h <= 2 ? .int : otherModifiers == 0 && h == 0 && l == 1 ? .long : .other
            switch letter {
            case UInt8(ascii: "n"): kind = .memory; self.length = length; return
            case UInt8(ascii: "d"), UInt8(ascii: "i"): found = (.signed, length)
            case UInt8(ascii: "o"), UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"): found = (.unsigned, length)
            // A double: no modifier, or `l` (which C ignores here); `h` and `L` are other types.
            case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "g"),
                 UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"): found = (.floating, h == 0 && otherModifiers == 0 ? .int : .other)
            case UInt8(ascii: "c"): found = (.character, length)
            default: readable = false
            }
        }
        guard readable, count == 1, let found else { return nil }
        (kind, length) = found
    }

    private static func isFlag(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'"): true
        default: false
        }
    }

    private static func isLengthModifier(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "j"),
             UInt8(ascii: "t"): true
        default: false
        }
    }
}

/// A `CVarArg` value read as the C argument it would be passed as.
enum PrintfArgument {
    case floating(Double)
    /// The 64-bit word Swift's va_list passes: a type narrower than 64 bits is sign- or zero-extended
    /// to 32 bits, then zero-extended (so `%ld` of an `Int32(-1)` reads 4294967295, as Foundation writes it).
    case integer(UInt64)
    case other

    init<T>(_ value: T) {
        // A Double (a chart's value) known by its type, without a dynamic cast.
        if T.self == Double.self {
            self = .floating(unsafeBitCast(value, to: Double.self))
            return
        }
        switch value {
        case let v as Double: self = .floating(v)
        case let v as Float: self = .floating(Double(v))
        case let v as CGFloat: self = .floating(Double(v))
        case let v as any BinaryInteger:
            self = .integer(v.bitWidth < 64 ? UInt64(UInt32(truncatingIfNeeded: v)) : UInt64(truncatingIfNeeded: v))
        default: self = .other
        }
    }
}

extension Text {
    /// How `Text(_:style:)` writes a date (SwiftUI's names). In the en_US locale, for a date 2 hours
    /// 5 minutes from now:
    /// - `date`: the long date, "June 3, 2026";
    /// - `time`: the short time, "9:41 AM";
    /// - `relative`: the two largest units of the distance (weeks at most), "2 hours, 5 minutes";
    /// - `offset`: the largest unit, rounded and signed, "+2 hours" (a past date gives "-2 hours");
    /// - `timer`: the distance as a clock, "2:05:00" (under an hour, "5:00").
    public struct DateStyle: Hashable, Sendable {
        private enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        private let kind: Kind
        public static let time = DateStyle(kind: .time)
        public static let date = DateStyle(kind: .date)
        public static let relative = DateStyle(kind: .relative)
        public static let offset = DateStyle(kind: .offset)
        public static let timer = DateStyle(kind: .timer)

        package func string(for date: Date, now: Date) -> String {
            switch kind {
            case .date, .time:
                let formatter = DateFormatter()
                formatter.dateStyle = kind == .date ? .long : .none
                formatter.timeStyle = kind == .time ? .short : .none
                return formatter.string(from: date)
            case .relative, .offset, .timer:
                let seconds = date.timeIntervalSince(now)
                // A distance Foundation cannot write (NaN, or beyond Int's range of seconds) reads as 0.
                let distance = Duration.seconds(seconds.isFinite && abs(seconds) < 1e15 ? abs(seconds).rounded(.down) : 0)
                let units: Set<Duration.UnitsFormatStyle.Unit> = [.weeks, .days, .hours, .minutes, .seconds]
                switch kind {
                case .relative:
                    return distance.formatted(.units(allowed: units, width: .wide, maximumUnitCount: 2))
                case .offset:
                    return (seconds < 0 ? "-" : "+") + distance.formatted(.units(allowed: units, width: .wide, maximumUnitCount: 1))
                default:
                    return distance.formatted(.time(pattern: distance >= .seconds(3600) ? .hourMinuteSecond : .minuteSecond))
                }
            }
        }
    }
}
