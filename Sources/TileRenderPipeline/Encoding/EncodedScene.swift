import Foundation
import Shaders
import TileRenderGeometry

// Scene encoding: the recorded commands become flat arrays of fixed-width values that every later
// stage (and the GPU) reads by index: one EncodedDraw per fill, stroke or clip path, one EncodedPaint per
// draw, one EncodedLayer per clip or drawLayer group, gradient colour ramps in one shared lookup table.
// Paths stay as Path values here; flattening and stroke expansion happen per draw in the binning
// workers so they run in parallel.

/// One paint, in device space. Its layout is `GPUABI.paint` (checked by GPUABITests).
///
/// Memory layout (64 bytes): kind, lutStart (image paints: firstTexel), spread (image paints:
/// imageWidth), imageHeight; color (premultiplied RGBA); map (6 floats: a device-space affine map to
/// gradient space, `g = (m0*x + m2*y + m4, m1*x + m3*y + m5)`); params (2 floats). Image paints read
/// words 1 and 2 under their own names (`firstTexel`, `imageWidth`: `GPUABI.imagePaintAliases`).
package struct EncodedPaint: Sendable {
    /// What `map` and `params` mean per kind: `GPUABI.PaintKind` (focal: `FineRasterizer.focalT`).
    package typealias Kind = GPUABI.PaintKind
    package var kind: UInt32
    /// Gradients: the first entry of the paint's ramp in `ramps`.
    package var lutStart: UInt32
    /// Gradients: what happens beyond 0...1, a `GPUABI.Spread`.
    package var spread: UInt32 = 0
    /// Image paints: the image's height in texels (0 for other paints).
    package var imageHeight: UInt32 = 0
    /// Image paints: the image's first texel in `images` (stored where gradients keep `lutStart`).
    package var firstTexel: UInt32 {
        get { lutStart }
        set { lutStart = newValue }
    }
    /// Image paints: the image's width in texels (stored where gradients keep `spread`).
    package var imageWidth: UInt32 {
        get { spread }
        set { spread = newValue }
    }
    package var color: SIMD4<Float>
    package var map: (Float, Float, Float, Float, Float, Float)
    package var params: (Float, Float)

    package static func solid(_ premultiplied: SIMD4<Float>) -> EncodedPaint {
        EncodedPaint(kind: Kind.solid.rawValue, lutStart: 0, spread: 0, color: premultiplied,
                     map: (0, 0, 0, 0, 0, 0), params: (0, 0))
    }

    /// True when this paint covers what is under it wherever coverage is 1.
    package var isOpaque: Bool { kind == Kind.solid.rawValue && color.w >= 1 }
}

/// A fill ready for flattening and binning.
package struct EncodedDraw: Sendable {
    package var path: Path
    /// User space to device pixels.
    package var transform: CGAffineTransform
    package var rule: FillRule
    package var paintIndex: UInt32
    /// Set for strokes: the path is expanded to its stroke outline (filled nonzero) before binning.
    package var stroke: StrokeStyle? = nil
    /// The innermost layer the draw belongs to, or `EncodedLayer.none`.
    package var layer: UInt32 = EncodedLayer.none
    /// True for a layer's clip path: its coverage becomes the layer's mask instead of being painted.
    package var isClip = false
    /// `GraphicsContext.BlendMode.encoded`.
    package var blend: UInt32 = 0
    /// For a mask draw (a run of glyph masks), its index in `EncodedScene.maskRuns`; `path` through
    /// `transform` is then the rectangle of device pixels the masks cover (`EncodedScene.unitSquare`
    /// scaled and moved onto it), and its path tiles are that rectangle's tiles
    /// (`TileBinner.prepareBox`: not flattened or cut). `GPUABI.noIndex` for every other draw.
    package var maskRun: UInt32 = GPUABI.noIndex
}

/// A layer (clip or group). Its layout is `GPUABI.layer`.
package struct EncodedLayer: Sendable {
    package static let none = GPUABI.noIndex
    /// Enclosing layer or `none`.
    package var parent: UInt32 = EncodedLayer.none
    /// The draw holding the clip path, or `none` for an unclipped group.
    package var clipDraw: UInt32 = EncodedLayer.none
    /// `GPUABI.Flags`: whether the clip keeps the outside of its path, and the blend mode the layer is
    /// composited with.
    package var flags: UInt32 = 0
    package var isInverse: Bool { flags & GPUABI.Flags.inverseClip != 0 }
    package var blend: UInt32 { (flags >> GPUABI.Flags.blendShift) & GPUABI.Flags.blendMask }
    /// Multiplies the mask when the layer is composited.
    package var opacity: Float = 1
    /// The layer's colour filter steps, `GPUABI.filterStepSize` entries each in `EncodedScene.ramps`,
    /// applied in order to the layer's colour before it is composited.
    package var filterStart: UInt32 = 0
    package var filterCount: UInt32 = 0
}

