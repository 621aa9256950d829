import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// The laid-out tree of a view (TileRender's own, for tests and tools): `ImageRenderer.layoutSnapshot()`.
///
/// A node stands for each built-in view (stacks, shapes, `Color`, `Text`, `Image`, `Canvas`, `Spacer`,
/// ...); modifiers (frames, padding, effects) and views with a `body` are not nodes of their own, their
/// effect shows in the frames. A frame is where the view is drawn, in the root view's coordinates
/// (origin at the root's top-left), offsets included; under a rotation or skew it is the bounding box of
/// the drawn rectangle.
public struct LayoutSnapshot: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The view's type name: "Text", "Color", "Rectangle", "Circle", "HStack", "Image", "Canvas", ...
        /// (a shape view is named after its shape).
        public var kind: String
        /// A `Text`'s string, after `textCase`.
        public var text: String?
        public var frame: CGRect
        public var children: [Node]

        public init(kind: String, text: String? = nil, frame: CGRect, children: [Node] = []) {
            self.kind = kind; self.text = text; self.frame = frame; self.children = children
        }
    }

    /// The root view, framed by the size it chose under the proposal.
    public var root: Node

    /// The nodes that draw (those without children, less spacers and empty views), in drawing order.
    public var leaves: [Node] {
        var out: [Node] = []
        func walk(_ n: Node) {
            if n.children.isEmpty {
                if n.kind != "Spacer" && n.kind != "EmptyView" { out.append(n) }
            } else {
                n.children.forEach(walk)
            }
        }
        walk(root)
        return out
    }
}

