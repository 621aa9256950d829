// The seed 003_4dad93ee2cc50afa.txt's helpers for its star and cog shapes, as the seed writes them
// (`Cartesian` and `Segment`, used by every star and cog listing). Edits: `import TileRender`.
import Foundation
import TileRender

public func Cartesian(length:Double, angle:Double) -> CGPoint {
    return CGPoint(x: length * cos(angle), y: length * sin(angle))
}

public struct Segment {
    public let outerCenter: CGPoint
    public let outerAngle: Double
    public let outerRadius: Double
    public let innerCenter: CGPoint
    public let innerAngle: Double

    public init(outerCenter: CGPoint, outerAngle: Double, outerRadius: Double, innerCenter: CGPoint, innerAngle: Double) {
        self.outerCenter = outerCenter; self.outerAngle = outerAngle; self.outerRadius = outerRadius
        self.innerCenter = innerCenter; self.innerAngle = innerAngle
    }

    public var line: CGPoint {
        get {
            let pt = Cartesian(length: outerRadius, angle: outerStartAngle)
            return CGPoint(x: pt.x + outerCenter.x, y: pt.y + outerCenter.y)
        }
    }

    public var line2: CGPoint {
        get {
            let pt = Cartesian(length: outerRadius, angle: innerStartAngle)
            return CGPoint(x: pt.x + innerCenter.x, y: pt.y + innerCenter.y)
        }
    }

    public var outerStartAngle: Double {
        get { self.outerAngle - (Double.pi * (0.45)) }
    }
    public var outerEndAngle: Double {
        get { self.outerAngle + (Double.pi * (0.45)) }
    }

    public var innerStartAngle: Double {
        get { self.innerAngle - (Double.pi * (0.7)) }
    }
    public var innerEndAngle: Double {
        get { self.innerAngle + (Double.pi * (0.7)) }
    }
}
