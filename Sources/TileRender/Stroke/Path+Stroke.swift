import Foundation

extension Path {
    /// The outline of this path stroked with `style`, as a path to fill with the nonzero rule.
    /// Curves are approximated by lines within 0.05 units of the true outline.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        Path()  // replaced by the stroke expander
    }
}
