import Foundation

/// The outline of a 2D shape, in SwiftUI's words.
///
/// Coordinates are in points with the y axis pointing down; angles are measured from +x toward +y
/// (clockwise on screen). See `CoordinateSpaces.md` for the conventions used across TileRender.
///
/// `Path` is a value type: its element array is copy-on-write, so copies are cheap and never share
/// mutations.
///
/// Building follows CoreGraphics: a building call with no current point (`addLine`, `addQuadCurve`,
/// `addCurve`) starts a new subpath at its end point instead of drawing; after `closeSubpath()` the
/// current point is the start of the closed subpath. Non-finite coordinates are kept in the path but
/// the renderer and every path query skip each element that uses one (the rules every walker follows
/// are documented in `PathSegments`).
public struct Path: Equatable, Sendable {
    /// One drawing instruction of a path.
    public enum Element: Equatable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    /// The elements in drawing order.
    package internal(set) var elements: [Element] = []

    /// Reserves room for `count` elements (builders that know their size, such as `strokedPath`).
    package mutating func reserveCapacity(_ count: Int) { elements.reserveCapacity(count) }
    /// Start of the current subpath, the point `closeSubpath()` returns to.
    private var subpathStart: CGPoint?
    /// The current point, or nil before the first `move(to:)`.
    public private(set) var currentPoint: CGPoint?

    public init() {}

    public init(_ build: (inout Path) -> Void) {
        self.init()
        build(&self)
    }

    public init(_ rect: CGRect) {
        // `addRect(rect)` on an empty path, its elements made at once (a view's background or a colour
        // fill makes one of these per view drawn).
        let r = rect.standardized, t = CGAffineTransform.identity
        let start = CGPoint(x: r.minX, y: r.minY).applying(t)
        elements = [.move(to: start), .line(to: CGPoint(x: r.maxX, y: r.minY).applying(t)),
                    .line(to: CGPoint(x: r.maxX, y: r.maxY).applying(t)), .line(to: CGPoint(x: r.minX, y: r.maxY).applying(t)),
                    .closeSubpath]
        subpathStart = start
        currentPoint = start
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) {
        for e in elements { body(e) }
    }

    // MARK: Building

    public mutating func move(to p: CGPoint) {
        elements.append(.move(to: p))
        subpathStart = p
        currentPoint = p
    }

    public mutating func addLine(to p: CGPoint) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.line(to: p))
        currentPoint = p
    }

    /// A move to the first point, then lines through the rest (SwiftUI's `addLines`).
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.quadCurve(to: p, control: control))
        currentPoint = p
    }

    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentPoint != nil else { return move(to: p) }
        elements.append(.curve(to: p, control1: control1, control2: control2))
        currentPoint = p
    }

    public mutating func closeSubpath() {
        guard let start = subpathStart, currentPoint != nil else { return }
        if case .closeSubpath? = elements.last { return }
        elements.append(.closeSubpath)
        currentPoint = start
    }

    /// A closed rectangle subpath starting at the top-left corner and running along the top edge first
    /// (SwiftUI's and CoreGraphics' direction), transformed by `transform`.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        elements.reserveCapacity(elements.count + 5)
        move(to: CGPoint(x: r.minX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY).applying(transform))
        addLine(to: CGPoint(x: r.minX, y: r.maxY).applying(transform))
        closeSubpath()
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    /// Appends `path`'s elements, transformed. The appended elements start new subpaths of their own.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for e in path.applying(transform).elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closeSubpath()
            }
        }
    }

    // MARK: Derived paths

    /// The path with every point transformed (an affine map keeps Bézier curves Bézier curves).
    public func applying(_ t: CGAffineTransform) -> Path {
        if t.isIdentity { return self }
        var out = self
        out.elements = elements.map { e in
            switch e {
            case .move(let p): return .move(to: p.applying(t))
            case .line(let p): return .line(to: p.applying(t))
            case .quadCurve(let p, let c): return .quadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2):
                return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .closeSubpath: return .closeSubpath
            }
        }
        out.subpathStart = subpathStart?.applying(t)
        out.currentPoint = currentPoint?.applying(t)
        return out
    }

    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        applying(CGAffineTransform(translationX: dx, y: dy))
    }

    public static func == (lhs: Path, rhs: Path) -> Bool { lhs.elements == rhs.elements }
}
