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
// given, the settings of the environment it was built in, its `@State` storage and the nodes it made.
// When the next render offers the same value in the same environment and nothing below it was
// invalidated, the position hands back its old nodes: no body runs, and since the nodes keep their
// memoised sizes and drawings (`MemoNode`) nothing below is measured or drawn again either.
//
// The graph's classes (places, memo nodes, counters) are used by one thread at a time, the renderer's
// view thread, so their stored properties are `@exclusivity(unchecked)`: the runtime's dynamic
// exclusivity checks cost 13% of a first render's instructions.

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
    /// Nodes whose last drawing was appended again instead of being drawn (see `MemoNode.draw`).
    package var drawingsReplayed = 0
    /// Of those, the ones replayed moved by whole device pixels (content that scrolled or moved).
    package var drawingsMoved = 0
    package init() {}

    package var description: String {
        "bodies \(bodies), built \(positionsBuilt), sizes \(sizeComputations)/\(sizeQueries) computed, evictions \(sizeEvictions), "
            + "mounted \(mounted), unmounted \(unmounted), scenes \(scenesRecorded), groups \(groupsRecorded), lazy rows \(lazyRowsMade), "
            + "replayed \(drawingsReplayed) (moved \(drawingsMoved))"
    }
}

/// The counters of one graph (shared by its nodes, read and reset by the tests).
package final class GraphCounterBox {
    @exclusivity(unchecked) package var counts = GraphCounters()
    /// Set when a view was nested deeper than `ViewGraph.maxDepth` (it and what is inside it were not
    /// built): the render throws.
    @exclusivity(unchecked) package var depthExceeded = false
    package init() {}
}

/// Invalidations that arrive from outside a render (a `@State` written, an observed property changed),
/// possibly from another thread: the render drains them before it builds.
package final class GraphInbox: Sendable {
    private let pending = Locked<(ids: [Int], transaction: Transaction?)>(([], nil))
    package init() {}
    /// Posts `id`, with the transaction the change is made in (`withAnimation`): the next build makes
    /// its changes in the last transaction posted.
    package func post(_ id: Int) {
        let transaction = Transaction.current
        pending.withLock {
            $0.ids.append(id)
            if let transaction { $0.transaction = transaction }
        }
    }
    package func drain() -> (ids: [Int], transaction: Transaction?) { pending.withLock { p in defer { p = ([], nil) }; return p } }
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
    @exclusivity(unchecked) private(set) var generation: UInt64 = 0
    @exclusivity(unchecked) private var nextID = 0
    /// The positions that own state or observed reads, by id, for the inbox (weak: unmounting drops them).
    @exclusivity(unchecked) private var invalidatable: [Int: WeakGraphNode] = [:]
    /// The `TimelineView` places.
    @exclusivity(unchecked) private var timelines: [WeakGraphNode] = []
    /// Whether the graph animates changes made in a transaction with an animation (an
    /// `AnimationRenderer`'s graph; set before its first build): every view then has a place, which
    /// keeps its value's animatable data (see `Motion`).
    @exclusivity(unchecked) package var animatesChanges = false
    /// The places with a motion under way: built again at every render until it ends.
    @exclusivity(unchecked) private var moving: [WeakGraphNode] = []
    /// The date and transaction of the last build (a place's frame changes in the drawing after it).
    @exclusivity(unchecked) package private(set) var buildDate = Date()
    @exclusivity(unchecked) package private(set) var buildTransaction: Transaction?
    /// While a graph that animates changes is drawn: the places being drawn, innermost last, with the
    /// origin each is drawn at (see `PlacedNode`).
    @exclusivity(unchecked) var placesDrawn: [(origin: CGPoint, place: GraphNode)] = []
    /// The views removed in this build with a removal transition, and the places they were drawn in.
    @exclusivity(unchecked) var departures: [(view: DepartingView, within: GraphNode)] = []
    /// Whether a view type may have animatable data, by type.
    @exclusivity(unchecked) private var animatableTypes: [ObjectIdentifier: Bool] = [:]
    /// How each view type is built (see `ViewKind`).
    @exclusivity(unchecked) fileprivate var kinds: [ObjectIdentifier: ViewKind] = [:]
    fileprivate static let kindSlots = 64
    @exclusivity(unchecked) fileprivate var recentKindTypes = [ObjectIdentifier?](repeating: nil, count: ViewGraph.kindSlots)
    @exclusivity(unchecked) fileprivate var recentKinds = [ViewKind](repeating: .composite, count: ViewGraph.kindSlots)

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

    func registerMoving(_ node: GraphNode) {
        if !node.isMovingRegistered { node.isMovingRegistered = true; moving.append(WeakGraphNode(node)) }
    }

    /// Whether values of `V` may have animatable data (found once per type).
    func mayAnimate<V>(_ type: V.Type) -> Bool {
        let key = ObjectIdentifier(type)
        if let known = animatableTypes[key] { return known }
        let may = mayBeAnimatable(type)
        animatableTypes[key] = may
        return may
    }

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
        let (posted, transaction) = inbox.drain()
        for id in posted {
            guard let node = invalidatable[id]?.node else { continue }
            node.invalidate()
        }
        var environment = environment
        if animatesChanges {
            // A place in motion is built again at every date until its motion ends.
            moving.removeAll { entry in
                guard let node = entry.node, node.isMoving else { entry.node?.isMovingRegistered = false; return true }
                node.invalidate()
                return false
            }
            environment.transaction = transaction
            environment.animatesChanges = true
            buildDate = environment.date
            buildTransaction = transaction
        }
        counters.depthExceeded = false
        timelines.removeAll { $0.node == nil }
        for t in timelines {
            if let node = t.node, let timeline = node.timeline, timeline.at(environment.date) != timeline.entry { node.invalidate() }
        }
        environment.graph = GraphContext(graph: self, parent: host)
        host.beginBuild()
        let node = makeViewNode(view, environment)
        host.endBuild(self, transaction: environment.transaction)
        if !departures.isEmpty { settleDepartures() }
        return node
    }
}

