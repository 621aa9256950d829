// The seed 003_4dad93ee2cc50afa.txt's helpers for its star and cog shapes, as the seed writes them
// (`Cartesian` and `Segment`, used by every star and cog listing). Edits: `import TileRender`.
import Foundation
import TileRender

func Cartesian(length:Double, angle:Double) -> CGPoint {
    return CGPoint(x: length * cos(angle), y: length * sin(angle))
}

struct Segment {
    let outerCenter: CGPoint
    let outerAngle: Double
    let outerRadius: Double
    let innerCenter: CGPoint
    let innerAngle: Double

    var line: CGPoint {
        get {
            let pt = Cartesian(length: outerRadius, angle: outerStartAngle)
            return CGPoint(x: pt.x + outerCenter.x, y: pt.y + outerCenter.y)
        }
    }

    var line2: CGPoint {
        get {
            let pt = Cartesian(length: outerRadius, angle: innerStartAngle)
            return CGPoint(x: pt.x + innerCenter.x, y: pt.y + innerCenter.y)
        }
    }

    var outerStartAngle: Double {
        get { self.outerAngle - (Double.pi * (0.45)) }
    }
    var outerEndAngle: Double {
        get { self.outerAngle + (Double.pi * (0.45)) }
    }

    var innerStartAngle: Double {
        get { self.innerAngle - (Double.pi * (0.7)) }
    }
    var innerEndAngle: Double {
        get { self.innerAngle + (Double.pi * (0.7)) }
    }
}
