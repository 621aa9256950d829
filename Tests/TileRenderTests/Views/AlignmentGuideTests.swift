import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

private enum MidAccount: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.center] }
}

private enum ThirdWidth: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 3 }
}

/// A guide whose default reads itself: a cycle, cut off after `ViewDimensions.maxGuideDepth` reads.
private enum SelfReading: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d[HorizontalAlignment(SelfReading.self)] + 1 }
}

extension VerticalAlignment {
    fileprivate static let midAccount = VerticalAlignment(MidAccount.self)
}

extension HorizontalAlignment {
    fileprivate static let thirdWidth = HorizontalAlignment(ThirdWidth.self)
    fileprivate static let selfReading = HorizontalAlignment(SelfReading.self)
}

/// Alignment guides: built-in and custom `AlignmentID`s, `alignmentGuide(_:computeValue:)`, and how
/// explicit guides pass up through frames, padding and stacks. Frames are hand-computed from SwiftUI's
/// documented rules (children's guides on one line; a stack as thick as the extents on both sides).
@Suite struct AlignmentGuideTests {
    private func frames<V: View>(_ view: V, width: CGFloat? = nil, height: CGFloat? = nil) throws -> (root: CGRect, leaves: [CGRect]) {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        let s = try renderer.layoutSnapshot()
        return (s.root.frame, s.leaves.map(\.frame))
    }

    @Test func anExplicitTopGuideMovesAChildAgainstTheRowsLine() throws {
        // The second child's top guide sits 10 points down its height, so its top is 10 above the line
        // the others' tops are on: the row is 10 + 40 tall.
        let f = try frames(HStack(alignment: .top, spacing: 8) {
            Color.red.frame(width: 40, height: 40)
            Color.blue.frame(width: 20, height: 20).alignmentGuide(.top) { d in d.height / 2 }
        })
        #expect(f.root == CGRect(x: 0, y: 0, width: 68, height: 50))
        #expect(f.leaves == [CGRect(x: 0, y: 10, width: 40, height: 40), CGRect(x: 48, y: 0, width: 20, height: 20)])
    }

    @Test func aCustomGuidePassesUpThroughANestedStack() throws {
        // The classic example: the middle row of a column lines up with the centre of the view beside it.
        let column = VStack(spacing: 0) {
            Color.red.frame(width: 20, height: 10)
            Color.green.frame(width: 20, height: 10).alignmentGuide(.midAccount) { d in d[VerticalAlignment.center] }
            Color.blue.frame(width: 20, height: 40)
        }
        let f = try frames(HStack(alignment: .midAccount, spacing: 0) {
            column
            Color.orange.frame(width: 30, height: 50)
        })
        // The green row's centre is 15 into the column; the orange view's (its default) 25 into it.
        #expect(f.leaves[1] == CGRect(x: 0, y: 20, width: 20, height: 10))
        #expect(f.leaves[3] == CGRect(x: 20, y: 0, width: 30, height: 50))
        #expect(f.leaves[1].midY == f.leaves[3].midY)
        #expect(f.root.size == CGSize(width: 50, height: 70))
        // Without the explicit guide the column's own default (its centre) is used instead.
        let plain = try frames(HStack(alignment: .midAccount, spacing: 0) {
            VStack(spacing: 0) {
                Color.red.frame(width: 20, height: 10)
                Color.green.frame(width: 20, height: 10)
                Color.blue.frame(width: 20, height: 40)
            }
            Color.orange.frame(width: 30, height: 50)
        })
        #expect(plain.leaves[0].minY == 0 && plain.leaves[3].minY == 5)
    }

    @Test func explicitGuidesOfSeveralChildrenAverage() throws {
        // Two children of a column set the custom guide (at 5 and 35 in the column): the column's guide
        // is their mean, 20, lined up with the square's default (its centre, 10).
        let f = try frames(HStack(alignment: .midAccount, spacing: 0) {
            VStack(spacing: 0) {
                Color.red.frame(width: 10, height: 10).alignmentGuide(.midAccount) { _ in 5 }
                Color.blue.frame(width: 10, height: 30).alignmentGuide(.midAccount) { _ in 25 }
            }
            Color.orange.frame(width: 20, height: 20)
        })
        #expect(f.leaves[0].minY == 0)
        #expect(f.leaves[2] == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func builtInGuidesStopAtAStackOfSeveralChildren() throws {
        // SwiftUI passes `.top` set inside a stack of two children no further: the outer row aligns the
        // column by its own top.
        let f = try frames(HStack(alignment: .top, spacing: 0) {
            VStack(spacing: 0) {
                Color.red.frame(width: 10, height: 10).alignmentGuide(.top) { _ in 30 }
                Color.blue.frame(width: 10, height: 10)
            }
            Color.orange.frame(width: 10, height: 10)
        })
        #expect(f.leaves.map(\.minY) == [0, 10, 0])
    }

