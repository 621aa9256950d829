import Foundation
import TileRenderGeometry

// Images a backend keeps in its own memory. An offscreen group rendered on the GPU stays there: the
// scene that draws it copies its texels device-side into the scene's image buffer, and only a backend
// that cannot reach that memory (the CPU, after a fallback) reads it back (`SceneImages`).

/// An image a backend rendered and keeps: read-only once rendered, shared by the scenes that draw it
/// and by the Renderer's offscreen cache. Its memory is released with the last reference.
package protocol ResidentImage: AnyObject, Sendable {
    var width: Int { get }
    var height: Int { get }
    /// The pixels in host memory, for a backend that cannot use the image where it is.
    func readBack() throws -> Bitmap
}

/// The texels an image paint samples: a bitmap in host memory, or an image a backend keeps.
package enum ImageTexels: Sendable, Equatable {
    case bitmap(Bitmap)
    case resident(any ResidentImage)

    package var width: Int {
        switch self {
        case .bitmap(let b): b.width
        case .resident(let r): r.width
        }
    }
    package var height: Int {
        switch self {
        case .bitmap(let b): b.height
        case .resident(let r): r.height
        }
    }
    /// Bytes the texels take (premultiplied RGBA8).
    package var byteCount: Int { width * height * 4 }

    /// The pixels in host memory (a resident image is read back).
    package func hostBitmap() throws -> Bitmap {
        switch self {
        case .bitmap(let b): b
        case .resident(let r): try r.readBack()
        }
    }

    /// Bitmaps compare by pixels, resident images by identity (one rendering is one image).
    package static func == (a: ImageTexels, b: ImageTexels) -> Bool {
        switch (a, b) {
        case (.bitmap(let x), .bitmap(let y)): x == y
        case (.resident(let x), .resident(let y)): x === y
        default: false
        }
    }
}

extension BinnedScene {
    /// Replaces the resident images by their pixels read back (for the CPU).
    package mutating func readBackResidentImages() throws {
        images = try images.readingBackResidentImages()
    }
}
