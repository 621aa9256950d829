import Foundation
import Observation
import TileRenderGeometry
import TileRenderPipeline

/// Light or dark appearance (SwiftUI's `ColorScheme`).
public enum ColorScheme: Hashable, CaseIterable, Sendable {
    case light, dark
}

/// The values views read with `@Environment` (SwiftUI's `EnvironmentValues`, the part TileRender has).
/// A render starts from the defaults; `environment(_:_:)` changes a value for a subtree.
public struct EnvironmentValues: @unchecked Sendable {
    /// `.light` by default. In `.dark` the default foreground (what `.foreground` and shapes used as
    /// views paint with, `Text`'s colour) is white instead of black, the background style black, and
    /// named colours (`.red`, `.secondary`, ...) take iOS's dark values (Color+Named.swift), also in
    /// gradients, shadows and the canvases drawn there.
    public var colorScheme: ColorScheme = .light
    /// The display scale a render is at (1: one pixel per point).
    public var displayScale: CGFloat = 1

    /// Values of custom `EnvironmentKey`s and `Observable` objects put in the environment, by type.
    /// (Not Sendable in general: a render reads them on the thread that lays the views out.)
    private var custom: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// The value of a custom key (its `defaultValue` until a view sets it).
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The object of type `T` put in the environment with `environment(_:)`, if any.
    package func object<T: AnyObject>(_ type: T.Type) -> T? { custom[ObjectIdentifier(type)] as? T }
    package mutating func setObject<T: AnyObject>(_ object: T?, as type: T.Type) { custom[ObjectIdentifier(type)] = object }

    /// The values in effect while a view's `body` is built.
    @TaskLocal package static var current = EnvironmentValues()
    /// Where the `@Environment` reads of the body being built are logged (see `EnvironmentReads`).
    @TaskLocal package static var reads: EnvironmentReads? = nil

    /// Whether the custom values are the same (compared as view values are, objects by identity).
    package func customValuesEqual(_ other: EnvironmentValues) -> Bool {
        guard custom.count == other.custom.count else { return false }
        for (key, value) in custom {
            guard let otherValue = other.custom[key], anyViewValuesEqual(value, otherValue) else { return false }
        }
        return true
    }
}

/// A key for a value of your own in `EnvironmentValues` (SwiftUI's `EnvironmentKey`): extend
/// `EnvironmentValues` with a property reading and writing `self[MyKey.self]`.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// SwiftUI's `@Environment(\.keyPath)`: reads a value of the environment the view is built in.
///
/// `@Environment(MyModel.self)` reads an `Observable` object put in with `environment(_:)` (an optional
/// `MyModel?` is nil without one). Reading a non-optional object that no view put in stops the program
/// with a message naming the type, as SwiftUI does: it is a mistake in the code, not in its input.
@propertyWrapper
public struct Environment<Value>: DynamicPropertyMarker {
    private let read: (EnvironmentValues) -> Value
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { $0[keyPath: keyPath] } }
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { values in
            guard let object = values.object(objectType) else {
                fatalError("No Observable object of type \(objectType) found: put one in with .environment(_:) on a view around this one")
            }
            return object
        }
    }
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        read = { $0.object(objectType) }
    }
    /// The value where the view's `body` is being built (the defaults elsewhere).
    public var wrappedValue: Value {
        let value = read(EnvironmentValues.current)
        if let reads = EnvironmentValues.reads { reads.log(value) { [read] in read($0) } }
        return value
    }
}

/// The `@Environment` values a body read, with what it read: the view graph runs the body again after
/// an environment change only when one of them reads differently (compared as view values are).
package final class EnvironmentReads: @unchecked Sendable {  // filled and read on the thread building the views
    private var entries: [(read: (EnvironmentValues) -> Any, value: Any)] = []
    package init() {}
    package var isEmpty: Bool { entries.isEmpty }
    func log(_ value: Any, _ read: @escaping (EnvironmentValues) -> Any) { entries.append((read, value)) }
    /// Whether every value read reads the same in `values`.
    package func areUnchanged(in values: EnvironmentValues) -> Bool {
        entries.allSatisfy { anyViewValuesEqual($0.read(values), $0.value) }
    }
}

extension View {
    /// Puts `object` in the environment of this view and the views inside it, for
    /// `@Environment(T.self)` (nil removes it).
    public func environment<T: AnyObject & Observable>(_ object: T?) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.values.setObject(object, as: T.self) })
    }

    /// Sets an environment value for this view and the views inside it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { $0.values[keyPath: keyPath] = value })
    }

    /// The appearance for this view and the views inside it (a render has no window to pass it up to).
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> _ModifiedView<Self> {
        modified(EnvironmentModifier { if let colorScheme { $0.values.colorScheme = colorScheme } })
    }
}

extension Color {
    /// The colour's concrete values in `environment` (SwiftUI's `resolve(in:)`): a named colour's
    /// values of the environment's appearance, a plain colour's own.
    public func resolve(in environment: EnvironmentValues) -> Color.Resolved {
        let c = resolved(darkAppearance: environment.colorScheme == .dark)
        return Color.Resolved(red: Float(c.red), green: Float(c.green), blue: Float(c.blue), opacity: Float(c.opacity))
    }
}
