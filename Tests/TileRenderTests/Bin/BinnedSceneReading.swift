import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// Reads a binned scene back as what each tile's fine stage sees, independent of the order and offsets
// of the flat arrays (which differ between thread counts and bands), so tests can compare binnings and
// check them against geometry computed here.

/// One decoded tile command.
enum DecodedCommand: Equatable, CustomStringConvertible {
    /// A draw's path tile: its tile-local segments and its 16 per-row backdrop values.
    case draw(UInt32, segments: [TileSegment], backdrop: [Float])
    case push(UInt32)
    case pop(UInt32)

    var description: String {
        switch self {
        case .draw(let d, let segments, _): "draw \(d) (\(segments.count) segments)"
        case .push(let l): "push \(l)"
        case .pop(let l): "pop \(l)"
        }
    }

    /// The command without its geometry, for tests of command order.
    var shape: String {
        switch self {
        case .draw(let d, _, _): "draw \(d)"
        case .push(let l): "push \(l)"
        case .pop(let l): "pop \(l)"
        }
    }
}

extension BinnedScene {
    static let zeroBackdrop = [Float](repeating: 0, count: BinnedScene.tileSize)

    /// Tile `tile`'s commands, decoded.
    func decodedCommands(inTile tile: Int) -> [DecodedCommand] {
        tileCommands[Int(tileCommandStart[tile])..<Int(tileCommandStart[tile + 1])].map { word in
            let index = word & TileCommand.indexMask
            switch word & TileCommand.kindMask {
            case TileCommand.pushLayer: return .push(index)
            case TileCommand.popLayer: return .pop(index)
            default:
                let t = pathTiles[Int(index)]
                let segments = Array(self.segments[Int(t.segmentStart)..<Int(t.segmentStart + t.segmentCount)])
                let backdrop = t.backdropStart == PathTile.noBackdrop ? BinnedScene.zeroBackdrop
                    : Array(backdrops[Int(t.backdropStart)..<Int(t.backdropStart) + BinnedScene.tileSize])
                return .draw(t.drawIndex, segments: segments, backdrop: backdrop)
            }
        }
    }

    /// Draw `draw`'s segments and backdrop in tile (`column`, `row`), or nil when it has no path tile there.
    func entry(draw: UInt32, column: Int, row: Int) -> (segments: [TileSegment], backdrop: [Float])? {
        for command in decodedCommands(inTile: row * tilesX + column) {
            if case .draw(draw, let segments, let backdrop) = command { return (segments, backdrop) }
        }
        return nil
    }
}

/// Bins `scene` at its size in one band, without a budget.
/// `scene` binned, by default with every path tile kept (geometry tests read each draw's path tiles;
/// `HiddenPathTileTests` asks for the hidden ones to be left out, as renders do).
func binned(_ scene: Scene, threads: Int = 2, dropsHiddenPathTiles: Bool = false) throws -> BinnedScene {
    let (w, h) = try Scene.pixelSize(for: scene.size)
    return try BinnedScene(encoding: EncodedScene(scene), width: w, height: h, threadCount: threads,
                           dropsHiddenPathTiles: dropsHiddenPathTiles)
}

/// A closed polygon through `points`.
func polygon(_ points: [CGPoint]) -> Path {
    var p = Path()
    p.move(to: points[0])
    for q in points.dropFirst() { p.addLine(to: q) }
    p.closeSubpath()
    return p
}

/// Twice the signed area of a polygon by the shoelace formula, in y-down coordinates (positive for a
/// polygon that turns clockwise on screen).
func shoelace(_ points: [CGPoint]) -> Double {
    var sum = 0.0
    for i in points.indices {
        let a = points[i], b = points[(i + 1) % points.count]
        sum += Double(a.x * b.y - b.x * a.y)
    }
    return sum
}

/// The polygon clipped to the rectangle 0...width x 0...height (Sutherland-Hodgman: one half-plane at a
/// time; the winding number of every point inside the rectangle is unchanged, whatever the polygon).
func clipped(_ points: [CGPoint], width: Double, height: Double) -> [CGPoint] {
    typealias Edge = (inside: (CGPoint) -> Bool, cut: (CGPoint, CGPoint) -> CGPoint)
    func cutX(_ x: Double) -> (CGPoint, CGPoint) -> CGPoint {
        { a, b in CGPoint(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
    }
    func cutY(_ y: Double) -> (CGPoint, CGPoint) -> CGPoint {
        { a, b in CGPoint(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y) }
    }
    let edges: [Edge] = [({ $0.x >= 0 }, cutX(0)), ({ $0.x <= width }, cutX(width)),
                         ({ $0.y >= 0 }, cutY(0)), ({ $0.y <= height }, cutY(height))]
    var result = points
    for edge in edges where !result.isEmpty {
        let input = result
        result = []
        for i in input.indices {
            let a = input[(i + input.count - 1) % input.count], b = input[i]
            switch (edge.inside(a), edge.inside(b)) {
            case (true, true): result.append(b)
            case (true, false): result.append(edge.cut(a, b))
            case (false, true): result.append(edge.cut(a, b)); result.append(b)
            case (false, false): break
            }
        }
    }
    return result
}

/// The signed height, within pixel row `top ..< top + 1`, of the part of edge a -> b left of `left`:
/// what a ray going left from the row at x = `left` crosses (downward edges count positive).
func crossingLeft(of left: Double, row top: Double, _ a: CGPoint, _ b: CGPoint) -> Double {
    let (x0, y0, x1, y1) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
    guard y0 != y1 else { return 0 }
    let ya = max(min(y0, y1), top), yb = min(max(y0, y1), top + 1)
    guard yb > ya else { return 0 }
    func x(at y: Double) -> Double { x0 + (x1 - x0) * (y - y0) / (y1 - y0) }
    let xa = x(at: ya), xb = x(at: yb)
    let height: Double
    if xa < left && xb < left {
        height = yb - ya
    } else if xa >= left && xb >= left {
        height = 0
    } else {
        let yCut = ya + (yb - ya) * (left - xa) / (xb - xa)
        height = xa < left ? yCut - ya : yb - yCut
    }
    return y1 > y0 ? height : -height
}
