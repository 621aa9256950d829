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
}
