import CIntrinsics
import Foundation

// The render target and the one way the fine stage reaches its memory: `RenderTarget.row` gives a
// `PixelRow`, a run of pixels of one row, read and written as one 32-bit word per pixel. Every pointer
// operation on the target is here, bounds-checked in debug builds (`assert`), so the loops of the fine
// stage hold no pointer arithmetic of their own.

/// Where a backend writes: premultiplied RGBA8 rows owned by the caller or by a Bitmap.
package struct RenderTarget: @unchecked Sendable {
    // Tiles write disjoint pixels, so workers may share the base address.
    package let base: UnsafeMutableRawPointer
    package let width: Int
    package let height: Int
    package let bytesPerRow: Int
    /// True when tiles start transparent instead of reading the target (a fresh bitmap, or a clear).
    package var startsTransparent = false
    /// True when tiles without draws must still be written (as transparent): a clear of a used buffer.
    package var writesEmptyTiles = false

    package init(base: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int,
                 startsTransparent: Bool = false, writesEmptyTiles: Bool = false) {
        self.base = base; self.width = width; self.height = height; self.bytesPerRow = bytesPerRow
        self.startsTransparent = startsTransparent; self.writesEmptyTiles = writesEmptyTiles
    }

    /// Pixels `x ..< x + count` of row `y`.
    @inline(__always)
    package func row(_ y: Int, x: Int, count: Int) -> PixelRow {
        assert(y >= 0 && y < height && x >= 0 && count >= 0 && x + count <= width, "pixels outside the target")
        return PixelRow(base: base + y * bytesPerRow + x * 4, count: count)
    }

    /// The `width * 4` bytes of row `y`, for copies to and from a device's pixel buffer.
    package func rowBytes(_ y: Int) -> ScratchSpan<UInt8> {
        assert(y >= 0 && y < height, "row \(y) outside a target of \(height)")
        return ScratchSpan(unsafeBytes: base + y * bytesPerRow, count: width * 4)
    }

    /// Rows `rows` as one run of bytes, for rows that lie back to back (`bytesPerRow` is `width * 4`).
    package func bytes(ofRows rows: Range<Int>) -> ScratchSpan<UInt8> {
        assert(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) outside a target of \(height)")
        assert(bytesPerRow == width * 4, "rows with padding between them are not one run")
        return ScratchSpan(unsafeBytes: base + rows.lowerBound * bytesPerRow, count: rows.count * bytesPerRow)
    }
}

