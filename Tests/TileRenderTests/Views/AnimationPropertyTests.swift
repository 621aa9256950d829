import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// What a seeded view tree reads: flags for its conditions and effects, lengths for its frames and
/// paddings, and the ids of its `ForEach`.
@Observable final class TreeModel {
    var flags: [Bool]
    var lengths: [CGFloat]
    var ids: [Int]

    init(flags: [Bool], lengths: [CGFloat], ids: [Int]) { self.flags = flags; self.lengths = lengths; self.ids = ids }

    func copy() -> TreeModel { TreeModel(flags: flags, lengths: lengths, ids: ids) }

    static let slots = 12

    /// A random state.
    static func random(_ rng: inout SeededRandom) -> TreeModel {
        TreeModel(flags: (0..<slots).map { _ in Bool.random(using: &rng) },
                  lengths: (0..<slots).map { _ in CGFloat(Int.random(in: 2...14, using: &rng)) },
                  ids: Array((0..<8).shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng))))
    }

    /// Changes some of the state at random (in the closure `record` runs).
    func change(_ rng: inout SeededRandom) {
        for i in 0..<TreeModel.slots where Bool.random(using: &rng) { flags[i].toggle() }
        for i in 0..<TreeModel.slots where Int.random(in: 0..<3, using: &rng) == 0 { lengths[i] = CGFloat(Int.random(in: 2...14, using: &rng)) }
        if Bool.random(using: &rng) { ids = Array((0..<8).shuffled(using: &rng).prefix(Int.random(in: 0...6, using: &rng))) }
    }
}

/// A view tree made from a seed (its shape) and a model (what it shows): stacks, conditions, a
/// `ForEach` with ids, colours in frames, text, and the animatable effects.
struct SeededTree: View {
    let seed: UInt64
    let model: TreeModel
    /// Whether the tree's frame 0 after any change is its old picture: inserted views only fade or grow
    /// in (invisible at first), never move in from elsewhere, and texts keep their strings (a text's
    /// new string shows at once).
    var firstFrameIsOld = false

    var body: some View {
        var rng = SeededRandom(seed: seed)
        return node(depth: 0, &rng).frame(width: 160, height: 160, alignment: .topLeading)
    }

    private func slot(_ rng: inout SeededRandom) -> Int { Int.random(in: 0..<TreeModel.slots, using: &rng) }

    private func color(_ rng: inout SeededRandom) -> Color {
        Color(red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng), blue: Double.random(in: 0...1, using: &rng))
    }

    private func node(depth: Int, _ rng: inout SeededRandom) -> AnyView {
        let kind = depth >= 3 ? Int.random(in: 0...1, using: &rng) : Int.random(in: 0...7, using: &rng)
        switch kind {
        case 0:
            let (w, h) = (slot(&rng), slot(&rng))
            return AnyView(color(&rng).frame(width: model.lengths[w], height: model.lengths[h]))
        case 1:
            let flag = model.flags[slot(&rng)]
            return AnyView(Text(flag || firstFrameIsOld ? "On" : "Off time").font(.system(size: 9)))
        case 2:
            let children = (0..<Int.random(in: 1...3, using: &rng)).map { _ in node(depth: depth + 1, &rng) }
            return AnyView(VStack(alignment: .leading, spacing: 1) { ForEach(children.indices, id: \.self) { children[$0] } })
        case 3:
            let children = (0..<Int.random(in: 1...3, using: &rng)).map { _ in node(depth: depth + 1, &rng) }
            return AnyView(HStack(alignment: .top, spacing: 1) { ForEach(children.indices, id: \.self) { children[$0] } })
        case 4:
            let flag = slot(&rng), child = node(depth: depth + 1, &rng)
            let pick = Int.random(in: 0...4, using: &rng)
            let transition: AnyTransition = firstFrameIsOld ? [.opacity, .scale][pick % 2] : [.opacity, .scale, .slide, .move(edge: .top), .offset(x: 8)][pick]
            return AnyView(VStack(spacing: 0) { if model.flags[flag] { child.transition(transition) } })
        case 5:
            let c = color(&rng)
            return AnyView(HStack(spacing: 1) {
                ForEach(model.ids, id: \.self) { id in c.frame(width: 3 + CGFloat(id), height: 5) }
            })
        case 6:
            let (f, l) = (slot(&rng), slot(&rng)), child = node(depth: depth + 1, &rng)
            return AnyView(child.padding(model.lengths[l] / 2).offset(x: model.flags[f] ? 4 : 0)
                .opacity(model.flags[f] ? 1 : 0.5).scaleEffect(model.flags[f] ? 1 : 0.8))
        default:
            let f = slot(&rng), child = node(depth: depth + 1, &rng)
            return AnyView(child.rotationEffect(.degrees(model.flags[f] ? 0 : 10)).background(color(&rng).opacity(0.3)))
        }
    }
}

