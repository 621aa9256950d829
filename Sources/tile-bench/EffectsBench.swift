import Foundation
import TileRender
import SeedPorts

// tile-bench effects: what blur and shadow cost.
//   blur   a 1024x1024 layer of 64 circles (radius 40 on an 8x8 grid, six colours) blurred with
//          radius 10 (sigma 5), and the same scene unblurred; scripts/effect-peers.py draws the same
//          scene with skia-python, timed in the same run
//   cogs   the seed's interlocking cogs (330x400) with their shadow filter, 60 frames of the
//          animation (one second at 60 fps), each frame recorded and rendered
// The cog shape is the seed's CogShape4 (Sources/SeedPorts/CogsTimeline.swift).

enum EffectWorkload {
    static let blurCanvas = CGSize(width: 1024, height: 1024)
    static let colors: [Color] = [Color(red: 1, green: 59 / 255, blue: 48 / 255), Color(red: 1, green: 149 / 255, blue: 0),
                                  Color(red: 1, green: 204 / 255, blue: 0), Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255),
                                  Color(red: 0, green: 122 / 255, blue: 1), Color(red: 175 / 255, green: 82 / 255, blue: 222 / 255)]

    static func circles(blurred: Bool) -> Scene {
        var scene = Scene(size: blurCanvas)
        scene.draw { context in
            context.fill(Path(CGRect(origin: .zero, size: blurCanvas)), with: .color(.white))
            var layer = context
            if blurred { layer.addFilter(.blur(radius: 10)) }
            layer.drawLayer { c in
                for i in 0..<8 {
                    for j in 0..<8 {
                        let centre = CGPoint(x: 64 + 128 * i, y: 64 + 128 * j)
                        c.fill(Path(ellipseIn: CGRect(x: centre.x - 40, y: centre.y - 40, width: 80, height: 80)),
                               with: .color(colors[(8 * j + i) % colors.count]))
                    }
                }
            }
        }
        return scene
    }

    /// Frame `frame` of the seed's cogs at 60 fps: its Canvas body, with the seed's angles at that time.
    static func cogs(frame: Int) -> Scene { cogs(at: Double(frame) / 60) }

    /// The seed's cogs at `now` seconds into the animation.
    static func cogs(at now: Double) -> Scene {
        let angle1 = Angle.degrees(now.remainder(dividingBy: 8)*45)
        let angle2 = Angle.degrees(now.remainder(dividingBy: 4)*90)
        var scene = Scene(size: CGSize(width: 330, height: 400))
        scene.draw { context in
            context.fill(Path(CGRect(x: 0, y: 0, width: 330, height: 400)), with: .color(.white))
            var innerContext = context
            innerContext.addFilter(.shadow(color: .black, radius: 3, x: 3, y: 3, blendMode: .screen))
            let big = CogShape4(points: 30, rotationAngle: angle1).path(in: CGRect(x: 4, y: 18, width: 240, height: 240))
            let small = CogShape4(points: 15, rotationAngle: -angle2).path(in: CGRect(x: 190, y: 150, width: 120, height: 120))
            context.fill(big, with: .color(.red), style: FillStyle(eoFill: true, antialiased: true))
            innerContext.stroke(big, with: .color(.red), lineWidth: 1)
            context.fill(small, with: .color(.blue), style: FillStyle(eoFill: true, antialiased: true))
            innerContext.stroke(small, with: .color(.blue), lineWidth: 1)
        }
        return scene
    }
}

func runEffectsBench(_ args: [String]) throws {
    var repeatCount = 20
    var backend = Backend.cpu
    var outputFolder: String?
    var arguments = Arguments(args)
    while let a = arguments.next() {
        switch a {
        case "--repeat": repeatCount = try arguments.repeatCount(for: a)
        case "--backend":
            backend = try arguments.backend(for: a)
        case "-o", "--output": outputFolder = try arguments.value(for: a)
        default: throw UsageError(description: "unknown option \(a)\n\(usage)")
        }
    }
    let renderer = Renderer(backend: backend)
    func write(_ bitmap: Bitmap, _ name: String) throws {
        guard let outputFolder else { return }
        try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
        try bitmap.writePNG(to: URL(fileURLWithPath: outputFolder).appendingPathComponent("effects-\(name)-\(backend.rawValue).png"))
    }
    for blurred in [false, true] {
        let scene = EffectWorkload.circles(blurred: blurred)
        _ = try renderer.render(scene)  // warm-up: buffers, pipelines
        var times: [Double] = []
        var last: Bitmap?
        for _ in 0..<repeatCount {
            let (bitmap, ms) = try timed { try renderer.render(scene) }
            times.append(ms); last = bitmap
        }
        print(String(format: "effects %@: median %.2f ms, min %.2f ms over %d runs (backend %@, 1024x1024, 64 circles%@)",
                     blurred ? "blur" : "no blur", median(times), times.min()!, repeatCount, backend.rawValue,
                     blurred ? ", one layer blurred with radius 10" : ""))
        if let last { try write(last, blurred ? "blur" : "no-blur") }
    }
    // The cogs: 60 frames, each recorded and rendered (the shadow's groups differ every frame).
    _ = try renderer.render(EffectWorkload.cogs(frame: 0))
    var frames: [Double] = []
    var last: Bitmap?
    for round in 0..<max(1, repeatCount / 20) {
        for frame in 0..<60 {
            let (bitmap, ms) = try timed { try renderer.render(EffectWorkload.cogs(frame: frame)) }
            frames.append(ms)
            if round == 0, frame == 30 { last = bitmap }
        }
    }
    print(String(format: "effects cogs: median %.2f ms, min %.2f ms per frame over %d frames (backend %@, 330x400, two shadowed strokes)",
                 median(frames), frames.min()!, frames.count, backend.rawValue))
    if let last { try write(last, "cogs-frame-30") }
}

