// Port of the seed 003_4dad93ee2cc50afa.txt, 'Better performance with canvas': DiamondShape, the card
// drawn with a Canvas (`CardCanvasView`) and the ScrollView of 50 of them (`MultipleCanvasView`).
//
// Edits from the seed's listings (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - The types are made public, each with a public `init()`.
// - `CardCanvasView(staggered: true)` is TileRender's variant for the scrolling experiment (tile-bench
//   strategies): it draws the shape card's pattern (`DiamondCardView(rows: 7, cols: 21)`: odd rows have
//   one diamond fewer, centred) instead of the seed's plain grid, so that the strategies draw the same
//   picture. `CardCanvasView()` is the seed's.
// - `LazyMultipleCanvasView` is TileRender's variant for the layout benchmark: the seed's
//   `MultipleCanvasView` with the ScrollView's ForEach in a `LazyVStack` and the scroll offset set
//   with `.scrollPosition` (the seed scrolls by hand).
import Foundation
import TileRender

public struct DiamondShape: Shape {
    public init() {}

    public func path(in rect: CGRect) -> Path {
        let size = min(rect.width, rect.height)
        let xOffset = (rect.width > rect.height) ? (rect.width - rect.height) / 2.0 : 0.0
        let yOffset = (rect.height > rect.width) ? (rect.height - rect.width) / 2.0 : 0.0

        func offsetPoint(p: CGPoint) -> CGPoint {
            return CGPoint(x: p.x + xOffset + rect.origin.x, y: p.y+yOffset + rect.origin.y)
        }

        let path = Path { path in
            path.move(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.50))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: 0)),
                              control: offsetPoint(p: CGPoint(x: (size * 0.40), y: (size * 0.40))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: size, y: (size * 0.50))),
                              control: offsetPoint(p: CGPoint(x: (size * 0.60), y: (size * 0.40))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: (size * 0.50), y: size)),
                              control: offsetPoint(p: CGPoint(x: (size * 0.60), y: (size * 0.60))))
            path.addQuadCurve(to: offsetPoint(p: CGPoint(x: 0, y: (size * 0.50))),
                              control: offsetPoint(p: CGPoint(x: (size * 0.40), y: (size * 0.60))))
            path.closeSubpath()
        }
        return path
    }
}

public struct MultipleCanvasView: View {
    public init() {}

    public var body: some View {
        ZStack {
            Color(red: 214/255, green: 232/255, blue: 248/255)
                .edgesIgnoringSafeArea(.all)

            ScrollView {
                ForEach(1...50, id: \.self) { i in
                    CardCanvasView()
                }
            }
            .navigationTitle("50 Canvas Card")
        }
    }
}

/// The seed's list with a lazy stack, scrolled to `offset` points (see the file's notes).
public struct LazyMultipleCanvasView: View {
    let offset: CGFloat
    public init(offset: CGFloat) { self.offset = offset }

    public var body: some View {
        ZStack {
            Color(red: 214/255, green: 232/255, blue: 248/255)
                .edgesIgnoringSafeArea(.all)

            ScrollView {
                LazyVStack {
                    ForEach(1...50, id: \.self) { i in
                        CardCanvasView()
                    }
                }
            }
            .scrollPosition(.constant(ScrollPosition(y: offset)))
            .navigationTitle("50 Canvas Card")
        }
    }
}

public struct CardCanvasView: View {
    /// TileRender's variant (see the file's notes): odd rows hold one diamond fewer, centred, as in the
    /// shape card (`DiamondCardView`).
    let staggered: Bool

    public init(staggered: Bool = false) { self.staggered = staggered }

    public var body: some View {
        VStack {
            Canvas { context, size in
                let w = size.width
                let h = size.height
                let rows = 7
                let cols = 21

                for r in 0..<rows {
                    let rowCols = (staggered && r%2 != 0) ? cols - 1 : cols
                    let left = w/CGFloat(cols) * CGFloat(cols - rowCols) / 2
                    for c in 0..<rowCols {
                        let x = left + w/CGFloat(cols) * CGFloat(c)
                        let y = h/CGFloat(rows) * CGFloat(r)
                        context.fill(
                            DiamondShape().path(in: CGRect(x: x, y: y, width: w/CGFloat(cols), height: h/CGFloat(rows))),
                            with: .color(red: 250/255, green: 100/255, blue: 90/255))
                    }
                }
            }
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
}
