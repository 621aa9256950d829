// Port of the seed 003_4dad93ee2cc50afa.txt, 'Create a color pencil in SwiftUI': the three pencil shapes,
// ColorPencilView1 (flat colours), ColorPencilView (the HSB gradient read through `UIColor`) and
// ColorPencilSetView.
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The types are public, each with a public init (the memberwise ones are internal).
// Nothing else: `UIColor(col).getHue(...)` is TileRender's `UIColor`, which reads a colour's components.
import Foundation
import TileRender

public struct PencilTipShape: Shape {
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let path = Path { path in
            path.move(to: CGPoint(x: 0.470 * rect.maxX, y: 0.035 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.530 * rect.maxX, y: 0.020 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.670 * rect.maxX, y: 0.106 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.330 * rect.maxX, y: 0.106 * rect.maxY),
                          control1: CGPoint(x: 0.580 * rect.maxX, y: 0.120 * rect.maxY),
                          control2: CGPoint(x: 0.420 * rect.maxX, y: 0.120 * rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

public struct PencilTimberShape: Shape {
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let path = Path { path in
            path.move(to: CGPoint(x: 0.330 * rect.maxX, y: 0.106 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.670 * rect.maxX, y: 0.106 * rect.maxY),
                          control1: CGPoint(x: 0.420 * rect.maxX, y: 0.120 * rect.maxY),
                          control2: CGPoint(x: 0.580 * rect.maxX, y: 0.120 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.980 * rect.maxX, y: 0.270 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.020 * rect.maxX, y: 0.270 * rect.maxY),
                          control1: CGPoint(x: 0.700 * rect.maxX, y: 0.320 * rect.maxY),
                          control2: CGPoint(x: 0.300 * rect.maxX, y: 0.320 * rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

public struct PencilBodyShape: Shape {
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let path = Path { path in
            path.move(to: CGPoint(x: 0.020 * rect.maxX, y: 0.270 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.980 * rect.maxX, y: 0.270 * rect.maxY),
                          control1: CGPoint(x: 0.300 * rect.maxX, y: 0.320 * rect.maxY),
                          control2: CGPoint(x: 0.700 * rect.maxX, y: 0.320 * rect.maxY))
            path.addLine(to: CGPoint(x: 0.980 * rect.maxX, y: 0.900 * rect.maxY))
            path.addCurve(to: CGPoint(x: 0.020 * rect.maxX, y: 0.900 * rect.maxY),
                          control1: CGPoint(x: 0.700 * rect.maxX, y: 0.950 * rect.maxY),
                          control2: CGPoint(x: 0.300 * rect.maxX, y: 0.950 * rect.maxY))
            path.closeSubpath()
        }
        return path
    }
}

public struct ColorPencilView1: View {
    var color: Color
    public init(color: Color) { self.color = color }
    
    public var body: some View {
        ZStack {
            PencilTipShape()
                .fill(color)
            PencilTimberShape()
                .fill(Color(hue: 0.07, saturation: 0.4, brightness: 0.9))
            PencilBodyShape()
                .fill(color)
        }
    }
}

public struct ColorPencilView: View {
    var color: Color
    public init(color: Color) { self.color = color }
    
    func getColorGradient(_ col: Color) -> LinearGradient {
        var hue: CGFloat  = 0.0
        var saturation: CGFloat = 0.0
        var brightness: CGFloat = 0.0
        var alpha: CGFloat = 0.0
        
        let uiColor = UIColor(col)
        uiColor.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        
        return LinearGradient(
            colors: [
                Color(hue: hue, saturation: saturation * 1.0, brightness: brightness * 0.4),
                Color(hue: hue, saturation: saturation * 1.0, brightness: brightness * 0.8),
                Color(hue: hue, saturation: saturation * 1.0, brightness: brightness * 1.0),
                Color(hue: hue, saturation: saturation * 0.6, brightness: brightness * 1.0),
                Color(hue: hue, saturation: saturation * 0.8, brightness: brightness * 0.9)
            ],
            startPoint: .leading,
            endPoint: .trailing)
    }
    
    public var body: some View {
        ZStack {
            PencilTipShape()
                .fill(getColorGradient(color))
            PencilTimberShape()
                .fill(Color(hue: 0.07, saturation: 0.4, brightness: 0.9))
            PencilBodyShape()
                .fill(getColorGradient(color))
        }
    }
}

public struct ColorPencilSetView: View {
    public init() {}

    public var body: some View {
        VStack {
            Text("Rainbow Pencil Set")
                .font(.largeTitle)

            HStack {
                ColorPencilView(color: .red)
                ColorPencilView(color: .orange)
                ColorPencilView(color: .yellow)
                ColorPencilView(color: .green)
                ColorPencilView(color: .blue)
                ColorPencilView(color: Color(hue: 0.773, saturation: 1.0, brightness: 0.51))
                ColorPencilView(color: Color(hue: 0.771, saturation: 1.0, brightness: 1.00))
            }
            .frame(width: 400, height: 300)
        }
    }
}
