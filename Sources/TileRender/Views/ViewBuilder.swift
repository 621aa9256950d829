import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// Builds views from closures (SwiftUI's `ViewBuilder`): several statements become a `TupleView`, `if`
/// an optional view, `if`/`else` a `_ConditionalContent`, `for` an array of views.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(storage: .trueContent(first)) }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(storage: .falseContent(second)) }
    public static func buildArray<Content: View>(_ components: [Content]) -> _ArrayView<Content> {
        _ArrayView(elements: components)
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// Several views side by side (in a stack) or on top of each other (elsewhere).
public struct TupleView<each Content: View>: View, ViewList {
    public typealias Body = Never
    public var value: (repeat each Content)
    public init(_ value: repeat each Content) { self.value = (repeat each value) }

    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        var nodes: [any ViewNode] = []
        for child in repeat each value { appendViewNodes(child, environment, to: &nodes) }
        return nodes
    }
}

/// A view that draws nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    package func makeNode(_ environment: ViewEnvironment) -> any ViewNode { EmptyNode() }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: ViewList where Wrapped: View {
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        switch self {
        case .some(let view): return makeViewNodes(view, environment)
        case .none: return []
        }
    }
}

/// One of two views, chosen by an `if`/`else` or `switch` in a view builder.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, ViewList {
    public typealias Body = Never
    package enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    package let storage: Storage

    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        switch storage {
        case .trueContent(let view): return makeViewNodes(view, environment)
        case .falseContent(let view):
            // The false branch takes the second slot: the branches never share an identity (or state).
            environment.graph?.parent.skipSlots(1)
            return makeViewNodes(view, environment)
        }
    }
}

/// The views made by a `for` loop in a view builder.
public struct _ArrayView<Content: View>: View, ViewList {
    public typealias Body = Never
    package let elements: [Content]
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        elements.flatMap { makeViewNodes($0, environment) }
    }
}

/// Groups views without laying them out; modifiers on a group apply to each of its views.
public struct Group<Content: View>: View, ViewList {
    public typealias Body = Never
    package let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { makeViewNodes(content, environment) }
}

/// Views made from the elements of a collection (SwiftUI's `ForEach`). Modifiers on a `ForEach` apply
/// to each view separately (so `.opacity` on it is per-view opacity).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, ViewList {
    public typealias Body = Never
    public var data: Data
    public var content: (Data.Element) -> Content
    package let id: KeyPath<Data.Element, ID>

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.id = id; self.content = content
    }

    /// Each element's views take the element's id as their identity: a reordered element keeps its
    /// state, a removed one drops it.
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        var nodes: [any ViewNode] = []
        nodes.reserveCapacity(data.count)
        var inner = environment
        let identified = environment.graph != nil
        // `ForEach(0..<n)`: a range of integers identified by themselves, iterated as integers (this
        // generic function is not specialised, and its iterator and key path cost more per element
        // than a small view's node).
        if let range = data as? Range<Int>, id as AnyKeyPath == \Int.self as AnyKeyPath {
            for i in range {
                if identified { inner.explicitID = .int(i) }
                appendViewNodes(content(unsafeBitCast(i, to: Data.Element.self)), inner, to: &nodes)
            }
            return nodes
        }
        for element in data {
            if identified { inner.explicitID = ExplicitID(element[keyPath: id]) }
            appendViewNodes(content(element), inner, to: &nodes)
        }
        return nodes
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

/// A view with an explicit identity (`.id(_:)`): a new id makes it a new view, its state reset.
public struct _IdentifiedView<Content: View, ID: Hashable>: View, ViewList {
    public typealias Body = Never
    package let content: Content
    package let id: ID
    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] {
        var inner = environment
        inner.explicitID = ExplicitID(id)
        return makeViewNodes(content, inner)
    }
}

extension View {
    /// Gives the view an explicit identity (SwiftUI's `id(_:)`): when `id` changes, the view is a new
    /// one, and its `@State` (and that of the views inside it) starts again from the initial values.
    public func id<ID: Hashable>(_ id: ID) -> _IdentifiedView<Self, ID> { _IdentifiedView(content: self, id: id) }
}
