import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Random paths, including degenerate ones (repeated points, reversals, cusps, tiny and huge widths),
/// stroked with random styles: the outline stays finite and the render stays inside the stroke's reach.
@Suite struct StrokeFuzzTests {
    @Test func randomStrokesStayFiniteAndBounded() throws {
        var rng = SeededRandom(seed: 0xF00D)
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        for trial in 0..<300 {
            var path = Path()
            var last = rng.point(in: 100)
            path.move(to: last)
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let kind = Int.random(in: 0..<6, using: &rng)
                let next = kind == 0 ? last : rng.point(in: 100)   // repeated point
                switch kind {
                case 0, 1: path.addLine(to: next)
                case 2: path.addQuadCurve(to: next, control: rng.point(in: 100))
                case 3: path.addCurve(to: next, control1: next, control2: last)      // cusp-prone
                case 4: path.addLine(to: last); path.addLine(to: next)               // reversal
                default: path.closeSubpath()
                }
                last = next
            }
            let width = [0.01, 0.5, 3, 17, 120][Int.random(in: 0..<5, using: &rng)]
            let dash: [CGFloat] = Bool.random(using: &rng) ? [] : [CGFloat.random(in: 0...10, using: &rng), CGFloat.random(in: 0...10, using: &rng)]
            let style = StrokeStyle(lineWidth: width, lineCap: caps.randomElement(using: &rng)!,
                                    lineJoin: joins.randomElement(using: &rng)!,
                                    miterLimit: CGFloat.random(in: 0...20, using: &rng), dash: dash,
                                    dashPhase: CGFloat.random(in: -20...20, using: &rng))
            let outline = path.strokedPath(style)
            var finite = true
            outline.forEach { e in
                if case .line(let p) = e, !(p.x.isFinite && p.y.isFinite) { finite = false }
                if case .move(let p) = e, !(p.x.isFinite && p.y.isFinite) { finite = false }
            }
            #expect(finite, "trial \(trial): non-finite outline")
            // Everything drawn lies within reach of the path: its bounds grown by the miter length.
            if !outline.isEmpty {
                let reach = width / 2 * max(Double(style.miterLimit), 1.5) + 1
                let bounds = path.boundingRect.insetBy(dx: -reach, dy: -reach)
                let ob = outline.boundingRect
                // (Explicit comparisons: Foundation's CGRect.contains(CGRect) compares a recomputed union.)
                let inside = ob.minX >= bounds.minX && ob.maxX <= bounds.maxX && ob.minY >= bounds.minY && ob.maxY <= bounds.maxY
                #expect(inside, "trial \(trial): outline \(ob) outside \(bounds)")
            }
            _ = try renderCPU(width: 100, height: 100) { $0.stroke(path, with: .color(.black), style: style) }
        }
    }
}