/// What the probes report while a view is drawn (each built-in view's frame, and how the views answer
/// hit tests), kept with the drawings: the layout snapshot and hit tests read it, and never lay out.
///
/// A renderer makes one the first time it is asked for a snapshot or a hit test and keeps it; from
/// then on every scene it records carries the probes' reports. The reports are a flat list of events.
/// A memoised node that replays its drawing replays the events it captured with it, moved as the
/// drawing is (see `MemoNode.draw`), just as `SceneRecorder` replays commands: a render that
/// replays a screen reports the same frames without drawing anything again.
package final class LayoutRecorder {
    /// A view's frame: the rectangle it is drawn in and the transform from there to the scene's
    /// (device pixels; moving a report translates the transform).
    struct Placed {
        var rect: CGRect
        var toScene: CGAffineTransform
        /// The frame in the root view's coordinates (points: device pixels over `scale`).
        func frame(scale: CGFloat) -> CGRect {
            let f = rect.applying(toScene)
            guard scale != 1 else { return f }
            return CGRect(x: f.minX / scale, y: f.minY / scale, width: f.width / scale, height: f.height / scale)
        }
        func moved(by d: SIMD2<Double>) -> Placed {
            var p = self
            p.toScene.tx += d.x; p.toScene.ty += d.y
            return p
        }
    }

    /// A built-in view drawn: what the snapshot shows of it, and its painted area for hit tests.
    struct Probe {
        var kind: String
        var text: String?
        var placed: Placed
        /// A shape view's painted area in its frame; other views answer on their whole frame.
        var hitPath: ((CGRect) -> Path)?
        var area: HitArea { HitArea(path: hitPath ?? { Path($0) }, placed: placed, eoFill: false) }
    }

    /// A region in a placed rectangle, made into a path only when a hit test asks.
    struct HitArea {
        var path: (CGRect) -> Path
        var placed: Placed
        var eoFill: Bool
        /// Whether the area holds `point`, in device pixels.
        func contains(_ point: CGPoint) -> Bool {
            path(placed.rect).applying(placed.toScene).contains(point, eoFill: eoFill)
        }
    }

    /// How the views inside a `contentShape` or `allowsHitTesting` answer hit tests.
    enum HitRule {
        /// As their own areas say (an `allowsHitTesting(true)`).
        case inherit
        /// Not at all.
        case disabled
        /// On this area instead of their own.
        case area(HitArea)
    }

    enum Event {
        case enter(Probe)
        case exit
        case pushRule(HitRule)
        case popRule

        func moved(by d: SIMD2<Double>) -> Event {
            switch self {
            case .enter(var probe): probe.placed = probe.placed.moved(by: d); return .enter(probe)
            case .pushRule(.area(var area)): area.placed = area.placed.moved(by: d); return .pushRule(.area(area))
            default: return self
            }
        }
    }

    /// Events captured with a drawing, to be appended again with it (moved as the drawing is). Holds the
    /// recordings captured inside it by reference, as `Recording` does.
    final class Recording {
        enum Item {
            case events([Event])
            case child(Recording, moved: SIMD2<Double>)
        }
        let items: [Item]
        init(items: [Item]) { self.items = items }

        func append(to events: inout [Event], moved d: SIMD2<Double>) {
            for item in items {
                switch item {
                case .events(let run):
                    if d == .zero { events.append(contentsOf: run) } else { for e in run { events.append(e.moved(by: d)) } }
                case .child(let child, let offset):
                    child.append(to: &events, moved: offset + d)
                }
            }
        }
    }

    private struct Capture {
        var start: Int
        var children: [(recording: Recording, moved: SIMD2<Double>, range: Range<Int>)] = []
    }

    @exclusivity(unchecked) private var events: [Event] = []
    @exclusivity(unchecked) private var captures: [Capture] = []
    /// The snapshot made of `events`, until they change.
    @exclusivity(unchecked) private var built: Built?
    /// Device pixels per point in the scene being reported.
    @exclusivity(unchecked) private var scale: CGFloat = 1

    package init() {}

    /// Starts the reports of a new scene, drawn at `scale` device pixels per point.
    func reset(scale: CGFloat) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        events.removeAll(keepingCapacity: true)
        captures.removeAll()
        built = nil
    }

    func enter(_ probe: Probe) { add(.enter(probe)) }
    func exit() { add(.exit) }
    func pushRule(_ rule: HitRule) { add(.pushRule(rule)) }
    func popRule() { add(.popRule) }
    private func add(_ event: Event) { events.append(event); built = nil }

    /// Starts capturing the events reported from now on (captures nest).
    func beginCapture() { captures.append(Capture(start: events.count)) }

    /// Ends the innermost capture and returns what it captured.
    func endCapture() -> Recording {
        let capture = captures.removeLast()
        let recording: Recording
        if capture.start == events.count {
            recording = Recording(items: [])
        } else {
            var items: [Recording.Item] = []
            var cursor = capture.start
            for child in capture.children {
                if cursor < child.range.lowerBound { items.append(.events(Array(events[cursor..<child.range.lowerBound]))) }
                items.append(.child(child.recording, moved: child.moved))
                cursor = child.range.upperBound
            }
            if cursor < events.count { items.append(.events(Array(events[cursor...]))) }
            recording = Recording(items: items)
        }
        if !captures.isEmpty, capture.start < events.count {
            captures[captures.count - 1].children.append((recording, .zero, capture.start..<events.count))
        }
        return recording
    }

    /// Appends `recording`'s events again, moved by `d` device pixels.
    func replay(_ recording: Recording, moved d: SIMD2<Double>) {
        guard !recording.items.isEmpty else { return }
        let start = events.count
        recording.append(to: &events, moved: d)
        built = nil
        if !captures.isEmpty {
            captures[captures.count - 1].children.append((recording, d, start..<events.count))
        }
    }

    /// The snapshot's nodes and the hit areas, made from the events once per scene.
    struct Built {
        /// The nodes reported at the top level.
        var topLevel: [LayoutSnapshot.Node] = []
        /// Every drawn view's hit area (nil: it does not answer) and its node, in the order they were
        /// finished: for the leaves, the order they were drawn in.
        var hits: [(area: HitArea?, node: LayoutSnapshot.Node)] = []
        /// Device pixels per point (hit areas are in device pixels).
        var scale: CGFloat = 1
    }

    var snapshot: Built {
        if let built { return built }
        var stack: [LayoutSnapshot.Node] = [LayoutSnapshot.Node(kind: "", frame: .zero)]
        var open: [HitArea?] = []
        var rules: [HitRule] = [.inherit]
        var hits: [(area: HitArea?, node: LayoutSnapshot.Node)] = []
        for event in events {
            switch event {
            case .enter(let probe):
                stack.append(LayoutSnapshot.Node(kind: probe.kind, text: probe.text, frame: probe.placed.frame(scale: scale)))
                switch rules[rules.count - 1] {
                case .inherit: open.append(probe.area)
                case .disabled: open.append(nil)
                case .area(let area): open.append(area)
                }
            case .exit:
                guard stack.count > 1, let area = open.popLast() else { continue }
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
                hits.append((area, done))
            case .pushRule(let rule):
                if case .inherit = rule { rules.append(rules[rules.count - 1]) } else { rules.append(rule) }
            case .popRule:
                if rules.count > 1 { rules.removeLast() }
            }
        }
        let result = Built(topLevel: stack[0].children, hits: hits, scale: scale)
        built = result
        return result
    }
}