/// An explicit identity (a `ForEach` element's id, `.id(_:)`). An integer id is held as it is (two
/// words, nothing reference-counted); any other id in a box, as `AnyHashable` (whose initialiser costs
/// a dynamic cast per element). Ids of different types are different ids.
package struct ExplicitID: Hashable {
    private let int: Int
    private let box: Box?

    private final class Box {
        let value: AnyHashable
        init(_ value: AnyHashable) { self.value = value }
    }

    package init<ID: Hashable>(_ id: ID) {
        if ID.self == Int.self {
            int = unsafeBitCast(id, to: Int.self)
            box = nil
        } else {
            int = 0
            box = Box(AnyHashable(id))
        }
    }

    package static func int(_ value: Int) -> ExplicitID { ExplicitID(value) }

    package static func == (a: ExplicitID, b: ExplicitID) -> Bool {
        guard a.int == b.int else { return false }
        switch (a.box, b.box) {
        case (nil, nil): return true
        case let (x?, y?): return x === y || x.value == y.value
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(int)
        if let box { hasher.combine(box.value) }
    }
}

struct WeakGraphNode { weak var node: GraphNode? ; init(_ node: GraphNode) { self.node = node } }
struct WeakGraph { weak var graph: ViewGraph? ; init(_ graph: ViewGraph) { self.graph = graph } }

/// Where a view being built sits in its graph (carried in the environment, never compared).
package struct GraphContext {
    /// Unowned without a check (an environment with a graph context lives only while its graph
    /// builds): a checked unowned reference costs two atomic operations per copy of an environment.
    unowned(unsafe) let graph: ViewGraph
    let parent: GraphNode
    /// Views built as a lazy container's rows (after the build, during layout and drawing): their
    /// places are the parent's lazy children, kept across builds (see `GraphNode.lazyChild`).
    var lazy = false
}

/// One view position of the graph.
package final class GraphNode {
    enum Key: Hashable {
        case slot(Int, ObjectIdentifier)
        case explicit(ExplicitID, ObjectIdentifier)

        /// The types first: comparing them is cheaper than comparing ids.
        static func == (a: Key, b: Key) -> Bool {
            switch (a, b) {
            case let (.slot(i, t), .slot(j, u)): return i == j && t == u
            case let (.explicit(x, t), .explicit(y, u)): return t == u && x == y
            default: return false
            }
        }
    }
    let key: Key
    let id: Int
    /// The parent owns its children, so it outlives them.
    unowned let parent: GraphNode?
    /// Children by slot (structural identity: index = slot).
    @exclusivity(unchecked) private var slotted: [GraphNode?] = []
    /// Children with explicit ids, in the order the last build visited them, and those of this build so
    /// far. A build that visits them in the same order (the usual case: a `ForEach` over the same data)
    /// finds each one at the cursor, comparing keys without hashing; `explicitIndex` (made when one is
    /// not there) finds the others.
    @exclusivity(unchecked) private var explicitChildren: [GraphNode] = []
    @exclusivity(unchecked) private var visitedExplicit: [GraphNode] = []
    @exclusivity(unchecked) private var explicitCursor = 0
    @exclusivity(unchecked) private var explicitIndex: [Key: Int]? = nil
    @exclusivity(unchecked) private var nextSlot = 0
    @exclusivity(unchecked) private(set) var generation: UInt64 = 0

    var children: [GraphNode] { slotted.compactMap { $0 } + explicitChildren + lazyChildren.values }
    /// The places of a lazy container's rows, by id: made when a row is first made, kept while the
    /// container's place lives (builds do not visit them, so they do not prune them).
    @exclusivity(unchecked) private var lazyChildren: [Key: GraphNode] = [:]
    /// The row a lazy child was last made for (two rows with one id in a render: the second is built
    /// outside the graph).
    @exclusivity(unchecked) var lazyRow = 0
    /// The view value, environment and nodes of the last build. The value is kept in an existential:
    /// a box of a generic class would cost a metadata lookup per place built, more than the cast back.
    @exclusivity(unchecked) private var view: Any?
    @exclusivity(unchecked) private var environment: ViewEnvironment.Snapshot?
    @exclusivity(unchecked) private var nodes: [any ViewNode]?
    /// The nodes combined into one (several views where one is expected become a ZStack).
    @exclusivity(unchecked) var single: (any ViewNode)?
    /// A view with a `body`: builds its last body again (when only something below it changed).
    @exclusivity(unchecked) private var rebuildBody: ((ViewEnvironment) -> [any ViewNode])?
    /// `@State` storage, in the order of the view's fields.
    @exclusivity(unchecked) var stateSlots: [AnyStateLocation] = []
    @exclusivity(unchecked) var isRegistered = false
    @exclusivity(unchecked) var isTimelineRegistered = false
    /// What animations do at this place (in a graph that animates changes), made on first use: one
    /// reference on every place, so that the places of graphs that do not animate stay small.
    @exclusivity(unchecked) private var animationState: PlaceAnimation?
    private var animated: PlaceAnimation {
        if let state = animationState { return state }
        let state = PlaceAnimation()
        animationState = state
        return state
    }
    var isMovingRegistered: Bool {
        get { animationState?.isMovingRegistered ?? false }
        set { animated.isMovingRegistered = newValue }
    }
    /// What an animation is doing to this place's value (and its insertion transition).
    var motion: Motion? {
        get { animationState?.motion }
        set { animated.motion = newValue }
    }
    /// How the place's frame is moving.
    var frameMotion: FrameMotion? {
        get { animationState?.frameMotion }
        set { animated.frameMotion = newValue }
    }
    /// The views removed from inside this place that it still draws while they leave.
    var departing: [DepartingView] {
        get { animationState?.departing ?? [] }
        set { animated.departing = newValue }
    }
    /// Where the place's node was last drawn, relative to the place it was drawn in (see `PlacedNode`).
    var lastDrawn: (node: any ViewNode, frame: CGRect, within: WeakGraphNode?)? {
        get { animationState?.lastDrawn }
        set { animated.lastDrawn = newValue }
    }
    /// Whether an animation is under way at this place.
    var isMoving: Bool {
        guard let state = animationState else { return false }
        return state.motion?.isUnderWay == true || state.frameMotion?.run != nil || !state.departing.isEmpty
    }
    /// The `@Environment` values the last body read (nil: none).
    @exclusivity(unchecked) var environmentReads: EnvironmentReads?
    /// A custom `Layout`'s cache, kept for the place across renders.
    @exclusivity(unchecked) var layoutCache: Any?

    /// Invalidated: its state was written or an observed value it read changed.
    @exclusivity(unchecked) private var isDirty = false
    @exclusivity(unchecked) private var hasDirtyDescendant = false
    /// A `TimelineView`'s place: the entry it shows, and the entry of its schedule at a date. The
    /// graph invalidates the place when a render's date falls in another entry.
    @exclusivity(unchecked) var timeline: (entry: Date, at: (Date) -> Date)?

    init(key: Key, parent: GraphNode?, id: Int) { self.key = key; self.parent = parent; self.id = id }

    func invalidate() {
        isDirty = true
        var p = parent
        while let node = p, !node.hasDirtyDescendant { node.hasDirtyDescendant = true; p = node.parent }
    }

    /// The child position for the next view built under this one.
    func child(for type: ObjectIdentifier, explicitID: ExplicitID?, graph: ViewGraph) -> GraphNode {
        if let explicitID {
            let key = Key.explicit(explicitID, type)
            if let existing = explicitChild(key, graph: graph) {
                existing.generation = graph.generation
                visitedExplicit.append(existing)
                return existing
            }
            let node = mount(key, graph: graph) { _ in }
            visitedExplicit.append(node)
            return node
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

    /// The place of a lazy container's row `row` with id `id`, made on first use; nil when another row
    /// of this render already took that id.
    func lazyChild(for type: ObjectIdentifier, id: ExplicitID, row: Int, graph: ViewGraph) -> GraphNode? {
        let key = Key.explicit(id, type)
        if let existing = lazyChildren[key] {
            if existing.generation == graph.generation, existing.lazyRow != row { return nil }
            existing.generation = graph.generation
            existing.lazyRow = row
            return existing
        }
        if lazyChildren.count >= GraphNode.lazyChildLimit {
            // Bounded: beyond the limit, the rows not made in this render are let go (their state too).
            lazyChildren = lazyChildren.filter { entry in
                guard entry.value.generation == graph.generation else {
                    graph.counters.counts.unmounted += entry.value.subtreeCount
                    return false
                }
                return true
            }
        }
        let node = mount(key, graph: graph) { lazyChildren[key] = $0 }
        node.lazyRow = row
        return node
    }

    /// The most rows of one lazy container kept as places: beyond it, the rows not on show are dropped.
    package static let lazyChildLimit = 4_096

    /// The last build's child with explicit key `key` not yet visited in this one (ids repeated among
    /// siblings are matched in order, each keeping its own place).
    private func explicitChild(_ key: Key, graph: ViewGraph) -> GraphNode? {
        if explicitCursor < explicitChildren.count {
            let candidate = explicitChildren[explicitCursor]
            if candidate.generation != graph.generation, candidate.key == key {
                explicitCursor += 1
                return candidate
            }
        }
        guard !explicitChildren.isEmpty else { return nil }
        if explicitIndex == nil {
            var index: [Key: Int] = [:]
            index.reserveCapacity(explicitChildren.count)
            for (i, node) in explicitChildren.enumerated() where index[node.key] == nil { index[node.key] = i }
            explicitIndex = index
        }
        guard var i = explicitIndex?[key] else { return nil }
        // Repeated ids: the first of them not yet visited.
        while i < explicitChildren.count {
            let node = explicitChildren[i]
            if node.key == key, node.generation != graph.generation { return node }
            i += 1
        }
        return nil
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

    /// A leaf's old nodes when `view` is unchanged and `environment` agrees with the last one on the
    /// settings the leaf reads; the place then keeps `environment` as its own (the next build finds
    /// it by identity).
    func reusableLeafNodes<V>(_ view: V, _ environment: ViewEnvironment, reads: LeafSettings) -> [any ViewNode]? {
        guard let nodes, !isDirty, let oldEnvironment = self.environment, environment.agrees(on: reads, with: oldEnvironment),
              let old = self.view as? V, viewValuesEqual(old, view) else { return nil }
        self.environment = environment.snapshot
        return nodes
    }

    /// Whether views were built at places inside this one.
    var hasChildPlaces: Bool { slotted.contains { $0 != nil } || !explicitChildren.isEmpty || !lazyChildren.isEmpty }

    /// Whether the place's last build made one node (drawn through a `PlacedNode` in a graph that
    /// animates changes).
    var drawsOneNode: Bool { nodes?.count == 1 }

    /// Whether the place has not been built yet (it was mounted in this build).
    var isFresh: Bool { view == nil }

    /// The value this place was last built with, if it was one of `V`.
    func lastValue<V>(_ type: V.Type) -> V? { view as? V }

    func isUnchanged<V>(_ view: V, _ environment: ViewEnvironment) -> Bool {
        guard let old = self.view as? V, let oldEnvironment = self.environment,
              environment.isSame(as: oldEnvironment) else { return false }
        return viewValuesEqual(old, view)
    }

    /// Whether the place keeps a body to build again (a fresh place, or one of a view without a body, does not).
    var canRebuildLastBody: Bool { rebuildBody != nil }

    /// A view with a body, unchanged itself, with something invalidated below or in a changed
    /// environment whose values its body read the same: its last body is built again (its own body
    /// does not run).
    func rebuildingLastBody<V>(_ view: V, _ environment: ViewEnvironment) -> ((ViewEnvironment) -> [any ViewNode])? {
        guard !isDirty, let rebuildBody, let old = self.view as? V, let oldEnvironment = self.environment else { return nil }
        guard environment.isSame(as: oldEnvironment, ignoringRecorder: true)
                || (environmentReads?.areUnchanged(in: environment.values) ?? true) else { return nil }
        return viewValuesEqual(old, view) ? rebuildBody : nil
    }

    /// `new`, or the nodes of the last build where each is equivalent (see `ViewNode.isEquivalent`):
    /// those keep what they memoised, and the places above see their children unchanged. Otherwise
    /// each new memo whose node lays out as the old one did takes over the old one's sizes.
    func keepingEquivalent(_ new: [any ViewNode]) -> [any ViewNode] {
        guard let old = nodes, old.count == new.count, !old.isEmpty else { return new }
        var allEquivalent = true
        for i in old.indices where !equivalentNodes(old[i], new[i]) { allEquivalent = false; break }
        if allEquivalent { return old }
        adoptLayouts(old, new)
        return new
    }

    /// Gives each memo in `new` whose node lays out as its counterpart in `old` that one's sizes.
    private func adoptLayouts(_ old: [any ViewNode], _ new: [any ViewNode]) {
        for i in old.indices where new[i].isMemoised && old[i].isMemoised && !sameNode(old[i], new[i]) {
            let memo = new[i] as! MemoNode
            if memo.layoutSource == nil, layoutEquivalentNodes(old[i], memo) { memo.adoptLayout(from: old[i] as! MemoNode) }
        }
    }

    /// A leaf made again in an environment that differs from the last only in its paint (the
    /// foreground), its view unchanged: the new nodes lay out as the old ones, and take over their sizes.
    func adoptLeafLayout<V>(_ view: V, _ environment: ViewEnvironment, reads: LeafSettings, new: [any ViewNode]) {
        guard let old = nodes, old.count == new.count, let oldEnvironment = self.environment,
              environment.agrees(on: reads.subtracting(.paint), with: oldEnvironment),
              let oldView = self.view as? V, viewValuesEqual(oldView, view) else { return }
        for i in old.indices where new[i].isMemoised && old[i].isMemoised && !sameNode(old[i], new[i]) {
            (new[i] as! MemoNode).adoptLayout(from: old[i] as! MemoNode)
        }
    }

    func beginBuild() {
        nextSlot = 0
        single = nil
        explicitCursor = 0
    }

    /// Ends the build of this place's children: those not visited are unmounted (in an animated
    /// change, with their removal transition: see `ViewGraph.depart`).
    func endBuild(_ graph: ViewGraph, transaction: Transaction?) {
        // Children not visited in this build are gone (their state with them): slots past the last one
        // used, and explicit ids not seen.
        if slotted.count > nextSlot {
            for node in slotted[nextSlot...] {
                if let node { graph.counters.counts.unmounted += node.subtreeCount; graph.depart(node, transaction) }
            }
            slotted.removeLast(slotted.count - nextSlot)
        }
        // And slots skipped in this build (the other branch of an `if`, a place-less view where a view
        // with a place was): a view that comes back there is a new one.
        for i in slotted.indices {
            if let node = slotted[i], node.generation != graph.generation {
                graph.counters.counts.unmounted += node.subtreeCount
                graph.depart(node, transaction)
                slotted[i] = nil
            }
        }
        if visitedExplicit.count != explicitChildren.count || explicitIndex != nil {
            for node in explicitChildren where node.generation != graph.generation {
                graph.counters.counts.unmounted += node.subtreeCount
                graph.depart(node, transaction)
            }
        }
        if !visitedExplicit.isEmpty || !explicitChildren.isEmpty {
            swap(&explicitChildren, &visitedExplicit)
            visitedExplicit.removeAll(keepingCapacity: false)
        }
        explicitIndex = nil
        isDirty = false
        hasDirtyDescendant = false
    }

    func store<V>(_ view: V, _ environment: ViewEnvironment, nodes: [any ViewNode],
                  rebuildBody: ((ViewEnvironment) -> [any ViewNode])?) {
        self.view = view
        self.environment = environment.snapshot
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
        return (buildNodes(view, inner, kind: ViewKind(of: V.self)), nil, false)
    }
    let graph = context.graph
    let kind = graph.kind(of: V.self)
    if let node = placelessNode(view, environment, context: context, kind: kind) { return ([node], nil, false) }
    let position: GraphNode
    if context.lazy {
        guard let id = environment.explicitID,
              let row = context.parent.lazyChild(for: ObjectIdentifier(V.self), id: id, row: environment.lazyRow, graph: graph) else {
            var detached = environment
            detached.detach()
            return buildThroughGraph(view, detached)
        }
        position = row
    } else {
        position = context.parent.child(for: ObjectIdentifier(V.self), explicitID: environment.explicitID, graph: graph)
    }
    var view = view
    var inner = environment
    var transition: (pieces: [AnyTransition.Piece], progress: Double)? = nil
    if graph.animatesChanges {
        inner.pendingInsertion = false
        if let scope = view as? any AnimationScope {
            func transaction<S: AnimationScope>(_ s: S) -> Transaction? { s.transaction(after: position.lastValue(S.self), inherited: environment.transaction) }
            if let t = transaction(scope) { inner.transaction = t }
        }
        let moved = move(view, kind: kind, at: position, parent: context.parent, environment, graph: graph)
        view = moved.view
        transition = moved.transition
        inner.pendingInsertion = moved.insertionBelow
    }
    if let nodes = position.reusableNodes(view, environment) { return (nodes, position, true) }
    if case .leaf(_, let reads) = kind, let nodes = position.reusableLeafNodes(view, environment, reads: reads) {
        return (nodes, position, true)
    }
    graph.counters.counts.positionsBuilt += 1
    inner.graph = GraphContext(graph: graph, parent: position)
    inner.explicitID = nil
    inner.depth += 1
    position.beginBuild()
    var nodes: [any ViewNode]
    var rebuildBody: ((ViewEnvironment) -> [any ViewNode])? = nil
    if position.canRebuildLastBody, let rebuild = position.rebuildingLastBody(view, environment) {
        nodes = rebuild(inner)
        rebuildBody = rebuild
    } else if case .composite = kind {
        let built = buildBody(view, inner, position: position, graph: graph)
        nodes = built.nodes
        rebuildBody = built.rebuild
    } else {
        nodes = buildNodes(view, inner, kind: kind)
    }
    position.endBuild(graph, transaction: inner.transaction)
    if case .leaf(_, let reads) = kind { position.adoptLeafLayout(view, environment, reads: reads, new: nodes) }
    if let transition {
        nodes = nodes.map { AnyTransition.node($0, pieces: transition.pieces, progress: transition.progress) }
    }
    if graph.animatesChanges, nodes.count == 1 {
        nodes[0] = PlacedNode(child: nodes[0], place: position, graph: graph, transaction: inner.transaction, generation: graph.generation)
    }
    let kept = position.keepingEquivalent(nodes)
    position.store(view, environment, nodes: kept, rebuildBody: rebuildBody)
    return (kept, position, false)
}

/// `view`'s one node when `buildThroughGraph` would build it without a place (a place-less leaf, or a
/// place-less list), made the same way but without an array; nil for other views.
package func placelessNode<V: View>(_ view: V, _ environment: ViewEnvironment) -> (any ViewNode)? {
    guard let context = environment.graph, !context.lazy else { return nil }
    guard environment.depth < ViewGraph.maxDepth else {
        // As `buildThroughGraph`: nothing deeper is built, and the render fails.
        environment.counters?.depthExceeded = true
        return EmptyNode()
    }
    return placelessNode(view, environment, context: context, kind: context.graph.kind(of: V.self))
}

private func placelessNode<V: View>(_ view: V, _ environment: ViewEnvironment, context: GraphContext, kind: ViewKind) -> (any ViewNode)? {
    // A graph that animates keeps every view's value at a place of its own.
    guard !context.lazy, !context.graph.animatesChanges else { return nil }
    switch kind {
    case .placelessLeaf(let type) where environment.explicitID == nil:
        // Its slot stays taken, so that its siblings keep their identities whatever it is.
        context.parent.skipSlots(1)
        return leafNode(type, view, environment)
    case .list(let type) where type.isPlaceless(view, in: context.graph):
        // A leaf under wrapping modifiers (`ForEach(...) { Color.red.frame(...) }`): nothing below it
        // has state or a body, so it is made again with its parent, without a place (an explicit id
        // would only key a place).
        if environment.explicitID == nil { context.parent.skipSlots(1) }
        var inner = environment
        inner.explicitID = nil
        inner.depth += 1
        return memoised(type.makePlacelessNode(of: view, inner), inner)
    default:
        return nil
    }
}

/// A primitive's node, probed when a layout snapshot is recorded, memoised unless cheap.
private func leafNode<V: View>(_ type: any PrimitiveView.Type, _ view: V, _ environment: ViewEnvironment) -> any ViewNode {
    let node = type.makeNode(of: view, environment)
    return memoised(environment.layoutRecorder == nil ? node : probed(view, node, environment), environment)
}

/// How views of one type are built: a primitive makes its node, a list its nodes, a composite view runs
/// its body. Found once per type and graph (`ViewGraph.kind(of:)`): a cast to a protocol is a
/// conformance lookup, and a graph builds the same few types thousands of times.
enum ViewKind {
    case primitive(any PrimitiveView.Type)
    /// A primitive without children that reads only these settings (see `EnvironmentLeafView`).
    case leaf(any PrimitiveView.Type, LeafSettings)
    /// A leaf without a place of its own (see `EnvironmentLeafView.isPlaceless`).
    case placelessLeaf(any PrimitiveView.Type)
    case list(any ViewList.Type)
    case composite

    init<V: View>(of type: V.Type) {
        if let leaf = type as? any EnvironmentLeafView.Type { self = leaf.isPlaceless ? .placelessLeaf(leaf) : .leaf(leaf, leaf.settingsRead) }
        else if let primitive = type as? any PrimitiveView.Type { self = .primitive(primitive) }
        else if let list = type as? any ViewList.Type { self = .list(list) }
        else { self = .composite }
    }
}

/// `view` as `T`, which is its own type: a `ViewKind` holds `V.self` as the protocol's metatype, so
/// the static method called through it has `Self == V` (checked in debug builds). A bit cast instead of
/// `as!`, which is a runtime call per view.
@inline(__always)
private func asSelf<T, V>(_ view: V, _ type: T.Type) -> T {
    assert(V.self == T.self, "a view kind called for another type")
    return unsafeBitCast(view, to: T.self)
}

extension PrimitiveView {
    /// `view`'s node, `view` being of this type (see `asSelf`).
    static func makeNode<V>(of view: V, _ environment: ViewEnvironment) -> any ViewNode { asSelf(view, Self.self).makeNode(environment) }
}

extension ViewList {
    static func makeNodes<V>(of view: V, _ environment: ViewEnvironment) -> [any ViewNode] { asSelf(view, Self.self).makeNodes(environment) }
    static func isPlaceless<V>(_ view: V, in graph: ViewGraph) -> Bool { asSelf(view, Self.self).isPlaceless(in: graph) }
    static func makePlacelessNode<V>(of view: V, _ environment: ViewEnvironment) -> any ViewNode {
        asSelf(view, Self.self).makePlacelessNode(environment)
    }
}

extension ViewGraph {
    /// Whether `view` is built without a place of its own: a place-less leaf, or a list that says so.
    func isPlaceless<V: View>(_ view: V) -> Bool {
        switch kind(of: V.self) {
        case .placelessLeaf: return true
        case .list(let type): return type.isPlaceless(view, in: self)
        default: return false
        }
    }

    /// `ViewKind(of: type)`, found once per type.
    func kind<V: View>(of type: V.Type) -> ViewKind {
        let key = ObjectIdentifier(type)
        // A direct-mapped cache in front of the dictionary (hashing an identifier costs more than the
        // rest of finding a small view's kind).
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: key) >> 4) & UInt(ViewGraph.kindSlots - 1))
        if recentKindTypes[slot] == key { return recentKinds[slot] }
        let kind: ViewKind
        if let known = kinds[key] { kind = known } else { kind = ViewKind(of: type); kinds[key] = kind }
        recentKindTypes[slot] = key
        recentKinds[slot] = kind
        return kind
    }
}

/// A primitive's or a list's nodes, or (without a graph) a view's body's.
private func buildNodes<V: View>(_ view: V, _ environment: ViewEnvironment, kind: ViewKind) -> [any ViewNode] {
    switch kind {
    case .primitive(let type), .leaf(let type, _), .placelessLeaf(let type):
        return [leafNode(type, view, environment)]
    case .list(let type):
        var nodes = type.makeNodes(of: view, environment)
        for i in nodes.indices where !nodes[i].isMemoised && !nodes[i].isCheapToMeasure { nodes[i] = memoised(nodes[i], environment) }
        return nodes
    case .composite:
        break
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
    let reads = EnvironmentReads()
    let body = EnvironmentValues.$current.withValue(environment.values) {
        EnvironmentValues.$reads.withValue(reads) {
            withObservationTracking { view.body } onChange: { inbox.post(id) }
        }
    }
    position.environmentReads = reads.isEmpty ? nil : reads
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
    if node.isMemoised || node.isCheapToMeasure { return node }
    // In a graph that animates, what a node draws depends on the date (the frames and values in
    // motion inside it), not only on the node: its drawing is not kept.
    return MemoNode(node, counters: environment.counters, retainsDrawing: !environment.animatesChanges, layoutRecorder: environment.layoutRecorder)
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
    /// The first entries live in the node itself (most nodes see few proposals), the rest in `overflow`.
    private static let inlineEntries = 4
    private struct Entry { var key: ProposalKey, size: CGSize, use: UInt32 }
    @exclusivity(unchecked) private var inline = InlineArray<4, Entry>(repeating: Entry(key: ProposalKey(CGSize.zero), size: .zero, use: 0))
    @exclusivity(unchecked) private var overflow: [Entry] = []
    @exclusivity(unchecked) private var entryCount = 0
    @exclusivity(unchecked) private var clock: UInt32 = 0
    @exclusivity(unchecked) private var guides: [(key: AlignmentKey, size: ProposalKey, value: CGFloat?)] = []
    /// The node's `ViewSpacing`, once asked (see ViewSpacing.swift).
    @exclusivity(unchecked) var memoisedSpacing: ViewSpacing?
    /// The memo made for this place in the build before, whose sizes this one took over because its
    /// node lays out the same (see `adoptLayout(from:)`); the place above then counts this node as
    /// laying out as that one did.
    @exclusivity(unchecked) package private(set) weak var layoutSource: MemoNode?
    /// The node's `rigidSize`, once asked: `.none` while unknown, `.some(nil)` when it has none.
    @exclusivity(unchecked) private var knownRigidSize: CGSize??

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

    /// Whether the node keeps what it drew (see `draw(in:context:)`).
    let retainsDrawing: Bool
    /// Where the probes inside report frames (once the renderer was asked for a layout snapshot): their
    /// reports are kept with the drawing and replayed with it.
    let layoutRecorder: LayoutRecorder?
    @exclusivity(unchecked) private var recording: (key: DrawKey, recording: Recording, probes: ProbeReports?)?

    /// The probes' reports captured with a drawing, and where the drawing's rectangle lay in the
    /// scene (a replay moves the reports by as much as the rectangle moved).
    struct ProbeReports {
        var recording: LayoutRecorder.Recording
        var origin: CGPoint

        /// `rect`'s origin in the scene's device pixels.
        static func origin(of rect: CGRect, _ context: GraphicsContext) -> CGPoint {
            rect.origin.applying(context.transform.concatenating(context.rootTransform))
        }

        func replay(into recorder: LayoutRecorder, at origin: CGPoint) {
            recorder.replay(recording, moved: SIMD2(Double(origin.x - self.origin.x), Double(origin.y - self.origin.y)))
        }
    }

    init(_ node: any ViewNode, counters: GraphCounterBox?, retainsDrawing: Bool = false, layoutRecorder: LayoutRecorder? = nil) {
        self.node = node
        self.counters = counters
        self.retainsDrawing = retainsDrawing
        self.layoutRecorder = layoutRecorder
        spacerMinLength = node.spacerMinLength
        layoutPriority = node.layoutPriority
        explicitGuides = node.explicitGuides
    }

    package var wrappedNode: (any ViewNode)? { node }
    package var isMemoised: Bool { true }

    /// Takes over the sizes, guides and spacing `old` memoised (and what its node cached of its
    /// layout): `old` was made for the same place in the build before, and this node lays out as it
    /// did (`NodeMatch.layout`). The drawing is not taken over: it may differ.
    func adoptLayout(from old: MemoNode) {
        guard layoutSource == nil, entryCount == 0 else { return }
        inline = old.inline
        overflow = old.overflow
        entryCount = old.entryCount
        clock = old.clock
        guides = old.guides
        memoisedSpacing = old.memoisedSpacing
        knownRigidSize = old.knownRigidSize
        node.adoptLayoutCaches(from: old.node)
        layoutSource = old
    }

    /// Found once: a rigid node answers every proposal without a cache entry.
    package var rigidSize: CGSize? {
        if let known = knownRigidSize { return known }
        let size = node.rigidSize
        if size != nil { counters?.counts.sizeComputations += 1 }
        knownRigidSize = .some(size)
        return size
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        counters?.counts.sizeQueries += 1
        if let rigid = rigidSize { return rigid }
        let key = ProposalKey(proposal)
        clock &+= 1
        if let i = cachedIndex(key) {
            self[entry: i].use = clock
            return self[entry: i].size
        }
        counters?.counts.sizeComputations += 1
        let size = node.sizeThatFits(proposal)
        let entry = Entry(key: key, size: size, use: clock)
        if entryCount < Self.sizeCacheCapacity {
            if entryCount < Self.inlineEntries { inline[entryCount] = entry } else { overflow.append(entry) }
            entryCount += 1
        } else {
            counters?.counts.sizeEvictions += 1
            var oldest = 0
            for i in 1..<entryCount where self[entry: i].use < self[entry: oldest].use { oldest = i }
            self[entry: oldest] = entry
        }
        return size
    }

    private subscript(entry i: Int) -> Entry {
        get { i < Self.inlineEntries ? inline[i] : overflow[i - Self.inlineEntries] }
        set { if i < Self.inlineEntries { inline[i] = newValue } else { overflow[i - Self.inlineEntries] = newValue } }
    }

    private func cachedIndex(_ key: ProposalKey) -> Int? {
        for i in 0..<entryCount where self[entry: i].key == key { return i }
        for i in 0..<entryCount where self[entry: i].key.matches(key) { return i }
        return nil
    }

    /// Draws the node, or replays what it drew last time when it is drawn again with the same context
    /// (opacity, blend mode, appearance, canvas; no filter or projection), a rectangle of the same
    /// size and a transform with the same linear part, moved by whole device pixels: the node and
    /// everything in it are unchanged while this node lives, so the drawing is too, moved. A drawing
    /// that culled or read positions (`Recording.isPositionDependent`) is replayed only in place. The
    /// recording holds those of the nodes inside by reference.
    package func draw(in rect: CGRect, context: GraphicsContext) {
        guard retainsDrawing, let key = DrawKey(rect, context) else { return node.draw(in: rect, context: context) }
        if let (known, recording, probes) = recording {
            if known == key {
                counters?.counts.drawingsReplayed += 1
                context.recorder.replay(recording, into: context.layer)
                if let layoutRecorder, let probes { layoutRecorder.replay(probes.recording, moved: .zero) }
                return
            }
            if !recording.isPositionDependent, let offset = known.wholePixelOffset(to: key) {
                counters?.counts.drawingsReplayed += 1
                counters?.counts.drawingsMoved += 1
                context.recorder.replay(recording, into: context.layer, offset: offset)
                if let layoutRecorder, let probes { probes.replay(into: layoutRecorder, at: ProbeReports.origin(of: rect, context)) }
                return
            }
        }
        context.recorder.beginCapture(base: context.layer)
        layoutRecorder?.beginCapture()
        node.draw(in: rect, context: context)
        let probes = layoutRecorder.map { ProbeReports(recording: $0.endCapture(), origin: ProbeReports.origin(of: rect, context)) }
        recording = (key, context.recorder.endCapture(), probes)
    }

    /// What a node's drawing depends on besides the node, compared by bit pattern: `shape` must match
    /// for any replay; `place` (where it lies) must match for a replay in place.
    struct DrawKey: Equatable {
        /// The rectangle's size, the transform's and the root transform's linear parts, the canvas,
        /// opacity, blend mode and appearance.
        private var shape: InlineArray<14, UInt64>
        /// The rectangle's origin, both translations and the viewport (with the linear parts in
        /// `shape`, they fix the device origin).
        private var place: InlineArray<10, UInt64>
        private var viewportIsSet: Bool
        /// The rectangle's origin in device pixels.
        private var deviceOrigin: SIMD2<Double>

        init?(_ rect: CGRect, _ c: GraphicsContext) {
            guard c.filters.isEmpty, c.projections.isEmpty else { return nil }
            let t = c.transform, r = c.rootTransform, v = c.viewport ?? .zero, size = c.size
            var shape = InlineArray<14, UInt64>(repeating: 0)
            var i = 0
            func put(_ x: CGFloat) { shape[i] = UInt64(x.bitPattern); i += 1 }
            put(rect.size.width); put(rect.size.height)
            put(t.a); put(t.b); put(t.c); put(t.d)
            put(r.a); put(r.b); put(r.c); put(r.d)
            put(size.width); put(size.height)
            shape[12] = c.opacity.bitPattern
            shape[13] = UInt64(UInt32(bitPattern: c.blendMode.rawValue)) | (c.darkAppearance ? 1 << 32 : 0)
            let origin = rect.origin.applying(t)
            deviceOrigin = SIMD2(Double(origin.x), Double(origin.y))
            var place = InlineArray<10, UInt64>(repeating: 0)
            i = 0
            func at(_ x: CGFloat) { place[i] = UInt64(x.bitPattern); i += 1 }
            at(rect.origin.x); at(rect.origin.y); at(t.tx); at(t.ty); at(r.tx); at(r.ty)
            at(v.origin.x); at(v.origin.y); at(v.size.width); at(v.size.height)
            self.shape = shape
            self.place = place
            viewportIsSet = c.viewport != nil
        }

        static func == (a: DrawKey, b: DrawKey) -> Bool {
            guard a.viewportIsSet == b.viewportIsSet else { return false }
            for i in 0..<10 where a.place[i] != b.place[i] { return false }
            for i in 0..<14 where a.shape[i] != b.shape[i] { return false }
            return true
        }

        /// How far a drawing keyed `self` moves to be drawn as `other` keys it, when that is whole
        /// device pixels and nothing else differs; nil otherwise. Within 1e-6 pixels of whole: a
        /// transform built in another order lands there (sub-pixel moves change the antialiasing).
        func wholePixelOffset(to other: DrawKey) -> SIMD2<Double>? {
            for i in 0..<14 where shape[i] != other.shape[i] { return nil }
            let move = other.deviceOrigin - deviceOrigin
            let whole = move.rounded(.toNearestOrEven)
            guard abs(move.x - whole.x) <= 1e-6, abs(move.y - whole.y) <= 1e-6 else { return nil }
            return whole
        }
    }

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
    // A type found to hold a closure counts as changed whenever its bits differ: comparing it field
    // by field (by reflection, which is slow) ends at the closure anyway, unless only an unused
    // existential buffer differed, and then building it again is merely redundant.
    let type = ObjectIdentifier(T.self)
    if typesHoldingClosures.withLock({ $0.contains(type) }) { return false }
    var metClosure = false
    let equal = valuesEqual(a, b as Any, depth: 0, metClosure: &metClosure)
    if !equal && metClosure { typesHoldingClosures.withLock { _ = $0.insert(type) } }
    return equal
}

/// View types whose comparison met a closure (see `viewValuesEqual`).
private let typesHoldingClosures = Locked<Set<ObjectIdentifier>>([])

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
private func valuesEqual<T>(_ a: T, _ b: Any, depth: Int, metClosure: inout Bool) -> Bool {
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
            guard fa.label == fb.label, anyValuesEqual(fa.value, fb.value, depth: depth + 1, metClosure: &metClosure) else { return false }
        }
        return true
    case nil:
        // Closures and metatypes.
        metClosure = true
        return false
    default:
        // Objects (identity differs: the bits did), dictionaries, sets.
        return false
    }
}

