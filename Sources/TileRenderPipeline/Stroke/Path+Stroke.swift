import Foundation
import TileRenderGeometry

extension Path {
    /// The outline of this path stroked with `style`, as a path to fill with the nonzero rule (what
    /// SwiftUI's `strokedPath` returns). Curves, round joins and round caps are approximated by lines
    /// within `GeometryTolerance.stroke` (0.05) units of the true outline; a style that draws nothing gives an empty path.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        guard let parameters = StrokeParameters(style) else { return Path() }
        var expander = StrokeExpander()
        var outline = StrokeOutline()
        expander.expand(self, parameters, tolerance: GeometryTolerance.stroke, into: &outline)
        // Past the stroker's point limit the outline is incomplete: no outline rather than part of one.
        if expander.exceededPointLimit { return Path() }
        var path = Path()
        // One element a point and one close a contour: reserved once (outlines of a million dashes
        // have tens of millions of points, and growing the array step by step copied them repeatedly).
        path.reserveCapacity(outline.points.count + outline.contourEnds.count)
        var start = 0
        for end in outline.contourEnds {
            path.move(to: CGPoint(x: outline.points[start].x, y: outline.points[start].y))
            for q in outline.points[(start + 1)..<end] { path.addLine(to: CGPoint(x: q.x, y: q.y)) }
            path.closeSubpath()
            start = end
        }
        return path
    }
}

extension CGAffineTransform {
    /// The largest factor by which the transform stretches a length (its largest singular value).
    /// Computed on the matrix divided by its largest entry, so entries beyond 1e77 (whose squared
    /// squares overflow) or below 1e-77 give the right factor; NaN for a non-finite matrix.
    package var maximumScale: Double {
        let k = max(max(abs(Double(a)), abs(Double(b))), max(abs(Double(c)), abs(Double(d))))
        guard k.isFinite else { return .nan }
        guard k > 0 else { return 0 }
        let a = Double(a) / k, b = Double(b) / k, c = Double(c) / k, d = Double(d) / k
        let s = a * a + b * b + c * c + d * d
        let det = a * d - b * c
        let root = max(0, s * s - 4 * det * det).squareRoot()
        return ((s + root) / 2).squareRoot() * k
    }
}
