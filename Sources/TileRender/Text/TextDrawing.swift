import Foundation
import TileRenderGeometry
import TileRenderPipeline
import TileRenderText

/// The settings a `Text` takes from where it is drawn: the environment of a view, or a
/// `GraphicsContext`'s defaults.
package struct TextSettings: Sendable {
    package var font: Font? = nil
    package var foreground: any ShapeStyle = Color.primary
    package var textCase: Text.Case? = nil
    package var lineLimit: Int? = nil
    package var lineSpacing: CGFloat = 0
    package var alignment: TextAlignment = .leading
    package var truncation: Text.TruncationMode = .tail
    /// How far the font may shrink (0...1) before the text is truncated (`minimumScaleFactor`).
    package var minimumScaleFactor: CGFloat = 1
    package init() {}

    /// The defaults, made once: a context's text takes them (their foreground is an existential whose
    /// colour lives in a box, allocated anew by each `TextSettings()`).
    package static let standard = TextSettings()

    /// Whether `other` lays out and paints text the same way (the foreground compared by the view
    /// rule, the rest by `==`): what the view graph asks of every place whose environment is not the
    /// very same, so it must not reflect.
    package func isSame(as other: TextSettings, comparingForeground: Bool = true) -> Bool {
        font == other.font && textCase == other.textCase && lineLimit == other.lineLimit
            && lineSpacing.bitPattern == other.lineSpacing.bitPattern && alignment == other.alignment && truncation == other.truncation
            && minimumScaleFactor.bitPattern == other.minimumScaleFactor.bitPattern
            && (!comparingForeground || anyViewValuesEqual(foreground, other.foreground))
    }
}

