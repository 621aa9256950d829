import Foundation
import Observation
import TileRenderGeometry
import TileRenderPipeline

// The persistent view graph (see the Layout article, "The view graph").
//
// Views are values; the graph behind them persists in the renderer between renders. Every call that
// builds a view's nodes (`makeViewNodes`) is one position in the graph, identified as in SwiftUI: by its
// parent's position, its slot among the parent's children and the view's type (structural identity),
// or by an explicit id (`ForEach` element ids, `.id(_:)`). A position keeps the view value it was last
// given, the environment it was built in, its `@State` storage and the nodes it made. When the next
// render offers the same value in the same environment and nothing below it was invalidated, the
// position hands back its old nodes: no body runs, and since the nodes keep their memoised sizes
// (`MemoNode`) nothing below is measured again either.

/// What a graph did: the tests count these (never times), and tile-bench reports them.
package struct GraphCounters: Equatable, Sendable, CustomStringConvertible {
    /// `body` evaluations of views and view modifiers.
    package var bodies = 0
    /// Positions whose nodes were made again (not handed back unchanged).
    package var positionsBuilt = 0
    /// `sizeThatFits` calls answered by a node's size cache or computed.
    package var sizeQueries = 0
    /// `sizeThatFits` calls computed (cache misses).
    package var sizeComputations = 0
    /// `ViewSpacing`s computed (once per node at most).
    package var spacingComputations = 0
    /// Size cache entries dropped to make room within one node.
    package var sizeEvictions = 0
    /// Positions created and dropped.
    package var mounted = 0
    package var unmounted = 0
    /// Whole scenes recorded by the renderer (a render with nothing changed records none).
    package var scenesRecorded = 0
    /// `drawingGroup()` contents recorded (a group whose subtree is unchanged reuses its recording).
    package var groupsRecorded = 0
    /// Rows a lazy stack made (see `LazyStackNode`).
    package var lazyRowsMade = 0
    package init() {}

    package var description: String {
        "bodies \(bodies), built \(positionsBuilt), sizes \(sizeComputations)/\(sizeQueries) computed, evictions \(sizeEvictions), "
            + "mounted \(mounted), unmounted \(unmounted), scenes \(scenesRecorded), groups \(groupsRecorded), lazy rows \(lazyRowsMade)"
    }
}

/// The counters of one graph (shared by its nodes, read and reset by the tests).
package final class GraphCounterBox {
    package var counts = GraphCounters()
    /// Set when a view was nested deeper than `ViewGraph.maxDepth` (it and what is inside it were not
    /// built): the render throws.
    package var depthExceeded = false
    package init() {}
}

/// Invalidations that arrive from outside a render (a `@State` written, an observed property changed),
/// possibly from another thread: the render drains them before it builds.
package final class GraphInbox: Sendable {
    private let pending = Locked<[Int]>([])
    package init() {}
    package func post(_ id: Int) { pending.withLock { $0.append(id) } }
    package func drain() -> [Int] { pending.withLock { p in defer { p = [] }; return p } }
}

