import Foundation
import TileRender

/// SVG markers: `marker-start`, `marker-mid` and `marker-end` (inherited; `marker` in CSS sets all
/// three) on `path`, `line`, `polyline` and `polygon` place the `<marker>`'s content at the path's
/// first vertex, every vertex between, and its last vertex (a closed subpath ends at its start).
///
/// At a vertex the content is drawn under translate(vertex) · rotate(orient) · scale · translate(-refX,
/// -refY): `orient` is an angle, `auto` (the bisector of the incoming and outgoing directions; the
/// outgoing one at the start, the incoming one at the end) or `auto-start-reverse` (the start marker
/// turned half a turn); the scale is the stroke width (markerUnits strokeWidth, the default) or 1
/// (userSpaceOnUse), times the viewBox's scale into markerWidth x markerHeight (3 x 3 by default);
/// refX/refY are in the content's coordinates. Unless `overflow` is visible the content is clipped to
/// the viewBox (or 0, 0, markerWidth, markerHeight). The shape and its markers form one group with the
/// element's opacity, clip, mask and filter. What resvg does, which these follow: markers are not
/// drawn inside a `<clipPath>`, and the element's bounding box then includes them.
extension SVGBuilder {
    /// Marker instances a document may place, each weighted by the outlines its content fills; past
    /// it the rest are left out with a warning.
    static let maxMarkerDraws = 1_000_000
    static let markable: Set<String> = ["path", "line", "polyline", "polygon"]

    /// The shape with its markers as one group, or nil when no marker applies (drawn as a plain shape).
    mutating func buildMarkedShape(_ el: SVGXMLElement, name: String, style: SVGStyle, transform: CGAffineTransform,
                                   inherited: Double) -> SVGNode? {
        guard Self.markable.contains(name), clipsInProgress.isEmpty,
              style.markerStart != nil || style.markerMid != nil || style.markerEnd != nil,
              let path = shapePath(el) else { return nil }
        let vertices = MarkerVertices(path)
        var markers: [SVGNode] = []
        for (reference, kind) in [(style.markerStart, MarkerVertices.Kind.start), (style.markerMid, .mid), (style.markerEnd, .end)] {
            guard let id = reference, let marker = resolveMarker(id, el) else { continue }
            markers += placeMarker(marker, id: id, kind: kind, vertices: vertices, style: style, el)
        }
        guard !markers.isEmpty else { return nil }
        var children: [SVGNode] = []
        if let shape = resolvedShape(path, el, style: style, opacity: inherited) {
            children.append(SVGNode(element: name, line: el.line, id: nil, transform: .identity, clipPathID: nil,
                                    groupOpacity: 1, content: .shape(shape)))
        }
        return SVGNode(element: name, line: el.line, id: el.attributes["id"], transform: transform,
                       clipPathID: style.clipPath, groupOpacity: style.opacity, content: .group(children + markers))
    }

    /// The `<marker>` `id` names, or nil (after a warning) when there is none or it is being drawn.
    private mutating func resolveMarker(_ id: String, _ el: SVGXMLElement) -> SVGXMLElement? {
        guard let marker = tree.ids[id], marker.name == "marker" else {
            warn(el, "marker reference #\(id) is not a <marker>; ignored")
            return nil
        }
        if markersInProgress.contains(id) {
            warn(el, "marker #\(id) inside its own content; ignored")
            return nil
        }
        return marker
    }

    /// The marker's content, built once (its style inherits from the `<marker>`'s own ancestors).
    private mutating func content(of marker: SVGXMLElement, id: String) -> [SVGNode] {
        if let built = markerContent[id] { return built }
        markersInProgress.insert(id)
        defer { markersInProgress.remove(id) }
        var style = inheritedStyle(of: marker)
        for problem in style.apply(attributes: marker.attributes) { warn(marker, problem) }
        let children = buildChildren(of: marker, style: style.inherited(), opacity: 1)
        markerContent[id] = children
        return children
    }

