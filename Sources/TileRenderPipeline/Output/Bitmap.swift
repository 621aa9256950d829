import Foundation
import TileRenderGeometry

/// An image of premultiplied, sRGB-encoded RGBA8 pixels, rows top to bottom.
public struct Bitmap: Equatable, Sendable {
    /// Largest accepted side, in pixels.
    public static let maxDimension = 32_768
    /// Largest accepted pixel count (1 GiB of RGBA8).
    public static let maxPixelCount = 1 << 28

    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (`width * 4` for bitmaps TileRender allocates).
    public let bytesPerRow: Int
    /// Premultiplied RGBA8, `bytesPerRow * height` bytes.
    public package(set) var pixels: [UInt8]

    /// A transparent bitmap. Throws for empty, negative or oversized dimensions.
    public init(width: Int, height: Int) throws {
        try Bitmap.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Wraps premultiplied RGBA8 rows of `width * 4` bytes.
    public init(width: Int, height: Int, premultipliedRGBA pixels: [UInt8]) throws {
        try Bitmap.validate(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw TileRenderError.invalidBuffer("expected \(width * height * 4) bytes, got \(pixels.count)")
        }
        self.width = width
        self.height = height
        self.bytesPerRow = width * 4
        self.pixels = pixels
    }

    package static func validate(width: Int, height: Int) throws {
        guard width >= 1, height >= 1 else {
            throw TileRenderError.invalidSize(width: Double(width), height: Double(height))
        }
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixelCount else {
            throw TileRenderError.canvasTooLarge(width: width, height: height)
        }
    }

    /// One premultiplied pixel.
    public struct Pixel: Hashable, Sendable, CustomStringConvertible {
        public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
        public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
        public var description: String { "(\(r), \(g), \(b), \(a))" }
    }

    /// The premultiplied pixel at column `x`, row `y` (row 0 is the top). Precondition: inside the bitmap.
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = y * bytesPerRow + x * 4
        return Pixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
}
