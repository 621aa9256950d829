import Foundation
import TileRender

// tile-bench bandwidth: the fine stage against memory speed (issue 21's bandwidth targets).
//   memset        the canvas buffer set to one 32-bit pattern (the floor for an opaque fill)
//   memcpy        an image's pixels copied into the canvas buffer (the floor for an image draw)
//   fill          an opaque full-canvas rectangle, rendered with clear (target: within 1.2x of memset)
//   fill over     the same over the buffer's pixels (clear false)
//   image         an opaque image as big as the canvas drawn at (0, 0), unscaled (target: within 2x of memcpy)
//   image alpha   an image with transparent and translucent texels, drawn source-over the buffer's pixels
// --only fill|fill-over|image|image-alpha runs one of them (for a profiler).
// Every figure is the median of --repeat runs, end to end (render(into:): encode, bin, fine); "the
// rest" is the median total less the median binning time (flatten, bin): the fine stage and the
// encoding (which holds an image by reference, without copying its texels).

func runBandwidthBench(_ args: [String]) throws {
    var size = CGSize(width: 1920, height: 1080)
    var repeatCount = 30
    var threads = 1
    var only: String?
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--size": size = try parseSize(try arguments.value(for: a))
        case "--only": only = try arguments.value(for: a)
        case "--repeat": repeatCount = try arguments.repeatCount(for: a)
        case "--threads":
            let text = try arguments.value(for: a)
            guard let n = Int(text), n >= 1 else { throw UsageError(description: "invalid --threads '\(text)'") }
            threads = n
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    let (width, height) = try Scene.pixelSize(for: size)
    let byteCount = width * height * 4
    var pixels = [UInt8](repeating: 0, count: byteCount)
    let renderer = Renderer(backend: .cpu, threadCount: threads)

    func medianTime(_ body: () throws -> Void) rethrows -> Double {
        try body()  // warm-up
        var times: [Double] = []
        for _ in 0..<repeatCount { times.append(try timed(body).1) }
        return median(times)
    }

    // An opaque image (a colour ramp) and one whose rows alternate opaque, translucent and clear runs.
    var opaque = [UInt8](repeating: 255, count: byteCount), mixed = opaque
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            opaque[i] = UInt8(x & 0xFF); opaque[i + 1] = UInt8(y & 0xFF); opaque[i + 2] = UInt8((x + y) & 0xFF)
            let alpha: UInt8 = switch (x / 37 + y / 23) % 3 { case 0: 255; case 1: 128; default: 0 }
            let scale = Int(alpha)
            mixed[i] = UInt8(Int(opaque[i]) * scale / 255); mixed[i + 1] = UInt8(Int(opaque[i + 1]) * scale / 255)
            mixed[i + 2] = UInt8(Int(opaque[i + 2]) * scale / 255); mixed[i + 3] = alpha
        }
    }
    let opaqueImage = Image(bitmap: try Bitmap(width: width, height: height, premultipliedRGBA: opaque))
    let mixedImage = Image(bitmap: try Bitmap(width: width, height: height, premultipliedRGBA: mixed))
    let canvas = CGRect(x: 0, y: 0, width: width, height: height)

    var fill = Scene(size: size)
    fill.draw { $0.fill(Path(canvas), with: .color(Color(red: 0.2, green: 0.4, blue: 0.8))) }
    var image = Scene(size: size)
    image.draw { $0.draw(opaqueImage, in: canvas) }
    var alphaImage = Scene(size: size)
    alphaImage.draw { $0.draw(mixedImage, in: canvas) }

    let pattern: UInt32 = 0xFF_CC_66_33
    let memsetTime = medianTime {
        pixels.withUnsafeMutableBytes { buffer in
            buffer.baseAddress!.bindMemory(to: UInt32.self, capacity: width * height)
                .update(repeating: pattern, count: width * height)
        }
    }
    let memcpyTime = medianTime {
        pixels.withUnsafeMutableBytes { dst in opaque.withUnsafeBytes { src in dst.copyMemory(from: src) } }
    }
    // The time of the whole render, and of binning (encode, flatten, bin) within it.
    func render(_ scene: Scene, clear: Bool) throws -> (total: Double, binning: Double) {
        var binning: [Double] = []
        let total = try medianTime {
            let stats = try pixels.withUnsafeMutableBytes { buffer in
                try renderer.render(scene, into: buffer, width: width, height: height, bytesPerRow: width * 4, clear: clear)
            }
            binning.append(stats.binningSeconds * 1000)
        }
        return (total, median(binning))
    }
    let skipped: (total: Double, binning: Double) = (.nan, .nan)
    func runs(_ name: String) -> Bool { only == nil || only == name }
    let fillTime = runs("fill") ? try render(fill, clear: true) : skipped
    let fillOverTime = runs("fill-over") ? try render(fill, clear: false) : skipped
    let imageTime = runs("image") ? try render(image, clear: true) : skipped
    let alphaTime = runs("image-alpha") ? try render(alphaImage, clear: false) : skipped
    print("bandwidth: \(width)x\(height), \(renderer.threadCount) threads, median of \(repeatCount) runs")
    print(String(format: "  memset          %7.3f ms", memsetTime))
    print(String(format: "  memcpy          %7.3f ms", memcpyTime))
    func line(_ name: String, _ time: (total: Double, binning: Double), _ floor: Double, _ floorName: String) {
        let label = name.padding(toLength: 15, withPad: " ", startingAt: 0)
        // The rest of the time (fine stage, encoding), against the same floor.
        let rest = time.total - time.binning
        print("  \(label) " + String(format: "%7.3f ms  %5.2fx ", time.total, time.total / floor) + floorName
              + String(format: "  (binning %.3f ms; the rest %.3f ms, %.2fx)", time.binning, rest, rest / floor))
    }
    line("fill", fillTime, memsetTime, "memset")
    line("fill over", fillOverTime, memsetTime, "memset")
    line("image", imageTime, memcpyTime, "memcpy")
    line("image alpha", alphaTime, memcpyTime, "memcpy")
}