/// A run of `count` pixels in one row of a render target. A pixel is one word, little-endian in memory:
/// R in the low byte, then G, B and A, as image texels are packed (`FineImage`). The pixels
/// need not be 4-byte aligned (a caller's buffer may start anywhere).
package struct PixelRow {
    private let base: UnsafeMutableRawPointer
    package let count: Int

    fileprivate init(base: UnsafeMutableRawPointer, count: Int) {
        self.base = base; self.count = count
    }

    /// Pixel `x` as a word (R in the low byte).
    @inline(__always)
    package subscript(x: Int) -> UInt32 {
        get {
            assert(x >= 0 && x < count, "pixel \(x) outside a row of \(count)")
            return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
        }
        nonmutating set {
            assert(x >= 0 && x < count, "pixel \(x) outside a row of \(count)")
            base.storeBytes(of: newValue.littleEndian, toByteOffset: x * 4, as: UInt32.self)
        }
    }

    /// Pixels `x ..< x + count` (`count` at most 8) as the first lanes of a vector; the other lanes
    /// are zero.
    @inline(__always)
    package func span(_ x: Int, count n: Int) -> SIMD8<UInt32> {
        assert(x >= 0 && n >= 0 && n <= 8 && x + n <= count, "pixels \(x)..<\(x + n) outside a row of \(count)")
        #if _endian(little)
        if n == 8 { return (base + x * 4).loadUnaligned(as: SIMD8<UInt32>.self) }
        #endif
        var v = SIMD8<UInt32>()
        for i in 0..<n { v[i] = self[x + i] }
        return v
    }

    /// Sets pixels `x ..< x + count` (`count` at most 8) to the first lanes of `words`.
    @inline(__always)
    package func setSpan(_ x: Int, count n: Int, _ words: SIMD8<UInt32>) {
        assert(x >= 0 && n >= 0 && n <= 8 && x + n <= count, "pixels \(x)..<\(x + n) outside a row of \(count)")
        #if _endian(little)
        if n == 8 { (base + x * 4).storeBytes(of: words, as: SIMD8<UInt32>.self); return }
        #endif
        for i in 0..<n { self[x + i] = words[i] }
    }

    /// Sets pixels `x ..< x + count` to `word`.
    @inline(__always)
    package func fill(_ x: Int, count n: Int, _ word: UInt32) {
        assert(x >= 0 && n >= 0 && x + n <= count, "pixels \(x)..<\(x + n) outside a row of \(count)")
        for i in x..<(x + n) { self[i] = word }
    }

    /// Sets pixels `x ..< x + count` to transparent.
    @inline(__always)
    package func clear(_ x: Int, count n: Int) {
        assert(x >= 0 && n >= 0 && x + n <= count, "pixels \(x)..<\(x + n) outside a row of \(count)")
        (base + x * 4).initializeMemory(as: UInt8.self, repeating: 0, count: n * 4)
    }

    /// Sets every pixel to `word`.
    @inline(__always)
    package func fill(_ word: UInt32) {
        guard Int(bitPattern: base) & 3 == 0 else {
            for x in 0..<count { self[x] = word }
            return
        }
        let words = base.assumingMemoryBound(to: UInt32.self)
        if count >= 64 {
            // A long row (a background's) through the C library's tuned fill (`CIntrinsics_fillWords`).
            CIntrinsics_fillWords(words, word.littleEndian, count)
        } else {
            words.update(repeating: word.littleEndian, count: count)
        }
    }

    /// Sets every pixel to transparent (all bytes zero).
    @inline(__always)
    package func clear() {
        base.initializeMemory(as: UInt8.self, repeating: 0, count: count * 4)
    }

    /// Copies texels `x ..< x + count` of `texels` to pixels `x ..< x + count` (a row copy of an image:
    /// texels are pixels' words).
    @inline(__always)
    package func copy(_ x: Int, count n: Int, from texels: TexelRow) {
        assert(x >= 0 && n >= 0 && x + n <= count && x + n <= texels.count, "pixels \(x)..<\(x + n) outside a row of \(count) or \(texels.count) texels")
        #if _endian(little)
        (base + x * 4).copyMemory(from: texels.address(x), byteCount: n * 4)
        #else
        for i in x..<(x + n) { self[i] = texels[i] }
        #endif
    }

    /// Copies pixels `0..<count` from `words` (at least `count` of them).
    @inline(__always)
    package func copy(from words: UnsafeBufferPointer<UInt32>) {
        assert(words.count >= count, "copying \(count) pixels from \(words.count)")
        #if _endian(little)
        if let source = words.baseAddress { base.copyMemory(from: source, byteCount: count * 4) }
        #else
        for x in 0..<count { self[x] = words[x] }
        #endif
    }
}

