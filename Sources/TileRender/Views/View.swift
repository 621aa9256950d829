import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A piece of user interface that draws: SwiftUI's `View`.
///
/// A view of the user's own describes itself with `body`. TileRender's built-in views (shapes, stacks,
/// `Color`, `Canvas`, modifiers) are primitive: their `Body` is `Never` and they lay out and draw
/// themselves. Unlike SwiftUI's, `View` is not `@MainActor`: views are plain values usable from any
/// code, and `Shape` (a `View`) stays usable from nonisolated code.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views have no body; TileRender lays them out and draws them itself.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A size proposed to a view by its parent: SwiftUI's `ProposedViewSize`. A nil dimension asks for the
/// view's ideal size in that dimension.
public struct ProposedViewSize: Hashable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?

    public init(width: CGFloat?, height: CGFloat?) { self.width = width; self.height = height }
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    /// The proposal with nil dimensions replaced by `size`'s (10 x 10 by default, as SwiftUI).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }
}

// MARK: - Internal layout and drawing

/// What the views' inherited settings carry down the tree (SwiftUI's environment, the part TileRender uses).
package struct ViewEnvironment {
    package init() {}

    /// The inherited settings, shared by copies until one of them changes a setting: copying an
    /// environment (done for every view built) is one retain, and the graph tells two environments
    /// apart by identity before it compares their values.
    fileprivate final class Settings {
        var foregroundStyle: any ShapeStyle = Color.primary
        var text = TextSettings()
        var layoutRecorder: LayoutRecorder? = nil
        var scrollPosition: CGPoint? = nil
        var stackAxis: Axis? = nil
        var values = EnvironmentValues()
        /// These settings with `stackAxis` set, made once: a stack rebuilt in the same environment
        /// hands its children the same settings as before, which the graph recognises at once.
        var withAxis: (horizontal: Settings?, vertical: Settings?)
        init() {}
        init(copying o: Settings) {
            foregroundStyle = o.foregroundStyle; text = o.text; layoutRecorder = o.layoutRecorder
            scrollPosition = o.scrollPosition; stackAxis = o.stackAxis; values = o.values
        }
    }
    private var settings = Settings()
    private mutating func uniqueSettings() -> Settings {
        if !isKnownUniquelyReferenced(&settings) { settings = Settings(copying: settings) }
        // Changed in place: what was derived from the old values no longer follows from them.
        settings.withAxis = (nil, nil)
        return settings
    }
    /// What a graph position keeps of the environment it was built in: the settings, shared (one
    /// reference; a later change to a setting copies them first).
    package struct Snapshot { fileprivate let settings: Settings }
    package var snapshot: Snapshot { Snapshot(settings: settings) }

    /// Whether this environment builds the same views as the one `snapshot` was taken of. Neither the
    /// graph position nor the date is compared: only a `TimelineView` reads the date, and the graph
    /// invalidates it when its entry changes. `ignoringRecorder`: a layout snapshot's recorder changes
    /// which nodes are made (probes), not what bodies return.
    package func isSame(as snapshot: Snapshot, ignoringRecorder: Bool = false) -> Bool {
        let a = settings, b = snapshot.settings
        if a === b { return true }
        guard ignoringRecorder || a.layoutRecorder === b.layoutRecorder, a.scrollPosition == b.scrollPosition,
              a.stackAxis == b.stackAxis, a.values.isSame(as: b.values) else { return false }
        return anyViewValuesEqual(a.foregroundStyle, b.foregroundStyle) && a.text.isSame(as: b.text)
    }

    /// Whether this environment and the one `snapshot` was taken of agree on `reads` (and on the
    /// layout recorder): a leaf reading only those makes the same node in both.
    package func agrees(on reads: LeafSettings, with snapshot: Snapshot) -> Bool {
        let a = settings, b = snapshot.settings
        if a === b { return true }
        guard a.layoutRecorder === b.layoutRecorder else { return false }
        if reads.contains(.stackAxis), a.stackAxis != b.stackAxis { return false }
        if reads.contains(.text), !a.text.isSame(as: b.text, comparingForeground: reads.contains(.foreground)) { return false }
        if reads.contains(.foreground), !anyViewValuesEqual(a.foregroundStyle, b.foregroundStyle) { return false }
        return true
    }

    /// What `.foreground` (and a shape used directly as a view) paints with.
    package var foregroundStyle: any ShapeStyle {
        get { settings.foregroundStyle }
        set { uniqueSettings().foregroundStyle = newValue }
    }
    /// Font, line limit, alignment and the other settings `Text` views inside take (their foreground
    /// comes from `foregroundStyle`).
    package var text: TextSettings {
        get { settings.text }
        set { uniqueSettings().text = newValue }
    }
    /// Set while `ImageRenderer.layoutSnapshot()` lays the view out: each primitive view's node reports
    /// its frame to it.
    package var layoutRecorder: LayoutRecorder? {
        get { settings.layoutRecorder }
        set { uniqueSettings().layoutRecorder = newValue }
    }
    /// The moment being rendered (`ImageRenderer.date`): what a `TimelineView` shows. Kept beside the
    /// settings, not in them: it changes every frame of an animation, and only a `TimelineView` reads
    /// it (the graph invalidates those), so the settings stay the same object from frame to frame.
    package var date = Date()
    /// The transaction the changes being built were made in (`withAnimation`, `animation(_:value:)`),
    /// in a graph that animates changes. Beside the settings, as the date: it says how a change
    /// shows, not what the views are.
    package var transaction: Transaction? = nil
    /// Set for the views built first inside a view that an animated change inserted and that passes
    /// its insertion on (a view with a body, a list): they take its transition.
    package var pendingInsertion = false
    /// Whether the views are built in a graph that animates changes (kept by `detach()`: content
    /// made during layout and drawing is drawn in motion too).
    package var animatesChanges = false
    /// `scrollPosition(_:)`: the offset of the scroll view it modifies.
    package var scrollPosition: CGPoint? {
        get { settings.scrollPosition }
        set { if settings.scrollPosition != newValue { uniqueSettings().scrollPosition = newValue } }
    }
    /// The axis of the stack the view is laid out in (a `Divider` runs across it).
    package var stackAxis: Axis? {
        get { settings.stackAxis }
        set {
            guard settings.stackAxis != newValue else { return }
            guard let axis = newValue else { uniqueSettings().stackAxis = nil; return }
            // Derived once per settings and axis (see `Settings.withAxis`); the derived settings are
            // shared from then on, so a later change to them copies them first.
            let base = settings
            if let derived = axis == .horizontal ? base.withAxis.horizontal : base.withAxis.vertical {
                settings = derived
                return
            }
            let derived = Settings(copying: base)
            derived.stackAxis = axis
            if axis == .horizontal { base.withAxis.horizontal = derived } else { base.withAxis.vertical = derived }
            settings = derived
        }
    }
    /// What `@Environment` reads in the views below. (The appearance needs nothing more here: the
    /// default foreground is the named colour `.primary`, which the context draws white in `.dark`.)
    package var values: EnvironmentValues {
        get { settings.values }
        set { uniqueSettings().values = newValue }
    }
    /// Where the views being built sit in the renderer's graph (nil: built without one, afresh).
    package var graph: GraphContext? = nil
    /// How many places deep the views being built are (bounded by `ViewGraph.maxDepth`).
    package var depth = 0
    /// The explicit identity the next view built takes (`ForEach` element ids, `.id(_:)`).
    package var explicitID: ExplicitID? = nil
    /// The row of a lazy container the next view built is (see `GraphContext.lazy`).
    package var lazyRow = 0
    /// The counters of the graph the views are built in (or were, before `detach()`).
    package var counters: GraphCounterBox? { graph?.graph.counters ?? detachedCounters }
    private var detachedCounters: GraphCounterBox? = nil
    /// Views built with this environment are built outside the graph, afresh (content made during
    /// layout or drawing: a `GeometryReader`'s, a lazy stack's rows); they still count in its counters.
    package mutating func detach() {
        detachedCounters = counters
        graph = nil
        explicitID = nil
    }

    /// `style`, with `ForegroundStyle` replaced by the environment's foreground style and the
    /// hierarchical levels (`.secondary`, ...) taken from it (see `HierarchicalShapeStyle`).
    package func resolve(_ style: any ShapeStyle) -> any ShapeStyle {
        if style is ForegroundStyle { return foregroundStyle }
        if let level = style as? HierarchicalShapeStyle {
            guard let color = foregroundStyle as? Color else { return level.level == 0 ? foregroundStyle : level.color(foreground: .primary) }
            return level.color(foreground: color)
        }
        return style
    }
}

