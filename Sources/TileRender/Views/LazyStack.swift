import Foundation
import TileRenderGeometry
import TileRenderPipeline

// Lazy stacks over a `ForEach`: rows are made, measured and drawn only near what shows, as SwiftUI's
// lazy stacks do (see the Layout article, "Lazy stacks").

/// Rows that a lazy stack can count without making them, and make one at a time.
package struct LazyRows {
    package let count: Int
    package let make: (Int) -> [any ViewNode]
}

/// A view whose rows a lazy stack can make one at a time (`ForEach`).
package protocol LazyRowsSource {
    func lazyRows(_ environment: ViewEnvironment) -> LazyRows
}

extension ForEach: LazyRowsSource {
    package func lazyRows(_ environment: ViewEnvironment) -> LazyRows {
        // Rows are made when they come near the viewport, after the graph's build, each at a place of
        // its own under the container's (by its id), so its state lives as long as the container's
        // place. The container's place is held weakly: its node (which holds these rows) is its own.
        let data = self.data, content = self.content, id = self.id
        let graph = environment.graph.map { WeakGraph($0.graph) }, parent = environment.graph.map { WeakGraphNode($0.parent) }
        var detached = environment
        detached.detach()  // the closure keeps no strong reference to the graph
        return LazyRows(count: data.count) { i in
            let element = data[data.index(data.startIndex, offsetBy: i)]
            var rowEnvironment = detached
            if let graph = graph?.graph, let parent = parent?.node {
                rowEnvironment.graph = GraphContext(graph: graph, parent: parent, lazy: true)
                rowEnvironment.explicitID = ExplicitID(element[keyPath: id])
                rowEnvironment.lazyRow = i
            }
            return makeViewNodes(content(element), rowEnvironment)
        }
    }
}

