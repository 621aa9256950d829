import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif

// The seed drawings that need clips (seeds 003 and 004): the card backs with clipped border overlays,
// the clipped circle stroke and the rounded clipShape. There is no view layer yet, so `.clipShape(s)` /
// `.clipped()` / `.cornerRadius(r)` become `var c = ctx; c.clip(to: s.path(in: frame))` around the
// view's drawing, and `.rotationEffect` rotates everything the view draws (clips included) about the
// frame centre.

extension GraphicsContext {
    /// `.rotationEffect(angle)` of a view laid out in `frame`: rotates about the frame centre.
    fileprivate mutating func rotate(by angle: Angle, about frame: CGRect) {
        translateBy(x: frame.midX, y: frame.midY)
        rotate(by: angle)
        translateBy(x: -frame.midX, y: -frame.midY)
    }

    /// `.clipShape(RoundedRectangle(cornerRadius: r, style: .circular))` of a view in `frame`.
    fileprivate mutating func clip(roundedRect frame: CGRect, cornerRadius r: CGFloat) {
        clip(to: RoundedRectangle(cornerRadius: r, style: .circular).path(in: frame))
    }
}

/// The card back shared by CardView3, SingleShapeView and CardCanvasView: `content` draws the card's
/// face (background and diamonds), then the three clipped border overlays.
private func drawCardBack(_ ctx: GraphicsContext, frame: CGRect, cream: Color, border: Color,
                          borderWidth: CGFloat, borderPadding: CGFloat,
                          content: (GraphicsContext) -> Void) {
    // The face, clipped by .clipShape(RoundedRectangle(cornerRadius: 30, style: .circular)).
    do {
        var c = ctx
        c.clip(roundedRect: frame, cornerRadius: 30)
        content(c)
    }
    // .overlay(RoundedRectangle(cornerRadius: 40).stroke(cream, lineWidth: 50).clipShape(RoundedRectangle(cornerRadius: 30)))
    do {
        var c = ctx
        c.clip(roundedRect: frame, cornerRadius: 30)
        c.strokeView(RoundedRectangle(cornerRadius: 40, style: .circular), frame: frame, with: cream, lineWidth: 50)
    }
    // .overlay(RoundedRectangle(cornerRadius: 20).stroke(border, lineWidth: w).clipShape(RoundedRectangle(cornerRadius: 15)).padding(p))
    do {
        let inner = frame.insetBy(dx: borderPadding, dy: borderPadding)
        var c = ctx
        c.clip(roundedRect: inner, cornerRadius: 15)
        c.strokeView(RoundedRectangle(cornerRadius: 20, style: .circular), frame: inner, with: border, lineWidth: borderWidth)
    }
    // .overlay(RoundedRectangle(cornerRadius: 30).stroke(.black, lineWidth: 2).clipShape(RoundedRectangle(cornerRadius: 30)))
    do {
        var c = ctx
        c.clip(roundedRect: frame, cornerRadius: 30)
        c.strokeView(RoundedRectangle(cornerRadius: 30, style: .circular), frame: frame, with: Color.black, lineWidth: 2)
    }
}

/// DiamondCardView(rows:cols:) laid out in `rect`: cell = (w/cols, h/rows); odd rows hold cols-1
/// diamonds, centred (VStack alignment).
private func drawDiamondCard(_ context: GraphicsContext, in r: CGRect, rows: Int, cols: Int, color: Color) {
    for i in 0..<rows {
        let n = i % 2 == 0 ? cols : cols - 1
        for j in 0..<n {
            let x = r.minX + (r.width - CGFloat(n) * r.width / CGFloat(cols)) / 2 + CGFloat(j) * r.width / CGFloat(cols)
            context.fill(DiamondShape().path(in: CGRect(x: x, y: r.minY + CGFloat(i) * r.height / CGFloat(rows),
                                                        width: r.width / CGFloat(cols), height: r.height / CGFloat(rows))),
                         with: .color(color))
        }
    }
}

@Suite struct PortsClip {
    @Test func card_back_borders() throws {
        // CardView3 at .offset(x: 10, y: 10) on a 320x520 white canvas.
        let frame = CGRect(x: 10, y: 10, width: 300, height: 500)
        let scene = Ports.scene(320, 520) { ctx in
            drawCardBack(ctx, frame: frame,
                         cream: Color(red: 0.9301124811, green: 0.940382421, blue: 0.766456604),
                         border: Color(red: 0.9254902005, green: 0.2352941185, blue: 0.1019607857),
                         borderWidth: 20, borderPadding: 25) { c in
                c.fill(Path(frame), with: .color(Color(red: 0.06274510175, green: 0, blue: 0.1921568662)))
                drawDiamondCard(c, in: frame.insetBy(dx: 40, dy: 40), rows: 21, cols: 7, color: .red)
            }
        }
        try Ports.check(scene, "card_back_borders")
    }

