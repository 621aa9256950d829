import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts

/// The seeds' view code from Sources/SeedPorts (the seed's SwiftUI with the README's edits only), laid
/// out by the view layer and compared with the reference scenes.
@Suite struct SeedViewPorts {
    /// `view` on an opaque white canvas of `width` x `height`, its frame at the top-left.
    private func render<V: View>(_ view: V, width: CGFloat, height: CGFloat, backend: Backend = .cpu) throws -> Bitmap {
        let renderer = ImageRenderer(content: ZStack(alignment: .topLeading) { Color.white; view })
        renderer.proposedSize = ProposedViewSize(width: width, height: height)
        return try renderer.render(backend: backend)
    }

    @Test func theLandmarksBadgeBackground() throws {
        try expectMatchesReference(try render(BadgeBackground().frame(width: 300, height: 300), width: 300, height: 300),
                                   scene: "badge_background")
    }

    @Test func theLandmarksBadgeSymbol() throws {
        try expectMatchesReference(try render(BadgeSymbol().frame(width: 200, height: 200), width: 200, height: 200),
                                   scene: "badge_symbol")
    }

    @Test func theLandmarksBadge() throws {
        // GeometryReader, ForEach with a distributed opacity, padding(-60), rotationEffect about the
        // bottom, scaleEffect about the top, position and scaledToFit, all from the tutorial's code.
        let bitmap = try render(Badge().frame(width: 300, height: 300), width: 300, height: 300)
        try expectMatchesReference(bitmap, scene: "badge_full")
        if vulkanAvailable {
            expectVulkanParity(bitmap, try render(Badge().frame(width: 300, height: 300), width: 300, height: 300, backend: .vulkan), "badge")
        }
    }

    @Test func theAirportMealAward() throws {
        // GeometryReader, ZStack, a RadialGradient resolved in the path's frame, clockwise arcs, a stroke.
        try expectMatchesReference(try render(AirportMealAward().frame(width: 200, height: 200), width: 200, height: 200),
                                   scene: "airport_meal_award")
    }

    @Test func theColorPencils() throws {
        // ColorPencilView reads its colour's hue through UIColor, as the seed does.
        try expectMatchesReference(try render(ColorPencilView(color: .blue).frame(width: 100, height: 400), width: 100, height: 400),
                                   scene: "pencil_blue_gradient")
        let set = HStack(spacing: 8) {
            ColorPencilView(color: .red)
            ColorPencilView(color: .orange)
            ColorPencilView(color: .yellow)
            ColorPencilView(color: .green)
            ColorPencilView(color: .blue)
            ColorPencilView(color: Color(hue: 0.773, saturation: 1.0, brightness: 0.51))
            ColorPencilView(color: Color(hue: 0.771, saturation: 1.0, brightness: 1.00))
        }
        .frame(width: 400, height: 300)
        try expectMatchesReference(try render(set, width: 400, height: 300), scene: "pencils_rainbow")
        let flat = HStack(spacing: 8) {
            ZStack {
                PencilTipShape().fill(.gray)
                PencilTimberShape().fill(.orange.opacity(0.3))
                PencilBodyShape().fill(.red.opacity(0.9))
            }.frame(width: 100, height: 400)
            ColorPencilView1(color: .blue).frame(width: 100, height: 400)
        }
        try expectMatchesReference(try render(flat, width: 208, height: 400), scene: "pencils_gray_flat")
    }

    @Test func theStarRating() throws {
        // The article's final StarRatingView: GeometryReader, a ZStack of HStacks, a ForEach of cutout
        // stars, and a DragGesture that a render never calls.
        let ratings = ZStack(alignment: .topLeading) {
            Color(red: 214 / 255, green: 232 / 255, blue: 248 / 255)
            StarRatingView(value: .constant(2.5), stars: 5).frame(width: 250, height: 50).offset(x: 10, y: 10)
            StarRatingView(value: .constant(6.3), stars: 10).frame(width: 250, height: 30).offset(x: 10, y: 100)
            StarRatingView(value: .constant(2.4), stars: 3).frame(width: 250, height: 100).offset(x: 10, y: 170)
        }
        try expectMatchesReference(try render(ratings.frame(width: 270, height: 280), width: 270, height: 280), scene: "star_rating")
    }

    @Test func theLineChartArea() throws {
        let charts = ZStack(alignment: .topLeading) {
            ChartAreaView(data: [164, 182, 212, 198, 242, 30, 158, 6, 67, 195, 104, 125, 125, 92, 81, 188, 50, 155,
                                 225, 243, 53, 141, 32, 1])
                .frame(width: 300, height: 250).offset(x: 10, y: 10)
            ChartAreaView(data: [6, 30, 195, 164, 182, 198, 212, 400]).frame(width: 150, height: 100).offset(x: 10, y: 280)
        }
        try expectMatchesReference(try render(charts.frame(width: 320, height: 390, alignment: .topLeading), width: 320, height: 390),
                                   scene: "line_chart_area")
    }

    @Test func theBoardingPassLesson() throws {
        // Ticket as the lesson draws it, three sizes (the reference has no texts: NightsRing and
        // BoardingPass draw theirs, so they are checked by hit tests and layout below).
        let sizes = VStack(spacing: 24) {
            Ticket().fill(.orange).frame(width: 120, height: 60)
            Ticket().fill(.orange).frame(width: 240, height: 100)
            Ticket(notch: 24).fill(.orange).frame(width: 340, height: 160)
        }
        let snapshot = try ImageRenderer(content: sizes).layoutSnapshot()
        #expect(snapshot.leaves.map(\.frame.size) == [CGSize(width: 120, height: 60), CGSize(width: 240, height: 100), CGSize(width: 340, height: 160)])
        // The boarding pass: the ring at the trailing end, inside the paddings (28 and 20).
        let pass = ImageRenderer(content: BoardingPass(trip: .seattle, totalNights: 18))
        pass.proposedSize = ProposedViewSize(width: 393, height: 200)
        let laidOut = try pass.layoutSnapshot()
        let rings = laidOut.leaves.filter { $0.kind == "Circle" || $0.kind == "TrimmedShape" }
        #expect(rings.count == 2 && rings.allSatisfy { $0.frame.size == CGSize(width: 64, height: 64) })
        let ring = try #require(rings.first).frame
        #expect(abs(ring.maxX - (393 - 16 - 28)) < 1e-9)
        // Its nights and "of 18", centred in the ring.
        let texts = laidOut.leaves.filter { $0.kind == "Text" && ring.contains($0.frame) }
        #expect(texts.map(\.text) == ["5", "of 18"])
        // The ring's border answers a hit test at the top; the ticket answers outside the ring.
        #expect(try pass.hitTest(CGPoint(x: ring.midX, y: ring.minY + 2)).contains { $0.kind == "Circle" })
        #expect(try pass.hitTest(CGPoint(x: ring.minX - 6, y: ring.midY)).map(\.kind) == ["Ticket"])
    }
}
