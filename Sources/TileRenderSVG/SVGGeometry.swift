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

    /// The tight bounding box of the path's geometry (curve extrema, not control points); nil when the
    /// path has no finite points.
    static func boundingBox(_ path: Path) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: CGPoint) {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var current: CGPoint? = nil
        var start: CGPoint? = nil
        path.forEach { e in
            switch e {
            case .move(let p):
                add(p); current = p; start = p
            case .line(let p):
                add(p); current = p
            case .quadCurve(let p, let c):
                add(p)
                if let p0 = current {
                    // Extremum of (1-t)^2 p0 + 2t(1-t) c + t^2 p per axis.
                    for t in quadExtrema(p0.x, c.x, p.x) + quadExtrema(p0.y, c.y, p.y) {
                        let u = 1 - t
                        add(CGPoint(x: u * u * p0.x + 2 * t * u * c.x + t * t * p.x,
                                    y: u * u * p0.y + 2 * t * u * c.y + t * t * p.y))
                    }
                }
                current = p
            case .curve(let p, let c1, let c2):
                add(p)
                if let p0 = current {
                    for t in cubicExtrema(p0.x, c1.x, c2.x, p.x) + cubicExtrema(p0.y, c1.y, c2.y, p.y) {
                        let u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        add(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                    y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                    }
                }
                current = p
            case .closeSubpath:
                current = start
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let den = a - 2 * b + c
        guard den != 0 else { return [] }
        let t = (a - b) / den
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where the cubic's derivative along one axis vanishes.
    private static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // B'(t)/3 = a t^2 + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        let scale = max(abs(a), abs(b), abs(c))
        guard scale > 0, scale.isFinite else { return [] }
        if abs(a) < 1e-12 * scale {
            if b != 0 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let sq = disc.squareRoot()
                roots.append((-b + sq) / (2 * a))
                roots.append((-b - sq) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
