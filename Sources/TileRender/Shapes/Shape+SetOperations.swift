import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A shape made of two shapes by a set operation, laid out in the same rect.
public struct SetOperationShape<First: Shape, Second: Shape>: Shape {
    package enum Operation: Sendable { case union, intersection, subtracting, symmetricDifference }
    package let first: First
    package let second: Second
    package let operation: Operation
    package let eoFill: Bool

    public func path(in rect: CGRect) -> Path {
        let a = first.path(in: rect), b = second.path(in: rect)
        switch operation {
        case .union: return a.union(b, eoFill: eoFill)
        case .intersection: return a.intersection(b, eoFill: eoFill)
        case .subtracting: return a.subtracting(b, eoFill: eoFill)
        case .symmetricDifference: return a.symmetricDifference(b, eoFill: eoFill)
        }
    }
}

extension Shape {
    public func union<T: Shape>(_ other: T, eoFill: Bool = false) -> SetOperationShape<Self, T> {
        SetOperationShape(first: self, second: other, operation: .union, eoFill: eoFill)
    }
    public func intersection<T: Shape>(_ other: T, eoFill: Bool = false) -> SetOperationShape<Self, T> {
        SetOperationShape(first: self, second: other, operation: .intersection, eoFill: eoFill)
    }
    public func subtracting<T: Shape>(_ other: T, eoFill: Bool = false) -> SetOperationShape<Self, T> {
        SetOperationShape(first: self, second: other, operation: .subtracting, eoFill: eoFill)
    }
    public func symmetricDifference<T: Shape>(_ other: T, eoFill: Bool = false) -> SetOperationShape<Self, T> {
        SetOperationShape(first: self, second: other, operation: .symmetricDifference, eoFill: eoFill)
    }
}
