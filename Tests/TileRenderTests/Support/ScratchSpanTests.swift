import Testing
@testable import TileRenderPipeline

/// The hot loops' memory views (`ScratchSpan`, `ReadOnlySpan`, `PixelRow`): every access inside a view
/// reaches the right values, up to the last one, and (in debug builds, where the checks are compiled)
/// one past any boundary stops the process. The stopping cases run in child processes (exit tests).
@Suite struct ScratchSpanTests {
    /// Debug builds compile the views' checks (`assert`); release builds leave them out.
    static let checksCompiled = _isDebugAssertConfiguration()

    @Test func valuesAreReadAndWrittenByIndexVectorAndRun() {
        let span = ScratchSpan<Float>.allocate(count: 20, repeating: 0)
        defer { span.deallocate() }
        #expect(span.count == 20)
        for i in 0..<20 { span[i] = Float(i) }
        // The last whole vector ends on the last value.
        #expect(span.load(12, as: SIMD8<Float>.self) == SIMD8(12, 13, 14, 15, 16, 17, 18, 19))
        span.store(SIMD4<Float>(repeating: -1), at: 16)
        #expect(span[15] == 15 && span[16] == -1 && span[19] == -1)
        // Vectors need no alignment.
        #expect(span.load(1, as: SIMD4<Float>.self) == SIMD4(1, 2, 3, 4))
        span.fill(7, from: 18, count: 2)
        #expect(span[17] == -1 && span[18] == 7 && span[19] == 7)
        span.fill(0, from: 20, count: 0)  // an empty run at the end
        span.fill(3)
        #expect((0..<20).allSatisfy { span[$0] == 3 })
    }

    @Test func slicesShareTheMemory() {
        let span = ScratchSpan<UInt16>.allocate(count: 32, repeating: 0)
        defer { span.deallocate() }
        let back = span.slice(from: 16, count: 16)
        back.store(SIMD16<UInt16>(repeating: 9), at: 0)
        #expect(span[15] == 0 && span[16] == 9 && span[31] == 9)
        #expect(span.slice(from: 32, count: 0).count == 0)
        let source = ScratchSpan<UInt16>.allocate(count: 4, repeating: 5)
        defer { source.deallocate() }
        span.copy(from: source.readOnly, to: 28)
        #expect(span[27] == 9 && (28..<32).allSatisfy { span[$0] == 5 })
        let readOnly = span.readOnly.slice(from: 24, count: 8)
        #expect(readOnly[3] == 9 && readOnly[4] == 5 && readOnly.load(0, as: SIMD8<UInt16>.self) == SIMD8(9, 9, 9, 9, 5, 5, 5, 5))
    }

    @Test func readOnlySpansViewBuffersAndNothing() {
        let values: [Int32] = [1, 2, 3, 4, 5]
        values.withUnsafeBufferPointer { buffer in
            let span = ReadOnlySpan(buffer)
            #expect(span.count == 5 && span[4] == 5 && span.slice(from: 1, count: 4).load(0, as: SIMD4<Int32>.self) == SIMD4(2, 3, 4, 5))
        }
        let empty = ReadOnlySpan(UnsafeBufferPointer<Int32>(start: nil, count: 0))
        #expect(empty.count == 0 && empty.slice(from: 0, count: 0).count == 0)
        var scratch: [Float] = [0, 0, 0]
        scratch.withUnsafeMutableBufferPointer { ScratchSpan($0)[2] = 4 }
        #expect(scratch == [0, 0, 4])
    }

    @Test func bytesAreReadAsWordsUpToTheLastWholeOne() {
        let bytes: [UInt8] = [1, 0, 0, 0xFF, 2, 0, 0, 0x80, 9]
        bytes.withUnsafeBytes { raw in
            let span = ReadOnlySpan(bytes: raw)
            #expect(span.load(0, reinterpretedAs: UInt32.self).littleEndian == 0xFF00_0001)
            #expect(span.load(5, reinterpretedAs: UInt32.self).littleEndian == 0x0980_0000)  // unaligned, ends on the last byte
            #expect(span.load(0, reinterpretedAs: SIMD2<UInt32>.self)[1].littleEndian == 0x8000_0002)
        }
    }

    @Test func pixelRowsReachTheirPixelsOnly() {
        var bytes = [UInt8](repeating: 0, count: 3 * 40 + 1)
        bytes.withUnsafeMutableBytes { raw in
            // Rows 40 bytes apart (10 pixels), starting one byte in: not aligned to words.
            let target = RenderTarget(base: raw.baseAddress! + 1, width: 9, height: 3, bytesPerRow: 40)
            let row = target.row(2, x: 1, count: 8)
            row.setSpan(0, count: 8, SIMD8(0, 1, 2, 3, 4, 5, 6, 7))
            #expect(row.span(0, count: 8) == SIMD8(0, 1, 2, 3, 4, 5, 6, 7))
            row[7] = 0xAABB_CCDD
            #expect(row.span(6, count: 2) == SIMD8(6, 0xAABB_CCDD, 0, 0, 0, 0, 0, 0))
        }
        // Pixel 1 of row 2 starts at byte 1 + 80 + 4; the last pixel written ends at byte 1 + 80 + 36.
        #expect(bytes[84] == 0 && bytes[89] == 1 && bytes[113] == 0xDD && bytes[116] == 0xAA && bytes[117...].allSatisfy { $0 == 0 })
    }

