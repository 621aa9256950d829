// Views of plain memory for the hot loops: `ScratchSpan` (memory a worker owns and writes: the fine
// stage's planes, accumulation rows and per-draw buffers, the CPU filters' blur lines, image
// comparison's rows, the binning merge's output ranges, a glyph mask's rows, a `ScratchBuffer`'s
// elements; and memory that is no array: mapped Vulkan buffers, a render target's rows as bytes) and
// `ReadOnlySpan` (memory read in place for one pass: the binned scene's arrays, an image's texels and
// bytes, a mask's values, the merge's inputs). Each is a start and a count;
// every index, range and vector access is checked against the count in debug builds (`assert`), so a
// test run catches an access outside the view, and compiles to the bare pointer operation in release
// builds, where the loops that use them are measured instruction by instruction (callgrind).
//
// In a hot loop, slice once and index from 0: a slice's start is pointer arithmetic, unchecked, while
// an offset added to every index (`plane * n + i`) is an overflow-checked addition per access, which
// LLVM does not always merge (callgrind: 1-2% of the fine stage when the integer planes were indexed so).
//
// Why not the standard library's `Span` and `MutableSpan`: they check every access in release builds
// too, and, being non-escapable, cannot be kept in a rasterizer's fields from tile to tile. Why not
// `UnsafeMutableBufferPointer`: its subscript is checked in debug builds too, but its vector loads and
// stores, slices and fills are pointer arithmetic at each use; these types keep that arithmetic here.
//
// The pointer operations on such memory are in this file and `Fine/RenderTarget.swift` (`PixelRow`,
// `TexelRow`: pixels and texels as words; `rowBytes`, `bytes(ofRows:)`: the target's rows as a
// `ScratchSpan`); the README's Safety section lists the other places.

