import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// SwiftUI's default space between grid rows and columns.
package let defaultGridSpacing: CGFloat = 8

/// A column of a `LazyVGrid` (SwiftUI's `GridItem`): its size rule, the space after it (8 by default)
/// and how its cells align their views (centred by default).
public struct GridItem: Sendable {
    public enum Size: Sendable {
        /// Exactly this wide.
        case fixed(CGFloat)
        /// A share of the width left by the fixed columns, between the bounds.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many columns of at least `minimum` as fit in this item's share of the width.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }
}

/// A lazy vertical grid (SwiftUI's `LazyVGrid`): its views fill the columns `columns` describe, left to
/// right and then row by row; each row is as tall as its tallest view (each offered its column's width
/// and no particular height). Like `LazyVStack`, it draws only the rows near what can show (the canvas,
/// or its scroll view's viewport, within 64 points). Over a `ForEach` it also makes and measures only
/// those rows, the rows beyond estimated as `LazyVStack` estimates them (see the Layout article); over
/// other content it measures every view.
///
/// Column widths, from the width offered (with none, the columns' minimums): fixed columns take their
/// width; flexible and adaptive items share what is left equally, each within its bounds (an adaptive
/// item's lower bound is its minimum), shares that hit a bound being settled first; an adaptive item then
/// splits its width into as many columns of at least its minimum as fit (at least one), spaced by its
/// spacing. Negative, NaN and infinite sizes count as 0 (an infinite maximum stays unbounded).
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        self.columns = columns; self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        if let source = content as? any LazyRowsSource {
            return LazyGridRowsNode(items: columns, alignment: alignment, rowSpacing: spacing ?? defaultGridSpacing,
                                    rows: source.lazyRows(environment), counters: environment.counters)
        }
        return LazyGridNode(items: columns, alignment: alignment, rowSpacing: spacing ?? defaultGridSpacing,
                            children: makeViewNodes(content, environment))
    }
}

/// One resolved column: its width, the space after it and its cells' alignment.
struct GridColumn: Equatable {
    var width: CGFloat
    var spacing: CGFloat
    var alignment: Alignment
}

