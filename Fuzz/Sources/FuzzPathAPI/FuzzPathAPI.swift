// libFuzzer harness: the Path API driven by a byte-code interpreter.
//
// Input layout (every input is valid; reads past the end give zeros):
//   byte 0: how many paths to build before the draw op reads more bytes (1 or 2 are used)
//   then for each path: a count byte, then that many (opcode, operands...) instructions
//   then draw ops until the bytes run out (at most 8): fill, stroke, trim, strokedPath,
//   set operations, context transforms, clips, layers, blend modes, text; queries (boundingRect, contains).
// Doubles come from FuzzReader.double(): ordinary canvas values, specials (NaN, inf, 1e300, 1e-300,
// subnormals, Float's edge) and raw bit patterns.
import Foundation
import FuzzSupport
import TileRender

let maxInstructions = 48
let maxDrawOps = 8
/// Set operations one input may run: each is bounded (chord, pair-test and piece budgets) at about
/// 0.3-0.9 s under ASan at its limits, so eight of them made inputs slow by count, not by a bug.
let maxSetOperations = 1
nonisolated(unsafe) var setOperationsLeft = 0
/// `strokedPath` outlines over 200,000 elements one input may still build (see op 6).
nonisolated(unsafe) var hugeOutlinesLeft = 0
/// Strokes over 20,000 device pixels wide, of paths over 64 elements, one input may still draw.
nonisolated(unsafe) var wideStrokesLeft = 0

/// Whether to draw a stroke: a wide one (the stroker clamps half widths to 1e6 device pixels) of a
/// curvy path takes its most chords, 4,096 a turn, and each inner join's line through the centre line
/// crosses the canvas: three of a 374-element spiral made 2.6 million tile pieces at 64x64, 1.0 s in
/// this build (linear work at the library's bounds, not slow code; Fuzz/findings/FuzzPathAPI-wide-
/// strokes-inner-joins-slow). One such stroke is drawn per input.
func drawsStroke(_ path: Path, _ style: StrokeStyle, in context: GraphicsContext) -> Bool {
    let t = context.transform
    let scale = max((t.a * t.a + t.b * t.b).squareRoot(), (t.c * t.c + t.d * t.d).squareRoot())
    let width = Double(style.lineWidth) * Double(scale)
    if width <= 20_000 || elementCount(path) <= 64 { return true }
    wideStrokesLeft -= 1
    return wideStrokesLeft >= 0
}
// FUZZ_TRACE=1 prints each draw op (for triaging a slow input): its number, the paths' sizes, the
// style of a stroke, and the render's statistics (`fuzzRender`).

func elementCount(_ path: Path) -> Int {
    var count = 0
    path.forEach { _ in count += 1 }
    return count
}

/// About how many dashes `style` cuts `path` into (from its control polygon, as the library estimates).
func estimatedDashes(_ path: Path, _ style: StrokeStyle) -> Double {
    let period = style.dash.reduce(0, +)
    guard !style.dash.isEmpty, style.dash.allSatisfy({ $0.isFinite && $0 >= 0 }), period > 0, period.isFinite else { return 0 }
    var length = 0.0, subpaths = 0.0
    var current = CGPoint.zero
    func add(_ q: CGPoint) {
        let d = hypot(Double(q.x - current.x), Double(q.y - current.y))
        if d.isFinite { length += d } else { length = .infinity }
        current = q
    }
    path.forEach { element in
        switch element {
        case .move(let q): current = q; subpaths += 1
        case .line(let q): add(q)
        case .quadCurve(let q, let c): add(c); add(q)
        case .curve(let q, let c1, let c2): add(c1); add(c2); add(q)
        case .closeSubpath: break
        }
    }
    return (length / Double(period) + subpaths + 1) * Double(style.dash.count)
}

/// About how many chords `strokedPath` flattens `path` into (Wang's count per curve at the stroke
/// tolerance of 0.05, at most 16,384 a curve, as the library does; lines count one).
func estimatedChords(_ path: Path) -> Double {
    var chords = 0.0
    var current = CGPoint.zero
    func wang(_ secondDifference: Double, factor: Double) -> Double {
        let n = (factor * secondDifference / 0.05).squareRoot().rounded(.up)
        return n.isFinite ? min(max(n, 1), 16_384) : 16_384
    }
    func norm(_ x: CGFloat, _ y: CGFloat) -> Double { hypot(Double(x), Double(y)) }
    path.forEach { element in
        switch element {
        case .move(let q): current = q
        case .line(let q): chords += 1; current = q
        case .quadCurve(let q, let c):
            chords += wang(norm(current.x - 2 * c.x + q.x, current.y - 2 * c.y + q.y), factor: 0.25); current = q
        case .curve(let q, let c1, let c2):
            let m = max(norm(current.x - 2 * c1.x + c2.x, current.y - 2 * c1.y + c2.y),
                        norm(c1.x - 2 * c2.x + q.x, c1.y - 2 * c2.y + q.y))
            chords += wang(m, factor: 0.75); current = q
        case .closeSubpath: chords += 1
        }
    }
    return chords
}

