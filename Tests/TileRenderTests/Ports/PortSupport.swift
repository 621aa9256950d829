import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

/// Helpers for the seed ports: there is no view layer yet, so each view is placed by hand.
///
/// A SwiftUI shape view calls `path(in:)` with its own bounds, `CGRect(origin: .zero, size: frame.size)`,
/// and the view is then moved to its frame. `fillView` does exactly that: translate to the frame origin,
/// lay the shape out in local bounds, resolve the style (gradient unit points) against those bounds.
extension GraphicsContext {
    func fillView<S: Shape>(_ shape: S, frame: CGRect, with style: some ShapeStyle,
                            style fillStyle: FillStyle = FillStyle()) {
        var c = self
        c.translateBy(x: frame.minX, y: frame.minY)
        c.fill(shape, in: CGRect(origin: .zero, size: frame.size), with: style, style: fillStyle)
    }

    /// A shape view stroked with `.stroke(style, style: strokeStyle)` in `frame`: laid out in local bounds,
    /// stroke centred on the outline (half of it spills out of the frame).
    func strokeView<S: Shape>(_ shape: S, frame: CGRect, with style: some ShapeStyle, style strokeStyle: StrokeStyle) {
        var c = self
        c.translateBy(x: frame.minX, y: frame.minY)
        c.stroke(shape, in: CGRect(origin: .zero, size: frame.size), with: style, style: strokeStyle)
    }

    /// `.stroke(style, lineWidth:)` on a shape view in `frame`.
    func strokeView<S: Shape>(_ shape: S, frame: CGRect, with style: some ShapeStyle, lineWidth: CGFloat = 1) {
        strokeView(shape, frame: frame, with: style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// `.strokeBorder(style, style: strokeStyle)` on a shape view in `frame`: inset by half the line
    /// width, then stroked, so the stroke stays inside the frame.
    func strokeBorderView<S: InsettableShape>(_ shape: S, frame: CGRect, with style: some ShapeStyle,
                                              style strokeStyle: StrokeStyle) {
        var c = self
        c.translateBy(x: frame.minX, y: frame.minY)
        c.strokeBorder(shape, in: CGRect(origin: .zero, size: frame.size), with: style, style: strokeStyle)
    }

    /// `.strokeBorder(style, lineWidth:)` on a shape view in `frame`.
    func strokeBorderView<S: InsettableShape>(_ shape: S, frame: CGRect, with style: some ShapeStyle,
                                              lineWidth: CGFloat = 1) {
        strokeBorderView(shape, frame: frame, with: style, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// A `Canvas { context, size in ... }` placed with its top-left corner at `origin`.
    func canvas(at origin: CGPoint, _ body: (inout GraphicsContext) -> Void) {
        var c = self
        c.translateBy(x: origin.x, y: origin.y)
        body(&c)
    }

    /// `.border(color)`: a 1 pt strokeBorder of the frame. Strokes are not implemented yet, so the border
    /// is filled as its outline, the frame minus the frame inset by 1 (even-odd), which is also how the
    /// reference SVGs write thin strokes.
    func fillBorder(of frame: CGRect, color: Color, width: CGFloat = 1) {
        var p = Path(frame)
        p.addRect(frame.insetBy(dx: width, dy: width))
        fill(p, with: .color(color), style: FillStyle(eoFill: true))
    }
}

enum Ports {
    /// A scene of `size` on an opaque background (white unless given), drawn by `body`.
    static func scene(_ width: CGFloat, _ height: CGFloat, background: Color = .white,
                      _ body: (inout GraphicsContext) -> Void) -> Scene {
        let size = CGSize(width: width, height: height)
        var scene = Scene(size: size)
        scene.draw { ctx in
            ctx.fill(Path(CGRect(origin: .zero, size: size)), with: .color(background))
            body(&ctx)
        }
        return scene
    }

    static func render(_ scene: Scene) throws -> Bitmap {
        try Renderer(backend: .cpu).render(scene)
    }

    /// Renders and compares with the reference scene `name`; with PORTS_OUT set, also writes the render there.
    static func check(_ scene: Scene, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bitmap = try render(scene)
        if let dir = ProcessInfo.processInfo.environment["PORTS_OUT"] {
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try? bitmap.writePNG(to: URL(fileURLWithPath: dir).appendingPathComponent(name + ".png"))
        }
        try expectMatchesReference(bitmap, scene: name, sourceLocation: sourceLocation)
    }
}
