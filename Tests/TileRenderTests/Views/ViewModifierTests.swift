import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// Users' own `ViewModifier`s: `body(content:)` builds the modified view, with the environment of the
/// place it is applied; modifiers chain with `concat` and apply to each view of a list.
@Suite struct ViewModifierTests {
    private struct Padded: ViewModifier {
        var amount: CGFloat
        func body(content: Content) -> some View {
            content.padding(amount).background(Color.blue)
        }
    }
    /// Reads the environment where it is applied: red in dark, green in light.
    private struct SchemeTint: ViewModifier {
        @Environment(\.colorScheme) var colorScheme
        func body(content: Content) -> some View {
            content.foregroundStyle(colorScheme == .dark ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 1, blue: 0))
        }
    }
    /// Wraps the content in a frame and puts a label under it: the content is used once, in the middle.
    private struct Captioned: ViewModifier {
        func body(content: Content) -> some View {
            VStack(spacing: 0) {
                Color.red.frame(width: 4, height: 2)
                content
                Color.green.frame(width: 6, height: 3)
            }
        }
    }

    private func snapshot<V: View>(_ view: V) throws -> LayoutSnapshot { try ImageRenderer(content: view).layoutSnapshot() }

    @Test func aModifiersBodyLaysOutTheContent() throws {
        let s = try snapshot(Color.red.frame(width: 10, height: 10).modifier(Padded(amount: 5)))
        #expect(s.root.frame.size == CGSize(width: 20, height: 20))
        #expect(s.leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 5, y: 5, width: 10, height: 10)])
        let c = try snapshot(Color.blue.frame(width: 8, height: 8).modifier(Captioned()))
        #expect(c.leaves.map(\.frame) == [
            CGRect(x: 2, y: 0, width: 4, height: 2), CGRect(x: 0, y: 2, width: 8, height: 8), CGRect(x: 1, y: 10, width: 6, height: 3),
        ])
    }

    @Test func modifiersReadTheEnvironmentWhereTheyAreApplied() throws {
        func centre<V: View>(_ view: V) throws -> Bitmap.Pixel {
            try ImageRenderer(content: view.frame(width: 6, height: 6)).render(backend: .cpu).pixel(x: 3, y: 3)
        }
        let dot = Rectangle().modifier(SchemeTint())
        #expect(try centre(dot) == Bitmap.Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(try centre(dot.environment(\.colorScheme, .dark)) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func modifiersChainAndApplyToEachViewOfAList() throws {
        // concat: Padded(2) first, then Padded(3) around it.
        let chained = try snapshot(Color.red.frame(width: 4, height: 4).modifier(Padded(amount: 2).concat(Padded(amount: 3))))
        #expect(chained.root.frame.size == CGSize(width: 14, height: 14))
        #expect(chained.leaves.last?.frame == CGRect(x: 5, y: 5, width: 4, height: 4))
        // Same as applying them in turn.
        let inTurn = try snapshot(Color.red.frame(width: 4, height: 4).modifier(Padded(amount: 2)).modifier(Padded(amount: 3)))
        #expect(chained.leaves.map(\.frame) == inTurn.leaves.map(\.frame))
        // EmptyModifier changes nothing.
        #expect(try snapshot(Color.red.frame(width: 4, height: 4).modifier(EmptyModifier())).leaves.map(\.frame) == [CGRect(x: 0, y: 0, width: 4, height: 4)])
        // On a ForEach in a stack, each view is padded: three 8 x 8 views, 0 apart.
        let list = try snapshot(HStack(spacing: 0) {
            ForEach(0..<3, id: \.self) { _ in Color.red.frame(width: 4, height: 4) }.modifier(Padded(amount: 2))
        })
        #expect(list.root.frame.size == CGSize(width: 24, height: 8))
        #expect(list.leaves.filter { $0.frame.width == 4 }.map(\.frame.minX) == [2, 10, 18])
    }
}
