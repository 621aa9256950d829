import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Points along a path: every end point plus `samples` interior points on each curve.
func sampledPoints(_ path: Path, samples: Int = 16) -> [CGPoint] {
    var out: [CGPoint] = []
    var current = CGPoint.zero, start = CGPoint.zero
    for e in path.elements {
        switch e {
        case .move(let p): out.append(p); current = p; start = p
        case .line(let p): out.append(p); current = p
        case .quadCurve(let p, let c):
            for i in 1...samples { out.append(Path.quadPoint(current, c, p, CGFloat(i) / CGFloat(samples))) }
            current = p
        case .curve(let p, let c1, let c2):
            for i in 1...samples { out.append(Path.cubicPoint(current, c1, c2, p, CGFloat(i) / CGFloat(samples))) }
            current = p
        case .closeSubpath: current = start
        }
    }
    return out
}

func dist(_ a: CGPoint, _ b: CGPoint) -> CGFloat { hypot(a.x - b.x, a.y - b.y) }

func near(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { dist(a, b) <= tol }

func near(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tol && abs(a.minY - b.minY) <= tol
        && abs(a.width - b.width) <= tol && abs(a.height - b.height) <= tol
}

/// The angle (degrees, 0..<360) of `p` around `c`, from +x toward +y.
func angleDeg(_ p: CGPoint, around c: CGPoint) -> Double {
    var a = atan2(Double(p.y - c.y), Double(p.x - c.x)) * 180 / .pi
    if a < 0 { a += 360 }
    return a
}

/// Sum of signed angular steps of the sampled points around `c` (degrees; positive = increasing angle).
func sweptDegrees(_ pts: [CGPoint], around c: CGPoint) -> Double {
    var total = 0.0
    for i in 1..<pts.count {
        var d = angleDeg(pts[i], around: c) - angleDeg(pts[i - 1], around: c)
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        total += d
    }
    return total
}

func curveCount(_ p: Path) -> Int {
    p.elements.filter { if case .curve = $0 { return true } else { return false } }.count
}

func endPoint(_ e: Path.Element) -> CGPoint? {
    switch e {
    case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
    case .closeSubpath: return nil
    }
}