/// One renderer's graph of view positions.
package final class ViewGraph {
    /// The deepest a view may be nested, counted in places (each view, modifier and list is one):
    /// deeper views are not built, and the render throws `TileRenderError.sceneTooLarge`.
    package static let maxDepth = 2_000
    /// The position above the root view.
    package let host: GraphNode
    package let counters = GraphCounterBox()
    package let inbox = GraphInbox()
    /// Bumped once per build: a position visited in this build carries it.
    private(set) var generation: UInt64 = 0
    private var nextID = 0
    /// The positions that own state or observed reads, by id, for the inbox (weak: unmounting drops them).
    private var invalidatable: [Int: WeakGraphNode] = [:]
    /// The `TimelineView` places.
    private var timelines: [WeakGraphNode] = []

    package init() {
        host = GraphNode(key: .slot(0, ObjectIdentifier(ViewGraph.self)), parent: nil, id: 0)
        nextID = 1
    }

    /// Throws when the last build met a view nested deeper than `maxDepth`.
    package func checkDepth() throws {
        guard counters.depthExceeded else { return }
        throw TileRenderError.sceneTooLarge("views nested more than \(ViewGraph.maxDepth) places deep (each view, modifier and list is one); the deeper ones were not built")
    }

    func makeID() -> Int { defer { nextID += 1 }; return nextID }

    func registerTimeline(_ node: GraphNode) {
        if !node.isTimelineRegistered { node.isTimelineRegistered = true; timelines.append(WeakGraphNode(node)) }
    }

    func register(_ node: GraphNode) {
        invalidatable[node.id] = WeakGraphNode(node)
        if invalidatable.count > 64, invalidatable.count.nonzeroBitCount == 1 {
            invalidatable = invalidatable.filter { $0.value.node != nil }
        }
    }

    /// Builds `view` as the root with `environment` (which gets this graph): only invalidated positions
    /// and those offered new values or environments make their nodes again.
    package func build<V: View>(_ view: V, _ environment: ViewEnvironment) -> any ViewNode {
        generation &+= 1
        for id in inbox.drain() {
            guard let node = invalidatable[id]?.node else { continue }
            node.invalidate()
        }
        counters.depthExceeded = false
        timelines.removeAll { $0.node == nil }
        for t in timelines {
            if let node = t.node, let timeline = node.timeline, timeline.at(environment.date) != timeline.entry { node.invalidate() }
        }
        var environment = environment
        environment.graph = GraphContext(graph: self, parent: host)
        host.beginBuild()
        let node = makeViewNode(view, environment)
        host.endBuild(self)
        return node
    }
}

struct WeakGraphNode { weak var node: GraphNode? ; init(_ node: GraphNode) { self.node = node } }

/// Where a view being built sits in its graph (carried in the environment, never compared).
package struct GraphContext {
    unowned let graph: ViewGraph
    let parent: GraphNode
}

