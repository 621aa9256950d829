import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Default stack spacing per pair of neighbours (`ViewSpacing`): text on text in a column touches,
/// anything else keeps the standard 8 points; explicit spacing is unchanged.
@Suite struct ViewSpacingTests {
    private func near(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 1e-9 }

    private func leaves<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> [LayoutSnapshot.Node] {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot().leaves
    }

    @Test func textsInAColumnTouch() throws {
        let l = try leaves(VStack { Text("First"); Text("Second") })
        #expect(l.count == 2)
        #expect(near(l[1].frame.minY, l[0].frame.maxY))
        // Three lines in a leading column, nested stacks included.
        let nested = try leaves(VStack(alignment: .leading) {
            VStack(alignment: .leading) { Text("One"); Text("Two") }
            Text("Three").font(.caption)
        })
        #expect(nested.map(\.text) == ["One", "Two", "Three"])
        #expect(near(nested[1].frame.minY, nested[0].frame.maxY))
        #expect(near(nested[2].frame.minY, nested[1].frame.maxY))
    }

    @Test func textBesideOtherViewsKeepsEight() throws {
        let column = try leaves(VStack { Text("Label"); Color.red.frame(width: 10, height: 10); Text("After") })
        #expect(near(column[1].frame.minY - column[0].frame.maxY, 8))
        #expect(near(column[2].frame.minY - column[1].frame.maxY, 8))
        let row = try leaves(HStack { Text("A"); Text("B"); Color.red.frame(width: 10, height: 10) })
        #expect(near(row[1].frame.minX - row[0].frame.maxX, 8))
        #expect(near(row[2].frame.minX - row[1].frame.maxX, 8))
        // A padded text is a plain view on its padded edges.
        let padded = try leaves(VStack { Text("A").padding(.vertical, 2); Text("B") })
        #expect(near(padded[1].frame.minY - padded[0].frame.maxY, 2 + 8))
        // A frame passes its text's spacing on.
        let framed = try leaves(VStack { Text("A").frame(width: 50); Text("B") })
        #expect(near(framed[1].frame.minY, framed[0].frame.maxY))
        // Views that are not text: 8, as before.
        let colours = try leaves(VStack { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) })
        #expect(near(colours[1].frame.minY - colours[0].frame.maxY, 8))
    }

    @Test func explicitSpacingIsUnchanged() throws {
        let l = try leaves(VStack(spacing: 4) { Text("First"); Text("Second") })
        #expect(near(l[1].frame.minY - l[0].frame.maxY, 4))
        let zero = try leaves(HStack(spacing: 0) { Text("A"); Color.red.frame(width: 10, height: 10) })
        #expect(near(zero[1].frame.minX, zero[0].frame.maxX))
    }

    @Test func theSpacingModel() {
        let text = ViewSpacing.text, view = ViewSpacing(), zero = ViewSpacing.zero
        #expect(text.distance(to: text, along: .vertical) == 0)
        #expect(text.distance(to: text, along: .horizontal) == 8)
        #expect(text.distance(to: view, along: .vertical) == 8)
        #expect(view.distance(to: text, along: .vertical) == 8)
        #expect(view.distance(to: view, along: .horizontal) == 8)
        #expect(zero.distance(to: zero, along: .vertical) == 0)
        #expect(zero.distance(to: text, along: .vertical) == 8)
        #expect(text.distance(to: zero, along: .horizontal) == 8)
        // A union with text and another view: 8 from text (the other view asks for it).
        let mixed = text.union(view)
        #expect(mixed.distance(to: text, along: .vertical) == 8)
        #expect(zero.union(text) == text)
        // Only the edges asked for.
        #expect(text.union(view, edges: .top).distance(to: text, along: .vertical) == 0)
    }

    /// A custom layout reads the same preferences through `LayoutSubview.spacing`.
    struct Column: Layout {
        func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) -> CGSize {
            let sizes = subviews.map { $0.sizeThatFits(.unspecified) }
            let gaps = gapsBetween(subviews)
            return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.reduce(0) { $0 + $1.height } + gaps.reduce(0, +))
        }
        func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Void) {
            var y = bounds.minY
            let gaps = gapsBetween(subviews)
            for (i, s) in subviews.enumerated() {
                s.place(at: CGPoint(x: bounds.minX, y: y), proposal: .unspecified)
                y += s.sizeThatFits(.unspecified).height + (i < gaps.count ? gaps[i] : 0)
            }
        }
        func gapsBetween(_ subviews: Subviews) -> [CGFloat] {
            subviews.indices.dropLast().map { subviews[$0].spacing.distance(to: subviews[$0 + 1].spacing, along: .vertical) }
        }
    }

    @Test func customLayoutsSeeThePreferences() throws {
        let l = try leaves(Column { Text("A"); Text("B"); Color.red.frame(width: 10, height: 10) })
        #expect(near(l[1].frame.minY, l[0].frame.maxY))
        #expect(near(l[2].frame.minY - l[1].frame.maxY, 8))
        // VStackLayout with nil spacing as the VStack.
        let s = try leaves(VStackLayout { Text("A"); Text("B") })
        #expect(near(s[1].frame.minY, s[0].frame.maxY))
    }
}
