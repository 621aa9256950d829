import Foundation
import Testing
@testable import TileRenderPipeline

/// The tolerance rule's figures (ImageDifference) against the rule computed the plain way, pixel by
/// pixel and window by window, as imgdiff.py states it.
struct ImageDifferenceTests {
    /// The figures as imgdiff.py defines them, from premultiplied levels in floating point, every
    /// window summed on its own.
    static func plainFigures(width w: Int, height h: Int, premultipliedA a: [Double], _ b: [Double])
        -> (meanAbs: Double, pctOver8: Double, maxAbs: Double, local5: Double) {
        var total = 0.0, over8 = 0, largest = 0.0
        var perPixel = [Double](repeating: 0, count: w * h)
        for p in 0..<(w * h) {
            let d = (0..<4).map { abs(a[4 * p + $0] - b[4 * p + $0]) }
            total += d.reduce(0, +)
            perPixel[p] = d.max()!
            if perPixel[p] > 8 { over8 += 1 }
            largest = max(largest, perPixel[p])
        }
        let k = min(5, w, h)
        var best = 0.0
        for y0 in 0...(h - k) {
            for x0 in 0...(w - k) {
                var s = 0.0
                for y in y0..<(y0 + k) { for x in x0..<(x0 + k) { s += perPixel[y * w + x] } }
                best = max(best, s)
            }
        }
        return (total / Double(w * h * 4), Double(over8) / Double(w * h) * 100, largest, best / Double(k * k))
    }

    static func randomBytes(_ count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test(arguments: [(1, 1), (3, 7), (5, 5), (13, 9), (40, 23)])
    func premultipliedFiguresEqualThePlainRule(_ width: Int, _ height: Int) throws {
        var generator = SeededRandom(seed: UInt64(width * 100 + height))
        let a = try Bitmap(width: width, height: height, straightRGBA: Self.randomBytes(width * height * 4, using: &generator))
        var nearB = a.pixels  // a copy with small and large changes, so that both sides of 8 levels occur
        for i in nearB.indices where i % 3 == 0 { nearB[i] = UInt8(clamping: Int(nearB[i]) + Int.random(in: -20...20, using: &generator)) }
        let b = try Bitmap(width: width, height: height, premultipliedRGBA: nearB)
        let difference = ImageDifference(a, b)
        let plain = Self.plainFigures(width: width, height: height, premultipliedA: a.pixels.map(Double.init),
                                      b.pixels.map(Double.init))
        #expect(difference.meanAbs == plain.meanAbs && difference.pctOver8 == plain.pctOver8)
        #expect(difference.maxAbs == plain.maxAbs && difference.local5 == plain.local5, "\(difference) vs \(plain)")
    }

    @Test func straightFiguresPremultiplyExactlyAsImgdiffDoes() throws {
        var generator = SeededRandom(seed: 7)
        let (width, height) = (31, 17)
        let a = Self.randomBytes(width * height * 4, using: &generator)
        let b = Self.randomBytes(width * height * 4, using: &generator)
        // imgdiff.premul: colour * (alpha / 255), alpha unchanged, in floating point.
        func premultiplied(_ p: [UInt8]) -> [Double] {
            p.indices.map { i in i % 4 == 3 ? Double(p[i]) : Double(p[i]) * (Double(p[i | 3]) / 255) }
        }
        let difference = ImageDifference(straightRGBA: a, b, width: width, height: height)
        let plain = Self.plainFigures(width: width, height: height, premultipliedA: premultiplied(a), premultiplied(b))
        #expect(abs(difference.meanAbs - plain.meanAbs) < 1e-9 && abs(difference.pctOver8 - plain.pctOver8) < 1e-9)
        #expect(abs(difference.maxAbs - plain.maxAbs) < 1e-9 && abs(difference.local5 - plain.local5) < 1e-9,
                "\(difference) vs \(plain)")
    }

    @Test func aMissingTwoByTwoBlockIsALocalError() throws {
        let empty = try Bitmap(width: 6, height: 6)
        var pixels = empty.pixels
        for y in 2..<4 { for x in 2..<4 { for c in 0..<4 { pixels[(y * 6 + x) * 4 + c] = 255 } } }
        let block = try Bitmap(width: 6, height: 6, premultipliedRGBA: pixels)
        let difference = ImageDifference(empty, block)
        #expect(difference.meanAbs == 4 * 4 * 255 / 144.0 && difference.pctOver8 == 4 / 36.0 * 100)
        #expect(difference.maxAbs == 255 && difference.local5 == 4 * 255 / 25.0)
        #expect(!SceneTolerance.floors.accepts(difference))
        #expect(SceneTolerance.floors.accepts(ImageDifference(block, block)))
    }
}
