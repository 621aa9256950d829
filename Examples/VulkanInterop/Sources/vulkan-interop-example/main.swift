// Renders a SwiftUI-style view into a Vulkan image owned by an engine (MiniEngine stands in for one),
// on the engine's device, then writes the engine's read-back of the image as a PNG and checks it
// against the CPU render. The test suite runs it (VulkanInteropTests).
//   vulkan-interop-example [OUT.png]
import Foundation
#if Vulkan
import TileRender
import VulkanInteropExample

let output = CommandLine.arguments.dropFirst().first ?? "vulkan-interop.png"
do {
    let engine = try MiniEngine()
    let (drawn, cpu) = try renderIntoEngineImage(engine)
    engine.close()
    try drawn.writePNG(to: URL(fileURLWithPath: output))
    // CPU and Vulkan agree within 1 level per channel (at most 0.1% of pixels may differ more).
    let worst = zip(drawn.pixels, cpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    let differing = stride(from: 0, to: cpu.pixels.count, by: 4).filter { i in
        (0..<4).contains { abs(Int(cpu.pixels[i + $0]) - Int(drawn.pixels[i + $0])) > 1 }
    }.count
    print("wrote \(output) (\(drawn.width)x\(drawn.height)); against the CPU render: worst \(worst), \(differing) pixels differ by more than 1")
    guard worst <= 1 || differing * 1000 <= cpu.width * cpu.height else { exit(2) }
} catch {
    print("vulkan-interop-example: \(error)")
    exit(1)
}
#else
print("vulkan-interop-example: this build has no Vulkan (the `Vulkan` trait is off)")
exit(1)
#endif
