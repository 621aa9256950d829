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
        if commands.isEmpty { commands = recorded } else { commands.append(contentsOf: recorded) }
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
    /// Set for a run of glyphs drawn from cached masks (`GraphicsContext.fill(glyphs:with:)`): `path`
    /// is then only the run's bounding box (for bounds queries) and the glyphs are what is drawn.
    package var glyphs: GlyphMaskRun? = nil
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
    private struct State {
        var commands: [DrawCommand]
        var nextLayer: UInt32
        /// The recordings being captured, innermost last (see `beginCapture`).
        var captures: [Capture] = []
    }
    /// A recording being captured: the commands from `start` on, except the ranges the recordings
    /// inside it appended.
    private struct Capture {
        var base: UInt32?
        var firstLayer: UInt32
        var start: Int
        var children: [(recording: Recording, base: UInt32?, first: UInt32, range: Range<Int>)] = []
        /// Something drawn decided by where it lies on the canvas (see `markPositionDependent`).
        var isPositionDependent = false
    }
    private let state: Locked<State>

    package init(size: CGSize, firstLayer: UInt32 = 0) {
        self.size = size
        state = Locked(State(commands: [], nextLayer: firstLayer))
    }

    package func append(_ command: consuming DrawCommand) { state.withLock(moving: command) { s, c in s.commands.append(c) } }

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

    // MARK: Retained recordings

    /// Starts capturing what is drawn from now on into a `Recording`, drawn into layer `base`
    /// (captures nest: an inner one becomes one item of the outer).
    package func beginCapture(base: UInt32?) {
        state.withLock { s in s.captures.append(Capture(base: base, firstLayer: s.nextLayer, start: s.commands.count)) }
    }

    /// Ends the innermost capture and returns what it recorded.
    package func endCapture() -> Recording {
        state.withLock { s in
            let capture = s.captures.removeLast()
            var items: [Recording.Item] = []
            var cursor = capture.start
            for child in capture.children {
                if cursor < child.range.lowerBound { items.append(.commands(Array(s.commands[cursor..<child.range.lowerBound]))) }
                items.append(.child(child.recording, base: child.base, first: child.first))
                cursor = child.range.upperBound
            }
            if cursor < s.commands.count { items.append(.commands(Array(s.commands[cursor...]))) }
            let recording = Recording(items: items, base: capture.base, layers: capture.firstLayer..<s.nextLayer,
                                      commandCount: s.commands.count - capture.start,
                                      isPositionDependent: capture.isPositionDependent)
            if !s.captures.isEmpty {
                s.captures[s.captures.count - 1].children.append((recording, recording.base, recording.layers.lowerBound,
                                                                  capture.start..<s.commands.count))
            }
            return recording
        }
    }

    /// Notes that what is being drawn was decided by where it lies on the canvas (it culled what falls
    /// outside the canvas or a viewport, or read a global position): the recordings being captured can
    /// be replayed only where they were recorded, never moved by `replay(_:into:offset:)`.
    package func markPositionDependent() {
        state.withLock { s in
            for i in s.captures.indices { s.captures[i].isPositionDependent = true }
        }
    }

    /// Appends `recording`'s commands again, drawn into layer `layer` and moved by `offset` device
    /// pixels: the layers it opened get new ids. A position-dependent recording is never moved.
    package func replay(_ recording: Recording, into layer: UInt32?, offset: SIMD2<Double> = .zero) {
        precondition(offset == .zero || !recording.isPositionDependent, "a position-dependent recording moved")
        state.withLock { s in
            let first = s.nextLayer, start = s.commands.count
            s.nextLayer += UInt32(recording.layers.count)
            // Geometric growth: an exact reservation per replay (fifty rows replayed in a frame)
            // reallocated and copied every command so far each time.
            let needed = s.commands.count + recording.commandCount
            if s.commands.capacity < needed { s.commands.reserveCapacity(max(needed, s.commands.capacity * 2)) }
            recording.append(to: &s.commands, base: layer, first: first, offset: offset)
            if recording.isPositionDependent {
                for i in s.captures.indices { s.captures[i].isPositionDependent = true }
            }
            if !s.captures.isEmpty {
                s.captures[s.captures.count - 1].children.append((recording, layer, first, start..<s.commands.count))
            }
        }
    }
}

