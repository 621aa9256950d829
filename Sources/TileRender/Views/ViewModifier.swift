import Foundation

/// A modifier of your own (SwiftUI's `ViewModifier`): `body(content:)` builds the modified view from
/// `content`, which stands for the view the modifier is applied to. Apply it with `modifier(_:)`.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding().background(.background).clipShape(RoundedRectangle(cornerRadius: 8))
///     }
/// }
/// Text("Gate 42").modifier(Card())
/// ```
///
/// `body(content:)` is called each time the view is laid out for a render, with the environment of the
/// place it is applied (so `@Environment` reads work, as in a view's `body`). Modifiers applied to a
/// list of views (`ForEach`, `Group`) apply to each view, as built-in modifiers do.
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder func body(content: Content) -> Body
    typealias Content = _ViewModifier_Content<Self>
}

/// The view a `ViewModifier` modifies, as `body(content:)` sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, ViewList {
    public typealias Body = Never
    /// The nodes of the modified view in an environment (that of the place the content is used).
    package let makeContent: (ViewEnvironment) -> [any ViewNode]
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { makeContent(environment) }
}

/// A view with a modifier applied, or two modifiers applied in turn (SwiftUI's `ModifiedContent`).
public struct ModifiedContent<Content, Modifier> {
    public typealias Body = Never
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

/// A modifier TileRender applies itself (its `Body` is `Never`).
package protocol PrimitiveViewModifier {
    func makeNodes<V: View>(modifying view: V, _ environment: ViewEnvironment) -> [any ViewNode]
}

extension ModifiedContent: View, ViewList where Content: View, Modifier: ViewModifier {
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        if let primitive = modifier as? any PrimitiveViewModifier { return primitive.makeNodes(modifying: content, environment) }
        let content = self.content
        let placeholder = _ViewModifier_Content<Modifier>(makeContent: { makeViewNodes(content, $0) })
        let body = EnvironmentValues.$current.withValue(environment.values) { modifier.body(content: placeholder) }
        return makeViewNodes(body, environment)
    }
}

extension ModifiedContent: ViewModifier, PrimitiveViewModifier where Content: ViewModifier, Modifier: ViewModifier {
    /// Two modifiers in turn are applied by TileRender (`makeNodes(modifying:_:)`): this is never called.
    public func body(content: _ViewModifier_Content<Self>) -> Never {
        fatalError("ModifiedContent of two modifiers is a primitive modifier and has no body")
    }
    /// The first modifier, then the second.
    package func makeNodes<V: View>(modifying view: V, _ environment: ViewEnvironment) -> [any ViewNode] {
        makeViewNodes(view.modifier(content).modifier(modifier), environment)
    }
}

/// A modifier that changes nothing (SwiftUI's `EmptyModifier`).
public struct EmptyModifier: ViewModifier, Sendable {
    public static let identity = EmptyModifier()
    public init() {}
    public func body(content: Content) -> Content { content }
}

extension View {
    /// Applies `modifier` to this view.
    public func modifier<T: ViewModifier>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// This modifier, then `modifier` (SwiftUI's `concat(_:)`).
    public func concat<T: ViewModifier>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