    private mutating func placeMarker(_ marker: SVGXMLElement, id: String, kind: MarkerVertices.Kind,
                                      vertices: MarkerVertices, style: SVGStyle, _ el: SVGXMLElement) -> [SVGNode] {
        let scale: Double
        if marker.attributes["markerUnits"]?.svgTrimmed == "userSpaceOnUse" {
            scale = 1
        } else {
            scale = style.strokeWidth.resolved(.other, viewport: viewport)
        }
        guard scale > 0, scale.isFinite,
              let refX = length(marker, "refX", .x, default: 0), let refY = length(marker, "refY", .y, default: 0),
              let width = length(marker, "markerWidth", .x, default: 3), let height = length(marker, "markerHeight", .y, default: 3),
              width > 0, height > 0 else { return [] }
        var (sx, sy) = (scale, scale)
        var clip = CGRect(x: 0, y: 0, width: width, height: height)
        if let text = marker.attributes["viewBox"] {
            if let vb = SVGViewBox.parse(text), vb.width > 0, vb.height > 0 {
                // The reference point goes to the vertex, so only the viewBox's scale matters.
                let t = aspectRatio(marker).transform(viewBox: vb, into: CGRect(x: 0, y: 0, width: width * scale, height: height * scale))
                (sx, sy) = (t.a, t.d)
                clip = vb
            } else {
                warn(marker, "invalid viewBox '\(text)' ignored")
            }
        }
        let overflow = SVGBuilder.property("overflow", of: marker)?.svgTrimmed ?? "hidden"
        let clipPath: Path? = overflow == "visible" || overflow == "auto" ? nil : Path(clip)
        let orient = MarkerVertices.Orientation(marker.attributes["orient"])
        let content = content(of: marker, id: id)
        guard !content.isEmpty else { return [] }
        let cost = max(1, content.reduce(0) { $0 + drawCost($1) })
        var placed: [SVGNode] = []
        for (point, angle) in vertices.placements(kind, orient) {
            markerDraws += cost
            guard markerDraws <= Self.maxMarkerDraws else {
                warn(el, "markers would draw more than \(Self.maxMarkerDraws) outlines in all; the rest are left out")
                markerDraws = Self.maxMarkerDraws + 1
                break
            }
            let t = CGAffineTransform(translationX: -refX, y: -refY)
                .concatenating(CGAffineTransform(scaleX: sx, y: sy))
                .concatenating(CGAffineTransform(rotationAngle: angle * .pi / 180))
                .concatenating(CGAffineTransform(translationX: point.x, y: point.y))
            var node = SVGNode(element: "marker", line: marker.line, id: nil, transform: t, clipPathID: nil,
                               groupOpacity: 1, content: .group(content))
            node.viewportClip = clipPath
            placed.append(node)
        }
        return placed
    }
}

/// A path's vertices and directions for markers: its segments with quadratic curves raised to cubics,
/// and the angle at each vertex as resvg and browsers compute it.
struct MarkerVertices {
    enum Kind { case start, mid, end }
    enum Orientation {
        case auto, autoStartReverse, angle(Double)

        /// `orient`: auto, auto-start-reverse, or an angle (deg by default; rad, grad, turn).
        init(_ text: String?) {
            let t = text?.svgTrimmed ?? ""
            switch t {
            case "auto": self = .auto
            case "auto-start-reverse": self = .autoStartReverse
            default:
                var s = SVGScanner(t)
                guard let v = s.number() else { self = .angle(0); return }
                let unit = String(decoding: s.bytes[s.index...], as: UTF8.self).svgTrimmed
                let degrees: Double? = switch unit {
                case "", "deg": v
                case "rad": v * 180 / .pi
                case "grad": v * 0.9
                case "turn": v * 360
                default: nil
                }
                self = .angle(degrees.map { $0.isFinite ? $0 : 0 } ?? 0)
            }
        }
    }

    private enum Segment {
        case move(CGPoint), line(CGPoint), cubic(CGPoint, CGPoint, CGPoint), close
        var end: CGPoint? {
            switch self {
            case .move(let p), .line(let p), .cubic(_, _, let p): p
            case .close: nil
            }
        }
    }

    private var segments: [Segment] = []

