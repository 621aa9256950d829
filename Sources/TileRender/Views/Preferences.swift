import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A value views pass up to their ancestors (SwiftUI's `PreferenceKey`): set with
/// `preference(key:value:)`, combined over a subtree with `reduce(value:nextValue:)` in the order the
/// views are drawn, read with `onPreferenceChange`, `overlayPreferenceValue` and
/// `backgroundPreferenceValue` (which see `defaultValue` where no view inside sets the key).
public protocol PreferenceKey {
    associatedtype Value
    static var defaultValue: Value { get }
    /// Combines `value` (the views so far) with the next view's value.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

/// The preference values of a subtree, by key: each key that a view inside sets, reduced in drawing order.
package struct PreferenceValues {
    package struct Entry {
        package var value: Any
        package let reduce: (inout Any, Any) -> Void
    }
    package private(set) var entries: [ObjectIdentifier: Entry] = [:]
    package init() {}

    package subscript<K: PreferenceKey>(_ key: K.Type) -> K.Value? { entries[ObjectIdentifier(key)]?.value as? K.Value }

    /// Sets `key`'s value, replacing what the views inside set.
    package mutating func set<K: PreferenceKey>(_ key: K.Type, to value: K.Value) {
        entries[ObjectIdentifier(key)] = Entry(value: value) { accumulated, next in
            guard var v = accumulated as? K.Value, let n = next as? K.Value else { return }
            K.reduce(value: &v, nextValue: { n })
            accumulated = v
        }
    }

    /// These values followed by `next`'s (a later sibling's): keys set on both sides are reduced.
    package mutating func combine(_ next: PreferenceValues) {
        for (id, entry) in next.entries {
            if var mine = entries[id] {
                mine.reduce(&mine.value, entry.value)
                entries[id] = mine
            } else {
                entries[id] = entry
            }
        }
    }

    package var isEmpty: Bool { entries.isEmpty }
}

/// A node whose preferences are not simply those of the node it wraps (`wrappedNode`): containers
/// combine their children's, in drawing order; `preference(key:value:)` sets one.
package protocol PreferenceNode {
    /// The preference values of the view drawn at `size` (a `ViewThatFits` answers for the child it
    /// shows at that size).
    func preferences(in size: CGSize) -> PreferenceValues
}

/// The preferences of the view `node` draws, laid out at `size`.
package func preferences(of node: any ViewNode, in size: CGSize) -> PreferenceValues {
    if let p = node as? any PreferenceNode { return p.preferences(in: size) }
    if let inner = node.wrappedNode { return preferences(of: inner, in: size) }
    return PreferenceValues()
}

/// `nodes`' preferences combined in order, each at its frame's size.
package func combinedPreferences(_ nodes: [any ViewNode], sizes: [CGSize]) -> PreferenceValues {
    var values = PreferenceValues()
    for (node, size) in zip(nodes, sizes) { values.combine(preferences(of: node, in: size)) }
    return values
}

// MARK: - The containers

extension LinearStackNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues {
        combinedPreferences(children, sizes: frames(in: CGRect(origin: .zero, size: size)).map(\.size))
    }
}

extension ZStackNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues {
        combinedPreferences(children, sizes: frames(in: CGRect(origin: .zero, size: size)).map(\.size))
    }
}

extension ViewThatFitsNode: PreferenceNode {
    /// Only the child shown at `size`.
    package func preferences(in size: CGSize) -> PreferenceValues {
        choice(ProposedViewSize(size)).map { TileRender.preferences(of: $0, in: size) } ?? PreferenceValues()
    }
}

extension EffectNode: PreferenceNode {
    /// The child's, then a background's or overlay's (laid out in the child's frame).
    package func preferences(in size: CGSize) -> PreferenceValues {
        var values = TileRender.preferences(of: child, in: size)
        if let layered {
            values.combine(TileRender.preferences(of: layered, in: layered.sizeThatFits(ProposedViewSize(size))))
        }
        return values
    }
}

// The other containers: each child at the size it takes for the container's size (a close stand-in for
// its frame, which only a `ViewThatFits` inside would notice).

private func childSizes(_ nodes: [any ViewNode], in size: CGSize) -> [CGSize] {
    nodes.map { $0.sizeThatFits(ProposedViewSize(size)) }
}

extension GridNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues {
        let nodes = rows.flatMap { $0.cells.map(\.node) }
        return combinedPreferences(nodes, sizes: childSizes(nodes, in: size))
    }
}

extension GridRowNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues { combinedPreferences(cells, sizes: childSizes(cells, in: size)) }
}

extension LazyGridNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues { combinedPreferences(children, sizes: childSizes(children, in: size)) }
}

extension CustomLayoutNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues {
        let nodes = subviews.elements.map(\.node)
        return combinedPreferences(nodes, sizes: childSizes(nodes, in: size))
    }
}

extension ScrollViewNode: PreferenceNode {
    package func preferences(in size: CGSize) -> PreferenceValues {
        TileRender.preferences(of: content, in: content.sizeThatFits(ProposedViewSize(size)))
    }
}

