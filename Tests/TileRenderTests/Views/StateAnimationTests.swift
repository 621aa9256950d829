import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// The model the animated views read (an `@Observable`, changed in `record`'s closure).
@Observable final class AnimatedModel {
    var on = false
    var count = 1
}

/// A bar whose filled fraction is its animatable data (a shape of the user's own).
struct FractionBar: Shape {
    var fraction: Double
    var animatableData: Double {
        get { fraction }
        set { fraction = newValue }
    }
    func path(in rect: CGRect) -> Path { Path(CGRect(x: rect.minX, y: rect.minY, width: rect.width * fraction, height: rect.height)) }
}

/// A view of the user's own that is `Animatable`: its body is built with the data along the way.
struct CountLabel: View, Animatable {
    var value: Double
    var animatableData: Double {
        get { value }
        set { value = newValue }
    }
    var body: some View { Color.green.frame(width: value, height: 4) }
}

/// An `Animatable` view modifier of the user's own (SwiftUI's `AnimatableModifier`).
struct Shift: ViewModifier, Animatable {
    var x: CGFloat
    var animatableData: CGFloat {
        get { x }
        set { x = newValue }
    }
    func body(content: Content) -> some View { content.offset(x: x) }
}

/// State-driven animation: `withAnimation`, `animation(_:value:)`, `Animatable` and transitions,
/// rendered by `AnimationRenderer.record(seconds:_:)`.
@Suite struct StateAnimationTests {
    private let t0 = Date(timeIntervalSinceReferenceDate: 0)

    /// The x of the first pixel of row `y` with alpha over 127 (nil: none).
    private func firstOpaqueX(_ bitmap: Bitmap, y: Int) -> Int? {
        (0..<bitmap.width).first { bitmap.pixel(x: $0, y: y).a > 127 }
    }

    /// One past the x of the last pixel of row `y` with alpha over 127 (0: none).
    private func lastOpaqueEnd(_ bitmap: Bitmap, y: Int) -> Int {
        (0..<bitmap.width).last { bitmap.pixel(x: $0, y: y).a > 127 }.map { $0 + 1 } ?? 0
    }

    private func record<V: View>(_ view: V, fps: Double = 4, seconds: Double = 1, size: CGSize = CGSize(width: 120, height: 10),
                                 _ change: () -> Void) throws -> (frames: [Bitmap], snapshots: [LayoutSnapshot]) {
        let renderer = AnimationRenderer(content: view, framesPerSecond: fps)
        renderer.start = t0
        renderer.proposedSize = ProposedViewSize(size)
        try renderer.record(seconds: seconds, backend: .cpu, change)
        return (try renderer.frames(), try renderer.layoutSnapshots())
    }

    /// A red 10 x 10 square at x = 0, moved to x = 100 by `on` through `offset`.
    struct Mover: View {
        let model: AnimatedModel
        var body: some View {
            Color.red.frame(width: 10, height: 10).offset(x: model.on ? 100 : 0).frame(width: 120, height: 10, alignment: .leading)
        }
    }

    @Test func withAnimationMovesAnOffsetAlongItsCurve() throws {
        let model = AnimatedModel()
        let (frames, _) = try record(Mover(model: model)) { withAnimation(.linear(duration: 1)) { model.on = true } }
        #expect(frames.count == 5)
        #expect(frames.map { firstOpaqueX($0, y: 5) } == [0, 25, 50, 75, 100])
        // Ease in and out: slow at the ends, half way at half time.
        let eased = AnimatedModel()
        let (easedFrames, _) = try record(Mover(model: eased)) { withAnimation(.easeInOut(duration: 1)) { eased.on = true } }
        let xs = easedFrames.compactMap { firstOpaqueX($0, y: 5) }
        #expect(xs.count == 5 && xs[0] == 0 && xs[1] < 25 && xs[2] == 50 && xs[3] > 75 && xs[4] == 100, "\(xs)")
    }

