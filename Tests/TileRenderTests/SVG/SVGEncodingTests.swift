import Foundation
import Testing
@testable import TileRenderSVG

/// Documents read as UTF-8 must be valid UTF-8: Foundation's XMLParser traps on an element name that is
/// not (fuzz finding Fuzz/findings/FuzzSVG-xmlparser-invalid-utf8-name), so the importer checks first.
@Suite struct SVGEncodingTests {
    @Test func invalidUTF8InAnElementNameThrows() throws {
        // The fuzzer's 5 bytes: "<" and a lone lead byte starting the element's name.
        let error = try #require(throws: SVGError.self) { try SVGDocument.parse(data: Data([0x3C, 0xF2, 0x47, 0x72, 0x53])) }
        #expect("\(error)".contains("invalid UTF-8 at byte 1"), "\(error)")
    }

    @Test func nulBytesDoNotPassForUTF16() throws {
        // Fuzz finding: "<", 0xFF and NULs looked like UTF-16 to a "contains a NUL" test, but libxml2
        // reads them as UTF-8 and XMLParser trapped on the name.
        let bytes: [UInt8] = [0x3C, 0xFF, 0, 0, 0, 0, 0, 0, 0] + Array(#"svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)
        #expect(throws: SVGError.self) { try SVGDocument.parse(data: Data(bytes)) }
    }

    @Test func invalidUTF8IsReportedWithItsLine() throws {
        var bytes = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#.utf8) + [0x0A]
        bytes += Array("<rect width=\"5\" height=\"5\"/>\n<".utf8) + [0xC3, 0x28] + Array("/>\n</svg>".utf8)
        let error = try #require(throws: SVGError.self) { try SVGDocument.parse(data: Data(bytes)) }
        guard case .malformed(let line, _, let reason) = error else { Issue.record("\(error)"); return }
        #expect(line == 3 && reason.contains("invalid UTF-8"), "\(error)")
    }

    /// FoundationXML crashes on a processing instruction with a target and no data (`<?foo?>`: libxml2
    /// passes a null pointer; fuzz finding Fuzz/findings/FuzzSVG-xmlparser-dataless-processing-instruction).
    /// The importer gives each one empty data first; comments and CDATA keep their text.
    @Test(arguments: [
        #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><?foo?><rect width="5" height="5"/></svg>"#,
        #"<?foo?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>"#,
        #"<!DOCTYPE svg [ <?foo?> ]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>"#,
    ])
    func processingInstructionsWithoutDataImport(_ text: String) throws {
        #expect(try SVGDocument.parse(data: Data(text.utf8)).makeScene().commands.count == 1)
    }

    @Test func malformedPlacesOfDatalessInstructionsThrow() throws {
        // Inside an attribute value (libxml2 recovers and reports the instruction) and as a bare
        // XML declaration: errors, not crashes.
        for text in [#"<svg xmlns="http://www.w3.org/2000/svg" a="<?foo?>"></svg>"#, #"<?xml?><svg xmlns="http://www.w3.org/2000/svg"/>"#] {
            #expect(throws: SVGError.self) { try SVGDocument.parse(data: Data(text.utf8)) }
        }
    }

    @Test func datalessInstructionsGetASpaceOutsideCommentsAndCDATA() {
        let text = "<a><?p?><!-- <?q?> --><![CDATA[<?r?>]]><?s t?><?u?></a>"
        let fixed = String(decoding: SVGXMLTree.givingEveryProcessingInstructionData(Data(text.utf8)), as: UTF8.self)
        #expect(fixed == "<a><?p ?><!-- <?q?> --><![CDATA[<?r?>]]><?s t?><?u ?></a>")
        let plain = Data("<svg/>".utf8)
        #expect(SVGXMLTree.givingEveryProcessingInstructionData(plain) == plain)
    }

    @Test func validUTF8AndDeclaredEncodingsStillImport() throws {
        let utf8 = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>Grüße ✓</title><rect width="5" height="5" fill="red"/></svg>"#
        #expect(try !SVGDocument.parse(data: Data(utf8.utf8)).makeScene().commands.isEmpty)
        // Latin-1 declared: byte 0xFC is "ü" there, not broken UTF-8.
        let latin1 = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>Gr"#.utf8)
            + [0xFC] + Array(#"e</title><rect width="5" height="5" fill="red"/></svg>"#.utf8)
        #expect(try !SVGDocument.parse(data: Data(latin1)).makeScene().commands.isEmpty)
        // UTF-16 with a byte-order mark.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in utf8.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try !SVGDocument.parse(data: Data(utf16)).makeScene().commands.isEmpty)
    }
}
