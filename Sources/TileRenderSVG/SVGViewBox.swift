import Foundation
import TileRender

/// `preserveAspectRatio`: alignment plus meet/slice; `none` stretches.
struct SVGAspectRatio: Sendable, Equatable {
    enum Align: Sendable { case min, mid, max }
    /// nil = `none`.
    var x: Align?
    var y: Align?
    var slice: Bool

    static let `default` = SVGAspectRatio(x: .mid, y: .mid, slice: false)

    static func parse(_ text: String) -> SVGAspectRatio? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "," }).map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let align = words.first, words.count <= 2 else { return nil }
        var slice = false
        if words.count == 2 {
            switch words[1] {
            case "meet": slice = false
            case "slice": slice = true
            default: return nil
            }
        }
        if align == "none" { return SVGAspectRatio(x: nil, y: nil, slice: slice) }
        func part(_ s: Substring) -> Align? {
            switch s {
            case "Min": return .min
            case "Mid": return .mid
            case "Max": return .max
            default: return nil
            }
        }
        guard align.count == 8, align.hasPrefix("x"),
              let ax = part(align.dropFirst(1).prefix(3)),
              align.dropFirst(4).hasPrefix("Y"),
              let ay = part(align.dropFirst(5).prefix(3)) else { return nil }
        return SVGAspectRatio(x: ax, y: ay, slice: slice)
    }

    /// Maps `viewBox` into the viewport rectangle (SVG's viewBox-to-viewport transform).
    func transform(viewBox vb: CGRect, into viewport: CGRect) -> CGAffineTransform {
        guard vb.width > 0, vb.height > 0 else { return .identity }
        var sx = viewport.width / vb.width
        var sy = viewport.height / vb.height
        if let ax = x, let ay = y {
            let s = slice ? max(sx, sy) : min(sx, sy)
            sx = s; sy = s
            var tx = viewport.minX - vb.minX * sx
            var ty = viewport.minY - vb.minY * sy
            let dx = viewport.width - vb.width * sx
            let dy = viewport.height - vb.height * sy
            switch ax {
            case .min: break
            case .mid: tx += dx / 2
            case .max: tx += dx
            }
            switch ay {
            case .min: break
            case .mid: ty += dy / 2
            case .max: ty += dy
            }
            return CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
        }
        return CGAffineTransform(a: sx, b: 0, c: 0, d: sy,
                                 tx: viewport.minX - vb.minX * sx, ty: viewport.minY - vb.minY * sy)
    }
}

enum SVGViewBox {
    /// `min-x min-y width height`; nil when malformed (the caller warns) .
    static func parse(_ text: String) -> CGRect? {
        guard let v = SVGScanner.numberList(text), v.count == 4 else { return nil }
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
}