private func anyValuesEqual(_ a: Any, _ b: Any, depth: Int, metClosure: inout Bool) -> Bool {
    func open<T>(_ a: T) -> Bool { valuesEqual(a, b, depth: depth, metClosure: &metClosure) }
    return _openExistential(a, do: open)
}

private func anyValuesEqual(_ a: Any, _ b: Any, depth: Int) -> Bool {
    var metClosure = false
    return anyValuesEqual(a, b, depth: depth, metClosure: &metClosure)
}

/// Properties the graph manages itself, skipped when comparing views: `@State` (the position's
/// storage) and `@Environment` (the environment is compared on its own).
package protocol DynamicPropertyMarker {}

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

// MARK: - Animation

/// What an animation does to one place of a graph that animates changes: the value's animatable data
/// moving from what was on show to the new value's, and the transition of a view being inserted.
package struct Motion {
    /// The animatable data of the last value offered to the place (the target of any motion).
    var target: AnyAnimatableData?
    /// The data shown at the last build while a motion was under way.
    var shown: AnyAnimatableData?
    var data: (from: AnyAnimatableData, to: AnyAnimatableData, clock: AnimationClock)?
    var transition: (pieces: [AnyTransition.Piece], clock: AnimationClock)?
    var isUnderWay: Bool { data != nil || transition != nil }
}

