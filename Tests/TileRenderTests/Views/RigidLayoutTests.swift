import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// Rigid views (`ViewNode.rigidSize`: a frame of fixed width and height, padding around one, a stack of
// them) take one size for every proposal, so a stack of them is sized once, without asking them again.
// The shortcut must lay out and draw exactly as the full layout does: each seeded tree is compared with
// the same tree built from flexible frames of the same lengths (min = max), which take the full path.

/// A tree of coloured boxes in stacks, from a seed; `rigid` picks `frame(width:height:)` or the
/// flexible frame of the same size.
private struct BoxTree: View {
    let seed: UInt64
    let rigid: Bool
    var body: some View { node(depth: 0, state: seed) }

    private func next(_ s: UInt64) -> UInt64 { s &* 6364136223846793005 &+ 1442695040888963407 }

    private func node(depth: Int, state: UInt64) -> AnyView {
        let s = next(state)
        let choice = Int((s >> 33) % (depth >= 3 ? 1 : 5))
        switch choice {
        case 0:
            let w = CGFloat((s >> 13) % 12 + 1), h = CGFloat((s >> 21) % 9 + 1)
            let color = Color(red: Double((s >> 7) % 256) / 255, green: Double((s >> 17) % 256) / 255, blue: 0.5)
            let box = rigid ? AnyView(color.frame(width: w, height: h))
                : AnyView(color.frame(minWidth: w, maxWidth: w, minHeight: h, maxHeight: h))
            return (s >> 40) % 3 == 0 ? AnyView(box.padding(CGFloat((s >> 44) % 3))) : box
        default:
            let count = Int((s >> 29) % 4) + 1
            var children: [AnyView] = []
            var t = s
            for _ in 0..<count { t = next(t ^ 0x9E37_79B9); children.append(node(depth: depth + 1, state: t)) }
            let spacing = (s >> 50) % 2 == 0 ? nil : CGFloat((s >> 52) % 4)
            let items = ForEach(0..<children.count, id: \.self) { children[$0] }
            switch choice {
            case 1: return AnyView(HStack(alignment: [.top, .center, .bottom][Int((s >> 55) % 3)], spacing: spacing) { items })
            case 2: return AnyView(VStack(alignment: [.leading, .center, .trailing][Int((s >> 55) % 3)], spacing: spacing) { items })
            case 3: return AnyView(ZStack(alignment: [.topLeading, .center, .bottomTrailing][Int((s >> 55) % 3)]) { items })
            default: return AnyView(HStack(spacing: spacing) { items }.frame(width: CGFloat((s >> 56) % 60 + 20)))
            }
        }
    }
}

private func counts<V: View>(_ renderer: ImageRenderer<V>) -> GraphCounters { renderer.graph.counters.counts }

@Suite struct RigidLayoutTests {
    /// Seeded trees of fixed frames lay out (snapshot frames) and draw (pixels) as the same trees of
    /// flexible frames of the same lengths, in several proposals.
    @Test(arguments: 0..<12)
    func rigidTreesLayOutAsFlexibleOnes(seed: Int) throws {
        for size in [CGSize(width: 120, height: 90), CGSize(width: 37, height: 200)] {
            let rigid = ImageRenderer(content: BoxTree(seed: UInt64(seed) &* 7919 &+ 11, rigid: true))
            let flexible = ImageRenderer(content: BoxTree(seed: UInt64(seed) &* 7919 &+ 11, rigid: false))
            for r in [rigid, flexible] { r.proposedSize = ProposedViewSize(size) }
            // Rendered before a snapshot is asked for (a colour in a fixed frame is then one sized
            // colour node) and after (a snapshot records both views, so both nodes are made).
            let pa = try rigid.render(backend: .cpu), pb = try flexible.render(backend: .cpu)
            #expect(pa.width == pb.width && pa.height == pb.height && pa.pixels == pb.pixels, "seed \(seed) at \(size)")
            let a = try rigid.layoutSnapshot(), b = try flexible.layoutSnapshot()
            #expect(a.leaves.map(\.frame) == b.leaves.map(\.frame), "seed \(seed) at \(size)")
            let qa = try rigid.render(backend: .cpu)
            #expect(qa.pixels == pa.pixels, "seed \(seed) at \(size)")
        }
    }

