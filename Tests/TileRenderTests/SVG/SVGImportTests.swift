import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

// MARK: - Helpers

private func svg(_ body: String, attributes: String = #"width="100" height="100""#) -> String {
    #"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)>"# + "\n" + body + "\n</svg>"
}

private func parse(_ text: String) throws -> SVGDocument {
    try SVGDocument.parse(data: Data(text.utf8))
}

private func fills(_ doc: SVGDocument, size: CGSize? = nil) -> [FillCommand] {
    doc.makeScene(size: size).commands.compactMap { command in
        if case .fill(let f) = command { return f }
        return nil
    }
}

private func strokes(_ doc: SVGDocument, size: CGSize? = nil) -> [StrokeCommand] {
    doc.makeScene(size: size).commands.compactMap { command in
        if case .stroke(let s) = command { return s }
        return nil
    }
}

private func strokes(_ body: String) throws -> [StrokeCommand] {
    strokes(try parse(svg(body)))
}

private func fills(_ body: String) throws -> [FillCommand] {
    fills(try parse(svg(body)))
}

private func color(_ f: FillCommand) -> Color? {
    if case .color(let c) = f.shading.kind { return c }
    return nil
}

private func pathData(_ d: String) -> SVGPathData.Result { SVGPathData.parse(d) }

private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

private func close(_ a: CGPoint, _ b: CGPoint, _ eps: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= eps && abs(a.y - b.y) <= eps
}

private func close(_ a: Color, _ b: Color, _ eps: Double = 1e-9) -> Bool {
    abs(a.red - b.red) <= eps && abs(a.green - b.green) <= eps && abs(a.blue - b.blue) <= eps
        && abs(a.opacity - b.opacity) <= eps
}

private func close(_ a: CGAffineTransform, _ b: CGAffineTransform, _ eps: Double = 1e-9) -> Bool {
    abs(a.a - b.a) <= eps && abs(a.b - b.b) <= eps && abs(a.c - b.c) <= eps && abs(a.d - b.d) <= eps
        && abs(a.tx - b.tx) <= eps && abs(a.ty - b.ty) <= eps
}

private func allFinite(_ path: Path) -> Bool {
    var ok = true
    path.forEach { e in
        switch e {
        case .move(let p), .line(let p): ok = ok && p.x.isFinite && p.y.isFinite
        case .quadCurve(let p, let c): ok = ok && p.x.isFinite && p.y.isFinite && c.x.isFinite && c.y.isFinite
        case .curve(let p, let c1, let c2):
            ok = ok && [p, c1, c2].allSatisfy { $0.x.isFinite && $0.y.isFinite }
        case .closeSubpath: break
        }
    }
    return ok
}

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)

// MARK: - Path data

