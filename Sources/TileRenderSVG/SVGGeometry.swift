import Foundation
import TileRender

/// Shape outlines (SVG 2 "equivalent path" order) and the tight bounding box of a path.
enum SVGGeometry {
    /// 4/3 (sqrt 2 - 1): the cubic control distance of a quarter circle of radius 1.
    static let kappa = 0.5522847498307936

    /// A rectangle with rx/ry already clamped; square corners start at the top-left and run along
    /// the top edge, rounded ones start at (x + rx, y) (SVG 2).
    static func rect(x: Double, y: Double, width w: Double, height h: Double, rx: Double, ry: Double) -> Path {
        var p = Path()
        if rx <= 0 || ry <= 0 {
            p.addRect(CGRect(x: x, y: y, width: w, height: h))
            return p
        }
        let kx = rx * kappa, ky = ry * kappa
        let r = x + w, b = y + h
        p.move(to: CGPoint(x: x + rx, y: y))
        p.addLine(to: CGPoint(x: r - rx, y: y))
        p.addCurve(to: CGPoint(x: r, y: y + ry), control1: CGPoint(x: r - rx + kx, y: y),
                   control2: CGPoint(x: r, y: y + ry - ky))
        p.addLine(to: CGPoint(x: r, y: b - ry))
        p.addCurve(to: CGPoint(x: r - rx, y: b), control1: CGPoint(x: r, y: b - ry + ky),
                   control2: CGPoint(x: r - rx + kx, y: b))
        p.addLine(to: CGPoint(x: x + rx, y: b))
        p.addCurve(to: CGPoint(x: x, y: b - ry), control1: CGPoint(x: x + rx - kx, y: b),
                   control2: CGPoint(x: x, y: b - ry + ky))
        p.addLine(to: CGPoint(x: x, y: y + ry))
        p.addCurve(to: CGPoint(x: x + rx, y: y), control1: CGPoint(x: x, y: y + ry - ky),
                   control2: CGPoint(x: x + rx - kx, y: y))
        p.closeSubpath()
        return p
    }

    /// An ellipse starting at 3 o'clock and running with increasing angle (down first).
    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Path {
        let kx = rx * kappa, ky = ry * kappa
        var p = Path()
        p.move(to: CGPoint(x: cx + rx, y: cy))
        p.addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky),
                   control2: CGPoint(x: cx + kx, y: cy + ry))
        p.addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry),
                   control2: CGPoint(x: cx - rx, y: cy + ky))
        p.addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky),
                   control2: CGPoint(x: cx - kx, y: cy - ry))
        p.addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry),
                   control2: CGPoint(x: cx + rx, y: cy - ky))
        p.closeSubpath()
        return p
    }
}