    @Test func aNewContentAnimatesInWithAnimation() throws {
        struct Plain: View {
            var on: Bool
            var body: some View { Color.red.frame(width: 10, height: 10).offset(x: on ? 100 : 0).frame(width: 120, height: 10, alignment: .leading) }
        }
        let renderer = AnimationRenderer(content: Plain(on: false), framesPerSecond: 4)
        renderer.start = t0
        try renderer.record(seconds: 1, backend: .cpu) { withAnimation(.linear(duration: 1)) { renderer.content = Plain(on: true) } }
        #expect(try renderer.frames().map { firstOpaqueX($0, y: 5) } == [0, 25, 50, 75, 100])
        // An ImageRenderer shows one moment: the change at once.
        let still = ImageRenderer(content: Plain(on: false))
        _ = try still.render(backend: .cpu)
        withAnimation(.linear(duration: 1)) { still.content = Plain(on: true) }
        #expect(firstOpaqueX(try still.render(backend: .cpu), y: 5) == 100)
    }

    @Test func aChangeWithoutAnimationShowsAtOnce() throws {
        let model = AnimatedModel()
        let (frames, _) = try record(Mover(model: model)) { model.on = true }
        #expect(frames.map { firstOpaqueX($0, y: 5) } == [100, 100, 100, 100, 100])
        // withAnimation(nil) too.
        let other = AnimatedModel()
        let (nilFrames, _) = try record(Mover(model: other)) { withAnimation(nil) { other.on = true } }
        #expect(nilFrames.map { firstOpaqueX($0, y: 5) } == [100, 100, 100, 100, 100])
    }

    @Test func animationModifierAnimatesWhenItsValueChanges() throws {
        struct Host: View {
            let model: AnimatedModel
            var body: some View {
                Color.red.frame(width: 10, height: 10).offset(x: model.on ? 100 : 0)
                    .animation(.linear(duration: 1), value: model.on)
                    .frame(width: 120, height: 10, alignment: .leading)
            }
        }
        let model = AnimatedModel()
        let (frames, _) = try record(Host(model: model)) { model.on = true }
        #expect(frames.map { firstOpaqueX($0, y: 5) } == [0, 25, 50, 75, 100])
        // nil turns animation off for the subtree, even inside withAnimation.
        struct Off: View {
            let model: AnimatedModel
            var body: some View {
                Color.red.frame(width: 10, height: 10).offset(x: model.on ? 100 : 0)
                    .animation(nil, value: model.on)
                    .frame(width: 120, height: 10, alignment: .leading)
            }
        }
        let other = AnimatedModel()
        let (offFrames, _) = try record(Off(model: other)) { withAnimation(.linear(duration: 1)) { other.on = true } }
        #expect(offFrames.map { firstOpaqueX($0, y: 5) } == [100, 100, 100, 100, 100])
    }

    @Test func framesAndPaddingAnimateTheLayout() throws {
        struct Host: View {
            let model: AnimatedModel
            var body: some View {
                HStack(spacing: 0) {
                    Color.red.frame(width: model.on ? 100 : 20, height: 10)
                    Color.blue.frame(width: 10, height: 10).padding(.leading, model.on ? 0 : 8)
                }
            }
        }
        let model = AnimatedModel()
        let (_, snapshots) = try record(Host(model: model), size: CGSize(width: 200, height: 10)) {
            withAnimation(.linear(duration: 1)) { model.on = true }
        }
        let widths = snapshots.map { $0.leaves[0].frame.width }
        #expect(widths == [20, 40, 60, 80, 100])
        // The blue square follows: the red's width plus the padding, both animated.
        #expect(snapshots.map { $0.leaves[1].frame.minX } == [28, 46, 64, 82, 100])
    }

