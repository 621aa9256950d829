import Foundation
import Synchronization
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
    public package(set) var pixels: [UInt8] {
        didSet { facts = PixelFacts() }
    }
    /// What is known of `pixels` (shared by copies of the bitmap; new when the pixels change).
    package private(set) var facts = PixelFacts()

    /// Bitmaps are equal when their sizes and pixels are.
    public static func == (a: Bitmap, b: Bitmap) -> Bool {
        a.width == b.width && a.height == b.height && a.bytesPerRow == b.bytesPerRow && a.pixels == b.pixels
    }

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

/// Facts about a bitmap's pixels, found the first time they are asked for and kept with the pixels
/// (`Bitmap.facts`), so frames that draw the bitmap again do not look again. Safe to ask from
/// several threads at once (they may each look; they find the same).
package final class PixelFacts: Sendable {
    /// 0: not known yet; 1: every pixel is opaque; 2: some pixel is not.
    private let opacity = Atomic<UInt8>(0)

    package init() {}

    /// True when every pixel of `pixels` (premultiplied RGBA8, 4 bytes a pixel, the bitmap's) has
    /// alpha 255, found from them the first time.
    package func isOpaque(_ pixels: ReadOnlySpan<UInt8>) -> Bool {
        switch opacity.load(ordering: .relaxed) {
        case 1: return true
        case 2: return false
        default:
            let opaque = PixelFacts.allOpaque(pixels)
            opacity.store(opaque ? 1 : 2, ordering: .relaxed)
            return opaque
        }
    }

    /// Every pixel's bytes ANDed together (16 pixels at a time), then the alpha byte of the result.
    private static func allOpaque(_ pixels: ReadOnlySpan<UInt8>) -> Bool {
        let count = pixels.count / 4
        var all = SIMD16<UInt32>(repeating: 0xFFFF_FFFF)
        var i = 0
        while i + 16 <= count {
            all &= pixels.load(i * 4, reinterpretedAs: SIMD16<UInt32>.self)
            i += 16
            // Stop early at a translucent pixel (checked every 1024 pixels).
            if i & 1023 == 0 && !alphaKept(all) { return false }
        }
        var word: UInt32 = 0xFFFF_FFFF
        while i < count { word &= pixels.load(i * 4, reinterpretedAs: UInt32.self); i += 1 }
        all &= SIMD16(repeating: word)
        return alphaKept(all)
    }

    /// Whether the alpha byte (the fourth in memory) of every lane is 255.
    @inline(__always)
    private static func alphaKept(_ all: SIMD16<UInt32>) -> Bool {
        let all8 = all.lowHalf & all.highHalf, all4 = all8.lowHalf & all8.highHalf, all2 = all4.lowHalf & all4.highHalf
        let word = all2.x & all2.y
        // The fourth byte in memory: the high byte of the little-endian value.
        return word.littleEndian >> 24 == 255
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
