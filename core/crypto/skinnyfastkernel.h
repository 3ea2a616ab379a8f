#pragma once
// SKINNY-128 bitsliced rounds, shared by the portable and the SIMD implementations of SkinnyFast
// (internal header: included only by skinnyfast*.cpp; it pulls in no library header, so a file built
// with -mavx2 instantiates nothing that code built without it could share).
//
// Bitsliced layout. A "plane" V holds, for a batch of blocks, one bit b of the four cells of one row:
// cell c of the row occupies the c-th quarter of V (a 16-bit field of a uint64 in the portable code, a
// 64-bit lane of an AVX2 register), and inside a quarter bit k belongs to block k (in an order fixed by
// each implementation's pack/unpack). The state is s[row][bit], 32 planes. Then
//  * SubCells is the boolean circuit of S8 as the spec writes it (four "x4 ^= NOR(x7, x6),
//    x0 ^= NOR(x3, x2)" layers; the bit permutations between them are renamings),
//  * AddConstants/AddRoundTweakey XOR precomputed planes (a quarter all-ones where the key bit is set),
//  * ShiftRows rotates the quarters of each plane of row i by i,
//  * MixColumns XORs whole planes, (a, b, c, d) -> (a^c^d, a, b^c, a^c) bit by bit.
// The code has no table look-up and no branch on data or key: it runs in constant time.
//
// Ops supplies: type V; x(a, b) = a ^ b; xnorOr(x, a, b) = x ^ ~(a | b); rotCells<i>(v) (ShiftRows by i
// quarters: new quarter j = old quarter j - i mod 4); cell0() (quarter 0 all-ones); loadMask(p); and
// kMaskWords, the uint64 words of one precomputed mask plane.

#include <cstddef>
#include <cstdint>

namespace rs::crypto::detail {
namespace {

/** S8 on the eight planes x[0..7] of one row (x[b] is bit b of every cell). */
template <class Ops> inline void skinnySboxPlanes(typename Ops::V* x) noexcept {
    using V = typename Ops::V;
    V x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    for (int i = 0; i < 3; ++i) {
        x4 = Ops::xnorOr(x4, x7, x6);
        x0 = Ops::xnorOr(x0, x3, x2);
        // (x7, x6, x5, x4, x3, x2, x1, x0) <- (x2, x1, x7, x6, x4, x0, x3, x5)
        const V n7 = x2, n6 = x1, n5 = x7, n4 = x6, n3 = x4, n2 = x0, n1 = x3, n0 = x5;
        x7 = n7;
        x6 = n6;
        x5 = n5;
        x4 = n4;
        x3 = n3;
        x2 = n2;
        x1 = n1;
        x0 = n0;
    }
    x4 = Ops::xnorOr(x4, x7, x6);
    x0 = Ops::xnorOr(x0, x3, x2);
    // The last layer swaps x1 and x2 instead of the full permutation.
    x[0] = x0;
    x[1] = x2;
    x[2] = x1;
    x[3] = x3;
    x[4] = x4;
    x[5] = x5;
    x[6] = x6;
    x[7] = x7;
}

/** `rounds` SKINNY-128 rounds on the bitsliced state s[row][bit]. masks holds, per round, 16 mask
 *  planes (row 0 bits 0..7, then row 1 bits 0..7) of Ops::kMaskWords words each: the round tweakey
 *  XOR the round constant of cells 0 and 4. The constant 0x2 of cell 8 is added here. */
template <class Ops>
inline void skinnyRoundsPlanes(typename Ops::V (&s)[4][8], const std::uint64_t* masks, int rounds) noexcept {
    using V = typename Ops::V;
    const V c2 = Ops::cell0();
    for (int r = 0; r < rounds; ++r) {
        for (int row = 0; row < 4; ++row)
            skinnySboxPlanes<Ops>(s[row]);
        const std::uint64_t* m = masks + static_cast<std::size_t>(r) * 16 * Ops::kMaskWords;
        for (int b = 0; b < 8; ++b) {
            s[0][b] = Ops::x(s[0][b], Ops::loadMask(m + b * Ops::kMaskWords));
            s[1][b] = Ops::x(s[1][b], Ops::loadMask(m + (8 + b) * Ops::kMaskWords));
        }
        s[2][1] = Ops::x(s[2][1], c2);
        for (int b = 0; b < 8; ++b) {
            const V a = s[0][b];
            const V bb = Ops::template rotCells<1>(s[1][b]);
            const V c = Ops::template rotCells<2>(s[2][b]);
            const V d = Ops::template rotCells<3>(s[3][b]);
            const V ac = Ops::x(a, c);
            s[0][b] = Ops::x(ac, d);
            s[1][b] = a;
            s[2][b] = Ops::x(bb, c);
            s[3][b] = ac;
        }
    }
}

} // namespace

/** Whether skinnyfastavx2.cpp was compiled with its kernel (x86 with GCC or Clang). */
bool skinnyFastAvx2Compiled() noexcept;
/** AVX2 kernel: encrypts `batches` x 64 blocks (in and out may be equal); masks as
 *  skinnyRoundsPlanes wants them with kMaskWords = 4. Callable only when AVX2 is available. */
void skinnyFastAvx2Ecb(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t batches) noexcept;

/** Whether skinnyfastavx512.cpp was compiled with its kernel (x86 with GCC or Clang). */
bool skinnyFastAvx512Compiled() noexcept;
/** AVX-512 kernel: encrypts `batches` x 128 blocks (in and out may be equal); masks with
 *  kMaskWords = 8. Callable only when AVX-512F is available. */
void skinnyFastAvx512Ecb(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t batches) noexcept;

} // namespace rs::crypto::detail
