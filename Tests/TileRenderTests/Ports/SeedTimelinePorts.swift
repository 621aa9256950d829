import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts

/// The seed's TimelineView animations (Sources/SeedPorts, the seed's code with the README's edits)
/// rendered at chosen dates.
@Suite struct SeedTimelinePorts {
    /// The view at `seconds` after the reference date, on white, cut to `width` x `height` from the top.
    private func render<V: View>(_ view: V, at seconds: Double, width: CGFloat, height: CGFloat) throws -> Bitmap {
        let renderer = ImageRenderer(content: ZStack(alignment: .topLeading) { Color.white; view }
            .frame(width: width, height: height, alignment: .top).clipped())
        renderer.date = Date(timeIntervalSinceReferenceDate: seconds)
        return try renderer.render(backend: .cpu)
    }

    @Test func theBlobAtTheStartOfItsLoopMatchesItsReference() throws {
        // At a whole number of 4-second loops cos(angle) = 1: offsets 40 and 10, the reference's frame.
        try expectMatchesReference(try render(BlobTimelineView(), at: 0, width: 450, height: 400), scene: "blob_gradient")
        try expectMatchesReference(try render(BlobTimelineView(), at: 8, width: 450, height: 400), scene: "blob_gradient")
        // A second later (a quarter turn) the points have moved.
        let later = try render(BlobTimelineView(), at: 1, width: 450, height: 400)
        #expect(later.pixels != (try render(BlobTimelineView(), at: 0, width: 450, height: 400)).pixels)
    }

    @Test func theStarTurnsAtNinetyDegreesASecond() throws {
        // A five-point star turned by 72 degrees (0.8 s) looks as at the start; at 0.4 s it does not.
        let start = try render(StarTimelineView(), at: 0, width: 300, height: 400)
        let turned = try render(StarTimelineView(), at: 0.8, width: 300, height: 400)
        let half = try render(StarTimelineView(), at: 0.4, width: 300, height: 400)
        func worst(_ a: Bitmap, _ b: Bitmap) -> Int { zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0 }
        #expect(worst(start, turned) <= 40, "\(worst(start, turned))")
        #expect(worst(start, half) > 200)
        // Reversed, the same time turns it the other way: its frame at 0.4 s mirrors the forward one.
        let back = try render(StarTimelineView(reversed: true), at: 0.4, width: 300, height: 400)
        let mirrored = try render(StarTimelineView(), at: -0.4, width: 300, height: 400)
        #expect(worst(back, mirrored) <= 2)
    }

    @Test func theCogsLoopEveryEightSeconds() throws {
        // The big cog turns 45 degrees a second (an 8-second loop), the small one 90 (4 seconds).
        let size = (width: CGFloat(330), height: CGFloat(438))
        let start = try render(InterlockingCogsView(), at: 0, width: size.width, height: size.height)
        let loop = try render(InterlockingCogsView(), at: 8, width: size.width, height: size.height)
        let later = try render(InterlockingCogsView(), at: 1, width: size.width, height: size.height)
        #expect(start.pixels == loop.pixels)
        #expect(start.pixels != later.pixels)
        // Both cogs are drawn below the 30-point spacer: red on the left, blue on the right.
        func has(_ xs: Range<Int>, _ ys: Range<Int>, _ test: (Bitmap.Pixel) -> Bool) -> Bool {
            xs.contains { x in ys.contains { test(start.pixel(x: x, y: $0)) } }
        }
        // The canvas starts 38 points down (spacer 30 + spacing 8); the big cog's frame is (4, 18) 240
        // wide in it, the small one's (190, 150) 120 wide.
        #expect(has(4..<244, 56..<296) { $0.r > 200 && $0.b < 80 && $0.g < 80 })
        #expect(has(190..<310, 188..<308) { $0.b > 200 && $0.r < 80 })
        #expect(!has(0..<330, 0..<30) { $0.r < 250 })  // white above the canvas
    }
}