/// A `LazyVStack` or `LazyHStack` over rows made on demand.
///
/// Rows get their ideal length along the axis and the stack's proposal across it. Offsets are exact for
/// the rows measured so far: they are measured in order from the first, as far as the viewport needs.
/// Rows beyond are counted at the mean measured length (the stack's length is an estimate until then).
/// A viewport more than `maxMeasuredAhead` rows past the measured ones is placed by that estimate, so a
/// jump to the end of ten million rows costs what it shows. Across the axis the stack is as thick as its
/// first row, as SwiftUI's lazy stacks are.
package final class LazyStackNode: ViewNode {
    let horizontal: Bool
    let alignment: AlignmentKey
    /// The spacing asked for; nil: each pair of neighbouring rows' preferred distance (`ViewSpacing`).
    let spacing: CGFloat?
    let rows: LazyRows
    private let counters: GraphCounterBox?

    /// Rows made and still kept (those near the last viewport).
    private var built: [Int: any ViewNode] = [:]
    /// The cross-axis proposal the measurements are for (nil until the first).
    private var acrossKey: (isNil: Bool, bits: UInt)?
    private var across: CGFloat? { acrossKey.flatMap { $0.isNil ? nil : CGFloat(bitPattern: $0.bits) } }
    /// The rows measured so far.
    private var measured = MeasuredRows()
    private var firstThickness: CGFloat = 0

    /// Rows measured at most ahead of the last measured row to reach a viewport (else estimated).
    package static let maxMeasuredAhead = 2_000
    /// Rows kept made beyond the viewport on each side.
    package static let keptMargin = 64

    init(horizontal: Bool, alignment: AlignmentKey, spacing: CGFloat?, rows: LazyRows, counters: GraphCounterBox?) {
        self.horizontal = horizontal; self.alignment = alignment; self.spacing = spacing; self.rows = rows
        self.counters = counters
    }

    private func proposal(across c: CGFloat?) -> ProposedViewSize {
        horizontal ? ProposedViewSize(width: nil, height: c) : ProposedViewSize(width: c, height: nil)
    }
    private func along(_ s: CGSize) -> CGFloat { horizontal ? s.width : s.height }
    private func thickness(_ s: CGSize) -> CGFloat { horizontal ? s.height : s.width }

    private func row(_ i: Int) -> any ViewNode {
        if let node = built[i] { return node }
        counters?.counts.lazyRowsMade += 1
        let nodes = rows.make(i)
        let node: any ViewNode = nodes.count == 1 ? nodes[0]
            : MemoNode(LinearStackNode(horizontal: horizontal, alignment: alignment, spacing: spacing, children: nodes), counters: counters)
        built[i] = node
        return node
    }

    private func size(ofRow i: Int) -> CGSize { row(i).sizeThatFits(proposal(across: across)) }

    /// Starts over when the proposal across the axis changes (every row's length may change).
    private func prepare(across c: CGFloat?) {
        let key = (isNil: c == nil, bits: c?.bitPattern ?? 0)
        if let known = acrossKey, known == key { return }
        acrossKey = key
        measured.reset()
        firstThickness = rows.count > 0 ? thickness(size(ofRow: 0)) : 0
    }

    /// The distance between row `i` and the next (none after the last).
    private func gap(after i: Int) -> CGFloat {
        guard i + 1 < rows.count else { return 0 }
        if let spacing { return spacing }
        return viewSpacing(of: row(i)).distance(to: viewSpacing(of: row(i + 1)), along: horizontal ? .horizontal : .vertical)
    }

    /// Row `i`'s length along the axis and the gap after it.
    private func measuredRow(_ i: Int) -> (length: CGFloat, gap: CGFloat) { (along(size(ofRow: i)), gap(after: i)) }

    private var estimatedLength: CGFloat {
        measured.length(of: rows.count, trailingGap: spacing ?? 0, measuredRow)
    }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        prepare(across: horizontal ? proposal.height : proposal.width)
        let length = estimatedLength
        return horizontal ? CGSize(width: length, height: firstThickness) : CGSize(width: firstThickness, height: length)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        guard rows.count > 0 else { return }
        prepare(across: horizontal ? rect.height : rect.width)
        // What can show, in the stack's coordinates along its axis.
        let canvas = context.visibleRect ?? CGRect(origin: .zero, size: context.size)
        let local = canvas.insetBy(dx: -LinearStackNode.lazyMargin, dy: -LinearStackNode.lazyMargin)
            .applying(context.transform.inverted())
        let origin = horizontal ? rect.minX : rect.minY
        let lo = (horizontal ? local.minX : local.minY) - origin, hi = (horizontal ? local.maxX : local.maxY) - origin
        guard lo.isFinite, hi.isFinite, hi >= 0 else { return }
        let first = measured.firstRow(from: lo, of: rows.count, measuredRow)
        var position = measured.start(ofRow: first, of: rows.count, measuredRow)
        var i = first
        let fraction = alignment.fraction ?? 0.5
        while i < rows.count, position <= hi {
            if i == measured.count { measured.measure(through: i, of: rows.count, measuredRow) }
            let size = size(ofRow: i)
            let room = (horizontal ? rect.height : rect.width) - thickness(size)
            let frame = horizontal
                ? CGRect(x: rect.minX + position, y: rect.minY + room * fraction, width: size.width, height: size.height)
                : CGRect(x: rect.minX + room * fraction, y: rect.minY + position, width: size.width, height: size.height)
            if position + along(size) >= lo { row(i).draw(in: frame, context: context) }
            // (A row past a far jump is not measured: its gap is asked for.)
            position += along(size) + (i < measured.count ? measured.gap(after: i) : gap(after: i))
            i += 1
        }
        // Rows far from this viewport are dropped (made again if they come back).
        if built.count > 4 * Self.keptMargin {
            let keep = (first - Self.keptMargin)...(i + Self.keptMargin)
            built = built.filter { keep.contains($0.key) }
        }
    }
}

/// A lazy container's rows measured in order from the first: where each starts, and the mean pitch
/// (length and the gap after it) at which the rows beyond are estimated. `row(i)` measures row i.
struct MeasuredRows {
    /// `offsets[i]`: where row i starts (0 for the first), for rows 0...count; the last entry is where
    /// the next row would start.
    private var offsets: [CGFloat] = [0]
    private var lengths: [CGFloat] = []
    typealias Measure = (Int) -> (length: CGFloat, gap: CGFloat)

    /// How many rows are measured.
    var count: Int { lengths.count }

    mutating func reset() { offsets = [0]; lengths = [] }