@Suite("SVG path data") struct SVGPathDataTests {
    @Test func absoluteLinesAndClose() {
        let r = pathData("M 10 20 L 30 40 H 50 V 60 Z")
        #expect(r.error == nil)
        #expect(r.path.elements == [.move(to: p(10, 20)), .line(to: p(30, 40)), .line(to: p(50, 40)),
                                     .line(to: p(50, 60)), .closeSubpath])
    }

    @Test func relativeLines() {
        let r = pathData("m 10 20 l 5 5 h 10 v -5 z")
        #expect(r.error == nil)
        #expect(r.path.elements == [.move(to: p(10, 20)), .line(to: p(15, 25)), .line(to: p(25, 25)),
                                     .line(to: p(25, 20)), .closeSubpath])
    }

    @Test func implicitRepeatsAndLinetoAfterMoveto() {
        #expect(pathData("M0 0 10 0 10 10").path.elements ==
                [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10))])
        #expect(pathData("m1 1 2 0 0 2").path.elements ==
                [.move(to: p(1, 1)), .line(to: p(3, 1)), .line(to: p(3, 3))])
        #expect(pathData("M0 0 L1 1 2 2 3 3").path.elements.count == 4)
        #expect(pathData("M0 0 h1 2 3").path.elements.last == .line(to: p(6, 0)))
    }

    @Test func subpathAfterCloseStartsAtSubpathStart() {
        let r = pathData("M10 10 L20 10 L20 20 Z l5 5")
        #expect(r.path.elements == [.move(to: p(10, 10)), .line(to: p(20, 10)), .line(to: p(20, 20)),
                                     .closeSubpath, .move(to: p(10, 10)), .line(to: p(15, 15))])
        // A relative moveto after Z is relative to the subpath start.
        #expect(pathData("M10 10 L20 10 z m5 5").path.elements.last == .move(to: p(15, 15)))
    }

    @Test func compactNumbers() {
        let r = pathData("M1.5.5-1-2L1e1 2E-1 .5+3")
        #expect(r.error == nil)
        #expect(r.path.elements == [.move(to: p(1.5, 0.5)), .line(to: p(-1, -2)), .line(to: p(10, 0.2)),
                                     .line(to: p(0.5, 3))])
        #expect(pathData("M0,0,L10,10").path.elements == [.move(to: p(0, 0)), .line(to: p(10, 10))])
    }

    @Test func cubicAndSmoothCubic() {
        let r = pathData("M0 0 C 10 0 20 10 20 20 S 30 40 40 40")
        #expect(r.error == nil)
        #expect(r.path.elements == [
            .move(to: p(0, 0)),
            .curve(to: p(20, 20), control1: p(10, 0), control2: p(20, 10)),
            .curve(to: p(40, 40), control1: p(20, 30), control2: p(30, 40)),
        ])
        // S without a preceding C uses the current point as first control.
        #expect(pathData("M5 5 S 10 10 20 20").path.elements.last ==
                .curve(to: p(20, 20), control1: p(5, 5), control2: p(10, 10)))
        // Relative forms.
        #expect(pathData("m10 10 c 1 2 3 4 5 6 s 1 1 2 2").path.elements == [
            .move(to: p(10, 10)),
            .curve(to: p(15, 16), control1: p(11, 12), control2: p(13, 14)),
            .curve(to: p(17, 18), control1: p(17, 18), control2: p(16, 17)),
        ])
    }

    @Test func quadraticAndSmoothQuadratic() {
        let r = pathData("M0 0 Q 10 0 10 10 T 10 30 t 0 10")
        #expect(r.error == nil)
        #expect(r.path.elements == [
            .move(to: p(0, 0)),
            .quadCurve(to: p(10, 10), control: p(10, 0)),
            .quadCurve(to: p(10, 30), control: p(10, 20)),
            .quadCurve(to: p(10, 40), control: p(10, 40)),
        ])
        #expect(pathData("m0 0 q 5 0 5 5").path.elements.last == .quadCurve(to: p(5, 5), control: p(5, 0)))
        // T after a non-quadratic command: control = current point.
        #expect(pathData("M0 0 L 5 5 T 10 10").path.elements.last == .quadCurve(to: p(10, 10), control: p(5, 5)))
    }

    @Test func arcFlagsWithoutSeparators() throws {
        let r = pathData("M0 0a1 1 0 00 1 1")
        #expect(r.error == nil)
        let last = try #require(r.path.elements.last.flatMap(endPoint))
        #expect(last == p(1, 1))
        let r2 = pathData("M0 0a1,1,0,1,1,2,0")
        #expect(r2.error == nil)
        #expect(r2.path.elements.last.flatMap(endPoint) == p(2, 0))
        let r3 = pathData("M0 0a1 1 0 1110 0")  // flags 1 1, then x=10 y=0
        #expect(r3.error == nil)
        #expect(r3.path.elements.last.flatMap(endPoint) == p(10, 0))
    }

    @Test func arcEndsExactlyOnEndPoint() {
        for d in ["M10 20 A 30 40 15 1 0 55.3 77.7", "M10 20 A 30 40 15 0 1 55.3 77.7",
                  "M10 20 a 3 4 33 1 1 12.345 -6.789", "M0 0 A 5 5 0 1 1 0.0001 0"] {
            let r = pathData(d)
            #expect(r.error == nil)
            let expected: CGPoint = d.contains("a 3") ? p(22.345, 13.211) : d.contains("0.0001") ? p(0.0001, 0) : p(55.3, 77.7)
            #expect(r.path.elements.last.flatMap(endPoint).map { close($0, expected, 1e-12) } == true, "\(d)")
        }
    }

    @Test func arcGeometryAndSweep() throws {
        // Semicircle from (0,0) to (20,0), sweep=1 runs with increasing angle: through (10,-10).
        let up = pathData("M0 0 A 10 10 0 0 1 20 0").path.elements
        #expect(up.count == 3)
        let mid = try #require(endPoint(up[1]))
        #expect(close(mid, p(10, -10), 1e-9))
        let down = pathData("M0 0 A 10 10 0 0 0 20 0").path.elements
        #expect(close(try #require(endPoint(down[1])), p(10, 10), 1e-9))
        // Radii too small are scaled up: the same semicircle.
        let scaled = pathData("M0 0 A 1 1 0 0 1 20 0").path.elements
        #expect(close(try #require(endPoint(scaled[1])), p(10, -10), 1e-9))
        // A quarter circle uses one cubic with the standard control distance.
        let q = pathData("M10 0 A 10 10 0 0 1 0 10").path.elements
        #expect(q.count == 2)
        if case .curve(let end, let c1, let c2) = q[1] {
            #expect(end == p(0, 10))
            #expect(close(c1, p(10, 10 * SVGGeometry.kappa), 1e-9))
            #expect(close(c2, p(10 * SVGGeometry.kappa, 10), 1e-9))
        } else {
            Issue.record("expected a cubic")
        }
        // Large arc: three quarters of a circle -> 3 cubics.
        let large = pathData("M10 0 A 10 10 0 1 1 0 -10").path.elements
        #expect(large.count == 4)
    }

    @Test func degenerateArcs() {
        // Zero radius: a straight line.
        #expect(pathData("M0 0 A 0 5 0 0 1 10 10").path.elements == [.move(to: p(0, 0)), .line(to: p(10, 10))])
        // Identical end points: omitted.
        #expect(pathData("M3 3 A 5 5 0 0 1 3 3").path.elements == [.move(to: p(3, 3))])
    }

    @Test func errorsKeepThePrefixAndNeverCrash() {
        let r = pathData("M 0 0 L 10 10 L 20")
        #expect(r.error != nil)
        #expect(r.path.elements == [.move(to: p(0, 0)), .line(to: p(10, 10))])
        #expect(pathData("L 10 10").error != nil)
        #expect(pathData("M 0 0 Z 5 5").error != nil)
        #expect(pathData("M 0 0 X 5 5").error != nil)
        for d in ["M NaN 0 L 1 1", "M 0 0 L Infinity 3", "M 1e999 0", "M0 0 L 1e308 1e308 A 1e308 1e308 0 1 1 -1e308 -1e308",
                  "M0 0 A 1e-320 1e-320 0 0 1 1e-300 0", "M0 0 A 1e300 1 0 0 1 1e300 1e300", "M-.e5", "M1e", "M 0 0 a"] {
            let r = pathData(d)
            #expect(allFinite(r.path), "\(d)")
        }
    }
}

// MARK: - Transforms

@Suite("SVG transforms") struct SVGTransformTests {
    private func map(_ t: String, _ x: Double, _ y: Double) -> CGPoint? {
        SVGTransformList.parse(t).map { CGPoint(x: x, y: y).applying($0) }
    }

    @Test func eachFunction() {
        #expect(map("translate(10)", 1, 1) == p(11, 1))
        #expect(map("translate(10, 20)", 1, 1) == p(11, 21))
        #expect(map("scale(2)", 3, 4) == p(6, 8))
        #expect(map("scale(2 3)", 3, 4) == p(6, 12))
        #expect(map("rotate(90)", 1, 0) == p(0, 1))
        #expect(map("rotate(90 10 10)", 20, 10) == p(10, 20))
        #expect(map("rotate(90 10 10)", 10, 10) == p(10, 10))
        #expect(close(map("rotate(30)", 1, 0)!, p(cos(.pi / 6), sin(.pi / 6))))
        #expect(close(map("skewX(45)", 0, 10)!, p(10, 10)))
        #expect(close(map("skewY(45)", 10, 0)!, p(10, 10)))
        #expect(map("matrix(1 2 3 4 5 6)", 1, 1) == p(9, 12))
    }

