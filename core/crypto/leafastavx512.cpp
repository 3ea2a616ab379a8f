// LEA fast path, AVX-512 kernel (built with -mavx2 -mavx512f): 16 blocks per set of four registers.
// Register r holds blocks 4r..4r+3, one per 128-bit lane (a plain 64-byte load); the in-lane 4 x 4
// transpose then puts word X[j] of blocks l, 4 + l, 8 + l, 12 + l in lane l of register j, and every LEA
// round (KS X 3246) is lane-wise, as in leafastx4.h (which also explains the decryption round). The
// rotations are one vprold / vprord each (SSE2 and AVX2 need a shift, a shift and an OR). Round-key words
// are broadcast from memory (the compiler folds them into the XOR as an embedded {1to16} broadcast). Two
// sets (32 blocks) go round by round together, since one set leaves the vector units waiting on its
// dependency chains (measured: ECB 5.4 -> 7.4 GB/s, decryption 3.2 -> 4.8); then one set of 16. The 4..15
// blocks left over go to the AVX2 kernel (leafast.cpp chains the two), fewer than 4 to the scalar code.
// CTR builds the counter blocks in registers, already transposed, and XORs the keystream straight into
// the data.
// Only intrinsics and raw pointers here (see leafastkernels.h).
// GCC 12 warns inside its own avx512fintrin.h, where _mm512_undefined_epi32() initialises a variable with
// itself (GCC bug 105593, fixed in GCC 13).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "core/crypto/leafastkernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&               \
    defined(__AVX512F__)
#define RS_LEA_AVX512 1
#include <immintrin.h>
#endif

