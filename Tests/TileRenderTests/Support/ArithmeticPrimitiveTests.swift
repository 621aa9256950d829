import CIntrinsics
import Testing
@testable import TileRenderPipeline

// The fine stage's arithmetic primitives against the plain arithmetic they stand for, on edge values and
// seeded random ones: the intrinsics shim (`CIntrinsics`, whichever branch this build compiled) and the
// call-free rounding of small floats (`Float.roundedDownSmall`, `roundedUpSmall`).
@Suite struct ArithmeticPrimitiveTests {
    private static let edges: [UInt16] = [0, 1, 2, 127, 128, 255, 256, 257, 32767, 32768, 65279, 65280, 65534, 65535]

    @Test func highProductsAndSaturatingSumsMatchTheArithmetic() {
        var rng = SeededRandom(seed: 0x1234_5678)
        var pairs: [(UInt16, UInt16)] = []
        for a in Self.edges { for b in Self.edges { pairs.append((a, b)) } }
        for _ in 0..<20_000 { pairs.append((UInt16(truncatingIfNeeded: rng.next()), UInt16(truncatingIfNeeded: rng.next()))) }
        for start in stride(from: 0, to: pairs.count - 16, by: 16) {
            var x = SIMD16<UInt16>(), y = SIMD16<UInt16>()
            for i in 0..<16 { x[i] = pairs[start + i].0; y[i] = pairs[start + i].1 }
            let high16 = CIntrinsics_mulhi_u16x16(x, y), sum16 = CIntrinsics_adds_u16x16(x, y)
            let high8 = CIntrinsics_mulhi_u16x8(x.lowHalf, y.lowHalf), sum8 = CIntrinsics_adds_u16x8(x.highHalf, y.highHalf)
            for i in 0..<16 {
                let high = UInt16((UInt32(x[i]) * UInt32(y[i])) >> 16), sum = UInt16(min(65535, UInt32(x[i]) + UInt32(y[i])))
                #expect(high16[i] == high && sum16[i] == sum, "lane \(i): \(x[i]), \(y[i])")
                if i < 8 { #expect(high8[i] == high, "\(x[i]) * \(y[i])") } else { #expect(sum8[i - 8] == sum, "\(x[i]) + \(y[i])") }
            }
        }
    }

    @Test func smallFloatsRoundAsTheLibraryDoes() {
        var values: [Float] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 0.5, 1, 1.5, 2.5, 15.999999, 16, 4_194_303.5]
        for n in [1, 2, 3, 15, 16, 17, 255, 256, 1023, 1024, 32768, 65535, 1 << 20, (1 << 22) - 1] {
            let f = Float(n)
            values += [f, f.nextUp, f.nextDown, f + 0.5, f - 0.5, f + 0.25, f - 0.75]
        }
        var rng = SeededRandom(seed: 42)
        for _ in 0..<50_000 { values.append(Float(rng.next() % 1_000_000) / 997) }
        for _ in 0..<50_000 { values.append(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) % Float(4_194_304).bitPattern)) }
        for v in values where v >= 0 && v < 4_194_304 {
            #expect(v.roundedDownSmall == v.rounded(.down), "floor \(v)")
            #expect(v.roundedUpSmall == v.rounded(.up), "ceil \(v)")
        }
    }
}
