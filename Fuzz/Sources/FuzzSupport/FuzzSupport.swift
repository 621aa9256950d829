import Foundation
import TileRender

/// The canvas every harness renders at (small: the point is the code paths, not the pixels).
public let fuzzCanvas = CGSize(width: 64, height: 64)

/// One renderer per process, single-threaded: deterministic, and one fuzz job uses one core. It keeps
/// its working memory between inputs, as an engine's renderer would.
public let fuzzRenderer = Renderer(backend: .cpu, threadCount: 1)

/// Renders `scene` on the CPU backend. Thrown errors are accepted behaviour (bad sizes and the like);
/// only crashes, hangs and huge allocations are findings.
public func fuzzRender(_ scene: Scene) {
    guard fuzzTracing else {
        _ = try? fuzzRenderer.render(scene)
        return
    }
    let start = Date()
    do {
        let (_, s) = try fuzzRenderer.renderWithStatistics(scene)
        fuzzTrace("render: \(scene.commands.count) commands, \(s.segmentCount) tile segments, \(s.pathTileCount) path tiles, "
            + "binning \(s.binningSeconds) s (strokes \(s.strokeSeconds) s), \(Date().timeIntervalSince(start)) s in all")
    } catch {
        fuzzTrace("render: \(error)")
    }
}

/// FUZZ_TRACE=1 (set when triaging one slow input) makes the harnesses describe what they run on stderr.
public let fuzzTracing = getenv("FUZZ_TRACE") != nil

public func fuzzTrace(_ line: String) {
    FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
}

/// Reads fuzz bytes as a stream of choices; past the end every read returns zeros, so every input is valid.
public struct FuzzReader {
    public var bytes: UnsafeBufferPointer<UInt8>
    public var index = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func bool() -> Bool { byte() & 1 != 0 }

    /// A value in 0..<n.
    public mutating func choice(_ n: Int) -> Int { Int(byte()) % max(1, n) }

    public mutating func uint64() -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(byte()) << (8 * UInt64(i)) }
        return v
    }

    /// Values a renderer meets at its edges: specials, huge and tiny magnitudes, subnormals.
    public static let specials: [Double] = [
        0, -0.0, 1, -1, 0.5, 2, 10, 100, 1000, 64, 32, 16, 1e6, -1e6,
        .nan, -.nan, .infinity, -.infinity,
        1e300, -1e300, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
        1e15, 1e16, -1e15, 3.4e38, 3.5e38, -3.5e38, 1e-7, 1e-12, .pi, 2 * .pi, -.pi, .ulpOfOne,
        Double(Float.greatestFiniteMagnitude), 1 + .ulpOfOne, 4_294_967_296, 2_147_483_648,
    ]

    /// A double: mostly ordinary canvas-scale values, often a special, sometimes raw bits.
    public mutating func double() -> Double {
        let tag = byte()
        switch tag {
        case 0..<128:
            // -16 ... 80 in quarter steps: the canvas and a little around it.
            return Double(Int(byte()) * 4 + Int(tag & 3) - 64) / 4 + Double(tag >> 2) - 16
        case 128..<208:
            return FuzzReader.specials[Int(byte()) % FuzzReader.specials.count]
        case 208..<240:
            // Ordinary fraction with a fuzz-chosen scale.
            let m = Double(Int16(bitPattern: UInt16(byte()) | UInt16(byte()) << 8)) / 256
            let e = Int(byte() % 40) - 20
            return m * pow(10, Double(e))
        default:
            return Double(bitPattern: uint64())
        }
    }

    public mutating func point() -> CGPoint { CGPoint(x: double(), y: double()) }
    public mutating func size() -> CGSize { CGSize(width: double(), height: double()) }
    public mutating func rect() -> CGRect { CGRect(x: double(), y: double(), width: double(), height: double()) }
    public mutating func angle() -> Angle {
        bool() ? .degrees(double()) : .radians(double())
    }

    public mutating func transform() -> CGAffineTransform {
        switch choice(6) {
        case 0: return .identity
        case 1: return CGAffineTransform(translationX: double(), y: double())
        case 2: return CGAffineTransform(scaleX: double(), y: double())
        case 3: return CGAffineTransform(rotationAngle: double())
        case 4: return CGAffineTransform(rotationAngle: double()).scaledBy(x: double(), y: double())
            .translatedBy(x: double(), y: double())
        default: return CGAffineTransform(a: double(), b: double(), c: double(), d: double(), tx: double(), ty: double())
        }
    }

    public mutating func color() -> Color {
        Color(red: Double(byte()) / 255, green: Double(byte()) / 255, blue: Double(byte()) / 255,
              opacity: bool() ? 1 : double())
    }

    public mutating func gradient() -> Gradient {
        let n = choice(5)
        var stops: [Gradient.Stop] = []
        for _ in 0..<n { stops.append(Gradient.Stop(color: color(), location: bool() ? Double(byte()) / 255 : double())) }
        return Gradient(stops: stops)
    }

    public mutating func shading() -> GraphicsContext.Shading {
        let options = GraphicsContext.GradientOptions(rawValue: UInt32(byte() & 7))
        switch choice(8) {
        case 0: return .linearGradient(gradient(), startPoint: point(), endPoint: point(), options: options)
        case 1: return .radialGradient(gradient(), center: point(), startRadius: double(), endRadius: double(),
                                       options: options)
        case 2: return .conicGradient(gradient(), center: point(), angle: angle(), options: options)
        default: return .color(color())
        }
    }

    public mutating func strokeStyle() -> StrokeStyle {
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        var style = StrokeStyle(lineWidth: bool() ? Double(byte()) / 8 : double(),
                                lineCap: caps[choice(3)], lineJoin: joins[choice(3)],
                                miterLimit: bool() ? Double(byte()) / 16 : double())
        let dashes = choice(6)
        for _ in 0..<dashes { style.dash.append(bool() ? Double(byte()) / 4 : double()) }
        if bool() { style.dashPhase = double() }
        return style
    }

    public mutating func blendMode() -> GraphicsContext.BlendMode {
        GraphicsContext.BlendMode(rawValue: Int32(choice(28)))
    }
}

// MARK: - Entry point

/// libFuzzer's documented driver entry (compiler-rt's FuzzerInterface.h).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable target with `--defsym main=<Module>_main` (so tests can link the module),
/// and with `-parse-as-library` there is no such function; each harness defines `<Module>_main` with
/// `@_cdecl` and calls this, which hands the arguments to libFuzzer's driver.
public func runLibFuzzer(argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt {
    var argc = argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
}