namespace rs::crypto::detail {

#ifdef RS_LEA_AVX512

namespace {

inline __m512i key(const std::uint32_t* k, int word) noexcept {
    return _mm512_set1_epi32(static_cast<int>(k[word]));
}

// One encryption round on (a, b, c, d) = (X[0], X[1], X[2], X[3]); the new state is (b, c, d, a).
inline void encRound(__m512i a, __m512i& b, __m512i& c, __m512i& d, const std::uint32_t* k) noexcept {
    d = _mm512_ror_epi32(_mm512_add_epi32(_mm512_xor_si512(c, key(k, 4)), _mm512_xor_si512(d, key(k, 5))), 3);
    c = _mm512_ror_epi32(_mm512_add_epi32(_mm512_xor_si512(b, key(k, 2)), _mm512_xor_si512(c, key(k, 3))), 5);
    b = _mm512_rol_epi32(_mm512_add_epi32(_mm512_xor_si512(a, key(k, 0)), _mm512_xor_si512(b, key(k, 1))), 9);
}

// Its inverse, with one round of the decryption key table (see leafastx4.h).
inline void decRound(__m512i a, __m512i& b, __m512i& c, __m512i& d, const std::uint32_t* k) noexcept {
    const __m512i u1 = _mm512_sub_epi32(_mm512_ror_epi32(b, 9), _mm512_xor_si512(a, key(k, 0)));
    b = _mm512_xor_si512(u1, key(k, 1));
    const __m512i u2 = _mm512_sub_epi32(_mm512_rol_epi32(c, 5), _mm512_xor_si512(u1, key(k, 2)));
    c = _mm512_xor_si512(u2, key(k, 3));
    const __m512i u3 = _mm512_sub_epi32(_mm512_rol_epi32(d, 3), _mm512_xor_si512(u2, key(k, 4)));
    d = _mm512_xor_si512(u3, key(k, 5));
}

// The 4 x 4 transpose of 32-bit words inside each 128-bit lane; its own inverse.
inline void transpose(__m512i& r0, __m512i& r1, __m512i& r2, __m512i& r3) noexcept {
    const __m512i t0 = _mm512_unpacklo_epi32(r0, r1), t1 = _mm512_unpacklo_epi32(r2, r3);
    const __m512i t2 = _mm512_unpackhi_epi32(r0, r1), t3 = _mm512_unpackhi_epi32(r2, r3);
    r0 = _mm512_unpacklo_epi64(t0, t1);
    r1 = _mm512_unpackhi_epi64(t0, t1);
    r2 = _mm512_unpacklo_epi64(t2, t3);
    r3 = _mm512_unpackhi_epi64(t2, t3);
}

// All rounds on the transposed state; the key table is rk (encryption) or dk (decryption).
template <bool Decrypt>
inline void allRounds(__m512i& x0, __m512i& x1, __m512i& x2, __m512i& x3, const std::uint32_t* k,
                      int rounds) noexcept {
    for (int r = 0; r < rounds; r += 4, k += 24) {
        if constexpr (Decrypt) {
            decRound(x3, x0, x1, x2, k);
            decRound(x2, x3, x0, x1, k + 6);
            decRound(x1, x2, x3, x0, k + 12);
            decRound(x0, x1, x2, x3, k + 18);
        } else {
            encRound(x0, x1, x2, x3, k);
            encRound(x1, x2, x3, x0, k + 6);
            encRound(x2, x3, x0, x1, k + 12);
            encRound(x3, x0, x1, x2, k + 18);
        }
    }
}

// Two independent sets of 16 blocks round by round: a decryption round is one dependency chain
// (X[1], then X[2], then X[3]), so a second set fills the cycles the first waits for.
template <bool Decrypt>
inline void allRounds2(__m512i (&x)[4], __m512i (&y)[4], const std::uint32_t* k, int rounds) noexcept {
    for (int r = 0; r < rounds; r += 4, k += 24) {
        if constexpr (Decrypt) {
            decRound(x[3], x[0], x[1], x[2], k);
            decRound(y[3], y[0], y[1], y[2], k);
            decRound(x[2], x[3], x[0], x[1], k + 6);
            decRound(y[2], y[3], y[0], y[1], k + 6);
            decRound(x[1], x[2], x[3], x[0], k + 12);
            decRound(y[1], y[2], y[3], y[0], k + 12);
            decRound(x[0], x[1], x[2], x[3], k + 18);
            decRound(y[0], y[1], y[2], y[3], k + 18);
        } else {
            encRound(x[0], x[1], x[2], x[3], k);
            encRound(y[0], y[1], y[2], y[3], k);
            encRound(x[1], x[2], x[3], x[0], k + 6);
            encRound(y[1], y[2], y[3], y[0], k + 6);
            encRound(x[2], x[3], x[0], x[1], k + 12);
            encRound(y[2], y[3], y[0], y[1], k + 12);
            encRound(x[3], x[0], x[1], x[2], k + 18);
            encRound(y[3], y[0], y[1], y[2], k + 18);
        }
    }
}

inline void load16(const std::uint8_t* p, __m512i (&x)[4]) noexcept {
    for (int j = 0; j < 4; ++j)
        x[j] = _mm512_loadu_si512(p + 64 * j);
    transpose(x[0], x[1], x[2], x[3]);
}

inline void store16(std::uint8_t* p, __m512i (&x)[4]) noexcept {
    transpose(x[0], x[1], x[2], x[3]);
    for (int j = 0; j < 4; ++j)
        _mm512_storeu_si512(p + 64 * j, x[j]);
}

template <bool Decrypt>
std::size_t run(const LeaKernelKeys& keys, const std::uint8_t* in, std::uint8_t* out,
                std::size_t blocks) noexcept {
    const std::uint32_t* k = Decrypt ? keys.dk : keys.rk;
    std::size_t done = 0;
    for (; done + 32 <= blocks; done += 32) {
        __m512i x[4], y[4];
        load16(in + 16 * done, x);
        load16(in + 16 * done + 256, y);
        allRounds2<Decrypt>(x, y, k, keys.rounds);
        store16(out + 16 * done, x);
        store16(out + 16 * done + 256, y);
    }
    if (done + 16 <= blocks) {
        __m512i x[4];
        load16(in + 16 * done, x);
        allRounds<Decrypt>(x[0], x[1], x[2], x[3], k, keys.rounds);
        store16(out + 16 * done, x);
        done += 16;
    }
    _mm256_zeroupper();
    return done;
}

// Byte swap of every 32-bit word (AVX512F has no byte shuffle): ROL8 gives bytes 0 and 2 of the result,
// ROL24 bytes 1 and 3; vpternlogd picks by the mask (imm 0xE4 = c ? a : b).
inline __m512i bswap32(__m512i v) noexcept {
    return _mm512_ternarylogic_epi32(_mm512_rol_epi32(v, 8), _mm512_rol_epi32(v, 24),
                                     _mm512_set1_epi32(0x00ff00ff), 0xE4);
}

inline std::uint32_t bswap32(std::uint32_t w) noexcept {
    return __builtin_bswap32(w);
}

} // namespace

std::size_t leaCtrAvx512(const LeaKernelKeys& keys, std::uint64_t& hi, std::uint64_t& lo,
                         const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) noexcept {
    // The counter block (hi, lo) big-endian; LEA word X[j] is bytes 4j..4j+3 read little-endian, so
    // X[0..2] = bswap32 of the upper three 32-bit words and X[3] = bswap32 of the lowest. While that lowest
    // word does not wrap within a group, X[0..2] are the same for all its blocks (a broadcast) and X[3] is
    // lo32 + (block index); element 4l + i of a transposed register belongs to block 4i + l.
    const __m512i offsets = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    auto counters = [&](__m512i(&x)[4], std::uint32_t first) {
        x[0] = _mm512_set1_epi32(static_cast<int>(bswap32(static_cast<std::uint32_t>(hi >> 32))));
        x[1] = _mm512_set1_epi32(static_cast<int>(bswap32(static_cast<std::uint32_t>(hi))));
        x[2] = _mm512_set1_epi32(static_cast<int>(bswap32(static_cast<std::uint32_t>(lo >> 32))));
        x[3] = bswap32(_mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(first)), offsets));
    };
    // x[j] holds keystream blocks 4j..4j+3 after the transpose.
    auto xorOut = [](__m512i(&x)[4], const std::uint8_t* src, std::uint8_t* dst) {
        transpose(x[0], x[1], x[2], x[3]);
        for (int j = 0; j < 4; ++j)
            _mm512_storeu_si512(dst + 64 * j, _mm512_xor_si512(x[j], _mm512_loadu_si512(src + 64 * j)));
    };
    auto advance = [&](std::uint64_t n) {
        lo += n;
        hi += lo < n ? 1 : 0; // carry out of the low half (mod 2^128 overall)
    };
    std::size_t done = 0;
    // Two sets of 16 round by round (as in run), then one more set of 16 if the input or the counter's
    // lowest word leaves room for only that.
    for (; done + 32 <= blocks && static_cast<std::uint32_t>(lo) <= 0xFFFFFFE0u; done += 32) {
        __m512i x[4], y[4];
        counters(x, static_cast<std::uint32_t>(lo));
        counters(y, static_cast<std::uint32_t>(lo) + 16);
        allRounds2<false>(x, y, keys.rk, keys.rounds);
        xorOut(x, in + 16 * done, out + 16 * done);
        xorOut(y, in + 16 * done + 256, out + 16 * done + 256);
        advance(32);
    }
    if (done + 16 <= blocks && static_cast<std::uint32_t>(lo) <= 0xFFFFFFF0u) {
        __m512i x[4];
        counters(x, static_cast<std::uint32_t>(lo));
        allRounds<false>(x[0], x[1], x[2], x[3], keys.rk, keys.rounds);
        xorOut(x, in + 16 * done, out + 16 * done);
        advance(16);
        done += 16;
    }
    _mm256_zeroupper();
    return done;
}

std::size_t leaEcbAvx512(const LeaKernelKeys& keys, bool decrypt, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t blocks) noexcept {
    return decrypt ? run<true>(keys, in, out, blocks) : run<false>(keys, in, out, blocks);
}

bool leaAvx512Compiled() noexcept {
    return true;
}

#else

std::size_t leaEcbAvx512(const LeaKernelKeys&, bool, const std::uint8_t*, std::uint8_t*,
                         std::size_t) noexcept {
    return 0;
}

bool leaAvx512Compiled() noexcept {
    return false;
}

#endif

} // namespace rs::crypto::detail
