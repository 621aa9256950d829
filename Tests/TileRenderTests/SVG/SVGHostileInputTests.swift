import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

// Hostile SVG documents: each must end, quickly and in bounded memory, with a thrown `SVGError` that
// names the limit or with a documented, rendered result and warnings. These tests run on Swift
// Testing's threads (small stacks), so the deep documents also check that the importer's recursive
// passes do not depend on the caller's stack. Big documents are generated here; small ones are files
// in Tests/Fixtures/Hostile.

private let header = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"##

private func document(_ body: String) -> String { header + "\n" + body + "\n</svg>" }

private func parse(_ text: String) throws -> SVGDocument {
    try SVGDocument.parse(data: Data(text.utf8))
}

private func fixture(_ name: String) throws -> SVGDocument {
    let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Hostile/\(name)")
    return try SVGDocument(contentsOf: url)
}

private func fills(_ doc: SVGDocument) -> [FillCommand] {
    doc.makeScene().commands.compactMap { command in
        if case .fill(let f) = command { return f }
        return nil
    }
}

private func render(_ doc: SVGDocument) throws -> Bitmap {
    try Renderer(backend: .cpu).render(doc.makeScene())
}

private func limitReason(_ body: () throws -> SVGDocument) -> String? {
    do {
        _ = try body()
        return nil
    } catch let SVGError.limitExceeded(reason) {
        return reason
    } catch {
        return "unexpected error: \(error)"
    }
}