    @Test func listsApplyRightToLeft() {
        #expect(map("translate(10 0) scale(2)", 1, 1) == p(12, 2))
        #expect(map("scale(2),translate(10 0)", 1, 1) == p(22, 2))
        #expect(map("  translate(1,1)  ,  translate(2 , 2)rotate(0)  ", 0, 0) == p(3, 3))
        #expect(map("", 5, 5) == p(5, 5))
    }

    @Test func malformed() {
        #expect(SVGTransformList.parse("translate(1") == nil)
        #expect(SVGTransformList.parse("rotate(1 2)") == nil)
        #expect(SVGTransformList.parse("spin(3)") == nil)
        #expect(SVGTransformList.parse("scale(NaN)") == nil)
    }

    @Test func transformOnElementsAndGroups() throws {
        let f = try fills(#"<g transform="translate(10 20)"><rect width="5" height="5" transform="scale(2)"/></g>"#)
        #expect(f.count == 1)
        #expect(close(f[0].transform, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 20)))
    }
}

// MARK: - Colours and styles

@Suite("SVG colours and styles") struct SVGStyleTests {
    @Test func colourSyntaxes() {
        #expect(SVGColor.parse("#f00") == red)
        #expect(SVGColor.parse("#FF0000") == red)
        #expect(SVGColor.parse("rgb(255, 0, 0)") == red)
        #expect(SVGColor.parse("rgb(100%,0%,0%)") == red)
        #expect(SVGColor.parse("red") == red)
        #expect(SVGColor.parse("RED") == red)
        #expect(SVGColor.parse("blue") == blue)
        #expect(SVGColor.parse("cornflowerblue") == Color(rgb8: 100, 149, 237))
        #expect(SVGColor.parse("rgba(0, 0, 255, 0.5)") == blue.opacity(0.5))
        #expect(SVGColor.parse("#12345678")!.opacity == Double(0x78) / 255)
        #expect(close(SVGColor.parse("hsl(120, 100%, 25%)")!, Color(red: 0, green: 0.5, blue: 0)))
        #expect(SVGColor.parse("transparent") == .clear)
        #expect(SVGColor.parse("#12") == nil)
        #expect(SVGColor.parse("#aBc") == Color(rgb8: 0xAA, 0xBB, 0xCC))
        #expect(SVGColor.parse("#a1B2c3") == Color(rgb8: 0xA1, 0xB2, 0xC3))
        #expect(SVGColor.parse("#a1b2c380")!.opacity == Double(0x80) / 255)
        #expect(SVGColor.parse("#abcd")!.opacity == Double(0xDD) / 255)
        for bad in ["#", "#12345", "#1234567", "#123456789", "#12g", "#１２３", " #12 3"] {
            #expect(SVGColor.parse(bad) == nil, "\(bad)")
        }
        #expect(SVGColor.parse(" \t#F00\n\r\u{0C}") == red)
        #expect(SVGColor.parse("\u{A0}#F00") == nil, "SVG whitespace is ASCII: a no-break space is not trimmed")
        #expect(SVGColor.parse("notacolour") == nil)
        #expect(SVGColor.parse("rgb(1,2)") == nil)
        for name in ["black", "silver", "gray", "white", "maroon", "red", "purple", "fuchsia", "green", "lime",
                     "olive", "yellow", "navy", "blue", "teal", "aqua", "orange"] {
            #expect(SVGColor.parse(name) != nil, "\(name)")
        }
    }

