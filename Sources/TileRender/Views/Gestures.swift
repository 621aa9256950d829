import Foundation
import TileRenderGeometry

// Gestures, for source compatibility: a render has no touches, so a gesture's actions are never called
// and `gesture(_:)` returns the view unchanged. Seed code that makes a view interactive (the star
// rating's `DragGesture`) compiles as written and draws its state as it is.

/// A gesture (SwiftUI's `Gesture`): its `Value` is what its actions receive.
public protocol Gesture {
    associatedtype Value
}

/// A drag (SwiftUI's `DragGesture`).
public struct DragGesture: Gesture {
    /// Where a drag is (SwiftUI's `DragGesture.Value`).
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var predictedEndLocation: CGPoint
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
        public var velocity: CGSize { .zero }
    }
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance; self.coordinateSpace = coordinateSpace
    }
}

/// A tap (SwiftUI's `TapGesture`).
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
}

/// A long press (SwiftUI's `LongPressGesture`).
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration; self.maximumDistance = maximumDistance
    }
}

/// A magnification (SwiftUI's `MagnifyGesture`).
public struct MagnifyGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var magnification: CGFloat
        public var startLocation: CGPoint
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A rotation (SwiftUI's `RotateGesture`).
public struct RotateGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var rotation: Angle
        public var startLocation: CGPoint
    }
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
}

/// A gesture with an action for its changes (SwiftUI's `_ChangedGesture`).
public struct _ChangedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public let content: Content
    public let action: (Content.Value) -> Void
}

/// A gesture with an action for its end (SwiftUI's `_EndedGesture`).
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
    public let content: Content
    public let action: (Content.Value) -> Void
}

extension Gesture {
    /// Accepted for source compatibility: a render has no touches, so `action` is never called.
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> { _ChangedGesture(content: self, action: action) }
    /// Accepted for source compatibility: a render has no touches, so `action` is never called.
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(content: self, action: action) }
}

/// Which gestures of a view and its subviews take part (SwiftUI's `GestureMask`).
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}

extension View {
    /// Accepted for source compatibility: a render has no touches, so the view is unchanged.
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> Self { self }
    /// Accepted for source compatibility: a render has no touches, so the view is unchanged.
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> Self { self }
    /// Accepted for source compatibility: a render has no touches, so the view is unchanged.
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> Self { self }
    /// Accepted for source compatibility: a render has no touches, so `action` is never called.
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void) -> Self { self }
}
