import Foundation
import TileRender
import TileRenderSVG

// tile-bench parity [FOLDER] [--only NAME[,NAME...]] [--limit N] [--out DIR]
//
// Renders each SVG of FOLDER (by default the public scenes, Tests/Fixtures/Scenes/public) on the CPU
// and on Vulkan at its own size, and compares the two: a scene is in parity when no channel differs by
// more than 1 level, or at most 0.1% of its pixels do (the README's CPU-Vulkan tolerance, as the tests'
// `expectVulkanParity`). Prints one line per scene and a summary naming the Vulkan device; exits 1
// when a scene is out of parity or fails to render. With --out, each scene out of parity leaves its two
// renders there (NAME.cpu.png, NAME.vulkan.png) to be looked at. scripts/gpu-check.sh runs it.

func runParity(_ args: [String]) throws -> Bool {
    var folder = "Tests/Fixtures/Scenes/public"
    var only: Set<String>?
    var limit = Int.max
    var outFolder: String?
    var i = 0
    func value() throws -> String {
        i += 1
        guard i < args.count else { throw UsageError(description: "\(args[i - 1]) needs a value") }
        return args[i]
    }
    while i < args.count {
        switch args[i] {
        case "--only": only = Set(try value().split(separator: ",").map(String.init))
        case "--limit":
            guard let n = Int(try value()), n > 0 else { throw UsageError(description: "--limit needs a positive count") }
            limit = n
        case "--out": outFolder = try value()
        case let a where a.hasPrefix("-"): throw UsageError(description: "unknown option \(a)\n\(usage)")
        case let a: folder = a
        }
        i += 1
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }
        .map { String($0.dropLast(4)) }.filter { only?.contains($0) ?? true }.sorted().prefix(limit)
    guard !names.isEmpty else { throw UsageError(description: "no scenes to compare in \(folder)") }
    BackendLog.silence()
    let cpu = Renderer(backend: .cpu), vulkan = Renderer(backend: .vulkan)
    var failed: [String] = [], device = "?"
    for name in names {
        do {
            let scene = try SVGDocument(contentsOf: URL(fileURLWithPath: folder + "/" + name + ".svg")).makeScene()
            let expected = try cpu.render(scene)
            let (got, statistics) = try vulkan.renderWithStatistics(scene)
            device = statistics.deviceName ?? device
            var worst = 0, differing = 0
            expected.pixels.withUnsafeBufferPointer { a in
                got.pixels.withUnsafeBufferPointer { b in
                    for p in stride(from: 0, to: min(a.count, b.count), by: 4) {
                        var off = 0
                        for c in 0..<4 { off = max(off, abs(Int(a[p + c]) - Int(b[p + c]))) }
                        worst = max(worst, off)
                        if off > 1 { differing += 1 }
                    }
                }
            }
            let pass = got.width == expected.width && got.height == expected.height
                && (worst <= 1 || Double(differing) <= 0.001 * Double(expected.width * expected.height))
            if !pass {
                failed.append(name)
                if let outFolder {
                    try FileManager.default.createDirectory(atPath: outFolder, withIntermediateDirectories: true)
                    try expected.writePNG(to: URL(fileURLWithPath: outFolder + "/" + name + ".cpu.png"))
                    try got.writePNG(to: URL(fileURLWithPath: outFolder + "/" + name + ".vulkan.png"))
                }
            }
            print("\(pass ? "ok  " : "FAIL") \(name): worst \(worst) levels, \(differing) pixels off by more than 1 (\(expected.width)x\(expected.height))")
        } catch {
            failed.append(name)
            print("FAIL \(name): \(error)")
        }
    }
    print("parity: \(names.count - failed.count) of \(names.count) scenes within 1 level of the CPU on \(device)"
        + (failed.isEmpty ? "" : "; out of parity: " + failed.joined(separator: ", ")))
    return failed.isEmpty
}
