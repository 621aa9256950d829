// libFuzzer harness: SVG bytes -> SVGDocument.parse -> makeScene(64x64) -> CPU render.
// Thrown errors are accepted; crashes, timeouts and huge allocations are findings.
import Foundation
import FuzzSupport
import TileRender
import TileRenderSVG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let document = try? SVGDocument.parse(data: data) else { return 0 }
    _ = document.warnings.count
    fuzzRender(document.makeScene(size: fuzzCanvas))
    return 0
}

@_cdecl("FuzzSVG_main")
public func FuzzSVGMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc: argc, argv: argv) { fuzz($0, $1) }
}
