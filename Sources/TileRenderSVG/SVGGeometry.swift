import Foundation
import TileRender

/// SVG's basic shapes, built by Path's own shapes: their outlines already follow SVG 2's "equivalent
/// path" order (rectangles from the top-left corner, or from (x + rx, y) when rounded, along the top
/// edge first; ellipses from 3 o'clock with increasing angle).
enum SVGGeometry {
    /// The cubic control distance of a quarter of the unit circle, 4/3 tan(90° / 4), which Path's arcs
    /// use (the importer's tests compare against it).
    static let kappa = 4.0 / 3.0 * tan(Double.pi / 8)

    /// A rectangle with rx/ry already clamped to half its width and height; square corners when either
    /// is zero.
    static func rect(x: Double, y: Double, width w: Double, height h: Double, rx: Double, ry: Double) -> Path {
        Path(roundedRect: CGRect(x: x, y: y, width: w, height: h), cornerSize: CGSize(width: rx, height: ry),
             style: .circular)
    }

    /// An ellipse of radii rx, ry around (cx, cy).
    static func ellipse(cx: Double, cy: Double, rx: Double, ry: Double) -> Path {
        Path(ellipseIn: CGRect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
    }
}
