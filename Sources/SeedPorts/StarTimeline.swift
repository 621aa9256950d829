// Port of the seed 003_4dad93ee2cc50afa.txt, 'TimelineView to rotate shapes on a canvas': the rounded
// star turning with the time ("Animate star rotation", and "Reverse direction of rotation" with a
// negative angle).
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The listings' TimelineView body is wrapped in `StarTimelineView`, public, whose `points`, `color`,
//   `reversed` and `border` parameters select between the listings (the seed writes each out).
// - `Cartesian` and `Segment` are the seed's (SeedGeometry.swift, shared with the cogs).
// - `starPath(in:points:angle:)` is public (the tests' star scenes draw it).
import Foundation
import TileRender

public struct StarTimelineView: View {
    let points: Int
    let color: Color
    let reversed: Bool
    let border: Bool

    /// The seed's first listing: 5 points, orange, a blue border; `reversed` turns the other way.
    public init(points: Int = 5, color: Color = .orange, reversed: Bool = false, border: Bool = true) {
        self.points = points; self.color = color; self.reversed = reversed; self.border = border
    }

    public var body: some View {
        TimelineView(.animation) { timeline in
            VStack {
                let now = timeline.date.timeIntervalSinceReferenceDate
                let angle = Angle.degrees(now.remainder(dividingBy: 4)*90)

                Canvas { context, size in
                    context.fill(
                        starPath(in: CGRect(origin: .zero,
                                            size: CGSize(width: size.width, height: size.height)),
                                 points: points,
                                 angle: reversed ? -angle.radians : angle.radians),
                        with: .color(color))
                }
                .frame(width: 300, height: 400)
                .border(border ? Color.blue : Color.clear)

                Spacer()
            }
        }
    }

    public func starPath(in rect: CGRect, points: Int, angle: Double) -> Path {
        let center = CGPoint(x: rect.width/2.0, y: rect.height/2.0)
        // radius of a circle that will fit in the rect with some padding
        let outerRadius = (Double(min(rect.width,rect.height)) / 2.0) * 0.95
        let innerRadius = outerRadius * 0.4
        let offsetAngle = angle
        let cornerRadius = (rect.width / Double(points)) * 0.07

        var starSegments:[Segment] = []
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
            starSegments.append(segment)
        }

        let path = Path() { path in
            for (n, seg) in starSegments.enumerated() {
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
        }
        return path
    }
}