/// A view resolved for layout and drawing: it reports its size for a proposal and draws itself into a
/// rectangle of a context's user space (its frame, usually of the size it reported).
package protocol ViewNode {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
    func draw(in rect: CGRect, context: GraphicsContext)
    /// Spacers take the free length along a stack's axis and nothing across it.
    var spacerMinLength: CGFloat? { get }
    /// The position of alignment guide `key` set explicitly in this view or passed up from inside it
    /// (text baselines, `alignmentGuide(_:computeValue:)`), from the view's top-left when laid out at
    /// `size`; nil where the guide takes its default value.
    func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat?
    /// The guides `explicitAlignment` may answer (a cheap test: the others take their default values
    /// without laying out what is inside).
    var explicitGuides: GuideSet { get }
    /// The one node a modifier's node wraps (nil for other nodes): values set on a view with
    /// `layoutValue(key:value:)` are found through the modifiers applied after it.
    var wrappedNode: (any ViewNode)? { get }
    /// `layoutPriority(_:)`: a stack sizes higher priorities first (0 by default).
    var layoutPriority: Double { get }
    /// Whether this is a `MemoNode` (asked instead of a cast, which costs a conformance lookup).
    var isMemoised: Bool { get }
    /// Whether the node answers `sizeThatFits` without measuring anything inside it (a colour, a
    /// spacer, a frame of fixed width and height): looking the size up would cost more, so such nodes
    /// are not memoised (and not counted in the graph's size counters).
    var isCheapToMeasure: Bool { get }
    /// The size the node takes whatever it is proposed (a frame of fixed width and height, a stack of
    /// such views), or nil where its size depends on the proposal. A stack of rigid views sizes them
    /// once and asks them nothing more. Exactly what `sizeThatFits` answers, for every proposal.
    var rigidSize: CGSize? { get }
    /// Whether this node lays out (and, matching `.drawing`, draws) exactly as `other`, a node made for
    /// the same place in an earlier build: the same parameters and children that match (see
    /// `NodeMatch`). A place built again into an equivalent node keeps its old one, with the sizes and
    /// placements it memoised (a row whose view holds a fresh closure but whose children are all
    /// unchanged); one that only lays out the same takes over the old one's sizes (a row whose text
    /// changed colour). False unless a node type says otherwise.
    func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool
    /// Takes over what `other`, a node that lays out as this one (`isEquivalent(to:as: .layout)`),
    /// cached of its layout (a text's line breaks). Nothing by default.
    func adoptLayoutCaches(from other: any ViewNode)
}

