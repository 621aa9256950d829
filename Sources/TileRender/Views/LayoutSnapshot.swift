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

/// Collects the nodes a layout reports while it is drawn, and where each leaf answers hit tests.
package final class LayoutRecorder {
    private var stack: [LayoutSnapshot.Node] = [LayoutSnapshot.Node(kind: "", frame: .zero)]
    /// How the views being drawn answer hit tests: the innermost `contentShape` or `allowsHitTesting`.
    private var hitRules: [HitRegion?] = [nil]
    private var open: [(region: HitRegion, node: Int)] = []
    /// Every drawn view's hit region (nil: it does not answer), with its node once finished, in drawing order.
    private(set) var hits: [(region: HitRegion?, node: LayoutSnapshot.Node?)] = []

    /// A region in the root's coordinates.
    struct HitRegion { var path: Path; var eoFill: Bool }

    func enter(_ kind: String, text: String?, frame: CGRect, region: HitRegion) {
        stack.append(LayoutSnapshot.Node(kind: kind, text: text, frame: frame))
        let rule = hitRules[hitRules.count - 1]
        hits.append((rule == nil ? region : (rule!.path.isEmpty ? nil : rule), nil))
        open.append((region, hits.count - 1))
    }

    /// Views drawn until `popHitRule` answer by `region` (an empty path: they do not answer).
    func pushHitRule(_ region: HitRegion?) { hitRules.append(region ?? hitRules[hitRules.count - 1]) }
    func popHitRule() { if hitRules.count > 1 { hitRules.removeLast() } }

    func exit() {
        guard stack.count > 1 else { return }
        let done = stack.removeLast()
        stack[stack.count - 1].children.append(done)
        if let last = open.popLast() { hits[last.node].node = done }
    }

    /// The nodes reported at the top level.
    var topLevel: [LayoutSnapshot.Node] { stack[0].children }
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
    let hitPath = (view as? any HitShapedView)?.hitPath
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
    func draw(in rect: CGRect, context: GraphicsContext) {
        switch rule {
        case .inherit: recorder.pushHitRule(nil)
        case .disabled: recorder.pushHitRule(LayoutRecorder.HitRegion(path: Path(), eoFill: false))
        case .shape(let path, let eoFill):
            let toRoot = context.transform.concatenating(context.rootTransform)
            recorder.pushHitRule(LayoutRecorder.HitRegion(path: path(rect).applying(toRoot), eoFill: eoFill))
        }
        child.draw(in: rect, context: context)
        recorder.popHitRule()
    }
}

/// A node that reports where it is drawn, then draws its child.
struct ProbeNode: ViewNode {
    let kind: String
    let text: String?
    let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    let recorder: LayoutRecorder
    /// A shape view's painted area in its frame; other views answer on their whole frame.
    let hitPath: ((CGRect) -> Path)?

    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    var spacerMinLength: CGFloat? { child.spacerMinLength }
    var layoutPriority: Double { child.layoutPriority }
    func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    var explicitGuides: GuideSet { child.explicitGuides }
    func draw(in rect: CGRect, context: GraphicsContext) {
        let toRoot = context.transform.concatenating(context.rootTransform)
        let region = LayoutRecorder.HitRegion(path: (hitPath?(rect) ?? Path(rect)).applying(toRoot), eoFill: false)
        recorder.enter(kind, text: text, frame: rect.applying(toRoot), region: region)
        child.draw(in: rect, context: context)
        recorder.exit()
    }
}

extension ImageRenderer {
    /// The views that answer a tap at `point` (root coordinates), front-most first (TileRender's own):
    /// the leaves of `layoutSnapshot()` whose area contains the point. A shape view answers on what it
    /// paints (its filled shape, or only its stroke); other views on their frame; `contentShape(_:eoFill:)`
    /// replaces the area of the views inside it by its shape; `allowsHitTesting(false)` takes them out.
    public func hitTest(_ point: CGPoint) throws -> [LayoutSnapshot.Node] {
        let (_, recorder) = try laidOut()
        guard point.x.isFinite, point.y.isFinite else { return [] }
        return recorder.hits.reversed().compactMap { hit in
            guard let node = hit.node, node.children.isEmpty, node.kind != "Spacer", node.kind != "EmptyView",
                  let region = hit.region, region.path.contains(point, eoFill: region.eoFill) else { return nil }
            return node
        }
    }

    /// The view laid out at `proposedSize` (TileRender's own): each built-in view's kind, text and frame
    /// in the root view's coordinates. Throws `TileRenderError.invalidSize` when the root's size is not
    /// finite and non-negative.
    public func layoutSnapshot() throws -> LayoutSnapshot { try laidOut().0 }

    private func laidOut() throws -> (LayoutSnapshot, LayoutRecorder) {
        try ViewThread.run { Result { try laidOutHere() } }.get()
    }

    private func laidOutHere() throws -> (LayoutSnapshot, LayoutRecorder) {
        let recorder = LayoutRecorder()
        var environment = ViewEnvironment()
        environment.layoutRecorder = recorder
        environment.date = date
        // The same positions (and state) as the renders; the nodes are made again, with probes.
        let node = graph.build(content, environment)
        let size = node.sizeThatFits(proposedSize)
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw TileRenderError.invalidSize(width: Double(size.width), height: Double(size.height))
        }
        let rootFrame = CGRect(origin: .zero, size: size)
        // Drawn into a scene of the root's size (recorded, not rasterized): the probes report on the way.
        var scene = Scene(size: CGSize(width: max(size.width, 1), height: max(size.height, 1)))
        scene.draw { context in node.draw(in: rootFrame, context: context) }
        try graph.checkDepth()
        let top = recorder.topLevel
        if top.count == 1, top[0].frame == rootFrame { return (LayoutSnapshot(root: top[0]), recorder) }
        return (LayoutSnapshot(root: LayoutSnapshot.Node(kind: layoutKind(content), frame: rootFrame, children: top)), recorder)
    }
}
