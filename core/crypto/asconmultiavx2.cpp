// Multi-message Ascon-AEAD128, AVX2 kernel: 4 messages, one per 64-bit lane of a 256-bit register
// (asconmultikernel.h). Rotations are two shifts and an OR. Built with -mavx2
// (core/crypto/CMakeLists.txt) and called only when the CPU reports AVX2; it includes no library
// header but the kernel's, so nothing here is shared with code built without AVX2.
#include "core/crypto/asconmultikernel.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#if defined(__AVX2__)

namespace {

struct Avx2Ops {
    using V = __m256i;
    static constexpr std::size_t kLanes = 4;
    static V set1(std::uint64_t v) noexcept { return _mm256_set1_epi64x(static_cast<long long>(v)); }
    static V x(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
    static V xandn(V x, V a, V b) noexcept { return _mm256_xor_si256(x, _mm256_andnot_si256(a, b)); }
    static V xor3(V a, V b, V c) noexcept { return _mm256_xor_si256(a, _mm256_xor_si256(b, c)); }
    static V notv(V a) noexcept { return _mm256_xor_si256(a, _mm256_set1_epi32(-1)); }
    template <int R> static V ror(V a) noexcept {
        return _mm256_or_si256(_mm256_srli_epi64(a, R), _mm256_slli_epi64(a, 64 - R));
    }
    // Messages 0 and 1 in the low and high 128-bit halves of a, 2 and 3 in b; unpacking the 64-bit
    // words puts message 0, 2, 1, 3 in lanes 0..3. store2 undoes it.
    static void load2(const std::uint8_t* const* p, std::size_t off, V& w0, V& w1) noexcept {
        auto half = [&](int j) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p[j] + off)); };
        const V a = _mm256_inserti128_si256(_mm256_castsi128_si256(half(0)), half(1), 1);
        const V b = _mm256_inserti128_si256(_mm256_castsi128_si256(half(2)), half(3), 1);
        w0 = _mm256_unpacklo_epi64(a, b);
        w1 = _mm256_unpackhi_epi64(a, b);
    }
    static void store2(std::uint8_t* const* p, std::size_t off, V w0, V w1) noexcept {
        const V a = _mm256_unpacklo_epi64(w0, w1);
        const V b = _mm256_unpackhi_epi64(w0, w1);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p[0] + off), _mm256_castsi256_si128(a));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p[1] + off), _mm256_extracti128_si256(a, 1));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p[2] + off), _mm256_castsi256_si128(b));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p[3] + off), _mm256_extracti128_si256(b, 1));
    }
};

} // namespace

bool asconMultiAvx2Compiled() noexcept {
    return true;
}

void asconMultiAvx2Encrypt(const AsconMultiLanes& m, std::size_t adLen, std::size_t ptLen) noexcept {
    asconMultiEncryptLanes<Avx2Ops>(m, adLen, ptLen);
}

#else

bool asconMultiAvx2Compiled() noexcept {
    return false;
}

void asconMultiAvx2Encrypt(const AsconMultiLanes&, std::size_t, std::size_t) noexcept {}

#endif

} // namespace rs::crypto::detail
