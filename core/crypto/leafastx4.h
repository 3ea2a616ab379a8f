#pragma once
// Internal to the LEA fast path: 4 blocks in the four 32-bit lanes of __m128i registers, included by
// leafastsse2.cpp (built with -msse2) and leafastavx2.cpp (built with -mavx2, so the same code comes out
// VEX-encoded, three-operand, without the register copies SSE2 needs). Everything here sits in an unnamed
// namespace: each kernel file gets its own copy for its own instruction set, and no inline function
// with one name is compiled twice for two instruction sets (which the linker could merge into one).
//
// A 4 x 4 transpose of 32-bit words puts word X[j] of the 4 blocks in register j, so each LEA round
// (KS X 3246) is lane-wise:
//   X'[0] = ROL9((X[0]^RK0) + (X[1]^RK1)), X'[1] = ROR5((X[1]^RK2) + (X[2]^RK3)),
//   X'[2] = ROR3((X[2]^RK4) + (X[3]^RK5)), X'[3] = X[0],
// with the registers renamed instead of moved (the pattern repeats every 4 rounds; 24, 28 and 32 are
// multiples of 4). Decryption undoes the rounds in reverse order with the decryption key table of
// leafast.cpp: per round (RK0, RK1, RK1^RK2, RK3, RK3^RK4, RK5) of encryption round N-1-i, so
//   u1 = ROR9(X'[0]) - (X'[3]^K0), X[1] = u1^K1, u2 = ROL5(X'[1]) - (u1^K2), X[2] = u2^K3, and so on,
// where u1^K2 = X[1]^RK2 without waiting for X[1] (a shorter dependency chain, the same work).

#include <emmintrin.h>

#include <cstddef>
#include <cstdint>

namespace rs::crypto::detail {
namespace {

template <int L> inline __m128i rotl4(__m128i x) noexcept {
    return _mm_or_si128(_mm_slli_epi32(x, L), _mm_srli_epi32(x, 32 - L));
}

// Word `word` of a key table that holds every round-key word 4 times (16-byte aligned).
inline __m128i key4(const std::uint32_t* kx4, int word) noexcept {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(kx4 + 4 * word));
}

// One encryption round on (a, b, c, d) = (X[0], X[1], X[2], X[3]); the new state is (b, c, d, a).
inline void encRound4(__m128i a, __m128i& b, __m128i& c, __m128i& d, const std::uint32_t* k) noexcept {
    d = rotl4<29>(_mm_add_epi32(_mm_xor_si128(c, key4(k, 4)), _mm_xor_si128(d, key4(k, 5))));
    c = rotl4<27>(_mm_add_epi32(_mm_xor_si128(b, key4(k, 2)), _mm_xor_si128(c, key4(k, 3))));
    b = rotl4<9>(_mm_add_epi32(_mm_xor_si128(a, key4(k, 0)), _mm_xor_si128(b, key4(k, 1))));
}

// The inverse of encRound4 on the same registers, with one round of the decryption key table.
inline void decRound4(__m128i a, __m128i& b, __m128i& c, __m128i& d, const std::uint32_t* k) noexcept {
    const __m128i u1 = _mm_sub_epi32(rotl4<23>(b), _mm_xor_si128(a, key4(k, 0)));
    b = _mm_xor_si128(u1, key4(k, 1));
    const __m128i u2 = _mm_sub_epi32(rotl4<5>(c), _mm_xor_si128(u1, key4(k, 2)));
    c = _mm_xor_si128(u2, key4(k, 3));
    const __m128i u3 = _mm_sub_epi32(rotl4<3>(d), _mm_xor_si128(u2, key4(k, 4)));
    d = _mm_xor_si128(u3, key4(k, 5));
}

// Rows r0..r3 (one block each) <-> columns (one word of every block each); the transpose is its own inverse.
inline void transpose4(__m128i& r0, __m128i& r1, __m128i& r2, __m128i& r3) noexcept {
    const __m128i t0 = _mm_unpacklo_epi32(r0, r1), t1 = _mm_unpacklo_epi32(r2, r3);
    const __m128i t2 = _mm_unpackhi_epi32(r0, r1), t3 = _mm_unpackhi_epi32(r2, r3);
    r0 = _mm_unpacklo_epi64(t0, t1);
    r1 = _mm_unpackhi_epi64(t0, t1);
    r2 = _mm_unpacklo_epi64(t2, t3);
    r3 = _mm_unpackhi_epi64(t2, t3);
}

// Encrypts (or decrypts) the 4 blocks at `in` into `out`; `kx4` is the encryption (decryption) key table
// with every word 4 times. x86 is little-endian: a 16-byte load gives a block's words X[0..3] as LEA
// loads them.
template <bool Decrypt>
inline void group4(const std::uint32_t* kx4, int rounds, const std::uint8_t* in, std::uint8_t* out) noexcept {
    __m128i x0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in));
    __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16));
    __m128i x2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 32));
    __m128i x3 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 48));
    transpose4(x0, x1, x2, x3);
    for (int r = 0; r < rounds; r += 4, kx4 += 4 * 24) {
        if constexpr (Decrypt) {
            decRound4(x3, x0, x1, x2, kx4);
            decRound4(x2, x3, x0, x1, kx4 + 24);
            decRound4(x1, x2, x3, x0, kx4 + 48);
            decRound4(x0, x1, x2, x3, kx4 + 72);
        } else {
            encRound4(x0, x1, x2, x3, kx4);
            encRound4(x1, x2, x3, x0, kx4 + 24);
            encRound4(x2, x3, x0, x1, kx4 + 48);
            encRound4(x3, x0, x1, x2, kx4 + 72);
        }
    }
    transpose4(x0, x1, x2, x3);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), x0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16), x1);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 32), x2);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 48), x3);
}

} // namespace
} // namespace rs::crypto::detail
