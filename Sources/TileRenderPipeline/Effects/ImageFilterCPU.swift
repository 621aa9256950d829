import Foundation
import Shaders
import TileRenderGeometry

// The CPU half of the image filters: each step runs over the frame's rows, split across threads
// (rows are independent, so any thread count gives the same bytes). filter.comp is the GPU half,
// step for step: keep the two alike.

extension ImageFilterProgram {
    /// Runs the program over `source` (the frame: premultiplied RGBA8, rows of `width * 4` bytes) and
    /// returns the images of `outputs`, in order.
    package func run(on source: Bitmap, threadCount: Int) throws -> [Bitmap] {
        let width = source.width, height = source.height
        let source = source.bytesPerRow == width * 4 ? source.pixels : Self.packedRows(source)
        var images: [[UInt8]] = []
        images.reserveCapacity(steps.count)
        func image(_ input: Input) -> [UInt8] {
            switch input {
            case .source: source
            case .step(let i): images[i]
            }
        }
        let frame = Frame(width: width, height: height, threads: max(1, threadCount))
        for step in steps {
            switch step {
            case .color(let filters, let input):
                images.append(frame.color(image(input), filters))
            case .alpha(let input, let inverted):
                images.append(frame.alpha(image(input), inverted: inverted))
            case .blur(let input, let sx, let sy, let clamps):
                images.append(frame.blur(image(input), sigmaX: sx, sigmaY: sy, clampsEdges: clamps))
            case .offset(let input, let dx, let dy):
                images.append(frame.offset(image(input), dx: dx, dy: dy))
            case .flood(let color):
                let p = Frame.pack(color)
                images.append([UInt8]((0..<width * height).lazy.flatMap { _ in [p.x, p.y, p.z, p.w] }))
            case .composite(let a, let b, let op):
                images.append(frame.composite(image(a), image(b), op))
            case .crop(let input, let x0, let y0, let x1, let y1):
                images.append(frame.crop(image(input), x0: x0, y0: y0, x1: x1, y1: y1))
            }
        }
        return try outputs.map { try Bitmap(width: width, height: height, premultipliedRGBA: image($0.input)) }
    }

    private static func packedRows(_ b: Bitmap) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: b.width * b.height * 4)
        for y in 0..<b.height {
            for i in 0..<b.width * 4 { out[y * b.width * 4 + i] = b.pixels[y * b.bytesPerRow + i] }
        }
        return out
    }
}

/// The frame a program runs over, and its steps on RGBA8 images of it.
private struct Frame {
    let width: Int, height: Int, threads: Int