/// The encoded form of a `Scene`: draws, paints and gradient ramps, in draw order.
package struct EncodedScene: Sendable {
    /// Entries per gradient colour ramp.
    package static let rampSize = GPUABI.rampSize

    package var draws: [EncodedDraw] = []
    package var paints: [EncodedPaint] = []
    /// Premultiplied colour ramps, `rampSize` entries per gradient.
    package var ramps: [SIMD4<Float>] = []
    /// The images drawn, each once, by reference (their texels are not copied: `SceneImages`).
    package var images = SceneImages()
    /// Indexed by layer id.
    package var layers: [EncodedLayer] = []
    /// Mask draws' placements (`EncodedDraw.maskRun` indexes `maskRuns`, which index `maskPlacements`),
    /// and the runs holding the masks they point into.
    package var maskRuns: [MaskRunRange] = []
    package var maskPlacements: [MaskPlacement] = []
    /// The runs whose masks `maskPlacements` point into (kept alive with the encoding).
    package var maskOwners: [GlyphMaskRun] = []
    /// Set when the scene exceeds an encoding limit (distinct gradient ramps, layers); the renderer
    /// throws `TileRenderError.sceneTooLarge` with it before binning.
    package var limitExceeded: String?

    /// Distinct gradient ramps a scene may hold: 16384 x 512 entries x 16 bytes = 128 MiB. Identical
    /// ramps (the same gradient at the same opacity) are stored once.
    package static let maxRampCount = 16_384
    /// Layer ids must fit the 30-bit index of a tile command word.
    package static let maxLayerCount = Int(TileCommand.indexMask)
    private struct RampKey: Hashable { let gradient: Gradient, alpha: Double, linearLight: Bool }
    private var rampStarts: [RampKey: UInt32] = [:]

    /// Encodes `scene`. With `glyphMasks` (backends that draw mask draws: the CPU), runs of glyphs
    /// recorded as masks become mask draws; without it, and wherever a run's masks do not apply under
    /// its transform, they are filled from their outlines (at the masks' quantised positions when the
    /// masks would apply, so that a backend without masks draws the same pixels, to float rounding).
    /// `readsPlainDrawsInPlace` false (tests) encodes every command the general way (`encode`), to
    /// compare with the plain colour draws' own path.
    ///
    /// With `threadCount` above 1 and at least `commandsPerChunk` commands a chunk, runs of plain colour
    /// draws are encoded in chunks on several threads and joined in order; the result is the same
    /// encoding, value for value, as one thread's (`ParallelEncodingTests`).
    package init(_ scene: Scene, glyphMasks: Bool = true, readsPlainDrawsInPlace: Bool = true, threadCount: Int = 1,
                 commandsPerChunk: Int = EncodedScene.commandsPerChunk) {
        let count = scene.commands.count
        paints.reserveCapacity(count)
        scene.commands.withUnsafeBufferPointer { commands in
            let chunkCount = min(threadCount * 4, count / max(1, commandsPerChunk))
            guard readsPlainDrawsInPlace, threadCount > 1, chunkCount > 1 else {
                draws.reserveCapacity(count)
                encodeCommands(commands, from: 0, to: count, glyphMasks: glyphMasks, readsPlainDrawsInPlace: readsPlainDrawsInPlace)
                return
            }
            // Each chunk's leading run of plain colour draws (paint indices from 0), made in parallel.
            let chunks = (0..<chunkCount).map { (count * $0 / chunkCount)..<(count * ($0 + 1) / chunkCount) }
            var leading = [PlainRun?](repeating: nil, count: chunkCount)
            leading.withParallelSlots { results in
                let input = UncheckedSendable(commands)
                // Each worker writes its own chunk's entry; the commands are only read.
                parallelFor(chunkCount, threads: threadCount) { chunk, _ in
                    results[chunk] = EncodedScene.plainRun(input.value, chunks[chunk])
                }
            }
            let runs = leading.map { $0! }
            // The chunks that are plain draws throughout, from the first, are moved into place with
            // their paint indices offset; from the first chunk that meets another kind of command,
            // the rest of the scene is encoded here, in order (the other runs are dropped).
            let whole = runs.indices.first { runs[$0].end < chunks[$0].upperBound } ?? chunkCount
            let starts = runs.prefix(whole).reduce(into: [0]) { $0.append($0.last! + $1.draws.count) }
            let total = starts.last!
            draws = [EncodedDraw](unsafeUninitializedCapacity: max(count, total)) { buffer, initialized in
                let out = UncheckedSendable(buffer)
                // Each worker moves its own run into its own slice.
                parallelFor(whole, threads: threadCount) { chunk, _ in
                    runs[chunk].draws.moveElements(into: out.value, at: starts[chunk])
                    for i in starts[chunk]..<starts[chunk + 1] { out.value[i].paintIndex += UInt32(starts[chunk]) }
                }
                initialized = total
            }
            for run in runs.prefix(whole) { paints.append(contentsOf: run.paints) }
            if whole < chunkCount {
                let run = runs[whole]
                // The leading run of that chunk is kept too; the encoding goes on from where it stopped.
                let base = UInt32(paints.count)
                for i in 0..<run.draws.count {
                    var draw = run.draws[i]
                    draw.paintIndex += base
                    draws.append(draw)
                }
                paints.append(contentsOf: run.paints)
                encodeCommands(commands, from: run.end, to: count, glyphMasks: glyphMasks, readsPlainDrawsInPlace: true)
            }
        }
    }

    /// Commands a chunk takes at least when encoding runs on several threads: below it the joining
    /// costs more than the threads save.
    package static let commandsPerChunk = 512

    /// A chunk's leading run of plain colour draws: the draws (paint indices from 0), their paints,
    /// and where the run stopped (the chunk's end, or its first command of another kind).
    private struct PlainRun {
        var draws: MovableRun<EncodedDraw>
        var paints: [EncodedPaint] = []
        var end = 0
    }

    private static func plainRun(_ commands: UnsafeBufferPointer<DrawCommand>, _ chunk: Range<Int>) -> PlainRun {
        var run = PlainRun(draws: MovableRun(capacity: chunk.count))
        run.paints.reserveCapacity(chunk.count)
        for i in chunk {
            switch plainColorDraw(commands, i, paintIndex: UInt32(run.paints.count)) {
            case .draw(let draw, let paint):
                run.draws.append(draw)
                run.paints.append(paint)
            case .nothing:
                continue
            case .other:
                run.end = i
                return run
            }
        }
        run.end = chunk.upperBound
        return run
    }

    /// Encodes `commands[start..<end]` in order; false when the scene exceeded an encoding limit.
    @discardableResult
    private mutating func encodeCommands(_ commands: UnsafeBufferPointer<DrawCommand>, from start: Int, to end: Int,
                                         glyphMasks: Bool, readsPlainDrawsInPlace: Bool) -> Bool {
        for i in start..<end {
            if !readsPlainDrawsInPlace {
                if !encode(commands[i], glyphMasks: glyphMasks) { return false }
                continue
            }
            // Most commands fill or stroke with a plain colour: those are read in place. Taking a
            // command out of the array (`for command in`) copied it whole, retaining and releasing
            // its path and shading: about 600 of the 1,250 instructions a draw cost.
            switch EncodedScene.plainColorDraw(commands, i, paintIndex: UInt32(paints.count)) {
            case .draw(let draw, let paint):
                draws.append(draw)
                paints.append(paint)
            case .nothing:
                continue
            case .other:
                if !encode(commands[i], glyphMasks: glyphMasks) { return false }
            }
        }
        return true
    }

    /// What `plainColorDraw` made of a command.
    private enum PlainDraw {
        /// A draw and its paint, to append.
        case draw(EncodedDraw, EncodedPaint)
        /// The command draws nothing (transparent, or a singular transform).
        case nothing
        /// Not a plain colour fill or stroke: `encode(_:glyphMasks:)` takes it.
        case other
    }

    /// The draw of a fill or stroke with a colour (not glyphs), read in place as `commands[index]` (the
    /// buffer's subscript reaches the element through its address), without copying the command: what
    /// `encode(_:glyphMasks:)` makes of it, without the dictionaries and arrays a gradient, image or
    /// layer needs. The fields are read first, before any call the compiler cannot
    /// see into: such a call could write the command, and the compiler then copies it whole to keep
    /// what it reads afterwards.
    @inline(never)
    private static func plainColorDraw(_ commands: UnsafeBufferPointer<DrawCommand>, _ index: Int, paintIndex: UInt32) -> PlainDraw {
        let draw: EncodedDraw, color: Color, opacity: Double, blend: GraphicsContext.BlendMode
        switch commands[index] {
        case .fill(let fill):
            guard case .none = fill.glyphs, let c = fill.shading.plainColor else { return .other }
            draw = EncodedDraw(path: fill.path, transform: fill.transform, rule: fill.rule, paintIndex: paintIndex,
                               layer: fill.layer ?? EncodedLayer.none)
            (color, opacity, blend) = (c, fill.opacity, fill.blendMode)
        case .stroke(let stroke):
            guard let c = stroke.shading.plainColor else { return .other }
            draw = EncodedDraw(path: stroke.path, transform: stroke.transform, rule: .nonZero, paintIndex: paintIndex,
                               stroke: stroke.style, layer: stroke.layer ?? EncodedLayer.none)
            (color, opacity, blend) = (c, stroke.opacity, stroke.blendMode)
        case .layer, .group:
            return .other
        }
        guard let alpha = drawAlpha(transform: draw.transform, opacity: opacity),
              let paint = solidPaint(color, alpha: alpha) else { return .nothing }
        var encoded = draw
        encoded.blend = blend.encoded
        return .draw(encoded, paint)
    }

    /// Encodes one command; false when the scene exceeded an encoding limit (`limitExceeded` says which).
    private mutating func encode(_ command: DrawCommand, glyphMasks: Bool) -> Bool {
        switch command {
        case .fill(let fill):
            guard let paint = encodePaint(fill.shading, transform: fill.transform, opacity: fill.opacity) else { return true }
            if let run = fill.glyphs {
                var path: Path, transform = fill.transform
                if let shift = run.pixelShift(under: fill.transform) {
                    if glyphMasks {
                        appendMaskDraw(run, shift: shift, paint: paint, layer: fill.layer ?? EncodedLayer.none,
                                       blend: fill.blendMode.encoded)
                        return true
                    }
                    path = run.quantisedOutline(shift: shift); transform = .identity
                } else {
                    path = run.exactOutline()
                }
                draws.append(EncodedDraw(path: path, transform: transform, rule: .nonZero, paintIndex: UInt32(paints.count),
                                         layer: fill.layer ?? EncodedLayer.none, blend: fill.blendMode.encoded))
                paints.append(paint)
                return true
            }
            draws.append(EncodedDraw(path: fill.path, transform: fill.transform, rule: fill.rule,
                                     paintIndex: UInt32(paints.count), layer: fill.layer ?? EncodedLayer.none,
                                     blend: fill.blendMode.encoded))
            paints.append(paint)
        case .stroke(let stroke):
            guard let paint = encodePaint(stroke.shading, transform: stroke.transform, opacity: stroke.opacity) else { return true }
            draws.append(EncodedDraw(path: stroke.path, transform: stroke.transform, rule: .nonZero,
                                     paintIndex: UInt32(paints.count), stroke: stroke.style,
                                     layer: stroke.layer ?? EncodedLayer.none, blend: stroke.blendMode.encoded))
            paints.append(paint)
        case .group:
            // The Renderer replaces groups by their rendered images before encoding
            // (`Scene.resolvingOffscreenGroups`); an unresolved one draws nothing.
            return true
        case .layer(let layer):
            let id = Int(layer.id)
            guard id < EncodedScene.maxLayerCount else {
                limitExceeded = "more than \(EncodedScene.maxLayerCount) layers (the tile command word's 30-bit index)"
                return false
            }
            if layers.count <= id { layers.append(contentsOf: repeatElement(EncodedLayer(), count: id + 1 - layers.count)) }
            var encoded = EncodedLayer(parent: layer.parent ?? EncodedLayer.none)
            encoded.opacity = layer.opacity.isFinite ? Float(min(max(layer.opacity, 0), 1)) : 0
            encoded.flags = layer.blendMode.encoded << GPUABI.Flags.blendShift
            if let clip = layer.clip {
                encoded.flags |= clip.inverse ? GPUABI.Flags.inverseClip : 0
                encoded.clipDraw = UInt32(draws.count)
                // The paint is never used: a clip's coverage becomes its layer's mask.
                draws.append(EncodedDraw(path: clip.path, transform: clip.transform, rule: clip.rule,
                                         paintIndex: UInt32(paints.count), layer: layer.id, isClip: true))
                paints.append(.solid(.zero))
            }
            if !layer.filters.isEmpty {
                let entries = layer.filters.count * GPUABI.filterStepSize
                guard ramps.count + entries <= EncodedScene.maxRampCount * EncodedScene.rampSize else {
                    limitExceeded = "colour ramps and filters over \((EncodedScene.maxRampCount * EncodedScene.rampSize * 16) >> 20) MiB"
                    return false
                }
                encoded.filterStart = UInt32(ramps.count)
                encoded.filterCount = UInt32(layer.filters.count)
                for step in layer.filters { ramps.append(contentsOf: step.tableEntries) }
            }
            layers[id] = encoded
        }
        return true
    }

    /// Appends a mask draw for `run` moved by `shift` device pixels: its placements sorted by x (then
    /// by their order in the run), and a path of the pixel rectangle they cover.
    private mutating func appendMaskDraw(_ run: GlyphMaskRun, shift: (x: Int, y: Int), paint: EncodedPaint, layer: UInt32, blend: UInt32) {
        let start = maskPlacements.count
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min, maxWidth = 0
        var sorted = true
        if let mask = run.combined {
            // The glyphs' masks summed into one (`GlyphMaskRun.combinesMasks`).
            let x = mask.originX + shift.x, y = mask.originY + shift.y
            if abs(x) < 1 << 30, abs(y) < 1 << 30 {
                maskPlacements.append(MaskPlacement(x: Int32(x), y: Int32(y), width: Int32(mask.width), height: Int32(mask.height),
                                                    values: UnsafePointer(mask.values), levels: UnsafePointer(mask.levels)))
                minX = x; minY = y; maxX = x + mask.width; maxY = y + mask.height; maxWidth = mask.width
            }
        }
        // Each glyph's fields read in place (a copy of a glyph retains its mask and its outline).
        for i in run.glyphs.indices where run.combined == nil {
            guard let mask = run.glyphs[i].mask else { continue }
            let x = run.glyphs[i].pixelX + shift.x + mask.originX, y = run.glyphs[i].pixelY + shift.y + mask.originY
            // Placements beyond Int32 (or a canvas' reach) show nothing.
            guard abs(x) < 1 << 30, abs(y) < 1 << 30 else { continue }
            if maskPlacements.count > start && Int(maskPlacements[maskPlacements.count - 1].x) > x { sorted = false }
            maskPlacements.append(MaskPlacement(x: Int32(x), y: Int32(y), width: Int32(mask.width), height: Int32(mask.height),
                                                values: UnsafePointer(mask.values), levels: UnsafePointer(mask.levels)))
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x + mask.width); maxY = max(maxY, y + mask.height)
            maxWidth = max(maxWidth, mask.width)
        }
        let count = maskPlacements.count - start
        guard count > 0 else { return }
        if !sorted {
            // By x, then in the run's order (a stable sort: the order of equal x is the glyphs').
            let placed = maskPlacements[start...].enumerated().sorted { $0.1.x != $1.1.x ? $0.1.x < $1.1.x : $0.0 < $1.0 }
            maskPlacements.replaceSubrange(start..., with: placed.map(\.1))
        }
        maskOwners.append(run)
        // The masks' pixel rectangle as one shared path through a transform, not a path of its own
        // (allocated and freed per draw). Exact: integers below 2^31 scaled by 0 or 1.
        let box = CGAffineTransform(a: CGFloat(maxX - minX), b: 0, c: 0, d: CGFloat(maxY - minY), tx: CGFloat(minX), ty: CGFloat(minY))
        var draw = EncodedDraw(path: EncodedScene.unitSquare, transform: box, rule: .nonZero, paintIndex: UInt32(paints.count),
                               layer: layer, blend: blend)
        draw.maskRun = UInt32(maskRuns.count)
        maskRuns.append(MaskRunRange(start: UInt32(start), count: UInt32(count), maxWidth: Int32(maxWidth)))
        draws.append(draw)
        paints.append(paint)
    }

    /// The square from (0, 0) to (1, 1): every mask draw's path (`EncodedDraw.maskRun`).
    package static let unitSquare = Path(CGRect(x: 0, y: 0, width: 1, height: 1))

    /// A draw's opacity clamped to 0...1, or nil when the draw shows nothing: opacity 0 (or not a
    /// number), or a transform that is singular or not finite.
    @inline(__always)
    private static func drawAlpha(transform: CGAffineTransform, opacity: Double) -> Double? {
        let alpha = opacity.isFinite ? min(max(opacity, 0), 1) : 0
        guard alpha > 0 else { return nil }
        let det = transform.a * transform.d - transform.b * transform.c
        guard det.isFinite, det != 0 else { return nil }
        return alpha
    }

    /// A colour's paint at `alpha`, or nil when it is wholly transparent.
    @inline(__always)
    private static func solidPaint(_ color: Color, alpha: Double) -> EncodedPaint? {
        let c = EncodedScene.premultiplied(color, alpha: alpha)
        return c.w > 0 ? .solid(c) : nil
    }

    /// Returns nil for paints that draw nothing (fully transparent, non-finite or singular geometry).
    private mutating func encodePaint(_ shading: GraphicsContext.Shading, transform: CGAffineTransform,
                                      opacity: Double) -> EncodedPaint? {
        guard let alpha = EncodedScene.drawAlpha(transform: transform, opacity: opacity) else { return nil }
        if case .color(let color) = shading.kind { return EncodedScene.solidPaint(color, alpha: alpha) }
        // Device -> user space, for gradients and images.
        let inverse = transform.inverted()
        let linearLight = shading.options.contains(.linearColor)
        let spread = (shading.options.contains(.mirror) ? GPUABI.Spread.mirror
                      : shading.options.contains(.repeat) ? .repeat : .pad).rawValue
        switch shading.kind {
        case .color(let color):
            return EncodedScene.solidPaint(color, alpha: alpha)
        case .linearGradient(let gradient, let start, let end):
            guard let lut = appendRamp(gradient, alpha: alpha, linearLight: linearLight) else { return nil }
            let dx = end.x - start.x, dy = end.y - start.y
            let length = robustLength(SIMD2(Double(dx), Double(dy)))
            guard length > 0, length.isFinite, start.x.isFinite, start.y.isFinite else {
                return degenerateGradient(gradient, alpha: alpha)
            }
            // t(user) = ((u - start) . d) / |d|^2, composed with the device -> user map.
            let kx = dx / length / length, ky = dy / length / length
            let t = CGAffineTransform(a: kx, b: 0, c: ky, d: 0,
                                      tx: -(start.x * kx + start.y * ky), ty: 0)
            var m = inverse.concatenating(t)
            // t = m.a x + m.c y + m.tx in device pixels; the gradient is 1 / |(m.a, m.c)| pixels long.
            guard m.a.isFinite, m.c.isFinite, m.tx.isFinite,
                  max(abs(m.a), abs(m.c)) <= EncodedScene.maxGradientScale else {
                return degenerateGradient(gradient, alpha: alpha)
            }
            m.b = 0; m.d = 0; m.ty = 0
            m.tx = EncodedScene.clampOffset(m.tx)
            return gradientPaint(.linear, lut: lut, spread: spread, map: m, params: (0, 0))
        case .radialGradient(let gradient, let center, let r0, let r1):
            guard let lut = appendRamp(gradient, alpha: alpha, linearLight: linearLight) else { return nil }
            // Normalised to the larger radius R: g' = g / R, t = (|g'| - r0 / R) * R / (r1 - r0), so the
            // shader's Float values stay near 1 whatever the radii (1e-40 made 1 / span infinite).
            let radius = max(abs(r0), abs(r1))
            guard radius > 0, radius.isFinite, center.x.isFinite, center.y.isFinite else {
                return degenerateGradient(gradient, alpha: alpha)
            }
            var m = inverse.concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            let k = 1 / radius
            m = CGAffineTransform(a: m.a * k, b: m.b * k, c: m.c * k, d: m.d * k, tx: m.tx * k, ty: m.ty * k)
            guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite),
                  max(max(abs(m.a), abs(m.b)), max(abs(m.c), abs(m.d))) <= EncodedScene.maxGradientScale else {
                return degenerateGradient(gradient, alpha: alpha)
            }
            m.tx = EncodedScene.clampOffset(m.tx); m.ty = EncodedScene.clampOffset(m.ty)
            let span = (r1 - r0) * k
            // r1 == r0 (or closer than 1e-9 R): everything inside is the first colour, outside the last,
            // a hard step at r0 whatever the spread (repeating a zero-width ring would be noise).
            var radialSpread = spread
            var inv = 1 / span
            if !(abs(inv) <= 1e9) { inv = inv < 0 ? -1e9 : 1e9; radialSpread = 0 }
            return gradientPaint(.radial, lut: lut, spread: radialSpread, map: m, params: (Float(r0 * k), Float(inv)))
        case .focalRadialGradient(let gradient, let center, let radius, let focus):
            let dx = center.x - focus.x, dy = center.y - focus.y
            let distance = robustLength(SIMD2(Double(dx), Double(dy)))
            guard radius > 0, radius.isFinite, distance.isFinite, focus.x.isFinite, focus.y.isFinite else {
                return degenerateGradient(gradient, alpha: alpha)  // no circle: as a radial gradient of radius 0
            }
            if distance == 0 {
                let plain = GraphicsContext.Shading.radialGradient(gradient, center: center, startRadius: 0,
                                                                   endRadius: radius, options: shading.options)
                return encodePaint(plain, transform: transform, opacity: opacity)
            }
            guard let lut = appendRamp(gradient, alpha: alpha, linearLight: linearLight) else { return nil }
            // Device -> user -> focus at the origin, centre on +x, radius 1. A focus more than 1e6 radii
            // away is moved to 1e6 radii along the same line (a cone too thin to tell apart), so the
            // shader's Float parameter stays finite.
            let cosA = dx / distance / radius, sinA = dy / distance / radius
            var m = inverse.concatenating(CGAffineTransform(translationX: -focus.x, y: -focus.y))
                .concatenating(CGAffineTransform(a: cosA, b: -sinA, c: sinA, d: cosA, tx: 0, ty: 0))
            guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy(\.isFinite),
                  max(max(abs(m.a), abs(m.b)), max(abs(m.c), abs(m.d))) <= EncodedScene.maxGradientScale else {
                return degenerateGradient(gradient, alpha: alpha)
            }
            m.tx = EncodedScene.clampOffset(m.tx); m.ty = EncodedScene.clampOffset(m.ty)
            return gradientPaint(.focal, lut: lut, spread: spread, map: m, params: (Float(min(distance / radius, 1e6)), 0))
        case .image(let texels, let destination, let nearest):
            return imagePaint(texels, destination: destination, repeats: false, nearest: nearest, inverse: inverse, alpha: alpha)
        case .tiledImage(let texels, let tile):
            return imagePaint(texels, destination: tile, repeats: true, nearest: false, inverse: inverse, alpha: alpha)
        case .conicGradient(let gradient, let center, let startAngle, let endAngle):
            guard let lut = appendRamp(gradient, alpha: alpha, linearLight: linearLight) else { return nil }
            guard center.x.isFinite, center.y.isFinite, startAngle.radians.isFinite, endAngle.radians.isFinite else {
                return degenerateGradient(gradient, alpha: alpha)
            }
            var m = inverse.concatenating(CGAffineTransform(translationX: -center.x, y: -center.y))
            // Only the direction of g matters: divide the map by its largest entry so every Float is at
            // most 1 (the conversion overflowed for tiny transforms).
            let k = [m.a, m.b, m.c, m.d, m.tx, m.ty].map(abs).max() ?? 0
            guard k.isFinite else { return degenerateGradient(gradient, alpha: alpha) }
            if k > 0 { m = CGAffineTransform(a: m.a / k, b: m.b / k, c: m.c / k, d: m.d / k, tx: m.tx / k, ty: m.ty / k) }
            let sweep = endAngle.radians - startAngle.radians
            // A zero (or sub-1e-9 radian) sweep is a hard step at the start angle.
            var inv = sweep.isFinite ? 1 / sweep : 1e9
            if !(abs(inv) <= 1e9) { inv = inv < 0 ? -1e9 : 1e9 }
            let start = fmod(startAngle.radians, 2 * Double.pi)
            return gradientPaint(.conic, lut: lut, spread: spread, map: m, params: (Float(start), Float(inv)))
        }
    }

    /// Largest gradient-space change per device pixel: a linear gradient shorter than 1e-6 device pixels,
    /// or a radial one whose larger radius is, is degenerate. Below that, with canvas coordinates up to
    /// 2^16, the shader's Float arithmetic stays finite (no inf - inf = NaN in repeat and mirror).
    package static let maxGradientScale = 1e6
    /// Gradient-space offsets are clamped to +-1e15: beyond 2^24 a Float has no fraction, so the
    /// colour (pad: an end stop; repeat, mirror: the first stop) is the same as unclamped.
    package static func clampOffset(_ v: Double) -> Double { min(max(v, -1e15), 1e15) }

    /// A gradient with no usable extent (zero or sub-1e-6-pixel length or radius, or non-finite
    /// geometry) paints its last stop's colour whatever the spread, as SVG specifies for zero length and
    /// radius (Skia and resvg agree for pad).
    private func degenerateGradient(_ gradient: Gradient, alpha: Double) -> EncodedPaint? {
        let c = EncodedScene.premultiplied(gradient.stops.last?.color ?? .clear, alpha: alpha)
        return c.w > 0 ? .solid(c) : nil
    }

    private func gradientPaint(_ kind: EncodedPaint.Kind, lut: UInt32, spread: UInt32, map m: CGAffineTransform,
                               params: (Float, Float)) -> EncodedPaint? {
        let values = [m.a, m.b, m.c, m.d, m.tx, m.ty]
        // Callers bound these; a value that would still overflow Float draws nothing.
        guard values.allSatisfy({ $0.isFinite && Float($0).isFinite }), params.0.isFinite, params.1.isFinite else { return nil }
        return EncodedPaint(kind: kind.rawValue, lutStart: lut, spread: spread, color: .zero,
                            map: (Float(m.a), Float(m.b), Float(m.c), Float(m.d), Float(m.tx), Float(m.ty)),
                            params: params)
    }

    package static func premultiplied(_ c: Color, alpha: Double) -> SIMD4<Float> {
        func clamp(_ v: Double) -> Float { v.isFinite ? Float(min(max(v, 0), 1)) : 0 }
        let a = clamp(c.opacity * alpha)
        return SIMD4(clamp(c.red) * a, clamp(c.green) * a, clamp(c.blue) * a, a)
    }

    /// An image paint: `texels` stretched over `destination` (user space; repeated with `repeats`),
    /// `inverse` taking device points to user space.
    private mutating func imagePaint(_ texels: ImageTexels, destination: CGRect, repeats: Bool, nearest: Bool,
                                     inverse: CGAffineTransform, alpha: Double) -> EncodedPaint? {
        // Device -> user -> texel coordinates.
        let toTexels = CGAffineTransform(translationX: -destination.minX, y: -destination.minY)
            .concatenating(CGAffineTransform(scaleX: CGFloat(texels.width) / destination.width,
                                             y: CGFloat(texels.height) / destination.height))
        let m = inverse.concatenating(toTexels)
        guard [m.a, m.b, m.c, m.d, m.tx, m.ty].allSatisfy({ $0.isFinite && Float($0).isFinite }),
              let start = images.firstTexel(of: texels) else { return nil }
        let width = UInt32(texels.width), height = UInt32(texels.height)
        let a = Float(m.a), b = Float(m.b), c = Float(m.c), d = Float(m.d), tx = Float(m.tx), ty = Float(m.ty)
        let map = (a, b, c, d, tx, ty)
        var paint = EncodedPaint(kind: (repeats ? EncodedPaint.Kind.tiledImage : EncodedPaint.Kind.image).rawValue, lutStart: 0,
                                 color: SIMD4(0, 0, 0, Float(alpha)), map: map,
                                 params: (Float((nearest ? GPUABI.ImageSampling.nearest : .bilinear).rawValue), 0))
        paint.firstTexel = UInt32(start)
        paint.imageWidth = width
        paint.imageHeight = height
        return paint
    }

    /// Appends the gradient's premultiplied ramp and returns its start, or nil when it has no stops.
    /// Colours interpolate in sRGB, unpremultiplied, then premultiply; stops out of order are clamped to
    /// be non-decreasing (SwiftUI's behaviour for unsorted stops).
    private mutating func appendRamp(_ gradient: Gradient, alpha: Double, linearLight: Bool) -> UInt32? {
        var stops: [(location: Double, color: Color)] = []
        var last = -Double.infinity
        for s in gradient.stops {
            let loc = s.location.isFinite ? max(Double(s.location), last) : last
            guard loc.isFinite else { continue }
            stops.append((loc, s.color))
            last = loc
        }
        guard !stops.isEmpty else { return nil }
        let key = RampKey(gradient: gradient, alpha: alpha, linearLight: linearLight)
        if let known = rampStarts[key] { return known }
        guard ramps.count / EncodedScene.rampSize < EncodedScene.maxRampCount else {
            limitExceeded = "more than \(EncodedScene.maxRampCount) distinct gradients (\((EncodedScene.maxRampCount * EncodedScene.rampSize * 16) >> 20) MiB of colour ramps)"
            return nil
        }
        let start = UInt32(ramps.count)
        rampStarts[key] = start
        let n = EncodedScene.rampSize
        var k = 0
        for i in 0..<n {
            let t = Double(i) / Double(n - 1)
            while k + 1 < stops.count && stops[k + 1].location <= t { k += 1 }
            let color: Color
            if t <= stops[0].location {
                color = stops[0].color
            } else if k + 1 >= stops.count {
                color = stops[stops.count - 1].color
            } else {
                let a = stops[k], b = stops[k + 1]
                let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
                func mix(_ x: Double, _ y: Double) -> Double {
                    guard linearLight else { return x + (y - x) * f }
                    let lx = GPUABI.SRGB.decode(x), ly = GPUABI.SRGB.decode(y)
                    return GPUABI.SRGB.encode(lx + (ly - lx) * f)
                }
                color = Color(red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                              blue: mix(a.color.blue, b.color.blue),
                              opacity: a.color.opacity + (b.color.opacity - a.color.opacity) * f)
            }
            ramps.append(EncodedScene.premultiplied(color, alpha: alpha))
        }
        return start
    }
}