    /// A grid of fixed-size cells: each stack is sized once (a computation per stack, none per cell),
    /// where flexible cells are asked several proposals each.
    @Test func aRigidGridIsSizedOncePerStack() throws {
        struct Grid: View {
            let rigid: Bool
            var body: some View {
                VStack(spacing: 1) {
                    ForEach(0..<40, id: \.self) { r in
                        HStack(spacing: 1) {
                            ForEach(0..<40, id: \.self) { c in
                                if rigid {
                                    Color(red: Double(r) / 40, green: Double(c) / 40, blue: 0.5).frame(width: 4, height: 4)
                                } else {
                                    Color(red: Double(r) / 40, green: Double(c) / 40, blue: 0.5).frame(minWidth: 4, maxWidth: 4, minHeight: 4, maxHeight: 4)
                                }
                            }
                        }
                    }
                }
            }
        }
        let rigid = ImageRenderer(content: Grid(rigid: true))
        let flexible = ImageRenderer(content: Grid(rigid: false))
        let a = try rigid.render(backend: .cpu), b = try flexible.render(backend: .cpu)
        #expect(a.pixels == b.pixels && a.width == 199 && a.height == 199)
        let c = counts(rigid), f = counts(flexible)
        // 41 stacks; the renderer's root adds a node or two.
        #expect(c.sizeComputations <= 45, "\(c)")
        #expect(f.sizeComputations > 40 * 40, "\(f)")
        // So in a renderer that keeps frames (its views' probes pass their rigid sizes up).
        let probed = ImageRenderer(content: Grid(rigid: true))
        #expect(try probed.layoutSnapshot().leaves.count == 1_600)
        #expect(counts(probed).sizeComputations <= 45, "\(counts(probed))")
    }

    /// Rigid stacks nested deep: each computes its size once (the rigid answer goes up the chain), so
    /// the work grows with the depth, and a tree twice as deep costs twice as much.
    @Test func nestedRigidStacksCostLinearlyInDepth() throws {
        struct Nest: View {
            let depth: Int
            var body: some View { level(depth) }
            private func level(_ d: Int) -> AnyView {
                d == 0 ? AnyView(Color.blue.frame(width: 4, height: 4))
                    : AnyView(HStack(spacing: 1) { level(d - 1); Color.red.frame(width: 2, height: 2) }.padding(1))
            }
        }
        var computed: [Int] = []
        for depth in [50, 100] {
            let renderer = ImageRenderer(content: Nest(depth: depth))
            _ = try renderer.render(backend: .cpu)
            computed.append(counts(renderer).sizeComputations)
        }
        #expect(computed[0] <= 2 * 50 + 10 && computed[1] <= 2 * 100 + 10, "\(computed)")
        #expect(computed[1] <= 2 * computed[0] + 10, "\(computed)")
    }

    /// Colours in fixed frames have no places of their own: a 40x40 grid mounts the places of its
    /// stacks and lists, not one per cell, and a second render with nothing changed builds nothing.
    @Test func wrappedColoursMountNoPlaces() throws {
        struct Grid: View {
            var body: some View {
                VStack(spacing: 1) {
                    ForEach(0..<40, id: \.self) { r in
                        HStack(spacing: 1) {
                            ForEach(0..<40, id: \.self) { c in Color(red: Double(r) / 40, green: Double(c) / 40, blue: 0.5).frame(width: 4, height: 4) }
                        }
                    }
                }
            }
        }
        let renderer = ImageRenderer(content: Grid())
        _ = renderer.scene
        #expect(counts(renderer).mounted < 200, "\(counts(renderer))")
        renderer.graph.counters.counts = GraphCounters()
        renderer.content = Grid()
        _ = renderer.scene
        #expect(counts(renderer).positionsBuilt <= 2 && counts(renderer).sizeComputations == 0, "\(counts(renderer))")
    }