func buildPath(_ r: inout FuzzReader, others: [Path]) -> Path {
    var path = Path()
    let n = min(maxInstructions, Int(r.byte()))
    for _ in 0..<n {
        if r.isAtEnd { break }
        switch r.choice(18) {
        case 0: path.move(to: r.point())
        case 1: path.addLine(to: r.point())
        case 2: path.addQuadCurve(to: r.point(), control: r.point())
        case 3: path.addCurve(to: r.point(), control1: r.point(), control2: r.point())
        case 4: path.addArc(center: r.point(), radius: r.double(), startAngle: r.angle(), endAngle: r.angle(),
                            clockwise: r.bool(), transform: r.bool() ? .identity : r.transform())
        case 5: path.addRelativeArc(center: r.point(), radius: r.double(), startAngle: r.angle(), delta: r.angle(),
                                    transform: r.bool() ? .identity : r.transform())
        case 6: path.addArc(tangent1End: r.point(), tangent2End: r.point(), radius: r.double(),
                            transform: r.bool() ? .identity : r.transform())
        case 7: path.addRect(r.rect(), transform: r.bool() ? .identity : r.transform())
        case 8: path.addRoundedRect(in: r.rect(), cornerSize: r.size(), style: r.bool() ? .circular : .continuous,
                                    transform: r.bool() ? .identity : r.transform())
        case 9: path.addEllipse(in: r.rect(), transform: r.bool() ? .identity : r.transform())
        case 10, 11: path.closeSubpath()
        case 12:
            // addPath: itself or an earlier fuzz path, under a transform.
            let source = others.isEmpty || r.bool() ? path : others[r.choice(others.count)]
            let transform = r.transform()
            // Adding a path to itself doubles it: 48 of them would ask for 2^48 elements, a size the
            // caller chose, not a renderer bug. Paths stay under 20,000 elements so that the 1 s limit
            // finds slow code rather than big input (a 1.4M-segment path took 3.4 s under ASan).
            if elementCount(path) + elementCount(source) <= 20_000 { path.addPath(source, transform: transform) }
        case 13:
            var points: [CGPoint] = []
            for _ in 0..<r.choice(6) { points.append(r.point()) }
            path.addLines(points)
        case 14:
            var rects: [CGRect] = []
            for _ in 0..<r.choice(4) { rects.append(r.rect()) }
            path.addRects(rects, transform: r.bool() ? .identity : r.transform())
        case 15: path.addPath(Path(roundedRect: r.rect(), cornerRadius: r.double(), style: r.bool() ? .circular : .continuous))
        case 16: path.addPath(Path(ellipseIn: r.rect()))
        default: path = path.applying(r.transform())
        }
    }
    return path
}