/// One view position of the graph.
package final class GraphNode {
    enum Key: Hashable {
        case slot(Int, ObjectIdentifier)
        case explicit(AnyHashable, ObjectIdentifier)
    }
    let key: Key
    let id: Int
    /// The parent owns its children, so it outlives them.
    unowned let parent: GraphNode?
    /// Children by slot (structural identity: index = slot), and by explicit id.
    private var slotted: [GraphNode?] = []
    private var identified: [Key: GraphNode] = [:]
    private var nextSlot = 0
    private(set) var generation: UInt64 = 0

    var children: [GraphNode] { slotted.compactMap { $0 } + identified.values }
    /// The view value, environment and nodes of the last build.
    private var view: Any?
    private var environment: ViewEnvironment?
    private var nodes: [any ViewNode]?
    /// The nodes combined into one (several views where one is expected become a ZStack).
    var single: (any ViewNode)?
    /// A view with a `body`: builds its last body again (when only something below it changed).
    private var rebuildBody: ((ViewEnvironment) -> [any ViewNode])?
    /// `@State` storage, in the order of the view's fields.
    var stateSlots: [AnyStateLocation] = []
    var isRegistered = false
    var isTimelineRegistered = false
    /// A custom `Layout`'s cache, kept for the place across renders.
    var layoutCache: Any?

    /// Invalidated: its state was written or an observed value it read changed.
    private var isDirty = false
    private var hasDirtyDescendant = false
    /// A `TimelineView`'s place: the entry it shows, and the entry of its schedule at a date. The
    /// graph invalidates the place when a render's date falls in another entry.
    var timeline: (entry: Date, at: (Date) -> Date)?

    init(key: Key, parent: GraphNode?, id: Int) { self.key = key; self.parent = parent; self.id = id }

    func invalidate() {
        isDirty = true
        var p = parent
        while let node = p, !node.hasDirtyDescendant { node.hasDirtyDescendant = true; p = node.parent }
    }

    /// The child position for the next view built under this one.
    func child(for type: ObjectIdentifier, explicitID: AnyHashable?, graph: ViewGraph) -> GraphNode {
        if let explicitID {
            let key = Key.explicit(explicitID, type)
            if let existing = identified[key] {
                if existing.generation != graph.generation {
                    existing.generation = graph.generation
                    return existing
                }
                // Duplicate ids: the first keeps the id, later ones fall back to their slot.
            } else {
                return mount(key, graph: graph) { identified[key] = $0 }
            }
        }
        let slot = nextSlot
        nextSlot += 1
        if slot < slotted.count, let existing = slotted[slot], existing.key == .slot(slot, type) {
            existing.generation = graph.generation
            return existing
        }
        while slotted.count <= slot { slotted.append(nil) }
        if let replaced = slotted[slot] { graph.counters.counts.unmounted += replaced.subtreeCount }
        return mount(.slot(slot, type), graph: graph) { slotted[slot] = $0 }
    }

    private func mount(_ key: Key, graph: ViewGraph, _ store: (GraphNode) -> Void) -> GraphNode {
        let node = GraphNode(key: key, parent: self, id: graph.makeID())
        node.generation = graph.generation
        store(node)
        graph.counters.counts.mounted += 1
        return node
    }

    /// Skips `count` slots (the false branch of a conditional takes slot 1, so that the two branches
    /// never share an identity).
    func skipSlots(_ count: Int) { nextSlot += count }

    /// The old nodes when `view` in `environment` is what this position was built from and nothing
    /// below it was invalidated.
    func reusableNodes<V>(_ view: V, _ environment: ViewEnvironment) -> [any ViewNode]? {
        guard let nodes, !isDirty, !hasDirtyDescendant, isUnchanged(view, environment) else { return nil }
        return nodes
    }

    /// `ignoringRecorder`: a layout snapshot's recorder changes which nodes are made (probes), not what
    /// bodies return.
    func isUnchanged<V>(_ view: V, _ environment: ViewEnvironment, ignoringRecorder: Bool = false) -> Bool {
        guard let old = self.view as? V, var oldEnvironment = self.environment else { return false }
        if ignoringRecorder { oldEnvironment.layoutRecorder = environment.layoutRecorder }
        guard oldEnvironment.isSame(as: environment) else { return false }
        return viewValuesEqual(old, view)
    }

    /// A view with a body, unchanged itself, with something invalidated below: its last body is built
    /// again (its own body does not run).
    func rebuildingLastBody<V>(_ view: V, _ environment: ViewEnvironment) -> ((ViewEnvironment) -> [any ViewNode])? {
        guard !isDirty, let rebuildBody, isUnchanged(view, environment, ignoringRecorder: true) else { return nil }
        return rebuildBody
    }

    func beginBuild() {
        nextSlot = 0
        single = nil
    }

    func endBuild(_ graph: ViewGraph) {
        // Children not visited in this build are gone (their state with them): slots past the last one
        // used, and explicit ids not seen.
        if slotted.count > nextSlot {
            for node in slotted[nextSlot...] { if let node { graph.counters.counts.unmounted += node.subtreeCount } }
            slotted.removeLast(slotted.count - nextSlot)
        }
        if !identified.isEmpty, identified.values.contains(where: { $0.generation != graph.generation }) {
            identified = identified.filter { entry in
                guard entry.value.generation == graph.generation else {
                    graph.counters.counts.unmounted += entry.value.subtreeCount
                    return false
                }
                return true
            }
        }
        isDirty = false
        hasDirtyDescendant = false
    }

    func store<V>(_ view: V, _ environment: ViewEnvironment, nodes: [any ViewNode],
                  rebuildBody: ((ViewEnvironment) -> [any ViewNode])?) {
        self.view = view
        self.environment = environment
        self.nodes = nodes
        self.rebuildBody = rebuildBody
    }

    /// The positions in this subtree (for the unmount count).
    fileprivate var subtreeCount: Int {
        var count = 0
        var stack: [GraphNode] = [self]
        while let node = stack.popLast() { count += 1; stack.append(contentsOf: node.children) }
        return count
    }
}

// MARK: - Building through the graph

