// Multi-message Ascon-AEAD128, AVX-512 kernel: 8 messages, one per 64-bit lane of a 512-bit register
// (asconmultikernel.h). Rotations are vprorq; the S-box's x ^ (~a & b) and p_L's three-input XOR are
// one vpternlogq each. Built with -mavx512f (core/crypto/CMakeLists.txt) and called only when the CPU
// reports AVX-512F; like the AVX2 file it includes no library header but the kernel's.
// GCC 12 warns inside its own avx512fintrin.h, where _mm512_undefined_epi32() initialises a variable with
// itself (GCC bug 105593, fixed in GCC 13; _mm512_extracti32x4_epi32 gives -Wuninitialized through
// _mm_undefined_si128); only the AVX-512 files use those intrinsics.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include "core/crypto/asconmultikernel.h"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#if defined(__AVX512F__)

namespace {

struct Avx512Ops {
    using V = __m512i;
    static constexpr std::size_t kLanes = 8;
    static V set1(std::uint64_t v) noexcept { return _mm512_set1_epi64(static_cast<long long>(v)); }
    static V x(V a, V b) noexcept { return _mm512_xor_si512(a, b); }
    // Truth tables with x, a, b (or a, b, c) as the first, second and third operand (0xF0, 0xCC, 0xAA).
    static V xandn(V x, V a, V b) noexcept { return _mm512_ternarylogic_epi64(x, a, b, 0xD2); }
    static V xor3(V a, V b, V c) noexcept { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
    static V notv(V a) noexcept { return _mm512_ternarylogic_epi64(a, a, a, 0x55); }
    template <int R> static V ror(V a) noexcept { return _mm512_ror_epi64(a, R); }
    // Messages 0..3 in the four 128-bit lanes of a, 4..7 in b; unpacking the 64-bit words puts message
    // i in lane 2i and message i + 4 in lane 2i + 1. store2 undoes it.
    static void load2(const std::uint8_t* const* p, std::size_t off, V& w0, V& w1) noexcept {
        auto quad = [&](int j) {
            auto half = [&](int k) {
                return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p[j + k] + off));
            };
            V v = _mm512_castsi128_si512(half(0));
            v = _mm512_inserti32x4(v, half(1), 1);
            v = _mm512_inserti32x4(v, half(2), 2);
            return _mm512_inserti32x4(v, half(3), 3);
        };
        const V a = quad(0), b = quad(4);
        w0 = _mm512_unpacklo_epi64(a, b);
        w1 = _mm512_unpackhi_epi64(a, b);
    }
    static void store2(std::uint8_t* const* p, std::size_t off, V w0, V w1) noexcept {
        const V a = _mm512_unpacklo_epi64(w0, w1);
        const V b = _mm512_unpackhi_epi64(w0, w1);
        auto put = [&](int j, __m128i v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p[j] + off), v); };
        put(0, _mm512_castsi512_si128(a));
        put(1, _mm512_extracti32x4_epi32(a, 1));
        put(2, _mm512_extracti32x4_epi32(a, 2));
        put(3, _mm512_extracti32x4_epi32(a, 3));
        put(4, _mm512_castsi512_si128(b));
        put(5, _mm512_extracti32x4_epi32(b, 1));
        put(6, _mm512_extracti32x4_epi32(b, 2));
        put(7, _mm512_extracti32x4_epi32(b, 3));
    }
};

} // namespace

bool asconMultiAvx512Compiled() noexcept {
    return true;
}

void asconMultiAvx512Encrypt(const AsconMultiLanes& m, std::size_t adLen, std::size_t ptLen) noexcept {
    asconMultiEncryptLanes<Avx512Ops>(m, adLen, ptLen);
}

#else

bool asconMultiAvx512Compiled() noexcept {
    return false;
}

void asconMultiAvx512Encrypt(const AsconMultiLanes&, std::size_t, std::size_t) noexcept {}

#endif

} // namespace rs::crypto::detail
