import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// SwiftUI's standard spacing between views (a plain view's `ViewSpacing` on every edge).
package let defaultStackSpacing: CGFloat = 8

/// Views on top of each other, aligned in the stack's frame (centred by default). The stack is as large
/// as its largest child.
public struct ZStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let alignment: Alignment
    package let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        ZStackNode(alignment: alignment, children: makeViewNodes(content, environment))
    }
}

/// SwiftUI's ZStack layout: every child is offered the stack's proposal, and all are placed with their
/// alignment guides on one point; the stack is the box around them (with default guides, as large as
/// its largest child).
package struct ZStackNode: ViewNode {
    package let alignment: Alignment
    package let children: [any ViewNode]
    package let explicitGuides: GuideSet

    package init(alignment: Alignment, children: [any ViewNode]) {
        self.alignment = alignment; self.children = children
        explicitGuides = passedUpGuides(children)
    }

    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? ZStackNode else { return false }
        return alignment == other.alignment && match.children(children, other.children)
    }

    /// Each child's frame, relative to the common guide point, and the box around them.
    private func layout(_ proposal: ProposedViewSize) -> (frames: [CGRect], box: CGRect) {
        var frames: [CGRect] = []
        frames.reserveCapacity(children.count)
        var box = CGRect.null
        for child in children {
            let size = child.sizeThatFits(proposal)
            let frame = CGRect(x: -child.guide(alignment.horizontal.key, in: size), y: -child.guide(alignment.vertical.key, in: size),
                               width: size.width, height: size.height)
            frames.append(frame)
            box = box.union(frame)
        }
        return (frames, box.isNull ? .zero : box)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { layout(proposal).box.size }

    /// Rigid children make a rigid stack (their box does not depend on the proposal).
    package var rigidSize: CGSize? {
        guard !children.isEmpty, children.allSatisfy({ $0.rigidSize != nil }) else { return nil }
        return layout(.unspecified).box.size
    }

    /// The frames in `rect` (the box placed in it as a child of the box's size would be).
    package func frames(in rect: CGRect) -> [CGRect] {
        let (frames, box) = layout(ProposedViewSize(rect.size))
        let placed = alignment.place(box.size, in: rect)
        return frames.map { $0.offsetBy(dx: placed.minX - box.minX, dy: placed.minY - box.minY) }
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        for (child, frame) in zip(children, frames(in: rect)) { child.draw(in: frame, context: context) }
    }

    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard explicitGuides.contains(key) else { return nil }
        let frames = frames(in: CGRect(origin: .zero, size: size))
        let values = zip(children, frames).compactMap { $0.explicitAlignment(key, at: $1) }
        return key.combined(values, childCount: children.count)
    }
}

/// The guides a container of `children` passes up (see `AlignmentKey.combined`).
package func passedUpGuides(_ children: [any ViewNode]) -> GuideSet {
    var guides = GuideSet()
    for child in children { guides.formUnion(child.explicitGuides) }
    return passedUp(guides, childCount: children.count)
}

/// What a container passes up of `guides`, the union of its `childCount` children's guides.
private func passedUp(_ guides: GuideSet, childCount: Int) -> GuideSet {
    childCount == 1 || guides.isEmpty ? guides : guides.droppingBuiltIns()
}

/// Views in a row, `spacing` apart (by default, what each pair of neighbours prefers: see `ViewSpacing`), aligned vertically (centred by default).
public struct HStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let alignment: VerticalAlignment
    package let spacing: CGFloat?
    package let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var inner = environment
        inner.stackAxis = .horizontal
        return LinearStackNode(horizontal: true, alignment: alignment.key, spacing: spacing,
                               children: makeViewNodes(content, inner))
    }
}

/// Views in a column, `spacing` apart (by default, what each pair of neighbours prefers: see `ViewSpacing`), aligned horizontally (centred by default).
public struct VStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let alignment: HorizontalAlignment
    package let spacing: CGFloat?
    package let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var inner = environment
        inner.stackAxis = .vertical
        return LinearStackNode(horizontal: false, alignment: alignment.key, spacing: spacing,
                               children: makeViewNodes(content, inner))
    }
}

