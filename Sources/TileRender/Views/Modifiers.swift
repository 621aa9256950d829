import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// How a modifier changes the nodes of the view it modifies.
package protocol NodeModifier {
    /// The modified nodes; `content` makes the modified view's nodes in an environment.
    func apply(_ content: (ViewEnvironment) -> [any ViewNode], _ environment: ViewEnvironment) -> [any ViewNode]
    /// Whether the modifier only wraps the content's nodes in nodes that compare by value (a frame,
    /// padding), holding no view of its own: a place-less view modified by it stays place-less.
    var onlyWrapsNodes: Bool { get }
    /// The node of a place-less view under this modifier (one that `onlyWrapsNodes`): `node` wrapped.
    func wrapPlaceless(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode
    /// The size of a frame of fixed, finite, non-negative width and height, which is the size of a
    /// colour in it: `Color.frame(width:height:)` is made as one sized `ColorNode`. Nil for others.
    var fixedColorSize: CGSize? { get }
}

extension NodeModifier {
    package var onlyWrapsNodes: Bool { false }
    package var fixedColorSize: CGSize? { nil }
    package func wrapPlaceless(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        let nodes = apply({ _ in [node] }, environment)
        return nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes)
    }
}

/// A modifier that wraps each node of the modified view (so on a `ForEach` or `Group` it applies to
/// each view separately, as in SwiftUI).
package protocol NodeWrapper: NodeModifier {
    func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode
}

extension NodeWrapper {
    package func apply(_ content: (ViewEnvironment) -> [any ViewNode], _ environment: ViewEnvironment) -> [any ViewNode] {
        // In place: the array is the content's own, so no second one is made.
        var nodes = content(environment)
        for i in nodes.indices { nodes[i] = wrap(nodes[i], environment) }
        return nodes
    }
    package func wrapPlaceless(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { wrap(node, environment) }
}

/// A view with a modifier applied (SwiftUI's `ModifiedContent`, with the modifier's type erased).
public struct _ModifiedView<Content: View>: View, ViewList {
    public typealias Body = Never
    package let content: Content
    package let modifier: any NodeModifier
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        modifier.apply({ makeViewNodes(content, $0) }, environment)
    }
    /// A place-less leaf (or one such view) under modifiers that only wrap nodes: `Color.frame(...)`.
    package func isPlaceless(in graph: ViewGraph) -> Bool {
        modifier.onlyWrapsNodes && graph.isPlaceless(content)
    }
    package func makePlacelessNode(_ environment: ViewEnvironment) -> any ViewNode {
        // A colour in a frame of fixed size is one node, a colour of that size: it lays out and draws
        // as the frame around the colour, which fills it. The colour's slot is taken as it would be.
        // (A layout snapshot records both views, so there the two nodes are made.)
        if Content.self == Color.self, environment.layoutRecorder == nil, let size = modifier.fixedColorSize {
            environment.graph?.parent.skipSlots(1)
            return ColorNode(color: unsafeBitCast(content, to: Color.self), size: size)
        }
        return modifier.wrapPlaceless(placelessNode(content, environment) ?? EmptyNode(), environment)
    }
}

extension View {
    package func modified(_ modifier: any NodeModifier) -> _ModifiedView<Self> {
        _ModifiedView(content: self, modifier: modifier)
    }
}

// MARK: - Frame, padding, placement

package struct FrameModifier: NodeWrapper {
    package let width: CGFloat?, height: CGFloat?, alignment: Alignment
    package var onlyWrapsNodes: Bool { true }
    package var fixedColorSize: CGSize? {
        guard let width, let height, width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
        return CGSize(width: width, height: height)
    }
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { FrameNode(child: node, modifier: self) }
}

