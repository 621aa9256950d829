import Foundation

/// A geometric angle. Positive angles turn from +x toward +y, which is clockwise on a y-down screen.
public struct Angle: Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }
    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }
    public static func radians(_ r: Double) -> Angle { Angle(radians: r) }
    public static func degrees(_ d: Double) -> Angle { Angle(degrees: d) }
    public static let zero = Angle()

    public static func + (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians + r.radians) }
    public static func - (l: Angle, r: Angle) -> Angle { Angle(radians: l.radians - r.radians) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    public static func * (l: Angle, r: Double) -> Angle { Angle(radians: l.radians * r) }
    public static func * (l: Double, r: Angle) -> Angle { Angle(radians: l * r.radians) }
    public static func / (l: Angle, r: Double) -> Angle { Angle(radians: l.radians / r) }
    public static func += (l: inout Angle, r: Angle) { l = l + r }
    public static func -= (l: inout Angle, r: Angle) { l = l - r }
    public static func < (l: Angle, r: Angle) -> Bool { l.radians < r.radians }
}