/// `count` values of `Element` in memory that one owner writes (a worker's scratch), read and written
/// by index, as SIMD vectors of consecutive values, and in runs (fills and copies).
///
/// Contract: the memory stays allocated and is not written by anyone else while a view of it is used
/// (the owner allocates it with `allocate(count:repeating:)` and calls `deallocate()` once, after its
/// last use). A view is a value: copies and slices share the memory. Every access is checked against
/// `count` in debug builds only. Elements are plain values (no references, nothing to deinitialize:
/// checked when memory is allocated), as the scratch of a hot loop is; `Range<Int>` is one, though it
/// does not declare `BitwiseCopyable`.
package struct ScratchSpan<Element>: BitwiseCopyable {
    private let base: UnsafeMutablePointer<Element>
    /// How many values the view holds.
    package let count: Int

    @inline(__always)
    private init(base: UnsafeMutablePointer<Element>, count: Int) {
        self.base = base; self.count = count
    }

    /// `count` values set to `value`, in new memory: the caller owns it and calls `deallocate()`.
    package static func allocate(count: Int, repeating value: Element) -> ScratchSpan {
        precondition(count >= 0, "a negative count")
        precondition(_isPOD(Element.self), "scratch of values that need deinitializing")
        let base = UnsafeMutablePointer<Element>.allocate(capacity: count)
        base.initialize(repeating: value, count: count)
        return ScratchSpan(base: base, count: count)
    }

    /// The values of `buffer`, which its owner keeps allocated while the view is used (an array's
    /// storage inside `withUnsafeMutableBufferPointer`).
    @inline(__always)
    package init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        // A view of nothing points at a dangling, aligned address it never reads (count 0).
        self.init(base: buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!,
                  count: buffer.count)
    }

    /// The bytes of `raw`, which its owner keeps allocated for the view's use (an array's bytes inside
    /// `withUnsafeMutableBytes`).
    @inline(__always)
    package init(bytes raw: UnsafeMutableRawBufferPointer) where Element == UInt8 {
        self.init(raw.assumingMemoryBound(to: UInt8.self))
    }

    /// `count` bytes from `start`: memory that is not a Swift array's (mapped device memory, a caller's
    /// pixel rows), which its owner keeps mapped or allocated for the view's use.
    @inline(__always)
    package init(unsafeBytes start: UnsafeMutableRawPointer, count: Int) where Element == UInt8 {
        assert(count >= 0, "a negative count")
        self.init(base: start.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// `count` values from `start`, whose owner keeps them allocated for the view's use and lets no one
    /// else write them meanwhile (`ScratchBuffer.scratchSpan`, a `unsafeUninitializedCapacity` buffer).
    @inline(__always)
    package init(unsafeStart start: UnsafeMutablePointer<Element>, count: Int) {
        assert(count >= 0, "a negative count")
        self.init(base: start, count: count)
    }

    /// `count` values in new memory, not initialized: for scratch whose every value the caller writes
    /// before reading it (a blur's line buffers), where filling it first would be a pass over it for
    /// nothing. The caller owns it and calls `deallocate()`.
    package static func allocate(uninitializedCount count: Int) -> ScratchSpan {
        precondition(count >= 0, "a negative count")
        precondition(_isPOD(Element.self), "scratch of values that need deinitializing")
        return ScratchSpan(base: UnsafeMutablePointer<Element>.allocate(capacity: count), count: count)
    }

    /// Frees memory from `allocate`; called on the whole view, once.
    package func deallocate() {
        base.deallocate()
    }

    /// Value `i`.
    @inline(__always)
    package subscript(i: Int) -> Element {
        get {
            assert(i >= 0 && i < count, "index \(i) outside a span of \(count)")
            return base[i]
        }
        nonmutating set {
            assert(i >= 0 && i < count, "index \(i) outside a span of \(count)")
            base[i] = newValue
        }
    }

    /// Values `start ..< start + count` as a view of their own (index 0 is value `start`).
    @inline(__always)
    package func slice(from start: Int, count n: Int) -> ScratchSpan {
        assert(start >= 0 && n >= 0 && start + n <= count, "values \(start)..<\(start + n) outside a span of \(count)")
        return ScratchSpan(base: base + start, count: n)
    }

    /// The same values, read only.
    @inline(__always)
    package var readOnly: ReadOnlySpan<Element> { ReadOnlySpan(start: UnsafePointer(base), count: count) }

    /// Values `i ..< i + V.scalarCount` as one vector (any alignment).
    @inline(__always)
    package func load<V: SIMD>(_ i: Int, as _: V.Type = V.self) -> V where V.Scalar == Element {
        assert(i >= 0 && i + V.scalarCount <= count, "values \(i)..<\(i + V.scalarCount) outside a span of \(count)")
        return UnsafeRawPointer(base + i).loadUnaligned(as: V.self)
    }

    /// Sets values `i ..< i + V.scalarCount` to the lanes of `vector` (any alignment).
    @inline(__always)
    package func store<V: SIMD>(_ vector: V, at i: Int) where V.Scalar == Element {
        assert(i >= 0 && i + V.scalarCount <= count, "values \(i)..<\(i + V.scalarCount) outside a span of \(count)")
        UnsafeMutableRawPointer(base + i).storeBytes(of: vector, as: V.self)
    }

    /// Sets every value to `value`.
    @inline(__always)
    package func fill(_ value: Element) {
        base.update(repeating: value, count: count)
    }

    /// Sets every byte of every value to zero (one `memset`, which `fill(0)` of a small integer type
    /// need not become).
    @inline(__always)
    package func zeroBytes() {
        UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: count * MemoryLayout<Element>.stride)
    }

    /// Sets values `start ..< start + count` to `value`.
    @inline(__always)
    package func fill(_ value: Element, from start: Int, count n: Int) {
        assert(start >= 0 && n >= 0 && start + n <= count, "values \(start)..<\(start + n) outside a span of \(count)")
        (base + start).update(repeating: value, count: n)
    }

    /// Sets values `start ..< start + source.count` to `source`'s (which must not overlap them).
    @inline(__always)
    package func copy(from source: ReadOnlySpan<Element>, to start: Int = 0) {
        assert(start >= 0 && start + source.count <= count, "values \(start)..<\(start + source.count) outside a span of \(count)")
        source.withStart { (base + start).update(from: $0, count: source.count) }
    }
}

