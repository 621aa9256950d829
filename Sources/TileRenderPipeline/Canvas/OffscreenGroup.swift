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

    /// The command that draws the rendered content (`image`, of `content.size` pixels) in its place.
    package func compositeCommand(_ image: ImageTexels) -> DrawCommand {
        switch compositing {
        case .image:
            .fill(FillCommand(layer: layer, blendMode: blendMode, path: Path(bounds), transform: transform,
                              shading: GraphicsContext.Shading(kind: .image(image, destination: bounds)),
                              rule: .nonZero, opacity: opacity))
        }
    }
}

extension GraphicsContext {
    /// Records `content` (whose size is the offscreen's, in pixels) as an offscreen group drawn over
    /// `rect` (user space) with this context's transform, opacity, blend mode and clip.
    package func drawOffscreen(_ content: Scene, in rect: CGRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        throughFilters { c in
            c.recorder.append(.group(OffscreenGroup(content: content, bounds: rect, transform: c.transform, layer: c.layer,
                                                    blendMode: c.blendMode, opacity: c.opacity)))
        }
    }
}

extension Scene {
    /// True when the scene (not counting groups nested in groups) records an offscreen group.
    package var hasOffscreenGroups: Bool {
        commands.contains { if case .group = $0 { true } else { false } }
    }

    /// This scene with each offscreen group replaced by the command that composites its rendered
    /// content (`render` makes the image for a group's content).
    package func resolvingOffscreenGroups(_ render: (OffscreenGroup) throws -> ImageTexels) rethrows -> Scene {
        guard hasOffscreenGroups else { return self }
        var resolved = self
        resolved.commands = try commands.map { command in
            guard case .group(let group) = command else { return command }
            return group.compositeCommand(try render(group))
        }
        return resolved
    }
}
