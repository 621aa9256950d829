import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

// An environment change keeps the leaves that do not read what changed (EnvironmentLeafView): their
// nodes, sizes and drawings, and so the containers around them. Counted, never timed.

private struct BadgeKey: EnvironmentKey { static let defaultValue = 0 }
extension EnvironmentValues {
    fileprivate var badge: Int {
        get { self[BadgeKey.self] }
        set { self[BadgeKey.self] = newValue }
    }
}

/// Reads the badge: its body runs again when it changes.
private struct BadgeView: View {
    @Environment(\.badge) var badge
    var body: some View { Color.red.frame(width: CGFloat(10 + badge), height: 10) }
}

private struct Row: View {
    let index: Int
    var body: some View {
        HStack(spacing: 2) {
            Text("Row \(index)")
            Circle().fill(Color.blue).frame(width: 8, height: 8)
            Color.green.frame(width: 6, height: 6)
            Rectangle().fill(.foreground).frame(width: 4, height: 4)
        }
    }
}

private struct Screen: View {
    let badge: Int
    let tint: Color
    var body: some View {
        VStack(spacing: 1) {
            BadgeView()
            ForEach(0..<40, id: \.self) { Row(index: $0) }
        }
        .foregroundStyle(tint)
        .environment(\.badge, badge)
    }
}

private func counts<V: View>(_ renderer: ImageRenderer<V>) -> GraphCounters { renderer.graph.counters.counts }
private func resetCounts<V: View>(_ renderer: ImageRenderer<V>) { renderer.graph.counters.counts = GraphCounters() }

@Suite struct EnvironmentLeafTests {
    /// A value only one view reads: the forty rows keep their nodes, sizes and drawings; the sizes
    /// computed again are the reader's and the column's, and the picture is a fresh render's.
    @Test func aValueOneViewReadsKeepsTheRest() throws {
        let renderer = ImageRenderer(content: Screen(badge: 0, tint: .black))
        _ = try renderer.render(backend: .cpu)
        let first = counts(renderer)
        renderer.content = Screen(badge: 5, tint: .black)
        resetCounts(renderer)
        let after = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(c.bodies == 2, "\(c)")  // the screen and the reader's; the rows' bodies are rebuilt, not run
        #expect(c.sizeComputations <= 8, "\(c) (first render: \(first))")
        #expect(c.drawingsReplayed >= 40, "\(c)")
        let fresh = try ImageRenderer(content: Screen(badge: 5, tint: .black)).render(backend: .cpu)
        #expect(after.width == fresh.width && after.pixels == fresh.pixels)
    }

    /// A new foreground: the texts and the rectangles filled with `.foreground` read it and are made
    /// again, keeping their sizes; the explicitly coloured views are kept whole.
    @Test func aForegroundChangeRemakesOnlyItsReaders() throws {
        let renderer = ImageRenderer(content: Screen(badge: 0, tint: .black))
        _ = try renderer.render(backend: .cpu)
        renderer.content = Screen(badge: 0, tint: .purple)
        resetCounts(renderer)
        let after = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(c.bodies == 1, "\(c)")  // the screen's
        // The texts and rectangles are made again but lay out as before: they take over their old
        // sizes (and line breaks), and so do the stacks around them. Nothing is measured.
        #expect(c.sizeComputations == 0, "\(c)")
        let fresh = try ImageRenderer(content: Screen(badge: 0, tint: .purple)).render(backend: .cpu)
        #expect(after.pixels == fresh.pixels)
        let changed = after.pixels != (try ImageRenderer(content: Screen(badge: 0, tint: .black)).render(backend: .cpu)).pixels
        #expect(changed)
    }

    /// A divider reads the axis of its stack: moved into another stack's kind, it turns.
    @Test func aDividerFollowsItsStack() throws {
        struct Holder: View {
            let horizontal: Bool
            var body: some View {
                if horizontal {
                    HStack(spacing: 0) { Color.red.frame(width: 10, height: 20); Divider() }
                } else {
                    VStack(spacing: 0) { Color.red.frame(width: 10, height: 20); Divider() }
                }
            }
        }
        let renderer = ImageRenderer(content: Holder(horizontal: true))
        let h = try renderer.layoutSnapshot().leaves.last?.frame
        renderer.content = Holder(horizontal: false)
        let v = try renderer.layoutSnapshot().leaves.last?.frame
        #expect(h?.width == 1 && h?.height == 20)
        #expect(v?.width == 10 && v?.height == 1)
    }

    /// A change that does alter the layout (a font, a string) is measured again: the snapshot and the
    /// picture are a fresh renderer's.
    @Test func layoutChangesAreMeasuredAgain() throws {
        struct Labels: View {
            let font: Font
            let last: String
            var body: some View {
                VStack(alignment: .leading, spacing: 0) {
                    Text("First label")
                    Text("Second").foregroundStyle(Color.red)
                    Text(last)
                }
                .font(font)
            }
        }
        let renderer = ImageRenderer(content: Labels(font: .body, last: "short"))
        _ = try renderer.render(backend: .cpu)
        for (font, last) in [(Font.title, "short"), (.title, "a much longer label"), (.caption, "a much longer label")] {
            renderer.content = Labels(font: font, last: last)
            resetCounts(renderer)
            let bitmap = try renderer.render(backend: .cpu)
            #expect(counts(renderer).sizeComputations > 0)
            let fresh = ImageRenderer(content: Labels(font: font, last: last))
            #expect(try renderer.layoutSnapshot() == fresh.layoutSnapshot())
            let same = try bitmap.width == fresh.render(backend: .cpu).width && bitmap.pixels == fresh.render(backend: .cpu).pixels
            #expect(same)
        }
    }

    /// Deep as well as wide: a tint over 100 nested stacks measures nothing again, and a snapshot after
    /// the render measures nothing at all.
    @Test func aTintOverADeepTreeMeasuresNothing() throws {
        struct Nest: View {
            let depth: Int
            var body: some View {
                if depth == 0 {
                    Text("leaf")
                } else {
                    VStack(spacing: 1) { Text("L\(depth)"); Nest(depth: depth - 1).padding(1) }
                }
            }
        }
        struct Tinted: View {
            let tint: Color
            var body: some View { Nest(depth: 100).foregroundStyle(tint) }
        }
        let renderer = ImageRenderer(content: Tinted(tint: .black))
        _ = try renderer.layoutSnapshot()
        let first = counts(renderer)
        renderer.content = Tinted(tint: .orange)
        resetCounts(renderer)
        let after = try renderer.render(backend: .cpu)
        let c = counts(renderer)
        #expect(first.sizeComputations > 100 && c.sizeComputations == 0 && c.bodies == 1, "\(c) (first: \(first))")
        resetCounts(renderer)
        let snapshot = try renderer.layoutSnapshot()
        #expect(counts(renderer).sizeQueries == 0 && counts(renderer).scenesRecorded == 0, "\(counts(renderer))")
        let fresh = ImageRenderer(content: Tinted(tint: .orange))
        #expect(try snapshot == fresh.layoutSnapshot())
        #expect(try after.pixels == fresh.render(backend: .cpu).pixels)
    }
}