/// Seeded view trees changed at random: however the change animates, the animation ends on the
/// picture (and layout) of the new state, and a change without animation shows it at once.
@Suite struct AnimationPropertyTests {
    private let size = ProposedViewSize(width: 160, height: 160)

    private func still(_ seed: UInt64, _ model: TreeModel) throws -> (Bitmap, LayoutSnapshot) {
        let renderer = ImageRenderer(content: SeededTree(seed: seed, model: model, firstFrameIsOld: seed % 2 == 0))
        renderer.proposedSize = size
        return (try renderer.render(backend: .cpu), try renderer.layoutSnapshot())
    }

    private func frames(_ seed: UInt64, _ model: TreeModel, animation: Animation?, change: (TreeModel) -> Void) throws -> ([Bitmap], [LayoutSnapshot]) {
        let renderer = AnimationRenderer(content: SeededTree(seed: seed, model: model, firstFrameIsOld: seed % 2 == 0), framesPerSecond: 8)
        renderer.start = Date(timeIntervalSinceReferenceDate: 0)
        renderer.proposedSize = size
        try renderer.record(seconds: 1, backend: .cpu) {
            if let animation { withAnimation(animation) { change(model) } } else { change(model) }
        }
        return (try renderer.frames(), try renderer.layoutSnapshots())
    }

    private func frames(of snapshot: LayoutSnapshot) -> [CGRect] { snapshot.leaves.map(\.frame) }

    /// How many pixels of `a` and `b` differ (all of them when the sizes do).
    private func differing(_ a: Bitmap?, _ b: Bitmap) -> Int {
        guard let a, a.width == b.width, a.height == b.height else { return b.width * b.height }
        return (0..<(a.width * a.height)).count { i in a.pixels[4 * i..<4 * i + 4] != b.pixels[4 * i..<4 * i + 4] }
    }

    @Test(arguments: 0..<32)
    func animationsEndOnTheNewState(_ seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &* 7919 &+ 11)
        let model = TreeModel.random(&rng)
        let before = model.copy()
        var changeRNG = rng
        let animations: [Animation] = [.linear(duration: 0.5), .easeInOut(duration: 0.6), .snappy, .bouncy(duration: 0.4)]
        let (animated, animatedLayouts) = try frames(UInt64(seed), model, animation: animations[seed % animations.count]) { $0.change(&changeRNG) }
        let after = model.copy()
        let (end, endLayout) = try still(UInt64(seed), after)
        // Frame 0 shows the state before anything moved, where the views inserted fade or grow in and
        // texts keep their strings (views leaving are drawn above their old siblings, which these
        // stacks never overlap).
        if seed % 2 == 0 {
            let (start, _) = try still(UInt64(seed), before)
            #expect(differing(animated.first, start) == 0, "seed \(seed): frame 0 is not the old state")
        }
        #expect(animated.count == 9)
        #expect(differing(animated.last, end) == 0, "seed \(seed): the last frame is not the new state")
        #expect(animatedLayouts.last.map(frames(of:)) == frames(of: endLayout), "seed \(seed)")
        // Without an animation: every frame is the new state.
        let plain = before.copy()
        var plainRNG = rng
        let (shown, _) = try frames(UInt64(seed), plain, animation: nil) { $0.change(&plainRNG) }
        #expect(shown.map { differing($0, end) } == Array(repeating: 0, count: 9), "seed \(seed): a change without animation did not show at once")
        // Every frame in between is a picture of finite frames within the canvas's reach.
        for layout in animatedLayouts {
            #expect(frames(of: layout).allSatisfy { $0.minX.isFinite && $0.minY.isFinite && $0.width.isFinite && $0.height.isFinite })
        }
    }
}
