import Testing
import Foundation
import TileRender  // public API only: these spellings come from SwiftUI code

/// Spellings taken from SwiftUI snippets must compile against TileRender's public API unchanged.
@Suite struct APISourceCompatTests {
    func takesStyle<S: ShapeStyle>(_ s: S) -> S { s }

    @Test func snippetSpellingsCompile() {
        let a = Color.red, b: Color = .blue
        _ = takesStyle(.orange)
        _ = takesStyle(.yellow.opacity(0.4))
        _ = takesStyle(Color(red: 79.0 / 255, green: 79.0 / 255, blue: 191.0 / 255))
        _ = takesStyle(LinearGradient(gradient: .init(colors: [Color.green, Color.blue]),
                                      startPoint: .bottomLeading, endPoint: .topTrailing))
        _ = takesStyle(.linearGradient(Gradient(colors: [a, b]), startPoint: UnitPoint(x: 0.5, y: 0),
                                       endPoint: UnitPoint(x: 0.5, y: 0.6)))
        _ = takesStyle(.radialGradient(colors: [.white, .black], center: .center, startRadius: 10, endRadius: 50))
        _ = takesStyle(RadialGradient(gradient: Gradient(colors: [.yellow, .orange]), center: .center,
                                      startRadius: 0, endRadius: 80))
        _ = takesStyle(AngularGradient(gradient: Gradient(colors: [.red, .yellow, .green, .blue, .purple, .red]),
                                       center: .center))
        // With only gradient and center, the full-turn `angle:` form is chosen (SwiftUI's meaning).
        let full = AngularGradient(gradient: Gradient(colors: [.red, .blue]), center: .center)
        #expect(full.startAngle == .zero && full.endAngle == .degrees(360))
        _ = takesStyle(AngularGradient(colors: [.red, .blue], center: .topLeading, startAngle: .degrees(0),
                                       endAngle: .degrees(180)))
        _ = takesStyle(.conicGradient(colors: [.red, .blue], center: .center))
        _ = Color(hue: 0.6, saturation: 0.8, brightness: 0.9)
        _ = Color(.sRGB, red: 0.1, green: 0.2, blue: 0.3, opacity: 1)
        _ = Color(white: 0.5)

        let shapes: [any Shape] = [
            Rectangle(), RoundedRectangle(cornerRadius: 5.0, style: .circular),
            RoundedRectangle(cornerSize: CGSize(width: 10, height: 5)), Circle(), Ellipse(),
            Capsule(style: .circular), Circle().inset(by: 30), Rectangle().rotation(.degrees(10)),
            Circle().scale(0.5, anchor: .top), Ellipse().offset(x: 3), Path { $0.move(to: .zero) }
                .transform(CGAffineTransform(rotationAngle: .pi)),
        ]
        // Each spelling builds a shape that describes an outline (the last one a lone move).
        let frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        #expect(shapes.allSatisfy { !$0.path(in: frame).isEmpty })
        #expect(shapes.dropLast().allSatisfy { let box = $0.path(in: frame).boundingRect; return box.width > 0 && box.height > 0 })

        let p = Path { path in
            path.move(to: CGPoint(x: 0, y: 0))
            path.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: .degrees(270),
                        endAngle: .degrees(90), clockwise: true)
            path.addArc(tangent1End: CGPoint(x: 100, y: 100), tangent2End: CGPoint(x: 0, y: 100), radius: 5)
            path.addRelativeArc(center: .zero, radius: 3, startAngle: .zero, delta: .degrees(90))
            path.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
            path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 20, height: 10), cornerSize: CGSize(width: 3, height: 3))
            path.closeSubpath()
        }
        #expect(!p.isEmpty)
        _ = p.contains(CGPoint(x: 5, y: 5), eoFill: true)
        _ = p.boundingRect
        _ = Path(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 2, style: .circular)
        _ = Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

@Test func primaryWorksWhereAShapeStyleIsExpected() throws {
    // As in SwiftUI, the leading-dot `.primary` of a ShapeStyle is the hierarchical style (black in a
    // bare GraphicsContext's light appearance), and `Color.primary` a colour: black in the light
    // appearance, white in the dark one.
    func resolve(_ s: some ShapeStyle) -> GraphicsContext.Shading { s.resolvedShading(in: .zero) }
    #expect(resolve(.primary) == .color(.primary))
    #expect(Color.primary.lightColor == Color.black && Color.primary.resolved(darkAppearance: true) == Color.white)
}
