import Foundation
import Observation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

@Observable private final class TripStore {
    var trips = ["Lisbon", "Kyoto"]
}

private struct AccentKey: EnvironmentKey { static let defaultValue = Color(red: 0, green: 0, blue: 1) }
extension EnvironmentValues {
    fileprivate var accent: Color {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

/// The seed 004's pattern: a view reading an `@Observable` store from the environment and binding to it.
private struct TripTitle: View {
    @Environment(TripStore.self) private var store
    var body: some View {
        @Bindable var store = store
        Text(store.trips[0])
    }
}

private struct OptionalStoreView: View {
    @Environment(TripStore.self) private var store: TripStore?
    var body: some View { Text(store == nil ? "none" : "some") }
}

private struct AccentSquare: View {
    @Environment(\.accent) private var accent
    var body: some View { Rectangle().fill(accent).frame(width: 4, height: 4) }
}

/// `@Environment` with types (Observable objects) and custom keys, `environment(_:)`, `@Bindable`.
@Suite struct EnvironmentObjectTests {
    private func texts<V: View>(_ view: V) throws -> [String] {
        try ImageRenderer(content: view).layoutSnapshot().leaves.compactMap(\.text)
    }

    @Test func anObservableObjectReachesTheViewsInside() throws {
        let store = TripStore()
        #expect(try texts(VStack { TripTitle() }.environment(store)) == ["Lisbon"])
        store.trips[0] = "Oslo"
        #expect(try texts(TripTitle().environment(store)) == ["Oslo"])
        // An optional read is nil without an object.
        #expect(try texts(OptionalStoreView()) == ["none"])
        #expect(try texts(OptionalStoreView().environment(store)) == ["some"])
    }

    @Test func bindableWritesThroughToTheObject() {
        let store = TripStore()
        @Bindable var bound = store
        let first = $bound.trips
        first.wrappedValue[1] = "Quito"
        #expect(store.trips == ["Lisbon", "Quito"])
    }

    @Test func customKeysHaveDefaultsAndSubtreeValues() throws {
        let blue = try ImageRenderer(content: AccentSquare()).render(backend: .cpu).pixel(x: 2, y: 2)
        #expect(blue == Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255))
        let red = try ImageRenderer(content: AccentSquare().environment(\.accent, Color(red: 1, green: 0, blue: 0))).render(backend: .cpu)
        #expect(red.pixel(x: 2, y: 2) == Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255))
    }
}
