// Keccak-f[1600] fast path, AVX2 kernel: 4 states, one per 64-bit lane of a __m256i (keccakfastkernel.h's
// round without lane complementing: χ is vpandn + vpxor). Rotations by 8 and 56 are byte shuffles, the
// others two shifts and an OR. Built with -mavx2 (core/crypto/CMakeLists.txt) and called only when the CPU
// reports AVX2; it includes no library header but the kernel's, so nothing here is shared with code built
// without AVX2.
#include "core/crypto/keccakfastkernel.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#if defined(__AVX2__)

namespace {

struct Avx2Ops {
    using V = __m256i;
    static constexpr bool kComplementLanes = false;
    static V set1(std::uint64_t v) noexcept { return _mm256_set1_epi64x(static_cast<long long>(v)); }
    static V x(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
    static V xor5(V a, V b, V c, V d, V e) noexcept {
        return _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(a, b), _mm256_xor_si256(c, d)), e);
    }
    static V chi(V a, V b, V c) noexcept { return _mm256_xor_si256(a, _mm256_andnot_si256(b, c)); }
    template <int N> static V rol(V a) noexcept {
        if constexpr (N == 0) {
            return a;
        } else if constexpr (N == 8) {
            // Byte k of each 64-bit lane from byte k - 1 (mod 8).
            return _mm256_shuffle_epi8(a, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13,
                                                           14, 7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12,
                                                           13, 14));
        } else if constexpr (N == 56) {
            // Byte k of each 64-bit lane from byte k + 1 (mod 8).
            return _mm256_shuffle_epi8(a, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15,
                                                           8, 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14,
                                                           15, 8));
        } else {
            return _mm256_or_si256(_mm256_slli_epi64(a, N), _mm256_srli_epi64(a, 64 - N));
        }
    }
};

} // namespace

bool keccakAvx2Compiled() noexcept {
    return true;
}

void keccakX4Avx2(std::uint64_t* w, std::size_t stride) noexcept {
    KeccakLanes<Avx2Ops> A;
#define RS_KECCAK_LOAD(i) A.a[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + stride * (i)));
    RS_KECCAK_EACH_LANE(RS_KECCAK_LOAD)
#undef RS_KECCAK_LOAD
    keccakFastPermute<Avx2Ops>(A);
#define RS_KECCAK_STORE(i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(w + stride * (i)), A.a[i]);
    RS_KECCAK_EACH_LANE(RS_KECCAK_STORE)
#undef RS_KECCAK_STORE
}

void keccakX4SqueezeAvx2(const std::uint64_t* w, std::size_t stride, std::size_t lanes,
                         std::uint8_t* const* out) noexcept {
    std::size_t i = 0;
    for (; i + 4 <= lanes; i += 4) {
        // r_k holds lane i + k of the four states; a 4x4 transpose of 64-bit words gives each state's four
        // consecutive lanes, 32 bytes of its stream (little-endian lanes are FIPS 202's byte order).
        const auto row = [&](std::size_t k) {
            return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + stride * (i + k)));
        };
        const __m256i r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3);
        const __m256i lo01 = _mm256_unpacklo_epi64(r0, r1), hi01 = _mm256_unpackhi_epi64(r0, r1);
        const __m256i lo23 = _mm256_unpacklo_epi64(r2, r3), hi23 = _mm256_unpackhi_epi64(r2, r3);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[0] + 8 * i),
                            _mm256_permute2x128_si256(lo01, lo23, 0x20));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[1] + 8 * i),
                            _mm256_permute2x128_si256(hi01, hi23, 0x20));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[2] + 8 * i),
                            _mm256_permute2x128_si256(lo01, lo23, 0x31));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[3] + 8 * i),
                            _mm256_permute2x128_si256(hi01, hi23, 0x31));
    }
    for (; i < lanes; ++i) {
        const __m256i r = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + stride * i));
        const __m128i lo = _mm256_castsi256_si128(r), hi = _mm256_extracti128_si256(r, 1);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out[0] + 8 * i), lo);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out[1] + 8 * i), _mm_unpackhi_epi64(lo, lo));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out[2] + 8 * i), hi);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(out[3] + 8 * i), _mm_unpackhi_epi64(hi, hi));
    }
}

#else

bool keccakAvx2Compiled() noexcept {
    return false;
}

void keccakX4Avx2(std::uint64_t*, std::size_t) noexcept {}
void keccakX4SqueezeAvx2(const std::uint64_t*, std::size_t, std::size_t, std::uint8_t* const*) noexcept {}

#endif

} // namespace rs::crypto::detail
