import Foundation
import TileRenderGeometry
import TileRenderPipeline

/// A shape drawn only between two fractions of its path's arc length (SwiftUI's `_TrimmedShape`,
/// made by `trim(from:to:)`). See `Path.trimmedPath(from:to:)` for the rules.
public struct TrimmedShape<Content: Shape>: Shape {
    public var shape: Content
    public var startFraction: CGFloat
    public var endFraction: CGFloat

    public init(shape: Content, startFraction: CGFloat = 0, endFraction: CGFloat = 1) {
        self.shape = shape; self.startFraction = startFraction; self.endFraction = endFraction
    }

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
    }
}

extension TrimmedShape: InsettableShape where Content: InsettableShape {
    /// Insets the underlying shape, then trims it (so `strokeBorder` of a trimmed shape works).
    public func inset(by amount: CGFloat) -> TrimmedShape<Content.InsetShape> {
        TrimmedShape<Content.InsetShape>(shape: shape.inset(by: amount), startFraction: startFraction,
                                         endFraction: endFraction)
    }
}

extension Shape {
    /// The part of the shape's path between `startFraction` and `endFraction` of its arc length,
    /// measured from the path's start in its direction (for `Circle` and `Ellipse`: from 3 o'clock,
    /// clockwise on screen; for `Rectangle`: from the top-left corner along the top edge).
    /// `startFraction >= endFraction` draws nothing; see `Path.trimmedPath(from:to:)`.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> TrimmedShape<Self> {
        TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
    }
}