/// A flexible space along a stack's axis (at least `minLength`, 8 by default); nothing across it.
public struct Spacer: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { [] }
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { SpacerNode(minLength: minLength ?? defaultStackSpacing) }
}

package struct SpacerNode: ViewNode {
    package let minLength: CGFloat
    package var isCheapToMeasure: Bool { true }
    package var spacerMinLength: CGFloat? { minLength }
    /// Outside a stack a spacer takes what it is offered (its minimum when offered nothing in particular).
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: max(minLength, proposal.width ?? 0), height: max(minLength, proposal.height ?? 0))
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {}
}

/// HStack and VStack layout, SwiftUI's way: the free length along the axis (the proposal minus the
/// spacing) is offered to the children by layout priority, highest first (the lower priorities'
/// minimum lengths held back until their turn), and within a priority from the least flexible child to
/// the most (flexibility: its length offered everything minus its length offered nothing), each getting
/// an equal share of what is left. Across the axis each child is offered the stack's proposal.
package struct LinearStackNode: ViewNode {
    package let horizontal: Bool
    /// The guide across the axis that the children line up on (vertical for a row).
    package let alignment: AlignmentKey
    /// The spacing asked for; nil: each pair of neighbours' preferred distance (`ViewSpacing`).
    package let spacing: CGFloat?
    package let children: [any ViewNode]
    /// The distance after each child but the last, and their sum.
    package let gaps: [CGFloat]
    private let totalGap: CGFloat
    /// A lazy stack draws only the children within `lazyMargin` of what can show (the canvas, or a
    /// scroll view's viewport).
    package var isLazy = false
    package static let lazyMargin: CGFloat = 64

    package let explicitGuides: GuideSet
    /// The children's sizes of the last few layouts, for placing the children without laying them out again.
    private let placements = PlacementMemo()
    /// The children's sizes when each is rigid (and none a spacer): every proposal lays them out so.
    private let rigidChildSizes: [CGSize]?
    /// The alignment's fraction when no child is a spacer or sets the guide itself: each child's guide
    /// is then that fraction of its thickness, found without asking the child.
    private let alignsOnFraction: CGFloat?

    package init(horizontal: Bool, alignment: AlignmentKey, spacing: CGFloat?, children: [any ViewNode], isLazy: Bool = false) {
        self.horizontal = horizontal; self.alignment = alignment
        self.spacing = spacing; self.children = children; self.isLazy = isLazy
        // One pass over the children: their guides, spacers and rigid sizes.
        var guides = GuideSet()
        var rigid: [CGSize]? = []
        rigid!.reserveCapacity(children.count)
        var hasSpacer = false
        for child in children {
            guides.formUnion(child.explicitGuides)
            if child.spacerMinLength != nil { hasSpacer = true; rigid = nil }
            if rigid != nil, let size = child.rigidSize { rigid!.append(size) } else { rigid = nil }
        }
        rigidChildSizes = rigid
        explicitGuides = passedUp(guides, childCount: children.count)
        alignsOnFraction = !hasSpacer && !guides.contains(alignment) ? alignment.fraction : nil
        if let spacing {
            gaps = Array(repeating: spacing, count: max(0, children.count - 1))
        } else {
            let spacings = children.map { TileRender.viewSpacing(of: $0) }
            let axis: Axis = horizontal ? .horizontal : .vertical
            gaps = spacings.indices.dropLast().map { spacings[$0].distance(to: spacings[$0 + 1], along: axis) }
        }
        totalGap = gaps.reduce(0, +)
    }

    package var rigidSize: CGSize? {
        guard let sizes = rigidChildSizes else { return nil }
        return size(of: sizes, line: rigidLine(sizes))
    }

    /// The guide line of the rigid children's sizes, found once.
    private func rigidLine(_ sizes: [CGSize]) -> (guides: [CGFloat], before: CGFloat, after: CGFloat) {
        if let line = placements.rigidLine { return line }
        let line = guideLine(sizes)
        placements.rigidLine = line
        return line
    }

    private func size(of sizes: [CGSize], line: (guides: [CGFloat], before: CGFloat, after: CGFloat)) -> CGSize {
        let length = sizes.reduce(0) { $0 + along($1) } + totalGap
        let thickness = line.before + line.after
        return horizontal ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
    }

    package func isEquivalent(to other: any ViewNode, as match: NodeMatch) -> Bool {
        guard let other = other as? LinearStackNode else { return false }
        return horizontal == other.horizontal && alignment == other.alignment && spacing?.bitPattern == other.spacing?.bitPattern
            && isLazy == other.isLazy && match.children(children, other.children)
    }

    private func along(_ s: CGSize) -> CGFloat { horizontal ? s.width : s.height }
    private func across(_ s: CGSize) -> CGFloat { horizontal ? s.height : s.width }
    private func proposal(along a: CGFloat?, across c: CGFloat?) -> ProposedViewSize {
        horizontal ? ProposedViewSize(width: a, height: c) : ProposedViewSize(width: c, height: a)
    }
    private func childSize(_ child: any ViewNode, along a: CGFloat?, across c: CGFloat?) -> CGSize {
        if let minLength = child.spacerMinLength {
            let length = max(minLength, a ?? minLength)
            return horizontal ? CGSize(width: length, height: 0) : CGSize(width: 0, height: length)
        }
        return child.sizeThatFits(proposal(along: a, across: c))
    }

    /// Each child's size for `proposal`.
    private func layout(_ proposal: ProposedViewSize) -> [CGSize] {
        if let rigidChildSizes { return rigidChildSizes }
        let a = horizontal ? proposal.width : proposal.height
        let c = horizontal ? proposal.height : proposal.width
        let totalSpacing = totalGap
        guard let available = a else {
            return children.map { childSize($0, along: nil, across: c) }
        }
        let minimum = children.map { along(childSize($0, along: 0, across: c)) }
        let flexibility = children.indices.map { i -> CGFloat in
            along(childSize(children[i], along: .infinity, across: c)) - minimum[i]
        }
        // Higher layout priorities first; the lower ones keep their minimum lengths in reserve until
        // their turn. Within a priority, the views other than spacers go first, the least flexible
        // first, each offered an equal share; the spacers' minimum lengths stay in reserve while they
        // do, and the spacers then share what is left (SwiftUI's rule: a spacer yields to the other
        // flexible views of its priority).
        let priority = children.map(\.layoutPriority)
        // One priority (the usual case): no set to make and sort.
        let priorities = priority.allSatisfy({ $0 == priority.first }) ? Array(priority.prefix(1)) : Set(priority).sorted(by: >)
        let isSpacer = children.map { $0.spacerMinLength != nil }
        var reserved = children.indices.reduce(CGFloat(0)) { $0 + minimum[$1] }
        var remaining = max(0, available - totalSpacing)
        var sizes = [CGSize](repeating: .zero, count: children.count)
        func offer(_ indices: [Int]) {
            reserved -= indices.reduce(0) { $0 + minimum[$1] }
            for (n, i) in indices.enumerated() {
                let share = max(0, remaining - reserved) / CGFloat(indices.count - n)
                sizes[i] = childSize(children[i], along: share, across: c)
                remaining = max(0, remaining - along(sizes[i]))
            }
        }
        for p in priorities {
            let group = priorities.count == 1 ? Array(children.indices) : children.indices.filter { priority[$0] == p }
            // The least flexible first (in order when all are as flexible: nothing to sort).
            var views = group.filter { !isSpacer[$0] }
            if let f = views.first.map({ flexibility[$0] }), !views.allSatisfy({ flexibility[$0] == f }) {
                views.sort { flexibility[$0] < flexibility[$1] || (flexibility[$0] == flexibility[$1] && $0 < $1) }
            }
            offer(views)
            // The spacers with the larger minimum lengths first, so that an equal share below one's
            // minimum does not overfill the row.
            offer(group.filter { isSpacer[$0] }
                .sorted { minimum[$0] > minimum[$1] || (minimum[$0] == minimum[$1] && $0 < $1) })
        }
        return sizes
    }

    /// Across the axis: each child's guide position, and the extents before and after the common guide
    /// line (the stack's thickness is their sum).
    private func guideLine(_ sizes: [CGSize]) -> (guides: [CGFloat], before: CGFloat, after: CGFloat) {
        var guides: [CGFloat] = []
        guides.reserveCapacity(children.count)
        var before: CGFloat = 0, after: CGFloat = 0
        if let fraction = alignsOnFraction {
            for size in sizes {
                let thickness = across(size), guide = thickness * fraction
                guides.append(guide)
                before = max(before, guide); after = max(after, thickness - guide)
            }
            return (guides, before, after)
        }
        for (child, size) in zip(children, sizes) {
            // A spacer has no extent across the axis and does not take part.
            let guide = child.spacerMinLength == nil ? child.guide(alignment, in: size) : 0
            guides.append(guide)
            if child.spacerMinLength == nil {
                before = max(before, guide); after = max(after, across(size) - guide)
            }
        }
        return (guides, before, after)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let rigid = rigidSize { return rigid }
        let sizes = layout(proposal)
        let line = guideLine(sizes)
        placements.remember(proposal, sizes: sizes, line: line)
        return size(of: sizes, line: line)
    }

    /// Each child's frame in `rect`: laid out for `rect`'s size, which a parent usually proposed already
    /// (then the children are placed as that layout sized them, without asking them again).
    package func frames(in rect: CGRect) -> [CGRect] {
        let sizes: [CGSize], line: (guides: [CGFloat], before: CGFloat, after: CGFloat)
        if let rigidChildSizes {
            (sizes, line) = (rigidChildSizes, rigidLine(rigidChildSizes))
        } else if let known = placements.layout(placedIn: rect.size) {
            (sizes, line) = (known.sizes, known.line)
        } else {
            sizes = layout(ProposedViewSize(rect.size))
            line = guideLine(sizes)
        }
        // The children's box sits in `rect` as a built-in guide puts a child there (a text baseline or a
        // custom guide: centred), so a stack drawn in more room than it asked for keeps its alignment.
        let room = across(rect.size) - (line.before + line.after)
        let lineAt = (horizontal ? rect.minY : rect.minX) + room * (alignment.fraction ?? 0.5) + line.before
        var position = horizontal ? rect.minX : rect.minY
        var frames: [CGRect] = []
        frames.reserveCapacity(children.count)
        for (index, size) in sizes.enumerated() {
            let crossStart = lineAt - line.guides[index]
            frames.append(horizontal ? CGRect(x: position, y: crossStart, width: size.width, height: size.height)
                                     : CGRect(x: crossStart, y: position, width: size.width, height: size.height))
            position += along(size) + (index < gaps.count ? gaps[index] : 0)
        }
        return frames
    }

    package func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard explicitGuides.contains(key) else { return nil }
        let frames = frames(in: CGRect(origin: .zero, size: size))
        let values = zip(children, frames).compactMap { $0.explicitAlignment(key, at: $1) }
        return key.combined(values, childCount: children.count)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let visible = isLazy ? (context.visibleRect ?? CGRect(origin: .zero, size: context.size))
            .insetBy(dx: -Self.lazyMargin, dy: -Self.lazyMargin) : nil
        let frames = frames(in: rect)
        // By index: iterating a zip copies each child out of the array first.
        for i in children.indices {
            if let visible, !frames[i].applying(context.transform).intersects(visible) { continue }
            children[i].draw(in: frames[i], context: context)
        }
    }
}

