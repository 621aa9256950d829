import Foundation
import TileRender

/// Parses SVG path data (`d`) into a `Path`.
///
/// Supports M L H V C S Q T A Z in absolute and relative forms, implicit repeated commands (a
/// moveto's extra pairs are linetos), compact numbers and arc flags without separators. Quadratic
/// segments stay quadratic; elliptical arcs become cubic Béziers (at most 90 degrees each) by the SVG
/// spec's endpoint-to-centre conversion, ending exactly on the arc's end point. On an error the path
/// keeps everything before the bad segment (SVG's error rule) and `error` describes the problem.
enum SVGPathData {
    struct Result {
        var path: Path
        var error: String?
    }

    static func parse(_ d: String) -> Result {
        var s = SVGScanner(d)
        var path = Path()
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        var lastCommand: UInt8? = nil
        /// Second control point of the previous C/S, or control of the previous Q/T (for reflection).
        var lastControl: CGPoint? = nil
        /// True after Z: a drawing command must first move back to the subpath start.
        var pendingMove = false

        func fail(_ message: String) -> Result {
            Result(path: path, error: "\(message) at offset \(s.index)")
        }

        s.skipWhitespace()
        while true {
            s.skipWhitespace()
            guard let c = s.peek else { break }
            var command: UInt8
            if SVGScanner.isLetter(c) {
                command = c
                s.index += 1
                s.skipWhitespace()
            } else {
                guard let last = lastCommand else { return fail("path data must start with a moveto") }
                if last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") {
                    return fail("number after closepath")
                }
                // A moveto's extra coordinate pairs are implicit linetos.
                command = last == UInt8(ascii: "M") ? UInt8(ascii: "L") : last == UInt8(ascii: "m") ? UInt8(ascii: "l") : last
            }
            if lastCommand == nil && command | 0x20 != UInt8(ascii: "m") {
                return fail("path data must start with a moveto")
            }
            let relative = command >= UInt8(ascii: "a")
            let upper = relative ? command - 0x20 : command
            let origin = relative ? current : .zero

            func num() -> Double? {
                guard let v = s.number() else { return nil }
                s.skipCommaWhitespace()
                return v
            }
            func point() -> CGPoint? {
                guard let x = num(), let y = num() else { return nil }
                return CGPoint(x: origin.x + x, y: origin.y + y)
            }
            func flag() -> Bool? {
                guard let f = s.flag() else { return nil }
                s.skipCommaWhitespace()
                return f
            }
            func beginDrawing() {
                if pendingMove {
                    path.move(to: subpathStart)
                    pendingMove = false
                }
            }

            var control: CGPoint? = nil
            switch upper {
            case UInt8(ascii: "M"):
                guard let p = point() else { return fail("bad moveto coordinates") }
                path.move(to: p)
                current = p
                subpathStart = p
                pendingMove = false
            case UInt8(ascii: "Z"):
                path.closeSubpath()
                current = subpathStart
                pendingMove = true
            case UInt8(ascii: "L"):
                guard let p = point() else { return fail("bad lineto coordinates") }
                beginDrawing()
                path.addLine(to: p)
                current = p
            case UInt8(ascii: "H"):
                guard let x = num() else { return fail("bad horizontal lineto") }
                beginDrawing()
                let p = CGPoint(x: origin.x + x, y: current.y)
                path.addLine(to: p)
                current = p
            case UInt8(ascii: "V"):
                guard let y = num() else { return fail("bad vertical lineto") }
                beginDrawing()
                let p = CGPoint(x: current.x, y: origin.y + y)
                path.addLine(to: p)
                current = p
            case UInt8(ascii: "C"):
                guard let c1 = point(), let c2 = point(), let p = point() else { return fail("bad curveto") }
                beginDrawing()
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p
                control = c2
            case UInt8(ascii: "S"):
                guard let c2 = point(), let p = point() else { return fail("bad smooth curveto") }
                beginDrawing()
                var c1 = current
                if let lc = lastControl, let last = lastCommand, "CcSs".utf8.contains(last) {
                    c1 = CGPoint(x: 2 * current.x - lc.x, y: 2 * current.y - lc.y)
                }
                path.addCurve(to: p, control1: c1, control2: c2)
                current = p
                control = c2
            case UInt8(ascii: "Q"):
                guard let c1 = point(), let p = point() else { return fail("bad quadratic curveto") }
                beginDrawing()
                path.addQuadCurve(to: p, control: c1)
                current = p
                control = c1
            case UInt8(ascii: "T"):
                guard let p = point() else { return fail("bad smooth quadratic curveto") }
                beginDrawing()
                var c1 = current
                if let lc = lastControl, let last = lastCommand, "QqTt".utf8.contains(last) {
                    c1 = CGPoint(x: 2 * current.x - lc.x, y: 2 * current.y - lc.y)
                }
                path.addQuadCurve(to: p, control: c1)
                current = p
                control = c1
            case UInt8(ascii: "A"):
                guard let rx = num(), let ry = num(), let rotation = num(),
                      let large = flag(), let sweep = flag(), let p = point()
                else { return fail("bad elliptical arc") }
                beginDrawing()
                appendArc(to: &path, from: current, rx: rx, ry: ry, rotation: rotation,
                          largeArc: large, sweep: sweep, to: p)
                current = p
            default:
                return fail("unknown path command '\(String(UnicodeScalar(command)))'")
            }
            lastControl = control
            lastCommand = command
        }
        return Result(path: path, error: nil)
    }

    /// Appends an SVG elliptical arc from `p1` to `p2` as cubic Béziers (SVG 1.1 appendix F.6).
    static func appendArc(to path: inout Path, from p1: CGPoint, rx rxIn: Double, ry ryIn: Double,
                          rotation: Double, largeArc: Bool, sweep: Bool, to p2: CGPoint) {
        if p1 == p2 { return }  // F.6.2: an arc with identical end points is omitted
        var rx = abs(rxIn), ry = abs(ryIn)
        if rx == 0 || ry == 0 { path.addLine(to: p2); return }
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx2 = (p1.x - p2.x) / 2, dy2 = (p1.y - p2.y) / 2
        let x1p = cosPhi * dx2 + sinPhi * dy2
        let y1p = -sinPhi * dx2 + cosPhi * dy2
        // F.6.5-F.6.6 in the ellipse's unit-circle space, (x', y') = (x1p / rx, y1p / ry): the same
        // formulas with rx^2 * ry^2 divided out, so radii near 1e308 no longer overflow to inf - inf =
        // NaN (and tiny ones to inf). h is the half chord in that space; h > 1 scales the radii up.
        let ux = x1p / rx, uy = y1p / ry
        let h = hypot(ux, uy)
        guard h.isFinite, h > 0 else { path.addLine(to: p2); return }
        if h > 1 { rx *= h; ry *= h }
        let hn = min(h, 1)
        // Centre in unit-circle space: +-sqrt(1 - hn^2) along the chord's normal.
        var s = (max(0, 1 - hn * hn)).squareRoot()
        if largeArc == sweep { s = -s }
        let nx = ux / h, ny = uy / h  // unit chord direction
        let cxp = s * ny * rx
        let cyp = -s * nx * ry
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.x + p2.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.y + p2.y) / 2
        // Angles of the end points seen from the centre, in unit-circle space.
        let theta1 = atan2(ny * hn + s * nx, nx * hn - s * ny)
        let theta2 = atan2(-ny * hn + s * nx, -nx * hn - s * ny)
        var delta = theta2 - theta1
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        guard cx.isFinite, cy.isFinite, delta.isFinite, rx.isFinite, ry.isFinite, delta != 0 else {
            path.addLine(to: p2)
            return
        }
        // The arc is the unit circle's, from theta1 by delta, mapped onto the ellipse: Path's own arc
        // (cubic pieces of at most 90°) under scale(rx, ry), rotate(phi), translate(c).
        let toEllipse = CGAffineTransform(scaleX: rx, y: ry)
            .concatenating(CGAffineTransform(rotationAngle: phi))
            .concatenating(CGAffineTransform(translationX: cx, y: cy))
        var arc = Path()
        arc.addRelativeArc(center: .zero, radius: 1, startAngle: .radians(theta1), delta: .radians(delta),
                           transform: toEllipse)
        var arcStart = p1
        var curves: [(end: CGPoint, control1: CGPoint, control2: CGPoint)] = []
        arc.forEach { element in
            switch element {
            case .move(let q): arcStart = q
            case .curve(let end, let c1, let c2): curves.append((end, c1, c2))
            default: break
            }
        }
        guard var first = curves.first, let arcEnd = curves.last?.end else { return path.addLine(to: p2) }
        // The curves continue from p1 and the last one ends exactly at p2 (the arc's computed ends differ
        // by rounding, whole units under radii near 1e16), so relative commands and closes stay exact;
        // the end tangents move with the ends (Path's arcs keep control points relative to their ends).
        first.control1 = CGPoint(x: p1.x + (first.control1.x - arcStart.x), y: p1.y + (first.control1.y - arcStart.y))
        curves[0] = first
        var last = curves[curves.count - 1]
        last.control2 = CGPoint(x: p2.x + (last.control2.x - arcEnd.x), y: p2.y + (last.control2.y - arcEnd.y))
        last.end = p2
        curves[curves.count - 1] = last
        for curve in curves { path.addCurve(to: curve.end, control1: curve.control1, control2: curve.control2) }
    }
}
