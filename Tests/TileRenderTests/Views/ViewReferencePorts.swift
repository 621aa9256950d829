import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// A reference scene: `content` on an opaque white canvas, its frame's top-left at the canvas origin.
private func renderScene<V: View>(width: CGFloat, height: CGFloat, @ViewBuilder _ content: () -> V) throws -> Bitmap {
    let canvas = ZStack(alignment: .topLeading) { Color.white; content() }
    return try renderView(canvas, width: width, height: height)
}

private struct PortFixedTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: 50, y: 0)); p.addLine(to: CGPoint(x: 100, y: 100))
            p.addLine(to: CGPoint(x: 0, y: 100)); p.closeSubpath()
        }
    }
}

private struct PortTriangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { p in
            p.move(to: CGPoint(x: rect.midX, y: rect.minY)); p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY)); p.closeSubpath()
        }
    }
}

/// MANIFEST snippets written as views, nearly verbatim, against the reference renders.
@Suite struct ViewsReferencePorts {
    @Test func strokeVsStrokeBorder() throws {
        let bitmap = try renderScene(width: 280, height: 160) {
            HStack(spacing: 0) {
                Circle()
                    .stroke(.blue, lineWidth: 20)
                    .frame(width: 120, height: 120)
                    .background(.yellow.opacity(0.4))
                Circle()
                    .strokeBorder(.blue, lineWidth: 20)
                    .frame(width: 120, height: 120)
                    .background(.yellow.opacity(0.4))
            }
            .offset(x: 20, y: 20)
        }
        try expectMatchesReference(bitmap, scene: "stroke_vs_strokeborder")
    }

    @Test func trimQuarter() throws {
        let bitmap = try renderScene(width: 300, height: 140) {
            HStack(spacing: 40) {
                Circle()
                    .trim(from: 0, to: 0.25)
                    .stroke(.blue, style: StrokeStyle(lineWidth: 12, lineCap: .round))
                    .frame(width: 120, height: 120)
                Circle()
                    .trim(from: 0, to: 0.25)
                    .stroke(.blue, style: StrokeStyle(lineWidth: 12, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                    .frame(width: 120, height: 120)
            }
            .offset(x: 10, y: 10)
        }
        try expectMatchesReference(bitmap, scene: "trim_quarter")
    }

    @Test func fillThenStroke() throws {
        let bitmap = try renderScene(width: 160, height: 160) {
            Circle()
                .fill(.yellow)
                .stroke(.orange, lineWidth: 8)
                .frame(width: 140, height: 140)
                .offset(x: 10, y: 10)
        }
        try expectMatchesReference(bitmap, scene: "fill_then_stroke")
    }

    @Test func trianglesFixedVsRect() throws {
        let bitmap = try renderScene(width: 240, height: 430) {
            VStack(spacing: 30) {
                PortFixedTriangle()
                    .fill(.green).frame(width: 240, height: 200).border(.gray)
                PortTriangle()
                    .fill(.green).frame(width: 240, height: 200).border(.gray)
            }
        }
        try expectMatchesReference(bitmap, scene: "triangles_fixed_vs_rect")
    }

    @Test func builtinShapes() throws {
        let bitmap = try renderScene(width: 400, height: 240) {
            Circle().fill(.orange).frame(width: 100, height: 100).offset(x: 10, y: 10)
            Capsule(style: .circular).fill(.teal).frame(width: 160, height: 60).offset(x: 120, y: 30)
            RoundedRectangle(cornerRadius: 16, style: .circular).fill(.indigo).frame(width: 100, height: 100).offset(x: 290, y: 10)
            Circle().stroke(.blue, lineWidth: 4).frame(width: 100, height: 100).offset(x: 10, y: 130)
            Circle().frame(width: 80, height: 80).offset(x: 140, y: 140)
            Circle().frame(width: 80, height: 80).foregroundStyle(.pink).offset(x: 240, y: 140)
        }
        try expectMatchesReference(bitmap, scene: "builtin_shapes")
    }

    @Test func clipShapeRounded() throws {
        let bitmap = try renderScene(width: 280, height: 200) {
            ZStack {
                Color.teal
                Circle().fill(.orange).frame(width: 200, height: 200).offset(x: 80, y: 60)
            }
            .frame(width: 240, height: 160)
            .clipShape(.rect(cornerRadius: 28, style: .circular))
            .offset(x: 20, y: 20)
        }
        try expectMatchesReference(bitmap, scene: "clipshape_rounded")
    }
}