    @Test func zStacksLineUpGuidesAndGrowAroundThem() throws {
        let inside = try frames(ZStack(alignment: .topLeading) {
            Color.red.frame(width: 50, height: 50)
            Color.blue.frame(width: 20, height: 20).alignmentGuide(.leading) { _ in -10 }.alignmentGuide(.top) { _ in -10 }
        })
        #expect(inside.root.size == CGSize(width: 50, height: 50))
        #expect(inside.leaves == [CGRect(x: 0, y: 0, width: 50, height: 50), CGRect(x: 10, y: 10, width: 20, height: 20)])
        // A guide that puts the child outside the others makes the stack wider.
        let outside = try frames(ZStack(alignment: .topLeading) {
            Color.red.frame(width: 50, height: 50)
            Color.blue.frame(width: 20, height: 20).alignmentGuide(.leading) { d in d[.trailing] }
        })
        #expect(outside.root.size == CGSize(width: 70, height: 50))
        #expect(outside.leaves == [CGRect(x: 20, y: 0, width: 50, height: 50), CGRect(x: 0, y: 0, width: 20, height: 20)])
    }

    @Test func framesAndPaddingPassGuidesUp() throws {
        // In a frame, the child's leading guide goes on the frame's leading edge.
        let framed = try frames(Color.red.frame(width: 20, height: 20).alignmentGuide(.leading) { _ in 5 }
            .frame(width: 100, height: 20, alignment: .leading))
        #expect(framed.leaves == [CGRect(x: -5, y: 0, width: 20, height: 20)])
        // Padding and a frame around a view with a custom guide keep it at the same point on screen.
        let f = try frames(HStack(alignment: .midAccount, spacing: 0) {
            Color.green.frame(width: 10, height: 10).alignmentGuide(.midAccount) { _ in 0 }
                .padding(.top, 15).frame(width: 10, height: 40, alignment: .top)
            Color.orange.frame(width: 10, height: 30)
        })
        // The green top (15 into the padded view, the frame's top) on the orange centre (15).
        #expect(f.leaves[0].minY == f.leaves[1].midY)
    }

    @Test func aCustomGuidesDefaultComesFromItsID() throws {
        // Column of two widths aligned at a third of each width: 30/3 = 10 and 90/3 = 30.
        let f = try frames(VStack(alignment: .thirdWidth, spacing: 0) {
            Color.red.frame(width: 30, height: 5)
            Color.blue.frame(width: 90, height: 5)
        })
        #expect(f.leaves.map(\.minX) == [20, 0])
        #expect(f.root.width == 90)
    }

    @Test func computeValueSeesTheGuideItReplaces() throws {
        // The closure reads the value the guide had before this modifier (the leading edge, then the
        // first modifier's 4), so the guides stack up: 4 + 6 = 10.
        let node = makeViewNode(Color.red.frame(width: 20, height: 20)
            .alignmentGuide(.leading) { d in d[.leading] + 4 }
            .alignmentGuide(.leading) { d in d[.leading] + 6 }, ViewEnvironment())
        let d = node.dimensions(in: CGSize(width: 20, height: 20))
        #expect(d[.leading] == 10)
        #expect(d[explicit: .trailing] == nil)
        #expect(d[.trailing] == 20)
    }

    @Test func badGuidesEndWithDocumentedValues() throws {
        // A non-finite value keeps the guide where it was; a default that reads itself ends at the
        // depth bound; neither hangs or crashes, and the frames stay finite.
        let nan = try frames(HStack(alignment: .top, spacing: 0) {
            Color.red.frame(width: 10, height: 10).alignmentGuide(.top) { _ in .nan }
            Color.blue.frame(width: 10, height: 20).alignmentGuide(.top) { _ in .infinity }
        })
        #expect(nan.leaves.map(\.minY) == [0, 0])
        let d = ViewDimensions(size: CGSize(width: 10, height: 10))
        #expect(d[.selfReading] == CGFloat(ViewDimensions.maxGuideDepth))
        let cycle = try frames(VStack(alignment: .selfReading, spacing: 0) {
            Color.red.frame(width: 10, height: 10)
            Color.blue.frame(width: 30, height: 10)
        })
        #expect(cycle.leaves.allSatisfy { $0.minX.isFinite && $0.minY.isFinite })
        #expect(cycle.leaves.map(\.minX) == [0, 0])
    }

    @Test func guidesAlsoPlaceWhatIsDrawn() throws {
        // Pixels follow the layout: the blue square set 10 above the row's top line is drawn there.
        let renderer = ImageRenderer(content: HStack(alignment: .top, spacing: 0) {
            Color.red.frame(width: 10, height: 10)
            Color.blue.frame(width: 10, height: 10).alignmentGuide(.top) { _ in 10 }
        })
        let bitmap = try renderer.render(backend: .cpu)
        #expect(bitmap.width == 20 && bitmap.height == 20)
        #expect(bitmap.pixel(x: 15, y: 5).b == 255 && bitmap.pixel(x: 15, y: 15).a == 0)
        #expect(bitmap.pixel(x: 5, y: 15).r == 255 && bitmap.pixel(x: 5, y: 5).a == 0)
    }
}
