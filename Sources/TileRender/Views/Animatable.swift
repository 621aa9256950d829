import Foundation
import TileRenderGeometry

/// A value that an animation can move along a straight line between two of its values: SwiftUI's
/// `VectorArithmetic`. An animation at fraction f of the way shows `from + (to - from) x f`.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// The value with every component multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var v = self
        v.scale(by: rhs)
        return v
    }

    /// The value `amount` of the way from this one towards `other` (0: this one, 1: `other`).
    public func interpolated(towards other: Self, amount: Double) -> Self {
        self + (other - self).scaled(by: amount)
    }

    /// Moves the value `amount` of the way towards `other`.
    public mutating func interpolate(towards other: Self, amount: Double) {
        self = interpolated(towards: other, amount: amount)
    }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

extension CGFloat: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
    public var magnitudeSquared: Double { Double(self * self) }
}

/// Two animatable values animated together (SwiftUI's `AnimatablePair`).
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    public static var zero: Self { Self(.zero, .zero) }
    public static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    public static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    public static func += (a: inout Self, b: Self) { a = a + b }
    public static func -= (a: inout Self, b: Self) { a = a - b }
    public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

/// The animatable data of a value with nothing to animate (SwiftUI's `EmptyAnimatableData`).
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    public init() {}
    public static var zero: Self { Self() }
    public static func + (a: Self, b: Self) -> Self { Self() }
    public static func - (a: Self, b: Self) -> Self { Self() }
    public static func += (a: inout Self, b: Self) {}
    public static func -= (a: inout Self, b: Self) {}
    public mutating func scale(by rhs: Double) {}
    public var magnitudeSquared: Double { 0 }
}

/// A view, view modifier or shape whose `animatableData` an animation moves (SwiftUI's `Animatable`).
///
/// When a change made in `withAnimation` (or under `animation(_:value:)`) gives such a value new
/// `animatableData`, an `AnimationRenderer` renders the frames in between with the value's
/// `animatableData` set to the points along the way. A shape that animates its parameters:
///
/// ```swift
/// struct Wave: Shape {
///     var phase: Double
///     var animatableData: Double {
///         get { phase }
///         set { phase = newValue }
///     }
///     func path(in rect: CGRect) -> Path { ... }
/// }
/// ```
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Nothing to animate (the default).
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// A vector animates as itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}

extension Angle: Animatable {
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension UnitPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension EdgeInsets: Animatable {
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first; leading = newValue.second.first
            bottom = newValue.second.second.first; trailing = newValue.second.second.second
        }
    }
}

// MARK: - Type-erased animatable data (what the view graph interpolates)

/// Some value's animatable data with its type erased: the graph keeps the old and new data of a
/// place and the data shown along the way.
package struct AnyAnimatableData {
    package let base: any VectorArithmetic

    package init(_ base: any VectorArithmetic) { self.base = base }

    /// Whether `other` holds data of the same type (only those interpolate).
    package func hasSameType(as other: AnyAnimatableData) -> Bool { type(of: base) == type(of: other.base) }

    package func isEqual(to other: AnyAnimatableData) -> Bool {
        func equal<T: VectorArithmetic>(_ a: T) -> Bool { (other.base as? T).map { $0 == a } ?? false }
        return equal(base)
    }

    /// The data `fraction` of the way from this towards `end` (beyond 1 or below 0 for a spring's
    /// overshoot); `end` when the types differ.
    package func interpolated(towards end: AnyAnimatableData, fraction: Double) -> AnyAnimatableData {
        func lerp<T: VectorArithmetic>(_ a: T) -> AnyAnimatableData {
            guard let b = end.base as? T else { return end }
            return AnyAnimatableData(a.interpolated(towards: b, amount: fraction))
        }
        return lerp(base)
    }
}

/// A built-in view or modifier whose animatable data depends on its value (a frame with or without
/// a width): nil when the value has nothing to animate.
package protocol AnimatableViewValue {
    var animatableValue: AnyAnimatableData? { get }
    /// The value with its data replaced by `data` (of the type `animatableValue` gives).
    func withAnimatableValue(_ data: AnyAnimatableData) -> Self
}

/// A built-in modifier with animatable parameters (see `AnimatableViewValue`).
package protocol AnimatableNodeModifier: NodeModifier {
    var animatableValue: AnyAnimatableData? { get }
    func withAnimatableValue(_ data: AnyAnimatableData) -> Self
}

extension AnimatableNodeModifier {
    /// `withAnimatableValue` as the protocol's existential.
    func replacingAnimatableValue(_ data: AnyAnimatableData) -> any NodeModifier { withAnimatableValue(data) }
}

/// `value`'s animatable data (nil when it has none, or only `EmptyAnimatableData`).
package func animatableData<V>(of value: V) -> AnyAnimatableData? {
    if let builtIn = value as? any AnimatableViewValue { return builtIn.animatableValue }
    guard let animatable = value as? any Animatable else { return nil }
    func read<A: Animatable>(_ a: A) -> AnyAnimatableData? {
        A.AnimatableData.self == EmptyAnimatableData.self ? nil : AnyAnimatableData(a.animatableData)
    }
    return read(animatable)
}

/// `value` with its animatable data set to `data` (`value` unchanged when `data` is of another type).
package func settingAnimatableData<V>(of value: V, to data: AnyAnimatableData) -> V {
    if let builtIn = value as? any AnimatableViewValue {
        func write<B: AnimatableViewValue>(_ b: B) -> V { b.withAnimatableValue(data) as! V }
        return write(builtIn)
    }
    guard let animatable = value as? any Animatable else { return value }
    func write<A: Animatable>(_ a: A) -> V {
        guard let d = data.base as? A.AnimatableData else { return value }
        var a = a
        a.animatableData = d
        return a as! V
    }
    return write(animatable)
}

/// Whether values of `type` may have animatable data (asked once per type by the graph).
package func mayBeAnimatable<V>(_ type: V.Type) -> Bool {
    type is any AnimatableViewValue.Type || type is any Animatable.Type
}
