// SKINNY-128 fast path, AVX2 kernel: 64 blocks per batch, bitsliced as skinnyfastkernel.h describes with
// one 256-bit register per plane (cell c of the row in 64-bit lane c, block k at bit k of the lane, in
// the order pack() gives). Built with -mavx2 (core/crypto/CMakeLists.txt); it includes no library
// header but the kernel's, so nothing here is shared with code built without AVX2.
#include "core/crypto/skinnyfastkernel.h"
#include "core/crypto/skinnyfastx86.h"

namespace rs::crypto::detail {

#if defined(__AVX2__)

namespace {

struct Avx2Ops {
    using V = __m256i;
    static constexpr int kMaskWords = 4;
    static V x(V a, V b) noexcept { return _mm256_xor_si256(a, b); }
    static V x3(V a, V b, V c) noexcept { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
    static V xnorOr(V x, V a, V b) noexcept {
        return _mm256_xor_si256(x, _mm256_andnot_si256(_mm256_or_si256(a, b), _mm256_set1_epi32(-1)));
    }
    template <int I> static V rotCells(V v) noexcept {
        // new lane j = old lane (j - I) mod 4
        constexpr int imm =
            ((0 - I) & 3) | (((1 - I) & 3) << 2) | (((2 - I) & 3) << 4) | (((3 - I) & 3) << 6);
        return _mm256_permute4x64_epi64(v, imm);
    }
    static V cell0() noexcept { return _mm256_set_epi64x(0, 0, 0, -1); }
    static V loadMask(const std::uint64_t* p) noexcept {
        return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    }
};

} // namespace

bool skinnyFastAvx2Compiled() noexcept {
    return true;
}

void skinnyFastAvx2Ecb(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t batches, bool decrypt) noexcept {
    for (std::size_t i = 0; i < batches; ++i) {
        __m256i s[4][8];
        pack(in + 1024 * i, s);
        if (decrypt)
            skinnyRoundsInversePlanes<Avx2Ops>(s, masks, rounds);
        else
            skinnyRoundsPlanes<Avx2Ops>(s, masks, rounds);
        unpack(s, out + 1024 * i);
    }
}

#else

bool skinnyFastAvx2Compiled() noexcept {
    return false;
}

void skinnyFastAvx2Ecb(const std::uint64_t*, int, const std::uint8_t*, std::uint8_t*, std::size_t,
                       bool) noexcept {}

#endif

} // namespace rs::crypto::detail
