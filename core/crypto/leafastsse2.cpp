// LEA fast path, SSE2 kernel (built with -msse2): 4 blocks at a time. A 4 x 4 transpose of 32-bit words
// puts word X[j] of the 4 blocks in register j, so each LEA round (KS X 3246) is lane-wise:
//   X'[0] = ROL9((X[0]^RK0) + (X[1]^RK1)), X'[1] = ROR5((X[1]^RK2) + (X[2]^RK3)),
//   X'[2] = ROR3((X[2]^RK4) + (X[3]^RK5)), X'[3] = X[0],
// with the registers renamed instead of moved, as lea.cpp does (the pattern repeats every 4 rounds).
// Only intrinsics and raw pointers here (see leafastkernels.h).
#include "core/crypto/leafastkernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&               \
    defined(__SSE2__)
#define RS_LEA_SSE2 1
#include <emmintrin.h>
#endif

namespace rs::crypto::detail {

#ifdef RS_LEA_SSE2

namespace {

template <int L> inline __m128i rotl(__m128i x) noexcept {
    return _mm_or_si128(_mm_slli_epi32(x, L), _mm_srli_epi32(x, 32 - L));
}

inline __m128i key(const std::uint32_t* rkx4, int word) noexcept {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(rkx4 + 4 * word));
}

// One round on (a, b, c, d) = (X[0], X[1], X[2], X[3]); the new state is (b, c, d, a).
inline void round(__m128i a, __m128i& b, __m128i& c, __m128i& d, const std::uint32_t* k) noexcept {
    d = rotl<29>(_mm_add_epi32(_mm_xor_si128(c, key(k, 4)), _mm_xor_si128(d, key(k, 5))));
    c = rotl<27>(_mm_add_epi32(_mm_xor_si128(b, key(k, 2)), _mm_xor_si128(c, key(k, 3))));
    b = rotl<9>(_mm_add_epi32(_mm_xor_si128(a, key(k, 0)), _mm_xor_si128(b, key(k, 1))));
}

// Rows r0..r3 (one block each) <-> columns (one word of every block each); the transpose is its own inverse.
inline void transpose(__m128i& r0, __m128i& r1, __m128i& r2, __m128i& r3) noexcept {
    const __m128i t0 = _mm_unpacklo_epi32(r0, r1), t1 = _mm_unpacklo_epi32(r2, r3);
    const __m128i t2 = _mm_unpackhi_epi32(r0, r1), t3 = _mm_unpackhi_epi32(r2, r3);
    r0 = _mm_unpacklo_epi64(t0, t1);
    r1 = _mm_unpackhi_epi64(t0, t1);
    r2 = _mm_unpacklo_epi64(t2, t3);
    r3 = _mm_unpackhi_epi64(t2, t3);
}

} // namespace

void leaEcbSse2(const std::uint32_t* rkx4, int rounds, const std::uint8_t* in, std::uint8_t* out,
                std::size_t groups) noexcept {
    for (std::size_t g = 0; g < groups; ++g, in += 64, out += 64) {
        // x86 is little-endian: a 16-byte load gives the block's words X[0..3] as LEA loads them.
        __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
        __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16));
        __m128i x2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 32));
        __m128i x3 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 48));
        transpose(x0, x1, x2, x3);
        const std::uint32_t* k = rkx4;
        for (int r = 0; r < rounds; r += 4, k += 4 * 24) {
            round(x0, x1, x2, x3, k);
            round(x1, x2, x3, x0, k + 24);
            round(x2, x3, x0, x1, k + 48);
            round(x3, x0, x1, x2, k + 72);
        }
        transpose(x0, x1, x2, x3);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), x0);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), x1);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 32), x2);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 48), x3);
    }
}

bool leaSse2Compiled() noexcept {
    return true;
}

#else

void leaEcbSse2(const std::uint32_t*, int, const std::uint8_t*, std::uint8_t*, std::size_t) noexcept {}

bool leaSse2Compiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
