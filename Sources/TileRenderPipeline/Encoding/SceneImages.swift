import Foundation

// The images a scene draws. An image paint names its image by `EncodedPaint.firstTexel`: where the
// image's texels start in the scene's *texel space*, all its images laid end to end, each once. The
// scene only keeps a table of the images (`SceneImages`), holding each bitmap's own pixel storage: a
// frame copies no texels. The CPU's fine stage reads each bitmap where it lies (`FineInput`); the
// Vulkan backend lays the texel space out in its image buffer, the one copy it needs for the device
// (skipped when the frame's buffer already holds the same images).

/// One image of a scene: its texels and where they start in the scene's texel space.
package struct SceneImage: Sendable {
    /// The image paints' `firstTexel`.
    package var firstTexel: Int
    package var texels: ImageTexels

    /// Texels the image spans in the texel space (`width * height`).
    package var texelCount: Int { texels.width * texels.height }
}

/// The images of a scene, by first texel (in increasing order; each image once), and the size of
/// the texel space they span.
package struct SceneImages: Sendable {
    package private(set) var entries: [SceneImage] = []
    /// Texels of the texel space: the end of the last image.
    package private(set) var texelCount = 0

    /// Bitmaps are known by their pixel storage (copies of a bitmap share it; the table holds it, so
    /// no other bitmap can take its address while the scene lives), resident images by identity.
    private struct Key: Hashable { let storage: Int, width: Int, height: Int }
    private var bitmapStarts: [Key: Int] = [:]
    private var residentStarts: [ObjectIdentifier: Int] = [:]

    package init() {}

    package var isEmpty: Bool { entries.isEmpty }

    /// Images backends keep in their own memory (offscreen groups rendered on the GPU).
    package var hasResidentImages: Bool {
        entries.contains { if case .resident = $0.texels { true } else { false } }
    }

    /// The first texel of `texels` in the texel space: where it already is, or after the last image.
    /// Nil when the texel space would not fit 32-bit offsets.
    package mutating func firstTexel(of texels: ImageTexels) -> Int? {
        switch texels {
        case .bitmap(let bitmap):
            let storage = bitmap.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            let key = Key(storage: storage, width: bitmap.width, height: bitmap.height)
            if let known = bitmapStarts[key] { return known }
            guard let start = append(texels) else { return nil }
            bitmapStarts[key] = start
            return start
        case .resident(let image):
            if let known = residentStarts[ObjectIdentifier(image)] { return known }
            guard let start = append(texels) else { return nil }
            residentStarts[ObjectIdentifier(image)] = start
            return start
        }
    }

    private mutating func append(_ texels: ImageTexels) -> Int? {
        let count = texels.width * texels.height
        guard count <= Int(UInt32.max) - texelCount else { return nil }
        entries.append(SceneImage(firstTexel: texelCount, texels: texels))
        texelCount += count
        return entries[entries.count - 1].firstTexel
    }

    /// The image whose texels start at `firstTexel`, if any.
    package func image(at firstTexel: Int) -> SceneImage? {
        index(of: firstTexel).map { entries[$0] }
    }

    /// The index in `entries` of the image starting at `firstTexel`.
    package func index(of firstTexel: Int) -> Int? {
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries[mid].firstTexel < firstTexel { lo = mid + 1 } else { hi = mid }
        }
        return lo < entries.count && entries[lo].firstTexel == firstTexel ? lo : nil
    }

    /// The table with resident images replaced by their pixels read back (for the CPU, after a fallback
    /// from the backend that keeps them); the texel space stays the same.
    package func readingBackResidentImages() throws -> SceneImages {
        var copy = self
        for i in copy.entries.indices {
            if case .resident(let image) = copy.entries[i].texels {
                copy.entries[i].texels = .bitmap(try image.readBack())
            }
        }
        return copy
    }

    /// Writes the texel space into `bytes` (room for at least `texelCount` texels): every bitmap's
    /// texels at its first texel, premultiplied RGBA8 (as words, little-endian with R in the low
    /// byte); resident images' regions are left as they are (the caller fills them). The copy a
    /// device that cannot read the bitmaps where they lie needs.
    package func copyBitmapTexels(into bytes: ScratchSpan<UInt8>) {
        precondition(bytes.count >= texelCount * 4, "a texel space of \(texelCount) texels into \(bytes.count) bytes")
        for entry in entries {
            guard case .bitmap(let bitmap) = entry.texels else { continue }
            bitmap.pixels.withUnsafeBufferPointer { pixels in
                let source = ReadOnlySpan(pixels), rowBytes = bitmap.width * 4
                for y in 0..<bitmap.height {
                    bytes.copy(from: source.slice(from: y * bitmap.bytesPerRow, count: rowBytes),
                               to: (entry.firstTexel + y * bitmap.width) * 4)
                }
            }
        }
    }

    /// True when `self` and `other` hold the same images at the same places: the same bitmap storage
    /// (so the same texels) and the same resident images.
    package func sameImages(as other: SceneImages) -> Bool {
        guard entries.count == other.entries.count, texelCount == other.texelCount else { return false }
        for (a, b) in zip(entries, other.entries) {
            guard a.firstTexel == b.firstTexel else { return false }
            switch (a.texels, b.texels) {
            case (.bitmap(let x), .bitmap(let y)):
                let same = x.width == y.width && x.height == y.height && x.pixels.withUnsafeBufferPointer { p in
                    y.pixels.withUnsafeBufferPointer { q in p.baseAddress == q.baseAddress && p.count == q.count }
                }
                if !same { return false }
            case (.resident(let x), .resident(let y)):
                if x !== y { return false }
            default:
                return false
            }
        }
        return true
    }
}