func draw(_ r: inout FuzzReader, paths: [Path], in context: inout GraphicsContext, depth: Int) {
    let a = paths[r.choice(paths.count)]
    let b = paths[r.choice(paths.count)]
    let op = r.choice(18)
    if fuzzTracing { fuzzTrace("op \(op) depth \(depth): a \(elementCount(a)) elements, b \(elementCount(b))") }
    switch op {
    case 0, 1: context.fill(a, with: r.shading(), style: FillStyle(eoFill: r.bool(), antialiased: r.bool() || true))
    case 2, 3:
        let shading = r.shading(), style = r.strokeStyle()
        if drawsStroke(a, style, in: context) { context.stroke(a, with: shading, style: style) }
    case 4: context.fill(a.trimmedPath(from: r.double(), to: r.double()), with: r.shading())
    case 5:
        let trimmed = a.trimmedPath(from: r.bool() ? Double(r.byte()) / 255 : r.double(),
                                    to: r.bool() ? Double(r.byte()) / 255 : r.double())
        let shading = r.shading(), style = r.strokeStyle()
        if drawsStroke(trimmed, style, in: context) { context.stroke(trimmed, with: shading, style: style) }
    case 6:
        // `strokedPath` expands every dash (drawing culls those off the canvas): a million of them, the
        // library's limit, build a 10-million-element path, 2.6 s under ASan. That size is the caller's
        // choice, not slow code, so the harness keeps its dashed outlines to 100,000 dashes. Likewise
        // a few huge curves at 16,384 chords each make an outline of 2 million elements at the
        // library's centre-line limit (0.5 s without ASan; the fuzz findings of the third session):
        // the harness keeps the centre line to 250,000 chords.
        let style = r.strokeStyle()
        guard estimatedDashes(a, style) <= 100_000, estimatedChords(a) <= 250_000, hugeOutlinesLeft > 0 else { return }
        let outline = a.strokedPath(style)
        if fuzzTracing { fuzzTrace("  strokedPath \(style): \(elementCount(outline)) elements") }
        // A huge width (clamped to the stroker's 1e6-unit half width) makes round parts and curves
        // take the stroker's most arc steps (`maxArcStepsPerPath`): 145 elements became a
        // 586,000-element outline, 0.2 s to build, and three of them with two fills took 0.9-1.8 s
        // (2.5 million tile segments at 64x64: linear work at the library's bounds, not slow code;
        // Fuzz/findings/FuzzPathAPI-strokedpath-float-max-width-*). One such outline is built per
        // input, and it is not drawn.
        guard elementCount(outline) <= 200_000 else {
            hugeOutlinesLeft -= 1
            return
        }
        context.fill(outline, with: r.shading(), style: FillStyle(eoFill: r.bool()))
    case 7:
        // Set operations cost n log n on ordinary outlines but up to n² where many edges overlap
        // (stacked copies: README, Known limitations); the harness keeps their inputs small.
        guard elementCount(a) <= 500 && elementCount(b) <= 500, setOperationsLeft > 0 else { return }
        setOperationsLeft -= 1
        let eo = r.bool()
        let result: Path
        switch r.choice(4) {
        case 0: result = a.union(b, eoFill: eo)
        case 1: result = a.intersection(b, eoFill: eo)
        case 2: result = a.subtracting(b, eoFill: eo)
        default: result = a.symmetricDifference(b, eoFill: eo)
        }
        if r.bool() { context.fill(result, with: r.shading()) } else { context.stroke(result, with: r.shading(), style: r.strokeStyle()) }
    case 8: context.translateBy(x: r.double(), y: r.double())
    case 9: context.scaleBy(x: r.double(), y: r.double())
    case 10: context.rotate(by: r.angle())
    case 11: context.concatenate(r.transform())
    case 12: context.clip(to: a, style: FillStyle(eoFill: r.bool()), options: r.bool() ? .inverse : [])
    case 13:
        context.opacity = r.bool() ? Double(r.byte()) / 255 : r.double()
        context.blendMode = r.blendMode()
    case 14:
        // A layer with a few draws inside (bounded depth).
        if depth < 3 {
            context.drawLayer { inner in
                for _ in 0..<r.choice(3) { draw(&r, paths: paths, in: &inner, depth: depth + 1) }
            }
        }
    case 16:
        // Text: up to 48 bytes of UTF-8 (invalid sequences become U+FFFD), any size, weight, slant,
        // tracking, line limit and alignment, drawn at a point or wrapped in a rectangle.
        var bytes: [UInt8] = []
        for _ in 0..<r.choice(49) { bytes.append(r.byte()) }
        let weights: [Font.Weight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        var font = Font.system(size: r.bool() ? Double(r.byte()) / 4 : r.double(), weight: weights[r.choice(9)])
        if r.bool() { font = font.italic() }
        if r.bool() { font = .custom(r.bool() ? "Inter" : "No Such Family", size: Double(r.byte())) }
        var text = Text(verbatim: String(decoding: bytes, as: UTF8.self)).font(font).tracking(r.bool() ? 0 : r.double())
        if r.bool() { text = text.underline().strikethrough() }
        if r.bool() { text = text + Text(verbatim: "\u{0645}\u{0631} AV").bold() }
        var resolved = context.resolve(text)
        if r.bool() { resolved.shading = r.shading() }
        if r.bool() {
            context.draw(resolved, at: r.point(), anchor: UnitPoint(x: r.double(), y: r.double()))
        } else {
            context.draw(resolved, in: r.rect())
        }
        _ = resolved.measure(in: CGSize(width: r.double(), height: r.double()))
    case 17:
        // A colour filter with any amount (later draws, and layers, go through it).
        var m = ColorMatrix()
        m.r1 = Float(r.double()); m.a5 = Float(r.double()); m.g4 = Float(r.double())
        let filters: [GraphicsContext.Filter] = [
            .brightness(r.double()), .contrast(r.double()), .saturation(r.double()), .grayscale(r.double()),
            .hueRotation(.degrees(r.double())), .colorInvert(r.double()), .colorMultiply(Color(red: r.double(), green: r.double(), blue: r.double(), opacity: r.double())),
            .colorMatrix(m), .luminanceToAlpha, .alphaThreshold(min: r.double(), max: r.double(), color: Color(red: r.double(), green: 0, blue: 1)),
        ]
        context.addFilter(filters[r.choice(filters.count)], options: r.bool() ? .linearColor : [])
    default:
        _ = a.boundingRect
        _ = a.contains(r.point(), eoFill: r.bool())
        _ = a.applying(r.transform()).boundingRect
        var count = 0
        a.forEach { _ in count += 1 }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var r = FuzzReader(UnsafeBufferPointer(start: start, count: count))
    setOperationsLeft = maxSetOperations
    hugeOutlinesLeft = 1
    wideStrokesLeft = 1
    let pathCount = 1 + r.choice(2)
    var paths: [Path] = []
    for _ in 0..<pathCount { paths.append(buildPath(&r, others: paths)) }
    var scene = Scene(size: fuzzCanvas)
    scene.draw { context in
        var ops = 0
        while !r.isAtEnd && ops < maxDrawOps {
            draw(&r, paths: paths, in: &context, depth: 0)
            ops += 1
        }
        if ops == 0 { context.fill(paths[0], with: .color(.black)) }
    }
    fuzzRender(scene)
    return 0
}

@_cdecl("FuzzPathAPI_main")
public func FuzzPathAPIMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc: argc, argv: argv) { fuzz($0, $1) }
}
