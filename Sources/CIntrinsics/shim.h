// Integer vector operations the fine stage's fixed-point compositing is built on, as inline functions
// over clang's vector types (Swift sees them as SIMD8<UInt16> and SIMD16<UInt16>). Written in Swift as
// widen, multiply, shift and narrow, the high product compiles to SSE2's pmulhuw in a baseline build but
// to 32-bit multiplies and packs in a Haswell build (LLVM widens first once 8 x 32 bits fit a register);
// here it is the instruction itself wherever the target has it, and the same arithmetic elsewhere.
#ifndef TILERENDER_CINTRINSICS_H
#define TILERENDER_CINTRINSICS_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

typedef unsigned short CIntrinsics_u16x8 __attribute__((ext_vector_type(8)));
typedef unsigned short CIntrinsics_u16x16 __attribute__((ext_vector_type(16)));
typedef unsigned int CIntrinsics_u32x8 __attribute__((ext_vector_type(8)));
typedef unsigned int CIntrinsics_u32x16 __attribute__((ext_vector_type(16)));

/// x * y >> 16 in each lane (the high half of the 32-bit product).
static inline CIntrinsics_u16x8 CIntrinsics_mulhi_u16x8(CIntrinsics_u16x8 x, CIntrinsics_u16x8 y) {
#if defined(__SSE2__)
    return (CIntrinsics_u16x8)_mm_mulhi_epu16((__m128i)x, (__m128i)y);
#else
    CIntrinsics_u32x8 p = __builtin_convertvector(x, CIntrinsics_u32x8) * __builtin_convertvector(y, CIntrinsics_u32x8);
    return __builtin_convertvector(p >> 16, CIntrinsics_u16x8);
#endif
}

/// x + y in each lane, at most 65535.
static inline CIntrinsics_u16x8 CIntrinsics_adds_u16x8(CIntrinsics_u16x8 x, CIntrinsics_u16x8 y) {
#if defined(__SSE2__)
    return (CIntrinsics_u16x8)_mm_adds_epu16((__m128i)x, (__m128i)y);
#else
    CIntrinsics_u16x8 s = x + y;
    return s | (CIntrinsics_u16x8)(s < x);
#endif
}

/// `CIntrinsics_mulhi_u16x8` over 16 lanes (one AVX2 instruction where the target has it).
static inline CIntrinsics_u16x16 CIntrinsics_mulhi_u16x16(CIntrinsics_u16x16 x, CIntrinsics_u16x16 y) {
#if defined(__AVX2__)
    return (CIntrinsics_u16x16)_mm256_mulhi_epu16((__m256i)x, (__m256i)y);
#elif defined(__SSE2__)
    return __builtin_shufflevector(CIntrinsics_mulhi_u16x8(x.lo, y.lo), CIntrinsics_mulhi_u16x8(x.hi, y.hi),
                                   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#else
    CIntrinsics_u32x16 p = __builtin_convertvector(x, CIntrinsics_u32x16) * __builtin_convertvector(y, CIntrinsics_u32x16);
    return __builtin_convertvector(p >> 16, CIntrinsics_u16x16);
#endif
}

/// `CIntrinsics_adds_u16x8` over 16 lanes.
static inline CIntrinsics_u16x16 CIntrinsics_adds_u16x16(CIntrinsics_u16x16 x, CIntrinsics_u16x16 y) {
#if defined(__AVX2__)
    return (CIntrinsics_u16x16)_mm256_adds_epu16((__m256i)x, (__m256i)y);
#elif defined(__SSE2__)
    return __builtin_shufflevector(CIntrinsics_adds_u16x8(x.lo, y.lo), CIntrinsics_adds_u16x8(x.hi, y.hi),
                                   0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
#else
    CIntrinsics_u16x16 s = x + y;
    return s | (CIntrinsics_u16x16)(s < x);
#endif
}

/// Sets `count` 32-bit words at `words` to `value`: the C library's wmemset where wchar_t is 32 bits
/// (Linux, macOS), which glibc tunes as it does memset (wide stores, unrolled); a plain loop elsewhere.
/// Swift's own fill of 32-bit values is a simple vector loop, about 1.26x memset's time on a frame.
static inline void CIntrinsics_fillWords(uint32_t *words, uint32_t value, size_t count) {
#if defined(__SIZEOF_WCHAR_T__) && __SIZEOF_WCHAR_T__ == 4
    wmemset((wchar_t *)words, (wchar_t)value, count);
#else
    for (size_t i = 0; i < count; i++) words[i] = value;
#endif
}

#endif