    @Test func defaultFillIsBlackAndNoneDrawsNothing() throws {
        let f = try fills(#"<rect width="10" height="10"/><rect width="10" height="10" fill="none"/>"#)
        #expect(f.count == 1)
        #expect(color(f[0]) == .black)
        #expect(f[0].rule == .nonZero)
    }

    @Test func inheritanceThroughGroups() throws {
        let f = try fills("""
            <g fill="red" fill-opacity="0.5" fill-rule="evenodd">
              <rect width="10" height="10"/>
              <g><circle r="5" fill="#00f"/></g>
              <path d="M0 0 L10 0 L0 10 Z" fill-rule="nonzero"/>
            </g>
            """)
        #expect(f.count == 3)
        #expect(color(f[0]) == red.opacity(0.5))
        #expect(f[0].rule == .evenOdd)
        #expect(color(f[1]) == blue.opacity(0.5))
        #expect(f[1].rule == .evenOdd)
        #expect(f[2].rule == .nonZero)
    }

    @Test func styleAttributeWinsOverPresentationAttributes() throws {
        let f = try fills(#"<rect width="10" height="10" fill="red" style="fill: blue ; fill-opacity:0.25;"/>"#)
        #expect(color(f[0]) == blue.opacity(0.25))
        let g = try fills(#"<g style="fill:#00f"><rect width="10" height="10"/></g>"#)
        #expect(color(g[0]) == blue)
    }

    @Test func currentColor() throws {
        let f = try fills(#"<g color="red"><rect width="10" height="10" fill="currentColor"/></g>"#)
        #expect(color(f[0]) == red)
    }

    @Test func elementOpacityMultipliesFillOpacity() throws {
        let f = try fills(#"<rect width="10" height="10" fill="red" fill-opacity="0.5" opacity="0.5"/>"#)
        #expect(color(f[0]) == red.opacity(0.25))
        #expect(f[0].opacity == 1)
    }

    @Test func groupOpacityIsALayerNotPaintAlpha() throws {
        let doc = try parse(svg(#"<g opacity="0.5"><rect width="10" height="10" fill="red"/><g opacity="50%"><rect width="1" height="1"/></g></g>"#))
        let f = fills(doc)
        #expect(color(f[0]) == red)
        #expect(color(f[1]) == Color.black)
        #expect(f[0].opacity == 1 && f[1].opacity == 1)
        #expect(f[0].layer != nil && f[1].layer != nil && f[0].layer != f[1].layer)
        #expect(doc.warnings.isEmpty)
    }

    @Test func invalidPaintIsIgnoredWithAWarning() throws {
        let doc = try parse(svg(#"<g fill="red"><rect width="10" height="10" fill="bogus"/></g>"#))
        #expect(color(fills(doc)[0]) == red)
        #expect(doc.warnings.contains { $0.element == "rect" && $0.message.contains("fill") })
    }

    @Test func displayAndVisibility() throws {
        let f = try fills("""
            <rect width="1" height="1" display="none"/>
            <g style="display:none"><rect width="1" height="1"/></g>
            <rect width="1" height="1" visibility="hidden"/>
            <g visibility="hidden"><rect width="2" height="2" visibility="visible" fill="red"/></g>
            """)
        #expect(f.count == 1)
        #expect(color(f[0]) == red)
    }

    @Test func urlFallback() throws {
        let doc = try parse(svg(#"<rect width="10" height="10" fill="url(#missing) red"/><rect width="1" height="1" fill="url(#missing)"/>"#))
        let f = fills(doc)
        #expect(f.count == 1)
        #expect(color(f[0]) == red)
        #expect(doc.warnings.filter { $0.message.contains("#missing") }.count == 2)
    }
}

// MARK: - Shapes

@Suite("SVG shapes") struct SVGShapeTests {
    @Test func rectangleAndRoundedCorners() throws {
        let f = try fills(#"<rect x="1" y="2" width="10" height="20"/><rect width="10" height="20" rx="3"/><rect width="10" height="20" rx="30" ry="1"/>"#)
        #expect(f[0].path.elements == [.move(to: p(1, 2)), .line(to: p(11, 2)), .line(to: p(11, 22)),
                                        .line(to: p(1, 22)), .closeSubpath])
        // rx only: ry = rx. Starts at (rx, 0).
        #expect(f[1].path.elements.first == .move(to: p(3, 0)))
        #expect(f[1].path.elements.contains(.line(to: p(10, 17))))
        // rx clamped to width/2.
        #expect(f[2].path.elements.first == .move(to: p(5, 0)))
        #expect(f[2].path.elements.contains(.line(to: p(10, 19))))
    }

    @Test func circleEllipseLinePolygon() throws {
        let f = try fills("""
            <circle cx="10" cy="10" r="5"/>
            <ellipse cx="10" cy="10" rx="5" ry="2"/>
            <line x1="0" y1="0" x2="10" y2="10" stroke="black"/>
            <polyline points="0,0 10,0 10,10"/>
            <polygon points="0 0 10 0 10 10"/>
            <circle r="0"/>
            """)
        #expect(f.count == 4)
        #expect(f[0].path.elements.first == .move(to: p(15, 10)))
        #expect(f[0].path.elements.count == 6)
        if case .curve(let end, _, _) = f[0].path.elements[1] { #expect(end == p(10, 15)) }  // down first
        #expect(f[1].path.elements.first == .move(to: p(15, 10)))
        #expect(f[2].path.elements == [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10))])
        #expect(f[3].path.elements.last == .closeSubpath)
    }

    @Test func boundingBoxIsTight() throws {
        let circle = SVGGeometry.ellipse(cx: 10, cy: 20, rx: 5, ry: 3)
        let bb = circle.boundingRect
        #expect(abs(bb.minX - 5) < 1e-9 && abs(bb.maxX - 15) < 1e-9)
        #expect(abs(bb.minY - 17) < 1e-9 && abs(bb.maxY - 23) < 1e-9)
        let curve = SVGPathData.parse("M0 0 C 0 10 10 10 10 0").path
        let cb = curve.boundingRect
        #expect(abs(cb.maxY - 7.5) < 1e-9)
    }

    @Test func badNumbersSkipTheElement() throws {
        let doc = try parse(svg(#"<rect width="abc" height="10"/><circle r="1e999"/><rect width="10" height="10"/>"#))
        #expect(fills(doc).count == 1)
        #expect(doc.warnings.filter { $0.message.contains("skipped") }.count == 2)
    }

    @Test func useElement() throws {
        let doc = try parse(svg("""
            <defs><rect id="r" width="10" height="10"/></defs>
            <use href="#r" x="5" y="6" fill="red"/>
            <use xlink:href="#r" xmlns:xlink="http://www.w3.org/1999/xlink"/>
            <use href="#nope"/>
            """))
        let f = fills(doc)
        #expect(f.count == 2)
        #expect(color(f[0]) == red)
        #expect(close(f[0].transform, CGAffineTransform(translationX: 5, y: 6)))
        #expect(doc.warnings.contains { $0.element == "use" })
    }
}

// MARK: - Gradients

@Suite("SVG gradients") struct SVGGradientTests {
    @Test func objectBoundingBoxLinear() throws {
        let f = try fills("""
            <defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="100%" stop-color="blue"/></linearGradient></defs>
            <rect x="10" y="20" width="100" height="50" fill="url(#g)"/>
            """)
        #expect(f.count == 1)
        // Shading geometry is in bbox units: the context maps the unit square onto the bbox.
        #expect(close(f[0].transform, CGAffineTransform(a: 100, b: 0, c: 0, d: 50, tx: 10, ty: 20)))
        #expect(close(try #require(endPoint(f[0].path.elements[0])), p(0, 0)))
        #expect(close(try #require(endPoint(f[0].path.elements[2])), p(1, 1)))
        guard case .linearGradient(let g, let s, let e) = f[0].shading.kind else {
            Issue.record("expected a linear gradient"); return
        }
        #expect(s == p(0, 0) && e == p(1, 0))
        #expect(g.stops.map(\.location) == [0, 1])
        #expect(g.stops.map(\.color) == [red, blue])
    }

    @Test func userSpaceLinearWithTransformAndOpacity() throws {
        let f = try fills("""
            <linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="50" gradientTransform="rotate(90)">
              <stop offset="0.2" style="stop-color: red; stop-opacity: 0.5"/><stop offset="0.1" stop-color="blue"/>
            </linearGradient>
            <rect width="100" height="50" fill="url(#g)" fill-opacity="0.5"/>
            """)
        #expect(close(f[0].transform, CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)))
        guard case .linearGradient(let g, let s, let e) = f[0].shading.kind else {
            Issue.record("expected a linear gradient"); return
        }
        #expect(s == p(0, 0) && e == p(0, 50))
        #expect(g.stops.map(\.location) == [0.2, 0.2])  // clamped to be monotonic
        #expect(g.stops[0].color == red.opacity(0.25))
        #expect(g.stops[1].color == blue.opacity(0.5))
        // The path is mapped into gradient space: (100, 0) -> (0, -100).
        #expect(close(try #require(endPoint(f[0].path.elements[1])), p(0, -100)))
    }

    @Test func radialDefaultsAndFocalPoint() throws {
        let doc = try parse(svg("""
            <radialGradient id="r"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
            <radialGradient id="f" fx="0.2"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
            <circle cx="50" cy="50" r="10" fill="url(#r)"/>
            <circle cx="50" cy="50" r="10" fill="url(#f)"/>
            """))
        let f = fills(doc)
        #expect(f.count == 2)
        guard case .radialGradient(_, let c, let r0, let r1) = f[0].shading.kind else {
            Issue.record("expected a radial gradient"); return
        }
        #expect(c == p(0.5, 0.5) && r0 == 0 && r1 == 0.5)
        #expect(close(f[0].transform, CGAffineTransform(a: 20, b: 0, c: 0, d: 20, tx: 40, ty: 40), 1e-9))
        // fx is drawn (a focal gradient), not warned about.
        #expect(doc.warnings.isEmpty)
        guard case .focalRadialGradient(_, let fc, let fr, let focus) = f[1].shading.kind else {
            Issue.record("expected a focal radial gradient"); return
        }
        #expect(fc == p(0.5, 0.5) && fr == 0.5 && focus == p(0.2, 0.5))
    }

    @Test func hrefInheritsStopsAndAttributes() throws {
        let f = try fills("""
            <linearGradient id="base" gradientUnits="userSpaceOnUse" x2="10">
              <stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>
            </linearGradient>
            <linearGradient id="derived" xlink:href="#base" xmlns:xlink="http://www.w3.org/1999/xlink" y2="20"/>
            <radialGradient id="radial" href="#base" r="7"/>
            <rect width="100" height="50" fill="url(#derived)"/>
            <rect width="100" height="50" fill="url(#radial)"/>
            """)
        #expect(f.count == 2)
        #expect(f[0].transform.isIdentity)
        guard case .linearGradient(let g, let s, let e) = f[0].shading.kind else {
            Issue.record("expected a linear gradient"); return
        }
        #expect(s == p(0, 0) && e == p(10, 20))
        #expect(g.stops.map(\.color) == [red, blue])
        guard case .radialGradient(let rg, let c, _, let r) = f[1].shading.kind else {
            Issue.record("expected a radial gradient"); return
        }
        #expect(rg.stops.count == 2)
        #expect(c == p(50, 50) && r == 7)  // 50% of the 100x100 viewport; x2 is not a radial attribute
    }

    @Test func degenerateGradientsPaintTheLastStop() throws {
        let f = try fills("""
            <linearGradient id="z" x1="0.5" x2="0.5"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
            <radialGradient id="r0" r="0"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient>
            <linearGradient id="one"><stop offset="0.3" stop-color="red"/></linearGradient>
            <linearGradient id="none"/>
            <rect width="10" height="10" fill="url(#z)"/>
            <rect width="10" height="10" fill="url(#r0)"/>
            <rect width="10" height="10" fill="url(#one)"/>
            <rect width="10" height="10" fill="url(#none)"/>
            """)
        #expect(f.count == 3)
        #expect(f.map(color) == [blue, blue, red])
    }

    @Test func spreadMethodMapsToGradientOptions() throws {
        for (method, option) in [("reflect", GraphicsContext.GradientOptions.mirror), ("repeat", .repeat)] {
            let doc = try parse(svg(#"<linearGradient id="g" spreadMethod="\#(method)"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient><rect width="1" height="1" fill="url(#g)"/>"#))
            #expect(doc.warnings.isEmpty, "\(doc.warnings)")
            let f = try #require(fills(doc).first)
            #expect(f.shading.options.contains(option))
        }
        let bad = try parse(svg(#"<linearGradient id="g" spreadMethod="sideways"><stop offset="0"/></linearGradient><rect width="1" height="1" fill="url(#g)"/>"#))
        #expect(bad.warnings.contains { $0.message.contains("spreadMethod") })
    }

    @Test func singularGradientTransformIsSkipped() throws {
        let doc = try parse(svg(#"<linearGradient id="g" gradientTransform="scale(0 1)"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient><rect width="1" height="1" fill="url(#g)"/>"#))
        #expect(fills(doc).isEmpty)
        #expect(doc.warnings.contains { $0.message.contains("singular") })
    }
}

// MARK: - Strokes

@Suite("SVG strokes") struct SVGStrokeTests {
    private func strokeColor(_ s: StrokeCommand) -> Color? {
        if case .color(let c) = s.shading.kind { return c }
        return nil
    }

    @Test func defaultsAndPaintOrder() throws {
        let doc = try parse(svg("""
            <rect x="1" y="2" width="10" height="20" fill="yellow" stroke="red"/>
            <circle cx="50" cy="50" r="10" stroke="#0000ff"/>
            """))
        #expect(doc.warnings.isEmpty)
        let commands = doc.makeScene().commands
        #expect(commands.count == 4)
        // Fill, then stroke, for each element.
        guard case .fill(let f0) = commands[0], case .stroke(let s0) = commands[1],
              case .fill = commands[2], case .stroke(let s1) = commands[3] else {
            Issue.record("wrong command order: \(commands)"); return
        }
        #expect(s0.path == f0.path)
        #expect(s0.style == StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 4))
        #expect(strokeColor(s0) == Color(red: 1, green: 0, blue: 0))
        #expect(s1.path.elements.first == .move(to: p(60, 50)))
        #expect(strokeColor(s1) == Color(red: 0, green: 0, blue: 1))
    }

    @Test func everyStrokeProperty() throws {
        let s = try strokes("""
            <path d="M0 0 L50 0 L50 50" fill="none" stroke="#00ff00" stroke-width="3" stroke-linecap="square"
                  stroke-linejoin="round" stroke-miterlimit="7" stroke-dasharray="5,3 2" stroke-dashoffset="2"
                  stroke-opacity="0.5" opacity="0.5"/>
            <line x1="0" y1="0" x2="10" y2="0" stroke="black" stroke-linecap="round" stroke-linejoin="bevel"/>
            """)
        #expect(s.count == 2)
        #expect(s[0].style == StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .round, miterLimit: 7,
                                          dash: [5, 3, 2, 5, 3, 2], dashPhase: 2))
        #expect(close(strokeColor(s[0])!, Color(red: 0, green: 1, blue: 0, opacity: 0.25)))
        #expect(s[1].style.lineCap == .round && s[1].style.lineJoin == .bevel)
        #expect(s[1].path.elements == [.move(to: p(0, 0)), .line(to: p(10, 0))])
    }

    @Test func inheritedStrokeTransformAndCurrentColor() throws {
        let doc = try parse(svg("""
            <g stroke="currentColor" color="blue" stroke-width="4" stroke-dasharray="2%" transform="translate(5 6)">
              <rect width="10" height="10" fill="none"/>
            </g>
            """, attributes: #"width="200" height="200" viewBox="0 0 100 100""#))
        let s = strokes(doc)
        #expect(s.count == 1)
        #expect(fills(doc).isEmpty)
        #expect(s[0].style.lineWidth == 4)
        #expect(abs(s[0].style.dash[0] - 2) < 1e-12 && s[0].style.dash.count == 2)  // 2% of 100 (viewBox)
        #expect(strokeColor(s[0]) == Color(red: 0, green: 0, blue: 1))
        #expect(close(s[0].transform, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 12)))
    }

    @Test func invalidAndDegenerateValues() throws {
        let doc = try parse(svg("""
            <rect width="10" height="10" stroke="red" stroke-width="0"/>
            <rect width="10" height="10" stroke="red" stroke-width="-2"/>
            <rect width="10" height="10" stroke="red" stroke-miterlimit="0.5"/>
            <rect width="10" height="10" stroke="red" stroke-dasharray="4 -1"/>
            <rect width="10" height="10" stroke="red" stroke-dasharray="0 0"/>
            <rect width="10" height="10" stroke="red" stroke-linejoin="arcs"/>
            <rect width="10" height="10" stroke="red" stroke-linejoin="miter-clip" stroke-dasharray="none"/>
            <rect width="10" height="10" stroke="none" stroke-width="5"/>
            """))
        let s = strokes(doc)
        #expect(s.count == 5)  // width 0, negative width and stroke none draw nothing
        #expect(doc.warnings.contains { $0.line == 3 && $0.message.contains("negative stroke-width") })
        #expect(s[0].style.miterLimit == 4)
        #expect(doc.warnings.contains { $0.line == 4 && $0.message.contains("stroke-miterlimit") })
        #expect(s[1].style.dash.isEmpty)
        #expect(doc.warnings.contains { $0.line == 5 && $0.message.contains("stroke-dasharray") })
        #expect(s[2].style.dash.isEmpty)
        #expect(s[3].style.lineJoin == .miter && s[4].style.lineJoin == .miter)
        #expect(doc.warnings.contains { $0.line == 7 && $0.message.contains("'arcs'") })
        #expect(doc.warnings.contains { $0.line == 8 && $0.message.contains("'miter-clip'") })
        #expect(doc.warnings.count == 5)
    }

    @Test func boundingBoxLinearGradientStrokeMapsToUserSpace() throws {
        let doc = try parse(svg("""
            <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="red"/>
              <stop offset="1" stop-color="blue"/></linearGradient></defs>
            <rect x="10" y="20" width="100" height="50" fill="none" stroke="url(#g)" stroke-width="4" stroke-opacity="0.5"/>
            """, attributes: #"width="200" height="200""#))
        #expect(doc.warnings.isEmpty)
        let s = strokes(doc)
        #expect(s.count == 1)
        #expect(s[0].transform.isIdentity)
        #expect(s[0].path.elements.first == .move(to: p(10, 20)))
        guard case .linearGradient(let g, let a, let b) = s[0].shading.kind else { Issue.record("not linear"); return }
        // The ramp runs from the box's top-left (0) to its bottom-right corner (1), perpendicular to
        // the mapped iso-lines: start (10, 20), end (50, 100).
        #expect(close(a, p(10, 20)) && close(b, p(50, 100), 1e-9))
        #expect(close(g.stops[0].color, Color(red: 1, green: 0, blue: 0, opacity: 0.5)))
        func ramp(_ x: CGPoint) -> Double {
            let dx = b.x - a.x, dy = b.y - a.y
            return ((x.x - a.x) * dx + (x.y - a.y) * dy) / (dx * dx + dy * dy)
        }
        #expect(abs(ramp(p(110, 70)) - 1) < 1e-12)
        #expect(abs(ramp(p(110, 20)) - 0.5) < 1e-12 && abs(ramp(p(10, 70)) - 0.5) < 1e-12)
    }

    @Test func boundingBoxRadialGradientStrokes() throws {
        let doc = try parse(svg("""
            <defs><radialGradient id="r"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>
              </radialGradient></defs>
            <circle cx="50" cy="50" r="40" fill="url(#r)" stroke="url(#r)" stroke-width="6"/>
            <rect x="0" y="0" width="100" height="50" fill="none" stroke="url(#r)" stroke-width="6"/>
            <line x1="0" y1="5" x2="90" y2="5" stroke="url(#r)"/>
            """))
        // Square box: a user-space radial gradient (centre (50, 50), radius 40).
        let s = strokes(doc)
        #expect(s.count == 1)
        guard case .radialGradient(_, let c, let r0, let r1) = s[0].shading.kind else { Issue.record("not radial"); return }
        #expect(close(c, p(50, 50)) && r0 == 0 && abs(r1 - 40) < 1e-12)
        #expect(s[0].style.lineWidth == 6)
        // Non-square box: the stroke outline is filled in gradient space (an ellipse in user space).
        guard case .group(let nodes) = doc.root.content, case .shape(let rect) = nodes[1].content else {
            Issue.record("no rect"); return
        }
        #expect(rect.resolvedStroke?.fillsOutline == true)
        #expect(rect.resolvedStroke?.paintTransform == CGAffineTransform(a: 100, b: 0, c: 0, d: 50, tx: 0, ty: 0))
        let commands = doc.makeScene().commands
        #expect(commands.count == 3)  // circle fill, circle stroke, rect stroke outline (as a fill)
        if case .fill(let f) = commands[2] {
            #expect(close(f.transform, CGAffineTransform(a: 100, b: 0, c: 0, d: 50, tx: 0, ty: 0)))
        } else { Issue.record("expected the outline fill") }
        // A horizontal line has no bounding-box area: not stroked, with a warning.
        #expect(doc.warnings.count == 1)
        #expect(doc.warnings.first?.element == "line" && doc.warnings.first?.message.contains("not stroked") == true)
    }
}

// MARK: - Document size and viewBox

@Suite("SVG viewBox and size") struct SVGViewBoxTests {
    @Test func sizes() throws {
        #expect(try parse(svg("", attributes: #"width="2in" height="72pt""#)).size == CGSize(width: 192, height: 96))
        #expect(try parse(svg("", attributes: #"width="25.4mm" height="2.54cm""#)).size.width == 96)
        #expect(try parse(svg("", attributes: #"viewBox="0 0 40 30""#)).size == CGSize(width: 40, height: 30))
        #expect(try parse(svg("", attributes: #"width="80" viewBox="0 0 40 30""#)).size == CGSize(width: 80, height: 60))
        #expect(try parse(svg("", attributes: "")).size == CGSize(width: 300, height: 150))
        #expect(try parse(svg("", attributes: #"width="100%" height="100%" viewBox="0,0,40,30""#)).size == CGSize(width: 40, height: 30))
        #expect(try parse(svg("", attributes: #"viewBox="1 2 3 4""#)).viewBox == CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func viewBoxMeetCentres() throws {
        let doc = try parse(svg(#"<rect width="100" height="100"/>"#, attributes: #"width="200" height="100" viewBox="0 0 100 100""#))
        let f = fills(doc)
        #expect(close(f[0].transform, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 50, ty: 0)))
        #expect(doc.makeScene().size == CGSize(width: 200, height: 100))
    }

    @Test func preserveAspectRatioVariants() throws {
        func transform(_ par: String, target: CGSize? = nil) throws -> CGAffineTransform {
            let doc = try parse(svg(#"<rect width="10" height="10"/>"#,
                                    attributes: #"width="200" height="100" viewBox="10 10 100 100" preserveAspectRatio="\#(par)""#))
            return fills(doc, size: target)[0].transform
        }
        #expect(close(try transform("none"), CGAffineTransform(a: 2, b: 0, c: 0, d: 1, tx: -20, ty: -10)))
        #expect(close(try transform("xMinYMin meet"), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -10, ty: -10)))
        #expect(close(try transform("xMaxYMax"), CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 90, ty: -10)))
        #expect(close(try transform("xMidYMin slice"), CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: -20, ty: -20)))
        #expect(close(try transform("xMidYMax slice"), CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: -20, ty: -120)))
        // Scaled into a target size.
        #expect(close(try transform("xMidYMid", target: CGSize(width: 50, height: 50)),
                      CGAffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: -5, ty: -5)))
    }

    @Test func targetSizeWithoutViewBoxScalesTheDocument() throws {
        let doc = try parse(svg(#"<rect width="10" height="10"/>"#, attributes: #"width="100" height="50""#))
        let scene = doc.makeScene(size: CGSize(width: 200, height: 100))
        #expect(scene.size == CGSize(width: 200, height: 100))
        #expect(close(fills(doc, size: CGSize(width: 200, height: 100))[0].transform,
                      CGAffineTransform(scaleX: 2, y: 2)))
        #expect(fills(doc)[0].transform.isIdentity)
    }

    @Test func drawIntoAnExistingContext() throws {
        let doc = try parse(svg(#"<rect width="10" height="10" fill="red"/>"#, attributes: #"viewBox="0 0 10 10""#))
        var scene = Scene(size: CGSize(width: 100, height: 100))
        scene.draw { context in
            context.translateBy(x: 5, y: 5)
            doc.draw(in: &context, size: CGSize(width: 20, height: 20))
        }
        guard case .fill(let f)? = scene.commands.first else { Issue.record("no fill"); return }
        #expect(close(f.transform, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 5)))
    }
}

// MARK: - Warnings and errors

@Suite("SVG warnings and errors") struct SVGDiagnosticsTests {
    @Test func unknownElementWarnsClipPathAndStrokeDoNot() throws {
        let doc = try parse("""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
              <defs><clipPath id="c"><rect width="5" height="5"/></clipPath></defs>
              <rect width="10" height="10" stroke="red" stroke-width="2" stroke-dasharray="1 2 3" stroke-linecap="round"/>
              <g clip-path="url(#c)"><rect width="1" height="1"/></g>
              <blink/>
              <title>t</title><desc>d</desc><metadata/>
            </svg>
            """)
        #expect(!doc.warnings.contains { $0.message.contains("stroke") })
        #expect(doc.warnings.contains { $0.element == "blink" && $0.line == 5 && $0.message.contains("unknown element") })
        #expect(doc.warnings.count == 1)
        #expect(strokes(doc).count == 1)
        #expect(doc.clipPaths["c"]?.children.count == 1)
        #expect(fills(doc).count == 2)  // the stroked rect's fill and the clipped rect
        guard case .shape(let shape)? = {
            if case .group(let c) = doc.root.content { return c.dropFirst(0).first?.content } else { return nil }
        }() else { Issue.record("no shape"); return }
        #expect(shape.stroke?.width == 2)
        #expect(shape.stroke?.lineCap == .round)
        #expect(shape.stroke?.dashArray == [1, 2, 3, 1, 2, 3])
        #expect(shape.stroke?.miterLimit == 4)
        #expect("\(doc.warnings[0])".contains("line 5"))
    }

    @Test func malformedXMLReportsALine() {
        do {
            _ = try parse("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n<rect width=\"1\" height=\"1\">\n</g>\n</svg>")
            Issue.record("expected an error")
        } catch let SVGError.malformed(line, _, reason) {
            #expect(line >= 3)
            #expect(!reason.isEmpty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func truncatedFileIsAnError() throws {
        let text = svg(#"<rect width="10" height="10"/><g><circle r="3"/></g>"#)
        let truncated = String(text.prefix(text.count - 12))
        #expect(throws: SVGError.self) { try parse(truncated) }
        do {
            _ = try parse("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect width=\"1\"")
        } catch let SVGError.malformed(line, _, _) {
            #expect(line >= 1)
        }
        #expect(throws: SVGError.self) { try parse("") }
    }

    @Test func rootMustBeSVG() {
        #expect(throws: SVGError.self) { try parse("<html><body/></html>") }
        do { _ = try parse("<html/>") } catch let e as SVGError {
            if case .notSVG = e {} else { Issue.record("expected notSVG, got \(e)") }
            #expect(e.description.contains("html"))
        } catch { Issue.record("\(error)") }
    }

    @Test func unreadableFile() {
        #expect(throws: SVGError.self) { try SVGDocument(contentsOf: URL(fileURLWithPath: "/nonexistent/file.svg")) }
    }
}

// MARK: - The fixture scenes

@Suite("SVG fixture scenes") struct SVGFixtureSceneTests {
    /// Every SVG of the public scenes and the benchmarks, from the repository's fixtures.
    static func svgFiles() throws -> [URL] {
        var out: [URL] = []
        for folder in [Fixtures.publicScenes, Fixtures.bench] {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            out += names.filter { $0.hasSuffix(".svg") }.sorted().map { folder.appendingPathComponent($0) }
        }
        return out
    }

    @Test func everyFixtureSVGImports() throws {
        let files = try Self.svgFiles()
        #expect(files.count == 58 + 3, "expected 58 public scenes and 3 benchmark scenes")
        for file in files {
            let doc = try SVGDocument(contentsOf: file)
            let scene = doc.makeScene()
            #expect(!scene.commands.isEmpty, "\(file.lastPathComponent)")
            #expect(scene.size.width > 0 && scene.size.height > 0)
            #expect(doc.warnings.isEmpty, "\(file.lastPathComponent): \(doc.warnings)")
        }
    }

    @Test func tigerImportsFully() throws {
        let url = try Fixtures.file("Ghostscript_Tiger.svg", in: Fixtures.bench)
        let doc = try SVGDocument(contentsOf: url)
        #expect(doc.size == CGSize(width: 200, height: 200))
        let f = fills(doc)
        // 138 paths, 8 of them inherit fill="none" from the root group.
        #expect(f.count == 130)
        #expect(f.allSatisfy { color($0) != nil && allFinite($0.path) })
        #expect(doc.warnings.isEmpty, "\(doc.warnings)")
        let s = strokes(doc)
        #expect(!s.isEmpty)
        #expect(s.allSatisfy { allFinite($0.path) && $0.style.lineWidth > 0 })
    }
}

// MARK: - Real-world document shapes

@Suite("SVG documents from editors") struct SVGEditorDocumentTests {
    @Test func doctypeNamespacesAndEditorMetadata() throws {
        let doc = try parse("""
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
                 xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="10mm" height="10mm" viewBox="0 0 10 10">
              <sodipodi:namedview id="nv" inkscape:zoom="1"/>
              <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
              <g inkscape:label="Layer 1" inkscape:groupmode="layer">
                <path style="fill:#ff0000;fill-opacity:1;stroke:none" d="m 1,1 h 8 v 8 h -8 z" sodipodi:nodetypes="ccccc"/>
              </g>
            </svg>
            """)
        #expect(doc.warnings.isEmpty, "\(doc.warnings)")
        #expect(abs(doc.size.width - 37.795275590551185) < 1e-9)
        let f = fills(doc)
        #expect(f.count == 1)
        #expect(color(f[0]) == red)
    }

    @Test func unsupportedElementsWarnAndAreSkipped() throws {
        let doc = try parse(svg("""
            <textPath href="#p">hello</textPath>
            <image href="a.png" width="1" height="1"/>
            <style>rect { fill: red }</style>
            <filter id="f"><feTurbulence baseFrequency="0.1"/></filter>
            <rect width="1" height="1" mask="url(#m)" filter="url(#f)"/>
            """))
        #expect(fills(doc).count == 1)
        for element in ["textPath", "image"] {
            #expect(doc.warnings.contains { $0.element == element }, "\(element)")
        }
        #expect(doc.warnings.contains { $0.element == "rect" && $0.message.contains("mask") })
        #expect(doc.warnings.contains { $0.element == "feTurbulence" && $0.message.contains("unfiltered") })
    }

    /// 10,000 elements parse into 10,000 fills in order. (How fast is for tile-bench, not a timed
    /// test: under the sanitizers on a loaded machine a time limit only measures the machine.)
    @Test func largeDocumentParsesEveryElement() throws {
        var body = ""
        for i in 0..<5000 {
            let hex = String(i * 2654435 & 0xffffff, radix: 16)
            let colour = String(repeating: "0", count: 6 - hex.count) + hex
            body += "<polygon points=\"\(i % 100),1 20,30.5 40.25,\(i % 7)\" fill=\"#\(colour)\" fill-opacity=\"0.5\"/>\n"
            body += #"<circle cx="\#(i % 50)" cy="20" r="3.5" fill="rgb(10,20,30)"/>"# + "\n"
        }
        let doc = try parse(svg(body))
        #expect(fills(doc).count == 10_000)
        #expect(doc.warnings.isEmpty)
    }
}

extension SVGShapeTests {
    @Test func pathsWithoutSegmentsRecordNothing() throws {
        let f = try fills(#"<path d="M 10 10"/><polyline points="1 1"/><path d="M0 0 L 1 1"/>"#)
        #expect(f.count == 1)
    }
}
