import Foundation
import Testing
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
import TileRenderSVG

/// SVG `<text>` behaviours: white space, positioning lists, anchors, families and what is left out.
@Suite struct SVGTextTests {
    private func render(_ body: String, width: Int = 200, height: Int = 60) throws -> (Bitmap, [SVGWarning]) {
        let svg = "<svg xmlns='http://www.w3.org/2000/svg' width='\(width)' height='\(height)'>\(body)</svg>"
        let document = try SVGDocument.parse(data: Data(svg.utf8))
        return (try Renderer(backend: .cpu).render(document.makeScene()), document.warnings)
    }
    private func same(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (x, _) = try render(a), (y, _) = try render(b)
        let d = ImageDifference(x, y)
        #expect(d.maxAbs <= 1, "\(d)", sourceLocation: sourceLocation)
        #expect(x.pixels.contains { $0 != 0 }, "nothing drawn", sourceLocation: sourceLocation)
    }
    private func inkColumns(_ bitmap: Bitmap) -> ClosedRange<Int>? {
        let columns = (0..<bitmap.width).filter { x in (0..<bitmap.height).contains { bitmap.pixel(x: x, y: $0).a > 0 } }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test func whiteSpaceCollapsesUnlessPreserved() throws {
        try same("<text x='10' y='30'>\n   Tile \t  render  \n</text>", "<text x='10' y='30'>Tile render</text>")
        // Preserved, two spaces take two spaces' width.
        let (collapsed, _) = try render("<text x='10' y='30'>A  B</text>")
        let (preserved, _) = try render("<text x='10' y='30' xml:space='preserve'>A  B</text>")
        #expect(try #require(inkColumns(preserved)).upperBound > (try #require(inkColumns(collapsed)).upperBound) + 3)
        // Preserved leading spaces move the text right.
        let (plain, _) = try render("<text x='10' y='30'>   A</text>")
        let (kept, _) = try render("<text x='10' y='30' xml:space='preserve'>   A</text>")
        #expect(try #require(inkColumns(kept)).lowerBound > (try #require(inkColumns(plain)).lowerBound) + 8)
    }

    @Test func positioningListsApplyPerCharacter() throws {
        try same("<text x='10 60' y='30'>AB</text>", "<text x='10' y='30'>A</text><text x='60' y='30'>B</text>")
        try same("<text x='10' y='30' dx='0 20'>AB</text>", "<text x='10' y='30'>A<tspan dx='20'>B</tspan></text>")
        try same("<text x='10' y='30'>A<tspan x='100' y='50'>B</tspan></text>",
                 "<text x='10' y='30'>A</text><text x='100' y='50'>B</text>")
        // An inner list wins over the outer one for its characters.
        try same("<text x='10 30 50' y='30'>A<tspan x='120'>B</tspan>C</text>",
                 "<text x='10' y='30'>A</text><text x='120' y='30'>B</text><text x='50' y='30'>C</text>")
    }

    @Test func textAnchorPlacesTheChunk() throws {
        let (end, _) = try render("<text x='150' y='30' text-anchor='end'>Anchor</text>")
        let (middle, _) = try render("<text x='100' y='30' text-anchor='middle'>Anchor</text>")
        let e = try #require(inkColumns(end)), m = try #require(inkColumns(middle))
        #expect(abs(e.upperBound - 149) <= 2, "\(e)")
        #expect(abs((m.lowerBound + m.upperBound) / 2 - 100) <= 2, "\(m)")
    }

    @Test func familiesFallBackThroughTheList() throws {
        try same("<text x='10' y='30' font-family=\"'No Such Font', Inter\">Family</text>",
                 "<text x='10' y='30' font-family='Inter'>Family</text>")
        try same("<text x='10' y='30' font-family='sans-serif'>Family</text>", "<text x='10' y='30'>Family</text>")
        let (_, warnings) = try render("<text x='10' y='30' font-family='No Such Font'>Family</text>")
        #expect(warnings.contains { $0.message.contains("No Such Font") }, "\(warnings)")
    }

    @Test func stylesInheritIntoTspans() throws {
        try same("<text x='10' y='30' font-size='24' fill='red' font-weight='bold'>A<tspan fill='blue'>B</tspan></text>",
                 "<text x='10' y='30' font-size='24' font-weight='700'><tspan fill='red'>A</tspan><tspan fill='blue'>B</tspan></text>")
        try same("<text x='10' y='30' font-size='20'><tspan font-size='150%'>A</tspan></text>",
                 "<text x='10' y='30' font-size='30'>A</text>")
        // Strokes work on glyphs as on any shape.
        let (stroked, _) = try render("<text x='10' y='40' font-size='30' fill='none' stroke='black' stroke-width='1'>O</text>")
        #expect(inkColumns(stroked) != nil)
    }

    @Test func leftOutFeaturesWarnAndNameThemselves() throws {
        let (_, warnings) = try render("""
            <defs><path id='p' d='M 0 0 L 100 0'/></defs>
            <text x='10' y='30' text-decoration='underline' writing-mode='tb' rotate='10'>A<textPath href='#p'>B</textPath></text>
            """)
        let messages = warnings.map(\.message).joined(separator: " | ")
        for needle in ["text-decoration", "writing-mode", "rotate", "textPath"] {
            #expect(messages.contains(needle), "\(needle) not in \(messages)")
        }
    }

    @Test func invalidUTF8IsAnErrorNotACrash() {
        var bytes = Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><text>".utf8)
        bytes += [0xC3, 0x28, 0xFF, 0xFE]
        bytes += Array("</text></svg>".utf8)
        #expect(throws: SVGError.self) { try SVGDocument.parse(data: Data(bytes)) }
    }
}
