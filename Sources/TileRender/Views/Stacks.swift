import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// SwiftUI's default spacing between stacked views.
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

package struct ZStackNode: ViewNode {
    package let alignment: Alignment
    package let children: [any ViewNode]

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        var size = CGSize.zero
        for child in children {
            let s = child.sizeThatFits(proposal)
            size.width = max(size.width, s.width); size.height = max(size.height, s.height)
        }
        return size
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let proposal = ProposedViewSize(rect.size)
        for child in children {
            child.draw(in: alignment.place(child.sizeThatFits(proposal), in: rect), context: context)
        }
    }
}

/// Views in a row, `spacing` apart (8 by default), aligned vertically (centred by default).
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
        return LinearStackNode(horizontal: true, alignment: alignment.fraction, baseline: alignment.baseline,
                               spacing: spacing ?? defaultStackSpacing,
                               children: makeViewNodes(content, inner))
    }
}

/// Views in a column, `spacing` apart (8 by default), aligned horizontally (centred by default).
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
        return LinearStackNode(horizontal: false, alignment: alignment.fraction, spacing: spacing ?? defaultStackSpacing,
                               children: makeViewNodes(content, inner))
    }
}

/// A flexible space along a stack's axis (at least `minLength`, 8 by default); nothing across it.
public struct Spacer: View, PrimitiveView {
    public typealias Body = Never
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { SpacerNode(minLength: minLength ?? defaultStackSpacing) }
}