    /// Measures rows in order through row `index` (or the last of `total`).
    mutating func measure(through index: Int, of total: Int, _ row: Measure) {
        let last = min(index, total - 1)
        while lengths.count <= last {
            let (length, gap) = row(lengths.count)
            lengths.append(length)
            offsets.append(offsets[offsets.count - 1] + length + gap)
        }
    }

    /// A measured row's length (0 for one not measured).
    func length(ofRow i: Int) -> CGFloat { i < lengths.count ? lengths[i] : 0 }

    /// The gap after a measured row (0 for one not measured).
    func gap(after i: Int) -> CGFloat { i < lengths.count ? offsets[i + 1] - offsets[i] - lengths[i] : 0 }

    /// The mean pitch of the rows measured (the first is measured if none is).
    mutating func pitch(of total: Int, _ row: Measure) -> CGFloat {
        if lengths.isEmpty { measure(through: 0, of: total, row) }
        return lengths.isEmpty ? 0 : offsets[lengths.count] / CGFloat(lengths.count)
    }

    /// The length of all `total` rows: exact once all are measured, else the rows beyond at the pitch,
    /// less the `trailingGap` the pitch counts after the last row.
    mutating func length(of total: Int, trailingGap: CGFloat, _ row: Measure) -> CGFloat {
        guard total > 0 else { return 0 }
        if lengths.count == total { return offsets[total] }
        let pitch = pitch(of: total, row)
        return offsets[lengths.count] + CGFloat(total - lengths.count) * pitch - trailingGap
    }

    /// Row `i`'s start: exact when measured, else estimated from the last measured row.
    mutating func start(ofRow i: Int, of total: Int, _ row: Measure) -> CGFloat {
        if i <= lengths.count { return offsets[i] }
        return offsets[lengths.count] + CGFloat(i - lengths.count) * pitch(of: total, row)
    }

    /// The first row that can show from `lo` on: found among the measured rows, measured up to, or
    /// (more than `LazyStackNode.maxMeasuredAhead` rows past the measured ones) estimated.
    mutating func firstRow(from lo: CGFloat, of total: Int, _ row: Measure) -> Int {
        if lo <= offsets[lengths.count] { return max(0, offsets.partitioningIndex { $0 > lo } - 1) }
        let ahead = Int(min(Double(total), Double((lo - offsets[lengths.count]) / max(pitch(of: total, row), 1e-6))))
        guard ahead <= LazyStackNode.maxMeasuredAhead else { return min(total - 1, lengths.count + ahead) }
        measure(through: lengths.count + ahead, of: total, row)
        return max(0, min(lengths.count - 1, offsets.partitioningIndex { $0 > lo } - 1))
    }
}

