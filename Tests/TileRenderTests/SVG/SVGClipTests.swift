import Testing
import Foundation
@testable import TileRender
@testable import TileRenderGeometry
@testable import TileRenderPipeline
#if Vulkan
@testable import TileRenderVulkan
#endif
@testable import TileRenderSVG

// clip-path and group opacity, checked on the recorded commands (layers are not rendered yet).

private func svg(_ body: String, attributes: String = #"width="100" height="100""#) -> String {
    #"<svg xmlns="http://www.w3.org/2000/svg" \#(attributes)>"# + "\n" + body + "\n</svg>"
}

private func parse(_ body: String) throws -> SVGDocument {
    try SVGDocument.parse(data: Data(svg(body).utf8))
}

private struct Recorded {
    var layers: [LayerCommand] = []
    var fills: [FillCommand] = []
    var strokes: [StrokeCommand] = []
    var order: [String] = []

    init(_ doc: SVGDocument) {
        for command in doc.makeScene().commands {
            switch command {
            case .layer(let l): layers.append(l); order.append("layer")
            case .fill(let f): fills.append(f); order.append("fill")
            case .stroke(let s): strokes.append(s); order.append("stroke")
            case .group: order.append("group")
            }
        }
    }

    func layer(_ id: UInt32?) -> LayerCommand? { layers.first { $0.id == id } }
}

private func close(_ a: CGRect, _ b: CGRect, _ eps: Double = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= eps && abs(a.minY - b.minY) <= eps && abs(a.width - b.width) <= eps
        && abs(a.height - b.height) <= eps
}

private func color(_ shading: GraphicsContext.Shading) -> Color? {
    if case .color(let c) = shading.kind { return c }
    return nil
}

/// SVG's keywords (not SwiftUI's system colours).
private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)

/// The clip's bounds in scene pixels.
private func pixelBounds(_ clip: ClipShape) -> CGRect { clip.path.applying(clip.transform).boundingRect }

@Suite("SVG clip-path and group opacity") struct SVGClipTests {
    @Test func clipOnAShapeRecordsAClipLayer() throws {
        let doc = try parse("""
            <clipPath id="c"><rect x="10" y="20" width="30" height="40"/></clipPath>
            <rect width="100" height="100" fill="red" clip-path="url(#c)"/>
            """)
        #expect(doc.warnings.isEmpty)
        let r = Recorded(doc)
        #expect(r.order == ["layer", "fill"])
        let layer = try #require(r.layers.first)
        let clip = try #require(layer.clip)
        #expect(layer.parent == nil && layer.opacity == 1)
        #expect(close(clip.path.boundingRect, CGRect(x: 10, y: 20, width: 30, height: 40)))
        #expect(clip.rule == .nonZero && !clip.inverse)
        #expect(r.fills[0].layer == layer.id)
    }

    @Test func clipRuleEvenOddAndClipPathTransform() throws {
        let doc = try parse("""
            <clipPath id="c" transform="translate(5 0)"><path d="M0 0 H10 V10 H0 Z" clip-rule="evenodd"/></clipPath>
            <rect width="100" height="100" clip-path="url(#c)"/>
            """)
        let clip = try #require(Recorded(doc).layers.first?.clip)
        #expect(clip.rule == .evenOdd)
        #expect(close(clip.path.boundingRect, CGRect(x: 5, y: 0, width: 10, height: 10)))
    }

    @Test func clipIsInTheElementsUserSpace() throws {
        // The clip applies after the element's own transform: its path is in the element's user space.
        let doc = try parse("""
            <g transform="translate(50 0)">
              <clipPath id="c"><rect width="10" height="10" transform="scale(2)"/></clipPath>
              <rect transform="translate(0 30)" width="5" height="5" clip-path="url(#c)"/>
            </g>
            """)
        let r = Recorded(doc)
        let clip = try #require(r.layers.first?.clip)
        #expect(close(clip.path.boundingRect, CGRect(x: 0, y: 0, width: 20, height: 20)))
        #expect(close(pixelBounds(clip), CGRect(x: 50, y: 30, width: 20, height: 20)))
        #expect(clip.transform == r.fills[0].transform)
    }

    @Test func clipUnitesItsChildren() throws {
        let doc = try parse("""
            <clipPath id="c"><rect width="10" height="10"/><circle cx="50" cy="50" r="5"/></clipPath>
            <rect width="100" height="100" clip-path="url(#c)"/>
            """)
        #expect(doc.warnings.isEmpty)
        let clip = try #require(Recorded(doc).layers.first?.clip)
        #expect(clip.rule == .nonZero)
        #expect(close(clip.path.boundingRect, CGRect(x: 0, y: 0, width: 55, height: 55)))
    }