private func nestedGroups(_ depth: Int, opacity: String? = nil) -> String {
    let open = opacity.map { ##"<g opacity="\##($0)">"## } ?? "<g>"
    return String(repeating: open, count: depth) + ##"<rect width="10" height="10" fill="#f00"/>"##
        + String(repeating: "</g>", count: depth)
}

@Suite("SVG hostile input")
struct SVGHostileInputTests {
    // MARK: 6. Recursion on nesting depth

    @Test func nestingUpToTheElementDepthLimitRenders() throws {
        // 250 groups (plus the root) inside the 256-level limit: built and drawn, on a small stack.
        let doc = try parse(document(nestedGroups(250, opacity: "0.999")))
        #expect(doc.warnings.isEmpty)
        #expect(fills(doc).count == 1)
        let bitmap = try render(doc)
        // Every layer composited: red at 0.999^250 = 0.779 opacity.
        let p = bitmap.pixel(x: 5, y: 5)
        #expect(abs(Int(p.r) - 199) <= 2 && abs(Int(p.a) - 199) <= 2 && p.g == 0)
        #expect(bitmap.pixel(x: 50, y: 50).a == 0)
    }

    @Test func nestingBeyondTheElementDepthLimitThrows() {
        // 700 groups overflowed the stack; 100,000 levels must be stopped while parsing.
        for depth in [700, 100_000] {
            let reason = limitReason { try parse(document(nestedGroups(depth))) }
            #expect(reason?.contains("nested more than \(SVGXMLTree.maxElementDepth) levels") == true, "\(depth)")
            #expect(reason?.contains("<g>") == true)
        }
    }

    @Test func longUseChainsStopAtTheNestingLimit() throws {
        func chain(_ n: Int) -> String {
            var s = ##"<defs><rect id="u0" width="10" height="10" fill="#00f"/>"##
            for i in 1..<n { s += ##"<use id="u\##(i)" xlink:href="#u\##(i - 1)"/>"## }
            return s + ##"</defs><use xlink:href="#u\##(n - 1)"/>"##
        }
        // 200 links fit in the nesting limit: the rectangle is drawn.
        let short = try parse(document(chain(200)))
        #expect(short.warnings.isEmpty)
        #expect(fills(short).count == 1)
        // 400 links overflowed the stack; now the part beyond the limit is skipped with a warning.
        let long = try parse(document(chain(400)))
        #expect(fills(long).isEmpty)
        #expect(long.warnings.count == 1)
        #expect(long.warnings.first?.element == "use")
        #expect(long.warnings.first?.message.contains("nested more than \(SVGBuildLimits.maxNestingDepth) levels") == true)
    }

    @Test func longClipPathChainsStopAtTheChainLimit() throws {
        // 10,000 <clipPath>s each clipped by the previous one overflowed the stack.
        var s = ##"<defs><clipPath id="c0"><rect width="50" height="50"/></clipPath>"##
        for i in 1..<10_000 {
            s += ##"<clipPath id="c\##(i)" clip-path="url(#c\##(i - 1))"><rect width="50" height="50"/></clipPath>"##
        }
        s += ##"</defs><rect width="100" height="100" fill="#0f0" clip-path="url(#c9999)"/>"##
        let doc = try parse(document(s))
        #expect(doc.warnings.count == 1)
        #expect(doc.warnings.first?.message.contains("nested more than \(SVGBuildLimits.maxClipPathChain) <clipPath>s") == true)
        let bitmap = try render(doc)
        #expect(bitmap.pixel(x: 25, y: 25).g == 255)
        #expect(bitmap.pixel(x: 75, y: 75).a == 0)
    }

    // MARK: 7. <use> fan-out

    @Test func exponentialUseFanOutThrowsBeforeExpanding() throws {
        // 2.6 KB: 10 levels of 10 <use> each, 10^10 rectangles (it grew to 5 GB without end).
        let reason = limitReason { try fixture("use-fanout.svg") }
        #expect(reason?.contains("more than \(SVGBuildLimits.maxExpandedElements) elements") == true)
    }

    @Test func fanOutFirstReachedDeepIsStillCountedBeforeBuilding() throws {
        // The fan-out is first reached 250 levels deep, where the nesting limit cuts its count; that
        // count must not be reused for the second, shallow <use>. Nothing is built before the error.
        var s = ##"<defs><rect id="l0" width="1" height="1"/>"##
        for level in 1...10 {
            s += ##"<g id="l\##(level)">"## + String(repeating: ##"<use xlink:href="#l\##(level - 1)"/>"##, count: 10) + "</g>"
        }
        s += "</defs>" + String(repeating: "<g>", count: 250) + ##"<use xlink:href="#l10"/>"##
            + String(repeating: "</g>", count: 250) + ##"<use xlink:href="#l10"/>"##
        let tree = try SVGXMLTree.parse(data: Data(document(s).utf8))
        var builder = SVGBuilder(tree: tree, viewport: CGSize(width: 100, height: 100))
        #expect(throws: SVGError.self) { try builder.buildRoot(tree.root) }
        #expect(builder.limits.elementCount == 0)
        if case .limitExceeded(let reason)? = builder.limits.error {
            #expect(reason.contains("more than \(SVGBuildLimits.maxExpandedElements) elements"))
        } else {
            Issue.record("no limit error")
        }
    }

    @Test func moderateUseFanOutIsExpanded() throws {
        // 4 levels: 10,000 rectangles, far inside the limit, all drawn.
        var s = ##"<defs><rect id="l0" width="1" height="1"/>"##
        for level in 1...4 {
            s += ##"<g id="l\##(level)">"## + String(repeating: ##"<use xlink:href="#l\##(level - 1)"/>"##, count: 10) + "</g>"
        }
        s += ##"</defs><use xlink:href="#l4"/>"##
        let doc = try parse(document(s))
        #expect(doc.warnings.isEmpty)
        #expect(fills(doc).count == 10_000)
    }

    @Test func budgetCountsWhatIsBuilt() throws {
        // A flat document is counted too: the build-time guard agrees with the estimate.
        var builder = SVGBuilder(tree: try SVGXMLTree.parse(data: Data(document(nestedGroups(3)).utf8)),
                                 viewport: CGSize(width: 100, height: 100))
        _ = try builder.buildRoot(builder.tree.root)
        #expect(builder.limits.elementCount == 5)  // svg, 3 g, rect
        #expect(builder.limits.maxDepthReached == 5)
    }

    @Test func reusedPathDataIsBudgeted() throws {
        // A 0.5 MB path is parsed and flattened again by every <use>: 80 uses are over the 32 MB budget.
        let d = "M0 0" + String(repeating: " L1 1", count: 100_000)
        func uses(_ n: Int) -> String {
            ##"<defs><path id="p" d="\##(d)"/></defs>"## + String(repeating: ##"<use xlink:href="#p"/>"##, count: n)
        }
        let reason = limitReason { try parse(document(uses(80))) }
        #expect(reason?.contains("path data expands") == true)
        #expect(reason?.contains("\(SVGBuildLimits.maxPathDataBytes >> 20) MB") == true)
        let doc = try parse(document(uses(2)))
        #expect(fills(doc).count == 2)
    }

    @Test func reusedAttributeTextIsBudgeted() throws {
        // A 4 MB style attribute is parsed again by every <use>: 40 uses are over the 128 MB budget.
        let style = String(repeating: "fill:red;", count: 450_000)
        let body = ##"<defs><rect id="r" width="10" height="10" style="\##(style)"/></defs>"##
            + String(repeating: ##"<use xlink:href="#r"/>"##, count: 40)
        let reason = limitReason { try parse(document(body)) }
        #expect(reason?.contains("attributes expand") == true)
        #expect(reason?.contains("\(SVGBuildLimits.maxAttributeBytes >> 20) MB") == true)
    }

    @Test func paintedGradientStopsAreBudgeted() throws {
        // Every fill keeps its own copy of the stops: 200 fills of 25,000 stops are over the budget.
        let stops = (0..<25_000).map { ##"<stop offset="\##(Double($0) / 25_000)" stop-color="#00f"/>"## }.joined()
        func rects(_ n: Int) -> String {
            ##"<defs><linearGradient id="g">\##(stops)</linearGradient></defs>"##
                + String(repeating: ##"<rect width="10" height="10" fill="url(#g)"/>"##, count: n)
        }
        let reason = limitReason { try parse(document(rects(200))) }
        #expect(reason?.contains("more than \(SVGBuildLimits.maxPaintedStops) stops") == true)
        #expect(fills(try parse(document(rects(2)))).count == 2)
    }

    @Test func inheritedDashArraysAreBudgeted() throws {
        // An inherited dash array is copied into every shape: 200 shapes of 25,000 entries are over.
        let dashes = String(repeating: "1 ", count: 25_000)
        func paths(_ n: Int) -> String {
            ##"<g stroke="#000" stroke-dasharray="\##(dashes)">"##
                + String(repeating: ##"<path d="M0 0 L100 100"/>"##, count: n) + "</g>"
        }
        let reason = limitReason { try parse(document(paths(200))) }
        #expect(reason?.contains("more than \(SVGBuildLimits.maxStrokedDashes) dash array entries") == true)
        let doc = try parse(document(paths(2)))
        #expect(doc.makeScene().commands.count { if case .stroke = $0 { true } else { false } } == 2)
    }

    // MARK: 8. Paint fallbacks

    @Test func manyPaintURLsParseLinearlyAndAreInvalid() throws {
        // 10,000 url() tokens took 30 s (recursive, quadratic); SVG allows one url and one fallback.
        let paint = (0..<10_000).map { "url(#a\($0))" }.joined(separator: " ")
        let doc = try parse(document(##"<rect width="10" height="10" fill="\##(paint)"/>"##))
        #expect(doc.warnings.count == 1)
        let message = try #require(doc.warnings.first?.message)
        #expect(message.hasPrefix("invalid fill value 'url(#a0) url(#a1)"))
        #expect(message.count <= SVGBuildLimits.maxWarningLength + 3)  // quoted value shortened
        // An invalid fill is ignored: the initial value (black) applies.
        let f = try #require(fills(doc).first)
        guard case .color(let c) = f.shading.kind else { Issue.record("not a colour"); return }
        #expect(c.red == 0 && c.green == 0 && c.blue == 0 && c.opacity == 1)
    }

    @Test func paintFallbackSyntax() {
        guard case .url("a", .color(let red)?)? = SVGPaintSpec.parse("url(#a) red") else {
            Issue.record("url with a colour fallback"); return
        }
        #expect(red.red == 1 && red.green == 0)
        #expect(SVGPaintSpec.parse("url(#a) none") == .url("a", fallback: SVGPaintSpec.none))
        #expect(SVGPaintSpec.parse("url(#a)") == .url("a", fallback: nil))
        #expect(SVGPaintSpec.parse("url(#a) url(#b)") == nil)
        #expect(SVGPaintSpec.parse("url(#a) URL(#b) red") == nil)
        #expect(SVGPaintSpec.parse("url(#a) red blue") == nil)
    }

    // MARK: 11. Gradient href chains

    @Test func longGradientChainsResolveOnce() throws {
        // 4000 chained gradients, each used once, took 17 s (each chain walked again with linear scans).
        var s = ##"<defs><linearGradient id="g0" x1="0" x2="1"><stop offset="0" stop-color="#f00"/>"##
            + ##"<stop offset="1" stop-color="#00f"/></linearGradient>"##
        for i in 1..<4000 { s += ##"<linearGradient id="g\##(i)" xlink:href="#g\##(i - 1)"/>"## }
        s += "</defs>"
        for i in 0..<4000 { s += ##"<rect x="\##(i % 100)" width="1" height="10" fill="url(#g\##(i))"/>"## }
        let doc = try parse(document(s))
        #expect(doc.warnings.isEmpty)
        let all = fills(doc)
        #expect(all.count == 4000)
        #expect(all.allSatisfy { f in
            if case .linearGradient(let g, _, _) = f.shading.kind { return g.stops.count == 2 }
            return false
        })
    }

    @Test func gradientHrefCycleIsCutWithAWarning() throws {
        // g3 -> g2 -> g1 -> g3: the cycle is cut where it closes; g1's stops (blue) are used.
        let doc = try fixture("gradient-cycle.svg")
        #expect(doc.warnings.count == 1)
        #expect(doc.warnings.first?.message.contains("circular gradient href") == true)
        let p = try render(doc).pixel(x: 50, y: 50)
        #expect(p.b == 255 && p.r == 0 && p.a == 255)
    }

    // MARK: Cycles

    @Test func useOfAnAncestorAndUseCyclesWarn() throws {
        let doc = try fixture("use-cycle.svg")
        #expect(doc.warnings.count >= 2)
        #expect(doc.warnings.allSatisfy { $0.element == "use" && $0.message.contains("circular reference") })
        let bitmap = try render(doc)
        #expect(bitmap.pixel(x: 20, y: 20).b == 255)  // the blue rect
        #expect(bitmap.pixel(x: 70, y: 20).r == 255)  // the group's own red rect, drawn once
    }

    @Test func clipPathCycleWarns() throws {
        let doc = try fixture("clip-cycle.svg")
        #expect(doc.warnings.contains { $0.message.contains("circular clip-path reference") })
        let bitmap = try render(doc)
        #expect(bitmap.pixel(x: 25, y: 25).g == 255)
        #expect(bitmap.pixel(x: 75, y: 75).a == 0)
    }

    @Test func entityExpansionIsStoppedByTheParser() {
        // "Billion laughs": 10^9 copies of a short entity; libxml2 stops the amplification.
        var s = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lollollollol">"#
        for i in 1..<10 { s += "<!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">" }
        s += "]>" + document("<desc>&l9;</desc>")
        do {
            _ = try parse(s)
            Issue.record("parsed")
        } catch let SVGError.malformed(_, _, reason) {
            #expect(reason.contains("entity"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    // MARK: objectBoundingBox clips, nested

    @Test func nestedBoundingBoxClipsAreBoundedOnce() throws {
        // Each clipped group's box was computed again from every shape below it (200 levels over
        // 100,000 rects took 13 s); now the builder caches boxes bottom-up, exact under rotation too.
        let doc = try parse(document(##"""
            <defs><clipPath id="bb" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath></defs>
            <g clip-path="url(#bb)" transform="translate(50 50)">
              <g clip-path="url(#bb)" transform="rotate(45)"><circle r="10" fill="#f00"/></g>
              <g clip-path="url(#bb)" transform="translate(20 0) scale(2)"><rect width="5" height="5" fill="#00f"/></g>
            </g>
            """##))
        guard case .group(let top) = doc.root.content, let outer = top.first,
              case .group(let inner) = outer.content, inner.count == 2 else {
            Issue.record("unexpected tree"); return
        }
        let rotated = try #require(inner[0].objectBoundingBox)
        #expect(abs(rotated.minX + 10) < 1e-9 && abs(rotated.width - 20) < 1e-9)
        let scaled = try #require(inner[1].objectBoundingBox)
        #expect(scaled == CGRect(x: 0, y: 0, width: 5, height: 5))
        // The circle stays a circle under the rotation: the outer box is exact, not the rotated square's.
        let box = try #require(outer.objectBoundingBox)
        #expect(abs(box.minX + 10) < 1e-9 && abs(box.minY + 10) < 1e-9)
        #expect(abs(box.maxX - 30) < 1e-9 && abs(box.maxY - 10) < 1e-9)
        #expect(box == SVGDocument.boundingBox(of: outer))
        let bitmap = try render(doc)
        #expect(bitmap.pixel(x: 50, y: 50).r == 255)
        #expect(bitmap.pixel(x: 75, y: 55).b == 255)
    }

    // MARK: Warnings

    @Test func warningsAreCapped() throws {
        let body = String(repeating: ##"<rect width="10" height="10" opacity="x"/>"##, count: 3000)
        let doc = try parse(document(body))
        #expect(doc.warnings.count == SVGBuildLimits.maxWarnings + 1)
        #expect(doc.warnings.last?.message.hasPrefix("2000 more warnings not listed") == true)
        #expect(fills(doc).count == 3000)
    }

    // MARK: Numbers

    @Test func nonFiniteAndHugeNumbersAreRejectedAsInvalid() throws {
        let doc = try parse(document("""
            <rect width="1e400" height="10"/>
            <rect width="10" height="10" stroke="red" stroke-width="nan"/>
            <rect width="10" height="10" opacity="inf"/>
            <rect width="10" height="1e999999"/>
            <rect width="10" height="10" fill="hsl(nan, 50%, 50%)"/>
            """))
        let messages = doc.warnings.map(\.message)
        #expect(messages.count == 5)
        #expect(messages[0].contains("width='1e400'"))
        #expect(messages[1].contains("stroke-width"))
        #expect(messages[2].contains("opacity"))
        #expect(messages[3].contains("height='1e999999'"))
        #expect(messages[4].contains("fill"))
        // The first and fourth rects are skipped; the others draw with the invalid value ignored.
        let all = fills(doc)
        #expect(all.count == 3)
        #expect(all.allSatisfy { f in
            if case .color(let c) = f.shading.kind { return c.red.isFinite && c.opacity == 1 }
            return false
        })
    }

    @Test func opacityAndMiterLimitTakeSVGNumbersOnly() {
        for text in ["0x0.8p0", "nan", "inf", "-inf", "1e400", "0.5x", "", "50 %"] {
            #expect(SVGStyle.opacityValue(text) == nil, "\(text)")
        }
        #expect(SVGStyle.opacityValue("0.5") == 0.5)
        #expect(SVGStyle.opacityValue("50%") == 0.5)
        #expect(SVGStyle.opacityValue("1e-999999") == 0)
        var style = SVGStyle()
        #expect(style.apply("stroke-miterlimit", "0x10") != nil)
        #expect(style.miterLimit == 4)
        #expect(style.apply("stroke-miterlimit", "10") == nil)
        #expect(style.miterLimit == 10)
    }

    @Test func pathologicalNumberStringsParse() throws {
        // 100,000 digits: parsed once, in linear time, to the right finite value.
        let zeros = String(repeating: "0", count: 100_000)
        #expect(SVGScanner.numberList("\(zeros)5 0.\(zeros)1 1\(zeros)") == nil)  // 1e100000: not finite
        #expect(SVGScanner.numberList("\(zeros)5 0.\(zeros)1") == [5, 0])
        #expect(SVGLength.parse("1e999999") == nil)
        #expect(SVGLength.parse("-1e999999") == nil)
        #expect(SVGLength.parse("1e-999999")?.value == 0)
        #expect(SVGLength.parse("1e308in") == nil)  // finite number, infinite in user units
    }
}