/// A `Text` with its attributes resolved: the runs to lay out and, per run, how to paint it.
package struct PreparedText: Sendable {
    package struct Paint: Sendable {
        var style: any ShapeStyle
        var underline: Text.Decoration?
        var strikethrough: Text.Decoration?
    }
    package var runs: [TextRunInput]
    /// The text's own runs, whose paints are read when a run is drawn (`paint(_:)`): a label drawn
    /// each frame makes no list of them.
    private var textRuns: [Text.Run]
    package var settings: TextSettings

    package init(_ text: Text, settings: TextSettings) {
        textRuns = text.runs
        runs = []
        runs.reserveCapacity(text.runs.count)
        for index in text.runs.indices {
            // Fields read in place: a copy of the whole run's attributes (a shape style, decorations)
            // cost more than the rest of the loop.
            var font = text.runs[index].attributes.font ?? settings.font ?? .body
            if let weight = text.runs[index].attributes.weight { font = font.weight(weight) }
            if text.runs[index].attributes.italic == true { font = font.italic() }
            if text.runs[index].attributes.monospacedDigit == true { font = font.monospacedDigit() }
            var string = text.runs[index].string
            switch settings.textCase {
            case .uppercase: string = string.uppercased()
            case .lowercase: string = string.lowercased()
            case nil: break
            }
            let style = TextRunStyle(face: font.faceRequest, size: Double(font.pointSize),
                                     features: ShapingFeatures(kerning: true, tabularFigures: font.usesMonospacedDigits),
                                     tracking: Double((text.runs[index].attributes.kerning ?? 0) + (text.runs[index].attributes.tracking ?? 0)),
                                     baselineOffset: Double(text.runs[index].attributes.baselineOffset ?? 0))
            runs.append(TextRunInput(string: string, style: style, tag: index))
        }
        // Last: the settings are moved in, not copied to be read above.
        self.settings = settings
    }

    /// How run `tag` (an index of the text's runs) is painted.
    package func paint(_ tag: Int) -> Paint {
        Paint(style: textRuns[tag].attributes.foreground ?? settings.foreground, underline: textRuns[tag].attributes.underline,
              strikethrough: textRuns[tag].attributes.strikethrough)
    }

    /// The text laid out to fit `width` (nil or infinite: no wrapping), at most `lineLimit` lines.
    package func layout(width: CGFloat?, lineLimit: Int? = nil) -> TextLayout {
        let alignment: LineAlignment
        switch settings.alignment {
        case .leading: alignment = .leading
        case .center: alignment = .center
        case .trailing: alignment = .trailing
        }
        let truncation: LineTruncation
        switch settings.truncation {
        case .head: truncation = .head
        case .middle: truncation = .middle
        case .tail: truncation = .tail
        }
        let maxWidth = width.flatMap { $0.isFinite ? Double(max(0, $0)) : nil }
        // The smaller of the two limits that are set (no array: this runs for every text drawn).
        let limit: Int? = switch (lineLimit, settings.lineLimit) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b?): b
        case (nil, nil): nil
        }
        return TextLayoutCache.shared.layout(runs, options: TextLayoutOptions(maxWidth: maxWidth, lineLimit: limit,
                                                           lineSpacing: Double(settings.lineSpacing),
                                                           alignment: alignment, truncation: truncation))
    }

    /// The layout that fits `size`: wrapped to its width, and with only the lines that fit its height
    /// (at least one), the last of them truncated when lines are dropped. With a minimum scale factor
    /// below 1, a text that would be truncated is first set smaller (the largest scale, to 1/64, at
    /// which it fits whole, but not below the factor).
    package func layout(fitting size: CGSize) -> TextLayout {
        let layout = layout(fitting: size, scale: 1)
        let factor = Double(settings.minimumScaleFactor)
        guard factor.isFinite, factor < 1, fits(layout, size) == false else { return layout }
        let lowest = max(0.01, factor)
        let smallest = self.layout(fitting: size, scale: lowest)
        guard fits(smallest, size) else { return smallest }
        var low = lowest, high = 1.0
        for _ in 0..<6 {
            let mid = (low + high) / 2
            if fits(self.layout(fitting: size, scale: mid), size) { low = mid } else { high = mid }
        }
        return self.layout(fitting: size, scale: low)
    }

    private func fits(_ layout: TextLayout, _ size: CGSize) -> Bool {
        !layout.isTruncated && (!size.height.isFinite || Double(layout.size.height) <= Double(size.height) + 1e-9)
    }

    /// The text with every run's font size and tracking multiplied by `scale`.
    private func scaled(_ scale: Double) -> PreparedText {
        guard scale != 1 else { return self }
        var copy = self
        for i in copy.runs.indices {
            copy.runs[i].style.size *= scale
            copy.runs[i].style.tracking *= scale
            copy.runs[i].style.baselineOffset *= scale
        }
        return copy
    }

    private func layout(fitting size: CGSize, scale: Double) -> TextLayout {
        // At scale 1 (nearly always) the text itself, not a copy of it.
        scale == 1 ? linesFitting(size) : scaled(scale).linesFitting(size)
    }

    /// The layout wrapped to `size`'s width, with only the lines that fit its height (at least one).
    private func linesFitting(_ size: CGSize) -> TextLayout {
        var layout = layout(width: size.width)
        let height = Double(size.height)
        if height.isFinite, layout.lines.count > 1, layout.size.height > height + 1e-9 {
            let fitting = max(1, layout.lines.filter { $0.top + $0.height <= height + 1e-9 }.count)
            layout = self.layout(width: size.width, lineLimit: fitting)
        }
        return layout
    }

    /// Draws `layout` with its top-left corner at `origin` in `context`'s user space: one fill per run
    /// and line, then decorations. A run is drawn from glyph masks taken from `strikes` where it can be
    /// (`placeMasks`), else filled from the glyph outlines (from the glyph cache, placed by transforms).
    /// Drawn again at the same origin under the same transform on a canvas of the same size, a layout
    /// from the layout cache takes its runs as placed the first time (`StrikeCache.PlacementKey`):
    /// no strike look-up per glyph.
    package func draw(_ layout: TextLayout, at origin: CGPoint, in context: GraphicsContext, shadingOverride: GraphicsContext.Shading? = nil,
                      strikes: StrikeCache = .shared) {
        let frame = CGRect(origin: origin, size: layout.size)
        // Glyphs whose em box, widened by an em each way, misses the canvas are left out: a 1 MB line
        // drawn on a small canvas costs only its visible glyphs. Under a transform that is not finite
        // or invertible nothing is left out.
        let canvas = CGRect(origin: .zero, size: context.size)
        let transform = context.transform
        func visible(_ x: Double, _ y: Double, _ g: PositionedGlyph) -> Bool {
            let em = g.scale * Double(g.face.unitsPerEm)
            let box = CGRect(x: x - em, y: y - 2 * em, width: g.advance + 3 * em, height: 3 * em).applying(transform)
            guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return true }
            return box.intersects(canvas)
        }
        // A text that left glyphs out is drawn for where it is: its recording cannot be moved.
        var culledAny = false
        defer { if culledAny { context.recorder.markPositionDependent() } }
        // The runs as placed the last time this layout was drawn here (same origin, transform and
        // canvas), or a list to keep of them as placed now.
        let placementKey = context.filters.isEmpty && context.projections.isEmpty
            ? StrikeCache.PlacementKey(layout: layout.cacheID, origin: origin, transform: transform, canvas: context.size) : nil
        let kept = placementKey.flatMap { strikes.placedLayout($0) }
        if let kept { culledAny = kept.culledAny }
        var placing: [StrikeCache.PlacedRun] = []
        var runIndex = 0
        defer {
            if kept == nil, let placementKey {
                strikes.keep(StrikeCache.PlacedLayout(runs: placing, culledAny: culledAny), for: placementKey)
            }
        }
        // Lines read in place (a copy of a line is a call through its value witness).
        for lineIndex in layout.lines.indices {
            var start = 0
            let glyphs = layout.lines[lineIndex].glyphs
            let lineX = layout.lines[lineIndex].x, baseline = layout.lines[lineIndex].baseline
            while start < glyphs.count {
                var end = start
                let tag = glyphs[start].tag
                while end < glyphs.count && glyphs[end].tag == tag { end += 1 }
                let paint = paint(tag)
                let shading = shadingOverride ?? paint.style.resolvedShading(in: frame)
                let placed: StrikeCache.PlacedRun
                if let kept {
                    placed = kept.runs[runIndex]
                } else {
                    placed = placeMasks(glyphs[start..<end], lineX: lineX, baseline: baseline, origin: origin, in: context, strikes: strikes,
                                        culledAny: &culledAny)
                    if placementKey != nil { placing.append(placed) }
                }
                runIndex += 1
                switch placed {
                case .masks(let run, let bounds):
                    context.fill(glyphs: run, bounds: bounds, with: shading)
                case .nothing:
                    break
                case .outlines:
                    var path = Path()
                    let cache = GlyphCache.shared
                    for g in glyphs[start..<end] {
                        let x = Double(origin.x) + lineX + g.x, y = Double(origin.y) + baseline + g.y
                        let isVisible = visible(x, y, g)
                        if !isVisible { culledAny = true }
                        let outline = isVisible ? cache.outline(of: g.glyph, in: g.face) : Path()
                        if !outline.isEmpty {
                            path.addPath(outline, transform: CGAffineTransform(a: g.scale, b: 0, c: 0, d: g.scale, tx: x, ty: y))
                        }
                    }
                    if !path.isEmpty { context.fill(path, with: shading) }
                }
                // Underline and strikethrough over the run's part of the line, in its first glyph's face.
                defer { start = end }
                if paint.underline == nil && paint.strikethrough == nil { continue }
                var minX = Double.infinity, maxX = -Double.infinity
                for g in glyphs[start..<end] {
                    let x = Double(origin.x) + lineX + g.x
                    minX = min(minX, x); maxX = max(maxX, x + g.advance)
                }
                let first = glyphs[start]
                let scale = first.scale
                let runBaseline = Double(origin.y) + baseline + (first.y - 0)
                for (decoration, isUnder) in [(paint.underline, true), (paint.strikethrough, false)] {
                    guard let decoration, decoration.isActive, maxX > minX else { continue }
                    let thickness = Double(isUnder ? first.face.underlineThickness : first.face.strikeoutThickness) * scale
                    let centre = isUnder ? runBaseline - Double(first.face.underlinePosition) * scale
                        : runBaseline - Double(first.face.strikeoutPosition) * scale + thickness / 2
                    let bar = Path(CGRect(x: minX, y: centre - thickness / 2, width: maxX - minX, height: thickness))
                    context.fill(bar, with: decoration.color.map { .color($0) } ?? shading)
                }
            }
        }
    }
}

