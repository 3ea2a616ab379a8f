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

#else

bool keccakAvx2Compiled() noexcept {
    return false;
}

void keccakX4Avx2(std::uint64_t*, std::size_t) noexcept {}

#endif

} // namespace rs::crypto::detail
