// Port of the seed 003_4dad93ee2cc50afa.txt, 'TimelineView to animate a cog shape': CogShape4 and the
// two interlocking cogs turning with their shadow ("Add multiple paths to canvas").
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - `CogShape4` is made public with a public `init(points:rotationAngle:)` (the memberwise one is
//   internal); its body is the seed's.
// - The listing's TimelineView body is wrapped in `InterlockingCogsView`, public, with a public `init()`.
import Foundation
import TileRender

public struct CogShape4: Shape {
    public init(points: Int = 10, rotationAngle: Angle) { self.points = points; self.rotationAngle = rotationAngle }

    public var points = 10
    public var rotationAngle: Angle

    public func path(in rect: CGRect) -> Path {
        let center = CGPoint(x: rect.width/2.0 + rect.origin.x , y: rect.height/2.0 + rect.origin.y)
        let length = Double(min(rect.width, rect.height))
        let outerRadius = length * 0.4
        let innerRadius = outerRadius * 0.95
        let offsetAngle = Double.pi * (-0.5) + rotationAngle.radians
        let cornerRadius = (length / Double(points)) * 0.6

        var outerSegments:[Segment] = []
        for i in 0..<(points){
            let angle1 = (2.0 * Double.pi/Double(points)) * Double(i)  + offsetAngle
            let outerPoint = Cartesian(length: outerRadius, angle: angle1)
            let angle2 = (2.0 * Double.pi/Double(points)) * (Double(i) + 0.5)  + offsetAngle
            let innerPoint = Cartesian(length: (innerRadius), angle: (angle2))

            let segment = Segment(
                outerCenter: CGPoint(x: outerPoint.x + center.x,
                                     y: outerPoint.y + center.y),
                outerAngle: angle1,
                outerRadius: cornerRadius,
                innerCenter: CGPoint(x: innerPoint.x + center.x,
                                     y: innerPoint.y + center.y),
                innerAngle: angle2)
            outerSegments.append(segment)
        }

        let innerPoints = points / 3
        var innerSegments:[Segment] = []
        for i in 0..<(innerPoints){
            let angle1 = (2.0 * Double.pi/Double(innerPoints)) * Double(i)  + offsetAngle
            let outerPoint = Cartesian(length: outerRadius * 0.8, angle: angle1)
            let angle2 = (2.0 * Double.pi/Double(innerPoints)) * (Double(i) + 0.5)  + offsetAngle
            let innerPoint = Cartesian(length: (innerRadius * 0.2), angle: (angle2))

            let segment = Segment(
                outerCenter: CGPoint(x: outerPoint.x + center.x,
                                     y: outerPoint.y + center.y),
                outerAngle: angle1,
                outerRadius: cornerRadius * 0.6,
                innerCenter: CGPoint(x: innerPoint.x + center.x,
                                     y: innerPoint.y + center.y),
                innerAngle: angle2)
            innerSegments.append(segment)
        }

        let path = Path() { path in
            for (n, seg) in outerSegments.enumerated() {
                n == 0 ? path.move(to: seg.line) : path.addLine(to: seg.line)
                path.addArc(center: seg.outerCenter,
                            radius: seg.outerRadius,
                            startAngle: Angle(radians: seg.outerStartAngle),
                            endAngle: Angle(radians: seg.outerEndAngle),
                            clockwise: false)
                path.addLine(to: seg.line2)
                path.addArc(center: seg.innerCenter,
                            radius: seg.outerRadius,
                            startAngle: Angle(radians: seg.innerStartAngle),
                            endAngle: Angle(radians: seg.innerEndAngle),
                            clockwise: true)
            }
            path.closeSubpath()

            for (n, seg) in innerSegments.enumerated() {
                n == 0 ? path.move(to: seg.line) : path.addLine(to: seg.line)
                path.addArc(center: seg.outerCenter,
                            radius: seg.outerRadius,
                            startAngle: Angle(radians: seg.outerStartAngle),
                            endAngle: Angle(radians: seg.outerEndAngle),
                            clockwise: false)
                path.addLine(to: seg.line2)
                path.addArc(center: seg.innerCenter,
                            radius: seg.outerRadius,
                            startAngle: Angle(radians: seg.innerStartAngle),
                            endAngle: Angle(radians: seg.innerEndAngle),
                            clockwise: true)
            }
            path.closeSubpath()

            for i in [0.82, 0.7, 0.6, 0.1, 0.15] {
                path.addPath(Circle().path(in: CGRect(x: center.x - (outerRadius * i),
                                                      y: center.y - (outerRadius * i),
                                                      width: outerRadius * i * 2,
                                                      height: outerRadius * i * 2)))
            }
        }
        return path
    }
}

public struct InterlockingCogsView: View {
    public init() {}

    public var body: some View {
        TimelineView(.animation) { timeline in
            VStack {
                let now = timeline.date.timeIntervalSinceReferenceDate
                let angle1 = Angle.degrees(now.remainder(dividingBy: 8)*45)
                let angle2 = Angle.degrees(now.remainder(dividingBy: 4)*90)

                Spacer().frame(height:30)

                Canvas { context, size in
                    var innerContext = context
                    innerContext.addFilter(.shadow(color: .black, radius: 3, x: 3, y: 3, blendMode: .screen))

                    context.fill(
                        CogShape4(points: 30, rotationAngle: angle1)
                            .path(in: CGRect(x: 4,
                                             y: 18,
                                             width: 240,
                                             height: 240)),
                        with: .color(.red), style: FillStyle(eoFill: true, antialiased: true))
                    innerContext.stroke(
                        CogShape4(points: 30, rotationAngle: angle1)
                            .path(in: CGRect(x: 4,
                                             y: 18,
                                             width: 240,
                                             height: 240)),
                        with: .color(.red), lineWidth: 1)

                    context.fill(
                        CogShape4(points: 15, rotationAngle: -angle2)
                            .path(in: CGRect(x: 190,
                                             y: 150,
                                             width: 120,
                                             height: 120)),
                        with: .color(.blue), style: FillStyle(eoFill: true, antialiased: true))
                    innerContext.stroke(
                        CogShape4(points: 15, rotationAngle: -angle2)
                            .path(in: CGRect(x: 190,
                                             y: 150,
                                             width: 120,
                                             height: 120)),
                        with: .color(.blue), lineWidth: 1)
                }
                .frame(width: 330, height: 400)

                Spacer()
            }
        }
    }
}
