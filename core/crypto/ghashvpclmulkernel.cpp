// GHASH with VPCLMULQDQ on 512-bit registers (built with -mvpclmulqdq -mpclmul -mavx512f -mavx512bw):
// 16 blocks per reduction. A 64-byte load holds 4 blocks, one per 128-bit lane; each is byte-reversed in
// its lane (vpshufb, AVX512BW) and multiplied by its power of H from a table [H^16 H^15 H^14 H^13 | H^12 ..
// | .. | H^4 H^3 H^2 H^1], four carry-less products per multiply as in ghashclmulx1.h. The 16 unreduced
// products are summed (aggregated reduction: X' = (X + B0) H^16 + B1 H^15 + ... + B15 H, Horner's rule
// expanded), the four lanes folded into one 256-bit value and reduced once with the 128-bit code of
// ghashclmulx1.h. Fewer than 16 blocks are left to the PCLMULQDQ kernel (ghashclmul.cpp chains the two).
// Only intrinsics and raw pointers here (see ghashclmulkernels.h).
// GCC 12 warns inside its own avx512fintrin.h, where _mm512_undefined_epi32() initialises a variable with
// itself (GCC bug 105593, fixed in GCC 13); here the 512-bit shifts make it -Wuninitialized too.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include "core/crypto/ghashclmulkernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&               \
    defined(__VPCLMULQDQ__) && defined(__PCLMUL__) && defined(__AVX512F__) && defined(__AVX512BW__)
#define RS_GHASH_VPCLMUL 1
#include "core/crypto/ghashclmulx1.h"
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#ifdef RS_GHASH_VPCLMUL

namespace {

inline __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
    return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

// The sum of the four 128-bit lanes.
inline __m128i foldLanes(__m512i v) noexcept {
    const __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
}

// The unreduced products of the four lanes of a and b added to (lo, mid, hi), as mulAcc in ghashclmulx1.h.
inline void mulAcc4(__m512i a, __m512i b, __m512i& lo, __m512i& mid, __m512i& hi) noexcept {
    lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(a, b, 0x00));
    hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(a, b, 0x11));
    mid = xor3(mid, _mm512_clmulepi64_epi128(a, b, 0x01), _mm512_clmulepi64_epi128(a, b, 0x10));
}

// reduce() of ghashclmulx1.h on each 128-bit lane (the same steps; byte shifts stay inside a lane).
template <int N> inline __m512i shr128x4(__m512i v) noexcept {
    return _mm512_or_si512(_mm512_srli_epi64(v, N), _mm512_bsrli_epi128(_mm512_slli_epi64(v, 64 - N), 8));
}

inline __m512i reduce4(__m512i lo, __m512i mid, __m512i hi) noexcept {
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    const __m512i cLo = _mm512_srli_epi64(lo, 63), cHi = _mm512_srli_epi64(hi, 63);
    lo = _mm512_or_si512(_mm512_slli_epi64(lo, 1), _mm512_bslli_epi128(cLo, 8));
    hi = _mm512_ternarylogic_epi64(_mm512_slli_epi64(hi, 1), _mm512_bslli_epi128(cHi, 8),
                                   _mm512_bsrli_epi128(cLo, 8), 0xFE); // a | b | c
    const __m512i f = xor3(_mm512_slli_epi64(lo, 63), _mm512_slli_epi64(lo, 62), _mm512_slli_epi64(lo, 57));
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(f, 8));
    const __m512i r = _mm512_xor_si512(xor3(lo, shr128x4<1>(lo), shr128x4<2>(lo)), shr128x4<7>(lo));
    return _mm512_xor_si512(hi, r);
}

// Four products a_i * b_i, reduced.
inline __m512i mul4(__m512i a, __m512i b) noexcept {
    __m512i lo = _mm512_setzero_si512(), mid = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
    mulAcc4(a, b, lo, mid, hi);
    return reduce4(lo, mid, hi);
}

} // namespace

void ghashVpclmulInit(const std::uint8_t htab[64], std::uint8_t hpow[256]) noexcept {
    // [H^4 H^3 H^2 H^1] from htab, then three multiplies by H^4 (in every lane) give the rows above it.
    const auto* t = reinterpret_cast<const __m128i*>(htab);
    const __m512i h4x4 = _mm512_broadcast_i32x4(_mm_load_si128(t + 3));
    __m512i row = _mm512_inserti32x4(_mm512_castsi128_si512(_mm_load_si128(t + 3)), _mm_load_si128(t + 2), 1);
    row = _mm512_inserti32x4(row, _mm_load_si128(t + 1), 2);
    row = _mm512_inserti32x4(row, _mm_load_si128(t), 3);
    for (int r = 3; r >= 0; --r) {
        _mm512_store_si512(hpow + 64 * r, row); // row r = [H^(16-4r) .. H^(13-4r)]
        row = mul4(row, h4x4);
    }
    _mm256_zeroupper();
}

std::size_t ghashVpclmulUpdate(const std::uint8_t hpow[256], std::uint8_t x[16], const std::uint8_t* data,
                               std::size_t blocks) noexcept {
    const std::size_t groups = blocks / 16;
    if (groups == 0) return 0;
    const __m512i rev =
        _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    const __m512i k0 = _mm512_load_si512(hpow), k1 = _mm512_load_si512(hpow + 64),
                  k2 = _mm512_load_si512(hpow + 128), k3 = _mm512_load_si512(hpow + 192);
    __m128i acc = byteReverse(load(x));
    for (std::size_t g = 0; g < groups; ++g, data += 256) {
        // X enters with block 0 (lane 0 of the first register).
        const __m512i d0 = _mm512_xor_si512(_mm512_shuffle_epi8(_mm512_loadu_si512(data), rev),
                                            _mm512_inserti32x4(_mm512_setzero_si512(), acc, 0));
        __m512i lo = _mm512_setzero_si512(), mid = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
        mulAcc4(d0, k0, lo, mid, hi);
        mulAcc4(_mm512_shuffle_epi8(_mm512_loadu_si512(data + 64), rev), k1, lo, mid, hi);
        mulAcc4(_mm512_shuffle_epi8(_mm512_loadu_si512(data + 128), rev), k2, lo, mid, hi);
        mulAcc4(_mm512_shuffle_epi8(_mm512_loadu_si512(data + 192), rev), k3, lo, mid, hi);
        acc = reduce(foldLanes(lo), foldLanes(mid), foldLanes(hi));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(x), byteReverse(acc));
    _mm256_zeroupper();
    return 16 * groups;
}

bool ghashVpclmulCompiled() noexcept {
    return true;
}

#else

void ghashVpclmulInit(const std::uint8_t*, std::uint8_t*) noexcept {}
std::size_t ghashVpclmulUpdate(const std::uint8_t*, std::uint8_t*, const std::uint8_t*,
                               std::size_t) noexcept {
    return 0;
}
bool ghashVpclmulCompiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