/// Whether `a` and `b` are the same node value: the same type and the same bits (for a node kept in
/// a box, the same box). A copy of a node is the same node; an equal node made afresh may not be.
package func sameNode(_ a: any ViewNode, _ b: any ViewNode) -> Bool {
    guard type(of: a) == type(of: b) else { return false }
    // What the existential's buffer holds: a value of up to three words inline (the rest of the buffer
    // is undefined), else a pointer to the box that holds it.
    func heldBytes<T>(_ value: T) -> Int {
        MemoryLayout<T>.size <= 3 * MemoryLayout<Int>.size && MemoryLayout<T>.alignment <= MemoryLayout<Int>.alignment
            ? MemoryLayout<T>.size : MemoryLayout<Int>.size
    }
    let count = _openExistential(a, do: heldBytes)
    // In a struct, so that the containers themselves are compared (an existential passed on its own
    // to a generic function is opened, and its value would be compared instead).
    struct Container { var node: any ViewNode }
    var x = Container(node: a), y = Container(node: b)
    return withUnsafeBytes(of: &x) { px in
        withUnsafeBytes(of: &y) { py in count == 0 || memcmp(px.baseAddress!, py.baseAddress!, count) == 0 }
    }
}

/// How nodes made for one place in two builds are compared.
package enum NodeMatch {
    /// They lay out and draw the same: the very same children.
    case drawing
    /// They lay out the same, though they may draw differently: children that lay out the same.
    case layout

    /// Whether the children `old` and `new` match.
    package func children(_ old: any ViewNode, _ new: any ViewNode) -> Bool {
        switch self {
        case .drawing:
            // A node without a memo holds nothing but its value: an equivalent one is as good as the same.
            return sameNode(old, new) || (!old.isMemoised && !new.isMemoised && old.isEquivalent(to: new, as: .drawing))
        case .layout: return layoutEquivalentNodes(old, new)
        }
    }

    package func children(_ old: [any ViewNode], _ new: [any ViewNode]) -> Bool {
        guard old.count == new.count else { return false }
        for i in old.indices where !children(old[i], new[i]) { return false }
        return true
    }
}