extension GeometryReaderNode: PreferenceNode {
    /// The content made for a proxy of `size` (at the origin).
    package func preferences(in size: CGSize) -> PreferenceValues {
        let node = makeContent(GeometryProxy(size: size, globalOrigin: .zero), environment)
        return TileRender.preferences(of: node, in: node.sizeThatFits(ProposedViewSize(size)))
    }
}

// MARK: - The modifiers

/// A node that lays out and draws as its child (the base of the preference modifiers' nodes).
package protocol ForwardingNode: ViewNode {
    var child: any ViewNode { get }
}

extension ForwardingNode {
    package var wrappedNode: (any ViewNode)? { child }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package var layoutPriority: Double { child.layoutPriority }
    package var spacerMinLength: CGFloat? { child.spacerMinLength }
}

/// `preference(key:value:)`: the view's value for one key, replacing what the views inside set.
package struct PreferenceSetNode: ForwardingNode, PreferenceNode {
    package let child: any ViewNode
    package let set: (inout PreferenceValues) -> Void
    package func draw(in rect: CGRect, context: GraphicsContext) { child.draw(in: rect, context: context) }
    package func preferences(in size: CGSize) -> PreferenceValues {
        var values = TileRender.preferences(of: child, in: size)
        set(&values)
        return values
    }
}

/// `onPreferenceChange(_:perform:)`: before the view draws, its combined value goes to `check`.
package struct PreferenceChangeNode: ForwardingNode {
    package let child: any ViewNode
    package let check: (PreferenceValues) -> Void
    package func draw(in rect: CGRect, context: GraphicsContext) {
        check(TileRender.preferences(of: child, in: rect.size))
        child.draw(in: rect, context: context)
    }
}

/// `overlayPreferenceValue` and `backgroundPreferenceValue`: a view made from the subtree's value,
/// drawn over or behind it in its frame. Its preferences are the subtree's only.
package struct PreferenceLayerNode: ForwardingNode {
    package let child: any ViewNode
    package let isOverlay: Bool
    package let alignment: Alignment
    package let environment: ViewEnvironment
    package let makeLayer: (PreferenceValues, ViewEnvironment) -> any ViewNode
    package func draw(in rect: CGRect, context: GraphicsContext) {
        let layer = makeLayer(TileRender.preferences(of: child, in: rect.size), environment)
        let frame = alignment.place(layer.dimensions(in: layer.sizeThatFits(ProposedViewSize(rect.size))), in: rect)
        if !isOverlay { layer.draw(in: frame, context: context) }
        child.draw(in: rect, context: context)
        if isOverlay { layer.draw(in: frame, context: context) }
    }
}

private struct PreferenceModifier: NodeWrapper {
    let set: (inout PreferenceValues) -> Void
    func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { PreferenceSetNode(child: node, set: set) }
}

private struct PreferenceChangeModifier: NodeWrapper {
    let check: (PreferenceValues) -> Void
    func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { PreferenceChangeNode(child: node, check: check) }
}

private struct PreferenceLayerModifier: NodeWrapper {
    let isOverlay: Bool
    let alignment: Alignment
    let makeLayer: (PreferenceValues, ViewEnvironment) -> any ViewNode
    func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
        PreferenceLayerNode(child: node, isOverlay: isOverlay, alignment: alignment, environment: environment, makeLayer: makeLayer)
    }
}

/// The value `onPreferenceChange` last reported, kept with the modifier (as `@State` keeps its value).
private final class LastPreference<Value> {
    var value: Value?
}

extension View {
    /// Sets the view's value for `key` (replacing the values the views inside it set for that key).
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> _ModifiedView<Self> {
        modified(PreferenceModifier { $0.set(key, to: value) })
    }

    /// Calls `action` with the combined value of `key` in this view (its `defaultValue` where no view
    /// inside sets it) when the view is rendered: on its first render, then on each later render of the
    /// same view value where the value differs from the one last reported; at most once per render.
    public func onPreferenceChange<K: PreferenceKey>(_ key: K.Type = K.self, perform action: @escaping (K.Value) -> Void)
        -> _ModifiedView<Self> where K.Value: Equatable {
        let last = LastPreference<K.Value>()
        return modified(PreferenceChangeModifier { values in
            let value = values[key] ?? K.defaultValue
            if last.value != value {
                last.value = value
                action(value)
            }
        })
    }

    /// Draws the view `transform` makes from the combined value of `key` in this view over it, laid out
    /// in the view's frame. What the transform's view sets for `key` is not fed back.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                 @ViewBuilder _ transform: @escaping (K.Value) -> V) -> _ModifiedView<Self> {
        modified(PreferenceLayerModifier(isOverlay: true, alignment: alignment) { values, environment in
            makeViewNode(transform(values[key] ?? K.defaultValue), environment)
        })
    }

    /// Draws the view `transform` makes from the combined value of `key` in this view behind it, laid
    /// out in the view's frame. What the transform's view sets for `key` is not fed back.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(_ key: K.Type = K.self, alignment: Alignment = .center,
                                                                    @ViewBuilder _ transform: @escaping (K.Value) -> V) -> _ModifiedView<Self> {
        modified(PreferenceLayerModifier(isOverlay: false, alignment: alignment) { values, environment in
            makeViewNode(transform(values[key] ?? K.defaultValue), environment)
        })
    }
}
