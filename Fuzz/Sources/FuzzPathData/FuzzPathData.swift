// libFuzzer harness: bytes as an SVG path's `d` attribute, filled and stroked.
//
// The path-data parser (SVGPathData) is internal to TileRenderSVG, so the bytes reach it through a
// one-element document: the first input byte picks fill rule, stroke width/caps/joins and dashes (as
// attributes, so the importer's own style code runs too), the rest is the `d` text, XML-escaped so the
// parser sees exactly those characters. Bytes XML cannot carry (controls other than tab/CR/LF, and
// invalid UTF-8) become spaces.
import Foundation
import FuzzSupport
import TileRender
import TileRenderSVG

let caps = ["butt", "round", "square"]
let joins = ["miter", "round", "bevel", "miter-clip", "arcs"]
let widths = ["1", "0", "7.5", "40", "0.01", "1e5", "-3"]
let dashes = ["", " stroke-dasharray=\"3 2\"", " stroke-dasharray=\"0.5\" stroke-dashoffset=\"1.25\"",
              " stroke-dasharray=\"5 0 2\""]

func escapedPathText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    // Decode as UTF-8 with replacement, then keep only characters XML 1.0 allows.
    let text = String(decoding: bytes, as: UTF8.self)
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\t": out += "&#9;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        default:
            let v = scalar.value
            if v < 0x20 || v == 0xFFFE || v == 0xFFFF || v == 0xFFFD { out += " " } else { out.unicodeScalars.append(scalar) }
        }
    }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let mode = start[0]
    let d = escapedPathText(UnsafeBufferPointer(start: start + 1, count: count - 1))
    let rule = mode & 1 == 0 ? "nonzero" : "evenodd"
    let stroke = mode & 2 == 0 ? "none" : "#0000ff"
    let style = "fill=\"#ff0000\" fill-rule=\"\(rule)\" stroke=\"\(stroke)\" stroke-width=\"\(widths[Int(mode >> 2) % widths.count])\""
        + " stroke-linecap=\"\(caps[Int(mode >> 2) % caps.count])\" stroke-linejoin=\"\(joins[Int(mode >> 3) % joins.count])\""
        + dashes[Int(mode >> 6)]
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\" viewBox=\"0 0 64 64\">"
        + "<path \(style) d=\"\(d)\"/></svg>"
    guard let document = try? SVGDocument.parse(data: Data(svg.utf8)) else { return 0 }
    fuzzRender(document.makeScene(size: fuzzCanvas))
    return 0
}

@_cdecl("FuzzPathData_main")
public func FuzzPathDataMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc: argc, argv: argv) { fuzz($0, $1) }
}
