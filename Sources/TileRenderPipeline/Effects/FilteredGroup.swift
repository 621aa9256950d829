import Foundation
import TileRenderGeometry

// How a context's blur and shadow filters become an offscreen group: the drawing is recorded into a
// scene of its own in device pixels, over a frame that reaches as far beyond the drawing as the
// filters do (so a shadow is never cut at a tile, layer or canvas edge), and the group carries the
// `ImageFilterProgram` that the Renderer runs over the rendered frame.

extension GraphicsContext {
    /// The most pixels a filter frame has: beyond it the frame is cut to the canvas and the filters'
    /// reach, and a canvas larger than this is drawn without its blur and shadow filters (the colour
    /// filters still apply). 2^24 pixels: 64 MB per image of the program.
    package static let maxFilterFramePixels = 1 << 24

    /// Draws `body` through this context's filters, some of which read neighbouring pixels: recorded
    /// as an offscreen group with the filters' program, composited with this context's opacity, blend
    /// mode and clip.
    package func drawFiltered(_ body: (inout GraphicsContext) throws -> Void) rethrows {
        let (program, reach) = ImageFilterProgram.chain(filters, blendMode: blendMode)
        let content = try recordFilterContent(body)
        guard let ink = content.deviceInkBounds else { return }
        guard let frame = filterFrame(around: ink.insetBy(dx: -reach.width, dy: -reach.height), reach: reach) else {
            // Too large to filter: drawn with the colour filters only.
            var plain = self
            plain.filters = filters.filter { $0.colorFilter != nil }
            return try plain.drawLayer(content: body)
        }
        guard !frame.isEmpty else { return }  // nothing reaches the canvas
        appendFilteredGroup(content, frame: frame, program: program)
    }

    /// Draws `body` as an offscreen group over `region` (in this context's user space), run through
    /// `program` (built in device pixels for this context's transform) and composited with this
    /// context's opacity, blend mode and clip: SVG's `filter`, whose result is cut to its filter
    /// region. The frame is the region's device bounds in whole pixels, cut to the canvas grown by
    /// `program.reach`. Returns false, having drawn nothing, when that frame has more than
    /// `maxFilterFramePixels` pixels (the caller draws unfiltered).
    package func drawFiltered(program: ImageFilterProgram, region: CGRect,
                              _ body: (inout GraphicsContext) throws -> Void) rethrows -> Bool {
        let device = region.applying(transform)
        guard [device.minX, device.minY, device.maxX, device.maxY].allSatisfy(\.isFinite) else { return false }
        guard let frame = filterFrame(around: device, reach: program.reach) else { return false }
        // Nothing of the region is on the canvas: the result is not visible.
        if frame.isEmpty { return true }
        appendFilteredGroup(try recordFilterContent(body), frame: frame, program: program)
        return true
    }

    /// `body`'s drawing in device pixels, as a scene of its own.
    private func recordFilterContent(_ body: (inout GraphicsContext) throws -> Void) rethrows -> Scene {
        var content = Scene(size: size)
        try content.draw { c in
            c.transform = transform
            c.rootTransform = rootTransform
            c.darkAppearance = darkAppearance
            try body(&c)
        }
        return content
    }

    /// The pixel-aligned frame a filter runs over: `area` (device pixels) cut to the canvas grown by
    /// `reach`, and to the canvas alone when that is still over `maxFilterFramePixels`. Empty when
    /// nothing of it reaches the canvas; nil when it is too large even so.
    private func filterFrame(around area: CGRect, reach: CGSize) -> CGRect? {
        let canvas = CGRect(origin: .zero, size: size)
        let grownCanvas = canvas.insetBy(dx: -reach.width, dy: -reach.height)
        var frame = area.intersection(grownCanvas)
        if frame.width * frame.height > CGFloat(Self.maxFilterFramePixels) { frame = frame.intersection(canvas) }
        guard !frame.isNull, frame.width > 0, frame.height > 0 else { return .zero }  // nothing reaches the canvas
        let x0 = frame.minX.rounded(.down), y0 = frame.minY.rounded(.down)
        frame = CGRect(x: x0, y: y0, width: frame.maxX.rounded(.up) - x0, height: frame.maxY.rounded(.up) - y0)
        guard frame.width * frame.height <= CGFloat(Self.maxFilterFramePixels) else { return nil }
        return frame
    }

    private func appendFilteredGroup(_ content: Scene, frame: CGRect, program: ImageFilterProgram) {
        var content = content.translated(x: -frame.minX, y: -frame.minY)
        content.size = frame.size
        recorder.append(.group(OffscreenGroup(content: content, bounds: frame, transform: .identity,
                                              compositing: .filtered(program.movingCrops(x: -Int(frame.minX), y: -Int(frame.minY))),
                                              layer: layer,
                                              blendMode: blendMode, opacity: opacity)))
    }
}