extension PreparedText {
    /// Places a run of glyphs (one paint, one line) as the strike cache's masks (`StrikeCache`), for
    /// `GraphicsContext.fill(glyphs:bounds:with:)`; or returns `.outlines` when the run is to be
    /// filled from its outlines: under a transform other than a
    /// translation with a uniform positive scale, under filters or projections, with a glyph whose em
    /// exceeds `StrikeCache.maxEm` device pixels, or with a position or scale that is not finite (or
    /// beyond 2^30 pixels). Pen positions are rounded to `GlyphMaskRun.subpixelSteps` steps per device
    /// pixel in x and in y, so a glyph lies at most 1/32 pixel from where the outline would be.
    fileprivate func placeMasks(_ glyphs: ArraySlice<PositionedGlyph>, lineX: Double, baseline: Double, origin: CGPoint,
                                in context: GraphicsContext, strikes: StrikeCache, culledAny: inout Bool) -> StrikeCache.PlacedRun {
        let t = context.transform
        let k = Double(t.a)
        guard context.filters.isEmpty, context.projections.isEmpty, t.b == 0, t.c == 0, t.a == t.d, k > 0, k.isFinite,
              Double(t.tx).isFinite, Double(t.ty).isFinite else { return .outlines }
        let steps = GlyphMaskRun.subpixelSteps
        // Visibility as `draw`'s `visible`, for this transform: the em box widened by an em each way,
        // against the canvas.
        let width = Double(context.size.width), height = Double(context.size.height)
        var requests: [StrikeCache.Request] = []
        var positions: [(x: Double, y: Double, scale: Double, px: Int, py: Int, sx: Int, sy: Int)] = []
        requests.reserveCapacity(glyphs.count); positions.reserveCapacity(glyphs.count)
        for g in glyphs {
            let x = Double(origin.x) + lineX + g.x, y = Double(origin.y) + baseline + g.y
            let scale = g.scale * k
            let em = scale * Double(g.face.unitsPerEm)
            guard scale.isFinite, scale > 0, em <= StrikeCache.maxEm else { return .outlines }
            let dx = k * x + Double(t.tx), dy = k * y + Double(t.ty)
            let qx = (dx * steps).rounded(), qy = (dy * steps).rounded()
            guard abs(qx) < Double(1 << 30), abs(qy) < Double(1 << 30) else { return .outlines }
            let isVisible = dx + k * (g.advance + 2 * g.scale * Double(g.face.unitsPerEm)) > 0 && dx - em < width
                && dy + em > 0 && dy - 2 * em < height
            guard isVisible else { culledAny = true; continue }
            let px = Int((qx / steps).rounded(.down)), py = Int((qy / steps).rounded(.down))
            let sx = Int(qx) - px * Int(steps), sy = Int(qy) - py * Int(steps)
            requests.append(StrikeCache.Request(glyph: g.glyph, face: g.face, scale: scale, stepX: sx, stepY: sy))
            positions.append((x, y, g.scale, px, py, sx, sy))
        }
        let entries = strikes.entries(requests)
        var placed: [GlyphMaskRun.Glyph] = []
        placed.reserveCapacity(entries.count)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for (entry, p) in zip(entries, positions) {
            guard let mask = entry.mask else { continue }
            placed.append(GlyphMaskRun.Glyph(mask: mask, outline: entry.outline, scale: p.scale, x: p.x, y: p.y, pixelX: p.px, pixelY: p.py,
                                             fractionX: Double(p.sx) / steps, fractionY: Double(p.sy) / steps))
            minX = min(minX, p.px + mask.originX); minY = min(minY, p.py + mask.originY)
            maxX = max(maxX, p.px + mask.originX + mask.width); maxY = max(maxY, p.py + mask.originY + mask.height)
        }
        guard !placed.isEmpty else { return .nothing }
        // The masks' box in user space: the command's path, for bounds queries.
        let box = CGRect(x: (Double(minX) - Double(t.tx)) / k, y: (Double(minY) - Double(t.ty)) / k,
                         width: Double(maxX - minX) / k, height: Double(maxY - minY) / k)
        var run = GlyphMaskRun(glyphs: placed, transform: t)
        run.combinesMasks()
        return .masks(run, bounds: Path(box))
    }
}

