import Foundation
import TileRenderGeometry

/// An ordered list of colour stops. Colours interpolate in sRGB, unpremultiplied, and pad beyond the
/// first and last stop (what SwiftUI, Skia and resvg do).
public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color; self.location = location
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) { self.stops = stops }

    /// Colours spread evenly from location 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { i, c in
            Stop(color: c, location: n > 1 ? CGFloat(i) / CGFloat(n - 1) : 0)
        }
    }

    /// Some stop is a named colour, with a dark-appearance value.
    package var hasNamedColors: Bool { stops.contains { $0.color.darkComponents != nil } }
}
