import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One XML element as read from the file (parsing stage only; the document keeps no XML).
final class SVGXMLElement {
    let name: String
    /// As written; `SVGStyleSheet` adds the declarations of `<style>` rules to `style`.
    var attributes: [String: String]
    let line: Int
    var children: [SVGXMLElement] = []
    var text = ""
    /// For text content elements (`text`, `tspan`, ...): the character data in document order, each
    /// piece with the number of child elements that came before it (mixed content).
    var textPieces: [(childrenBefore: Int, text: String)] = []
    weak var parent: SVGXMLElement?

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// `href`, or the SVG 1.1 `xlink:href`.
    var href: String? { attributes["href"] ?? attributes["xlink:href"] }
}

/// The XML tree of a document plus its `id` index.
struct SVGXMLTree {
    var root: SVGXMLElement
    var ids: [String: SVGXMLElement]
    /// Whether any `<use>` occurs (only then can the drawing expand beyond what is written).
    var hasUse = false

    /// Deepest element nesting accepted (the root is level 1); deeper documents throw
    /// `SVGError.limitExceeded`. Editors write a few dozen levels; FoundationXML's libxml2 does not
    /// stop deeper documents itself (100,000 levels were read).
    static let maxElementDepth = 256

    static func parse(data: Data) throws(SVGError) -> SVGXMLTree {
        try checkEncoding(data)
        let data = givingEveryProcessingInstructionData(data)
        let delegate = SVGXMLDelegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if delegate.limitExceeded, let reason = delegate.failure {
            throw .limitExceeded("line \(delegate.failureLine ?? parser.lineNumber): \(reason)")
        }
        if !ok || delegate.failure != nil {
            var reason = delegate.failure ?? parser.parserError.map { describe($0) } ?? "XML parse error"
            if reason == "XML error 1" && data.count > 10_000_000 {
                reason = "document over libxml2's 10 MB input limit"  // its "huge input lookup" error
            }
            let line = delegate.failureLine ?? parser.lineNumber
            let column = delegate.failureColumn ?? parser.columnNumber
            throw .malformed(line: max(line, 1), column: max(column, 0), reason: reason)
        }
        guard let root = delegate.root else {
            throw .malformed(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 0),
                             reason: "no root element")
        }
        if !delegate.stack.isEmpty {
            throw .malformed(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 0),
                             reason: "unexpected end of document: <\(delegate.stack.last!.name)> is not closed")
        }
        guard root.name == "svg" else { throw .notSVG("root element is <\(root.name)>, not <svg>") }
        return SVGXMLTree(root: root, ids: delegate.ids, hasUse: delegate.hasUse)
    }

    /// `data` with a space before the `?>` of every processing instruction that has a target and no data
    /// (`<?foo?>`): libxml2 hands FoundationXML a null data pointer for those, and it crashes reading it
    /// (a fuzz finding; anywhere outside comments and CDATA, even inside an attribute value). With the
    /// space the data is empty, which is what XML means. Processing instructions are ignored anyway;
    /// columns later on that line move by one. Unchanged (not copied) when there is none.
    static func givingEveryProcessingInstructionData(_ data: Data) -> Data {
        var insertions: [Int] = []
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            let n = bytes.count
            func starts(_ i: Int, _ pattern: [UInt8]) -> Bool {
                i + pattern.count <= n && pattern.indices.allSatisfy { bytes[i + $0] == pattern[$0] }
            }
            /// The index just past the next `end` from `i`, or n.
            func skip(from i: Int, to end: [UInt8]) -> Int {
                var k = i
                while k < n && !starts(k, end) { k += 1 }
                return min(n, k + end.count)
            }
            let comment = Array("<!--".utf8), commentEnd = Array("-->".utf8)
            let cdata = Array("<![CDATA[".utf8), cdataEnd = Array("]]>".utf8)
            let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
            var i = 0
            while i + 1 < n {
                guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
                if starts(i, comment) { i = skip(from: i + comment.count, to: commentEnd); continue }
                if starts(i, cdata) { i = skip(from: i + cdata.count, to: cdataEnd); continue }
                guard bytes[i + 1] == UInt8(ascii: "?") else { i += 1; continue }
                var j = i + 2
                while j < n && !space.contains(bytes[j]) && bytes[j] != UInt8(ascii: "?") { j += 1 }
                if j > i + 2 && j + 1 < n && bytes[j] == UInt8(ascii: "?") && bytes[j + 1] == UInt8(ascii: ">") {
                    insertions.append(j)
                }
                i = j
            }
        }
        guard !insertions.isEmpty else { return data }
        var fixed = Data()
        fixed.reserveCapacity(data.count + insertions.count)
        var from = data.startIndex
        for offset in insertions {
            let at = data.startIndex + offset
            fixed.append(data[from..<at])
            fixed.append(UInt8(ascii: " "))
            from = at
        }
        fixed.append(data[from...])
        return fixed
    }

    /// A document read as UTF-8 (no byte-order mark or encoding declaration naming another encoding)
    /// must be valid UTF-8, as XML requires: Foundation's XMLParser traps on an element name that is not
    /// (found by fuzzing), so the bytes are checked first and the first bad one is reported.
    static func checkEncoding(_ data: Data) throws(SVGError) {
        let head = data.prefix(256)
        // The byte patterns libxml2 itself reads as another encoding (its xmlDetectCharEncoding): the
        // UTF-16 byte-order marks, "<" or "<?" in UTF-16 or UCS-4, EBCDIC's "<?xm". It converts those to
        // UTF-8; everything else it reads as UTF-8 (a fuzz input "<\u{FF}\0\0..." was not one of them).
        let utf16OrUCS4: [[UInt8]] = [[0xFE, 0xFF], [0xFF, 0xFE], [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00],
                                      [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00], [0x4C, 0x6F, 0xA7, 0x94]]
        if utf16OrUCS4.contains(where: { head.starts(with: $0) }) { return }
        let prologue = String(decoding: head, as: UTF8.self).lowercased()
        if prologue.hasPrefix("<?xml"), let declared = prologue.firstMatch(of: #/encoding\s*=\s*["']([^"']*)["']/#)?.1,
           declared != "utf-8", declared != "utf8" {
            return  // another declared encoding: libxml2 converts it to UTF-8 (or rejects it)
        }
        // Valid UTF-8 (the usual case) is checked in one pass over the bytes; the scalar-by-scalar walk
        // below only finds where invalid input goes wrong (over Data's iterator it was a third of the
        // parse of a 3 MB file).
        if data.withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) != nil { return }
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var offset = 0, line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar):
                offset += scalar.count
                if scalar.count == 1 && scalar.first == 0x0A { line += 1; column = 1 } else { column += 1 }
            case .error:
                throw .malformed(line: line, column: column,
                                 reason: "invalid UTF-8 at byte \(offset) (the document is read as UTF-8)")
            case .emptyInput:
                return
            }
        }
    }

    static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let known = libxml2Messages[ns.code] { return known }
        if let message = ns.userInfo[NSLocalizedDescriptionKey] as? String, !message.isEmpty,
           !message.hasPrefix("The operation could not be completed") { return message }
        return "XML error \(ns.code)"
    }

    /// Common libxml2 error codes (FoundationXML on Linux reports libxml2's code).
    static let libxml2Messages: [Int: String] = [
        4: "document is empty or does not start with an element",
        5: "extra content after the root element, or premature end of document",
        6: "invalid hexadecimal character reference", 7: "invalid decimal character reference",
        9: "invalid character", 23: "entity reference without ';'", 26: "undeclared entity",
        31: "unknown encoding", 32: "unsupported encoding",
        38: "'<' in an attribute value", 39: "attribute value not started", 40: "attribute value not finished",
        41: "attribute without a value", 42: "attribute defined twice", 45: "comment not finished",
        63: "CDATA section not finished", 65: "space required (unfinished start tag?)",
        68: "name expected", 73: "'>' expected (unfinished tag)", 76: "mismatched end tag",
        77: "element not closed (premature end of data)",
        89: "entity reference loop or excessive entity expansion",
    ]
}

