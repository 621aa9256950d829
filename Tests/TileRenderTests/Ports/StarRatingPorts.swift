import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import SeedPorts
#if Vulkan
@testable import TileRenderVulkan
#endif

// "Create a star rating SwiftUI component" (seed 003): the seed's rounded cutout StarShape
// (Sources/SeedPorts/StarRating.swift) in StarRatingView's layout computed by hand (GeometryReader,
// ZStack of a yellow rating bar and a row of cutout stars); SeedViewPorts draws the seed's view itself.

extension GraphicsContext {
    /// StarRatingView(value:stars:) laid out in `frame` (the GeometryReader's size is frame.size).
    fileprivate func starRatingView(value: Double, stars: Int, frame: CGRect) {
        let size = frame.size
        let ratingWidth = size.width * value / Double(stars)
        let starWidth = size.width / Double(stars)
        let radius = starWidth * 0.01
        // HStack(spacing: 0) { Rectangle().fill(.yellow).frame(width: ratingWidth); Rectangle().fill(.clear) }
        fillView(Rectangle(), frame: CGRect(x: frame.minX, y: frame.minY, width: ratingWidth, height: size.height),
                 with: .yellow)
        // HStack(spacing: 0) { ForEach(1...stars) { StarShape(...).fill(...).frame(width: starWidth, height: h) } }
        for k in 0..<stars {
            fillView(StarShape(points: 5, cornerRadius: radius, isCutout: true),
                     frame: CGRect(x: frame.minX + CGFloat(k) * starWidth, y: frame.minY,
                                   width: starWidth, height: size.height),
                     with: Color.gray, style: FillStyle(eoFill: true, antialiased: true))
        }
    }
}

@Suite struct PortsStarRating {
    @Test func star_rating() throws {
        let background = Color(red: 214/255, green: 232/255, blue: 248/255)
        let scene = Ports.scene(270, 280, background: background) { ctx in
            ctx.starRatingView(value: 2.5, stars: 5, frame: CGRect(x: 10, y: 10, width: 250, height: 50))
            ctx.starRatingView(value: 6.3, stars: 10, frame: CGRect(x: 10, y: 100, width: 250, height: 30))
            ctx.starRatingView(value: 2.4, stars: 3, frame: CGRect(x: 10, y: 170, width: 250, height: 100))
        }
        try Ports.check(scene, "star_rating")
    }
}
