import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A type-erased view (SwiftUI's `AnyView`): it lays out and draws as the view it wraps, and is not a
/// node of the layout snapshot itself. In a stack, a wrapped list of views (a `Group`, a `ForEach`)
/// still stands for its views, one by one; wrapping an `AnyView` again adds nothing.
public struct AnyView: View, ViewList {
    public typealias Body = Never
    private let make: (ViewEnvironment) -> [any ViewNode]

    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView { self = erased; return }
        make = { makeViewNodes(view, $0) }
    }

    /// Wraps `view` (the spelling for when the type is not known statically).
    public init<V: View>(erasing view: V) { self.init(view) }

    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { make(environment) }
}