    /// `Color.frame(width:height:)` is made as one node, a colour of that size; with a layout
    /// snapshot recorded, as the frame around the colour (the snapshot lists both views).
    @Test func aColourInAFixedFrameIsOneSizedNode() throws {
        // Through memos and a snapshot's probes (which wrap one node each).
        func unwrapped(_ node: any ViewNode) -> any ViewNode {
            node.isMemoised || node is ProbeNode ? unwrapped(node.wrappedNode ?? node) : node
        }
        func firstChild<V: View>(_ view: V, recording: Bool) -> any ViewNode {
            var environment = ViewEnvironment()
            if recording { environment.layoutRecorder = LayoutRecorder() }
            let root = unwrapped(ViewGraph().build(view, environment))
            return unwrapped((root as! LinearStackNode).children[0])
        }
        let row = HStack { Color.red.frame(width: 3, height: 4); Color.blue }
        let sized = firstChild(row, recording: false)
        #expect((sized as? ColorNode)?.size == CGSize(width: 3, height: 4))
        #expect(sized.rigidSize == CGSize(width: 3, height: 4))
        #expect(sized.sizeThatFits(ProposedViewSize(width: 100, height: nil)) == CGSize(width: 3, height: 4))
        #expect(firstChild(row, recording: true) is FrameNode)
        // Lengths that are not finite and non-negative keep the frame node (and its behaviour).
        for (w, h) in [(-1.0, 4.0), (3.0, .infinity), (.nan, 2.0)] {
            #expect(firstChild(HStack { Color.red.frame(width: w, height: h) }, recording: false) is FrameNode, "\(w) x \(h)")
        }
        // A sized colour matches an equal one, not one of another size or a colour that fills its frame.
        let a = ColorNode(color: .red, size: CGSize(width: 3, height: 4))
        #expect(a.isEquivalent(to: ColorNode(color: .red, size: CGSize(width: 3, height: 4)), as: .drawing))
        #expect(!a.isEquivalent(to: ColorNode(color: .red, size: CGSize(width: 4, height: 4)), as: .layout))
        #expect(!a.isEquivalent(to: ColorNode(color: .red), as: .layout))
        #expect(!ColorNode(color: .red).isEquivalent(to: a, as: .layout))
        #expect(a.isEquivalent(to: ColorNode(color: .blue, size: CGSize(width: 3, height: 4)), as: .layout))
    }

    /// The sized colour takes the slots the frame and the colour took: a view after it keeps its
    /// identity (and state) when a layout snapshot makes the two nodes again.
    @Test func aSizedColourKeepsItsSiblingsIdentity() throws {
        final class Box { var binding: Binding<Int>?; var seen: [Int] = [] }
        struct Counter: View {
            let box: Box
            @State var value = 0
            var body: some View {
                box.seen.append(value)
                box.binding = $value
                return Color.green.frame(width: 2, height: 2)
            }
        }
        struct Row: View {
            let box: Box
            var body: some View { HStack { Color.red.frame(width: 3, height: 4); Counter(box: box) } }
        }
        let box = Box()
        let renderer = ImageRenderer(content: Row(box: box))
        _ = renderer.scene
        #expect(renderer.graph.counters.counts.mounted == 4, "\(renderer.graph.counters.counts)")
        box.binding!.wrappedValue = 7
        // A new row value: its body runs again, and the counter's state is found by its place alone.
        renderer.content = Row(box: box)
        _ = try renderer.layoutSnapshot()
        #expect(box.seen == [0, 7], "\(box.seen)")
        #expect(renderer.graph.counters.counts.mounted == 4, "\(renderer.graph.counters.counts)")
    }
}
