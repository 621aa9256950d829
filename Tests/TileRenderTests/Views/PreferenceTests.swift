import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

struct PrefSumKey: PreferenceKey {
    static var defaultValue: Int { 0 }
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

struct PrefNamesKey: PreferenceKey {
    static var defaultValue: [String] { [] }
    static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
}

struct PrefTintKey: PreferenceKey {
    static var defaultValue: Color { .clear }
    static func reduce(value: inout Color, nextValue: () -> Color) { value = nextValue() }
}

/// A value that code changes between renders, read by a view's body.
/// Observable, so that the graph reruns the bodies that read `n` when it changes.
@Observable final class PreferenceCounter { var n = 1 }

struct PrefCountedView: View {
    let counter: PreferenceCounter
    var body: some View { Color.red.frame(width: 4, height: 4).preference(key: PrefSumKey.self, value: counter.n) }
}

/// `PreferenceKey`, `preference(key:value:)`, `onPreferenceChange` and the preference overlays.
@Suite struct PreferenceTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    private var tree: some View {
        VStack {
            Color.red.frame(width: 10, height: 10).preference(key: PrefSumKey.self, value: 1)
            Text("a").preference(key: PrefSumKey.self, value: 2).preference(key: PrefNamesKey.self, value: ["a"])
            HStack {
                ForEach(0..<2) { i in Color.blue.frame(width: 5, height: 5).preference(key: PrefNamesKey.self, value: ["b\(i)"]) }
                Color.green.frame(width: 5, height: 5).background { Color.clear.preference(key: PrefSumKey.self, value: 4) }
            }
        }
    }

    @Test func valuesCombineInDrawingOrder() throws {
        let s = try snapshot(tree.overlayPreferenceValue(PrefSumKey.self) { sum in Text("sum \(sum)") }
                                 .overlayPreferenceValue(PrefNamesKey.self, alignment: .bottom) { names in Text(names.joined(separator: ",")) })
        let texts = s.leaves.compactMap(\.text)
        #expect(texts.contains("sum 7"))
        #expect(texts.contains("a,b0,b1"))
        // No view sets the key: the default value.
        let none = try snapshot(Color.red.frame(width: 10, height: 10).overlayPreferenceValue(PrefSumKey.self) { Text("n\($0)") })
        #expect(none.leaves.compactMap(\.text) == ["n0"])
    }

    @Test func anOuterPreferenceReplacesTheInnerOnes() throws {
        let s = try snapshot(tree.preference(key: PrefSumKey.self, value: 100).overlayPreferenceValue(PrefSumKey.self) { Text("\($0)") })
        #expect(s.leaves.compactMap(\.text).last == "100")
    }

    @Test func overlaysDrawOverAndBackgroundsBehind() throws {
        let base = Color.blue.frame(width: 20, height: 20).preference(key: PrefTintKey.self, value: .red)
        let over = try renderView(base.overlayPreferenceValue(PrefTintKey.self) { tint in tint.frame(width: 10, height: 10) })
        #expect(over.pixel(x: 10, y: 10) == redPixel)
        #expect(over.pixel(x: 1, y: 1) == bluePixel)
        let behind = try renderView(base.backgroundPreferenceValue(PrefTintKey.self) { tint in tint })
        #expect(behind.pixel(x: 10, y: 10) == bluePixel)
        let clearBase = Color.clear.frame(width: 20, height: 20).preference(key: PrefTintKey.self, value: .red)
        let shows = try renderView(clearBase.backgroundPreferenceValue(PrefTintKey.self) { $0 })
        #expect(shows.pixel(x: 10, y: 10) == redPixel)
        // The layer is laid out in the view's frame, placed by the alignment.
        let placed = try snapshot(base.overlayPreferenceValue(PrefTintKey.self, alignment: .topLeading) { $0.frame(width: 5, height: 5) })
        #expect(placed.leaves.last?.frame == CGRect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test func aPreferenceReadInItsOwnOverlayIsNotFedBack() throws {
        var reported: [Int] = []
        let view = tree
            .overlayPreferenceValue(PrefSumKey.self) { sum in Text("\(sum)").preference(key: PrefSumKey.self, value: sum + 1000) }
            .onPreferenceChange(PrefSumKey.self) { reported.append($0) }
        let s = try snapshot(view)
        #expect(s.leaves.compactMap(\.text).last == "7")
        #expect(reported == [7])
    }

    @Test func onPreferenceChangeReportsOncePerRenderWhereItChanged() throws {
        var reported: [Int] = []
        let counter = PreferenceCounter()
        let renderer = ImageRenderer(content: HStack { PrefCountedView(counter: counter); PrefCountedView(counter: counter) }
            .onPreferenceChange(PrefSumKey.self) { reported.append($0) })
        _ = try renderer.render(backend: .cpu)
        #expect(reported == [2])
        _ = try renderer.render(backend: .cpu)
        #expect(reported == [2])
        counter.n = 5
        _ = try renderer.render(backend: .cpu)
        _ = try renderer.layoutSnapshot()
        #expect(reported == [2, 10])
    }

    @Test func viewThatFitsPassesOnItsChoiceOnly() throws {
        let choice = ViewThatFits(in: .horizontal) {
            Color.red.frame(width: 200, height: 10).preference(key: PrefNamesKey.self, value: ["wide"])
            Color.blue.frame(width: 50, height: 10).preference(key: PrefNamesKey.self, value: ["narrow"])
        }.overlayPreferenceValue(PrefNamesKey.self) { Text($0.joined()) }
        #expect(try snapshot(choice, width: 300, height: 50).leaves.compactMap(\.text) == ["wide"])
        #expect(try snapshot(choice, width: 100, height: 50).leaves.compactMap(\.text) == ["narrow"])
    }

    @Test func otherContainersPassThemOn() throws {
        let grid = Grid {
            GridRow { Color.red.preference(key: PrefSumKey.self, value: 1); Color.blue.preference(key: PrefSumKey.self, value: 2) }
            ScrollView { ZStack { Color.green.frame(height: 40).preference(key: PrefSumKey.self, value: 4) } }
        }.frame(width: 100, height: 100).overlayPreferenceValue(PrefSumKey.self) { Text("\($0)") }
        #expect(try snapshot(grid).leaves.compactMap(\.text) == ["7"])
    }
}