    @Test func mixedClipRulesUniteEachChildByItsOwnRule() throws {
        // Each child is filled by its own clip-rule and the results are united (drawn as a mask).
        let doc = try parse("""
            <clipPath id="c"><rect width="10" height="10" clip-rule="evenodd"/><rect x="20" width="10" height="10"/></clipPath>
            <rect width="100" height="100" clip-path="url(#c)"/>
            """)
        #expect(doc.warnings.isEmpty)
        let bitmap = try Renderer(backend: .cpu).render(doc.makeScene())
        #expect(bitmap.pixel(x: 5, y: 5).a == 255 && bitmap.pixel(x: 25, y: 5).a == 255)
        #expect(bitmap.pixel(x: 15, y: 5).a == 0 && bitmap.pixel(x: 5, y: 50).a == 0)
    }

    @Test func clipOnAGroupHoldsAllItsChildren() throws {
        let doc = try parse("""
            <clipPath id="c"><rect width="50" height="50"/></clipPath>
            <g clip-path="url(#c)"><rect width="60" height="60"/><circle cx="10" cy="10" r="5" stroke="blue"/></g>
            <rect width="1" height="1"/>
            """)
        let r = Recorded(doc)
        #expect(r.layers.count == 1)
        let id = try #require(r.layers.first?.id)
        #expect(r.fills.count == 3)
        #expect(r.fills[0].layer == id && r.fills[1].layer == id && r.strokes[0].layer == id)
        #expect(r.fills[2].layer == nil)
    }

    @Test func objectBoundingBoxUnitsMapToTheBoundingBox() throws {
        let doc = try parse("""
            <clipPath id="c" clipPathUnits="objectBoundingBox"><rect x="0.25" y="0" width="0.5" height="0.5"/></clipPath>
            <rect x="20" y="40" width="40" height="20" clip-path="url(#c)"/>
            <g clip-path="url(#c)"><rect width="10" height="10"/><rect x="90" y="70" width="10" height="30"/></g>
            """)
        #expect(doc.warnings.isEmpty)
        let r = Recorded(doc)
        #expect(r.layers.count == 2)
        #expect(close(try #require(r.layers[0].clip).path.boundingRect, CGRect(x: 30, y: 40, width: 20, height: 10)))
        // The group's box is the union of its children's: (0, 0, 100, 100).
        #expect(close(try #require(r.layers[1].clip).path.boundingRect, CGRect(x: 25, y: 0, width: 50, height: 50)))
    }

    @Test func objectBoundingBoxOnAnElementWithoutAreaDrawsNothing() throws {
        let doc = try parse("""
            <clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath>
            <line x1="0" y1="5" x2="50" y2="5" stroke="black" clip-path="url(#c)"/>
            """)
        #expect(doc.makeScene().commands.isEmpty)
    }

    @Test func nestedClipPathsIntersect() throws {
        let doc = try parse("""
            <clipPath id="outer"><rect width="20" height="20"/></clipPath>
            <clipPath id="inner" clip-path="url(#outer)"><rect x="10" y="10" width="50" height="50"/></clipPath>
            <rect width="100" height="100" clip-path="url(#inner)"/>
            """)
        #expect(doc.warnings.isEmpty)
        let r = Recorded(doc)
        #expect(r.layers.count == 2)
        #expect(close(try #require(r.layers[0].clip).path.boundingRect, CGRect(x: 10, y: 10, width: 50, height: 50)))
        #expect(close(try #require(r.layers[1].clip).path.boundingRect, CGRect(x: 0, y: 0, width: 20, height: 20)))
        #expect(r.layers[1].parent == r.layers[0].id)
        #expect(r.fills[0].layer == r.layers[1].id)
    }

    @Test func circularAndMissingClipReferencesWarn() throws {
        let doc = try parse("""
            <clipPath id="a" clip-path="url(#b)"><rect width="20" height="20"/></clipPath>
            <clipPath id="b" clip-path="url(#a)"><rect width="50" height="50"/></clipPath>
            <rect width="100" height="100" clip-path="url(#a)"/>
            <rect width="100" height="100" clip-path="url(#nope)"/>
            """)
        #expect(doc.warnings.contains { $0.message.contains("circular clip-path") })
        #expect(doc.warnings.contains { $0.message.contains("#nope not found") })
        let r = Recorded(doc)
        #expect(r.fills.count == 2)
        #expect(r.fills[1].layer == nil)
    }

    @Test func emptyClipPathHidesTheElement() throws {
        let doc = try parse("""
            <clipPath id="c"></clipPath>
            <rect width="100" height="100" clip-path="url(#c)"/>
            """)
        #expect(Recorded(doc).fills.isEmpty)
    }

