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

extension Bitmap {
    /// The pixels with straight (unpremultiplied) alpha, packed rows.
    package func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * bytesPerRow + x * 4, o = (y * width + x) * 4
                let a = UInt32(pixels[i + 3])
                out[o + 3] = UInt8(a)
                guard a > 0 else { continue }
                for c in 0..<3 { out[o + c] = UInt8(min(255, (UInt32(pixels[i + c]) * 255 + a / 2) / a)) }
            }
        }
        return out
    }

    /// A bitmap from straight-alpha RGBA8 rows, premultiplied.
    package init(width: Int, height: Int, straightRGBA: [UInt8]) throws {
        var p = straightRGBA
        Bitmap.premultiply(&p)
        try self.init(width: width, height: height, premultipliedRGBA: p)
    }

    /// Premultiplies straight-alpha RGBA8 in place (rounded to nearest). The image codecs (PNG, WebP)
    /// store straight alpha; `straightRGBA()` is the way back.
    package static func premultiply(_ p: inout [UInt8]) {
        for i in stride(from: 0, to: p.count, by: 4) {
            let a = UInt32(p[i + 3])
            if a == 255 { continue }
            for c in 0..<3 { p[i + c] = UInt8((UInt32(p[i + c]) * a + 127) / 255) }
        }
    }
}