/// `view` as an animation shows it at `environment.date` at `position`, with the transition of a
/// view being inserted, and whether the views first built inside take the insertion instead.
///
/// A change of the value's animatable data made in a transaction with an animation starts a motion
/// from the data on show (the old value's, or the point a motion under way had reached) to the new;
/// one made without an animation ends any motion (the new value shows at once). A place first built
/// in an animated change under a place that was already there (or under one that passed its
/// insertion on) is an inserted view: it takes its `transition(_:)`, `.opacity` by default.
private func move<V: View>(_ view: V, kind: ViewKind, at position: GraphNode, parent: GraphNode, _ environment: ViewEnvironment,
                           graph: ViewGraph) -> (view: V, transition: (pieces: [AnyTransition.Piece], progress: Double)?, insertionBelow: Bool) {
    let now = environment.date
    let animation = environment.transaction?.animation
    var motion = position.motion ?? Motion()
    var insertionBelow = false
    if position.isFresh, let animation, !parent.isFresh || environment.pendingInsertion {
        var transition: AnyTransition? = nil
        if let carrier = view as? any TransitionCarrier {
            transition = carrier.carriedTransition ?? .opacity
        } else {
            switch kind {
            case .composite, .list: insertionBelow = true
            default: transition = .opacity
            }
        }
        if let transition, let own = transition.ownAnimation ?? animation, !transition.insertion.isEmpty {
            motion.transition = (transition.insertion, AnimationClock(animation: own, start: now))
        }
    }
    if graph.mayAnimate(V.self) {
        let new = animatableData(of: view)
        if let new, let old = motion.target, new.hasSameType(as: old) {
            if !new.isEqual(to: old) {
                motion.data = animation.map { (motion.shown ?? old, new, AnimationClock(animation: $0, start: now)) }
            }
        } else {
            motion.data = nil
        }
        motion.target = new
    }
    var shownView = view
    motion.shown = nil
    if let data = motion.data {
        if let fraction = data.clock.fraction(at: now) {
            let shown = data.from.interpolated(towards: data.to, fraction: fraction)
            motion.shown = shown
            shownView = settingAnimatableData(of: view, to: shown)
        } else {
            motion.data = nil
        }
    }
    var transition: (pieces: [AnyTransition.Piece], progress: Double)? = nil
    if let t = motion.transition {
        if let fraction = t.clock.fraction(at: now) { transition = (t.pieces, fraction) } else { motion.transition = nil }
    }
    if motion.isUnderWay { graph.registerMoving(position) }
    position.motion = motion.isUnderWay || motion.target != nil ? motion : nil
    return (shownView, transition, insertionBelow)
}