/// A thin line across the stack it is in (SwiftUI's `Divider`): horizontal, the width offered, in a
/// `VStack` or outside a stack; vertical, the height offered, in an `HStack`. One point thick, in iOS's
/// separator colour (60, 60, 67 at 29% opacity).
public struct Divider: View, EnvironmentLeafView {
    public typealias Body = Never
    package static var settingsRead: LeafSettings { .stackAxis }
    public init() {}
    /// The line's thickness in points.
    public static let thickness: CGFloat = 1
    package static let color = Color(rgb8: 60, 60, 67, opacity: 0.29)
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { DividerNode(vertical: environment.stackAxis == .horizontal) }
}

package struct DividerNode: ViewNode {
    let vertical: Bool
    package var isCheapToMeasure: Bool { true }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        // Along the line: what is offered (nothing when nothing is; an infinite offer counts as nothing).
        func length(_ v: CGFloat?) -> CGFloat { v.flatMap { $0.isFinite ? max(0, $0) : nil } ?? 0 }
        return vertical ? CGSize(width: Divider.thickness, height: length(proposal.height))
                        : CGSize(width: length(proposal.width), height: Divider.thickness)
    }
    package func draw(in rect: CGRect, context: GraphicsContext) {
        context.fill(Path(rect), with: .color(Divider.color))
    }
}