/// A view's name for the snapshot: the type's name without generic arguments, a shape view's shape.
package func layoutKind<V>(_ view: V) -> String {
    if let shapeView = view as? any ShapeView { return shapeView.shapeKind }
    if let layoutView = view as? any CustomLayoutView { return layoutView.layoutKind }
    let name = String(describing: type(of: view))
    return String(name.prefix { $0 != "<" })
}

extension ShapeView {
    var shapeKind: String { String(String(describing: Content.self).prefix { $0 != "<" }) }
}

/// `node` reporting its frame to the environment's layout recorder, when there is one.
package func probed<V: View>(_ view: V, _ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
    guard let recorder = environment.layoutRecorder else { return node }
    var text: String? = nil
    if let t = view as? Text {
        text = t.string
        switch environment.text.textCase {
        case .uppercase: text = text?.uppercased()
        case .lowercase: text = text?.lowercased()
        case nil: break
        }
    }
    let hitPath: ((CGRect) -> Path)?
    if let shaped = view as? any HitShapedView { hitPath = shaped.hitPath } else { hitPath = nil }
    return ProbeNode(kind: layoutKind(view), text: text, child: node, recorder: recorder, hitPath: hitPath)
}

/// A shape view answers hit tests on what it paints: its filled shape, or its stroke's outline.
package protocol HitShapedView {
    func hitPath(in rect: CGRect) -> Path
}

extension _ShapeView: HitShapedView {
    package func hitPath(in rect: CGRect) -> Path { shape.path(in: rect) }
}

extension _StrokeShapeView: HitShapedView {
    package func hitPath(in rect: CGRect) -> Path { shape.path(in: rect).strokedPath(strokeStyle) }
}

extension _StrokeBorderShapeView: HitShapedView {
    package func hitPath(in rect: CGRect) -> Path { shape.inset(by: strokeStyle.lineWidth / 2).path(in: rect).strokedPath(strokeStyle) }
}

/// `contentShape` and `allowsHitTesting`: how the views inside answer hit tests.
package struct HitTestModifier: NodeWrapper {
    enum Rule {
        case inherit, disabled
        case shape((CGRect) -> Path, eoFill: Bool)
    }
    let rule: Rule
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        guard let recorder = environment.layoutRecorder else { return node }
        return HitTestNode(child: node, rule: rule, recorder: recorder)
    }
}

struct HitTestNode: ViewNode {
    let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    let rule: HitTestModifier.Rule
    let recorder: LayoutRecorder
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    var spacerMinLength: CGFloat? { child.spacerMinLength }
    var layoutPriority: Double { child.layoutPriority }
    func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    var explicitGuides: GuideSet { child.explicitGuides }
    var isCheapToMeasure: Bool { child.isCheapToMeasure }
    var rigidSize: CGSize? { child.rigidSize }
    func draw(in rect: CGRect, context: GraphicsContext) {
        switch rule {
        case .inherit: recorder.pushRule(.inherit)
        case .disabled: recorder.pushRule(.disabled)
        case .shape(let path, let eoFill):
            let placed = LayoutRecorder.Placed(rect: rect, toScene: context.transform.concatenating(context.rootTransform))
            recorder.pushRule(.area(LayoutRecorder.HitArea(path: path, placed: placed, eoFill: eoFill)))
        }
        child.draw(in: rect, context: context)
        recorder.popRule()
    }
}

