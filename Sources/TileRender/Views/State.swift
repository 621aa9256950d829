import Foundation
import TileRenderGeometry
import TileRenderPipeline

// View state for rendering: TileRender draws still pictures, so `@State` and `@Binding` hold a view's
// values as the code sets them (a render uses the initial values, or what code assigned before the
// render); nothing re-renders by itself when they change.

/// SwiftUI's `@State`: a value a view owns. Assigning it (through the wrapper or a binding) changes
/// it for later renders of the same view value.
@propertyWrapper
public struct State<Value> {
    private final class Box { var value: Value; init(_ value: Value) { self.value = value } }
    private let box: Box

    public init(wrappedValue value: Value) { box = Box(value) }
    public init(initialValue value: Value) { box = Box(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the value (`$name`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
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