package struct FrameNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let modifier: FrameModifier
    package var isCheapToMeasure: Bool { modifier.width != nil && modifier.height != nil }
    package var rigidSize: CGSize? {
        if let w = modifier.width, let h = modifier.height { return CGSize(width: w, height: h) }
        guard let s = child.rigidSize else { return nil }
        return CGSize(width: modifier.width ?? s.width, height: modifier.height ?? s.height)
    }
    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? FrameNode else { return false }
        return modifier.width?.bitPattern == other.modifier.width?.bitPattern && modifier.height?.bitPattern == other.modifier.height?.bitPattern
            && modifier.alignment == other.modifier.alignment && match.children(child, other.child)
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let w = modifier.width, let h = modifier.height { return CGSize(width: w, height: h) }
        let s = child.sizeThatFits(ProposedViewSize(width: modifier.width ?? proposal.width, height: modifier.height ?? proposal.height))
        return CGSize(width: modifier.width ?? s.width, height: modifier.height ?? s.height)
    }
    private func childFrame(in rect: CGRect) -> CGRect {
        let s = child.sizeThatFits(ProposedViewSize(rect.size))
        // A child that fills the frame and sets no guide of its own sits on it, whatever the alignment.
        if s == rect.size, s.width.isFinite, s.height.isFinite, child.explicitGuides.isEmpty { return rect }
        return modifier.alignment.place(child.dimensions(in: s), in: rect)
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        child.draw(in: childFrame(in: rect), context: context)
    }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        child.explicitAlignment(key, at: childFrame(in: CGRect(origin: .zero, size: size)))
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, per axis as
/// SwiftUI documents it: the child is proposed the frame's proposal (an ideal length standing in for an
/// unspecified one) clamped to the constraints; the frame takes the child's length when it has no
/// constraint on that axis, the proposal clamped to both when it has both, and otherwise the child's
/// length, pulled toward the proposal as far as the one constraint allows (below the child only to the
/// minimum, above it only to the maximum). A minimum over the maximum raises the maximum to it; NaN
/// constraints count as absent, negative ones as 0; an unspecified proposal counts as the ideal length,
/// else the child's.
package struct FlexibleFrameModifier: NodeWrapper {
    package struct Axis: Sendable {
        package var min: CGFloat?, ideal: CGFloat?, max: CGFloat?

        package init(min: CGFloat?, ideal: CGFloat?, max: CGFloat?) {
            func clean(_ v: CGFloat?) -> CGFloat? { v.flatMap { $0.isNaN ? nil : Swift.max(0, $0) } }
            self.min = clean(min); self.ideal = clean(ideal); self.max = clean(max)
            if let lo = self.min, let hi = self.max, hi < lo { self.max = lo }
        }

        /// The length proposed to the child for a proposal of `p` to the frame.
        func childProposal(_ p: CGFloat?) -> CGFloat? {
            guard var q = p ?? ideal else { return nil }
            if let lo = min { q = Swift.max(q, lo) }
            if let hi = max { q = Swift.min(q, hi) }
            return q
        }

        /// The frame's length for a proposal of `p`, its child having taken `child`.
        func length(_ p: CGFloat?, child: CGFloat) -> CGFloat {
            guard min != nil || max != nil else { return child }
            let proposed = p ?? ideal ?? child
            var result = child
            if let lo = min { result = Swift.max(lo, Swift.min(result, proposed)) }
            if let hi = max { result = Swift.min(hi, Swift.max(result, proposed)) }
            // An infinite proposal to a frame without a finite maximum: the child's own length.
            return result.isFinite ? result : child
        }
    }
    package let width: Axis, height: Axis, alignment: Alignment
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { FlexibleFrameNode(child: node, modifier: self) }
}

package struct FlexibleFrameNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let modifier: FlexibleFrameModifier
    private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: modifier.width.childProposal(proposal.width), height: modifier.height.childProposal(proposal.height))
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let s = child.sizeThatFits(childProposal(proposal))
        return CGSize(width: modifier.width.length(proposal.width, child: s.width),
                      height: modifier.height.length(proposal.height, child: s.height))
    }
    private func childFrame(in rect: CGRect) -> CGRect {
        let s = child.sizeThatFits(childProposal(ProposedViewSize(rect.size)))
        return modifier.alignment.place(child.dimensions(in: s), in: rect)
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        child.draw(in: childFrame(in: rect), context: context)
    }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        child.explicitAlignment(key, at: childFrame(in: CGRect(origin: .zero, size: size)))
    }
}

package struct LayoutPriorityModifier: NodeWrapper {
    package let priority: Double
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { LayoutPriorityNode(child: node, priority: priority) }
}

package struct LayoutPriorityNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let priority: Double
    package var layoutPriority: Double { priority }
    package var spacerMinLength: CGFloat? { child.spacerMinLength }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    package var rigidSize: CGSize? { child.rigidSize }
    package func draw(in rect: CGRect, context: GraphicsContext) { child.draw(in: rect, context: context) }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    package var explicitGuides: GuideSet { child.explicitGuides }
}

package struct PaddingModifier: NodeWrapper {
    package let insets: EdgeInsets
    package var onlyWrapsNodes: Bool { true }
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { PaddingNode(child: node, insets: insets) }
}