/// Commands recorded once and appended again to later scenes: what a view draws, kept while the view
/// and what it is drawn with are unchanged (see `MemoNode` in the view layer). Layer ids are the
/// recorder's at capture: `layers` are those the recording opened, `base` the one it drew into;
/// replaying maps them to fresh ids. A recording holds the recordings captured inside it by
/// reference, so a tree of them takes the memory of its commands once.
package final class Recording: Sendable {
    package enum Item: Sendable {
        case commands([DrawCommand])
        /// A recording drawn inside this one, with its base layer and its first layer id in this one's ids.
        case child(Recording, base: UInt32?, first: UInt32)
    }
    package let items: [Item]
    package let base: UInt32?
    package let layers: Range<UInt32>
    package let commandCount: Int
    /// Whether what was drawn depends on where it was drawn (culling, global positions): such a
    /// recording is replayed only in place. Any other is the same drawing wherever it is moved by
    /// whole device pixels.
    package let isPositionDependent: Bool

    init(items: [Item], base: UInt32?, layers: Range<UInt32>, commandCount: Int, isPositionDependent: Bool) {
        self.items = items; self.base = base; self.layers = layers; self.commandCount = commandCount
        self.isPositionDependent = isPositionDependent
    }

    /// Appends the commands drawn into layer `base`, the layers opened numbered from `first`, moved by
    /// `offset` device pixels.
    func append(to commands: inout [DrawCommand], base newBase: UInt32?, first newFirst: UInt32, offset: SIMD2<Double>) {
        // Drawn where it was recorded, with the same layer ids (a scene recorded again in the same
        // order): the commands go in as they are.
        if newBase == base && newFirst == layers.lowerBound && offset == .zero {
            for item in items {
                switch item {
                case .commands(let run): commands.append(contentsOf: run)
                case .child(let child, let base, let first): child.append(to: &commands, base: base, first: first, offset: offset)
                }
            }
            return
        }
        let map: (UInt32?) -> UInt32? = { [base, layers] id in
            guard let id, id != base, layers.contains(id) else { return newBase }
            return newFirst + (id - layers.lowerBound)
        }
        for item in items {
            switch item {
            case .commands(let run):
                if offset == .zero {
                    for command in run { commands.append(command.withLayers(map)) }
                } else {
                    for command in run { commands.append(command.withLayers(map).moved(by: offset)) }
                }
            case .child(let child, let base, let first):
                child.append(to: &commands, base: map(base), first: map(first) ?? first, offset: offset)
            }
        }
    }
}

extension DrawCommand {
    /// The command with its layer ids mapped through `map`.
    func withLayers(_ map: (UInt32?) -> UInt32?) -> DrawCommand {
        switch self {
        case .fill(var fill): fill.layer = map(fill.layer); return .fill(fill)
        case .stroke(var stroke): stroke.layer = map(stroke.layer); return .stroke(stroke)
        case .layer(var layer):
            layer.id = map(layer.id) ?? layer.id
            layer.parent = map(layer.parent)
            return .layer(layer)
        case .group(var group): group.layer = map(group.layer); return .group(group)
        }
    }

    /// The command moved by `offset` device pixels: its transforms (and a clip's) are translated
    /// after everything else. A group drawn in device space (identity transform, as filtered groups
    /// always are) has its bounds moved instead, so that it stays in device space.
    func moved(by offset: SIMD2<Double>) -> DrawCommand {
        func move(_ t: inout CGAffineTransform) { t.tx += offset.x; t.ty += offset.y }
        switch self {
        case .fill(var fill): move(&fill.transform); return .fill(fill)
        case .stroke(var stroke): move(&stroke.transform); return .stroke(stroke)
        case .layer(var layer):
            if layer.clip != nil { move(&layer.clip!.transform) }
            return .layer(layer)
        case .group(var group):
            if group.transform == .identity {
                group.bounds = group.bounds.offsetBy(dx: offset.x, dy: offset.y)
                if case .tiled(let path, let rule) = group.compositing {
                    group.compositing = .tiled(path.offsetBy(dx: offset.x, dy: offset.y), rule)
                }
            } else {
                move(&group.transform)
            }
            return .group(group)
        }
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
