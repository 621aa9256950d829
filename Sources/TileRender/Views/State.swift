import Foundation
import TileRenderGeometry
import TileRenderPipeline

// View state. Rendered through an `ImageRenderer`, a view's `@State` lives at the view's position in
// the renderer's graph (see `ViewGraph`): the first value's storage becomes the position's, later
// values of the view read and write it, and it resets when the view's identity changes. A write marks
// the position for the next render; nothing re-renders by itself.

/// SwiftUI's `@State`: a value a view owns. Assigning it (through the wrapper or a binding) changes
/// it for later renders of the view at the same place (identity).
@propertyWrapper
public struct State<Value>: DynamicPropertyMarker, StateProperty {
    private let location: StateLocation<Value>

    public init(wrappedValue value: Value) { location = StateLocation(value) }
    public init(initialValue value: Value) { location = StateLocation(value) }

    public var wrappedValue: Value {
        get { location.storage.value }
        nonmutating set { location.write(newValue) }
    }

    /// A binding to the value (`$name`).
    public var projectedValue: Binding<Value> {
        let location = self.location
        return Binding(get: { location.storage.value }, set: { location.write($0) })
    }

    package var stateLocation: AnyStateLocation { location }
}

/// `@State`'s storage as the graph sees it (not generic).
package class AnyStateLocation {
    /// Reads and writes go to `other` from now on (the storage of the position the view is at).
    func redirect(to other: AnyStateLocation) {}
    /// This storage is the position's: a write posts `owner` to `inbox`.
    func attach(owner: Int, inbox: GraphInbox) {}
}

/// A `@State` property, found in a view's fields by the graph.
package protocol StateProperty {
    var stateLocation: AnyStateLocation { get }
}

final class StateLocation<Value>: AnyStateLocation {
    var value: Value
    private var target: StateLocation<Value>?
    /// The graph positions this storage belongs to (a view value rendered by several renderers).
    private var owners: [(id: Int, inbox: GraphInbox)] = []
    init(_ value: Value) { self.value = value }

    var storage: StateLocation<Value> { target ?? self }

    func write(_ newValue: Value) {
        let s = storage
        s.value = newValue
        for owner in s.owners { owner.inbox.post(owner.id) }
    }

    override func redirect(to other: AnyStateLocation) {
        guard other !== self, let other = other as? StateLocation<Value> else { return }
        target = other
    }
    override func attach(owner: Int, inbox: GraphInbox) {
        if !owners.contains(where: { $0.inbox === inbox && $0.id == owner }) { owners.append((owner, inbox)) }
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// SwiftUI's `@Binding`: a value owned elsewhere, read and written through.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { getValue = get; setValue = set }
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = getValue, set = setValue
        return Binding<Subject>(get: { get()[keyPath: keyPath] }, set: { newValue in
            var whole = get()
            whole[keyPath: keyPath] = newValue
            set(whole)
        })
    }
}

/// SwiftUI's `Button`, drawn as its label (a render has no taps): the label's foreground is the accent
/// colour (iOS's blue) unless a foreground style was set around it, as a plain button's is; the action
/// is kept and never called.
public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    package let action: () -> Void
    package let label: Label

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) { self.action = action; self.label = label() }

    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode {
        var e = environment
        if let color = e.foregroundStyle as? Color, color == Color.primary { e.foregroundStyle = Color.blue }
        return makeViewNode(label, e)
    }
}

extension Button where Label == Text {
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) { self.init(action: action) { Text(title) } }
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) { self.init(action: action) { Text(titleKey) } }
}

extension View {
    /// Accepted for source compatibility: a render has no taps, so `action` is never called.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> Self { self }
}

/// Bindings to the properties of an `Observable` object (SwiftUI's `Bindable`): `@Bindable var store =
/// store`, then `$store.trips` is a `Binding` that reads and writes `store.trips`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
