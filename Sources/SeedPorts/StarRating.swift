// Port of the seed 003_4dad93ee2cc50afa.txt, 'Create a star rating SwiftUI component': the rounded
// StarShape ("Star with rounded corners" version, with the cutout options) and StarRatingView as the
// article ends it ("Set the star rating on initial touch point": a `@Binding` value and a DragGesture).
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The types are public, each with a public init (the memberwise ones are internal).
// Nothing else: the DragGesture compiles and is never called (a render has no touches); `Cartesian`
// and `Segment` are the seed's (SeedGeometry.swift).
import Foundation
import TileRender

public struct StarShape: Shape {
    var points = 5
    var cornerRadius = 3.0
    var isCutout = false
    var isCircleOutline = false
    public init(points: Int = 5, cornerRadius: Double = 3.0, isCutout: Bool = false, isCircleOutline: Bool = false) {
        self.points = points; self.cornerRadius = cornerRadius; self.isCutout = isCutout; self.isCircleOutline = isCircleOutline
    }
    
    public func path(in rect: CGRect) -> Path {
        // centre of the containing rect
        var center = CGPoint(x: rect.width/2.0, y: rect.height/2.0)
        // Adjust center down for odd number of sides less than 8
        if points%2 == 1 && points < 8 && !isCircleOutline {
            center = CGPoint(x: center.x, y: center.y * ((Double(points) * (-0.04)) + 1.3))
        }
        
        // radius of a circle that will fit in the rect with some padding
        let outerRadius = (Double(min(rect.width,rect.height)) / 2.0) * 0.9
        let innerRadius = outerRadius * 0.4
        let offsetAngle = Double.pi * (-0.5)
        
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
            if isCutout {
                if isCircleOutline {
                    path.addPath(Circle().path(in: rect))
                    
                } else {
                    path.addPath(Rectangle().path(in: rect))
                }
            }
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

public struct StarRatingView: View {
    @Binding var value: Double
    var stars: Int = 5
    public init(value: Binding<Double>, stars: Int = 5) { self._value = value; self.stars = stars }
    
    @State var lastCoordinateValue: CGFloat = 0.0
    
    public var body: some View {
        GeometryReader { gr in
            let ratingWidth = gr.size.width * value / Double(stars)
            let starWidth = gr.size.width / Double(stars)
            let radius = starWidth * 0.01
            
            let maxValue = gr.size.width
            let scaleFactor = maxValue / Double(stars)
            
            ZStack {
                HStack(spacing:0) {
                    Rectangle()
                        .fill(.yellow)
                        .frame(width: ratingWidth)
                    Rectangle()
                        .fill(.clear)
                }
                
                HStack(spacing:0) {
                    ForEach(1...stars, id:\.self) { _ in
                        StarShape(points: 5, cornerRadius: radius, isCutout: true)
                            .fill(Color.gray, style: FillStyle(eoFill: true, antialiased: true))
                            .frame(width: starWidth, height: gr.size.height, alignment: .center)
                    }
                }
                .gesture(
                    DragGesture(minimumDistance: 0)
                        .onChanged { v in
                            if (abs(v.translation.width) < 0.1) {
                                self.lastCoordinateValue = v.location.x
                            }
                            if v.translation.width > 0 {
                                let nextCoordinateValue = min(maxValue, self.lastCoordinateValue + v.translation.width)
                                self.value = (nextCoordinateValue / scaleFactor)
                            } else {
                                let nextCoordinateValue = max(0.0, self.lastCoordinateValue + v.translation.width)
                                self.value = (nextCoordinateValue / scaleFactor)
                            }
                        }
                )
            }
        }
    }
}
