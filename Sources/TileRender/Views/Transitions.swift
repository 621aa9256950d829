import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// How a view appears when a change inserts it (SwiftUI's `AnyTransition`).
///
/// An `AnimationRenderer` shows a view inserted by an animated change (`withAnimation`,
/// `animation(_:value:)`) moving from the transition's start to the view as it is: `.opacity` fades it
/// in (the default, as in SwiftUI), `.scale` grows it, `.move(edge:)` and `.slide` bring it in from an
/// edge by its own size, `.offset` from an offset; `combined(with:)` does both, `asymmetric` names the
/// insertion's transition and the removal's. A view removed by a change disappears at once: TileRender
/// does not yet keep removed views on show for their removal transition.
public struct AnyTransition: Sendable {
    /// What a transition changes about the view at its start (progress 0), undone as it reaches 1.
    enum Piece: Equatable, Sendable {
        case opacity
        case scale(CGFloat, UnitPoint)
        case offset(CGSize)
        case move(Edge)
    }

    let insertion: [Piece]
    let removal: [Piece]

    init(insertion: [Piece], removal: [Piece]) { self.insertion = insertion; self.removal = removal }
    init(_ pieces: [Piece]) { self.init(insertion: pieces, removal: pieces) }

    /// Fades the view in and out.
    public static let opacity = AnyTransition([.opacity])
    /// Changes nothing.
    public static let identity = AnyTransition([])
    /// Scales the view from zero about its centre.
    public static let scale = AnyTransition([.scale(0, .center)])
    /// Scales the view from `scale` about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition([.scale(scale.isFinite ? scale : 0, anchor)])
    }
    /// Moves the view in from `offset`.
    public static func offset(_ offset: CGSize) -> AnyTransition {
        AnyTransition([.offset(CGSize(width: offset.width.isFinite ? offset.width : 0, height: offset.height.isFinite ? offset.height : 0))])
    }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    /// Moves the view in from beyond `edge` (by its own width or height).
    public static func move(edge: Edge) -> AnyTransition { AnyTransition([.move(edge)]) }
    /// In from the leading edge, out towards the trailing one.
    public static let slide = AnyTransition(insertion: [.move(.leading)], removal: [.move(.trailing)])
    /// In from `edge`, fading in; out towards the opposite edge, fading out.
    public static func push(from edge: Edge) -> AnyTransition {
        let opposite: Edge = switch edge { case .top: .bottom; case .bottom: .top; case .leading: .trailing; case .trailing: .leading }
        return AnyTransition(insertion: [.move(edge), .opacity], removal: [.move(opposite), .opacity])
    }
    /// `insertion` when the view is inserted, `removal` when it is removed.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }
    /// This transition and `other` at once.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }
    /// This transition, animated with `animation` whatever the change's animation.
    public func animation(_ animation: Animation?) -> AnyTransition {
        var t = self
        t.ownAnimation = .some(animation)
        return t
    }
    var ownAnimation: Animation?? = nil

    /// `child` drawn `progress` of the way from the pieces' start (0) to itself (1).
    static func node(_ child: any ViewNode, pieces: [Piece], progress: Double) -> any ViewNode {
        guard !pieces.isEmpty, progress != 1 else { return child }
        let rest = CGFloat(1 - progress)
        return EffectNode(child: child) { rect, context, drawChild in
            var c = context
            var opacity = 1.0
            for piece in pieces {
                switch piece {
                case .opacity: opacity *= min(1, max(0, progress))
                case .offset(let offset): c.translateBy(x: offset.width * rest, y: offset.height * rest)
                case .move(let edge):
                    switch edge {
                    case .leading: c.translateBy(x: -rect.width * rest, y: 0)
                    case .trailing: c.translateBy(x: rect.width * rest, y: 0)
                    case .top: c.translateBy(x: 0, y: -rect.height * rest)
                    case .bottom: c.translateBy(x: 0, y: rect.height * rest)
                    }
                case let .scale(from, anchor):
                    let s = from + (1 - from) * CGFloat(progress)
                    let a = anchor.point(in: rect)
                    c.translateBy(x: a.x, y: a.y)
                    c.scaleBy(x: s, y: s)
                    c.translateBy(x: -a.x, y: -a.y)
                }
            }
            if opacity == 1 { drawChild(rect, c); return }
            c.opacity *= opacity
            c.drawLayer { inner in drawChild(rect, inner) }
        }
    }
}

/// `transition(_:)`: marks the view with the transition it takes when inserted; draws it unchanged.
package struct TransitionModifier: NodeWrapper {
    let transition: AnyTransition
    package var onlyWrapsNodes: Bool { true }
    package func wrap(_ node: any ViewNode, _ environment: ViewEnvironment) -> any ViewNode { node }
}

/// A view value that may carry a transition (a view under `transition(_:)` and other modifiers).
package protocol TransitionCarrier {
    var carriedTransition: AnyTransition? { get }
}

extension _ModifiedView: TransitionCarrier {
    package var carriedTransition: AnyTransition? {
        if let t = modifier as? TransitionModifier { return t.transition }
        return (content as? any TransitionCarrier)?.carriedTransition
    }
}

/// A view whose subtree's changes take an animation of its own (`animation(_:value:)`, `animation(_:)`).
package protocol AnimationScope {
    /// The transaction of the subtree's changes, given the value this place was last built with (nil:
    /// the subtree keeps its parent's).
    func transaction(after old: Self?, inherited: Transaction?) -> Transaction?
}

/// `animation(_:value:)` and `animation(_:)`.
public struct _AnimationView<Content: View, Value: Equatable>: View, ViewList, AnimationScope {
    public typealias Body = Never
    let content: Content
    let animation: Animation?
    /// nil: every change below animates (`animation(_:)`).
    let value: Value?

    package func makeNodes(_ environment: ViewEnvironment) -> [any ViewNode] { makeViewNodes(content, environment) }

    package func transaction(after old: Self?, inherited: Transaction?) -> Transaction? {
        if inherited?.disablesAnimations == true { return nil }
        // With a value: only when it changed since the place's last build (a first build changes nothing).
        if value != nil, old == nil || old?.value == value { return nil }
        var t = inherited ?? Transaction()
        t.animation = animation
        return t
    }
}

extension View {
    /// Marks the view with `transition`: how it appears when an animated change inserts it.
    public func transition(_ t: AnyTransition) -> _ModifiedView<Self> { modified(TransitionModifier(transition: t)) }

    /// Animates the changes inside this view with `animation` whenever `value` changes (nil: such
    /// changes show at once, even inside `withAnimation`).
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> _AnimationView<Self, V> {
        _AnimationView(content: self, animation: animation, value: value)
    }

    /// Animates every change inside this view with `animation` (SwiftUI's deprecated form).
    public func animation(_ animation: Animation?) -> _AnimationView<Self, Bool> {
        _AnimationView(content: self, animation: animation, value: nil)
    }
}