package struct LazyGridNode: ViewNode {
    let items: [GridItem]
    let alignment: HorizontalAlignment
    let rowSpacing: CGFloat
    let children: [any ViewNode]

    private static func clean(_ v: CGFloat, infinite: CGFloat = 0) -> CGFloat {
        v.isNaN || v < 0 ? 0 : (v.isInfinite ? infinite : v)
    }

    /// The columns for a width of `available` (nil: each item at its minimum).
    func columns(for available: CGFloat?) -> [GridColumn] {
        guard !items.isEmpty else { return [] }
        let spacings = items.map { Self.clean($0.spacing ?? defaultGridSpacing) }
        var widths = [CGFloat](repeating: 0, count: items.count)
        var open: [Int] = []
        var bounds: [(CGFloat, CGFloat)] = []
        for (i, item) in items.enumerated() {
            switch item.size {
            case .fixed(let w): widths[i] = Self.clean(w); bounds.append((widths[i], widths[i]))
            case .flexible(let lo, let hi), .adaptive(let lo, let hi):
                let low = Self.clean(lo), high = max(low, Self.clean(hi, infinite: .infinity))
                bounds.append((low, high)); open.append(i)
            }
        }
        if let available, available.isFinite {
            var left = max(0, available) - widths.reduce(0, +) - spacings.dropLast().reduce(0, +)
            // Share out, settling shares that a bound clamps first.
            while !open.isEmpty {
                let share = max(0, left) / CGFloat(open.count)
                if let i = open.first(where: { share < bounds[$0].0 || share > bounds[$0].1 }) {
                    widths[i] = min(max(share, bounds[i].0), bounds[i].1)
                    left -= widths[i]
                    open.removeAll { $0 == i }
                    continue
                }
                for i in open { widths[i] = share }
                open.removeAll()
            }
        } else {
            for i in open { widths[i] = bounds[i].0 }
        }
        var columns: [GridColumn] = []
        for (i, item) in items.enumerated() {
            let cellAlignment = item.alignment ?? .center
            if case .adaptive(let lo, let hi) = item.size {
                let minimum = Self.clean(lo), maximum = max(minimum, Self.clean(hi, infinite: .infinity))
                let count = max(1, min(10_000, Int(((widths[i] + spacings[i]) / max(minimum + spacings[i], 1e-9)).rounded(.down))))
                let each = min(maximum, max(0, (widths[i] - spacings[i] * CGFloat(count - 1)) / CGFloat(count)))
                columns += Array(repeating: GridColumn(width: each, spacing: spacings[i], alignment: cellAlignment), count: count)
            } else {
                columns.append(GridColumn(width: widths[i], spacing: spacings[i], alignment: cellAlignment))
            }
        }
        return columns
    }

    private struct Layout {
        var columns: [GridColumn]
        var rowHeights: [CGFloat]
        var width: CGFloat
        var height: CGFloat
    }

    private func layout(_ proposal: ProposedViewSize) -> Layout {
        let columns = columns(for: proposal.width)
        guard !columns.isEmpty else { return Layout(columns: [], rowHeights: [], width: 0, height: 0) }
        var heights: [CGFloat] = []
        heights.reserveCapacity(children.count / columns.count + 1)
        for (k, child) in children.enumerated() {
            let h = child.sizeThatFits(ProposedViewSize(width: columns[k % columns.count].width, height: nil)).height
            if k % columns.count == 0 { heights.append(0) }
            heights[heights.count - 1] = max(heights[heights.count - 1], Self.clean(h))
        }
        let width = columns.reduce(0) { $0 + $1.width } + columns.dropLast().reduce(0) { $0 + $1.spacing }
        let height = heights.reduce(0, +) + rowSpacing * CGFloat(max(0, heights.count - 1))
        return Layout(columns: columns, rowHeights: heights, width: width, height: height)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        let l = layout(proposal)
        return CGSize(width: l.width, height: l.height)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let l = layout(ProposedViewSize(rect.size))
        guard !l.columns.isEmpty else { return }
        let visible = (context.visibleRect ?? CGRect(origin: .zero, size: context.size))
            .insetBy(dx: -LinearStackNode.lazyMargin, dy: -LinearStackNode.lazyMargin)
        let left = rect.minX + (rect.width - l.width) * (alignment.key.fraction ?? 0.5)
        var top = rect.minY
        for (row, height) in l.rowHeights.enumerated() {
            defer { top += height + rowSpacing }
            let rowRect = CGRect(x: left, y: top, width: l.width, height: height)
            if !rowRect.applying(context.transform).intersects(visible) { continue }
            var x = left
            for (column, item) in l.columns.enumerated() {
                let index = row * l.columns.count + column
                guard index < children.count else { break }
                let child = children[index]
                let cell = CGRect(x: x, y: top, width: item.width, height: height)
                let size = child.sizeThatFits(ProposedViewSize(width: item.width, height: nil))
                child.draw(in: item.alignment.place(child.dimensions(in: size), in: cell), context: context)
                x += item.width + item.spacing
            }
        }
    }
}

// MARK: - Grid

/// A grid of rows and columns (SwiftUI's `Grid`): each `GridRow` puts its views in successive columns;
/// any other view is a row of its own across the whole grid. A column is as wide as its widest cell and
/// a row as tall as its tallest cell, measured at their ideal sizes; when the grid is offered more (a
/// finite width or height), the columns (rows) with a flexible cell share the extra equally. Cells
/// align their views by the grid's alignment (centred by default); a row's vertical alignment is the
/// `GridRow`'s when it sets one, a column's horizontal alignment that of `gridColumnAlignment(_:)` on
/// one of its cells (the topmost, if several set it), and a cell's view with `gridCellAnchor(_:)` puts
/// that point of itself on the same point of its cell. Spacing is 8 points both ways by default.
public struct Grid<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        GridNode(alignment: alignment, columnSpacing: horizontalSpacing ?? defaultGridSpacing,
                 rowSpacing: verticalSpacing ?? defaultGridSpacing, rows: makeViewNodes(content, environment))
    }
}

/// A row of a `Grid` (SwiftUI's `GridRow`): its views go in successive columns.
public struct GridRow<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: VerticalAlignment?
    let content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        GridRowNode(alignment: alignment, cells: makeViewNodes(content, environment))
    }
}

/// A `GridRow` outside a `Grid` lays its cells out as an `HStack` would.
package struct GridRowNode: ViewNode {
    let alignment: VerticalAlignment?
    let cells: [any ViewNode]
    private var stack: LinearStackNode {
        LinearStackNode(horizontal: true, alignment: (alignment ?? .center).key, spacing: defaultGridSpacing, children: cells)
    }
    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { stack.sizeThatFits(proposal) }
    package func draw(in rect: CGRect, context: GraphicsContext) { stack.draw(in: rect, context: context) }
}