/// A node that reports where it is drawn, then draws its child.
struct ProbeNode: ViewNode {
    let kind: String
    let text: String?
    let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    let recorder: LayoutRecorder
    let hitPath: ((CGRect) -> Path)?

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    var spacerMinLength: CGFloat? { child.spacerMinLength }
    var layoutPriority: Double { child.layoutPriority }
    func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    var explicitGuides: GuideSet { child.explicitGuides }
    var isCheapToMeasure: Bool { child.isCheapToMeasure }
    var rigidSize: CGSize? { child.rigidSize }
    func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? ProbeNode, other.recorder === recorder, other.kind == kind, other.text == text else { return false }
        // A probe's hit area follows from its view, which a drawing match does not compare.
        return match == .layout && match.children(child, other.child)
    }
    func adoptLayoutCaches(from other: any ViewNode) {
        if let other = other as? ProbeNode { child.adoptLayoutCaches(from: other.child) }
    }
    func draw(in rect: CGRect, context: GraphicsContext) {
        let placed = LayoutRecorder.Placed(rect: rect, toScene: context.transform.concatenating(context.rootTransform))
        recorder.enter(LayoutRecorder.Probe(kind: kind, text: text, placed: placed, hitPath: hitPath))
        child.draw(in: rect, context: context)
        recorder.exit()
    }
}

extension ImageRenderer {
    /// The views that answer a tap at `point` (root coordinates), front-most first (TileRender's own):
    /// the leaves of `layoutSnapshot()` whose area contains the point. A shape view answers on what it
    /// paints (its filled shape, or only its stroke); other views on their frame; `contentShape(_:eoFill:)`
    /// replaces the area of the views inside it by its shape; `allowsHitTesting(false)` takes them out.
    /// Like `layoutSnapshot()`, it reads the frames placed by the last render when nothing changed since.
    public func hitTest(_ point: CGPoint) throws -> [LayoutSnapshot.Node] {
        let (_, built) = try laidOut()
        guard point.x.isFinite, point.y.isFinite else { return [] }
        let device = CGPoint(x: point.x * built.scale, y: point.y * built.scale)
        return built.hits.reversed().compactMap { hit in
            let node = hit.node
            guard node.children.isEmpty, node.kind != "Spacer", node.kind != "EmptyView",
                  let area = hit.area, area.contains(device) else { return nil }
            return node
        }
    }

    /// The view laid out at `proposedSize` (TileRender's own): each built-in view's kind, text and frame
    /// in the root view's coordinates (points, whatever the `scale`). Throws
    /// `TileRenderError.invalidSize` when the root's size is not finite and non-negative.
    ///
    /// The frames are those the renders place: the first snapshot or hit test a renderer is asked for
    /// makes it keep them (its nodes are made once more, with probes, without running bodies), and from
    /// then on every render keeps them with its drawing. A snapshot after a render with nothing changed
    /// since runs no body, measures nothing and records nothing; after a change it records the scene
    /// the next render would draw (without rasterizing it) and reads the frames from there.
    public func layoutSnapshot() throws -> LayoutSnapshot { try laidOut().0 }

    private func laidOut() throws -> (LayoutSnapshot, LayoutRecorder.Built) {
        try ViewThread.run { Result { try laidOutHere() } }.get()
    }

    private func laidOutHere() throws -> (LayoutSnapshot, LayoutRecorder.Built) {
        let (recorder, size) = recordedLayout()
        try graph.checkDepth()
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw TileRenderError.invalidSize(width: Double(size.width), height: Double(size.height))
        }
        let built = recorder.snapshot
        let rootFrame = CGRect(origin: .zero, size: size)
        let top = built.topLevel
        if top.count == 1, top[0].frame == rootFrame { return (LayoutSnapshot(root: top[0]), built) }
        return (LayoutSnapshot(root: LayoutSnapshot.Node(kind: layoutKind(content), frame: rootFrame, children: top)), built)
    }
}
