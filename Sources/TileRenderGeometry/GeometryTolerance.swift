import Foundation

/// Every tolerance the geometry code uses, in one place: what each bounds, in which units, and why
/// it has its value. Flattening tolerances are the largest distance allowed between a curve and the
/// chords that replace it (`CurveFlattener`, Wang's bound); the others are numerical resolutions.
/// No other file writes a tolerance as a literal.
package enum GeometryTolerance {
    // MARK: Flattening (distance between a curve and its chords)

    /// Fills, in device pixels. Exact-area coverage makes a 0.2 px deviation at most a fifth of an
    /// edge pixel's coverage, below what the reference scenes' tolerances see, at few chords a curve.
    package static let fill = 0.2

    /// Strokes, in device pixels (`Path.strokedPath` uses it in user units). Finer than `fill`: a
    /// stroke has two edges along every curve, and thin rings are where a systematic 0.2 px shows
    /// (measured on trim_three_quarters: pct>8 2.56% at 0.2, 1.88% at 0.05, 1.69% at 0.02, against a
    /// limit of 1.99%).
    package static let stroke = 0.05

    /// Set operations, in user units, for ordinary coordinates: the result has lines only, so this is
    /// how far its outline may stray from the inputs' curves (a tenth of `fill` at 1x, so results
    /// drawn again look like the curves they came from).
    package static let setOperation = 0.02

    /// Set operations on huge coordinates: at least this fraction of the largest coordinate, since
    /// 0.02 units of 1e9 is below Double's resolution there.
    package static let setOperationRelative = 1e-9

    /// `Path.contains`, in user units: hit tests near a curve answer for a polygon this close to it,
    /// finer than any pixel a user can point at.
    package static let hitTest = 0.01

    // MARK: Numerical resolutions

    /// Stroke vertices closer than this fraction of the stroke tolerance are one point: they carry no
    /// direction a join could use, and merging them moves the outline by far less than the tolerance.
    package static let strokeRepeatedPoint = 1e-3
    /// A stroke turn whose half-angle cosine is below this is a reversal: its inner offset edges meet
    /// too far away (1 / cos) to be a corner, so the inner side goes through the vertex.
    package static let strokeReversal = 1e-9

    /// Set operations sample the winding this far (relative to the largest coordinate) to either side
    /// of an edge: tiny against the geometry, large against Double's rounding of the split points.
    package static let setOperationSampleOffset = 1e-7
    /// Absolute floor of `setOperationSampleOffset`, for drawings near the origin.
    package static let setOperationMinimumSampleOffset = 1e-9
    /// Set-operation end points closer than this (relative to the largest coordinate) are merged, so
    /// pieces split by rounding link up; a thousand times finer than the sample offset.
    package static let setOperationSnapGrid = 1e-10
    /// Absolute floor of `setOperationSnapGrid`.
    package static let setOperationMinimumSnapGrid = 1e-12

    /// Relative accuracy of the numerical arc length (trim): far below anything a renderer can show,
    /// reached with at most 2^12 quadrature intervals.
    package static let arcLengthRelative = 1e-10
    /// Absolute floor of the arc-length accuracy, for curves of nearly zero length.
    package static let arcLengthMinimum = 1e-12

    /// Curve parameters closer than this are one: the inverse arc length (trim) stops there, about
    /// ten ulps of 1 in Double.
    package static let curveParameterResolution = 1e-15

    /// Arc sweeps within this fraction of a whole number of turns are that number of turns, so degree
    /// round trips (0 -> 360) give exactly an empty or a full circle.
    package static let arcTurnSnap = 1e-9
    /// Unit-circle cosines and sines smaller than this are 0: the ~1e-16 residues at multiples of 90°
    /// would otherwise move quadrant points off the axes.
    package static let unitCircleResidue = 1e-15
    /// Tangent legs whose unit directions' cross product is below this are collinear (`addArc` with
    /// tangents draws a line then).
    package static let collinearCross = 1e-12
    /// A transform is singular when its determinant is below this fraction of its squared entries
    /// (SVG's `isInvertible`): inverting it would magnify rounding errors beyond 1e12.
    package static let singularDeterminantRelative = 1e-12
    /// A transform is a similarity (keeps circles circles) when its columns' squared lengths and their
    /// dot product agree within this fraction (SVG radial gradients in user space).
    package static let similarityRelative = 1e-9
    /// A cubic's derivative is treated as quadratic (not cubic) when its leading coefficient is below
    /// this fraction of the largest one (bounding boxes).
    package static let negligibleCoefficient = 1e-12
}