package struct GridNode: ViewNode {
    let alignment: Alignment
    let columnSpacing: CGFloat
    let rowSpacing: CGFloat
    /// One cell: its view, its first column, how many columns it spans (`gridCellColumns`) and the
    /// point of the cell its view is anchored at (`gridCellAnchor`; nil: the alignment places it).
    struct Cell { let node: any ViewNode; let column: Int; let span: Int; var anchor: UnitPoint? = nil }
    /// Each row's cells (one cell spanning the grid for a view that is not a `GridRow`).
    let rows: [(cells: [Cell], alignment: VerticalAlignment?, spans: Bool)]
    let columnCount: Int
    /// Each column's horizontal alignment set with `gridColumnAlignment` (nil: the grid's).
    let columnAlignments: [HorizontalAlignment?]

    init(alignment: Alignment, columnSpacing: CGFloat, rowSpacing: CGFloat, rows nodes: [any ViewNode]) {
        self.alignment = alignment; self.columnSpacing = columnSpacing; self.rowSpacing = rowSpacing
        rows = nodes.map { node in
            guard let row = GridNode.gridRow(node) else { return ([Cell(node: node, column: 0, span: 0)], nil, true) }
            var column = 0
            let cells = row.cells.map { cell -> Cell in
                let span = max(1, min(GridNode.maxSpan, layoutValue(ObjectIdentifier(GridCellColumnsKey.self), of: cell) as? Int ?? 1))
                defer { column += span }
                let anchor = layoutValue(ObjectIdentifier(GridCellAnchorKey.self), of: cell) as? UnitPoint
                return Cell(node: cell, column: column, span: span, anchor: anchor.flatMap { $0.x.isFinite && $0.y.isFinite ? $0 : nil })
            }
            return (cells, row.alignment, false)
        }
        columnCount = rows.filter { !$0.spans }.map { $0.cells.last.map { $0.column + $0.span } ?? 0 }.max() ?? 0
        var alignments = [HorizontalAlignment?](repeating: nil, count: columnCount)
        for row in rows where !row.spans {
            for cell in row.cells where alignments[cell.column] == nil {
                alignments[cell.column] = layoutValue(ObjectIdentifier(GridColumnAlignmentKey.self), of: cell.node) as? HorizontalAlignment
            }
        }
        columnAlignments = alignments
    }

    /// A span is at most this many columns (a larger `gridCellColumns` is clamped).
    static let maxSpan = 1_000

    /// The `GridRow` a node is, looking through the layout snapshot's probe.
    private static func gridRow(_ node: any ViewNode) -> GridRowNode? {
        var current: (any ViewNode)? = node
        while let n = current {
            if let row = n as? GridRowNode { return row }
            current = n.wrappedNode
        }
        return nil
    }

    /// The width of `span` columns from `column`, with the spacing between them.
    private func width(_ widths: [CGFloat], _ column: Int, _ span: Int) -> CGFloat {
        widths[column..<(column + span)].reduce(0, +) + columnSpacing * CGFloat(span - 1)
    }

    private struct Layout { var widths: [CGFloat]; var heights: [CGFloat]; var size: CGSize }

    private func layout(_ proposal: ProposedViewSize) -> Layout {
        let n = columnCount
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        var widths = [CGFloat](repeating: 0, count: n)
        var flexibleColumn = [Bool](repeating: false, count: n)
        // Single-column cells size their columns; a spanning cell wider than its columns widens the
        // last of them.
        for row in rows where !row.spans {
            for cell in row.cells where cell.span == 1 {
                let ideal = cell.node.sizeThatFits(.unspecified).width
                widths[cell.column] = max(widths[cell.column], clean(ideal))
                if cell.node.sizeThatFits(ProposedViewSize(width: .infinity, height: nil)).width > ideal { flexibleColumn[cell.column] = true }
            }
        }
        for row in rows where !row.spans {
            for cell in row.cells where cell.span > 1 {
                let ideal = clean(cell.node.sizeThatFits(.unspecified).width)
                let have = width(widths, cell.column, cell.span)
                if ideal > have { widths[cell.column + cell.span - 1] += ideal - have }
            }
        }
        let spacingX = columnSpacing * CGFloat(max(0, n - 1))
        if let w = proposal.width, w.isFinite {
            let extra = w - spacingX - widths.reduce(0, +)
            let flexible = flexibleColumn.filter { $0 }.count
            if extra > 0 && flexible > 0 {
                for c in 0..<n where flexibleColumn[c] { widths[c] += extra / CGFloat(flexible) }
            }
        }
        let gridWidth = widths.reduce(0, +) + spacingX
        var heights: [CGFloat] = []
        var flexibleRow: [Bool] = []
        for row in rows {
            var h: CGFloat = 0, flexible = false
            for cell in row.cells {
                let w = row.spans ? gridWidth : width(widths, cell.column, cell.span)
                let ideal = cell.node.sizeThatFits(ProposedViewSize(width: w, height: nil)).height
                h = max(h, clean(ideal))
                if cell.node.sizeThatFits(ProposedViewSize(width: w, height: .infinity)).height > ideal { flexible = true }
            }
            heights.append(h); flexibleRow.append(flexible)
        }
        let spacingY = rowSpacing * CGFloat(max(0, rows.count - 1))
        if let hp = proposal.height, hp.isFinite {
            let extra = hp - spacingY - heights.reduce(0, +)
            let flexible = flexibleRow.filter { $0 }.count
            if extra > 0 && flexible > 0 {
                for r in heights.indices where flexibleRow[r] { heights[r] += extra / CGFloat(flexible) }
            }
        }
        return Layout(widths: widths, heights: heights, size: CGSize(width: gridWidth, height: heights.reduce(0, +) + spacingY))
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { layout(proposal).size }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        let l = layout(ProposedViewSize(rect.size))
        let origin = alignment.place(l.size, in: rect).origin
        var y = origin.y
        // Each column's left edge.
        var columnX: [CGFloat] = []
        columnX.reserveCapacity(l.widths.count)
        var left = origin.x
        for w in l.widths { columnX.append(left); left += w + columnSpacing }
        for (r, row) in rows.enumerated() {
            for cell in row.cells {
                let x = row.spans ? origin.x : columnX[cell.column]
                let w = row.spans ? l.size.width : width(l.widths, cell.column, cell.span)
                let frame = CGRect(x: x, y: y, width: w, height: l.heights[r])
                let size = cell.node.sizeThatFits(ProposedViewSize(frame.size))
                if let anchor = cell.anchor {
                    let placed = CGPoint(x: frame.minX + anchor.x * (frame.width - size.width),
                                         y: frame.minY + anchor.y * (frame.height - size.height))
                    cell.node.draw(in: CGRect(origin: placed, size: size), context: context)
                    continue
                }
                let horizontal = row.spans ? alignment.horizontal : columnAlignments[cell.column] ?? alignment.horizontal
                let cellAlignment = Alignment(horizontal: horizontal, vertical: row.alignment ?? alignment.vertical)
                cell.node.draw(in: cellAlignment.place(cell.node.dimensions(in: size), in: frame), context: context)
            }
            y += l.heights[r] + rowSpacing
        }
    }
}

