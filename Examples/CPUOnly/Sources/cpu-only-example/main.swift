// Draws a filled and stroked circle with `.auto` (which takes the CPU, saying so once) and writes a PNG.
import Foundation
import TileRender

let output = CommandLine.arguments.dropFirst().first ?? "cpu-only.png"
var scene = Scene(size: CGSize(width: 64, height: 64))
scene.draw { context in
    let circle = Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 48))
    context.fill(circle, with: .color(.blue))
    context.stroke(circle, with: .color(.black), style: StrokeStyle(lineWidth: 3))
}
do {
    let bitmap = try Renderer(backend: .auto).render(scene)
    try bitmap.writePNG(to: URL(fileURLWithPath: output))
    // The centre is blue, the corner transparent.
    let centre = bitmap.pixels[(32 * bitmap.width + 32) * 4 + 2], corner = bitmap.pixels[3]
    guard centre > 200, corner == 0 else { print("unexpected pixels"); exit(1) }
    print("wrote \(output)")
} catch {
    print("cpu-only-example: \(error)")
    exit(1)
}
