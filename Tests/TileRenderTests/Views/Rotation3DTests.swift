import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `rotation3DEffect` and `projectionEffect`: a projective map of the drawn geometry.
@Suite struct Rotation3DTests {
    private func render<V: View>(_ view: V) throws -> Bitmap {
        let renderer = ImageRenderer(content: view)
        return try renderer.render(backend: .cpu)
    }
    private func card() -> some View { Rectangle().fill(Color(red: 0, green: 0, blue: 1)).frame(width: 100, height: 60).padding(20) }
    /// Rows (or columns) with ink along the column `x` (row `y`).
    private func inkHeight(_ b: Bitmap, column x: Int) -> Int { (0..<b.height).filter { b.pixel(x: x, y: $0).a > 127 }.count }
    private func inkWidth(_ b: Bitmap, row y: Int) -> Int { (0..<b.width).filter { b.pixel(x: $0, y: y).a > 127 }.count }
    private func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test func noTurnAndATurnAboutTheDepthAxisAreFlat() throws {
        let plain = try render(card())
        #expect(maxDifference(try render(card().rotation3DEffect(.zero, axis: (x: 0, y: 1, z: 0))), plain) == 0)
        // About z: the same as rotationEffect (curve pieces and rounding aside).
        let shape = Circle().fill(Color.red).overlay(Rectangle().fill(Color.blue).frame(width: 30, height: 8)).frame(width: 80, height: 80).padding(10)
        let turned = try render(shape.rotation3DEffect(.degrees(30), axis: (x: 0, y: 0, z: 1)))
        let rotated = try render(shape.rotationEffect(.degrees(30)))
        // The projected circle is cut into more curve pieces, so its edge pixels differ within the
        // flattening tolerance; the interiors agree and the coverage totals within 0.2%.
        #expect(maxDifference(turned, rotated) <= 80, "largest difference \(maxDifference(turned, rotated))")
        let inkA = turned.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        let inkB = rotated.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }
        #expect(abs(inkA - inkB) * 500 < inkB, "\(inkA) vs \(inkB)")
        #expect(turned.pixel(x: 50, y: 50) == rotated.pixel(x: 50, y: 50) && turned.pixel(x: 30, y: 70) == rotated.pixel(x: 30, y: 70))
    }

    @Test func aTurnAboutTheVerticalAxisNarrowsAndForeshortens() throws {
        // Without perspective a 60-degree turn halves the width: 100 -> 50, centred.
        let flat = try render(card().rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0), perspective: 0))
        #expect(abs(inkWidth(flat, row: 50) - 50) <= 1)
        #expect(inkHeight(flat, column: 70) == 60)
        // With perspective the far (right) edge is shorter than the near one.
        let deep = try render(card().rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0)))
        let columns = (0..<deep.width).filter { inkHeight(deep, column: $0) > 0 }
        let left = try #require(columns.first), right = try #require(columns.last)
        #expect(inkHeight(deep, column: left + 1) > inkHeight(deep, column: right - 1) + 10,
                "\(inkHeight(deep, column: left + 1)) vs \(inkHeight(deep, column: right - 1))")
        // About the horizontal axis the top leans away: the bottom row is wider.
        let tilted = try render(card().rotation3DEffect(.degrees(45), axis: (x: 1, y: 0, z: 0)))
        let rows = (0..<tilted.height).filter { inkWidth(tilted, row: $0) > 0 }
        #expect(inkWidth(tilted, row: rows.last! - 1) > inkWidth(tilted, row: rows.first! + 1) + 10)
    }

    @Test func anEdgeOnViewDrawsNothingAndBadValuesAreIgnored() throws {
        let edgeOn = try render(card().rotation3DEffect(.degrees(90), axis: (x: 0, y: 1, z: 0), perspective: 0))
        #expect(edgeOn.pixels.allSatisfy { $0 == 0 })
        // A NaN angle or a zero axis: no turn.
        let plain = try render(card())
        #expect(maxDifference(try render(card().rotation3DEffect(.radians(.nan), axis: (x: 0, y: 1, z: 0))), plain) == 0)
        #expect(maxDifference(try render(card().rotation3DEffect(.degrees(40), axis: (x: 0, y: 0, z: 0))), plain) == 0)
        // Turned past the eye (a huge perspective): finite geometry, no crash.
        _ = try render(card().rotation3DEffect(.degrees(80), axis: (x: 1, y: 1, z: 0), anchorZ: 500, perspective: 1e9))
    }

    @Test func gradientsStrokesAndTextFollowTheTurn() throws {
        let view = ZStack {
            RoundedRectangle(cornerRadius: 12).fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing))
            RoundedRectangle(cornerRadius: 12).stroke(Color.black, lineWidth: 4)
            Text("Boarding").font(.title)
        }.frame(width: 160, height: 90).padding(10)
        let turned = try render(view.rotation3DEffect(.degrees(35), axis: (x: 0, y: 1, z: 0)))
        let plain = try render(view)
        // Drawn, narrower than the flat view, and different from it.
        let width = { (b: Bitmap) in (0..<b.width).filter { x in (0..<b.height).contains { b.pixel(x: x, y: $0).a > 0 } }.count }
        #expect(width(turned) < width(plain) - 10 && width(turned) > 80)
        // Red on the left (near) side, blue on the right.
        let mid = turned.height / 2
        let inked = (0..<turned.width).filter { turned.pixel(x: $0, y: mid).a == 255 }
        let l = turned.pixel(x: inked[inked.count / 8], y: mid), r = turned.pixel(x: inked[inked.count * 7 / 8], y: mid)
        #expect(l.r > l.b && r.b > r.r)
    }

    @Test func projectionMatricesComposeAndInvert() throws {
        let m = ProjectionTransform.rotation3D(angle: 0.7, axis: (x: 1, y: 2, z: 0.5), anchor: CGPoint(x: 50, y: 30),
                                               anchorZ: 10, perspective: 1, size: CGSize(width: 100, height: 60))
        #expect(!m.isAffine)
        let inverse = try #require(m.inverted())
        let p = CGPoint(x: 17, y: 42)
        let back = p.applying(m).applying(inverse)
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        #expect(m.concatenating(inverse).isIdentity || abs(m.concatenating(inverse).m11 / m.concatenating(inverse).m33 - 1) < 1e-12)
        // The anchor maps to itself.
        let a = CGPoint(x: 50, y: 30).applying(ProjectionTransform.rotation3D(angle: 1, axis: (x: 0, y: 1, z: 0), anchor: CGPoint(x: 50, y: 30),
                                                                               anchorZ: 0, perspective: 1, size: CGSize(width: 100, height: 60)))
        #expect(abs(a.x - 50) < 1e-9 && abs(a.y - 30) < 1e-9)
        #expect(ProjectionTransform(CGAffineTransform(scaleX: 0, y: 1)).inverted() == nil)
    }
}