    @Test func spansViewMemoryThatIsNoArraysAndCopyItOut() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 1)
        defer { raw.deallocate() }
        // Memory a C library or a device mapped: viewed as bytes.
        let bytes = ScratchSpan(unsafeBytes: raw, count: 8)
        bytes.zeroBytes()
        bytes.copy(from: ScratchSpan<UInt8>.allocate(count: 3, repeating: 7).readOnly, to: 5)
        #expect(bytes.readOnly.array == [0, 0, 0, 0, 0, 7, 7, 7])
        var appended: [UInt8] = [1]
        bytes.readOnly.slice(from: 6, count: 2).append(to: &appended)
        #expect(appended == [1, 7, 7])
        var words: [UInt16] = [0, 0]
        words.withUnsafeMutableBytes { ScratchSpan(bytes: $0)[1] = 0xFF }
        #expect(words == [UInt16(littleEndian: 0xFF00), 0], "byte 1 is the first word's second byte")
        let values = UnsafeMutablePointer<Int>.allocate(capacity: 3)
        defer { values.deallocate() }
        let span = ScratchSpan(unsafeStart: values, count: 3)
        span.fill(2)
        #expect(span.readOnly.array == [2, 2, 2])
    }

    @Test func targetRowsAreReachedAsBytes() {
        var bytes = [UInt8](repeating: 0, count: 3 * 12)
        bytes.withUnsafeMutableBytes { raw in
            // Rows of 2 pixels, 12 bytes apart: 4 bytes of padding after each.
            let padded = RenderTarget(base: raw.baseAddress!, width: 2, height: 3, bytesPerRow: 12)
            #expect(padded.rowBytes(2).count == 8)
            padded.rowBytes(2).fill(9)
            // The same memory as rows back to back (3 rows of 3 pixels).
            let packed = RenderTarget(base: raw.baseAddress!, width: 3, height: 3, bytesPerRow: 12)
            #expect(packed.bytes(ofRows: 1..<3).count == 24 && packed.bytes(ofRows: 3..<3).count == 0)
            packed.bytes(ofRows: 1..<2)[0] = 5
        }
        #expect(bytes[..<12].allSatisfy { $0 == 0 } && bytes[12] == 5 && bytes[13..<24].allSatisfy { $0 == 0 })
        #expect(bytes[24..<32].allSatisfy { $0 == 9 } && bytes[32...].allSatisfy { $0 == 0 }, "the padding is not part of a row")
    }

    // MARK: One past each boundary stops the process (debug builds)

    @Test(.enabled(if: checksCompiled)) func indexPastTheEndStops() async {
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<Float>.allocate(count: 4, repeating: 0)
            span[4] = 1
        }
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<Float>.allocate(count: 4, repeating: 0)
            _ = span.readOnly[-1]
        }
    }

    @Test(.enabled(if: checksCompiled)) func vectorPastTheEndStops() async {
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<Float>.allocate(count: 20, repeating: 0)
            _ = span.load(13, as: SIMD8<Float>.self)  // values 13..<21
        }
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<UInt16>.allocate(count: 16, repeating: 0)
            span.store(SIMD16<UInt16>(), at: 1)
        }
    }

    @Test(.enabled(if: checksCompiled)) func wordPastTheLastByteStops() async {
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<UInt8>.allocate(count: 9, repeating: 0)
            _ = span.readOnly.load(6, reinterpretedAs: UInt32.self)  // bytes 6..<10
        }
    }

    @Test(.enabled(if: checksCompiled)) func runsAndSlicesPastTheEndStop() async {
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<Float>.allocate(count: 16, repeating: 0)
            span.fill(1, from: 8, count: 9)
        }
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<Float>.allocate(count: 16, repeating: 0)
            _ = span.slice(from: 15, count: 2)
        }
        await #expect(processExitsWith: .failure) {
            let span = ScratchSpan<Float>.allocate(count: 16, repeating: 0)
            span.copy(from: span.readOnly.slice(from: 0, count: 4), to: 13)
        }
    }

    @Test(.enabled(if: checksCompiled)) func pixelsOutsideTheRowOrTargetStop() async {
        await #expect(processExitsWith: .failure) {
            let base = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
            let target = RenderTarget(base: base, width: 4, height: 4, bytesPerRow: 16)
            _ = target.row(0, x: 1, count: 4)  // pixels 1..<5 of a row of 4
        }
        await #expect(processExitsWith: .failure) {
            let base = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
            let target = RenderTarget(base: base, width: 4, height: 4, bytesPerRow: 16)
            _ = target.row(3, x: 0, count: 3).span(1, count: 3)
        }
    }

    @Test(.enabled(if: checksCompiled)) func bytesOutsideTheTargetOrView() async {
        await #expect(processExitsWith: .failure) {
            let base = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
            let target = RenderTarget(base: base, width: 4, height: 4, bytesPerRow: 16)
            _ = target.rowBytes(4)
        }
        await #expect(processExitsWith: .failure) {
            let base = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
            let target = RenderTarget(base: base, width: 4, height: 4, bytesPerRow: 16)
            target.rowBytes(3)[16] = 0  // one past the row's 16 bytes
        }
        await #expect(processExitsWith: .failure) {
            let base = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
            let target = RenderTarget(base: base, width: 4, height: 4, bytesPerRow: 16)
            _ = target.bytes(ofRows: 2..<5)
        }
        await #expect(processExitsWith: .failure) {
            let base = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 4)
            let target = RenderTarget(base: base, width: 3, height: 4, bytesPerRow: 16)
            _ = target.bytes(ofRows: 0..<2)  // rows with padding between them
        }
        await #expect(processExitsWith: .failure) {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 1)
            _ = ScratchSpan(unsafeBytes: raw, count: 8).readOnly.slice(from: 4, count: 5).array
        }
    }

    /// Scratch of values that need deinitializing is refused in every build: `deallocate` would leak them.
    @Test func scratchOfReferencesStops() async {
        await #expect(processExitsWith: .failure) {
            final class Box {}
            _ = ScratchSpan<Box?>.allocate(count: 1, repeating: nil)
        }
    }
}
