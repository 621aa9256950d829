import CPNG
import Foundation
import TileRenderGeometry

// PNG files go through libpng's simplified API (png_image_*), which reports errors through the
// png_image struct instead of longjmp, so Swift can call it safely. PNG stores straight (unpremultiplied)
// alpha; Bitmap holds premultiplied pixels, so both directions convert.

extension Bitmap {
    /// Reads a PNG file of any colour type and bit depth, converted to premultiplied RGBA8.
    public init(contentsOfPNG url: URL) throws {
        var (width, height, pixels) = try Bitmap.straightRGBA(contentsOfPNG: url)
        Bitmap.premultiply(&pixels)
        try self.init(width: width, height: height, premultipliedRGBA: pixels)
    }

    /// Reads a PNG file of any colour type and bit depth as straight (unpremultiplied) RGBA8, packed rows:
    /// the pixels as stored, which the tolerance rule compares without rounding them to premultiplied bytes.
    package static func straightRGBA(contentsOfPNG url: URL) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let path = url.path
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw TileRenderError.pngRead(path: path, reason: Bitmap.message(of: &image))
        }
        return try Bitmap.finishRead(&image, name: path, maxPixels: Bitmap.maxPixelCount)
    }

    /// Decodes PNG data of any colour type and bit depth to premultiplied RGBA8. An image of more than
    /// `maxPixels` pixels throws before its pixels are decoded.
    public init(pngData data: Data, maxPixels: Int = Bitmap.maxPixelCount) throws {
        // libpng reads from the buffer until the image is finished: both steps run inside one access.
        let (width, height, pixels) = try data.withCBytes { bytes, count throws -> (Int, Int, [UInt8]) in
            var image = png_image()
            image.version = CPNG_IMAGE_VERSION
            guard png_image_begin_read_from_memory(&image, bytes, count) != 0 else {
                throw TileRenderError.pngRead(path: "PNG data", reason: Bitmap.message(of: &image))
            }
            var (width, height, pixels) = try Bitmap.finishRead(&image, name: "PNG data", maxPixels: maxPixels)
            Bitmap.premultiply(&pixels)
            return (width, height, pixels)
        }
        try self.init(width: width, height: height, premultipliedRGBA: pixels)
    }

    /// Finishes a begun read: checks the size and decodes straight RGBA8.
    private static func finishRead(_ image: inout png_image, name: String, maxPixels: Int) throws -> (Int, Int, [UInt8]) {
        let width = Int(image.width), height = Int(image.height)
        do {
            try Bitmap.validate(width: width, height: height)
            guard width * height <= maxPixels else {
                throw TileRenderError.pngRead(path: name, reason: "\(width)x\(height) is over the limit of \(maxPixels) pixels")
            }
        } catch {
            png_image_free(&image)
            throw error
        }
        image.format = CPNG_FORMAT_RGBA
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        let ok = straight.withCBytes(writing: width * height * 4) { rows in
            png_image_finish_read(&image, nil, rows, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let reason = Bitmap.message(of: &image)
            png_image_free(&image)
            throw TileRenderError.pngRead(path: name, reason: reason)
        }
        return (width, height, straight)
    }

    /// Writes the bitmap as an 8-bit RGBA PNG (straight alpha, as PNG requires).
    public func writePNG(to url: URL) throws {
        let path = url.path
        let straight = straightRGBA()
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = CPNG_FORMAT_RGBA
        let ok = straight.withCBytes(reading: width * height * 4) { rows in
            png_image_write_to_file(&image, path, 0, rows, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let reason = Bitmap.message(of: &image)
            png_image_free(&image)
            throw TileRenderError.pngWrite(path: path, reason: reason)
        }
    }

    private static func message(of image: inout png_image) -> String {
        let text = stringFromCCharacters(image.message)
        return text.isEmpty ? "unknown libpng error" : text
    }
}
