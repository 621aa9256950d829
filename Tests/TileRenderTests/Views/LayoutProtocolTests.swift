import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Apple's example layout: every subview as wide as the widest one's ideal width, in a row.
private struct EqualWidthHStack: Layout {
    var spacing: CGFloat = 10
    struct Cache { var widest: CGSize }
    func makeCache(subviews: Subviews) -> Cache {
        Cache(widest: subviews.map { $0.sizeThatFits(.unspecified) }.reduce(.zero) {
            CGSize(width: max($0.width, $1.width), height: max($0.height, $1.height))
        })
    }
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        CGSize(width: cache.widest.width * CGFloat(subviews.count) + spacing * CGFloat(max(0, subviews.count - 1)),
               height: cache.widest.height)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        var x = bounds.minX
        for subview in subviews {
            subview.place(at: CGPoint(x: x, y: bounds.midY), anchor: .leading,
                          proposal: ProposedViewSize(width: cache.widest.width, height: cache.widest.height))
            x += cache.widest.width + spacing
        }
    }
}

private struct Rank: LayoutValueKey { static let defaultValue = 0 }

/// Places subviews top to bottom in the order of their `Rank` (highest first), 20 points apart, and
/// leaves the subview of rank -1 unplaced.
private struct RankedColumn: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        CGSize(width: 100, height: 20 * CGFloat(subviews.count))
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        let order = subviews.filter { $0[Rank.self] >= 0 }.sorted { $0[Rank.self] > $1[Rank.self] }
        for (row, subview) in order.enumerated() {
            subview.place(at: CGPoint(x: bounds.minX, y: bounds.minY + 20 * CGFloat(row)), proposal: .unspecified)
        }
    }
}

/// A layout that answers nonsense: NaN and infinite sizes, NaN positions.
private struct BrokenLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
        CGSize(width: CGFloat.nan, height: .infinity)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
        for subview in subviews { subview.place(at: CGPoint(x: CGFloat.nan, y: .infinity), proposal: ProposedViewSize(width: .nan, height: -5)) }
    }
}

private enum MarkGuide: AlignmentID { static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
extension VerticalAlignment { fileprivate static let mark = VerticalAlignment(MarkGuide.self) }

/// A fixed 40 x 40 box whose `mark` guide it says is at 30.
private struct MarkedBox: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize { CGSize(width: 40, height: 40) }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {}
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Void) -> CGFloat? {
        guide == .mark ? bounds.minY + 30 : nil
    }
}

/// The `Layout` protocol: users' layouts size and place their subviews; values, priorities, guides and
/// caches reach them; what they leave out or get wrong has a documented result.
@Suite struct LayoutProtocolTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    @Test func aCustomLayoutSizesAndPlacesItsSubviews() throws {
        let s = try snapshot(EqualWidthHStack {
            Color.red.frame(width: 30, height: 10)
            Color.blue.frame(width: 50, height: 20)
            Color.orange.frame(width: 20, height: 16)
        })
        #expect(s.root.kind == "EqualWidthHStack")
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 170, height: 20))
        // Each proposed 50 x 20: fixed frames keep their size, placed by their leading centre.
        #expect(s.leaves.map(\.frame) == [CGRect(x: 0, y: 5, width: 30, height: 10), CGRect(x: 60, y: 0, width: 50, height: 20),
                                          CGRect(x: 120, y: 2, width: 20, height: 16)])
        // Flexible subviews take the width proposed to them.
        let flexible = try snapshot(EqualWidthHStack(spacing: 0) { Color.red.frame(width: 30, height: 10); Color.green.frame(maxWidth: .infinity) })
        #expect(flexible.leaves.map(\.frame.width) == [30, 30])
    }

    @Test func layoutValuesReachTheLayoutAndUnplacedSubviewsAreCentred() throws {
        let s = try snapshot(RankedColumn {
            Color.red.frame(width: 10, height: 10).layoutValue(key: Rank.self, value: 1)
            Color.green.frame(width: 10, height: 10).layoutValue(key: Rank.self, value: 5).padding(0)
            Color.blue.frame(width: 10, height: 10)
            Color.gray.frame(width: 6, height: 6).layoutValue(key: Rank.self, value: -1)
        })
        #expect(s.root.frame.size == CGSize(width: 100, height: 80))
        let f = s.leaves.map(\.frame)
        #expect(f[1].minY == 0 && f[0].minY == 20 && f[2].minY == 40)
        // Not placed: its ideal size, centred in the bounds.
        #expect(f[3] == CGRect(x: 47, y: 37, width: 6, height: 6))
    }

    @Test func theBuiltInStacksAsLayoutsMatchTheStacks() throws {
        func content() -> some View {
            Group {
                Color.red.frame(width: 30, height: 10)
                Color.blue.frame(minWidth: 10, maxWidth: .infinity, minHeight: 5, maxHeight: 30)
                Text("hello")
            }
        }
        for width: CGFloat in [60, 200] {
            let stack = try snapshot(HStack(alignment: .bottom, spacing: 4) { content() }, width: width, height: 50)
            let layout = try snapshot(AnyLayout(HStackLayout(alignment: .bottom, spacing: 4)) { content() }, width: width, height: 50)
            #expect(stack.leaves.map(\.frame) == layout.leaves.map(\.frame))
            let column = try snapshot(VStack(alignment: .trailing) { content() }, width: width, height: 200)
            let columnLayout = try snapshot(VStackLayout(alignment: .trailing) { content() }, width: width, height: 200)
            #expect(column.leaves.map(\.frame) == columnLayout.leaves.map(\.frame))
        }
        let z = try snapshot(ZStack(alignment: .bottomTrailing) { content() }, width: 80, height: 80)
        let zLayout = try snapshot(ZStackLayout(alignment: .bottomTrailing) { content() }, width: 80, height: 80)
        #expect(z.leaves.map(\.frame) == zLayout.leaves.map(\.frame))
    }

    @Test func aLayoutsExplicitGuideAlignsItInItsParent() throws {
        // The box says its mark is 30 down; the square's mark is its top (the default, 0).
        let s = try snapshot(HStack(alignment: .mark, spacing: 0) {
            MarkedBox { Color.clear }
            Color.red.frame(width: 10, height: 10)
        })
        #expect(s.root.frame.height == 40)
        #expect(s.leaves.last?.frame == CGRect(x: 40, y: 30, width: 10, height: 10))
    }

    @Test func nonsenseFromALayoutEndsInDocumentedValues() throws {
        // NaN width -> 0, infinite height -> the proposal's; NaN/infinite positions -> the centre.
        let s = try snapshot(BrokenLayout { Color.red.frame(width: 10, height: 10) }, width: 100, height: 50)
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 0, height: 50))
        let leaf = try #require(s.leaves.first?.frame)
        #expect(leaf.minX.isFinite && leaf.minY.isFinite)
        #expect(leaf == CGRect(x: -5, y: 20, width: 10, height: 10))
        let bitmap = try ImageRenderer(content: BrokenLayout { Color.red }.frame(width: 20, height: 20)).render(backend: .cpu)
        #expect(bitmap.width == 20)
    }

    @Test func viewSpacingPrefersTheLargerEdge() {
        var a = ViewSpacing(), b = ViewSpacing.zero
        #expect(a.distance(to: b, along: .horizontal) == 8)
        #expect(b.distance(to: b, along: .vertical) == 0)
        b.formUnion(a, edges: .leading)
        #expect(b.distance(to: .zero, along: .horizontal) == 0 && ViewSpacing.zero.distance(to: b, along: .horizontal) == 8)
        a = a.union(.zero)
        #expect(a == ViewSpacing())
    }
}