/// An animation under way: where it is at a date.
package struct AnimationClock {
    let animation: Animation
    let start: Date

    /// The fraction of the way the animation is at `date` (beyond 0...1 where a spring overshoots),
    /// nil once it has ended.
    func fraction(at date: Date) -> Double? {
        let (value, finished) = animation.fraction(at: date.timeIntervalSince(start))
        return finished ? nil : value
    }
}

/// The animation state of a place (see `GraphNode.motion` and the properties beside it).
final class PlaceAnimation {
    @exclusivity(unchecked) var isMovingRegistered = false
    @exclusivity(unchecked) var motion: Motion?
    @exclusivity(unchecked) var frameMotion: FrameMotion?
    @exclusivity(unchecked) var departing: [DepartingView] = []
    @exclusivity(unchecked) var lastDrawn: (node: any ViewNode, frame: CGRect, within: WeakGraphNode?)?
}

/// How a place's frame moves: from where it was drawn to where the layout now puts it, relative to the
/// place it is drawn in.
package struct FrameMotion {
    var target: CGRect
    var shown: CGRect?
    var run: (from: CGRect, to: CGRect, clock: AnimationClock)?
}

/// A view removed by an animated change, drawn by the place it was drawn in until its removal
/// transition ends.
package struct DepartingView {
    let node: any ViewNode
    var frame: CGRect
    let pieces: [AnyTransition.Piece]
    let clock: AnimationClock
}

