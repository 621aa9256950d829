import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, checked against the
/// rules SwiftUI's documentation gives for it, on the frame's size and where its child is placed.
@Suite struct FlexibleFrameTests {
    /// The size `view` chooses for `proposal`.
    private func size<V: View>(_ view: V, _ proposal: ProposedViewSize) -> CGSize {
        makeViewNodes(view, ViewEnvironment())[0].sizeThatFits(proposal)
    }

    private let fixed = Color.red.frame(width: 40, height: 20)

    @Test func aMaximumTakesTheProposalUpToIt() {
        // A flexible child is proposed the proposal clamped to the maximum, and the frame takes it.
        #expect(size(Color.red.frame(maxWidth: 100), ProposedViewSize(width: 300, height: 50)) == CGSize(width: 100, height: 50))
        // A fixed child: the frame still takes the proposal up to the maximum, never below the child.
        #expect(size(fixed.frame(maxWidth: .infinity), ProposedViewSize(width: 300, height: 50)) == CGSize(width: 300, height: 20))
        #expect(size(fixed.frame(maxWidth: 100), ProposedViewSize(width: 300, height: 50)) == CGSize(width: 100, height: 20))
        #expect(size(fixed.frame(maxWidth: 100), ProposedViewSize(width: 30, height: 50)) == CGSize(width: 40, height: 20))
    }

    @Test func aMinimumHoldsTheFrameOpen() {
        #expect(size(fixed.frame(minWidth: 100), ProposedViewSize(width: 300, height: 50)) == CGSize(width: 100, height: 20))
        #expect(size(fixed.frame(minWidth: 100), ProposedViewSize(width: 60, height: 50)) == CGSize(width: 100, height: 20))
        #expect(size(fixed.frame(minWidth: 10), ProposedViewSize(width: 30, height: 50)) == CGSize(width: 30, height: 20))
        // Both: the proposal clamped to them, whatever the child.
        let both = fixed.frame(minWidth: 50, maxWidth: 200)
        #expect(size(both, ProposedViewSize(width: 300, height: 50)).width == 200)
        #expect(size(both, ProposedViewSize(width: 20, height: 50)).width == 50)
        #expect(size(both, ProposedViewSize(width: 120, height: 50)).width == 120)
    }

    @Test func idealLengthsStandInForUnspecifiedProposals() {
        #expect(size(Color.red.frame(idealWidth: 120, idealHeight: 30), .unspecified) == CGSize(width: 120, height: 30))
        #expect(size(Color.red.frame(idealWidth: 120), ProposedViewSize(width: 50, height: 10)) == CGSize(width: 50, height: 10))
    }

    @Test func badConstraintsAreCleaned() {
        // NaN counts as absent, negative as 0, a minimum over the maximum raises the maximum.
        #expect(size(fixed.frame(minWidth: .nan, maxWidth: .nan), ProposedViewSize(width: 300, height: 50)) == CGSize(width: 40, height: 20))
        #expect(size(fixed.frame(minWidth: 150, maxWidth: 100), ProposedViewSize(width: 300, height: 50)).width == 150)
        #expect(size(fixed.frame(maxWidth: -5), ProposedViewSize(width: 300, height: 50)).width == 0)
        // An infinite proposal to a frame without a finite maximum: the child's own length.
        #expect(size(fixed.frame(maxWidth: .infinity), ProposedViewSize(width: .infinity, height: 50)).width == 40)
    }

    @Test func theChildIsPlacedByTheAlignment() throws {
        let bitmap = try renderView(Color.red.frame(width: 20, height: 10).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing),
                                    width: 100, height: 60)
        #expect(bitmap.pixel(x: 85, y: 55) == redPixel)
        #expect(bitmap.pixel(x: 75, y: 55) == clearPixel)
        #expect(bitmap.pixel(x: 85, y: 45) == clearPixel)
        // In a row, a frame(maxWidth: .infinity) takes what the fixed children leave.
        let row = try renderView(HStack(spacing: 0) {
            Color.blue.frame(width: 30, height: 10)
            Color.red.frame(height: 10).frame(maxWidth: .infinity)
        }, width: 100, height: 10)
        #expect(row.pixel(x: 29, y: 5) == bluePixel)
        #expect(row.pixel(x: 30, y: 5) == redPixel && row.pixel(x: 99, y: 5) == redPixel)
    }
}

/// `layoutPriority(_:)` in stacks: higher priorities are sized first, lower ones keep their minimums.
@Suite struct LayoutPriorityTests {
    private func widths<V: View>(_ view: V, width: CGFloat) throws -> [CGFloat] {
        let renderer = ImageRenderer(content: view)
        renderer.proposedSize = ProposedViewSize(width: width, height: 10)
        return try renderer.layoutSnapshot().leaves.map(\.frame.width)
    }

    @Test func higherPrioritiesAreSizedFirst() throws {
        let even = HStack(spacing: 0) {
            Color.red.frame(minWidth: 10, maxWidth: .infinity)
            Color.blue.frame(minWidth: 30, maxWidth: .infinity)
        }
        #expect(try widths(even, width: 100) == [50, 50])
        // Priority 1 on red: red is offered all but blue's minimum (30), blue the rest.
        let first = HStack(spacing: 0) {
            Color.red.frame(minWidth: 10, maxWidth: .infinity).layoutPriority(1)
            Color.blue.frame(minWidth: 30, maxWidth: .infinity)
        }
        #expect(try widths(first, width: 100) == [70, 30])
        // A fixed view at a lower priority keeps its size; NaN priorities count as 0.
        let fixed = HStack(spacing: 0) {
            Color.red.frame(width: 25)
            Color.blue.frame(maxWidth: .infinity).layoutPriority(5)
            Color.green.frame(maxWidth: .infinity).layoutPriority(.nan)
        }
        #expect(try widths(fixed, width: 100) == [25, 75, 0])
    }
}

/// Frames and paddings with lengths that are not lengths end in documented results.
@Suite struct BadFrameAndPaddingTests {
    private func size<V: View>(_ view: V, _ proposal: ProposedViewSize = .unspecified) -> CGSize {
        makeViewNode(view, ViewEnvironment()).sizeThatFits(proposal)
    }

    @Test func invalidFixedFrameLengthsAreIgnored() throws {
        let square = Color.red.frame(width: 20, height: 10)
        for bad in [CGFloat.nan, .infinity, -.infinity, -5] {
            // The frame keeps the child's size in that dimension.
            #expect(size(square.frame(width: bad)) == CGSize(width: 20, height: 10), "\(bad)")
            #expect(size(square.frame(width: 30, height: bad)) == CGSize(width: 30, height: 10), "\(bad)")
            // Non-finite paddings count as 0 (a negative one is a real padding, below).
            let bitmap = try renderView(square.frame(width: bad, height: bad).padding(bad.isFinite ? 0 : bad))
            #expect(bitmap.width == 20 && bitmap.height == 10, "\(bad)")
        }
    }

    @Test func negativePaddingOverlapsButNeverGoesBelowZero() throws {
        let square = Color.red.frame(width: 20, height: 10)
        #expect(size(square.padding(-4)) == CGSize(width: 12, height: 2))
        #expect(size(square.padding(-40)) == .zero)
        // The view still draws in full, over the padded frame's edges.
        let bitmap = try renderView(HStack(spacing: 0) { Color.blue.frame(width: 10, height: 10); square.padding(.leading, -5) })
        #expect(bitmap.width == 25 && bitmap.pixel(x: 7, y: 5) == redPixel)
    }
}
