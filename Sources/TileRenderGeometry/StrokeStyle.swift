import Foundation

#if !canImport(CoreGraphics)
/// How the open ends of a stroked path look (CoreGraphics' type, absent on Linux).
public enum CGLineCap: Int32, Sendable, Hashable {
    /// The stroke ends exactly at the end point.
    case butt
    /// A half disc of diameter lineWidth around the end point.
    case round
    /// A half square of side lineWidth beyond the end point.
    case square
}

/// How segments of a stroked path meet (CoreGraphics' type, absent on Linux).
public enum CGLineJoin: Int32, Sendable, Hashable {
    /// Sharp corners, cut to a bevel when the miter is longer than `miterLimit * lineWidth / 2`... see StrokeStyle.
    case miter
    case round
    case bevel
}
#endif

/// SwiftUI's stroke description. Defaults follow SwiftUI and CoreGraphics: width 1, butt caps, miter
/// joins, miter limit 10, no dash.
///
/// Documented results for unusual values (what TileRender draws):
/// - `lineWidth` zero, negative, NaN or infinite: nothing.
/// - `miterLimit` below 1 or non-finite behaves as 1 (every miter becomes a bevel).
/// - `dash`: empty means solid. A pattern with a negative or non-finite entry, or whose entries sum to
///   zero, is ignored (solid line), as CoreGraphics does. An odd-length pattern repeats twice
///   (SVG's rule). A non-finite `dashPhase` is treated as 0.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat

    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
