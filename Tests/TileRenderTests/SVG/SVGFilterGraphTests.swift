import Foundation
import Testing
@testable import TileRender
@testable import TileRenderPipeline
@testable import TileRenderSVG

/// SVG filter graphs (`in`/`in2`/`result` wiring, the non-colour primitives, regions and subregions)
/// through the importer, checked on pixel values the Filter Effects spec gives. The reference scenes
/// of Tests/Fixtures/SVGEffects check the same against resvg.
@Suite struct SVGFilterGraphTests {
    private let red = Bitmap.Pixel(r: 255, g: 0, b: 0, a: 255)
    private let clear = Bitmap.Pixel(r: 0, g: 0, b: 0, a: 0)

    @Test func sourceAlphaFloodedThroughCompositeIn() throws {
        let (document, bitmap) = try renderSVGSnippet(##"""
            <filter id="f"><feFlood flood-color="#0000ff"/><feComposite in2="SourceAlpha" operator="in"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" fill-opacity="0.5" filter="url(#f)"/>
            """##)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        // Blue at the source's alpha (0.5), nothing outside it (the flood reaches the whole region).
        let p = bitmap.pixel(x: 20, y: 20)
        #expect(p.r == 0 && p.g == 0 && abs(Int(p.b) - 128) <= 1 && abs(Int(p.a) - 128) <= 1, "\(p)")
        #expect(bitmap.pixel(x: 9, y: 20) == clear)
    }

    @Test func floodFillsTheFilterRegionOnly() throws {
        // The default region is the bounding box grown by 10% on each side: (8, 8) to (32, 32).
        let (_, bitmap) = try renderSVGSnippet(##"""
            <filter id="f"><feFlood flood-color="#00ff00"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(bitmap.pixel(x: 8, y: 8) == Bitmap.Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(bitmap.pixel(x: 31, y: 31) == Bitmap.Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(bitmap.pixel(x: 7, y: 20) == clear)
        #expect(bitmap.pixel(x: 32, y: 20) == clear)
    }

    @Test func userSpaceRegionCutsTheResult() throws {
        let (_, bitmap) = try renderSVGSnippet(##"""
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="20" height="40"><feOffset dx="0"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(bitmap.pixel(x: 15, y: 15) == red)
        #expect(bitmap.pixel(x: 25, y: 15) == clear)
    }

    @Test func offsetMovesByUserUnitsUnderTheTransform() throws {
        let (_, bitmap) = try renderSVGSnippet(##"""
            <filter id="f" x="-1" y="-1" width="3" height="3"><feOffset dx="3" dy="0"/></filter>
            <g transform="scale(2)"><rect x="2" y="2" width="5" height="5" fill="#ff0000" filter="url(#f)"/></g>
            """##)
        // The square covers x 4..<14 before the offset, 10..<20 after (3 user units = 6 pixels).
        #expect(bitmap.pixel(x: 7, y: 8) == clear)
        #expect(bitmap.pixel(x: 11, y: 8) == red)
        #expect(bitmap.pixel(x: 19, y: 8) == red)
        #expect(bitmap.pixel(x: 21, y: 8) == clear)
    }

    @Test func blendMultipliesInTheChosenSpace() throws {
        // sRGB: red x grey 128 = (128, 0, 0).
        let (_, srgb) = try renderSVGSnippet(##"""
            <filter id="f" color-interpolation-filters="sRGB"><feFlood flood-color="#808080" result="grey"/>
              <feBlend in="SourceGraphic" in2="grey" mode="multiply"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        let p = srgb.pixel(x: 20, y: 20)
        #expect(abs(Int(p.r) - 128) <= 1 && p.g == 0 && p.b == 0 && p.a == 255, "\(p)")
        // linearRGB (the default): grey 128 is 0.216 in linear light; 1 x 0.216 encodes back to 128 too,
        // but multiplying grey 188 (0.5 linear) by itself gives 0.25 linear, which encodes to 137 (sRGB
        // gives 188 x 188 / 255 = 139, so this checks the conversion happened: compare with 137).
        let (_, linear) = try renderSVGSnippet(##"""
            <filter id="f"><feFlood flood-color="#bcbcbc" result="grey"/>
              <feBlend in="SourceGraphic" in2="grey" mode="multiply"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#bcbcbc" filter="url(#f)"/>
            """##)
        let q = linear.pixel(x: 20, y: 20)
        #expect(abs(Int(q.r) - 137) <= 1 && q.a == 255, "\(q)")
    }

    @Test func unknownAndForwardInputsAreThePreviousResult() throws {
        // "later" names a result defined after this primitive, "nope" none at all: both read as no `in`.
        let (document, bitmap) = try renderSVGSnippet(##"""
            <filter id="f" color-interpolation-filters="sRGB">
              <feOffset in="nope" dx="5" result="a"/>
              <feOffset in="later" dx="5" result="later"/>
            </filter>
            <rect x="10" y="10" width="10" height="10" fill="#ff0000" filter="url(#f)"/>
            <rect x="0" y="0" width="1" height="1" fill="#000000"/>
            """##)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        // Moved twice: 10 + 10 = 20 ... 30, cut to the region (10% of 10 each side: 9 ... 21).
        #expect(bitmap.pixel(x: 20, y: 15) == red)
        #expect(bitmap.pixel(x: 15, y: 15) == clear)
    }

    @Test func primitiveSubregionCutsItsResult() throws {
        let (_, bitmap) = try renderSVGSnippet(##"""
            <filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="40" height="40">
              <feFlood flood-color="#0000ff" x="5" y="5" width="10" height="10"/>
            </filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(bitmap.pixel(x: 6, y: 6) == Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(bitmap.pixel(x: 14, y: 14) == Bitmap.Pixel(r: 0, g: 0, b: 255, a: 255))
        #expect(bitmap.pixel(x: 16, y: 16) == clear)
        #expect(bitmap.pixel(x: 3, y: 3) == clear)
    }

    @Test func dropShadowIsBeneathTheSourceAtItsOffset() throws {
        let (_, bitmap) = try renderSVGSnippet(##"""
            <filter id="f" x="-1" y="-1" width="3" height="3">
              <feDropShadow dx="6" dy="6" stdDeviation="0" flood-color="#00ff00" flood-opacity="1"/></filter>
            <rect x="10" y="10" width="10" height="10" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(bitmap.pixel(x: 15, y: 15) == red)
        #expect(bitmap.pixel(x: 24, y: 24) == Bitmap.Pixel(r: 0, g: 255, b: 0, a: 255))
        #expect(bitmap.pixel(x: 27, y: 27) == clear)
    }

    @Test func zeroOrNegativeDeviationLeavesTheInput() throws {
        for std in ["0", "-3", "0 0", "-1 4"] {
            let (_, bitmap) = try renderSVGSnippet(##"""
                <filter id="f"><feGaussianBlur stdDeviation="\##(std)"/></filter>
                <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
                """##)
            #expect(bitmap.pixel(x: 10, y: 20) == red, "\(std)")
            #expect(bitmap.pixel(x: 9, y: 20) == clear, "\(std)")
        }
    }

    @Test func hostileGraphsEndCleanly() throws {
        // A huge deviation is clamped; a merge of many nodes is cut; a graph of many merges is drawn
        // unfiltered with a warning; huge offsets move everything away.
        let (_, blurred) = try renderSVGSnippet(##"""
            <filter id="f"><feGaussianBlur stdDeviation="1e9"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(blurred.pixel(x: 20, y: 20).a < 255)
        let nodes = String(repeating: "<feMergeNode/>", count: 100)
        let (merged, _) = try renderSVGSnippet(##"<filter id="f"><feMerge>\##(nodes)</feMerge></filter><rect width="9" height="9" filter="url(#f)"/>"##)
        #expect(merged.warnings.contains { $0.message.contains("nodes") })
        let merges = String(repeating: "<feMerge>\(String(repeating: "<feMergeNode/>", count: 16))</feMerge>", count: 60)
        let (many, plain) = try renderSVGSnippet(##"<filter id="f">\##(merges)</filter><rect width="9" height="9" fill="#ff0000" filter="url(#f)"/>"##)
        #expect(many.warnings.contains { $0.message.contains("image steps") })
        #expect(plain.pixel(x: 4, y: 4) == red)
        let (_, moved) = try renderSVGSnippet(##"""
            <filter id="f" filterUnits="userSpaceOnUse" x="-1e9" y="-1e9" width="2e9" height="2e9"><feOffset dx="1e12" dy="-1e300"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(moved.pixel(x: 20, y: 20) == clear)
        // Self-reference: `in` naming its own result is no input (the source).
        let (_, looped) = try renderSVGSnippet(##"""
            <filter id="f"><feOffset in="a" result="a" dx="0"/><feComposite in="a" in2="a" operator="over"/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(looped.pixel(x: 20, y: 20) == red)
    }

    @Test func emptyBoundingBoxOrRegionDrawsNothing() throws {
        let (_, line) = try renderSVGSnippet(##"""
            <filter id="f"><feFlood flood-color="#00ff00"/></filter>
            <line x1="5" y1="20" x2="35" y2="20" stroke="#ff0000" stroke-width="4" filter="url(#f)"/>
            """##)
        #expect(line.pixel(x: 20, y: 20) == clear)
        let (_, empty) = try renderSVGSnippet(##"""
            <filter id="f" width="0"><feOffset/></filter>
            <rect x="10" y="10" width="20" height="20" fill="#ff0000" filter="url(#f)"/>
            """##)
        #expect(empty.pixel(x: 20, y: 20) == clear)
    }

    @Test(.enabled(if: vulkanAvailable, "No Vulkan device available"))
    func vulkanMatchesTheCPU() throws {
        let body = ##"""
            <filter id="f" x="-0.5" y="-0.5" width="2" height="2">
              <feGaussianBlur in="SourceAlpha" stdDeviation="3 1.5" result="b"/>
              <feOffset dx="4" dy="3" result="o"/>
              <feFlood flood-color="#3366cc" flood-opacity="0.7" x="0" y="0" width="30" height="40"/>
              <feComposite in2="o" operator="in" result="s"/>
              <feBlend in="SourceGraphic" in2="s" mode="hue" result="h"/>
              <feComposite in="h" in2="SourceGraphic" operator="arithmetic" k1="0.5" k2="0.5" k3="0.3" k4="0.05"/>
            </filter>
            <rect width="40" height="40" fill="#ffffff"/>
            <circle cx="20" cy="18" r="10" fill="#e63946" filter="url(#f)"/>
            """##
        let (_, cpu) = try renderSVGSnippet(body)
        let (_, gpu) = try renderSVGSnippet(body, backend: .vulkan)
        expectVulkanParity(cpu, gpu, "filter graph")
    }
}
