import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Light or dark appearance (SwiftUI's `ColorScheme`).
public enum ColorScheme: Hashable, CaseIterable, Sendable {
    case light, dark

    /// The primary foreground in this appearance: black in light, white in dark.
    var primary: Color { self == .light ? Color.primary : .white }
}

/// The values views read with `@Environment` (SwiftUI's `EnvironmentValues`, the part TileRender has).
/// A render starts from the defaults; `environment(_:_:)` changes a value for a subtree.
public struct EnvironmentValues: Sendable {
    /// `.light` by default. In `.dark` the default foreground (what `.foreground` and shapes used as
    /// views paint with, `Text`'s colour) is white instead of black; named colours keep their light
    /// values.
    public var colorScheme: ColorScheme = .light
    /// The display scale a render is at (1: one pixel per point).
    public var displayScale: CGFloat = 1

    public init() {}

    /// The values in effect while a view's `body` is built.
    @TaskLocal package static var current = EnvironmentValues()
}

/// SwiftUI's `@Environment(\.keyPath)`: reads a value of the environment the view is built in.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    /// The value where the view's `body` is being built (the defaults elsewhere).
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

extension View {
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
    /// The colour's concrete values in `environment` (SwiftUI's `resolve(in:)`). TileRender's named
    /// colours are fixed values (the light appearance's), so the environment does not change them;
    /// hierarchical styles follow the appearance where views use them (`HierarchicalShapeStyle`).
    public func resolve(in environment: EnvironmentValues) -> Color.Resolved {
        Color.Resolved(red: Float(red), green: Float(green), blue: Float(blue), opacity: Float(opacity))
    }
}