/// `count` values of `Element` read in place (memory someone else owns, pinned for the pass that reads
/// it: an array's storage inside `withUnsafeBufferPointer`, a mask's values while its owner lives).
///
/// Contract: the memory stays allocated and unchanged while the view is used. Every access is checked
/// against `count` in debug builds only.
package struct ReadOnlySpan<Element>: BitwiseCopyable {
    private let base: UnsafePointer<Element>
    /// How many values the view holds.
    package let count: Int

    @inline(__always)
    fileprivate init(start: UnsafePointer<Element>, count: Int) {
        self.base = start; self.count = count
    }

    /// The values of `buffer` (which the caller keeps pinned while the view is used). An empty buffer
    /// without storage gives an empty view.
    @inline(__always)
    package init(_ buffer: UnsafeBufferPointer<Element>) {
        // A view of nothing points at a dangling, aligned address it never reads (count 0).
        self.init(start: buffer.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment)!,
                  count: buffer.count)
    }

    /// The bytes of `raw` (which the caller keeps pinned while the view is used).
    @inline(__always)
    package init(bytes raw: UnsafeRawBufferPointer) where Element == UInt8 {
        self.init(raw.assumingMemoryBound(to: UInt8.self))
    }

    /// `count` values from `start`, whose owner keeps them allocated and unchanged while the view is
    /// used (a mask's values, `MaskPlacement`).
    @inline(__always)
    package init(unsafeStart start: UnsafePointer<Element>, count: Int) {
        assert(count >= 0, "a negative count")
        self.init(start: start, count: count)
    }

    /// Value `i`.
    @inline(__always)
    package subscript(i: Int) -> Element {
        assert(i >= 0 && i < count, "index \(i) outside a span of \(count)")
        return base[i]
    }

    /// Values `start ..< start + count` as a view of their own (index 0 is value `start`).
    @inline(__always)
    package func slice(from start: Int, count n: Int) -> ReadOnlySpan {
        assert(start >= 0 && n >= 0 && start + n <= count, "values \(start)..<\(start + n) outside a span of \(count)")
        return ReadOnlySpan(start: base + start, count: n)
    }

    /// Values `i ..< i + V.scalarCount` as one vector (any alignment).
    @inline(__always)
    package func load<V: SIMD>(_ i: Int, as _: V.Type = V.self) -> V where V.Scalar == Element {
        assert(i >= 0 && i + V.scalarCount <= count, "values \(i)..<\(i + V.scalarCount) outside a span of \(count)")
        return UnsafeRawPointer(base + i).loadUnaligned(as: V.self)
    }

    /// The memory of values `i ..< i + k` read as one `T` of their size (any alignment): bytes as a
    /// word, or as a vector of words.
    @inline(__always)
    package func load<T: BitwiseCopyable>(_ i: Int, reinterpretedAs _: T.Type) -> T {
        assert(MemoryLayout<T>.size % MemoryLayout<Element>.stride == 0, "a value of a size that is no whole number of elements")
        assert(i >= 0 && i + MemoryLayout<T>.size / MemoryLayout<Element>.stride <= count,
               "\(T.self) at \(i) outside a span of \(count)")
        return UnsafeRawPointer(base + i).loadUnaligned(as: T.self)
    }

    /// The same values as an array (a read-back's copy).
    package var array: [Element] {
        var values: [Element] = []
        append(to: &values)
        return values
    }

    /// Appends the values to `array` (one copy).
    package func append(to array: inout [Element]) {
        withStart { array.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
    }

    /// The first value's address, for `ScratchSpan.copy` and `PixelRow.copy` (bulk copies).
    @inline(__always)
    fileprivate func withStart<R>(_ body: (UnsafePointer<Element>) -> R) -> R { body(base) }
}
