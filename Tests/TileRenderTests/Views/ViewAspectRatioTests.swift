import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct ViewsAspectRatioTests {
    @Test func fitAndFill() throws {
        let fit = try renderView(Color.black.aspectRatio(2, contentMode: .fit).frame(width: 100, height: 100), width: 100, height: 100)
        #expect(fit.pixel(x: 50, y: 30).a == 255 && fit.pixel(x: 50, y: 20).a == 0)   // 100 x 50, centred
        let tall = try renderView(Color.black.aspectRatio(0.5, contentMode: .fit).frame(width: 100, height: 100),
                                  width: 100, height: 100)
        #expect(tall.pixel(x: 30, y: 50).a == 255 && tall.pixel(x: 20, y: 50).a == 0)  // 50 x 100, centred
        // .fill covers the frame: 200 x 100, centred on the 100 x 100 frame (and spilling out of it).
        let fill = try renderView(Color.black.aspectRatio(2, contentMode: .fill).frame(width: 60, height: 60)
                                    .offset(x: 20, y: 20), width: 100, height: 100)
        #expect(fill.pixel(x: 0, y: 50).a == 255 && fill.pixel(x: 99, y: 50).a == 255)
        #expect(fill.pixel(x: 50, y: 10).a == 0)
    }

    /// badge_background's snippet, nearly verbatim (GeometryReader, Path, gradient, aspectRatio).
    @Test func badgeBackground() throws {
        struct HexagonParameters {
            struct Segment { let line: CGPoint; let curve: CGPoint; let control: CGPoint }
            static let adjustment: CGFloat = 0.085
            static let segments = [
                Segment(line: CGPoint(x: 0.60, y: 0.05), curve: CGPoint(x: 0.40, y: 0.05), control: CGPoint(x: 0.50, y: 0.00)),
                Segment(line: CGPoint(x: 0.05, y: 0.20 + adjustment), curve: CGPoint(x: 0.00, y: 0.30 + adjustment),
                        control: CGPoint(x: 0.00, y: 0.25 + adjustment)),
                Segment(line: CGPoint(x: 0.00, y: 0.70 - adjustment), curve: CGPoint(x: 0.05, y: 0.80 - adjustment),
                        control: CGPoint(x: 0.00, y: 0.75 - adjustment)),
                Segment(line: CGPoint(x: 0.40, y: 0.95), curve: CGPoint(x: 0.60, y: 0.95), control: CGPoint(x: 0.50, y: 1.00)),
                Segment(line: CGPoint(x: 0.95, y: 0.80 - adjustment), curve: CGPoint(x: 1.00, y: 0.70 - adjustment),
                        control: CGPoint(x: 1.00, y: 0.75 - adjustment)),
                Segment(line: CGPoint(x: 1.00, y: 0.30 + adjustment), curve: CGPoint(x: 0.95, y: 0.20 + adjustment),
                        control: CGPoint(x: 1.00, y: 0.25 + adjustment)),
            ]
        }
        let gradientStart = Color(red: 239.0 / 255, green: 120.0 / 255, blue: 221.0 / 255)
        let gradientEnd = Color(red: 239.0 / 255, green: 172.0 / 255, blue: 120.0 / 255)
        let badge = GeometryReader { geometry in
            Path { path in
                var width: CGFloat = min(geometry.size.width, geometry.size.height)
                let height = width
                let xScale: CGFloat = 0.832
                let xOffset = (width * (1.0 - xScale)) / 2.0
                width *= xScale
                path.move(to: CGPoint(x: width * 0.95 + xOffset, y: height * (0.20 + HexagonParameters.adjustment)))
                HexagonParameters.segments.forEach { segment in
                    path.addLine(to: CGPoint(x: width * segment.line.x + xOffset, y: height * segment.line.y))
                    path.addQuadCurve(to: CGPoint(x: width * segment.curve.x + xOffset, y: height * segment.curve.y),
                                      control: CGPoint(x: width * segment.control.x + xOffset, y: height * segment.control.y))
                }
            }
            .fill(.linearGradient(Gradient(colors: [gradientStart, gradientEnd]),
                                  startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 0.6)))
        }
        .aspectRatio(1, contentMode: .fit)
        .frame(width: 300, height: 300)
        let bitmap = try renderView(ZStack(alignment: .topLeading) { Color.white; badge }, width: 300, height: 300)
        try expectMatchesReference(bitmap, scene: "badge_background")
    }
}
