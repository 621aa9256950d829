import Foundation
import Testing
@testable import TileRender

// Explicit identities (`ForEach` ids, `.id(_:)`): integers are held as they are, other ids boxed.
// Equal ids of one type are one identity; ids of different types never are.

/// Hands out a binding to a row's state, and logs each body with the state it saw.
private final class StateBox { var binding: Binding<Int>? }
private final class StateLog { var entries: [String] = [] }

private struct StatefulRow: View {
    let name: String
    let log: StateLog
    let box: StateBox?
    @State var value = 0
    var body: some View {
        log.entries.append("\(name)=\(value)")
        box?.binding = $value
        return Color.red.frame(width: 10, height: 10)
    }
}

@Suite struct ExplicitIDTests {
    private struct Key: Hashable { var a: Int; var b: String }

    @Test func equalityAndHashingFollowTheIds() {
        #expect(ExplicitID(3) == ExplicitID(3))
        #expect(ExplicitID(3) != ExplicitID(4))
        #expect(ExplicitID("row") == ExplicitID("row"))
        #expect(ExplicitID("row") != ExplicitID("rows"))
        #expect(ExplicitID(Key(a: 1, b: "x")) == ExplicitID(Key(a: 1, b: "x")))
        #expect(ExplicitID(Key(a: 1, b: "x")) != ExplicitID(Key(a: 2, b: "x")))
        // Different types: different ids, even where the values print alike.
        #expect(ExplicitID(3) != ExplicitID("3"))
        #expect(ExplicitID(3) != ExplicitID(Int8(3)))
        #expect(ExplicitID(0) != ExplicitID(UUID()))
        // Equal ids hash alike (a set keeps one of each).
        let ids: Set<ExplicitID> = [ExplicitID(1), ExplicitID(1), ExplicitID("a"), ExplicitID("a"), ExplicitID(Key(a: 1, b: "x")), ExplicitID(Key(a: 1, b: "x"))]
        #expect(ids.count == 3)
    }

    /// Rows identified by strings keep their state when reordered, as rows identified by integers do.
    @Test func stringIdentifiedRowsKeepTheirState() throws {
        struct Rows: View {
            let names: [String]
            let log: StateLog
            let box: StateBox
            var body: some View {
                VStack(spacing: 0) {
                    ForEach(names, id: \.self) { n in StatefulRow(name: "\(n)@\(names.firstIndex(of: n)!)", log: log, box: n == "b" ? box : nil) }
                }
            }
        }
        let log = StateLog(), box = StateBox()
        let renderer = ImageRenderer(content: Rows(names: ["a", "b", "c"], log: log, box: box))
        _ = renderer.scene
        box.binding!.wrappedValue = 5
        renderer.content = Rows(names: ["c", "b", "a"], log: log, box: box)
        log.entries = []
        _ = renderer.scene
        // Each row moved (its name holds its index), so each body ran again, with its own state.
        #expect(log.entries.sorted() == ["a@2=0", "b@1=5", "c@0=0"], "\(log.entries)")
    }

    /// `ForEach` over a range (iterated as integers) identifies each view by its integer, as it does
    /// for an array of the same integers: a row keeps its state when the range moves.
    @Test func rangeRowsKeepTheirStateWhenTheRangeMoves() throws {
        struct Rows: View {
            let start: Int
            let log: StateLog
            let box: StateBox
            var body: some View {
                VStack(spacing: 0) {
                    ForEach(start..<(start + 4)) { i in StatefulRow(name: "\(i)", log: log, box: i == 3 ? box : nil) }
                }
            }
        }
        let log = StateLog(), box = StateBox()
        let renderer = ImageRenderer(content: Rows(start: 0, log: log, box: box))
        _ = renderer.scene
        box.binding!.wrappedValue = 9
        renderer.content = Rows(start: 2, log: log, box: box)
        log.entries = []
        _ = renderer.scene
        // Row 3 kept its place and its state; rows 4 and 5 are new.
        #expect(log.entries.contains("3=9") && log.entries.contains("5=0") && !log.entries.contains("3=0"), "\(log.entries)")
    }
}
