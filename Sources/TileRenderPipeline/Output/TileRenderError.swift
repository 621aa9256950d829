/// Errors thrown by TileRender's rendering, image and backend entry points.
import TileRenderGeometry
public enum TileRenderError: Error, Equatable, CustomStringConvertible {
    /// Width or height is zero, negative or not a whole number of pixels.
    case invalidSize(width: Double, height: Double)
    /// The canvas needs more pixels than `Bitmap.maxPixelCount`.
    case canvasTooLarge(width: Int, height: Int)
    /// A caller-owned buffer is too small or its row stride is shorter than a row.
    case invalidBuffer(String)
    /// A PNG could not be read (missing, unreadable or malformed file).
    case pngRead(path: String, reason: String)
    /// A JPEG could not be decoded (malformed data, or over the pixel limit).
    case jpegRead(String)
    /// A PNG could not be written.
    case pngWrite(path: String, reason: String)
    /// The scene needs more binned data than the renderer can address (32-bit offsets).
    case sceneTooLarge(String)
    /// The requested backend cannot run here.
    case backendUnavailable(String)
    /// A caller's Vulkan image or buffer cannot take the render: wrong format or usage, a layout it
    /// cannot be left in, or smaller than the render.
    case invalidTarget(String)

    public var description: String {
        switch self {
        case .invalidSize(let w, let h): return "invalid canvas size \(w)x\(h): width and height must be finite and at least 1 pixel"
        case .canvasTooLarge(let w, let h): return "canvas \(w)x\(h) is too large: at most \(Bitmap.maxPixelCount) pixels and \(Bitmap.maxDimension) per side"
        case .invalidBuffer(let why): return "invalid pixel buffer: \(why)"
        case .pngRead(let path, let reason): return "cannot read PNG \(path): \(reason)"
        case .jpegRead(let reason): return "cannot read JPEG: \(reason)"
        case .pngWrite(let path, let reason): return "cannot write PNG \(path): \(reason)"
        case .sceneTooLarge(let why): return "scene too large: \(why)"
        case .backendUnavailable(let why): return "backend unavailable: \(why)"
        case .invalidTarget(let why): return "invalid render target: \(why)"
        }
    }
}