/// SwiftUI's `LazyVStack`: a `VStack` that draws only the children near what can show (the canvas, or
/// the viewport of the scroll view it is in, within `LinearStackNode.lazyMargin` points). Every child is
/// still measured, so the positions are exact.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let alignment: HorizontalAlignment
    package let spacing: CGFloat?
    package let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var inner = environment
        inner.stackAxis = .vertical
        if let source = content as? any LazyRowsSource {
            return LazyStackNode(horizontal: false, alignment: alignment.key, spacing: spacing, rows: source.lazyRows(inner),
                                 counters: inner.counters)
        }
        return LinearStackNode(horizontal: false, alignment: alignment.key, spacing: spacing,
                               children: makeViewNodes(content, inner), isLazy: true)
    }
}

/// SwiftUI's `LazyHStack`: an `HStack` that draws only the children near what can show (see `LazyVStack`).
public struct LazyHStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    package let alignment: VerticalAlignment
    package let spacing: CGFloat?
    package let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var inner = environment
        inner.stackAxis = .horizontal
        if let source = content as? any LazyRowsSource {
            return LazyStackNode(horizontal: true, alignment: alignment.key, spacing: spacing, rows: source.lazyRows(inner),
                                 counters: inner.counters)
        }
        return LinearStackNode(horizontal: true, alignment: alignment.key, spacing: spacing,
                               children: makeViewNodes(content, inner), isLazy: true)
    }
}

