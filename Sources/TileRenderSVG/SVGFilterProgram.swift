import Foundation
import TileRender
import TileRenderPipeline

// How a resolved `<filter>` (SVGFilter) becomes the ImageFilterProgram the renderer runs, for one
// element's bounding box and the device transform: lengths become device pixels, each primitive's
// inputs are converted to its colour space, and the result goes back to sRGB.

extension SVGFilter {
    /// Steps a primitive with `inputs` inputs adds at most: a conversion per input, then at most
    /// seven (a drop shadow: alpha, blur, offset, flood, two composites, and a crop), and a composite
    /// per input for a merge.
    static func stepBound(inputs: Int) -> Int { 8 + 2 * inputs }

    /// The filter region in the element's user space, for its bounding box `box`.
    func userRegion(box: CGRect) -> CGRect { units.userRect(region, box: box) }

    /// The program for an element with bounding box `box` drawn under `transform` (user space to
    /// device pixels), its result composited with `blendMode`. Crop rectangles are in device pixels.
    func program(box: CGRect, transform t: CGAffineTransform, blendMode: GraphicsContext.BlendMode) -> ImageFilterProgram {
        var program = ImageFilterProgram()
        // A primitive length along x or y, in user units.
        let unitX = primitiveUnits == .objectBoundingBox ? Double(box.width) : 1
        let unitY = primitiveUnits == .objectBoundingBox ? Double(box.height) : 1
        // Device pixels per user unit along each user axis (blur sizes have no direction).
        let scaleX = Double(hypot(t.a, t.b)), scaleY = Double(hypot(t.c, t.d))
        let limit = Double(2 * Bitmap.maxDimension)
        func float(_ v: Double, bound: Double) -> Float { v.isFinite ? Float(max(-bound, min(bound, v))) : 0 }

        struct Image { var input: ImageFilterProgram.Input; var linear: Bool }
        var results: [Image] = []
        var sourceAlpha: Image?
        var converted: [Int: ImageFilterProgram.Input] = [:]  // step index -> the same image in the other space

        func image(_ input: SVGFilterPrimitive.Input) -> Image {
            switch input {
            case .sourceGraphic: return Image(input: .source, linear: false)
            case .sourceAlpha:
                if let sourceAlpha { return sourceAlpha }
                let alpha = Image(input: program.add(.alpha(.source, inverted: false)), linear: false)
                sourceAlpha = alpha
                return alpha
            case .primitive(let i): return results[i]
            }
        }
        // The image in the given space (8 bits per channel, as resvg converts).
        func inSpace(_ image: Image, linear: Bool) -> ImageFilterProgram.Input {
            guard image.linear != linear else { return image.input }
            let key: Int = switch image.input {
            case .source: -1
            case .step(let i): i
            }
            if let done = converted[key] { return done }
            let result = program.add(.color([.conversion(toLinear: linear)], image.input))
            converted[key] = result
            return result
        }
        func premultiplied(_ c: Color, linear: Bool) -> SIMD4<Float> {
            let a = Float(max(0, min(1, c.opacity)))
            var rgb = SIMD3(c.red, c.green, c.blue).clamped(lowerBound: .zero, upperBound: .one)
            if linear { rgb = SIMD3(Color.decodeSRGB(rgb.x), Color.decodeSRGB(rgb.y), Color.decodeSRGB(rgb.z)) }
            return SIMD4(SIMD3<Float>(rgb) * a, a)
        }
        func sigmas(_ x: Double, _ y: Double) -> (Float, Float) {
            (float(x * unitX * scaleX, bound: Double(BlurLine.maximumSigma)), float(y * unitY * scaleY, bound: Double(BlurLine.maximumSigma)))
        }
        func offset(_ dx: Double, _ dy: Double) -> (Float, Float) {
            let x = dx * unitX, y = dy * unitY
            return (float(Double(t.a) * x + Double(t.c) * y, bound: limit), float(Double(t.b) * x + Double(t.d) * y, bound: limit))
        }
        let userFilterRegion = userRegion(box: box)

        for p in primitives {
            let cs = p.linearRGB
            var result: Image
            switch p.kind {
            case .color(let steps):
                let input = image(p.inputs[0])
                if steps.isEmpty {
                    result = input
                } else {
                    let filters = steps.map { GraphicsContext.AppliedFilter($0, colorSpace: .asIs) }
                    result = Image(input: program.add(.color(filters, inSpace(input, linear: cs))), linear: cs)
                }
            case .blur(let x, let y, let clamps):
                let input = image(p.inputs[0])
                let (sx, sy) = sigmas(x, y)
                if sx < BlurLine.minimumSigma && sy < BlurLine.minimumSigma {
                    result = input  // a zero deviation disables the blur: the result is the input
                } else {
                    result = Image(input: program.add(.blur(inSpace(input, linear: cs), sigmaX: sx, sigmaY: sy, clampsEdges: clamps)),
                                   linear: cs)
                }
            case .offset(let dx, let dy):
                let input = image(p.inputs[0])
                let (x, y) = offset(dx, dy)
                result = x == 0 && y == 0 ? input : Image(input: program.add(.offset(input.input, dx: x, dy: y)), linear: input.linear)
            case .flood(let color):
                result = Image(input: program.add(.flood(premultiplied(color, linear: false))), linear: false)
            case .dropShadow(let dx, let dy, let x, let y, let color):
                let source = inSpace(image(p.inputs[0]), linear: cs)
                var shadow = program.add(.alpha(source, inverted: false))
                let (sx, sy) = sigmas(x, y)
                if sx >= BlurLine.minimumSigma || sy >= BlurLine.minimumSigma {
                    shadow = program.add(.blur(shadow, sigmaX: sx, sigmaY: sy, clampsEdges: false))
                }
                let (ox, oy) = offset(dx, dy)
                if ox != 0 || oy != 0 { shadow = program.add(.offset(shadow, dx: ox, dy: oy)) }
                shadow = program.add(.composite(program.add(.flood(premultiplied(color, linear: cs))), over: shadow, .in))
                result = Image(input: program.add(.composite(source, over: shadow, .over)), linear: cs)
            case .composite(let op):
                let a = inSpace(image(p.inputs[0]), linear: cs), b = inSpace(image(p.inputs[1]), linear: cs)
                result = Image(input: program.add(.composite(a, over: b, op)), linear: cs)
            case .blend(let mode):
                let a = inSpace(image(p.inputs[0]), linear: cs), b = inSpace(image(p.inputs[1]), linear: cs)
                result = Image(input: program.add(.composite(a, over: b, .blend(mode))), linear: cs)
            case .merge:
                guard let first = p.inputs.first else {
                    result = Image(input: program.add(.flood(.zero)), linear: false)
                    break
                }
                var merged = inSpace(image(first), linear: cs)
                for next in p.inputs.dropFirst() {
                    merged = program.add(.composite(inSpace(image(next), linear: cs), over: merged, .over))
                }
                result = Image(input: merged, linear: cs)
            }
            if let sub = p.subregion {
                let r = subregionRect(sub, box: box, filterRegion: userFilterRegion).applying(t)
                func pixel(_ v: CGFloat, _ rule: FloatingPointRoundingRule) -> Int {
                    v.isFinite ? Int(max(-limit, min(limit, Double(v.rounded(rule))))) : (v > 0 ? Int(limit) : -Int(limit))
                }
                result.input = program.add(.crop(result.input, x0: pixel(r.minX, .down), y0: pixel(r.minY, .down),
                                                 x1: pixel(r.maxX, .up), y1: pixel(r.maxY, .up)))
            }
            results.append(result)
        }
        let last = results.last ?? Image(input: .source, linear: false)
        program.outputs = [ImageFilterProgram.Output(input: inSpace(last, linear: false), blendMode: blendMode)]
        return program
    }

    /// A primitive's subregion in user space: its own x, y, width and height in primitive units, the
    /// filter region's where not given.
    private func subregionRect(_ s: SVGFilterPrimitive.Subregion, box: CGRect, filterRegion: CGRect) -> CGRect {
        let bbox = primitiveUnits == .objectBoundingBox
        let x = s.x.map { bbox ? box.minX + $0 * box.width : $0 } ?? filterRegion.minX
        let y = s.y.map { bbox ? box.minY + $0 * box.height : $0 } ?? filterRegion.minY
        let w = s.width.map { bbox ? $0 * box.width : $0 } ?? filterRegion.width
        let h = s.height.map { bbox ? $0 * box.height : $0 } ?? filterRegion.height
        return CGRect(x: x, y: y, width: max(0, w), height: max(0, h))
    }
}
