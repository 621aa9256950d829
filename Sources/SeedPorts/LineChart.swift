// Port of the seed 003_4dad93ee2cc50afa.txt, 'Create a line chart': "Allow range of numbers on y-axis"
// (LineShape scaled to the largest value) and the chart composed of views (LineChartView,
// ChartHeaderView, ChartAreaView).
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The types are public, each with a public init (the memberwise ones are internal).
// Nothing else: `Color(#colorLiteral(...))` is the seed's.
import Foundation
import TileRender

public struct LineChartView: View {
    var title: String
    var data: [Double]
    public init(title: String, data: [Double]) { self.title = title; self.data = data }
    
    public var body: some View {
        GeometryReader { gr in
            let headHeight = gr.size.height * 0.10
            VStack {
                ChartHeaderView(title: title, height: headHeight)
                ChartAreaView(data: data)
            }
        }
    }
}

public struct ChartHeaderView: View {
    var title: String
    var height: CGFloat
    public init(title: String, height: CGFloat) { self.title = title; self.height = height }
    
    public var body: some View {
        Text(title)
            .frame(height: height)
    }
}

public struct ChartAreaView: View {
    var data: [Double]
    public init(data: [Double]) { self.data = data }
    
    public var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 5.0)
                .fill(Color(#colorLiteral(red: 0.8906477705, green: 0.9005050659, blue: 0.8208766097, alpha: 1)))
            
            LineShape(yValues: data)
                .stroke(Color.red, lineWidth: 2.0)
        }
    }
}

public struct LineShape: Shape {
    var yValues: [Double]
    public init(yValues: [Double]) { self.yValues = yValues }
    
    public func path(in rect: CGRect) -> Path {
        let xIncrement = (rect.width / (CGFloat(yValues.count) - 1))
        let factor = rect.height / CGFloat(yValues.max() ?? 1.0)
        var path = Path()
        path.move(to: CGPoint(x: 0.0,
                              y: (rect.height - (yValues[0] * factor))))
        for i in 1..<yValues.count {
            let pt = CGPoint(x: (Double(i) * Double(xIncrement)),
                             y: (rect.height - (yValues[i] * factor)))
            path.addLine(to: pt)
        }
        return path
    }
}