    @Test func groupOpacityRecordsALayer() throws {
        let doc = try parse("""
            <g opacity="0.5"><rect width="10" height="10" fill="red" fill-opacity="0.5"/><rect width="20" height="20"/></g>
            """)
        #expect(doc.warnings.isEmpty)
        let r = Recorded(doc)
        #expect(r.layers.count == 1)
        let layer = r.layers[0]
        #expect(layer.opacity == 0.5 && layer.clip == nil && layer.parent == nil)
        #expect(r.fills.allSatisfy { $0.layer == layer.id && $0.opacity == 1 })
        #expect(color(r.fills[0].shading) == red.opacity(0.5))
        #expect(color(r.fills[1].shading) == Color.black)
    }

    @Test func shapeOpacityIsPaintAlphaUnlessFilledAndStroked() throws {
        let doc = try parse("""
            <rect width="10" height="10" fill="red" opacity="0.5"/>
            <rect width="10" height="10" fill="none" stroke="red" opacity="0.5"/>
            <rect width="10" height="10" fill="red" stroke="blue" opacity="0.25"/>
            """)
        let r = Recorded(doc)
        #expect(r.order == ["fill", "stroke", "layer", "fill", "stroke"])
        #expect(color(r.fills[0].shading) == red.opacity(0.5) && r.fills[0].layer == nil)
        #expect(color(r.strokes[0].shading) == red.opacity(0.5) && r.strokes[0].layer == nil)
        let layer = r.layers[0]
        #expect(layer.opacity == 0.25)
        #expect(r.fills[1].layer == layer.id && r.strokes[1].layer == layer.id)
        #expect(color(r.fills[1].shading) == red && color(r.strokes[1].shading) == blue)
        #expect(r.fills[1].opacity == 1 && r.strokes[1].opacity == 1)
    }

    @Test func nestedGroupsNestLayers() throws {
        let doc = try parse("""
            <clipPath id="c"><rect width="50" height="50"/></clipPath>
            <g opacity="0.5"><g opacity="0.5" clip-path="url(#c)"><rect width="10" height="10"/></g><rect width="5" height="5"/></g>
            """)
        let r = Recorded(doc)
        #expect(r.layers.count == 3)
        let outer = r.layers[0], clip = r.layers[1], inner = r.layers[2]
        #expect(outer.parent == nil && outer.opacity == 0.5)
        #expect(clip.parent == outer.id && clip.clip != nil && clip.opacity == 1)
        #expect(inner.parent == clip.id && inner.opacity == 0.5 && inner.clip == nil)
        #expect(r.fills[0].layer == inner.id)
        #expect(r.fills[1].layer == outer.id)
    }

    @Test func useAndSymbolOpacityAndClip() throws {
        let doc = try parse("""
            <defs><symbol id="s" opacity="0.5"><rect width="10" height="10"/></symbol>
              <clipPath id="c"><rect width="5" height="5"/></clipPath></defs>
            <use href="#s" x="10" opacity="0.5" clip-path="url(#c)"/>
            """)
        #expect(doc.warnings.isEmpty)
        let r = Recorded(doc)
        #expect(r.layers.count == 3)
        #expect(r.layers[0].clip != nil)
        #expect(r.layers[1].parent == r.layers[0].id && r.layers[1].opacity == 0.5)
        #expect(r.layers[2].parent == r.layers[1].id && r.layers[2].opacity == 0.5)
        #expect(r.fills[0].layer == r.layers[2].id)
    }

    @Test func nestedSVGClipsToItsViewport() throws {
        let doc = try parse("""
            <svg x="10" y="20" width="40" height="20" viewBox="0 0 20 10"><rect width="100" height="100"/></svg>
            <svg x="10" y="20" width="40" height="20" overflow="visible"><rect width="100" height="100"/></svg>
            """)
        #expect(doc.warnings.isEmpty)
        let r = Recorded(doc)
        #expect(r.layers.count == 1)
        let clip = try #require(r.layers[0].clip)
        #expect(close(clip.path.boundingRect, CGRect(x: 0, y: 0, width: 20, height: 10)))
        #expect(close(pixelBounds(clip), CGRect(x: 10, y: 20, width: 40, height: 20)))
        #expect(r.fills[0].layer == r.layers[0].id && r.fills[1].layer == nil)
    }

    @Test(arguments: ["card_canvas", "clipshape_rounded", "badge_full", "first_visit_award"])
    func publicScenesImportWithoutWarnings(_ name: String) throws {
        let url = try Fixtures.file(name + ".svg")
        let doc = try SVGDocument(contentsOf: url)
        #expect(doc.warnings.isEmpty, "\(name): \(doc.warnings)")
        #expect(!Recorded(doc).layers.isEmpty)
    }
}
