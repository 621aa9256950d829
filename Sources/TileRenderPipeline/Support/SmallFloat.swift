extension Float {
    // Rounding without a call. Baseline x86-64 has no rounding instruction (SSE4.1's `roundss`), so
    // `rounded(.down)` and `rounded(.up)` call `floorf` and `ceilf` in the hot loops (coverage
    // accumulation, tile cutting); about as many instructions, but no call there. Adding 2^23 moves a
    // value in 0 ..< 2^22 to a whole number (rounded to nearest) in one addition; one step back where
    // that went the wrong way gives the same value as the library, for every such value.

    /// `rounded(.down)` of a value in 0 ..< 2^22 (coordinates inside a tile or a canvas).
    @inline(__always)
    package var roundedDownSmall: Float {
        let r = (self + 8_388_608) - 8_388_608
        return r > self ? r - 1 : r
    }

    /// `rounded(.up)` of a value in 0 ..< 2^22 (coordinates inside a tile or a canvas).
    @inline(__always)
    package var roundedUpSmall: Float {
        let r = (self + 8_388_608) - 8_388_608
        return r < self ? r + 1 : r
    }
}
