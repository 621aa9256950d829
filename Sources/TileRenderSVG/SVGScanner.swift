import Foundation

/// A byte-level scanner for SVG micro-syntaxes (path data, transform lists, number lists).
///
/// Numbers follow SVG's grammar: optional sign, digits with an optional fraction, optional exponent,
/// so compact forms like `1.5.5` (= 1.5, .5) and `-1-2` (= -1, -2) split correctly. Non-finite values
/// (overflowing exponents) are rejected, so nothing downstream ever sees NaN or infinity.
struct SVGScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ string: String) { bytes = Array(string.utf8) }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Skips whitespace, at most one comma, and whitespace again.
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        if peek == UInt8(ascii: ",") { index += 1; skipWhitespace() }
    }

    /// Consumes `c` (after whitespace) if present.
    mutating func consume(_ c: Character) -> Bool {
        skipWhitespace()
        if let p = peek, p == c.asciiValue! { index += 1; return true }
        return false
    }

    private static let pow10: [Double] = (0...22).map { pow(10, Double($0)) }

    /// Reads a number at the current position (no leading whitespace skipped); nil (and no advance)
    /// when there is none or it is not finite.
    mutating func number() -> Double? {
        var i = index
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        let intStart = i
        var mantissa: UInt64 = 0
        var digits = 0
        var fracDigits = 0
        while i < bytes.count, Self.isDigit(bytes[i]) {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] - 0x30) }
            if mantissa != 0 || digits > 0 { digits += 1 }
            i += 1
        }
        var sawDigit = i > intStart
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, Self.isDigit(bytes[i]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[i] - 0x30) }
                if mantissa != 0 || digits > 0 { digits += 1 }
                fracDigits += 1
                sawDigit = true
                i += 1
            }
            if !sawDigit { return nil }
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            var expNegative = false
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
                expNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if j < bytes.count, Self.isDigit(bytes[j]) {
                var e = 0
                while j < bytes.count, Self.isDigit(bytes[j]) {
                    if e < 100_000 { e = e * 10 + Int(bytes[j] - 0x30) }
                    j += 1
                }
                exponent = expNegative ? -e : e
                i = j
            }
        }
        let value: Double
        let exp10 = exponent - fracDigits
        if digits <= 15 && abs(exp10) <= 22 {
            // Exact: both operands are exactly representable, so one correctly rounded operation.
            let m = Double(mantissa)
            value = exp10 >= 0 ? m * Self.pow10[exp10] : m / Self.pow10[-exp10]
        } else {
            let text = String(decoding: bytes[intStart..<i], as: UTF8.self)
            guard let v = Double(text) else { return nil }
            value = v
        }
        guard value.isFinite else { return nil }
        index = i
        return negative ? -value : value
    }

    /// A single `0` or `1` (arc flags may be written without separators).
    mutating func flag() -> Bool? {
        guard let c = peek else { return nil }
        if c == UInt8(ascii: "0") { index += 1; return false }
        if c == UInt8(ascii: "1") { index += 1; return true }
        return nil
    }

    /// The whole string as one SVG number (no whitespace, units, hex or `nan`/`inf` forms, which
    /// Swift's `Double(_:)` would accept); nil otherwise or when not finite.
    static func wholeNumber<S: StringProtocol>(_ string: S) -> Double? {
        var s = SVGScanner(String(string))
        guard let v = s.number(), s.atEnd else { return nil }
        return v
    }

    /// Parses a whole list of numbers separated by whitespace and/or commas; nil on any error.
    static func numberList(_ string: String) -> [Double]? {
        var s = SVGScanner(string)
        var out: [Double] = []
        s.skipWhitespace()
        while !s.atEnd {
            guard let n = s.number() else { return nil }
            out.append(n)
            s.skipCommaWhitespace()
        }
        return out
    }
}

extension Substring {
    /// The text without leading and trailing SVG whitespace (space, tab, line feed, carriage return
    /// and form feed: XML's and CSS's, `SVGScanner.isWhitespace`). Not Foundation's
    /// `trimmingCharacters(in:)`: that also trims Unicode spaces such as U+00A0, which SVG keeps, and
    /// cost about 7,000 instructions a call (half the parse of a 30,000-shape file).
    var svgTrimmed: String {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, SVGScanner.isWhitespace(bytes[start]) { start = bytes.index(after: start) }
        while end > start, SVGScanner.isWhitespace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return String(self[start..<end])
    }
}

extension String {
    /// `Substring.svgTrimmed`.
    var svgTrimmed: String { self[...].svgTrimmed }
}