package struct PaddingNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let insets: EdgeInsets
    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? PaddingNode else { return false }
        return insets == other.insets && match.children(child, other.child)
    }
    package var rigidSize: CGSize? {
        guard let s = child.rigidSize else { return nil }
        let dw = insets.leading + insets.trailing, dh = insets.top + insets.bottom
        return CGSize(width: max(0, s.width + dw), height: max(0, s.height + dh))
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let dw = insets.leading + insets.trailing, dh = insets.top + insets.bottom
        let s = child.sizeThatFits(ProposedViewSize(width: proposal.width.map { max(0, $0 - dw) },
                                                    height: proposal.height.map { max(0, $0 - dh) }))
        return CGSize(width: max(0, s.width + dw), height: max(0, s.height + dh))
    }
    private func inner(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX + insets.leading, y: rect.minY + insets.top,
               width: max(0, rect.width - insets.leading - insets.trailing),
               height: max(0, rect.height - insets.top - insets.bottom))
    }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        child.explicitAlignment(key, at: inner(CGRect(origin: .zero, size: size)))
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        child.draw(in: inner(rect), context: context)
    }
}

/// Draws the child somewhere else (and possibly transformed) without changing its layout size.
package struct EffectNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    /// Draws the child (via `drawChild`) in its frame `rect`.
    package let effect: (_ rect: CGRect, _ context: GraphicsContext, _ drawChild: (CGRect, GraphicsContext) -> Void) -> Void
    /// A background's or overlay's view, drawn by `effect` in the child's frame: its preferences join
    /// the child's (see `PreferenceNode`).
    package var layered: (any ViewNode)? = nil
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    package var rigidSize: CGSize? { child.rigidSize }
    /// Effects draw elsewhere without moving the view's guides (as SwiftUI's `offset`).
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package var layoutPriority: Double { child.layoutPriority }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        effect(rect, context) { r, c in child.draw(in: r, context: c) }
    }
}

package struct EffectModifier: NodeWrapper {
    package let effect: (CGRect, GraphicsContext, (CGRect, GraphicsContext) -> Void) -> Void
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { EffectNode(child: node, effect: effect) }
}

package struct PositionNode: ViewNode {
    package let child: any ViewNode
    package var wrappedNode: (any ViewNode)? { child }
    package let position: CGPoint
    /// `position` takes all the space it is offered.
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        let s = child.sizeThatFits(ProposedViewSize(rect.size))
        child.draw(in: CGRect(x: rect.minX + position.x - s.width / 2, y: rect.minY + position.y - s.height / 2,
                              width: s.width, height: s.height), context: context)
    }
}

package struct PositionModifier: NodeWrapper {
    package let position: CGPoint
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { PositionNode(child: node, position: position) }
}

/// A secondary view laid out in the frame of the primary one (background or overlay).
package struct LayeredModifier: NodeWrapper {
    package let alignment: Alignment
    package let isOverlay: Bool
    package let makeSecondary: (ViewEnvironment) -> any ViewNode
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        let secondary = makeSecondary(environment), alignment = self.alignment, isOverlay = self.isOverlay
        var layeredNode = EffectNode(child: node) { rect, context, drawChild in
            // SwiftUI's implicit ZStack in the primary view's frame: the secondary view's guides (its
            // explicit ones included) go on the frame's.
            let s = secondary.sizeThatFits(ProposedViewSize(rect.size))
            let frame = alignment.place(secondary.dimensions(in: s), in: rect)
            if !isOverlay { secondary.draw(in: frame, context: context) }
            drawChild(rect, context)
            if isOverlay { secondary.draw(in: frame, context: context) }
        }
        layeredNode.layered = secondary
        return layeredNode
    }
}

package struct EnvironmentModifier: NodeModifier {
    package let change: (inout ViewEnvironment) -> Void
    package func apply(_ content: (ViewEnvironment) -> [any ViewNode], _ environment: ViewEnvironment) -> [any ViewNode] {
        var e = environment
        change(&e)
        let nodes = content(e)
        guard e.values.colorScheme != environment.values.colorScheme else { return nodes }
        // Named colours are resolved where they are drawn: the content draws in the new appearance.
        let dark = e.values.colorScheme == .dark
        return nodes.map { node in
            EffectNode(child: node) { rect, context, drawChild in
                var c = context
                c.darkAppearance = dark
                drawChild(rect, c)
            }
        }
    }
}

/// SwiftUI's view-level `BlendMode`, drawn with the `GraphicsContext.BlendMode` of the same name.
public enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter

    package var graphicsBlendMode: GraphicsContext.BlendMode {
        switch self {
        case .normal: .normal
        case .multiply: .multiply
        case .screen: .screen
        case .overlay: .overlay
        case .darken: .darken
        case .lighten: .lighten
        case .colorDodge: .colorDodge
        case .colorBurn: .colorBurn
        case .softLight: .softLight
        case .hardLight: .hardLight
        case .difference: .difference
        case .exclusion: .exclusion
        case .hue: .hue
        case .saturation: .saturation
        case .color: .color
        case .luminosity: .luminosity
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .destinationOut: .destinationOut
        case .plusDarker: .plusDarker
        case .plusLighter: .plusLighter
        }
    }
}