extension ImageFilterProgram {
    /// The program that runs a context's filter chain over its drawing, with the output composited
    /// with `blendMode`, and how far (in device pixels, per axis) the result reaches beyond the drawing.
    package static func chain(_ filters: [GraphicsContext.ChainedFilter],
                              blendMode: GraphicsContext.BlendMode) -> (ImageFilterProgram, reach: CGSize) {
        var program = ImageFilterProgram()
        var image = Input.source
        var pending: [GraphicsContext.AppliedFilter] = []
        var reachX: Float = 0, reachY: Float = 0
        func flush() {
            if !pending.isEmpty { image = program.add(.color(pending, image)) }
            pending = []
        }
        for (index, filter) in filters.enumerated() {
            let isLast = index == filters.count - 1
            switch filter {
            case .color(let f):
                pending.append(f)
            case .blur(let sigma, let clampsEdges):
                flush()
                guard sigma >= BlurLine.minimumSigma else { continue }
                if !clampsEdges { reachX += 3 * sigma; reachY += 3 * sigma }
                // Two Gaussians in a row are one, of the root of the summed variances: a chain of
                // blurs costs one blur.
                if case .step(let last) = image, last == program.steps.count - 1,
                   case .blur(let input, let sx, let sy, clampsEdges) = program.steps[last] {
                    program.replaceLast(.blur(input, sigmaX: (sx * sx + sigma * sigma).squareRoot(),
                                              sigmaY: (sy * sy + sigma * sigma).squareRoot(), clampsEdges: clampsEdges))
                    continue
                }
                image = program.add(.blur(image, sigmaX: sigma, sigmaY: sigma, clampsEdges: clampsEdges))
            case .shadow(let color, let sigma, let dx, let dy, let shadowBlend, let options):
                flush()
                var shadow = program.add(.alpha(image, inverted: options.contains(.invertsAlpha)))
                if sigma >= BlurLine.minimumSigma {
                    shadow = program.add(.blur(shadow, sigmaX: sigma, sigmaY: sigma, clampsEdges: false))
                }
                if dx != 0 || dy != 0 { shadow = program.add(.offset(shadow, dx: dx, dy: dy)) }
                shadow = program.add(.composite(program.add(.flood(color)), over: shadow, .in))
                if options.contains(.invertsAlpha) { shadow = program.add(.composite(shadow, over: image, .in)) }
                reachX += 3 * sigma + abs(dx); reachY += 3 * sigma + abs(dy)
                if options.contains(.shadowOnly) {
                    image = shadow
                    if isLast, shadowBlend != .normal {
                        program.outputs = [Output(input: shadow, blendMode: shadowBlend)]
                    }
                } else if isLast, shadowBlend != .normal {
                    // The shadow meets what is already drawn: two outputs, each with its blend mode.
                    let content = Output(input: image, blendMode: blendMode), cast = Output(input: shadow, blendMode: shadowBlend)
                    program.outputs = options.contains(.shadowAbove) ? [content, cast] : [cast, content]
                } else {
                    image = options.contains(.shadowAbove) ? program.add(.composite(shadow, over: image, .over))
                                                           : program.add(.composite(image, over: shadow, .over))
                }
            }
        }
        flush()
        if program.outputs.isEmpty { program.outputs = [Output(input: image, blendMode: blendMode)] }
        let limit = Float(2 * Bitmap.maxDimension)
        return (program, CGSize(width: CGFloat(min(reachX, limit).rounded(.up)), height: CGFloat(min(reachY, limit).rounded(.up))))
    }
}

extension Scene {
    /// A rectangle in device pixels that holds every pixel the scene's commands can draw, or nil when
    /// they draw nothing. Conservative: a stroke's outline is bounded by its path's box grown by half
    /// the line width times the miter limit (or the square cap's diagonal); non-finite geometry counts
    /// as unbounded (the caller cuts it to the canvas).
    package var deviceInkBounds: CGRect? {
        var bounds = CGRect.null
        let unbounded = CGRect(x: -1e15, y: -1e15, width: 2e15, height: 2e15)
        func add(_ r: CGRect) {
            let finite = [r.minX, r.minY, r.maxX, r.maxY].allSatisfy(\.isFinite)
            bounds = bounds.union(finite ? r : unbounded)
        }
        for command in commands {
            switch command {
            case .fill(let f):
                guard !f.path.isEmpty else { continue }
                add(f.path.boundingRect.applying(f.transform))
            case .stroke(let s):
                guard !s.path.isEmpty, s.style.lineWidth > 0 else { continue }
                let miter = s.style.lineJoin == .miter ? max(s.style.miterLimit, 1) : 1
                let grow = s.style.lineWidth / 2 * max(miter, 2.0.squareRoot())
                add(s.path.boundingRect.insetBy(dx: -grow, dy: -grow).applying(s.transform))
            case .group(let g):
                if case .tiled(let path, _) = g.compositing {
                    add(path.boundingRect.applying(g.transform))  // the pattern paints the path, not the tile
                } else {
                    add(g.bounds.applying(g.transform))
                }
            case .layer:
                continue
            }
        }
        return bounds.isNull || bounds.isEmpty ? nil : bounds
    }

    /// The scene with everything moved by (x, y) device pixels.
    package func translated(x: CGFloat, y: CGFloat) -> Scene {
        let move = CGAffineTransform(translationX: x, y: y)
        var moved = self
        moved.commands = commands.map { command in
            switch command {
            case .fill(var f):
                f.transform = f.transform.concatenating(move)
                return .fill(f)
            case .stroke(var s):
                s.transform = s.transform.concatenating(move)
                return .stroke(s)
            case .layer(var l):
                if let clip = l.clip { l.clip?.transform = clip.transform.concatenating(move) }
                return .layer(l)
            case .group(var g):
                g.transform = g.transform.concatenating(move)
                return .group(g)
            }
        }
        return moved
    }
}