/// `gridCellColumns(_:)`'s layout value.
private enum GridCellColumnsKey: LayoutValueKey { static let defaultValue = 1 }
/// `gridCellAnchor(_:)`'s layout value.
private enum GridCellAnchorKey: LayoutValueKey { static let defaultValue: UnitPoint? = nil }
/// `gridColumnAlignment(_:)`'s layout value.
private enum GridColumnAlignmentKey: LayoutValueKey { static let defaultValue: HorizontalAlignment? = nil }

extension View {
    /// In a `GridRow`, the view takes `count` columns (at least 1; at most 1,000).
    public func gridCellColumns(_ count: Int) -> _ModifiedView<Self> { layoutValue(key: GridCellColumnsKey.self, value: count) }
    /// In a `Grid`, every cell of this view's column aligns horizontally by `guide` (a column whose
    /// cells set different guides takes the topmost one's).
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> _ModifiedView<Self> {
        layoutValue(key: GridColumnAlignmentKey.self, value: guide)
    }
    /// In a `Grid`, the view's `anchor` point goes on the same point of its cell (`.topLeading`: the
    /// cell's top-left corner), instead of the alignment placing it. A non-finite anchor is ignored.
    public func gridCellAnchor(_ anchor: UnitPoint) -> _ModifiedView<Self> { layoutValue(key: GridCellAnchorKey.self, value: anchor) }
    /// Accepted for source compatibility: a view outside a `GridRow` already spans the grid and takes
    /// the grid's width, not its own (what `.gridCellUnsizedAxes(.horizontal)` asks for a `Divider`).
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> _ModifiedView<Self> { modified(EnvironmentModifier { _ in }) }
}
