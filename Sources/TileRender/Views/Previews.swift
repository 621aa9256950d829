import Foundation

// Xcode's previews, for seed files to compile unchanged. A render has no preview canvas: `#Preview`
// expands to nothing (its closure is still type-checked), `PreviewProvider`s are never instantiated,
// and the preview modifiers return the view unchanged. To render what a preview shows, give its view
// to an `ImageRenderer`.

/// A preview of `body` (SwiftUI's `#Preview`): it compiles and draws nothing.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "TileRenderMacros", type: "PreviewMacro")

/// A preview with traits (SwiftUI's `#Preview(_:traits:body:)`): it compiles and draws nothing.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait, _ moreTraits: PreviewTrait...,
                     @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "TileRenderMacros", type: "PreviewMacro")

/// How a preview is laid out or shown (SwiftUI's `PreviewTrait`); previews are not shown in a render.
public struct PreviewTrait: Sendable {
    private init() {}
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait() }
    public static var defaultLayout: PreviewTrait { PreviewTrait() }
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait() }
    public static var portrait: PreviewTrait { PreviewTrait() }
    public static var landscapeLeft: PreviewTrait { PreviewTrait() }
    public static var landscapeRight: PreviewTrait { PreviewTrait() }
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait() }
}

/// The older way to declare previews (SwiftUI's `PreviewProvider`): the type compiles, and nothing
/// reads `previews` unless your code does (it is an ordinary view, e.g. for an `ImageRenderer`).
@MainActor
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// The size a preview is shown at (SwiftUI's `PreviewLayout`), for `previewLayout(_:)`.
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device a preview is shown on (SwiftUI's `PreviewDevice`), for `previewDevice(_:)`.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// Previews are not shown in a render: the view is unchanged.
    public func previewLayout(_ layout: PreviewLayout) -> Self { self }
    /// Previews are not shown in a render: the view is unchanged.
    public func previewDisplayName(_ name: String?) -> Self { self }
    /// Previews are not shown in a render: the view is unchanged.
    public func previewDevice(_ device: PreviewDevice?) -> Self { self }
}

/// A navigation container (SwiftUI's `NavigationView`). A render has no navigation bar, so it shows
/// its content as a `Group` would: seed previews that wrap a view in one draw the view.
public struct NavigationView<Content: View>: View, ViewList {
    public typealias Body = Never
    package let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { makeViewNodes(content, environment) }
}

/// A navigation stack (SwiftUI's `NavigationStack`): in a render, its root view only, as a `Group`
/// would show it (no bar, no pushed views).
public struct NavigationStack<Root: View>: View, ViewList {
    public typealias Body = Never
    package let root: Root
    public init(@ViewBuilder root: () -> Root) { self.root = root() }
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { makeViewNodes(root, environment) }
}