extension ViewGraph {
    /// `node`, unmounted in a change made in `transaction`: with an animation, the place it was drawn
    /// in keeps drawing it, taking its removal transition (`.opacity` by default).
    func depart(_ node: GraphNode, _ transaction: Transaction?) {
        guard animatesChanges, let animation = transaction?.animation, let drawn = node.lastDrawn, let within = drawn.within?.node else { return }
        let transition = (node.lastValue(Any.self) as? any TransitionCarrier)?.carriedTransition ?? .opacity
        guard let own = transition.ownAnimation ?? animation, !transition.removal.isEmpty else { return }
        let clock = AnimationClock(animation: own, start: buildDate)
        departures.append((DepartingView(node: drawn.node, frame: drawn.frame, pieces: transition.removal, clock: clock), within))
    }

    /// Hands the views that departed in this build to the places that will draw them: the place each
    /// was drawn in, or the nearest one around it that still draws (an `if` that became empty does not).
    func settleDepartures() {
        for (view, within) in departures {
            var view = view
            var host: GraphNode? = within
            while let place = host, !place.drawsOneNode {
                guard let up = place.lastDrawn else { host = nil; break }
                view.frame = view.frame.offsetBy(dx: up.frame.minX, dy: up.frame.minY)
                host = up.within?.node
            }
            guard let host else { continue }
            host.departing.append(view)
            registerMoving(host)
        }
        departures.removeAll()
    }
}