    @Test func animatableShapesViewsAndModifiersOfTheUsersOwn() throws {
        struct Host: View {
            let model: AnimatedModel
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    FractionBar(fraction: model.on ? 1 : 0).fill(.red).frame(width: 100, height: 10)
                    CountLabel(value: model.on ? 100 : 0)
                    Color.blue.frame(width: 10, height: 10).modifier(Shift(x: model.on ? 100 : 0))
                }
                .frame(width: 120, alignment: .leading)
            }
        }
        let model = AnimatedModel()
        let (frames, snapshots) = try record(Host(model: model), size: CGSize(width: 120, height: 24)) {
            withAnimation(.linear(duration: 1)) { model.on = true }
        }
        // The bar's fill ends at fraction x 100.
        let barEnds = frames.map { lastOpaqueEnd($0, y: 5) }
        #expect(barEnds == [0, 25, 50, 75, 100])
        // The label's body ran with the value along the way.
        #expect(snapshots.map { $0.leaves.first { $0.frame.minY == 10 }?.frame.width } == [0, 25, 50, 75, 100])
        // The modifier's offset too.
        #expect(frames.map { firstOpaqueX($0, y: 20) } == [0, 25, 50, 75, 100])
    }

    @Test func fillColoursAnimateInLinearLight() throws {
        struct Host: View {
            let model: AnimatedModel
            var body: some View { Rectangle().fill(model.on ? Color(red: 0, green: 0, blue: 1) : Color(red: 1, green: 0, blue: 0)).frame(width: 4, height: 4) }
        }
        let model = AnimatedModel()
        let (frames, _) = try record(Host(model: model), fps: 2, size: CGSize(width: 4, height: 4)) {
            withAnimation(.linear(duration: 1)) { model.on = true }
        }
        let mid = frames[1].pixel(x: 2, y: 2)
        // Half of each in linear light is 0.5, encoded 188 (sRGB), not 128.
        #expect(abs(Int(mid.r) - 188) <= 1 && abs(Int(mid.b) - 188) <= 1 && mid.g == 0 && mid.a == 255, "\(mid)")
        #expect(frames[0].pixel(x: 2, y: 2).r == 255 && frames[2].pixel(x: 2, y: 2).b == 255)
    }

    @Test func insertedViewsTakeTheirTransition() throws {
        struct Host: View {
            let model: AnimatedModel
            let transition: AnyTransition?
            var body: some View {
                ZStack(alignment: .leading) {
                    Color.clear.frame(width: 120, height: 10)
                    if model.on {
                        if let transition {
                            Color.red.frame(width: 40, height: 10).transition(transition)
                        } else {
                            Color.red.frame(width: 40, height: 10)
                        }
                    }
                }
            }
        }
        // The default: the view fades in.
        let fading = AnimatedModel()
        let (faded, _) = try record(Host(model: fading, transition: nil)) { withAnimation(.linear(duration: 1)) { fading.on = true } }
        #expect(faded.map { Int($0.pixel(x: 20, y: 5).a) } == [0, 64, 128, 191, 255])
        // Moved in from the leading edge by its own width.
        let moving = AnimatedModel()
        let (moved, _) = try record(Host(model: moving, transition: .move(edge: .leading))) {
            withAnimation(.linear(duration: 1)) { moving.on = true }
        }
        #expect(moved.map { lastOpaqueEnd($0, y: 5) } == [0, 10, 20, 30, 40])
        // Without an animation, it shows at once.
        let plain = AnimatedModel()
        let (shown, _) = try record(Host(model: plain, transition: .scale)) { plain.on = true }
        #expect(shown.allSatisfy { $0.pixel(x: 20, y: 5).a == 255 })
    }

    @Test func springsSettleOnTheNewValue() throws {
        let model = AnimatedModel()
        let (frames, _) = try record(Mover(model: model), fps: 30, seconds: 2) { withAnimation(.bouncy) { model.on = true } }
        let xs = frames.map { firstOpaqueX($0, y: 5) ?? -1 }
        #expect(xs.first == 0 && xs.last == 100)
        #expect(xs.max()! > 100, "a bouncy spring overshoots: \(xs)")
        let smooth = AnimatedModel()
        let (smoothFrames, _) = try record(Mover(model: smooth), fps: 30, seconds: 2) { withAnimation(.smooth) { smooth.on = true } }
        let ys = smoothFrames.map { firstOpaqueX($0, y: 5) ?? -1 }
        #expect(ys.max() == 100 && ys == ys.sorted(), "a spring without bounce never overshoots: \(ys)")
    }

    /// A blue bar above a red square in a column; `on` inserts (or removes) the bar.
    struct Column: View {
        let model: AnimatedModel
        var body: some View {
            VStack(spacing: 0) {
                if model.on { Color(red: 0, green: 0, blue: 1).frame(width: 10, height: 20) }
                Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            }
            .frame(width: 10, height: 40, alignment: .top)
        }
    }

    @Test func framesTheLayoutMovesAnimate() throws {
        // The bar fades in; the square below it slides down as SwiftUI animates frames.
        let model = AnimatedModel()
        let (frames, snapshots) = try record(Column(model: model), size: CGSize(width: 10, height: 40)) {
            withAnimation(.linear(duration: 1)) { model.on = true }
        }
        #expect(snapshots.map { $0.leaves.last?.frame.minY } == [0, 5, 10, 15, 20])
        #expect(frames.map { Int($0.pixel(x: 5, y: 2).b) } == [0, 64, 128, 191, 255])
        // Without an animation, both at once.
        let plain = AnimatedModel()
        let (_, plainSnapshots) = try record(Column(model: plain), size: CGSize(width: 10, height: 40)) { plain.on = true }
        #expect(plainSnapshots.map { $0.leaves.last?.frame.minY } == [20, 20, 20, 20, 20])
    }

    @Test func aTextMovesAtItsNewSize() throws {
        // A new text beside a square: the square slides over; the text is laid out at its new size
        // all the way (in the sizes between it would wrap or truncate).
        struct Host: View {
            let model: AnimatedModel
            var body: some View {
                HStack(spacing: 0) {
                    Text(model.on ? "Departures" : "Gate")
                    Color.red.frame(width: 10, height: 10)
                }
                .background(Color.blue)
            }
        }
        let model = AnimatedModel()
        let (_, snapshots) = try record(Host(model: model), size: CGSize(width: 300, height: 30)) {
            withAnimation(.linear(duration: 1)) { model.on = true }
        }
        let texts = try snapshots.map { try #require($0.leaves.first { $0.kind == "Text" }) }
        let squares = try snapshots.map { try #require($0.leaves.first { $0.kind == "Color" }).frame.minX }
        // The stack keeps its new size (its views laid out as they end up); the background, drawn by
        // itself, grows on the way.
        let backgrounds = try snapshots.map { try #require($0.leaves.first { $0.kind == "Rectangle" }).frame.width }
        #expect(abs(backgrounds[2] - (backgrounds[0] + backgrounds[4]) / 2) < 1e-6 && backgrounds[4] > backgrounds[0] + 20)
        let oldEnd = squares[0], newEnd = squares[4]
        #expect(newEnd > oldEnd + 20)
        #expect(abs(squares[2] - (oldEnd + newEnd) / 2) < 1e-6)
        #expect(texts.allSatisfy { $0.text == "Departures" && abs($0.frame.width - texts[4].frame.width) < 1e-9 })
    }

    @Test func removedViewsLeaveWithTheirTransition() throws {
        // The bar fades out where it was while the square slides up.
        let model = AnimatedModel()
        model.on = true
        let (frames, snapshots) = try record(Column(model: model), size: CGSize(width: 10, height: 40)) {
            withAnimation(.linear(duration: 1)) { model.on = false }
        }
        #expect(frames.map { Int($0.pixel(x: 5, y: 2).b) } == [255, 191, 128, 64, 0])
        // (The square is the leaf 10 high; the leaving bar is still drawn, so still in the snapshots.)
        #expect(snapshots.map { $0.leaves.first { $0.frame.height == 10 }?.frame.minY } == [20, 15, 10, 5, 0])
        #expect(snapshots.map(\.leaves.count) == [2, 2, 2, 2, 1])
        // A transition of its own: the bar leaves scaled to nothing about its centre.
        struct Scaled: View {
            let model: AnimatedModel
            var body: some View {
                ZStack {
                    Color.clear.frame(width: 20, height: 20)
                    if model.on { Color.blue.frame(width: 20, height: 20).transition(.scale) }
                }
            }
        }
        let other = AnimatedModel()
        other.on = true
        let (scaled, _) = try record(Scaled(model: other), size: CGSize(width: 20, height: 20)) {
            withAnimation(.linear(duration: 1)) { other.on = false }
        }
        // Half way it covers the middle 10 x 10.
        #expect(scaled[2].pixel(x: 10, y: 10).b == 255 && scaled[2].pixel(x: 2, y: 10).a == 0 && scaled[2].pixel(x: 6, y: 10).b == 255)
        #expect(scaled[4].pixel(x: 10, y: 10).a == 0)
    }

    @Test func oneMovingViewAmongManyCostsItsPath() throws {
        // 500 rows with bodies; one reads the model. Each frame builds the moving row's path, not the rows.
        struct Row: View {
            let index: Int
            let model: AnimatedModel?
            var body: some View {
                Color.red.frame(width: 4, height: 1).offset(x: model.map { $0.on ? 50 : 0 } ?? 0)
            }
        }
        struct Rows: View {
            let model: AnimatedModel
            var body: some View {
                VStack(spacing: 0) { ForEach(0..<500, id: \.self) { i in Row(index: i, model: i == 250 ? model : nil) } }
            }
        }
        let model = AnimatedModel()
        let renderer = AnimationRenderer(content: Rows(model: model), framesPerSecond: 10)
        renderer.proposedSize = ProposedViewSize(width: 60, height: 500)
        try renderer.record(seconds: 1, backend: .cpu) { withAnimation(.linear(duration: 1)) { model.on = true } }
        let counts = renderer.graph.counters.counts
        // The first build: 502 bodies (the root, the column's list and 500 rows). Then 11 frames, each
        // building the moving row and the places above it.
        #expect(counts.bodies <= 502 + 11 * 3, "\(counts)")
        #expect(counts.positionsBuilt <= 2_100 + 11 * 12, "\(counts)")
        let frames = try renderer.frames()
        #expect(frames.map { firstOpaqueX($0, y: 250) } == [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50])
    }

    @Test func aProgressRingAnimatesItsTrim() throws {
        struct Ring: View {
            let model: AnimatedModel
            var body: some View {
                Rectangle().trim(from: 0, to: model.on ? 1 : 0).stroke(Color(red: 0, green: 0, blue: 1), lineWidth: 2).frame(width: 40, height: 40)
            }
        }
        let model = AnimatedModel()
        let (frames, _) = try record(Ring(model: model), size: CGSize(width: 40, height: 40)) {
            withAnimation(.linear(duration: 1)) { model.on = true }
        }
        // The rectangle's outline runs along the top, the right side, the bottom, the left side: a
        // quarter per frame. The middle of each side shows from the frame it is reached.
        let sides = [(20, 0), (39, 20), (20, 39), (0, 20)]
        let shown = frames.map { f in sides.map { f.pixel(x: $0.0, y: $0.1).b > 100 } }
        #expect(shown == [[false, false, false, false], [true, false, false, false], [true, true, false, false],
                          [true, true, true, false], [true, true, true, true]])
    }

    /// The frames of an animation are the same on every backend (within the parity tolerance).
    @Test(arguments: availableBackends)
    func framesMatchAcrossBackends(_ backend: Backend) throws {
        func frames(_ backend: Backend) throws -> [Bitmap] {
            let model = AnimatedModel()
            let renderer = AnimationRenderer(content: Column(model: model), framesPerSecond: 4)
            renderer.start = t0
            renderer.proposedSize = ProposedViewSize(width: 10, height: 40)
            try renderer.record(seconds: 1, backend: backend) { withAnimation(.easeOut(duration: 1)) { model.on = true } }
            return try renderer.frames()
        }
        let cpu = try frames(.cpu), other = try frames(backend)
        #expect(cpu.count == other.count)
        for (a, b) in zip(cpu, other) {
            #expect(zip(a.pixels, b.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        }
    }

    @Test func badValuesAnimateToADocumentedPicture() throws {
        // Offsets, opacities, frames and data of the user's own that become NaN or infinite: the
        // frames render (what such a value draws without animation), nothing crashes or hangs.
        struct Host: View {
            let model: AnimatedModel
            var body: some View {
                let bad: CGFloat = model.on ? (model.count == 0 ? CGFloat.nan : CGFloat.infinity) : 10
                VStack(spacing: 0) {
                    Color.red.frame(width: 10, height: 10).offset(x: bad, y: bad).opacity(Double(bad))
                    Color.blue.frame(width: bad, height: 10).scaleEffect(bad).rotationEffect(.radians(Double(bad)))
                    CountLabel(value: Double(bad))
                    FractionBar(fraction: Double(bad)).frame(width: 10, height: 10).padding(bad)
                }
            }
        }
        for count in [0, 1] {
            let model = AnimatedModel()
            model.count = count
            let (frames, snapshots) = try record(Host(model: model), fps: 10, size: CGSize(width: 60, height: 60)) {
                withAnimation(.bouncy.repeatForever()) { model.on = true }
            }
            #expect(frames.count == 11 && snapshots.count == 11)
            // Without repeating, the animation ends on what the values draw without one.
            let settled = AnimatedModel()
            settled.count = count
            let (last, _) = try record(Host(model: settled), fps: 10, size: CGSize(width: 60, height: 60)) {
                withAnimation(.bouncy) { settled.on = true }
            }
            let still = ImageRenderer(content: Host(model: settled))
            still.proposedSize = ProposedViewSize(width: 60, height: 60)
            let settledOnTheStill = try last.last?.pixels == still.render(backend: .cpu).pixels
            #expect(settledOnTheStill, "count \(count)")
        }
    }

    @Test func aDeepViewMovesAtTheCostOfItsDepth() throws {
        // 40 nested stacks around a moving square: each frame builds the places on its path, once.
        struct Nest: View {
            let depth: Int
            let model: AnimatedModel
            var body: some View {
                if depth == 0 {
                    Color.red.frame(width: 4, height: 4).offset(x: model.on ? 40 : 0)
                } else {
                    VStack(spacing: 0) { Color.clear.frame(width: 1, height: 1); Nest(depth: depth - 1, model: model) }
                }
            }
        }
        func counts(depth: Int) throws -> GraphCounters {
            let model = AnimatedModel()
            let renderer = AnimationRenderer(content: Nest(depth: depth, model: model), framesPerSecond: 10)
            renderer.proposedSize = ProposedViewSize(width: 60, height: 60)
            try renderer.record(seconds: 1, backend: .cpu) { withAnimation(.linear(duration: 1)) { model.on = true } }
            return renderer.graph.counters.counts
        }
        let half = try counts(depth: 20), full = try counts(depth: 40)
        // 13 builds (the state before, the change, 11 frames) of about 7 places a level (the nest, its
        // condition, the stack, its list, the colours and their frames): 41 levels.
        #expect(full.positionsBuilt < 13 * 41 * 8, "\(full)")
        #expect(full.sizeComputations < 13 * 41 * 6, "\(full)")
        // Linear in the depth (twice as deep, twice the work, give or take the root).
        #expect(Double(full.positionsBuilt) < 2.1 * Double(half.positionsBuilt), "\(half) / \(full)")
        #expect(Double(full.sizeComputations) < 2.1 * Double(half.sizeComputations), "\(half) / \(full)")
    }

    @Test func badRecordingsThrow() throws {
        for (seconds, fps) in [(-1.0, 30.0), (.nan, 30), (.infinity, 30), (1, 0), (1, .nan), (1e9, 60)] {
            let renderer = AnimationRenderer(content: Color.red.frame(width: 2, height: 2), framesPerSecond: fps)
            #expect(throws: TileRenderError.self) { try renderer.record(seconds: seconds, backend: .cpu) {} }
        }
        // Zero seconds: one frame, after the change.
        let renderer = AnimationRenderer(content: Color.red.frame(width: 2, height: 2), framesPerSecond: 30)
        try renderer.record(seconds: 0, backend: .cpu) {}
        #expect(try renderer.frames().count == 1 && renderer.layoutSnapshots().count == 1)
    }
}
