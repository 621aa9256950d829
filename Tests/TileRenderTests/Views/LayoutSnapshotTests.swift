import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `ImageRenderer.layoutSnapshot()`: kinds, texts and frames in the root's coordinates, hand-computed.
@Suite struct LayoutSnapshotTests {
    private func snapshot<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> LayoutSnapshot {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.layoutSnapshot()
    }

    @Test func stacksReportTheirChildrensFrames() throws {
        let s = try snapshot(HStack(spacing: 10) {
            Color.red.frame(width: 30, height: 20)
            Circle().fill(.blue).frame(width: 40, height: 40)
            Text("hello").textCase(.uppercase)
        })
        #expect(s.root.kind == "HStack")
        let leaves = s.leaves
        #expect(leaves.map(\.kind) == ["Color", "Circle", "Text"])
        #expect(leaves[2].text == "HELLO")
        // The row: 30 + 10 + 40 + 10 + the text, as tall as the circle; children centred vertically.
        #expect(leaves[0].frame == CGRect(x: 0, y: 10, width: 30, height: 20))
        #expect(leaves[1].frame == CGRect(x: 40, y: 0, width: 40, height: 40))
        #expect(leaves[2].frame.minX == 90)
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 90 + leaves[2].frame.width, height: 40))
    }

    @Test func modifiersShowInTheFrames() throws {
        // Padding and an offset move the child; the root keeps the size it chose.
        let s = try snapshot(Color.green.frame(width: 20, height: 10).padding(5).offset(x: 7, y: 3))
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        #expect(s.leaves.map(\.frame) == [CGRect(x: 12, y: 8, width: 20, height: 10)])
        // A flexible frame centres its child along the width offered; its height is the child's.
        let f = try snapshot(Color.red.frame(width: 10, height: 10).frame(maxWidth: .infinity), width: 100, height: 40)
        #expect(f.root.frame == CGRect(x: 0, y: 0, width: 100, height: 10))
        #expect(f.leaves.map(\.frame) == [CGRect(x: 45, y: 0, width: 10, height: 10)])
    }

    @Test func nestedStacksAndGroups() throws {
        let s = try snapshot(VStack(spacing: 0) {
            HStack(spacing: 0) { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10) }
            Rectangle().frame(width: 20, height: 5).drawingGroup()
            Spacer().frame(height: 3)
        })
        #expect(s.root.kind == "VStack")
        #expect(s.root.children.map(\.kind) == ["HStack", "Rectangle", "Spacer"])
        #expect(s.root.children[0].children.map(\.frame) == [CGRect(x: 0, y: 0, width: 10, height: 10), CGRect(x: 10, y: 0, width: 10, height: 10)])
        // Inside a drawingGroup the frame is still in the root's coordinates.
        #expect(s.root.children[1].frame == CGRect(x: 0, y: 10, width: 20, height: 5))
        #expect(s.leaves.map(\.kind) == ["Color", "Color", "Rectangle"])
    }

    @Test func aRootOfSeveralViewsIsFramedAsAWhole() throws {
        let s = try snapshot(Group { Color.red.frame(width: 10, height: 10); Color.blue.frame(width: 20, height: 4) })
        #expect(s.root.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(s.root.children.count == 2)
    }

    @Test func badSizesThrowOrAreCleaned() throws {
        // An infinite fixed width is not a frame dimension: ignored, the colour takes its ideal 10.
        #expect(try snapshot(Color.red.frame(width: .infinity, height: 10)).root.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        // A canvas that works out infinite is still an error, before any allocation.
        #expect(throws: TileRenderError.self) { try snapshot(Color.red.frame(minWidth: 10, maxWidth: .infinity), width: .infinity, height: 10) }
        let s = try snapshot(Color.red.frame(minWidth: .nan, maxWidth: -4), width: 50, height: 10)
        #expect(s.root.frame.width == 0)
    }
}

/// `ImageRenderer.hitTest(_:)`, as the boarding-pass lesson uses it.
@Suite struct HitTestTests {
    private func hits<V: View>(_ view: V, _ point: CGPoint) throws -> [String] {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: 100, height: 100)
        return try renderer.hitTest(point).map(\.kind)
    }

    @Test func frontMostFirstAndShapesAnswerOnWhatTheyPaint() throws {
        let stack = ZStack {
            Color.red.frame(width: 100, height: 100)
            Circle().fill(.blue).frame(width: 60, height: 60)
        }
        #expect(try hits(stack, CGPoint(x: 50, y: 50)) == ["Circle", "Color"])
        // The circle's frame corner is not in the circle: only the colour answers there.
        #expect(try hits(stack, CGPoint(x: 22, y: 22)) == ["Color"])
        #expect(try hits(stack, CGPoint(x: 150, y: 50)) == [])
    }

    @Test func aStrokedShapeAnswersOnlyOnItsStroke() throws {
        // The root (80 x 80) sits at the canvas's top-left: the ring is centred at (40, 40), radius 40.
        let ring = Circle().stroke(.blue, lineWidth: 10).frame(width: 80, height: 80)
        #expect(try hits(ring, CGPoint(x: 40, y: 2)) == ["Circle"])    // on the stroke
        #expect(try hits(ring, CGPoint(x: 40, y: 40)) == [])           // the hole
        // contentShape makes the whole circle answer, and only the circle.
        #expect(try hits(ring.contentShape(Circle()), CGPoint(x: 40, y: 40)) == ["Circle"])
        #expect(try hits(ring.contentShape(Circle()), CGPoint(x: 3, y: 3)) == [])
    }

    @Test func allowsHitTestingFalsePassesThrough() throws {
        let stack = ZStack {
            Color.red.frame(width: 100, height: 100)
            Color.blue.frame(width: 50, height: 50).allowsHitTesting(false)
        }
        #expect(try hits(stack, CGPoint(x: 50, y: 50)) == ["Color"])
        let renderer = ImageRenderer(content: stack)
        renderer.proposedSize = ProposedViewSize(width: 100, height: 100)
        #expect(try renderer.hitTest(CGPoint(x: 50, y: 50)).first?.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(try renderer.hitTest(CGPoint(x: CGFloat.nan, y: 3)).isEmpty)
    }
}