/// Whether the node `new`, made for a place, can be replaced by `old`, made for it before: the same
/// node, or (looking through their size memos) an equivalent one.
package func equivalentNodes(_ old: any ViewNode, _ new: any ViewNode) -> Bool {
    if sameNode(old, new) { return true }
    let x = old.isMemoised ? old.wrappedNode ?? old : old
    let y = new.isMemoised ? new.wrappedNode ?? new : new
    return x.isEquivalent(to: y, as: .drawing)
}

/// Whether `new`, made for a place, lays out as `old`, made for it before: the same node, a memo that
/// took over `old`'s sizes, or (looking through their size memos) a node equivalent in layout.
package func layoutEquivalentNodes(_ old: any ViewNode, _ new: any ViewNode) -> Bool {
    if sameNode(old, new) { return true }
    if new.isMemoised, let source = (new as! MemoNode).layoutSource, source === old as AnyObject { return true }
    let x = old.isMemoised ? old.wrappedNode ?? old : old
    let y = new.isMemoised ? new.wrappedNode ?? new : new
    return x.isEquivalent(to: y, as: .layout)
}

/// Whether two lists of children are the very same nodes, in order.
package func sameNodes(_ a: [any ViewNode], _ b: [any ViewNode]) -> Bool {
    guard a.count == b.count else { return false }
    for i in a.indices where !sameNode(a[i], b[i]) { return false }
    return true
}

extension ViewNode {
    package var spacerMinLength: CGFloat? { nil }
    package var layoutPriority: Double { 0 }
    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { nil }
    package var explicitGuides: GuideSet { [] }
    package var wrappedNode: (any ViewNode)? { nil }
    package var isMemoised: Bool { false }
    package var isCheapToMeasure: Bool { false }
    package var rigidSize: CGSize? { nil }
    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool { false }
    package func adoptLayoutCaches(from other: any ViewNode) {}
    /// The explicit guide `key` of this view drawn at `frame`, in the coordinates `frame` is in.
    package func explicitAlignment(_ key: AlignmentKey, at frame: CGRect) -> CGFloat? {
        guard explicitGuides.contains(key) else { return nil }
        return explicitAlignment(key, in: frame.size).map { $0 + (key.isHorizontal ? frame.minX : frame.minY) }
    }
    /// The view's size and guides at `size`.
    package func dimensions(in size: CGSize) -> ViewDimensions {
        let guides = explicitGuides
        if guides.isEmpty { return ViewDimensions(size: size) }
        return ViewDimensions(size: size) { guides.contains($0) ? self.explicitAlignment($0, in: size) : nil }
    }
    /// The position of guide `key` in this view laid out at `size`: `dimensions(in: size)[key]`, without
    /// building the dimensions for a built-in guide the view does not set (the common case in a stack).
    package func guide(_ key: AlignmentKey, in size: CGSize) -> CGFloat {
        if let fraction = key.fraction, !explicitGuides.contains(key) { return (key.isHorizontal ? size.width : size.height) * fraction }
        return dimensions(in: size)[key]
    }
}

/// A built-in view that makes its own node.
package protocol PrimitiveView {
    func makeNode(_ environment: ViewEnvironment) -> any ViewNode
}