    init(_ path: Path) {
        var current = CGPoint.zero, start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p): segments.append(.move(p)); current = p; start = p
            case .line(let p): segments.append(.line(p)); current = p
            case .quadCurve(let p, let c):
                let c1 = CGPoint(x: (current.x + 2 * c.x) / 3, y: (current.y + 2 * c.y) / 3)
                let c2 = CGPoint(x: (p.x + 2 * c.x) / 3, y: (p.y + 2 * c.y) / 3)
                segments.append(.cubic(c1, c2, p)); current = p
            case .curve(let p, let c1, let c2): segments.append(.cubic(c1, c2, p)); current = p
            case .closeSubpath: segments.append(.close); current = start
            }
        }
    }

    /// Where the markers of `kind` go, with their angles in degrees.
    func placements(_ kind: Kind, _ orient: Orientation) -> [(CGPoint, Double)] {
        guard segments.count > 1 else { return [] }
        func angle(_ i: Int) -> Double {
            switch orient {
            case .angle(let a): a
            case .auto: vertexAngle(i)
            case .autoStartReverse: i == 0 ? (vertexAngle(i) + 180).truncatingRemainder(dividingBy: 360) : vertexAngle(i)
            }
        }
        let last = segments.count - 1
        switch kind {
        case .start:
            guard case .move(let p) = segments[0] else { return [] }
            return [(p, angle(0))]
        case .mid:
            return (1..<max(1, last)).compactMap { i in segments[i].end.map { ($0, angle(i)) } }
        case .end:
            switch segments[last] {
            case .line(let p), .cubic(_, _, let p): return [(p, angle(last))]
            case .close: return [(subpathStart(last), angle(last))]
            case .move: return []
            }
        }
    }

    private func subpathStart(_ i: Int) -> CGPoint {
        for j in stride(from: i - 1, through: 0, by: -1) {
            if case .move(let p) = segments[j] { return p }
        }
        return .zero
    }

    private func previousVertex(_ i: Int) -> CGPoint { segments[i - 1].end ?? subpathStart(i) }

    private static func same(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(a.x - b.x) <= 1e-9 * max(1, abs(a.x)) && abs(a.y - b.y) <= 1e-9 * max(1, abs(a.y))
    }

    /// Degrees in 0..<360 of the direction from `a` to `b` (0 when they coincide).
    private static func direction(_ a: CGPoint, _ b: CGPoint) -> Double {
        let r = atan2(b.y - a.y, b.x - a.x)
        guard r.isFinite else { return 0 }
        return normalized(r)
    }

    private static func normalized(_ radians: Double) -> Double {
        let v = radians.truncatingRemainder(dividingBy: 2 * .pi)
        return v < 0 ? v + 2 * .pi : v
    }

    /// The bisector of the incoming direction a1 -> a2 and the outgoing b1 -> b2, in degrees.
    private static func bisector(_ a1: CGPoint, _ a2: CGPoint, _ b1: CGPoint, _ b2: CGPoint) -> Double {
        let incoming = direction(a1, a2), outgoing = direction(b1, b2)
        let half = (outgoing - incoming) / 2
        var angle = incoming + half
        if abs(half) > .pi / 2 { angle -= .pi }
        return normalized(angle) * 180 / .pi
    }

    private static func line(_ a: CGPoint, _ b: CGPoint) -> Double { bisector(a, b, a, b) }

    /// At a joint between curves: the control points' directions, falling back to the neighbouring
    /// vertex where a control point coincides with the joint.
    private static func curves(previous p: CGPoint, control c1: CGPoint, at x: CGPoint, control c2: CGPoint, next n: CGPoint) -> Double {
        if same(c1, x) { return bisector(p, x, x, c2) }
        if same(x, c2) { return bisector(c1, x, x, n) }
        return bisector(c1, x, x, c2)
    }

    private func vertexAngle(_ i: Int) -> Double {
        if i == 0 {
            switch (segments[0], segments[1]) {
            case (.move(let m), .line(let p)): return Self.line(m, p)
            case (.move(let m), .cubic(let c1, _, let p)): return Self.same(m, c1) ? Self.line(m, p) : Self.line(m, c1)
            default: return 0
            }
        }
        if i == segments.count - 1 {
            switch (segments[i - 1], segments[i]) {
            case (_, .line(let p)): return Self.line(previousVertex(i), p)
            case (_, .cubic(let c1, let c2, let p)): return Self.same(c2, p) ? Self.line(c1, p) : Self.line(c2, p)
            case (.line(let p), .close): return Self.line(p, subpathStart(i))
            case (.cubic(_, let c2, let p), .close):
                let next = subpathStart(i)
                return Self.curves(previous: previousVertex(i), control: c2, at: p, control: next, next: next)
            default: return 0
            }
        }
        switch (segments[i], segments[i + 1]) {
        case (.move(let m), .line(let p)): return Self.line(m, p)
        case (.move(let m), .cubic(let c1, _, _)): return Self.line(m, c1)
        case (.line(let a), .line(let b)): return Self.bisector(previousVertex(i), a, a, b)
        case (.cubic(_, let c2, let x), .cubic(let d1, _, let n)):
            return Self.curves(previous: previousVertex(i), control: c2, at: x, control: d1, next: n)
        case (.line(let x), .cubic(let d1, _, let n)):
            let p = previousVertex(i)
            return Self.curves(previous: p, control: p, at: x, control: d1, next: n)
        case (.cubic(_, let c2, let x), .line(let n)):
            return Self.curves(previous: previousVertex(i), control: c2, at: x, control: n, next: n)
        case (.line(let p), .move):
            return Self.line(previousVertex(i), p)
        case (.cubic(_, let c2, let p), .move):
            return Self.same(p, c2) ? Self.line(previousVertex(i), p) : Self.line(c2, p)
        case (.line(let p), .close):
            return Self.bisector(previousVertex(i), p, p, subpathStart(i))
        case (_, .close):
            return Self.line(previousVertex(i), subpathStart(i))
        default:
            return 0
        }
    }
}