/// A place's node in a graph that animates changes: drawn where an animation of its frame shows it.
/// When the layout moves or resizes the view (relative to the place it is drawn in) in an animated
/// change, its frame moves from where it was drawn to the new one along the animation, as SwiftUI
/// animates frames; the places inside follow, relative to it. It also draws the views removed from
/// inside it that are still leaving.
package struct PlacedNode: ViewNode {
    let child: any ViewNode
    weak var place: GraphNode?
    weak var graph: ViewGraph?
    /// The transaction of the build that made the node, and that build.
    let transaction: Transaction?
    let generation: UInt64

    package var wrappedNode: (any ViewNode)? { child }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }
    package var spacerMinLength: CGFloat? { child.spacerMinLength }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { child.explicitAlignment(key, in: size) }
    package var explicitGuides: GuideSet { child.explicitGuides }
    package var layoutPriority: Double { child.layoutPriority }
    package var isCheapToMeasure: Bool { child.isCheapToMeasure }
    package var rigidSize: CGSize? { child.rigidSize }
    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? PlacedNode, let place, other.place === place, !place.isMoving else { return false }
        return match.children(child, other.child)
    }
    package func adoptLayoutCaches(from other: any ViewNode) {
        if let other = other as? PlacedNode { child.adoptLayoutCaches(from: other.child) }
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        guard let place, let graph else { return child.draw(in: rect, context: context) }
        let within = graph.placesDrawn.last
        let base = within?.origin ?? .zero
        let frame = CGRect(x: rect.minX - base.x, y: rect.minY - base.y, width: rect.width, height: rect.height)
        let date = graph.buildDate
        var motion = place.frameMotion ?? FrameMotion(target: frame)
        if !Self.same(motion.target, frame) {
            // The node's own transaction (a scope's) if it was made in this build, else the build's.
            let transaction = (generation == graph.generation ? transaction : nil) ?? graph.buildTransaction
            motion.run = transaction?.animation.map { (motion.shown ?? motion.target, frame, AnimationClock(animation: $0, start: date)) }
            motion.target = frame
        }
        var shown = frame
        motion.shown = nil
        if let run = motion.run {
            if let fraction = run.clock.fraction(at: date) {
                var data = run.from.animatableData
                data.interpolate(towards: run.to.animatableData, amount: fraction)
                shown.animatableData = data
                shown.size = CGSize(width: max(0, shown.width), height: max(0, shown.height))
                // Only a view drawn by itself changes size on the way (a colour, a shape, an image): a
                // view with views inside keeps its new size, its views laid out as they end up, each
                // moving (and resizing) on its own, as SwiftUI animates the frames of what it draws.
                // A text keeps its new size too: laid out in the sizes between, it would wrap or truncate.
                if run.from.size != run.to.size, place.hasChildPlaces || Self.isText(child) { shown.size = frame.size }
                motion.shown = shown
                graph.registerMoving(place)
            } else {
                motion.run = nil
            }
        }
        place.frameMotion = motion
        place.lastDrawn = (child, shown, within.map { WeakGraphNode($0.place) })
        let drawnAt = CGRect(x: shown.minX + base.x, y: shown.minY + base.y, width: shown.width, height: shown.height)
        graph.placesDrawn.append((drawnAt.origin, place))
        child.draw(in: drawnAt, context: context)
        if !place.departing.isEmpty {
            place.departing.removeAll { $0.clock.fraction(at: date) == nil }
            for view in place.departing {
                guard let fraction = view.clock.fraction(at: date) else { continue }
                AnyTransition.node(view.node, pieces: view.pieces, progress: 1 - fraction)
                    .draw(in: view.frame.offsetBy(dx: drawnAt.minX, dy: drawnAt.minY), context: context)
            }
        }
        graph.placesDrawn.removeLast()
    }

    /// Whether `node` is a text (under the wrappers of its memo and probe).
    private static func isText(_ node: any ViewNode) -> Bool {
        var current: (any ViewNode)? = node
        while let n = current {
            if n is TextNode { return true }
            current = n.wrappedNode
        }
        return false
    }

    /// Whether two frames are the same, but for the last bits of a sum taken in another order.
    private static func same(_ a: CGRect, _ b: CGRect) -> Bool {
        func close(_ x: CGFloat, _ y: CGFloat) -> Bool { x == y || abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        return close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
    }
}
