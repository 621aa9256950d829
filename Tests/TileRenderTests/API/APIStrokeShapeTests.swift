import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

@Suite struct APIStrokeShapeTests {
    @Test func strokedShapeIsTheStrokedPath() {
        let rect = CGRect(x: 0, y: 0, width: 80, height: 40)
        let style = StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .bevel, dash: [4, 2])
        #expect(Circle().stroke(style: style).path(in: rect) == Circle().path(in: rect).strokedPath(style))
        #expect(Rectangle().stroke(lineWidth: 3).path(in: rect)
                == Rectangle().path(in: rect).strokedPath(StrokeStyle(lineWidth: 3)))
        #expect(Rectangle().stroke().style == StrokeStyle(lineWidth: 1))
        #expect(Circle().trim(from: 0, to: 0.5).stroke(style: style).style == style)
    }

    private func strokes(_ draw: (inout GraphicsContext) -> Void) -> [StrokeCommand] {
        var scene = Scene(size: CGSize(width: 200, height: 200))
        scene.draw { ctx in draw(&ctx) }
        return scene.commands.compactMap { if case .stroke(let s) = $0 { return s } else { return nil } }
    }

    @Test func contextStrokesShapeInFrame() {
        let frame = CGRect(x: 20, y: 20, width: 120, height: 120)
        let style = StrokeStyle(lineWidth: 12, lineCap: .round)
        let s = strokes { ctx in
            ctx.stroke(Circle().trim(from: 0, to: 0.25), in: frame, with: .blue, style: style)
            ctx.stroke(Rectangle(), in: frame,
                       with: .linearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing),
                       lineWidth: 4)
        }
        #expect(s.count == 2)
        #expect(s[0].path == Circle().path(in: frame).trimmedPath(from: 0, to: 0.25))
        #expect(s[0].style == style)
        if case .color(let c) = s[0].shading.kind { #expect(c == .blue) } else { Issue.record("not a colour") }
        #expect(s[1].path == Path(frame))
        #expect(s[1].style == StrokeStyle(lineWidth: 4))
        if case .linearGradient(_, let a, let b) = s[1].shading.kind {
            #expect(a == CGPoint(x: 20, y: 80) && b == CGPoint(x: 140, y: 80))
        } else { Issue.record("not linear") }
    }

    @Test func strokeBorderInsetsByHalfTheWidth() {
        let frame = CGRect(x: 140, y: 20, width: 120, height: 120)
        let s = strokes { ctx in
            ctx.strokeBorder(Circle(), in: frame, with: .blue, lineWidth: 20)
            ctx.strokeBorder(RoundedRectangle(cornerRadius: 16, style: .circular), in: frame,
                             with: .radialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 60),
                             style: StrokeStyle(lineWidth: 8, dash: [3, 3]))
        }
        #expect(s.count == 2)
        // r = 60 - 10 = 50 around the frame's centre (200, 80).
        #expect(s[0].path == Circle().inset(by: 10).path(in: frame))
        #expect(near(s[0].path.boundingRect, CGRect(x: 150, y: 30, width: 100, height: 100), 1e-9))
        #expect(s[0].style.lineWidth == 20)
        #expect(s[1].path == RoundedRectangle(cornerRadius: 16, style: .circular).inset(by: 4).path(in: frame))
        #expect(s[1].style.dash == [3, 3])
        // The style is resolved against the frame, not the inset rect.
        if case .radialGradient(_, let c, _, let r) = s[1].shading.kind {
            #expect(c == CGPoint(x: 200, y: 80) && r == 60)
        } else { Issue.record("not radial") }
    }
}
