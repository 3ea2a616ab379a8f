#pragma once
// Internal to GHASH with carry-less multiplication: one 128-bit multiply and the reduction, included by
// ghashclmulkernel.cpp (built with -mpclmul -mssse3) and ghashvpclmulkernel.cpp (built with
// -mvpclmulqdq -mavx512f -mavx512bw, so the same code comes out VEX-encoded). Everything sits in an unnamed
// namespace: each kernel file gets its own copy for its own instruction set (no inline function with one
// name compiled twice for two instruction sets, which the linker could merge into one).
//
// Elements are byte-reversed on load, so the coefficient of x^i is bit 127 - i of the register
// ("reflected"). For reflected a, b the 256-bit carry-less product holds the coefficient of x^k at bit
// 254 - k; one left shift puts it at 255 - k. Then [X3:X2] holds x^0..x^127 and [X1:X0] the part
// D(x) x^128 with D reflected; x^128 = x^7 + x^2 + x + 1 gives the result [X3:X2] xor D (1 + x + x^2 + x^7),
// where a multiply by x^s is a right shift by s. The bits that shifts by 1, 2, 7 push out of X0 (degrees
// >= 128 again) are folded in first, into X1 (X0 << 63, << 62, << 57), which only touches low degrees and
// so creates no new overflow.

#include <emmintrin.h>
#include <tmmintrin.h>
#include <wmmintrin.h>

#include <cstdint>

namespace rs::crypto::detail {
namespace {

inline __m128i byteReverse(__m128i x) noexcept {
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

// The unreduced product a * b accumulated in (lo, mid, hi) = a0b0, a0b1 + a1b0, a1b1.
inline void mulAcc(__m128i a, __m128i b, __m128i& lo, __m128i& mid, __m128i& hi) noexcept {
    lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(a, b, 0x00));
    hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(a, b, 0x11));
    mid =
        _mm_xor_si128(mid, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10)));
}

// 128-bit right shift by N (0 < N < 64).
template <int N> inline __m128i shr128(__m128i v) noexcept {
    return _mm_or_si128(_mm_srli_epi64(v, N), _mm_srli_si128(_mm_slli_epi64(v, 64 - N), 8));
}

inline __m128i reduce(__m128i lo, __m128i mid, __m128i hi) noexcept {
    // [hi:lo] = the 256-bit product.
    lo = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    hi = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    // Shift [hi:lo] left by one bit (bit 255 of the product is always 0).
    const __m128i cLo = _mm_srli_epi64(lo, 63), cHi = _mm_srli_epi64(hi, 63);
    lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(cLo, 8));
    hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(cHi, 8)), _mm_srli_si128(cLo, 8));
    // X1 ^= X0 << 63 ^ X0 << 62 ^ X0 << 57 (the overflow of the shifts below), giving [D:X0].
    const __m128i f =
        _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63), _mm_slli_epi64(lo, 62)), _mm_slli_epi64(lo, 57));
    lo = _mm_xor_si128(lo, _mm_slli_si128(f, 8));
    const __m128i r =
        _mm_xor_si128(_mm_xor_si128(lo, shr128<1>(lo)), _mm_xor_si128(shr128<2>(lo), shr128<7>(lo)));
    return _mm_xor_si128(hi, r);
}

inline __m128i mul(__m128i a, __m128i b) noexcept {
    __m128i lo = _mm_setzero_si128(), mid = _mm_setzero_si128(), hi = _mm_setzero_si128();
    mulAcc(a, b, lo, mid, hi);
    return reduce(lo, mid, hi);
}

inline __m128i load(const std::uint8_t* p) noexcept {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

} // namespace

} // namespace rs::crypto::detail
