import Foundation

/// One piece of a path, with the point it starts from: what every path walker (flattening, stroking,
/// bounding box, hit testing, set operations, trim) consumes instead of raw `Path.Element`s.
package enum PathSegment: Equatable, Sendable {
    /// Starts a subpath (an explicit `move(to:)` or an implicit one, see `PathSegments`).
    case move(to: SIMD2<Double>)
    case line(from: SIMD2<Double>, to: SIMD2<Double>)
    case quad(from: SIMD2<Double>, control: SIMD2<Double>, to: SIMD2<Double>)
    case cubic(from: SIMD2<Double>, control1: SIMD2<Double>, control2: SIMD2<Double>, to: SIMD2<Double>)
    /// The closing line back to the subpath's start; `from == to` for a zero-length close.
    case close(from: SIMD2<Double>, to: SIMD2<Double>)
}

/// How `PathSegments` turns a path's points into walker coordinates: an optional transform, then a
/// clamp to +-`limit`; a point that is not finite after the transform is rejected (nil).
package struct PathPointMap: Sendable {
    package var transform: CGAffineTransform
    package var limit: Double

    package init(transform: CGAffineTransform = .identity, limit: Double = .infinity) {
        self.transform = transform
        self.limit = limit
    }

    /// User space, unclamped (queries, set operations, trim).
    package static let userSpace = PathPointMap()

    @inline(__always)
    package func callAsFunction(_ p: CGPoint) -> SIMD2<Double>? {
        let t = transform
        let x = Double(t.a * p.x + t.c * p.y + t.tx), y = Double(t.b * p.x + t.d * p.y + t.ty)
        guard x.isFinite && y.isFinite else { return nil }
        return SIMD2(min(max(x, -limit), limit), min(max(y, -limit), limit))
    }
}

/// The normalised segments of a path. Every geometry operation walks paths through it, so they all
/// agree on these rules (CoreGraphics' and SwiftUI's):
///
/// - **Non-finite points.** An element with a NaN or infinite point (after the map's transform) is
///   skipped: the path continues from the last finite point, as if the element were absent.
/// - **No current point.** A line or curve with no current point (the first finite element is not a
///   move) starts a subpath at its end point: it yields `.move(to:)` there and draws nothing.
/// - **Implicit move after close.** After a close, the current point is the closed subpath's start; a
///   line or curve there first yields `.move(to: start)`, so each subpath begins with a move.
/// - **Closes.** A close yields `.close(from:to:)` whenever a subpath is open, also when it has zero
///   length (`from == to`; a stroke draws a dot for a closed lone point). A close with no current
///   point, or right after another close, yields nothing.
/// - **Degenerate curves** are yielded as they are (walkers that flatten get one zero-length chord for
///   a curve whose points all coincide, and drop it); moves are yielded even when nothing follows
///   them (bounding boxes include them).
/// - With `closing: .everySubpath` (fills, hit tests, set operations) every open subpath also gets a
///   `.close` before the next move and at the end, as a fill closes it.
package struct PathSegments: Sequence, IteratorProtocol {
    package enum Closing: Sendable {
        /// Only the path's own `closeSubpath()` elements close.
        case explicit
        /// Every subpath is closed, as a fill closes it.
        case everySubpath
    }

    private let elements: [Path.Element]
    private let closing: Closing
    private let map: PathPointMap
    private var index = 0
    private var current: SIMD2<Double>? = nil
    private var start = SIMD2<Double>(0, 0)
    /// After a close: the next line or curve starts with an implicit move to `start`.
    private var closed = false
    /// A segment to yield after the one just returned (at most one: close + move, move + line).
    private var pending: PathSegment? = nil
    private var finished = false

    package init(_ path: Path, closing: Closing = .explicit, map: PathPointMap = .userSpace) {
        elements = path.elements
        self.closing = closing
        self.map = map
    }

    package mutating func next() -> PathSegment? {
        if let p = pending { pending = nil; return p }
        while index < elements.count {
            let element = elements[index]
            index += 1
            switch element {
            case .move(let p):
                guard let q = map(p) else { continue }
                let implicitClose = openSubpathClose()
                let move = startSubpath(at: q)
                guard let close = implicitClose else { return move }
                pending = move
                return close
            case .line(let p):
                guard let q = map(p) else { continue }
                guard let from = current else { return startSubpath(at: q) }
                return drawn(.line(from: from, to: q))
            case .quadCurve(let p, let c):
                guard let q = map(p), let k = map(c) else { continue }
                guard let from = current else { return startSubpath(at: q) }
                return drawn(.quad(from: from, control: k, to: q))
            case .curve(let p, let c1, let c2):
                guard let q = map(p), let k1 = map(c1), let k2 = map(c2) else { continue }
                guard let from = current else { return startSubpath(at: q) }
                return drawn(.cubic(from: from, control1: k1, control2: k2, to: q))
            case .closeSubpath:
                guard let c = current, !closed else { continue }
                current = start; closed = true
                return .close(from: c, to: start)
            }
        }
        if !finished {
            finished = true
            if let c = openSubpathClose() { return c }
        }
        return nil
    }

    /// The implicit close of an open subpath, for `.everySubpath`.
    private mutating func openSubpathClose() -> PathSegment? {
        guard closing == .everySubpath, let c = current, !closed else { return nil }
        current = start; closed = true
        return .close(from: c, to: start)
    }

    /// A move, or a line or curve with no current point (it starts a subpath at its end and draws
    /// nothing).
    private mutating func startSubpath(at end: SIMD2<Double>) -> PathSegment {
        current = end; start = end; closed = false
        return .move(to: end)
    }

    /// A line or curve from the current point; right after a close, the implicit move to the closed
    /// subpath's start (the current point) comes first.
    private mutating func drawn(_ segment: PathSegment) -> PathSegment {
        current = segment.end
        guard closed else { return segment }
        closed = false
        pending = segment
        return .move(to: start)
    }
}

extension PathSegment {
    /// The segment's end point.
    package var end: SIMD2<Double> {
        switch self {
        case .move(let q), .line(_, let q), .quad(_, _, let q), .cubic(_, _, _, let q), .close(_, let q): return q
        }
    }
}

extension Path {
    /// The normalised segments of the path in user space (see `PathSegments` for the rules).
    package func segments(closing: PathSegments.Closing = .explicit,
                          map: PathPointMap = .userSpace) -> PathSegments {
        PathSegments(self, closing: closing, map: map)
    }
}