package struct SpacerNode: ViewNode {
    package let minLength: CGFloat
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
    package let alignment: CGFloat
    /// A row aligned on its texts' first or last baselines.
    package var baseline: VerticalAlignment.TextBaseline? = nil
    package let spacing: CGFloat
    package let children: [any ViewNode]
    /// A lazy stack draws only the children within `lazyMargin` of what can show (the canvas, or a
    /// scroll view's viewport).
    package var isLazy = false
    package static let lazyMargin: CGFloat = 64

    package init(horizontal: Bool, alignment: CGFloat, baseline: VerticalAlignment.TextBaseline? = nil,
                 spacing: CGFloat, children: [any ViewNode], isLazy: Bool = false) {
        self.horizontal = horizontal; self.alignment = alignment; self.baseline = baseline
        self.spacing = spacing; self.children = children; self.isLazy = isLazy
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
        let a = horizontal ? proposal.width : proposal.height
        let c = horizontal ? proposal.height : proposal.width
        let totalSpacing = spacing * CGFloat(max(0, children.count - 1))
        guard let available = a else {
            return children.map { childSize($0, along: nil, across: c) }
        }
        let minimum = children.map { along(childSize($0, along: 0, across: c)) }
        let flexibility = children.indices.map { i -> CGFloat in
            along(childSize(children[i], along: .infinity, across: c)) - minimum[i]
        }
        // Higher layout priorities first; the lower ones keep their minimum lengths in reserve until
        // their turn. Within a priority, the least flexible first, each offered an equal share.
        let priorities = Set(children.map(\.layoutPriority)).sorted(by: >)
        var reserved = children.indices.reduce(CGFloat(0)) { $0 + minimum[$1] }
        var remaining = max(0, available - totalSpacing)
        var sizes = [CGSize](repeating: .zero, count: children.count)
        for priority in priorities {
            let group = children.indices.filter { children[$0].layoutPriority == priority }
                .sorted { flexibility[$0] < flexibility[$1] || (flexibility[$0] == flexibility[$1] && $0 < $1) }
            reserved -= group.reduce(0) { $0 + minimum[$1] }
            for (n, i) in group.enumerated() {
                let share = max(0, remaining - reserved) / CGFloat(group.count - n)
                sizes[i] = childSize(children[i], along: share, across: c)
                remaining = max(0, remaining - along(sizes[i]))
            }
        }
        return sizes
    }

    /// For a baseline-aligned row: each child's baseline, and the extents above and below the common one.
    private func baselineRow(_ sizes: [CGSize], _ which: VerticalAlignment.TextBaseline) -> (baselines: [CGFloat], above: CGFloat, below: CGFloat) {
        let baselines = zip(children, sizes).map { $0.baseline(which, in: $1) }
        let above = baselines.max() ?? 0
        let below = zip(baselines, sizes).map { $1.height - $0 }.max() ?? 0
        return (baselines, above, below)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let sizes = layout(proposal)
        let length = sizes.reduce(0) { $0 + along($1) } + spacing * CGFloat(max(0, children.count - 1))
        var thickness = sizes.reduce(0) { max($0, across($1)) }
        if horizontal, let baseline {
            let row = baselineRow(sizes, baseline)
            thickness = row.above + row.below
        }
        return horizontal ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
    }

    package func textBaselines(in size: CGSize) -> (first: CGFloat, last: CGFloat)? {
        // A column's first baseline is its first text child's, its last the last one's; a row's are
        // those of its tallest-reaching text, simply the first child with text here.
        let sizes = layout(ProposedViewSize(size))
        var position: CGFloat = 0
        var found: [(CGFloat, CGFloat)] = []
        for (child, s) in zip(children, sizes) {
            if let b = child.textBaselines(in: s) {
                found.append(horizontal ? (b.first, b.last) : (position + b.first, position + b.last))
            }
            position += along(s) + spacing
        }
        guard let first = found.first, let last = found.last else { return nil }
        return horizontal ? first : (first.0, last.1)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let sizes = layout(ProposedViewSize(rect.size))
        var position = horizontal ? rect.minX : rect.minY
        let visible = isLazy ? (context.visibleRect ?? CGRect(origin: .zero, size: context.size))
            .insetBy(dx: -Self.lazyMargin, dy: -Self.lazyMargin) : nil
        let row = horizontal ? baseline.map { baselineRow(sizes, $0) } : nil
        for (index, (child, size)) in zip(children, sizes).enumerated() {
            let frame: CGRect
            if horizontal, let row {
                // The common baseline sits `above` below the top of the row's box, which is centred in rect.
                let top = rect.minY + (rect.height - (row.above + row.below)) / 2
                frame = CGRect(x: position, y: top + row.above - row.baselines[index], width: size.width, height: size.height)
            } else if horizontal {
                frame = CGRect(x: position, y: rect.minY + (rect.height - size.height) * alignment, width: size.width, height: size.height)
            } else {
                frame = CGRect(x: rect.minX + (rect.width - size.width) * alignment, y: position, width: size.width, height: size.height)
            }
            if let visible, !frame.applying(context.transform).intersects(visible) {
                position += along(size) + spacing
                continue
            }
            child.draw(in: frame, context: context)
            position += along(size) + spacing
        }
    }
}

/// A thin line across the stack it is in (SwiftUI's `Divider`): horizontal, the width offered, in a
/// `VStack` or outside a stack; vertical, the height offered, in an `HStack`. One point thick, in iOS's
/// separator colour (60, 60, 67 at 29% opacity).
public struct Divider: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    /// The line's thickness in points.
    public static let thickness: CGFloat = 1
    package static let color = Color(rgb8: 60, 60, 67, opacity: 0.29)
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { DividerNode(vertical: environment.stackAxis == .horizontal) }
}

package struct DividerNode: ViewNode {
    let vertical: Bool
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
        return LinearStackNode(horizontal: false, alignment: alignment.fraction, spacing: spacing ?? defaultStackSpacing,
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
        return LinearStackNode(horizontal: true, alignment: alignment.fraction, baseline: alignment.baseline,
                               spacing: spacing ?? defaultStackSpacing, children: makeViewNodes(content, inner), isLazy: true)
    }
}

/// Accepted for source compatibility: section headers and footers are not pinned in a still render.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}