/// Builds `view`'s nodes at the next position under `environment.graph`'s parent (or without a graph
/// when there is none), handing back the position's old nodes when nothing changed.
package func buildThroughGraph<V: View>(_ view: V, _ environment: ViewEnvironment) -> (nodes: [any ViewNode], position: GraphNode?, reused: Bool) {
    guard environment.depth < ViewGraph.maxDepth else {
        environment.counters?.depthExceeded = true
        return ([], nil, false)
    }
    guard let context = environment.graph else {
        var inner = environment
        inner.depth += 1
        return (buildNodes(view, inner, position: nil), nil, false)
    }
    let graph = context.graph
    let position = context.parent.child(for: ObjectIdentifier(V.self), explicitID: environment.explicitID, graph: graph)
    if let nodes = position.reusableNodes(view, environment) { return (nodes, position, true) }
    graph.counters.counts.positionsBuilt += 1
    var inner = environment
    inner.graph = GraphContext(graph: graph, parent: position)
    inner.explicitID = nil
    inner.depth += 1
    position.beginBuild()
    let nodes: [any ViewNode]
    var rebuildBody: ((ViewEnvironment) -> [any ViewNode])? = nil
    if let rebuild = position.rebuildingLastBody(view, environment) {
        nodes = rebuild(inner)
        rebuildBody = rebuild
    } else if !(view is any PrimitiveView), !(view is any ViewList) {
        let built = buildBody(view, inner, position: position, graph: graph)
        nodes = built.nodes
        rebuildBody = built.rebuild
    } else {
        nodes = buildNodes(view, inner, position: position)
    }
    position.endBuild(graph)
    var stored = environment
    stored.explicitID = nil  // the position's key holds it
    position.store(view, stored, nodes: nodes, rebuildBody: rebuildBody)
    return (nodes, position, false)
}

/// A primitive's or a list's nodes, or (without a graph) a view's body's.
private func buildNodes<V: View>(_ view: V, _ environment: ViewEnvironment, position: GraphNode?) -> [any ViewNode] {
    if let primitive = view as? any PrimitiveView {
        return [memoised(probed(view, primitive.makeNode(environment), environment), environment)]
    }
    if let list = view as? any ViewList {
        return list.makeNodes(environment).map { memoised($0, environment) }
    }
    environment.counters?.counts.bodies += 1
    let body = EnvironmentValues.$current.withValue(environment.values) { view.body }
    return makeViewNodes(body, environment)
}

/// A view's body run at its position: its `@State` bound to the position's storage, its reads of
/// observable objects tracked (a change invalidates the position).
private func buildBody<V: View>(_ view: V, _ environment: ViewEnvironment, position: GraphNode, graph: ViewGraph)
    -> (nodes: [any ViewNode], rebuild: (ViewEnvironment) -> [any ViewNode]) {
    bindState(of: view, to: position, graph: graph)
    graph.counters.counts.bodies += 1
    let inbox = graph.inbox, id = position.id
    let body = EnvironmentValues.$current.withValue(environment.values) {
        withObservationTracking { view.body } onChange: { inbox.post(id) }
    }
    if !position.isRegistered { position.isRegistered = true; graph.register(position) }
    let rebuild: (ViewEnvironment) -> [any ViewNode] = { makeViewNodes(body, $0) }
    return (rebuild(environment), rebuild)
}

/// Points the `@State` properties of `view` at `position`'s storage (made from the first value's).
private func bindState<V: View>(of view: V, to position: GraphNode, graph: ViewGraph) {
    guard typeHasState(V.self, sample: view) else { return }
    var index = 0
    for child in Mirror(reflecting: view).children {
        guard let state = child.value as? any StateProperty else { continue }
        let location = state.stateLocation
        if index < position.stateSlots.count {
            location.redirect(to: position.stateSlots[index])
        } else {
            location.attach(owner: position.id, inbox: graph.inbox)
            position.stateSlots.append(location)
        }
        index += 1
    }
}

private let stateTypes = Locked<[ObjectIdentifier: Bool]>([:])

/// Whether values of a type hold `@State` (found once per type).
private func typeHasState<V>(_ type: V.Type, sample: V) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = stateTypes.withLock({ $0[key] }) { return known }
    let has = Mirror(reflecting: sample).children.contains { $0.value is any StateProperty }
    stateTypes.withLock { $0[key] = has }
    return has
}

