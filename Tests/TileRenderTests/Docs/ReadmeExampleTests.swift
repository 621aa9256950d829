import Foundation
import Testing
import TileRender

/// The README's example, verbatim apart from the output path: it must keep compiling and drawing.
@Test func readmeExampleRenders() throws {
    var scene = Scene(size: CGSize(width: 300, height: 200))
    scene.draw { context in
        var heart = Path()
        heart.move(to: CGPoint(x: 150, y: 50))
        heart.addCurve(to: CGPoint(x: 150, y: 200), control1: CGPoint(x: 50, y: 0), control2: CGPoint(x: 50, y: 120))
        heart.addCurve(to: CGPoint(x: 150, y: 50), control1: CGPoint(x: 250, y: 120), control2: CGPoint(x: 250, y: 0))
        context.fill(heart, with: .color(.red))
        context.stroke(heart, with: .color(.black), style: StrokeStyle(lineWidth: 3, lineJoin: .round, dash: [8, 4]))
        context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 40)),
                     with: .linearGradient(Gradient(colors: [.blue, .purple]),
                                           startPoint: CGPoint(x: 10, y: 10), endPoint: CGPoint(x: 70, y: 50)))
    }
    let bitmap = try Renderer(backend: .cpu).render(scene)     // premultiplied RGBA8
    let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("readme-heart-\(getpid()).png")
    try bitmap.writePNG(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(bitmap.pixel(x: 150, y: 120) == Bitmap.Pixel(r: 255, g: 59, b: 48, a: 255))   // inside the heart
    #expect(bitmap.pixel(x: 40, y: 30).a == 255)                                          // the ellipse
    #expect(bitmap.pixel(x: 290, y: 190).a == 0)                                          // transparent corner
}

/// The README's view example, verbatim.
@Test func readmeViewExampleRenders() throws {
    let renderer = ImageRenderer(content:
        HStack(spacing: 20) {
            Circle().stroke(.blue, lineWidth: 20).frame(width: 120, height: 120)
            Circle().strokeBorder(.blue, lineWidth: 20).frame(width: 120, height: 120)
        }
        .offset(x: 20, y: 20))
    renderer.proposedSize = ProposedViewSize(CGSize(width: 300, height: 160))
    let image = try renderer.render()
    #expect(image.width == 300 && image.height == 160)
    #expect(image.pixel(x: 80, y: 80).a == 0)          // inside the first ring
    #expect(image.pixel(x: 20 + 120, y: 80).a == 255)  // the first ring's stroke spills past its frame
}

/// The README's text example, verbatim apart from the scene and the gate number it uses.
@Test func readmeTextExampleRenders() throws {
    let gate = 7
    var scene = Scene(size: CGSize(width: 300, height: 150))
    let title = Text("Boarding pass").font(.title).bold() + Text("  \(gate, specifier: "%02d")").foregroundColor(.gray)
    scene.draw { context in
        context.draw(title, at: CGPoint(x: 150, y: 40))                         // centred on the point
        context.draw(Text("Wraps to the width").font(.body), in: CGRect(x: 10, y: 60, width: 120, height: 80))
    }
    let label = ImageRenderer(content: VStack { Text("42 km").font(.largeTitle); Text("today").textCase(.uppercase) })
    #expect(title.string == "Boarding pass  07")
    let bitmap = try Renderer(backend: .cpu).render(scene)
    // The title's ink is centred on x = 150 around y = 40; the wrapped text takes two lines below 60.
    var inkRows = Set<Int>()
    for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).a > 128 { inkRows.insert(y) } }
    #expect(inkRows.contains(40) && inkRows.contains(70) && inkRows.contains(92), "\(inkRows.sorted())")
    let image = try label.render()
    // "42 km" at 34 pt (41.2 high) over "TODAY" at 17 (20.6): two texts in a column touch (ViewSpacing).
    #expect(abs(Double(image.height) - (41.17 + 20.58).rounded(.up)) <= 1, "\(image.width)x\(image.height)")
}