private final class SVGXMLDelegate: NSObject, XMLParserDelegate {
    var root: SVGXMLElement?
    var stack: [SVGXMLElement] = []
    var ids: [String: SVGXMLElement] = [:]
    var failure: String?
    var failureLine: Int?
    var failureColumn: Int?
    /// The failure is a limit (`SVGXMLTree.maxElementDepth`, `SVGBuildLimits.maxExpandedElements`).
    var limitExceeded = false
    var elementCount = 0
    var hasUse = false

    /// `svg:path` and `path` are the same element; other prefixes are kept (foreign elements).
    private static func localName(_ name: String) -> String {
        name.hasPrefix("svg:") ? String(name.dropFirst(4)) : name
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        // Every later pass over the tree (building, drawing, even freeing it) recurses on its depth,
        // so the depth is bounded here, while parsing, before any of it exists.
        elementCount += 1
        if elementCount > SVGBuildLimits.maxExpandedElements {
            // Each element is kept (attributes included) until the drawing is built: bounded here.
            if failure == nil {
                failure = "more than \(SVGBuildLimits.maxExpandedElements) elements (the importer's element limit)"
                failureLine = parser.lineNumber
                failureColumn = parser.columnNumber
                limitExceeded = true
            }
            parser.abortParsing()
            return
        }
        if stack.count >= SVGXMLTree.maxElementDepth {
            if failure == nil {
                failure = "<\(Self.localName(elementName))> is nested more than \(SVGXMLTree.maxElementDepth) "
                    + "levels deep (the importer's element depth limit)"
                failureLine = parser.lineNumber
                failureColumn = parser.columnNumber
                limitExceeded = true
            }
            parser.abortParsing()
            return
        }
        let element = SVGXMLElement(name: Self.localName(elementName), attributes: attributeDict,
                                    line: parser.lineNumber)
        if let parent = stack.last {
            element.parent = parent
            parent.children.append(element)
        } else if root == nil {
            root = element
        }
        if let id = attributeDict["id"], ids[id] == nil { ids[id] = element }
        if element.name == "use" { hasUse = true }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        _ = stack.popLast()
    }

    /// Elements whose character data is drawn, in order with their children.
    static let textContentElements: Set<String> = ["text", "tspan", "textPath", "a"]

    private func appendCharacters(_ string: String) {
        guard let element = stack.last else { return }
        element.text += string
        if Self.textContentElements.contains(element.name) {
            if let last = element.textPieces.last, last.childrenBefore == element.children.count {
                element.textPieces[element.textPieces.count - 1].text += string
            } else {
                element.textPieces.append((element.children.count, string))
            }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        appendCharacters(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        appendCharacters(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil {
            var message = SVGXMLTree.describe(parseError)
            let code = (parseError as NSError).code
            if (code == 5 || code == 77), let open = stack.last {
                message = "premature end of document: <\(open.name)> from line \(open.line) is not closed"
            }
            failure = message
            failureLine = parser.lineNumber
            failureColumn = parser.columnNumber
        }
    }
}