/// `node` with its sizes and guides memoised (see `MemoNode`), unless it already is.
package func memoised(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode {
    if node is MemoNode { return node }
    return MemoNode(node, counters: environment.counters)
}

// MARK: - Memoised layout

/// A node's answers kept while the node lives: its size per proposal (a fixed number of entries,
/// least recently used replaced; keys compared by bit pattern, so a NaN proposal finds itself and
/// infinity stays distinct from nil) and its explicit guides per size. Nodes live as long as their
/// graph position is unchanged, so a clean subtree is never measured twice.
package final class MemoNode: ViewNode {
    package let node: any ViewNode
    let counters: GraphCounterBox?
    package let spacerMinLength: CGFloat?
    package let layoutPriority: Double
    package let explicitGuides: GuideSet

    /// Proposals seen by one node in a pass are few: 0, infinity and a share per axis, and the
    /// cross-axis values of the parents' own proposals. Twelve entries (Yoga keeps 8, OpenSwiftUI 3).
    package static let sizeCacheCapacity = 12
    private var entries: [(key: ProposalKey, size: CGSize, use: UInt32)] = []
    private var clock: UInt32 = 0
    private var guides: [(key: AlignmentKey, size: ProposalKey, value: CGFloat?)] = []
    /// The node's `ViewSpacing`, once asked (see ViewSpacing.swift).
    var memoisedSpacing: ViewSpacing?

    struct ProposalKey: Equatable {
        var width: UInt, height: UInt, flags: UInt8
        init(_ p: ProposedViewSize) {
            width = p.width?.bitPattern ?? 0; height = p.height?.bitPattern ?? 0
            flags = (p.width == nil ? 1 : 0) | (p.height == nil ? 2 : 0)
        }
        init(_ s: CGSize) { width = s.width.bitPattern; height = s.height.bitPattern; flags = 0 }

        /// The same proposal, or one that differs only in the last bits of a length (a share summed in
        /// another order: 28.57386363636364 against 28.573863636363637), which no layout can tell apart.
        func matches(_ other: ProposalKey) -> Bool {
            guard flags == other.flags else { return false }
            return Self.close(width, other.width) && Self.close(height, other.height)
        }
        private static func close(_ a: UInt, _ b: UInt) -> Bool {
            if a == b { return true }
            let x = CGFloat(bitPattern: a), y = CGFloat(bitPattern: b)
            return x.isFinite && y.isFinite && abs(x - y) <= 1e-9 * max(1, abs(x))
        }
    }

    init(_ node: any ViewNode, counters: GraphCounterBox?) {
        self.node = node
        self.counters = counters
        spacerMinLength = node.spacerMinLength
        layoutPriority = node.layoutPriority
        explicitGuides = node.explicitGuides
    }

    package var wrappedNode: (any ViewNode)? { node }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        counters?.counts.sizeQueries += 1
        let key = ProposalKey(proposal)
        clock &+= 1
        if let i = entries.firstIndex(where: { $0.key == key }) ?? entries.firstIndex(where: { $0.key.matches(key) }) {
            entries[i].use = clock
            return entries[i].size
        }
        counters?.counts.sizeComputations += 1
        let size = node.sizeThatFits(proposal)
        if entries.count < Self.sizeCacheCapacity {
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append((key, size, clock))
        } else {
            counters?.counts.sizeEvictions += 1
            let i = entries.indices.min { entries[$0].use < entries[$1].use }!
            entries[i] = (key, size, clock)
        }
        return size
    }

    package func draw(in rect: CGRect, context: GraphicsContext) { node.draw(in: rect, context: context) }

    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard explicitGuides.contains(key) else { return nil }
        let sizeKey = ProposalKey(size)
        if let hit = guides.first(where: { $0.key == key && $0.size == sizeKey }) { return hit.value }
        let value = node.explicitAlignment(key, in: size)
        if guides.count >= Self.sizeCacheCapacity { guides.removeFirst() }
        guides.append((key, sizeKey, value))
        return value
    }
}

// MARK: - Comparing view values

