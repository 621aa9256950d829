// Port of the seed 003_4dad93ee2cc50afa.txt, 'Animate a background with TimelineView': "Add color
// gradient" (the blob whose points move with the time, filled with a yellow-purple gradient).
//
// Edits from the seed's listing (the README lists every seed edit):
// - `import SwiftUI` becomes `import TileRender`.
// - `struct ContentView` is named `BlobTimelineView` and made public, with a public `init()`.
// Nothing else: the TimelineView, Canvas, frame and Spacer are the seed's.
import Foundation
import TileRender

public struct BlobTimelineView: View {
    public init() {}

    public var body: some View {
        TimelineView(.animation) { timeline in
            VStack {
                let now = timeline.date.timeIntervalSinceReferenceDate
                let angle = Angle.degrees(now.remainder(dividingBy: 4)*90)
                let d = (cos(angle.radians)) * 40
                let d2 = (cos(angle.radians)) * 10

                Canvas { context, size in
                    context.fill(
                        blobPath(in: CGRect(origin: .zero, size: size),
                                 offset1: d,
                                 offset2: d2),
                        with: .linearGradient(Gradient(colors: [.yellow, .purple, .purple]),
                                              startPoint: .zero ,
                                              endPoint: CGPoint(x: size.width, y: size.height)))
                }
                .frame(width: 450, height: 400)

                Spacer()
            }
        }
    }

    func blobPath(in rect : CGRect, offset1 d1:Double, offset2 d2:Double) -> Path {
        let w = rect.width
        let h = rect.height
        let path = Path() { path in
            path.move(to: CGPoint(x: w*0.53, y: h*0.87))
            path.addCurve(to: CGPoint(x: w*0.15 + d2, y: h*0.49 - d2 ) ,
                          control1: CGPoint(x: w*0.06, y: h*0.72),
                          control2: CGPoint(x: w*0.26, y: h*0.75))
            path.addCurve(to: CGPoint(x: w*0.48, y: h*0.08) ,
                          control1: CGPoint(x: w*0.1 + d2, y: h*0.40),
                          control2: CGPoint(x: w*0.17, y: -(h*0.02)))
            path.addCurve(to: CGPoint(x: w*0.62 - d2, y: h*0.48) ,
                          control1: CGPoint(x: w*0.75, y: h*0.18),
                          control2: CGPoint(x: w*0.55 + d1, y: h*0.37))
            path.addCurve(to: CGPoint(x: w*0.53, y: h*0.87) ,
                          control1: CGPoint(x: w*0.87 - d2, y: h*0.64),
                          control2: CGPoint(x: w*0.66, y: h*0.89))
        }
        return path
    }
}