    /// Rounds a premultiplied colour (0...1) to RGBA8, colour at most alpha (as filter.comp's `pack`).
    @inline(__always) static func pack(_ c: SIMD4<Float>) -> SIMD4<UInt8> {
        var v = (c.clamped(lowerBound: .zero, upperBound: .one) * 255).rounded(.toNearestOrEven)
        v = v.replacing(with: SIMD4(repeating: v.w), where: v .> SIMD4(repeating: v.w))
        // 0...255 whole numbers: the conversions are exact.
        return SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(v))
    }

    @inline(__always) static func load(_ p: ReadOnlySpan<UInt8>, _ i: Int) -> SIMD4<Float> {
        SIMD4(Float(p[i]), Float(p[i + 1]), Float(p[i + 2]), Float(p[i + 3])) / 255
    }

    @inline(__always) static func store(_ p: ScratchSpan<UInt8>, _ i: Int, _ c: SIMD4<Float>) {
        let v = pack(c)
        p[i] = v.x; p[i + 1] = v.y; p[i + 2] = v.z; p[i + 3] = v.w
    }

    /// A new image whose rows `body(y, input, output)` writes, rows split across the threads (each
    /// row's bytes are written by one call only).
    func rows(_ input: [UInt8], _ body: (Int, ReadOnlySpan<UInt8>, ScratchSpan<UInt8>) -> Void) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: width * height * 4)
        input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                let shared = UncheckedSendable((ReadOnlySpan(src), ScratchSpan(dst)))
                parallelFor(height, threads: threads) { y, _ in body(y, shared.value.0, shared.value.1) }
            }
        }
        return output
    }

    func color(_ input: [UInt8], _ filters: [GraphicsContext.AppliedFilter]) -> [UInt8] {
        let table = filters.flatMap(\.tableEntries)
        return table.withUnsafeBufferPointer { buffer in
            let table = ReadOnlySpan(buffer)
            return rows(input) { y, src, dst in
                for i in stride(from: y * width * 4, to: (y + 1) * width * 4, by: 4) {
                    let c = GraphicsContext.AppliedFilter.apply(table, steps: 0..<table.count, to: Self.load(src, i))
                    Self.store(dst, i, c)
                }
            }
        }
    }

    func alpha(_ input: [UInt8], inverted: Bool) -> [UInt8] {
        rows(input) { y, src, dst in
            for i in stride(from: y * width * 4, to: (y + 1) * width * 4, by: 4) {
                dst[i + 3] = inverted ? 255 - src[i + 3] : src[i + 3]
            }
        }
    }

    /// The rows' passes, then the columns' (`BlurLine`), in Float from the unpacked input to the packed
    /// output: no rounding in between. Each line (a row, then a column) is blurred on its own, as one
    /// invocation of filter.comp does, in the same order of operations.
    func blur(_ input: [UInt8], sigmaX: Float, sigmaY: Float, clampsEdges: Bool) -> [UInt8] {
        let rowPasses = BlurLine.passes(sigma: sigmaX), columnPasses = BlurLine.passes(sigma: sigmaY)
        let width = width, height = height
        var values = [SIMD4<Float>](repeating: .zero, count: width * height)
        input.withUnsafeBufferPointer { src in
            values.withUnsafeMutableBufferPointer { values in
                let shared = UncheckedSendable((ReadOnlySpan(src), ScratchSpan(values)))
                parallelFor(height, threads: threads) { y, _ in
                    let (src, values) = shared.value
                    let row = values.slice(from: y * width, count: width)
                    for x in 0..<width { row[x] = Self.load(src, (y * width + x) * 4) }
                    Self.blurLine(row, rowPasses, clampsEdges: clampsEdges)
                }
            }
        }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        // Columns in blocks of adjacent ones, so each row is read and written a cache line at a time.
        let block = 8, blocks = (width + block - 1) / block
        values.withUnsafeMutableBufferPointer { values in
            output.withUnsafeMutableBufferPointer { dst in
                let shared = UncheckedSendable((ScratchSpan(values), ScratchSpan(dst)))
                parallelFor(blocks, threads: threads) { b, _ in
                    let (values, dst) = shared.value
                    let x0 = b * block, count = min(width, x0 + block) - x0
                    // The block's columns, one after another.
                    let columns = ScratchSpan<SIMD4<Float>>.allocate(uninitializedCount: count * height)
                    defer { columns.deallocate() }
                    for y in 0..<height {
                        for k in 0..<count { columns[k * height + y] = values[y * width + x0 + k] }
                    }
                    for k in 0..<count {
                        Self.blurLine(columns.slice(from: k * height, count: height), columnPasses, clampsEdges: clampsEdges)
                    }
                    for y in 0..<height {
                        for k in 0..<count { Self.store(dst, (y * width + x0 + k) * 4, columns[k * height + y]) }
                    }
                }
            }
        }
        return output
    }

    /// Runs `passes` along `line`, in place. Beyond its ends the line reads transparent, or its end
    /// pixels with `clampsEdges`.
    static func blurLine(_ line: ScratchSpan<SIMD4<Float>>, _ passes: [BlurLine.Pass], clampsEdges: Bool) {
        let n = line.count
        guard n > 0, !passes.isEmpty else { return }
        let scratch = ScratchSpan<SIMD4<Float>>.allocate(uninitializedCount: n)
        defer { scratch.deallocate() }
        var a = line, out = scratch
        for pass in passes {
            let first = clampsEdges ? a[0] : .zero, last = clampsEdges ? a[n - 1] : .zero
            @inline(__always) func v(_ i: Int) -> SIMD4<Float> { i < 0 ? first : i >= n ? last : a[i] }
            switch pass {
            case .gaussian(let w):
                for x in 0..<n {
                    var sum = w[0] * a[x]
                    for k in 1..<w.count { sum += w[k] * (v(x - k) + v(x + k)) }
                    out[x] = sum
                }
            case .box(let left, let right):
                let size = Float(left + right + 1)
                var sum = SIMD4<Float>.zero
                for i in -left...right { sum += v(i) }
                // Where both ends of the window lie inside the line, no bounds are checked.
                let inside = min(n, max(0, left))..<max(min(n, max(0, left)), n - right - 1)
                for x in 0..<inside.lowerBound {
                    out[x] = sum / size
                    sum += v(x + right + 1)
                    sum -= v(x - left)
                }
                for x in inside {
                    out[x] = sum / size
                    sum += a[x + right + 1]
                    sum -= a[x - left]
                }
                for x in inside.upperBound..<n {
                    out[x] = sum / size
                    sum += v(x + right + 1)
                    sum -= v(x - left)
                }
            }
            swap(&a, &out)
        }
        // After an odd number of passes the result is in the scratch buffer.
        if passes.count % 2 == 1 { line.copy(from: a.readOnly) }
    }

    /// Each pixel samples the input at (x - dx, y - dy) bilinearly; outside the frame is transparent.
    func offset(_ input: [UInt8], dx: Float, dy: Float) -> [UInt8] {
        let fx = dx.rounded(.down), fy = dy.rounded(.down)
        // Offsets at least a frame away move everything out of it (and keep the conversions in range).
        guard abs(fx) < Float(width) + 1, abs(fy) < Float(height) + 1 else {
            return [UInt8](repeating: 0, count: width * height * 4)
        }
        let ix = Int(fx), iy = Int(fy), tx = dx - fx, ty = dy - fy
        return rows(input) { y, src, dst in
            func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                x >= 0 && x < width && y >= 0 && y < height ? Self.load(src, (y * width + x) * 4) : .zero
            }
            for x in 0..<width {
                // The output pixel at x takes the input at x - dx: between x - ix - 1 and x - ix.
                let x1 = x - ix, y1 = y - iy
                let top = texel(x1 - 1, y1 - 1) * tx + texel(x1, y1 - 1) * (1 - tx)
                let bottom = texel(x1 - 1, y1) * tx + texel(x1, y1) * (1 - tx)
                Self.store(dst, (y * width + x) * 4, top * ty + bottom * (1 - ty))
            }
        }
    }

    /// The input inside x0..<x1, y0..<y1 (cut to the frame), transparent elsewhere.
    func crop(_ input: [UInt8], x0: Int, y0: Int, x1: Int, y1: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let x = max(0, x0)..<max(max(0, x0), min(width, x1)), y = max(0, y0)..<max(max(0, y0), min(height, y1))
        guard !x.isEmpty, !y.isEmpty else { return output }
        for row in y {
            let start = (row * width + x.lowerBound) * 4, end = (row * width + x.upperBound) * 4
            output[start..<end] = input[start..<end]
        }
        return output
    }

    func composite(_ a: [UInt8], _ b: [UInt8], _ op: ImageFilterProgram.CompositeOperator) -> [UInt8] {
        a.withUnsafeBufferPointer { top in
            let shared = UncheckedSendable(ReadOnlySpan(top))
            return rows(b) { y, bottom, dst in
                let top = shared.value
                for i in stride(from: y * width * 4, to: (y + 1) * width * 4, by: 4) {
                    let s = Self.load(top, i), d = Self.load(bottom, i)
                    let c: SIMD4<Float> = switch op {
                    case .over: s + d * (1 - s.w)
                    case .in: s * d.w
                    case .out: s * (1 - d.w)
                    case .atop: s * d.w + d * (1 - s.w)
                    case .xor: s * (1 - d.w) + d * (1 - s.w)
                    case .arithmetic(let k1, let k2, let k3, let k4): k1 * s * d + k2 * s + k3 * d + SIMD4(repeating: k4)
                    case .blend(let mode): Blend.apply(mode.encoded, s, d)
                    }
                    Self.store(dst, i, c)
                }
            }
        }
    }
}
