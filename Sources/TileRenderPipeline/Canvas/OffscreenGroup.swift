import Foundation
import TileRenderGeometry

// Offscreen groups: content recorded into a scene of its own, rendered by the Renderer on its own
// backend into an image and composited like an image. `drawingGroup()` records one; filters, shadows
// and masks (the effects issue) are further ways of compositing the same rendered content.
//
// The recorded content is Equatable: the Renderer's offscreen cache finds a rendered group by the
// content itself (a hash only narrows the candidates), so a new command field is part of the key by
// construction and two different contents can never share a picture.

/// A group of draws rendered offscreen and then composited, as recorded by `drawingGroup()`.
public struct OffscreenGroup: Sendable, Equatable {
    /// How the rendered content reaches the scene.
    public enum Compositing: Sendable, Equatable {
        /// Drawn like an image stretched over `bounds` (bilinear), with the group's opacity and blend mode.
        case image
        /// The program runs over the rendered image (`content.size` is `bounds`' size in device pixels,
        /// `transform` the identity); its outputs are drawn over `bounds`, one texel per pixel, each with
        /// its blend mode and the group's opacity.
        case filtered(ImageFilterProgram)
        /// The image stretched over `bounds` and repeated from there, painting `path` (user space of
        /// `transform`) filled by `rule` (SVG's pattern paints).
        case tiled(Path, FillRule)
    }

    /// The group's drawing, in offscreen pixels: `content.size` is the offscreen's size in whole pixels.
    public var content: Scene
    /// Where the offscreen is drawn, in the user space of `transform`.
    public var bounds: CGRect
    /// User space to pixels.
    public var transform: CGAffineTransform
    public var compositing: Compositing = .image
    /// The innermost layer the group is drawn into, or nil at the top level.
    public var layer: UInt32? = nil
    public var blendMode: GraphicsContext.BlendMode = .normal
    public var opacity: Double
    /// An id that stands for `content` (nil: none): groups recorded with the same id have the same
    /// content, so a renderer's offscreen cache finds the image by the id without comparing the content.
    /// `drawingGroup()` gives each recording it keeps one.
    public var contentID: UInt64? = nil

    /// The images a group draws: one for `.image`, the program's outputs for `.filtered`.
    package var imageCount: Int {
        switch compositing {
        case .image, .tiled: 1
        case .filtered(let program): program.outputs.count
        }
    }

    /// Whether what the group draws lies wholly outside `canvas` (device pixels): its bounds, or for a
    /// pattern its path, under its transform. Non-finite geometry is never outside.
    package func liesOutside(_ canvas: CGRect) -> Bool {
        let area: CGRect
        if case .tiled(let path, _) = compositing { area = path.boundingRect } else { area = bounds }
        guard !area.isNull else { return true }
        let device = area.applying(transform)
        guard device.minX.isFinite, device.minY.isFinite, device.maxX.isFinite, device.maxY.isFinite else { return false }
        return !device.intersects(canvas)
    }

    /// The commands that draw the group's images (`images`, `imageCount` of them, each of
    /// `content.size` pixels) in its place.
    package func compositeCommands(_ images: [ImageTexels]) -> [DrawCommand] {
        func draw(_ image: ImageTexels, _ blend: GraphicsContext.BlendMode) -> DrawCommand {
            .fill(FillCommand(layer: layer, blendMode: blend, path: Path(bounds), transform: transform,
                              shading: GraphicsContext.Shading(kind: .image(image, destination: bounds)),
                              rule: .nonZero, opacity: opacity))
        }
        switch compositing {
        case .image:
            return images.map { draw($0, blendMode) }
        case .tiled(let path, let rule):
            return images.map { image in
                .fill(FillCommand(layer: layer, blendMode: blendMode, path: path, transform: transform,
                                  shading: GraphicsContext.Shading(kind: .tiledImage(image, tile: bounds)),
                                  rule: rule, opacity: opacity))
            }
        case .filtered(let program):
            return zip(images, program.outputs).map { draw($0, $1.blendMode) }
        }
    }
}

extension GraphicsContext {
    /// Records `content` (whose size is the offscreen's, in pixels) as an offscreen group drawn over
    /// `rect` (user space) with this context's transform, opacity, blend mode and clip.
    package func drawOffscreen(_ content: Scene, in rect: CGRect, contentID: UInt64? = nil) {
        guard rect.width > 0, rect.height > 0 else { return }
        throughFilters { c in
            c.recorder.append(.group(OffscreenGroup(content: content, bounds: rect, transform: c.transform, layer: c.layer,
                                                    blendMode: c.blendMode, opacity: c.opacity, contentID: contentID)))
        }
    }
}

extension GraphicsContext {
    /// Fills `path` with `content` repeated: `content` (whose size is one tile's, in pixels) is drawn
    /// over `tile` (user space) and repeated from there in both directions, with this context's
    /// transform, opacity, blend mode and clip (SVG's patterns).
    package func fill(_ path: Path, tiledWith content: Scene, tile: CGRect, style: FillStyle = FillStyle()) {
        guard tile.width > 0, tile.height > 0, !path.isEmpty else { return }
        throughFilters { c in
            c.recorder.append(.group(OffscreenGroup(content: content, bounds: tile, transform: c.transform,
                                                    compositing: .tiled(path, style.isEOFilled ? .evenOdd : .nonZero),
                                                    layer: c.layer, blendMode: c.blendMode, opacity: c.opacity)))
        }
    }
}

extension Scene {
    /// True when the scene (not counting groups nested in groups) records an offscreen group.
    package var hasOffscreenGroups: Bool {
        // Read in place: `contains` copied every command (retaining its path and shading) to look at its case.
        commands.withUnsafeBufferPointer { commands in
            for i in commands.indices { if case .group = commands[i] { return true } }
            return false
        }
    }

    /// This scene with each offscreen group replaced by the commands that composite its images
    /// (`render` makes a group's `imageCount` images).
    package func resolvingOffscreenGroups(_ render: (OffscreenGroup) throws -> [ImageTexels]) rethrows -> Scene {
        guard hasOffscreenGroups else { return self }
        var resolved = self
        let canvas = CGRect(origin: .zero, size: size)
        resolved.commands = try commands.flatMap { command -> [DrawCommand] in
            guard case .group(let group) = command else { return [command] }
            // A group drawn wholly off the canvas (a scrolled list's rows) is not rendered at all.
            if group.liesOutside(canvas) { return [] }
            return group.compositeCommands(try render(group))
        }
        return resolved
    }
}