/// A primitive view without children whose node follows from the view's value and the settings
/// `settingsRead` of its environment, nothing else: in an environment changed elsewhere, its place
/// keeps its node (with its memoised sizes and drawing), so a change of, say, the colour scheme or a
/// custom value does not make the colours, shapes and texts below it again.
package protocol EnvironmentLeafView: PrimitiveView {
    static var settingsRead: LeafSettings { get }
    /// Whether the leaf's node is as cheap to make again as to keep, and compares by value
    /// (`isEquivalent(to:as: .drawing)`): such a leaf has no place of its own in the graph (unless it
    /// has an explicit id); the place above it keeps its node (false by default).
    static var isPlaceless: Bool { get }
}

extension EnvironmentLeafView {
    package static var isPlaceless: Bool { false }
}

/// The settings of a `ViewEnvironment` a leaf's node may depend on. The layout recorder and the graph
/// always count (a leaf made in a renderer that keeps frames has a probe).
package struct LeafSettings: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `foregroundStyle` (and so `.foreground` and hierarchical styles).
    package static let foreground = LeafSettings(rawValue: 1)
    /// `text` (font, line limit, case, alignment, truncation...).
    package static let text = LeafSettings(rawValue: 2)
    /// `stackAxis`.
    package static let stackAxis = LeafSettings(rawValue: 4)
    /// The settings that change how a leaf paints, never its layout: a leaf made again for a change
    /// of only these takes over its old sizes.
    package static let paint: LeafSettings = .foreground
}

/// A view that stands for a list of sibling views in a stack (tuples, `ForEach`, `Group`, conditionals,
/// and modifiers applied to them, which apply to each element).
package protocol ViewList {
    func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode]
    /// Whether the list's views need no place of their own in `graph` (see `ViewGraph.isPlaceless`).
    func isPlaceless(in graph: ViewGraph) -> Bool
    /// The one node of a list that `isPlaceless(in:)`, made without an array (a place-less list is a
    /// place-less leaf under modifiers that wrap its node: one node).
    func makePlacelessNode(_ environment: ViewEnvironment) -> any ViewNode
}

extension ViewList {
    package func isPlaceless(in graph: ViewGraph) -> Bool { false }
    package func makePlacelessNode(_ environment: ViewEnvironment) -> any ViewNode {
        let nodes = makeNodes(environment)
        return nodes.count == 1 ? nodes[0] : ZStackNode(alignment: .center, children: nodes)
    }
}

/// The node of any view; a list of several views becomes a centred `ZStack` of them. Built through the
/// environment's graph, when it has one (see `ViewGraph`).
package func makeViewNode<V: View>(_ view: V, _ environment: ViewEnvironment) -> any ViewNode {
    makeViewNode(view, environment) { ZStackNode(alignment: .center, children: $0) }
}

/// `view`'s node: its only one, or `combine` of its several, made once and kept at the view's place
/// while they are unchanged.
package func makeViewNode<V: View>(_ view: V, _ environment: ViewEnvironment,
                                   combining combine: ([any ViewNode]) -> any ViewNode) -> any ViewNode {
    let (nodes, position, reused) = buildThroughGraph(view, environment)
    if nodes.count == 1 { return nodes[0] }
    if reused, let single = position?.single { return single }
    let node = memoised(combine(nodes), environment)
    position?.single = node
    return node
}

/// The list of nodes a view contributes to a stack.
package func makeViewNodes<V: View>(_ view: V, _ environment: ViewEnvironment) -> [any ViewNode] {
    buildThroughGraph(view, environment).nodes
}

/// Appends the nodes `view` contributes to a stack to `nodes` (a list's elements): a place-less view's
/// one node goes in without an array of its own.
package func appendViewNodes<V: View>(_ view: V, _ environment: ViewEnvironment, to nodes: inout [any ViewNode]) {
    if let node = placelessNode(view, environment) { nodes.append(node) }
    else { nodes.append(contentsOf: buildThroughGraph(view, environment).nodes) }
}

/// A node that draws nothing and takes no space.
package struct EmptyNode: ViewNode {
    package var isCheapToMeasure: Bool { true }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { .zero }
    package func draw(in rect: CGRect, context: GraphicsContext) {}
}
