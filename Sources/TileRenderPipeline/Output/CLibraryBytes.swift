import Foundation

// The byte buffers the image codecs hand to their C libraries (libpng in PNG.swift, libjpeg-turbo in
// JPEG.swift, libwebp in WebP.swift), in one place: data the library reads, pixel rows it writes
// into an array, bytes it owns that are copied out, and the fixed character arrays it reports errors
// in. The library is told a length with each buffer; these check that the buffer holds it, in every
// build (once per image: nothing here is in a pixel loop), so a wrong size computed in Swift stops
// the process instead of letting C read or write past the array.

extension Data {
    /// Calls `body` with the bytes as C's `const uint8_t *` and their count, for a library that reads
    /// them during `body` only. The pointer may be nil when there are no bytes (as `withUnsafeBytes`
    /// gives it); callers treat nil as no data.
    package func withCBytes<R>(_ body: (UnsafePointer<UInt8>?, Int) throws -> R) rethrows -> R {
        try withUnsafeBytes { raw in
            try body(raw.baseAddress?.assumingMemoryBound(to: UInt8.self), raw.count)
        }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as C's `const uint8_t *`, for a library that reads `count` of them
    /// (at most the array's count: checked) during `body` only.
    package func withCBytes<R>(reading count: Int, _ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        precondition(count >= 0 && count <= self.count, "a C library reading \(count) bytes of \(self.count)")
        return try withUnsafeBufferPointer { buffer in
            // An empty array may have no storage: C gets a valid address it reads nothing from.
            var none: UInt8 = 0
            guard let base = buffer.baseAddress else { return try body(&none) }
            return try body(base)
        }
    }

    /// Calls `body` with the bytes as C's `uint8_t *`, for a library that writes `count` of them (at
    /// most the array's count: checked) during `body` only.
    package mutating func withCBytes<R>(writing count: Int, _ body: (UnsafeMutablePointer<UInt8>) throws -> R) rethrows -> R {
        precondition(count >= 0 && count <= self.count, "a C library writing \(count) bytes of \(self.count)")
        return try withUnsafeMutableBufferPointer { buffer in
            var none: UInt8 = 0
            guard let base = buffer.baseAddress else { return try body(&none) }
            return try body(base)
        }
    }

    /// A copy of `count` bytes from `start`, which a C library owns and keeps valid for the call (a
    /// decoder's frame buffer).
    package init(copyingCBytes start: UnsafePointer<UInt8>, count: Int) {
        precondition(count >= 0, "a negative count")
        self.init(UnsafeBufferPointer(start: start, count: count))
    }
}

/// The text of a C library's fixed `char[N]` field (imported as a tuple of N characters): the bytes up
/// to the first zero, or all N when there is none, as UTF-8 (invalid bytes replaced).
package func stringFromCCharacters<Characters>(_ characters: Characters) -> String {
    withUnsafeBytes(of: characters) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
}
