import Foundation
import Synchronization

/// A recorded drawing: an ordered list of commands over a canvas of `size` points (1 point = 1 pixel).
///
/// Record once, render many times, on any backend:
/// ```swift
/// var scene = Scene(size: CGSize(width: 300, height: 200))
/// scene.draw { context in
///     context.fill(Path(ellipseIn: CGRect(x: 10, y: 10, width: 100, height: 80)), with: .color(.red))
/// }
/// let bitmap = try Renderer().render(scene)
/// ```
public struct Scene: Sendable {
    public var size: CGSize
    public internal(set) var commands: [DrawCommand] = []

    public init(size: CGSize) { self.size = size }

    /// Records drawing calls made on a fresh context (identity transform, opacity 1).
    public mutating func draw(_ body: (inout GraphicsContext) throws -> Void) rethrows {
        let recorder = SceneRecorder(size: size)
        var context = GraphicsContext(recorder: recorder)
        try body(&context)
        commands.append(contentsOf: recorder.take())
    }
}

/// One recorded drawing operation. Clips and layers join this list in a later version.
public enum DrawCommand: Sendable {
    case fill(FillCommand)
    case stroke(StrokeCommand)
}

/// The winding rule that decides a path's interior.
public enum FillRule: UInt32, Sendable {
    case nonZero = 0
    case evenOdd = 1
}

/// A path filled with a shading, as recorded by `GraphicsContext.fill`.
public struct FillCommand: Sendable {
    public var path: Path
    /// User space to pixels.
    public var transform: CGAffineTransform
    public var shading: GraphicsContext.Shading
    public var rule: FillRule
    public var opacity: Double
}

/// A path stroked with a shading, as recorded by `GraphicsContext.stroke`.
public struct StrokeCommand: Sendable {
    public var path: Path
    /// User space to pixels.
    public var transform: CGAffineTransform
    public var shading: GraphicsContext.Shading
    public var style: StrokeStyle
    public var opacity: Double
}

/// Collects commands from every copy of a `GraphicsContext`.
final class SceneRecorder: Sendable {
    let size: CGSize
    private let commands = Mutex<[DrawCommand]>([])

    init(size: CGSize) { self.size = size }

    func append(_ command: DrawCommand) { commands.withLock { $0.append(command) } }
    func take() -> [DrawCommand] { commands.withLock { let c = $0; $0 = []; return c } }
}