/// Whether a view value is unchanged, by the rule documented in the Layout article: the same bits;
/// else `==` where the type is `Equatable`; else field by field (`@State` and `@Environment` fields
/// skipped, objects by identity, closures and anything else counting as changed), at most
/// `comparisonDepth` levels deep.
package func viewValuesEqual<T>(_ a: T, _ b: T) -> Bool {
    if bitwiseEqual(a, b) { return true }
    return valuesEqual(a, b as Any, depth: 0)
}

private let comparisonDepth = 8

private func bitwiseEqual<T>(_ a: T, _ b: T) -> Bool {
    var a = a, b = b
    return withUnsafeBytes(of: &a) { pa in
        withUnsafeBytes(of: &b) { pb in pa.count == pb.count && (pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0) }
    }
}

private func equatableEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    guard let b = b as? T else { return false }
    return a == b
}

/// `a` and `b` (of `a`'s type, else unequal) compared by the rule above.
private func valuesEqual<T>(_ a: T, _ b: Any, depth: Int) -> Bool {
    guard let b = b as? T else { return false }
    if bitwiseEqual(a, b) { return true }
    if a is any DynamicPropertyMarker { return true }
    if let e = a as? any Equatable { return equatableEqual(e, b) }
    guard depth < comparisonDepth else { return false }
    let ma = Mirror(reflecting: a), mb = Mirror(reflecting: b)
    switch ma.displayStyle {
    case .struct?, .tuple?, .optional?, .collection?, .enum?:
        guard ma.children.count == mb.children.count else { return false }
        // Without fields: a struct or tuple is equal (its bits may differ only where an existential's
        // unused buffer is); an enum case without payload is equal to the same case.
        if ma.children.isEmpty {
            return ma.displayStyle == .enum ? String(describing: a) == String(describing: b) : ma.displayStyle != .optional
        }
        for (fa, fb) in zip(ma.children, mb.children) {
            guard fa.label == fb.label, anyValuesEqual(fa.value, fb.value, depth: depth + 1) else { return false }
        }
        return true
    default:
        // Objects (identity differs: the bits did), closures, metatypes, dictionaries, sets.
        return false
    }
}

private func anyValuesEqual(_ a: Any, _ b: Any, depth: Int) -> Bool {
    func open<T>(_ a: T) -> Bool { valuesEqual(a, b, depth: depth) }
    return _openExistential(a, do: open)
}

/// Properties the graph manages itself, skipped when comparing views: `@State` (the position's
/// storage) and `@Environment` (the environment is compared on its own).
package protocol DynamicPropertyMarker {}

extension ViewEnvironment {
    /// Whether the two environments build the same views. Neither the graph position nor the date is
    /// compared: only a `TimelineView` reads the date, and the graph invalidates it when its entry
    /// changes.
    package func isSame(as other: ViewEnvironment) -> Bool {
        if sharesSettings(with: other) { return true }
        guard layoutRecorder === other.layoutRecorder, scrollPosition == other.scrollPosition, stackAxis == other.stackAxis,
              values.isSame(as: other.values) else { return false }
        return anyValuesEqual(foregroundStyle, other.foregroundStyle, depth: 0) && viewValuesEqual(text, other.text)
    }
}

extension EnvironmentValues {
    /// Field values compared with the view rule.
    package func isSame(as other: EnvironmentValues) -> Bool {
        guard colorScheme == other.colorScheme, displayScale.bitPattern == other.displayScale.bitPattern else { return false }
        return customValuesEqual(other)
    }
}

package func anyViewValuesEqual(_ a: Any, _ b: Any) -> Bool { anyValuesEqual(a, b, depth: 0) }

// MARK: - EquatableView

/// A view compared with its own `==` (SwiftUI's `EquatableView`): when the parent's body runs again and
/// the new value is `==` to the last, the view's body does not run. An `==` that ignores a field the body
/// uses shows a stale picture: that is the caller's to decide.
public struct EquatableView<Content: View & Equatable>: View, ViewList, Equatable {
    public typealias Body = Never
    public var content: Content
    public init(content: Content) { self.content = content }
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { makeViewNodes(content, environment) }
    public static func == (a: Self, b: Self) -> Bool { a.content == b.content }
}

extension View where Self: Equatable {
    /// The view compared with its own `==` before its body runs again (SwiftUI's `equatable()`).
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}