// MARK: - GraphicsContext

extension GraphicsContext {
    /// A `Text` resolved for drawing in a context (SwiftUI's `GraphicsContext.ResolvedText`): measure
    /// it, then draw it, as often as needed, without resolving it again.
    public struct ResolvedText: Sendable {
        package let prepared: PreparedText
        /// What the text is filled with where its runs set no style of their own (`.foreground`,
        /// black, by default).
        public var shading: GraphicsContext.Shading = .foreground

        /// The size the text takes when it may use at most `size` (it wraps to the width).
        public func measure(in size: CGSize) -> CGSize { prepared.layout(fitting: size).size }
        /// The distance from the top to the first line's baseline, laid out in `size`.
        public func firstBaseline(in size: CGSize) -> CGFloat { CGFloat(prepared.layout(fitting: size).firstBaseline) }
        /// The distance from the top to the last line's baseline, laid out in `size`.
        public func lastBaseline(in size: CGSize) -> CGFloat { CGFloat(prepared.layout(fitting: size).lastBaseline) }
    }

    /// `text` resolved with this context's defaults (the body font, the foreground colour).
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(prepared: PreparedText(text, settings: TextSettings.standard))
    }

    /// Draws `text` on one line (wrapping only at its line breaks) with the point `anchor` of its
    /// bounds at `point` (the centre by default).
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        // As `draw(resolve(text), ...)`: a resolved text's shading is the foreground until changed, so
        // nothing overrides the runs' styles (and no shading is compared).
        draw(PreparedText(text, settings: TextSettings.standard), at: point, anchor: anchor, shadingOverride: nil)
    }

    /// Draws `text` wrapped to `rect`'s width, from its top-left corner; lines below its bottom are
    /// left out (the first line is always drawn).
    public func draw(_ text: Text, in rect: CGRect) {
        draw(PreparedText(text, settings: TextSettings.standard), in: rect, shadingOverride: nil)
    }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        draw(text.prepared, at: point, anchor: anchor, shadingOverride: text.shadingOverride)
    }

    public func draw(_ text: ResolvedText, in rect: CGRect) {
        draw(text.prepared, in: rect, shadingOverride: text.shadingOverride)
    }

    private func draw(_ prepared: PreparedText, at point: CGPoint, anchor: UnitPoint, shadingOverride: Shading?) {
        let layout = prepared.layout(width: nil)
        let origin = CGPoint(x: point.x - anchor.x * layout.size.width, y: point.y - anchor.y * layout.size.height)
        prepared.draw(layout, at: origin, in: self, shadingOverride: shadingOverride)
    }

    private func draw(_ prepared: PreparedText, in rect: CGRect, shadingOverride: Shading?) {
        prepared.draw(prepared.layout(fitting: rect.size), at: rect.origin, in: self, shadingOverride: shadingOverride)
    }
}

extension GraphicsContext.ResolvedText {
    /// The shading to use for every run, when it was changed from `.foreground`.
    var shadingOverride: GraphicsContext.Shading? { shading == .foreground ? nil : shading }
}
