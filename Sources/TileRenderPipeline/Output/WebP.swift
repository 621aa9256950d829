import CWebP
import Foundation
import TileRenderGeometry

// Animated WebP through libwebp's own animation encoder and decoder (WebPAnimEncoder in libwebpmux,
// WebPAnimDecoder in libwebpdemux): browsers show the files. WebP stores straight alpha; bitmaps are
// premultiplied, so both directions convert.

/// An animated WebP file: frames of one size, each shown for its duration.
public enum AnimatedWebP {
    /// The most frames one file takes.
    public static let maxFrames = 10_000

    /// Encodes `frames` (all of one size), each shown for `frameDuration` seconds, looping forever.
    /// Lossless by default (the decoded frames are the bitmaps, up to the alpha conversion of
    /// translucent pixels); `quality` (0...100) makes it lossy.
    public static func encode(_ frames: [Bitmap], frameDuration: TimeInterval, quality: Float? = nil) throws -> Data {
        guard let first = frames.first else { throw TileRenderError.invalidBuffer("an animation needs at least one frame") }
        guard frames.count <= maxFrames else { throw TileRenderError.invalidBuffer("over \(maxFrames) frames") }
        guard frameDuration.isFinite, frameDuration > 0, frameDuration * 1000 < Double(Int32.max) / Double(frames.count + 1) else {
            throw TileRenderError.invalidBuffer("frame duration \(frameDuration) s")
        }
        guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw TileRenderError.invalidBuffer("animation frames differ in size")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw TileRenderError.invalidBuffer("libwebp version mismatch") }
        guard let encoder = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &options) else {
            throw TileRenderError.invalidBuffer("libwebp could not start an animation of \(first.width)x\(first.height)")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw TileRenderError.invalidBuffer("libwebp version mismatch") }
        if let quality {
            config.lossless = 0
            config.quality = max(0, min(100, quality.isFinite ? quality : 75))
        } else {
            config.lossless = 1
            config.exact = 1  // keep the colour of transparent pixels as given (zero here)
        }
        let step = Int32((frameDuration * 1000).rounded())
        var timestamp: Int32 = 0
        for frame in frames {
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { throw TileRenderError.invalidBuffer("libwebp version mismatch") }
            picture.use_argb = 1
            picture.width = Int32(frame.width)
            picture.height = Int32(frame.height)
            let straight = frame.straightRGBA()
            let imported = straight.withCBytes(reading: frame.width * frame.height * 4) {
                WebPPictureImportRGBA(&picture, $0, Int32(frame.width * 4))
            }
            defer { WebPPictureFree(&picture) }
            guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, timestamp, &config) != 0 else {
                throw TileRenderError.invalidBuffer("libwebp: " + String(cString: WebPAnimEncoderGetError(encoder)))
            }
            timestamp += step
        }
        guard WebPAnimEncoderAdd(encoder, nil, timestamp, nil) != 0 else {
            throw TileRenderError.invalidBuffer("libwebp: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        var output = WebPData()
        WebPDataInit(&output)
        defer { WebPDataClear(&output) }
        guard WebPAnimEncoderAssemble(encoder, &output) != 0, let bytes = output.bytes else {
            throw TileRenderError.invalidBuffer("libwebp: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        return Data(bytes: bytes, count: output.size)
    }

    /// Decodes an animated (or still) WebP into its frames, premultiplied, with the time each starts
    /// (seconds). A file of more than `maxPixels` pixels per frame or `maxFrames` frames throws.
    public static func decode(_ data: Data, maxPixels: Int = 1 << 24) throws -> [(bitmap: Bitmap, start: TimeInterval)] {
        try data.withCBytes { base, count -> [(bitmap: Bitmap, start: TimeInterval)] in
            guard let base else { throw TileRenderError.invalidBuffer("no WebP data") }
            var webp = WebPData(bytes: base, size: count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw TileRenderError.invalidBuffer("libwebp version mismatch") }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&webp, &options) else { throw TileRenderError.invalidBuffer("not a WebP file") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw TileRenderError.invalidBuffer("malformed WebP") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            try Bitmap.validate(width: width, height: height)
            guard width * height <= maxPixels, Int(info.frame_count) <= maxFrames else {
                throw TileRenderError.invalidBuffer("WebP of \(info.frame_count) frames of \(width)x\(height), over the limits")
            }
            var frames: [(bitmap: Bitmap, start: TimeInterval)] = []
            var start: TimeInterval = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>? = nil  // the decoder's frame, which it owns
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0, let buffer else {
                    throw TileRenderError.invalidBuffer("malformed WebP frame")
                }
                let straight = [UInt8](copyingCBytes: buffer, count: width * height * 4)
                frames.append((try Bitmap(width: width, height: height, straightRGBA: straight), start))
                start = Double(timestamp) / 1000
            }
            return frames
        }
    }
}
