// Port of the seed 003_4dad93ee2cc50afa.txt, 'Better performance with canvas': the card drawn with a
// Shape view per diamond (`DiamondCardView`, `CardShapeView`) and the ScrollView of 50 of them
// (`MultipleShapeView`). DiamondShape and the Canvas card are in CardCanvas.swift.
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The types are made public, each with a public `init`.
import Foundation
import TileRender

public struct DiamondCardView: View {
    var rows: Int
    var cols: Int

    public init(rows: Int, cols: Int) { self.rows = rows; self.cols = cols }

    public var body: some View {
        GeometryReader { gr in
            let width = gr.size.width / CGFloat(cols)
            let height = gr.size.height / CGFloat(rows)

            VStack(spacing:0) {
                ForEach(0..<rows) { i in
                    let rowCols = (i%2==0) ? cols : cols - 1
                    HStack(spacing:0) {
                        Group {
                            ForEach(0..<rowCols) { _ in
                                DiamondShape()
                                    .fill(Color(red: 250/255, green: 100/255, blue: 90/255))
                                    .frame(width: width, height: height)
                            }
                        }
                    }
                }
            }
        }
    }
}

public struct MultipleShapeView: View {
    public init() {}

    public var body: some View {
        ZStack {
            Color(red: 214/255, green: 232/255, blue: 248/255)
                .edgesIgnoringSafeArea(.all)

            ScrollView {
                ForEach(1...50, id: \.self) { _ in
                    CardShapeView()
                }
            }
            .navigationTitle("50 Shape Cards")
        }
    }
}

public struct CardShapeView: View {
    public init() {}

    public var body: some View {
        DiamondCardView(rows: 7, cols: 21)
            .padding(30)
            .frame(width: 300, height: 200)
            .background(Color(red: 30/255, green: 40/255, blue: 60/255))
            .cornerRadius(30)
            .overlay(RoundedRectangle(cornerRadius: 40)
                        .stroke(Color(red: 0.93, green: 0.94, blue: 0.77), lineWidth: 50)
                        .cornerRadius(30))
            .overlay(RoundedRectangle(cornerRadius: 20)
                        .stroke(Color(red: 250/255, green: 100/255, blue: 90/255), lineWidth: 10)
                        .cornerRadius(15)
                        .padding(20))
            .overlay(RoundedRectangle(cornerRadius: 30)
                        .stroke(.black, lineWidth: 2)
                        .cornerRadius(30))
    }
}
