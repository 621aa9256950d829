import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderSVG

/// The `<style>` element: selectors, the cascade against presentation attributes and `style`, what is
/// skipped, and the bounds on hostile sheets.
@Suite struct SVGStyleSheetTests {
    private func document(_ body: String) throws -> SVGDocument {
        try SVGDocument.parse(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40">\#(body)</svg>"#.utf8))
    }

    /// The colours of the recorded fills, in order, as hex.
    private func fills(_ doc: SVGDocument) -> [String] {
        doc.makeScene().commands.compactMap { command in
            guard case .fill(let f) = command, case .color(let c) = f.shading.kind else { return nil }
            return String(format: "%02x%02x%02x", Int(c.red * 255 + 0.5), Int(c.green * 255 + 0.5), Int(c.blue * 255 + 0.5))
        }
    }

    @Test func selectorsAndTheCascade() throws {
        let doc = try document(##"""
            <style><![CDATA[
              /* type, class, id; the style attribute wins over the sheet, the sheet over attributes */
              rect { fill: #0000ff }
              .a { fill: #00ff00 }
              #c { fill: #ffff00 }
              rect.a.e { fill: #00ffff }
            ]]></style>
            <rect width="1" height="1"/>
            <rect width="1" height="1" class="a" fill="#ff0000"/>
            <rect width="1" height="1" class="a" id="c"/>
            <rect width="1" height="1" class="a" style="fill: #ffa500"/>
            <rect width="1" height="1" class=" e  a "/>
            <circle r="1" fill="#123456"/>
            """##)
        #expect(doc.warnings.isEmpty, "\(doc.warnings)")
        #expect(fills(doc) == ["0000ff", "00ff00", "ffff00", "ffa500", "00ffff", "123456"])
    }

    @Test func combinatorsListsAndUniversal() throws {
        let doc = try document(##"""
            <style>
              * { fill: #010101 }
              g > .b { fill: #020202 }
              g .d, #x { fill: #030303 }
              svg > rect { fill: #040404 }
            </style>
            <rect width="1" height="1"/>
            <g><rect width="1" height="1" class="b"/><g><rect width="1" height="1" class="d"/></g></g>
            <g><g/><circle r="1" class="b"/></g>
            <circle r="1" id="x"/>
            <circle r="1" class="b"/>
            """##)
        #expect(fills(doc) == ["040404", "020202", "030303", "020202", "030303", "010101"])
    }

    @Test func unsupportedRulesWarnAndAreSkipped() throws {
        let doc = try document(##"""
            <style>
              @import url(other.css);
              @media print { rect { fill: #ff0000 } }
              rect:hover { fill: #ff0000 }
              rect[width] { fill: #ff0000 }
              rect + rect { fill: #ff0000 }
              rect { fill: #00ff00 }
            </style>
            <style type="text/xsl">rect { fill: #ff0000 }</style>
            <rect width="1" height="1"/>
            """##)
        #expect(fills(doc) == ["00ff00"])
        for what in ["@import", "@media", "rect:hover", "rect[width]", "rect + rect", "text/xsl"] {
            #expect(doc.warnings.contains { $0.element == "style" && $0.message.contains(what) }, "\(what): \(doc.warnings)")
        }
        // A broken sheet warns and keeps what came before.
        let broken = try document("<style>rect { fill: #00ff00 } circle { fill: red</style><rect width=\"1\" height=\"1\"/>")
        #expect(fills(broken) == ["00ff00"])
        #expect(broken.warnings.contains { $0.message.contains("unterminated") })
    }

    @Test func hostileSheetsAreBounded() throws {
        // More rules than the limit: the rest are ignored, with one warning.
        let many = String(repeating: ".k { fill: #ff0000 } ", count: SVGStyleSheet.maxRules + 10)
        let tooMany = try document("<style>\(many)</style><rect width=\"1\" height=\"1\" class=\"k\"/>")
        #expect(tooMany.warnings.contains { $0.message.contains("more than \(SVGStyleSheet.maxRules) CSS rules") })
        // A universal rule with long declarations over many elements: the applied bytes are bounded.
        let long = String(repeating: "stroke-width: 1; ", count: 4000)
        let elements = String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 2000)
        let copied = try document("<style>* { \(long) }</style>\(elements)")
        #expect(copied.warnings.contains { $0.message.contains("bytes in all") })
        // A descendant selector that backtracks over a deep tree (C(250, 8) ways to place its g's):
        // matching stops at its step budget, with a warning.
        let deep = String(repeating: "<g>", count: 250) + "<rect width=\"1\" height=\"1\"/>" + String(repeating: "</g>", count: 250)
        let slow = try document("<style>z g g g g g g g g rect { fill: #ff0000 }</style>\(deep)")
        #expect(fills(slow) == ["000000"])
        #expect(slow.warnings.contains { $0.message.contains("matching stopped") })
    }
}
