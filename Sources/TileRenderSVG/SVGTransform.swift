import Foundation
import TileRender

/// Parses SVG transform lists: `matrix`, `translate`, `scale`, `rotate` (with optional centre),
/// `skewX`, `skewY`, several in one attribute, separated by whitespace and/or commas.
enum SVGTransformList {
    /// The combined transform (the rightmost item applies to coordinates first), or nil when malformed.
    static func parse(_ text: String) -> CGAffineTransform? {
        var s = SVGScanner(text)
        var total = CGAffineTransform.identity
        s.skipCommaWhitespace()
        while !s.atEnd {
            let nameStart = s.index
            while let c = s.peek, SVGScanner.isLetter(c) { s.index += 1 }
            let name = String(decoding: s.bytes[nameStart..<s.index], as: UTF8.self)
            guard !name.isEmpty, s.consume("(") else { return nil }
            var args: [Double] = []
            s.skipWhitespace()
            while let c = s.peek, c != UInt8(ascii: ")") {
                guard let v = s.number() else { return nil }
                args.append(v)
                s.skipCommaWhitespace()
            }
            guard s.consume(")") else { return nil }
            guard let t = item(name, args) else { return nil }
            // Items apply right to left: the new item acts on coordinates before the earlier ones.
            total = t.concatenating(total)
            s.skipCommaWhitespace()
        }
        return total
    }

    private static func item(_ name: String, _ a: [Double]) -> CGAffineTransform? {
        switch (name, a.count) {
        case ("matrix", 6):
            return CGAffineTransform(a: a[0], b: a[1], c: a[2], d: a[3], tx: a[4], ty: a[5])
        case ("translate", 1): return CGAffineTransform(translationX: a[0], y: 0)
        case ("translate", 2): return CGAffineTransform(translationX: a[0], y: a[1])
        case ("scale", 1): return CGAffineTransform(scaleX: a[0], y: a[0])
        case ("scale", 2): return CGAffineTransform(scaleX: a[0], y: a[1])
        case ("rotate", 1): return rotation(a[0])
        case ("rotate", 3):
            return CGAffineTransform(translationX: -a[1], y: -a[2])
                .concatenating(rotation(a[0]))
                .concatenating(CGAffineTransform(translationX: a[1], y: a[2]))
        case ("skewX", 1): return CGAffineTransform(a: 1, b: 0, c: tan(a[0] * .pi / 180), d: 1, tx: 0, ty: 0)
        case ("skewY", 1): return CGAffineTransform(a: 1, b: tan(a[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
        default: return nil
        }
    }

    /// Rotation by `degrees`, exact for multiples of 90 degrees.
    static func rotation(_ degrees: Double) -> CGAffineTransform {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let normalized = r < 0 ? r + 360 : r
        switch normalized {
        case 0: return .identity
        case 90: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        case 180: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        case 270: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
        default: return CGAffineTransform(rotationAngle: degrees * .pi / 180)
        }
    }
}

extension CGAffineTransform {
    /// Invertible without magnifying rounding errors (`GeometryTolerance.singularDeterminantRelative`).
    var isInvertible: Bool {
        let det = determinant
        return det != 0 && det.isFinite
            && abs(det) > GeometryTolerance.singularDeterminantRelative * max(1, a * a + b * b + c * c + d * d)
    }
}