// MARK: - The modifiers

extension View {
    /// A frame of the given width and/or height (a nil dimension takes the view's own), with the view
    /// placed in it by `alignment`.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> _ModifiedView<Self> {
        // A negative, NaN or infinite length is not a frame dimension: it is ignored (SwiftUI logs
        // "Invalid frame dimension" and does the same).
        func valid(_ v: CGFloat?) -> CGFloat? { v.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } }
        return modified(FrameModifier(width: valid(width), height: valid(height), alignment: alignment))
    }

    /// A flexible frame (SwiftUI's): each constraint left nil is absent; `.infinity` as a maximum
    /// takes all the space offered (`frame(maxWidth: .infinity)`). See `FlexibleFrameModifier` for
    /// how the frame and its child size themselves.
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> _ModifiedView<Self> {
        modified(FlexibleFrameModifier(width: .init(min: minWidth, ideal: idealWidth, max: maxWidth),
                                       height: .init(min: minHeight, ideal: idealHeight, max: maxHeight), alignment: alignment))
    }

    /// Sets the priority with which a stack offers this view space (0 by default): higher priorities are
    /// sized first, lower ones keep only their minimum lengths until then.
    public func layoutPriority(_ value: Double) -> _ModifiedView<Self> {
        modified(LayoutPriorityModifier(priority: value.isFinite ? value : 0))
    }

    /// Pads the view by `length` on every edge.
    public func padding(_ length: CGFloat) -> _ModifiedView<Self> { padding(.all, length) }

    /// Pads the view on `edges` by `length` (16 by default).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> _ModifiedView<Self> {
        let l = length ?? 16
        return padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                  bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }

    /// Pads the view by `insets`.
    /// Pads the view by `insets`. Negative insets draw the view over its neighbours (the padded size
    /// never goes below zero); NaN and infinite ones count as 0.
    public func padding(_ insets: EdgeInsets) -> _ModifiedView<Self> {
        func valid(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        return modified(PaddingModifier(insets: EdgeInsets(top: valid(insets.top), leading: valid(insets.leading),
                                                           bottom: valid(insets.bottom), trailing: valid(insets.trailing))))
    }

    /// Draws the view moved by (x, y) without changing its layout.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> _ModifiedView<Self> {
        modified(OffsetEffect(offset: CGSize(width: x, height: y)))
    }

    /// Draws the view moved by `offset` without changing its layout.
    public func offset(_ offset: CGSize) -> _ModifiedView<Self> { self.offset(x: offset.width, y: offset.height) }

    /// Centres the view at (x, y) of the space offered to it (which the result takes in full).
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> _ModifiedView<Self> {
        modified(PositionModifier(position: CGPoint(x: x, y: y)))
    }

    /// Centres the view at `position` of the space offered to it.
    public func position(_ position: CGPoint) -> _ModifiedView<Self> { self.position(x: position.x, y: position.y) }

    /// Draws the view rotated by `angle` (positive = clockwise on screen) about `anchor` of its frame.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> _ModifiedView<Self> {
        modified(TransformEffect(kind: .rotation(angle), anchor: anchor))
    }

    /// Draws the view turned by `angle` about `axis` through `anchor` of its frame (and `anchorZ` in
    /// depth), in perspective from a distance of the frame's larger side divided by `perspective`
    /// (SwiftUI's `rotation3DEffect`; see `ProjectionTransform.rotation3D`). The layout is unchanged.
    ///
    /// The geometry is projected exactly (curves cut in 8 pieces first; strokes as their outlines);
    /// gradients and images are painted with the projection's affine approximation at the centre of
    /// each shape they fill, so they follow the turn but not the perspective's foreshortening within a
    /// shape. A view turned edge-on draws nothing. `drawingGroup` and blurred or shadowed content
    /// inside are drawn without the projection.
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, drawChild in
            let pivot = CGPoint(x: rect.minX + anchor.x * rect.width, y: rect.minY + anchor.y * rect.height)
            let matrix = ProjectionTransform.rotation3D(angle: angle.radians, axis: axis, anchor: pivot, anchorZ: anchorZ,
                                                        perspective: perspective, size: rect.size)
            drawChild(rect, context.projecting(matrix))
        })
    }

    /// Draws the view through the projective map `transform` of its frame's coordinates (origin at
    /// the frame's top-left), as `rotation3DEffect` does (SwiftUI's `projectionEffect`).
    public func projectionEffect(_ transform: ProjectionTransform) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, drawChild in
            let toFrame = ProjectionTransform(CGAffineTransform(translationX: -rect.minX, y: -rect.minY))
            let back = ProjectionTransform(CGAffineTransform(translationX: rect.minX, y: rect.minY))
            drawChild(rect, context.projecting(toFrame.concatenating(transform).concatenating(back)))
        })
    }

    /// Draws the view scaled by `scale` about `anchor` of its frame.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> _ModifiedView<Self> {
        modified(TransformEffect(kind: .scale(scale), anchor: anchor))
    }

    /// Draws the view scaled uniformly by `s` about `anchor` of its frame.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> _ModifiedView<Self> {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// Draws the view scaled by (x, y) about `anchor` of its frame.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _ModifiedView<Self> {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Group opacity: the view is drawn into a layer that is then composited at `opacity` (overlapping
    /// parts inside do not show through each other). On a `ForEach` or `Group` it applies to each view.
    public func opacity(_ opacity: Double) -> _ModifiedView<Self> {
        modified(OpacityEffect(opacity: opacity))
    }

    /// Composites the view (drawn as one layer) onto what is below with `mode`.
    public func blendMode(_ mode: BlendMode) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, draw in
            var c = context
            c.blendMode = mode.graphicsBlendMode
            c.drawLayer { inner in draw(rect, inner) }
        })
    }

    /// Renders the view offscreen, at device resolution and clipped to its frame, and draws the result
    /// as an image. The `Renderer` that draws the view renders the group on its own backend and caches
    /// the image (see `OffscreenGroup`), reused for as long as the view draws the same thing at the same size.
    public func drawingGroup() -> _ModifiedView<Self> {
        modified(DrawingGroupModifier())
    }

    /// Clips the view to `shape` laid out in its frame (antialiased).
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> _ModifiedView<Self> {
        modified(EffectModifier { rect, context, draw in
            var c = context
            c.clip(to: shape.path(in: CGRect(origin: .zero, size: rect.size)).offsetBy(dx: rect.minX, dy: rect.minY), style: style)
            draw(rect, c)
        })
    }

    /// Clips the view to its frame.
    public func clipped() -> _ModifiedView<Self> { clipShape(Rectangle()) }

    /// Clips the view to a rounded rectangle of its frame with circular corners of `radius`.
    public func cornerRadius(_ radius: CGFloat) -> _ModifiedView<Self> {
        clipShape(RoundedRectangle(cornerRadius: radius, style: .circular))
    }

    /// Draws `background` behind the view, laid out in the view's frame.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> _ModifiedView<Self> {
        let v = content()
        return modified(LayeredModifier(alignment: alignment, isOverlay: false) { makeViewNode(v, $0) })
    }

    /// Draws `background` behind the view, laid out in the view's frame.
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> _ModifiedView<Self> {
        modified(LayeredModifier(alignment: alignment, isOverlay: false) { makeViewNode(background, $0) })
    }

    /// Fills the view's frame with `style` behind the view.
    public func background<S: ShapeStyle>(_ style: S) -> _ModifiedView<Self> {
        background(Rectangle().fill(style))
    }

    /// Fills `shape` (laid out in the view's frame) with `style` behind the view.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> _ModifiedView<Self> {
        background(shape.fill(style, style: fillStyle))
    }

    /// Draws `overlay` on top of the view, laid out in the view's frame.
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> _ModifiedView<Self> {
        modified(LayeredModifier(alignment: alignment, isOverlay: true) { makeViewNode(overlay, $0) })
    }

    /// Draws `content` on top of the view, laid out in the view's frame.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> _ModifiedView<Self> {
        overlay(content(), alignment: alignment)
    }

    /// Fills the view's frame with `style` on top of the view.
    public func overlay<S: ShapeStyle>(_ style: S) -> _ModifiedView<Self> { overlay(Rectangle().fill(style)) }

    /// A border of `width` inside the view's frame, drawn on top (a strokeBorder of the frame).
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> _ModifiedView<Self> {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }

    /// The style shapes inside paint with by default (`.foreground`).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> _ModifiedView<Self> {
        let resolvedLater = style
        return modified(EnvironmentModifier { env in env.foregroundStyle = env.resolve(resolvedLater) })
    }

    /// SwiftUI's older name for `foregroundStyle` with a colour.
    public func foregroundColor(_ color: Color?) -> _ModifiedView<Self> {
        foregroundStyle(color ?? Color.primary)
    }
}