/// A run of `count` texels of one row of an image (`FineImage`: one word per texel, as `PixelRow`),
/// read only: the image side of a row copy or blend.
package struct TexelRow {
    private let base: UnsafePointer<UInt32>
    package let count: Int

    /// Texels `start ..< start + count` of `texels` (the caller keeps them inside it; checked in debug).
    @inline(__always)
    package init(_ texels: UnsafeBufferPointer<UInt32>, start: Int, count: Int) {
        assert(start >= 0 && count >= 0 && start + count <= texels.count, "texels outside the images")
        base = texels.baseAddress! + start
        self.count = count
    }

    /// Texel `x` as a word (R in the low byte).
    @inline(__always)
    package subscript(x: Int) -> UInt32 {
        assert(x >= 0 && x < count, "texel \(x) outside a row of \(count)")
        return base[x]
    }

    /// Where texel `x` lies (`PixelRow.copy`).
    @inline(__always)
    fileprivate func address(_ x: Int) -> UnsafeRawPointer { UnsafeRawPointer(base + x) }

    /// Texels `x ..< x + count` (`count` at most 8) as the first lanes of a vector; the other lanes are zero.
    @inline(__always)
    package func span(_ x: Int, count n: Int) -> SIMD8<UInt32> {
        assert(x >= 0 && n >= 0 && n <= 8 && x + n <= count, "texels \(x)..<\(x + n) outside a row of \(count)")
        if n == 8 { return UnsafeRawPointer(base + x).loadUnaligned(as: SIMD8<UInt32>.self) }
        var v = SIMD8<UInt32>()
        for i in 0..<n { v[i] = base[x + i] }
        return v
    }
}

/// An image of the scene as the fine stage reads it: its texels where they lie (a bitmap's own pixel
/// storage), one word per texel, row after row, from `firstTexel` of the scene's texel space
/// (`SceneImages`).
package struct FineImage {
    package let firstTexel: Int
    package let texels: UnsafeBufferPointer<UInt32>
    /// The bitmap's pixels as it holds them, and what is known of them (`PixelFacts`).
    fileprivate let pixels: ReadOnlySpan<UInt8>
    fileprivate let facts: PixelFacts

    /// True when every texel is opaque: found once per bitmap (kept with it), not per frame.
    package var isOpaque: Bool { facts.isOpaque(pixels) }
}

extension SceneImages {
    /// Calls `body` with the images' texels, by first texel: each bitmap's own pixels, not a copy
    /// (copied only on a big-endian machine, or from storage not aligned to words, which Swift's
    /// arrays do not have). The table holds the bitmaps, so their storage lives, unchanged (a bitmap
    /// is a value: a caller changing its own copy changes other storage), until `body` returns.
    /// Resident images not read back are left out: paints of them find no texels and draw nothing.
    /// `copying` (tests) reads every image from a copy.
    package func withFineImages<R>(copying: Bool = false, _ body: (UnsafeBufferPointer<FineImage>) throws -> R) rethrows -> R {
        if entries.isEmpty { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        var table: [FineImage] = []
        table.reserveCapacity(entries.count)
        var copies: [UnsafeMutableBufferPointer<UInt32>] = []
        defer { for c in copies { c.deallocate() } }
        for entry in entries {
            guard case .bitmap(let bitmap) = entry.texels else { continue }
            let count = bitmap.width * bitmap.height
            let pixels = bitmap.pixels.withUnsafeBytes { $0 }
            #if _endian(little)
            if !copying, let base = pixels.baseAddress, Int(bitPattern: base) % MemoryLayout<UInt32>.alignment == 0,
               bitmap.bytesPerRow == bitmap.width * 4 {
                let words = base.assumingMemoryBound(to: UInt32.self)
                table.append(FineImage(firstTexel: entry.firstTexel, texels: UnsafeBufferPointer(start: words, count: count),
                                       pixels: ReadOnlySpan(bytes: pixels), facts: bitmap.facts))
                continue
            }
            #endif
            let copy = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count)
            copies.append(copy)
            var single = SceneImages()
            _ = single.firstTexel(of: entry.texels)
            single.copyBitmapTexels(into: ScratchSpan(bytes: UnsafeMutableRawBufferPointer(copy)))
            #if !_endian(little)
            for i in copy.indices { copy[i] = UInt32(littleEndian: copy[i]) }
            #endif
            table.append(FineImage(firstTexel: entry.firstTexel, texels: UnsafeBufferPointer(copy), pixels: ReadOnlySpan(bytes: pixels),
                                   facts: bitmap.facts))
        }
        return try withExtendedLifetime(entries) { try table.withUnsafeBufferPointer(body) }
    }
}
