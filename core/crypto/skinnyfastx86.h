#pragma once
// SKINNY-128 fast path: the AVX2 conversion between 64 blocks and the bitsliced state (internal header
// for skinnyfastavx2.cpp and skinnyfastavx512.cpp, both built with at least -mavx2; everything here
// has internal linkage, so each of them keeps its own copy).
//
// Plane layout: one 256-bit register per (row, bit); cell c of the row in 64-bit lane c, and inside a
// lane one bit per block, in the order pack() gives.

#if defined(__AVX2__)
#include <immintrin.h>

#include <cstdint>

namespace rs::crypto::detail {
namespace {

/** Swaps, for each s in {1, 2, 4}, bit s of the register index with bit s of the bit-in-byte index:
 *  afterwards bit (8j + y) of w[x] is what bit (8j + x) of w[y] was. Its own inverse. */
inline void transpose8(__m256i* w) noexcept {
    const __m256i m1 = _mm256_set1_epi8(0x55), m2 = _mm256_set1_epi8(0x33), m4 = _mm256_set1_epi8(0x0F);
    auto swapMove = [](__m256i& a, __m256i& b, __m256i m, int s) {
        const __m256i t =
            _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi64(a, s), b), m); // t = ((a >> s) ^ b) & m
        b = _mm256_xor_si256(b, t);
        a = _mm256_xor_si256(a, _mm256_slli_epi64(t, s));
    };
    for (int i = 0; i < 8; i += 2)
        swapMove(w[i], w[i + 1], m1, 1);
    for (int i = 0; i < 8; i += (i & 1) ? 3 : 1) // 0, 1, 4, 5
        swapMove(w[i], w[i + 2], m2, 2);
    for (int i = 0; i < 4; ++i)
        swapMove(w[i], w[i + 4], m4, 4);
}

/** 4 x 4 transpose of 32-bit words in each 128-bit lane across four registers; its own inverse. */
inline void transposeDwords(__m256i& a, __m256i& b, __m256i& c, __m256i& d) noexcept {
    const __m256i t0 = _mm256_unpacklo_epi32(a, b), t1 = _mm256_unpackhi_epi32(a, b);
    const __m256i t2 = _mm256_unpacklo_epi32(c, d), t3 = _mm256_unpackhi_epi32(c, d);
    a = _mm256_unpacklo_epi64(t0, t2);
    b = _mm256_unpackhi_epi64(t0, t2);
    c = _mm256_unpacklo_epi64(t1, t3);
    d = _mm256_unpackhi_epi64(t1, t3);
}

// Byte shuffle in each lane: byte 4c + q <- byte 4q + c (a 4 x 4 byte transpose, its own inverse).
inline __m256i byteTranspose() noexcept {
    return _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2,
                            6, 10, 14, 3, 7, 11, 15);
}

/** Loads 64 blocks into s[row][bit]. Group g holds blocks 8g..8g+7; after the dword transpose,
 *  register r of a group has row r of block 8g + 2q + L in dword q of lane L (byte c = cell c); the
 *  byte shuffle and the dword permutation turn that into byte 8c + 4L + q, so lane c holds cell c; the
 *  bit transpose over the eight groups then gives plane b with bit 8(4L + q) + g = bit b of that cell. */
inline void pack(const std::uint8_t* in, __m256i (&s)[4][8]) noexcept {
    const __m256i shuf = byteTranspose();
    const __m256i perm = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    __m256i w[4][8];
    for (int g = 0; g < 8; ++g) {
        const std::uint8_t* p = in + 128 * g;
        __m256i r0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
        __m256i r1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
        __m256i r2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 64));
        __m256i r3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 96));
        transposeDwords(r0, r1, r2, r3);
        w[0][g] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(r0, shuf), perm);
        w[1][g] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(r1, shuf), perm);
        w[2][g] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(r2, shuf), perm);
        w[3][g] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(r3, shuf), perm);
    }
    for (int row = 0; row < 4; ++row) {
        transpose8(w[row]);
        for (int b = 0; b < 8; ++b)
            s[row][b] = w[row][b];
    }
}

/** The inverse of pack(): stores the 64 blocks of s. */
inline void unpack(__m256i (&s)[4][8], std::uint8_t* out) noexcept {
    const __m256i shuf = byteTranspose();
    const __m256i perm = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    for (int row = 0; row < 4; ++row)
        transpose8(s[row]);
    for (int g = 0; g < 8; ++g) {
        __m256i r0 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(s[0][g], perm), shuf);
        __m256i r1 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(s[1][g], perm), shuf);
        __m256i r2 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(s[2][g], perm), shuf);
        __m256i r3 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(s[3][g], perm), shuf);
        transposeDwords(r0, r1, r2, r3);
        std::uint8_t* p = out + 128 * g;
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), r0);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 32), r1);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 64), r2);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 96), r3);
    }
}

} // namespace
} // namespace rs::crypto::detail

#endif
