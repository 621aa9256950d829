import Foundation
import Testing
@testable import TileRender

// Explicit identities (`ForEach` ids, `.id(_:)`): integers are held as they are, other ids boxed.
// Equal ids of one type are one identity; ids of different types never are.

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
        final class Box { var binding: Binding<Int>? }
        final class Log { var entries: [String] = [] }
        struct Row: View {
            let name: String
            let log: Log
            let box: Box?
            @State var value = 0
            var body: some View {
                log.entries.append("\(name)=\(value)")
                box?.binding = $value
                return Color.red.frame(width: 10, height: 10)
            }
        }
        struct Rows: View {
            let names: [String]
            let log: Log
            let box: Box
            var body: some View {
                VStack(spacing: 0) {
                    ForEach(names, id: \.self) { n in Row(name: "\(n)@\(names.firstIndex(of: n)!)", log: log, box: n == "b" ? box : nil) }
                }
            }
        }
        let log = Log(), box = Box()
        let renderer = ImageRenderer(content: Rows(names: ["a", "b", "c"], log: log, box: box))
        _ = renderer.scene
        box.binding!.wrappedValue = 5
        renderer.content = Rows(names: ["c", "b", "a"], log: log, box: box)
        log.entries = []
        _ = renderer.scene
        // Each row moved (its name holds its index), so each body ran again, with its own state.
        #expect(log.entries.sorted() == ["a@2=0", "b@1=5", "c@0=0"], "\(log.entries)")
    }
}
