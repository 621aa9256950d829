import Foundation
import TileRenderGeometry

/// A recorded drawing: an ordered list of commands over a canvas of `size` points (1 point = 1 pixel).
///
/// Scenes compare by value, every field of every command (paths, paints, bitmaps' pixels, transforms,
/// layers): the Renderer's offscreen cache keys rendered groups by their content this way. Doubles
/// compare as numbers, so a NaN value makes a recording unequal to another recording of it (a cache
/// miss, never a wrong picture).
///
/// Record once, render many times, on any backend:
/// ```swift
/// var scene = Scene(size: CGSize(width: 300, height: 200))
/// scene.draw { context in
///     context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 100, height: 80)), with: .color(.red))
/// }
/// let bitmap = try Renderer().render(scene)
/// ```
public struct Scene: Sendable, Equatable {
    public var size: CGSize
    public internal(set) var commands: [DrawCommand] = []
    /// Layers (clips and `drawLayer` groups) declared so far; their ids are indices here.
    public internal(set) var layerCount: UInt32 = 0

    public init(size: CGSize) { self.size = size }

    /// Records drawing calls made on a fresh context (identity transform, opacity 1, no clip).
    public mutating func draw(_ body: (inout GraphicsContext) throws -> Void) rethrows {
        let recorder = SceneRecorder(size: size, firstLayer: layerCount)
        var context = GraphicsContext(recorder: recorder)
        try body(&context)
        let (recorded, layers) = recorder.take()
        commands.append(contentsOf: recorded)
        layerCount = layers
    }
}

/// One recorded drawing operation.
public enum DrawCommand: Sendable, Equatable {
    case fill(FillCommand)
    case stroke(StrokeCommand)
    /// Opens a layer (a clip or a `drawLayer` group). Draws whose `layer` is this id, or a layer nested
    /// in it, are composited into it; the layer is then composited through its clip, at its opacity.
    case layer(LayerCommand)
    /// Draws content rendered offscreen (`drawingGroup()`); the Renderer renders the group's content
    /// on its own backend and composites the result (see `OffscreenGroup`).
    case group(OffscreenGroup)
}

/// A layer: the draws inside it are composited together, then onto what is below through `clip` (when
/// set) and with `opacity`.
public struct LayerCommand: Sendable, Equatable {
    public var id: UInt32
    /// The enclosing layer, or nil at the top level.
    public var parent: UInt32?
    public var clip: ClipShape?
    public var opacity: Double
    public var blendMode: GraphicsContext.BlendMode = .normal
    /// Colour filters applied, in order, to the layer's colour before it is composited.
    package var filters: [GraphicsContext.AppliedFilter] = []
}

/// The shape a layer is clipped to, in the user space of `transform`.
public struct ClipShape: Sendable, Equatable {
    public var path: Path
    public var transform: CGAffineTransform
    public var rule: FillRule
    /// Keep what lies outside the path instead of inside.
    public var inverse: Bool
}

/// The winding rule that decides a path's interior.
public enum FillRule: UInt32, Sendable {
    case nonZero = 0
    case evenOdd = 1
}

/// A path filled with a shading, as recorded by `GraphicsContext.fill`.
public struct FillCommand: Sendable, Equatable {
    /// The innermost layer the fill is drawn into, or nil at the top level.
    public var layer: UInt32? = nil
    public var blendMode: GraphicsContext.BlendMode = .normal
    public var path: Path
    /// User space to pixels.
    public var transform: CGAffineTransform
    public var shading: GraphicsContext.Shading
    public var rule: FillRule
    public var opacity: Double
}

/// A path stroked with a shading, as recorded by `GraphicsContext.stroke`.
public struct StrokeCommand: Sendable, Equatable {
    /// The innermost layer the stroke is drawn into, or nil at the top level.
    public var layer: UInt32? = nil
    public var blendMode: GraphicsContext.BlendMode = .normal
    public var path: Path
    /// User space to pixels.
    public var transform: CGAffineTransform
    public var shading: GraphicsContext.Shading
    public var style: StrokeStyle
    public var opacity: Double
}

/// Collects commands from every copy of a `GraphicsContext`.
package final class SceneRecorder: Sendable {
    package let size: CGSize
    private let state: Locked<(commands: [DrawCommand], nextLayer: UInt32)>

    package init(size: CGSize, firstLayer: UInt32 = 0) {
        self.size = size
        state = Locked(([], firstLayer))
    }

    package func append(_ command: DrawCommand) { state.withLock { $0.commands.append(command) } }

    /// Declares a layer and returns its id.
    package func openLayer(parent: UInt32?, clip: ClipShape?, opacity: Double, blendMode: GraphicsContext.BlendMode,
                           filters: [GraphicsContext.AppliedFilter] = []) -> UInt32 {
        state.withLock { s in
            let id = s.nextLayer
            s.nextLayer += 1
            s.commands.append(.layer(LayerCommand(id: id, parent: parent, clip: clip, opacity: opacity, blendMode: blendMode,
                                                  filters: filters)))
            return id
        }
    }

    /// The commands so far and the next free layer id.
    package func take() -> ([DrawCommand], UInt32) {
        state.withLock { s in let c = s.commands; s.commands = []; return (c, s.nextLayer) }
    }
}

extension Scene {
    /// The canvas of `size` points in whole pixels (each side rounded up), or an error naming the limit.
    ///
    /// Every path to pixels goes through this one check (`Renderer`, `ImageRenderer`, tile-bench, the SVG
    /// importer's scenes), before anything is allocated. It works in floating point and converts to `Int`
    /// only values already known to be finite and within `Bitmap.maxDimension` / `Bitmap.maxPixelCount`,
    /// so sizes such as 1e20 or infinity throw instead of trapping in the conversion.
    public static func pixelSize(for size: CGSize) throws -> (width: Int, height: Int) {
        let width = Double(size.width), height = Double(size.height)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
            throw TileRenderError.invalidSize(width: width, height: height)
        }
        let w = width.rounded(.up), h = height.rounded(.up)
        let maxSide = Double(Bitmap.maxDimension)
        guard w <= maxSide, h <= maxSide, w * h <= Double(Bitmap.maxPixelCount) else {
            // Both are finite and at least 1 here; the error reports them clamped to 1e15 (Int-safe).
            throw TileRenderError.canvasTooLarge(width: Int(min(w, 1e15)), height: Int(min(h, 1e15)))
        }
        return (Int(w), Int(h))
    }

    /// `Scene.pixelSize(for: size)`: this scene's canvas in whole pixels, or the error rendering would throw.
    public func pixelSize() throws -> (width: Int, height: Int) {
        try Scene.pixelSize(for: size)
    }
}
