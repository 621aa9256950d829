import Foundation
import Testing
@testable import TileRenderPipeline

/// The codecs' buffers for their C libraries (`CLibraryBytes.swift`): the library sees the bytes and
/// their count, writes land in the array, and a length past the array stops the process in every build.
@Suite struct CLibraryBytesTests {
    @Test func dataIsReadAsBytesAndEmptyDataAsNone() {
        let seen = Data([1, 2, 3]).withCBytes { base, count in base.map { Array(UnsafeBufferPointer(start: $0, count: count)) } }
        #expect(seen == [1, 2, 3])
        #expect(Data().withCBytes { _, count in count } == 0)
    }

    @Test func arraysAreReadWrittenAndCopiedUpToTheirCount() {
        var rows = [UInt8](repeating: 0, count: 8)
        rows.withCBytes(writing: 8) { out in for i in 0..<8 { out[i] = UInt8(i * 2) } }
        #expect(rows == [0, 2, 4, 6, 8, 10, 12, 14])
        #expect(rows.withCBytes(reading: 8) { [UInt8](copyingCBytes: $0 + 6, count: 2) } == [12, 14])
        #expect([UInt8]().withCBytes(reading: 0) { _ in true })
    }

    @Test func characterArraysEndAtTheirFirstZeroOrTheirEnd() {
        let message: (CChar, CChar, CChar, CChar) = (0x6F, 0x6B, 0, 0x21)
        #expect(stringFromCCharacters(message) == "ok")
        #expect(stringFromCCharacters((CChar(0x61), CChar(0x62))) == "ab")
        #expect(stringFromCCharacters((CChar(0), CChar(0x62))) == "")
    }

    @Test func lengthsPastTheArrayStop() async {
        await #expect(processExitsWith: .failure) {
            [UInt8](repeating: 0, count: 15).withCBytes(reading: 16) { _ in }
        }
        await #expect(processExitsWith: .failure) {
            var rows = [UInt8](repeating: 0, count: 15)
            rows.withCBytes(writing: 16) { _ in }
        }
    }
}