/// `tile-bench animate NAME -o OUT [--fps F] [--seconds S] [--backend B]`: a built-in seed animation
/// (cogs: the interlocking cogs with their shadow; blob: the morphing gradient blob; stars: the turning
/// stars, one each way, as the seed's listings; the last two are the seed's TimelineView code in
/// Sources/SeedPorts) as OUT.webp (looping, lossless) and OUT/frame-NNNN.png, with a progress line.
func runAnimate(_ args: [String]) throws {
    var arguments = Arguments(args)
    var name: String?, output: String?
    var fps = 30.0, seconds = 2.0
    var backend = Backend.auto
    func number(_ flag: String) throws -> Double {
        let text = try arguments.value(for: flag)
        guard let v = Double(text), v.isFinite, v > 0 else { throw UsageError(description: "invalid \(flag) '\(text)'") }
        return v
    }
    while let a = arguments.next() {
        switch a {
        case "-o", "--output": output = try arguments.value(for: a)
        case "--fps": fps = try number(a)
        case "--seconds": seconds = try number(a)
        case "--backend":
            backend = try arguments.backend(for: a)
        default:
            guard name == nil, !a.hasPrefix("-") else { throw UsageError(description: "unknown option \(a)\n\(usage)") }
            name = a
        }
    }
    let names = ["cogs", "blob", "stars"]
    guard let name else { throw UsageError(description: "animate needs an animation name: \(names.joined(separator: ", "))\n\(usage)") }
    guard let output else { throw UsageError(description: "animate needs -o OUT\n\(usage)") }
    guard names.contains(name) else { throw UsageError(description: "unknown animation '\(name)': \(names.joined(separator: ", "))") }
    let count = Int((seconds * fps).rounded(.up))
    guard count >= 1, count <= AnimatedWebP.maxFrames else {
        throw UsageError(description: "\(seconds) s at \(fps) fps is \(count) frames: at most \(AnimatedWebP.maxFrames)")
    }
    let renderer = Renderer(backend: backend)
    // The seed views run from the reference date, so their 4-second loops start at angle 0.
    func viewFrame<V: View>(_ view: V, at seconds: Double, width: CGFloat, height: CGFloat) throws -> Bitmap {
        let r = ImageRenderer(content: view.frame(width: width, height: height, alignment: .top).clipped())
        r.date = Date(timeIntervalSinceReferenceDate: seconds)
        return try r.render(backend: backend)
    }
    func frame(_ n: Int) throws -> Bitmap {
        let t = Double(n) / fps
        switch name {
        case "blob": return try viewFrame(BlobTimelineView(), at: t, width: 450, height: 400)
        case "stars":
            return try viewFrame(HStack(spacing: 8) { StarTimelineView(); StarTimelineView(points: 9, color: .purple, reversed: true, border: false) },
                                 at: t, width: 608, height: 400)
        default: return try renderer.render(EffectWorkload.cogs(at: t))
        }
    }
    let folder = URL(fileURLWithPath: output)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var frames: [Bitmap] = []
    for n in 0..<count {
        let bitmap = try frame(n)
        try bitmap.writePNG(to: folder.appendingPathComponent(String(format: "frame-%04d.png", n)))
        frames.append(bitmap)
        FileHandle.standardError.write(Data("\ranimate \(name): frame \(n + 1)/\(count)".utf8))
    }
    FileHandle.standardError.write(Data("\n".utf8))
    let webp = folder.appendingPathExtension("webp")
    try AnimatedWebP.encode(frames, frameDuration: 1 / fps).write(to: webp)
    print("animate \(name): \(count) frames at \(fps) fps to \(folder.path)/frame-NNNN.png and \(webp.path)")
}