/// Accepted for source compatibility: section headers and footers are not pinned in a still render.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A stack's last few layouts: the proposal and the children's sizes and guides.
/// Drawing a stack in a size it was proposed places the children without measuring them again.
final class PlacementMemo {
    typealias Line = (guides: [CGFloat], before: CGFloat, after: CGFloat)
    private struct Entry {
        var proposal: MemoNode.ProposalKey
        var sizes: [CGSize]
        var line: Line
    }
    /// Few proposals recur for one stack (its share, 0 and infinity, once per parent layout).
    private static let capacity = 4
    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var next = 0
    /// A stack of rigid children: their guide line (the same for every proposal).
    @exclusivity(unchecked) var rigidLine: Line?

    func remember(_ proposal: ProposedViewSize, sizes: [CGSize], line: Line) {
        let entry = Entry(proposal: MemoNode.ProposalKey(proposal), sizes: sizes, line: line)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
    }

    /// The layout of a proposal of exactly `size`. (Only that one: a stack placed in a larger size
    /// than it was proposed offers its children that size across its axis, which is how a `Divider`
    /// spans a column as wide as its widest view.)
    func layout(placedIn size: CGSize) -> (sizes: [CGSize], line: Line)? {
        let key = MemoNode.ProposalKey(size)
        return entries.first(where: { $0.proposal == key }).map { ($0.sizes, $0.line) }
    }
}
