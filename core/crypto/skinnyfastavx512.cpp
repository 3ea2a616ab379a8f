// SKINNY-128 fast path, AVX-512 kernel: 128 blocks per batch, one 512-bit register per plane (cell c of
// the row in 128-bit lane c). The blocks are packed as two AVX2 batches of 64 (skinnyfastx86.h), whose
// planes are interleaved lane by lane; the rounds use vpternlogq for the S-box's x ^ NOR(a, b) and for
// the three-input XOR of MixColumns. Built with -mavx512f (core/crypto/CMakeLists.txt), called only when
// the CPU reports AVX-512F; like the AVX2 file it includes no library header but the kernel's.
// GCC 12 warns inside its own avx512fintrin.h, where _mm512_undefined_epi32() initialises a variable with
// itself (GCC bug 105593, fixed in GCC 13); only this file uses those intrinsics.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "core/crypto/skinnyfastkernel.h"
#include "core/crypto/skinnyfastx86.h"

namespace rs::crypto::detail {

#if defined(__AVX512F__)

namespace {

struct Avx512Ops {
    using V = __m512i;
    static constexpr int kMaskWords = 8;
    static V x(V a, V b) noexcept { return _mm512_xor_si512(a, b); }
    static V x3(V a, V b, V c) noexcept { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }
    // Truth table of x ^ ~(a | b) with x, a, b as the first, second and third operand.
    static V xnorOr(V x, V a, V b) noexcept { return _mm512_ternarylogic_epi64(x, a, b, 0xE1); }
    template <int I> static V rotCells(V v) noexcept {
        // new 128-bit lane j = old lane (j - I) mod 4
        constexpr int imm =
            ((0 - I) & 3) | (((1 - I) & 3) << 2) | (((2 - I) & 3) << 4) | (((3 - I) & 3) << 6);
        return _mm512_shuffle_i64x2(v, v, imm);
    }
    static V cell0() noexcept { return _mm512_set_epi64(0, 0, 0, 0, 0, 0, -1, -1); }
    static V loadMask(const std::uint64_t* p) noexcept { return _mm512_loadu_si512(p); }
};

/** Lane c of the result = [lane c of a, lane c of b] (64-bit lanes of the two AVX2 planes). */
inline __m512i interleave(__m256i a, __m256i b, __m512i idx) noexcept {
    return _mm512_permutexvar_epi64(idx, _mm512_inserti64x4(_mm512_castsi256_si512(a), b, 1));
}

} // namespace

bool skinnyFastAvx512Compiled() noexcept {
    return true;
}

void skinnyFastAvx512Ecb(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t batches, bool decrypt) noexcept {
    const __m512i join = _mm512_setr_epi64(0, 4, 1, 5, 2, 6, 3, 7);
    const __m512i split = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
    for (std::size_t i = 0; i < batches; ++i) {
        __m256i a[4][8], b[4][8];
        __m512i s[4][8];
        pack(in + 2048 * i, a);
        pack(in + 2048 * i + 1024, b);
        for (int row = 0; row < 4; ++row)
            for (int bit = 0; bit < 8; ++bit)
                s[row][bit] = interleave(a[row][bit], b[row][bit], join);
        if (decrypt)
            skinnyRoundsInversePlanes<Avx512Ops>(s, masks, rounds);
        else
            skinnyRoundsPlanes<Avx512Ops>(s, masks, rounds);
        for (int row = 0; row < 4; ++row)
            for (int bit = 0; bit < 8; ++bit) {
                const __m512i t = _mm512_permutexvar_epi64(split, s[row][bit]);
                a[row][bit] = _mm512_castsi512_si256(t);
                b[row][bit] = _mm512_extracti64x4_epi64(t, 1);
            }
        unpack(a, out + 2048 * i);
        unpack(b, out + 2048 * i + 1024);
    }
}

#else

bool skinnyFastAvx512Compiled() noexcept {
    return false;
}

void skinnyFastAvx512Ecb(const std::uint64_t*, int, const std::uint8_t*, std::uint8_t*, std::size_t,
                         bool) noexcept {}

#endif

} // namespace rs::crypto::detail