    @Test func card_shape_rotated() throws {
        // SingleShapeView: a 250x430 card at .position(x: 170, y: 245), .rotationEffect(.degrees(10)).
        let frame = CGRect(x: 170 - 125, y: 245 - 215, width: 250, height: 430)
        let salmon = Color(red: 250 / 255, green: 100 / 255, blue: 90 / 255)
        let scene = Ports.scene(340, 490, background: Color(red: 214 / 255, green: 232 / 255, blue: 248 / 255)) { ctx in
            var c = ctx
            c.rotate(by: .degrees(10), about: frame)
            drawCardBack(c, frame: frame, cream: Color(red: 0.93, green: 0.94, blue: 0.77), border: salmon,
                         borderWidth: 20, borderPadding: 25) { c in
                c.fill(Path(frame), with: .color(Color(red: 30 / 255, green: 40 / 255, blue: 60 / 255)))
                drawDiamondCard(c, in: frame.insetBy(dx: 40, dy: 40), rows: 21, cols: 7, color: salmon)
            }
        }
        try Ports.check(scene, "card_shape_rotated")
    }

    @Test func card_canvas() throws {
        // CardCanvasView at .offset(x: 10, y: 10): a 300x200 card, the Canvas in its padding(30).
        let frame = CGRect(x: 10, y: 10, width: 300, height: 200)
        let salmon = Color(red: 250 / 255, green: 100 / 255, blue: 90 / 255)
        let scene = Ports.scene(320, 220, background: Color(red: 214 / 255, green: 232 / 255, blue: 248 / 255)) { ctx in
            drawCardBack(ctx, frame: frame, cream: Color(red: 0.93, green: 0.94, blue: 0.77), border: salmon,
                         borderWidth: 10, borderPadding: 20) { c in
                c.fill(Path(frame), with: .color(Color(red: 30 / 255, green: 40 / 255, blue: 60 / 255)))
                c.canvas(at: CGPoint(x: frame.minX + 30, y: frame.minY + 30)) { context in
                    let size = CGSize(width: 240, height: 140)
                    for r in 0..<7 {
                        for c in 0..<21 {
                            context.fill(DiamondShape().path(in: CGRect(x: size.width / 21 * CGFloat(c), y: size.height / 7 * CGFloat(r),
                                                                        width: size.width / 21, height: size.height / 7)),
                                         with: .color(Color(red: 250 / 255, green: 100 / 255, blue: 90 / 255)))
                        }
                    }
                }
            }
        }
        try Ports.check(scene, "card_canvas")
    }

    @Test func circle_stroke_clipped() throws {
        let scene = Ports.scene(330, 150) { ctx in
            // Left ZStack (0,0,150,150): a 120x120 circle centred, stroked 3 pt.
            ctx.strokeView(Circle(), frame: CGRect(x: 15, y: 15, width: 120, height: 120), with: Color.green, lineWidth: 3.0)
            // Right ZStack at x = 180: a 150x150 circle stroked 60 pt, .clipped() to its frame.
            let right = CGRect(x: 180, y: 0, width: 150, height: 150)
            var c = ctx
            c.clip(to: Path(right))
            c.strokeView(Circle(), frame: right, with: Color.green, lineWidth: 60.0)
        }
        try Ports.check(scene, "circle_stroke_clipped")
    }

    @Test func clipshape_rounded() throws {
        // A 240x160 ZStack at .offset(x: 20, y: 20), .clipShape(.rect(cornerRadius: 28, style: .circular)).
        let frame = CGRect(x: 20, y: 20, width: 240, height: 160)
        let scene = Ports.scene(280, 200) { ctx in
            var c = ctx
            c.clip(to: RoundedRectangle(cornerRadius: 28, style: .circular).path(in: frame))
            c.fill(Path(frame), with: .color(.teal))
            // Circle().frame(width: 200, height: 200), centred in the ZStack, then .offset(x: 80, y: 60).
            c.fillView(Circle(), frame: CGRect(x: frame.midX - 100 + 80, y: frame.midY - 100 + 60, width: 200, height: 200),
                       with: Color.orange)
        }
        try Ports.check(scene, "clipshape_rounded")
    }
}
