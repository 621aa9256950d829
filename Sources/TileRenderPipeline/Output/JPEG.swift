import CTurboJPEG
import Foundation
import TileRenderGeometry

// JPEG files go through libjpeg-turbo's TurboJPEG API, which reports errors as return codes. A JPEG
// has no alpha: every pixel is opaque, so its RGBA is already premultiplied.

extension Bitmap {
    /// Decodes JPEG data (baseline or progressive, any subsampling, greyscale or colour; CMYK is
    /// converted) to RGBA8. An image of more than `maxPixels` pixels throws before it is decoded.
    public init(jpegData data: Data, maxPixels: Int = Bitmap.maxPixelCount) throws {
        guard let handle = tjInitDecompress() else { throw TileRenderError.jpegRead("libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        func failure() -> TileRenderError { .jpegRead(String(cString: tjGetErrorStr2(handle))) }
        guard data.count <= Int(UInt32.max) else { throw TileRenderError.jpegRead("over 4 GB of data") }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withCBytes { base, count -> Int32 in
            guard let base else { return -1 }
            return tjDecompressHeader3(handle, base, UInt(count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw data.isEmpty ? TileRenderError.jpegRead("no data") : failure() }
        let w = Int(width), h = Int(height)
        try Bitmap.validate(width: w, height: h)
        guard w * h <= maxPixels else { throw TileRenderError.jpegRead("\(w)x\(h) is over the limit of \(maxPixels) pixels") }
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let decoded = data.withCBytes { base, count -> Int32 in
            guard let base else { return -1 }
            return pixels.withCBytes(writing: w * h * 4) { target in
                tjDecompress2(handle, base, UInt(count), target, width, Int32(w * 4), height, Int32(TJPF_RGBA.rawValue), 0)
            }
        }
        // A warning (a truncated file, extra bytes) still gives a picture; an error does not.
        if decoded != 0, tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) { throw failure() }
        try self.init(width: w, height: h, premultipliedRGBA: pixels)
    }

    /// Decodes PNG or JPEG data, told apart by their signatures.
    public init(imageData data: Data, maxPixels: Int = Bitmap.maxPixelCount) throws {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            try self.init(pngData: data, maxPixels: maxPixels)
        } else if data.starts(with: [0xFF, 0xD8]) {
            try self.init(jpegData: data, maxPixels: maxPixels)
        } else {
            throw TileRenderError.invalidBuffer("neither PNG nor JPEG data")
        }
    }
}