extension Array where Element == CGFloat {
    /// The first index whose element satisfies `predicate`, for a predicate false then true along the
    /// (sorted) array.
    fileprivate func partitioningIndex(where predicate: (CGFloat) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if predicate(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

/// A `LazyVGrid` over items made on demand (a `ForEach`): the same columns and rows as `LazyGridNode`,
/// but only the rows near what can show are made, measured and drawn. Rows are measured in order from
/// the first, as far as the viewport needs; the rows beyond count at the mean measured pitch (the
/// grid's height is an estimate until they are measured), and a viewport more than
/// `LazyStackNode.maxMeasuredAhead` rows past the measured ones is placed by that estimate. Each item
/// takes one cell (an item that makes several views is a `ZStack` of them).
package final class LazyGridRowsNode: ViewNode {
    let grid: LazyGridNode
    let items: LazyRows
    private let counters: GraphCounterBox?

    /// Items made and still kept.
    private var built: [Int: any ViewNode] = [:]
    /// The width the columns are for, and the columns.
    private var widthKey: (isNil: Bool, bits: UInt)?
    private var columns: [GridColumn] = []
    /// The rows measured so far.
    private var measured = MeasuredRows()

    init(items: [GridItem], alignment: HorizontalAlignment, rowSpacing: CGFloat, rows: LazyRows, counters: GraphCounterBox?) {
        grid = LazyGridNode(items: items, alignment: alignment, rowSpacing: rowSpacing, children: [])
        self.items = rows
        self.counters = counters
    }

    private var rowCount: Int { columns.isEmpty ? 0 : (items.count + columns.count - 1) / columns.count }

    private func item(_ k: Int) -> any ViewNode {
        if let node = built[k] { return node }
        counters?.counts.lazyRowsMade += 1
        let nodes = items.make(k)
        let node: any ViewNode = nodes.count == 1 ? nodes[0] : MemoNode(ZStackNode(alignment: .center, children: nodes), counters: counters)
        built[k] = node
        return node
    }

    private func itemSize(_ k: Int) -> CGSize {
        item(k).sizeThatFits(ProposedViewSize(width: columns[k % columns.count].width, height: nil))
    }

    /// Starts over when the width changes (the columns, and so every row, may change).
    private func prepare(width: CGFloat?) {
        let key = (isNil: width == nil, bits: width?.bitPattern ?? 0)
        if let known = widthKey, known == key { return }
        widthKey = key
        let newColumns = grid.columns(for: width)
        if newColumns.count != columns.count { built = [:] }
        columns = newColumns
        measured.reset()
    }

    /// Row `r`'s height (its tallest item's) and the spacing after it (none after the last).
    private func measuredRow(_ r: Int) -> (length: CGFloat, gap: CGFloat) {
        var height: CGFloat = 0
        for k in (r * columns.count)..<min(items.count, (r + 1) * columns.count) {
            let h = itemSize(k).height
            height = max(height, h.isNaN || h < 0 ? 0 : (h.isInfinite ? 0 : h))
        }
        return (height, r + 1 < rowCount ? grid.rowSpacing : 0)
    }

    private var width: CGFloat { columns.reduce(0) { $0 + $1.width } + columns.dropLast().reduce(0) { $0 + $1.spacing } }

    private var estimatedHeight: CGFloat { measured.length(of: rowCount, trailingGap: grid.rowSpacing, measuredRow) }

    package func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        prepare(width: proposal.width)
        return CGSize(width: width, height: estimatedHeight)
    }

    package func draw(in rect: CGRect, context: GraphicsContext) {
        prepare(width: rect.width)
        let rows = rowCount
        guard rows > 0 else { return }
        let canvas = context.visibleRect ?? CGRect(origin: .zero, size: context.size)
        let local = canvas.insetBy(dx: -LinearStackNode.lazyMargin, dy: -LinearStackNode.lazyMargin)
            .applying(context.transform.inverted())
        let lo = local.minY - rect.minY, hi = local.maxY - rect.minY
        guard lo.isFinite, hi.isFinite, hi >= 0 else { return }
        let first = measured.firstRow(from: lo, of: rows, measuredRow)
        let left = rect.minX + (rect.width - width) * (grid.alignment.key.fraction ?? 0.5)
        var top = measured.start(ofRow: first, of: rows, measuredRow)
        var r = first
        while r < rows, top <= hi {
            if r == measured.count { measured.measure(through: r, of: rows, measuredRow) }
            // (A row past a far jump is not measured: it is measured here, and not kept.)
            let (height, gap) = r < measured.count ? (measured.length(ofRow: r), measured.gap(after: r)) : measuredRow(r)
            if top + height >= lo {
                var x = left
                for (column, cellColumn) in columns.enumerated() {
                    let k = r * columns.count + column
                    guard k < items.count else { break }
                    let node = item(k)
                    let cell = CGRect(x: x, y: rect.minY + top, width: cellColumn.width, height: height)
                    let size = node.sizeThatFits(ProposedViewSize(width: cellColumn.width, height: nil))
                    node.draw(in: cellColumn.alignment.place(node.dimensions(in: size), in: cell), context: context)
                    x += cellColumn.width + cellColumn.spacing
                }
            }
            top += height + gap
            r += 1
        }
        // Items far from this viewport are dropped (made again if they come back).
        let kept = 4 * LazyStackNode.keptMargin * max(1, columns.count)
        if built.count > kept {
            let keep = ((first - LazyStackNode.keptMargin) * columns.count)...((r + LazyStackNode.keptMargin) * columns.count)
            built = built.filter { keep.contains($0.key) }
        }
    }
}
