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
//  * AddConstants/AddRoundTweakey XOR precomputed planes (a quarter all-ones where the key bit is set;
//    row 1's planes pre-rotated by ShiftRows),
//  * ShiftRows rotates the quarters of each plane of row i by i,
//  * MixColumns XORs whole planes, (a, b, c, d) -> (a^c^d, a, b^c, a^c) bit by bit.
// The code has no table look-up and no branch on data or key: it runs in constant time.
//
// Ops supplies: type V; x(a, b) = a ^ b; x3(a, b, c) = a ^ b ^ c; xnorOr(x, a, b) = x ^ ~(a | b);
// rotCells<i>(v) (ShiftRows by i quarters: new quarter j = old quarter j - i mod 4); cell0() (quarter 0
// all-ones); loadMask(p); and kMaskWords, the uint64 words of one precomputed mask plane.

#include <cstddef>
#include <cstdint>

namespace rs::crypto::detail {
namespace {

// GCC at -O2 leaves these loops rolled and the state in memory unless told to unroll them; the planes
// must stay in registers (or in few, compiler-chosen spills) for the kernels to be fast.
#if defined(__clang__)
#define RS_SKINNY_UNROLL(n) _Pragma("unroll")
#elif defined(__GNUC__)
#define RS_SKINNY_UNROLL_STR(x) #x
#define RS_SKINNY_UNROLL(n) _Pragma(RS_SKINNY_UNROLL_STR(GCC unroll n))
#else
#define RS_SKINNY_UNROLL(n)
#endif

/** S8 on the eight planes x[0..7] of one row (x[b] is bit b of every cell). The spec's circuit: three
 *  times "x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2), then the bit permutation P", then once more the two
 *  NOR layers and a swap of x1 and x2. The permutations are renamings (no instruction). */
template <class Ops> inline void skinnySboxPlanes(typename Ops::V* x) noexcept {
    using V = typename Ops::V;
    V x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    RS_SKINNY_UNROLL(3)
    for (int i = 0; i < 3; ++i) {
        x4 = Ops::xnorOr(x4, x7, x6);
        x0 = Ops::xnorOr(x0, x3, x2);
        // P: (x7, x6, x5, x4, x3, x2, x1, x0) <- (x2, x1, x7, x6, x4, x0, x3, x5)
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
    x[0] = x0;
    x[1] = x2;
    x[2] = x1;
    x[3] = x3;
    x[4] = x4;
    x[5] = x5;
    x[6] = x6;
    x[7] = x7;
}

/** S8^-1: the same NOR layers (each is its own inverse) in the reverse order, with P^-1 between them. */
template <class Ops> inline void skinnySboxInversePlanes(typename Ops::V* x) noexcept {
    using V = typename Ops::V;
    V x0 = x[0], x1 = x[2], x2 = x[1], x3 = x[3], x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7]; // undo the swap
    x4 = Ops::xnorOr(x4, x7, x6);
    x0 = Ops::xnorOr(x0, x3, x2);
    RS_SKINNY_UNROLL(3)
    for (int i = 0; i < 3; ++i) {
        // P^-1: (x2, x1, x7, x6, x4, x0, x3, x5) <- (x7, x6, x5, x4, x3, x2, x1, x0)
        const V o2 = x7, o1 = x6, o7 = x5, o6 = x4, o4 = x3, o0 = x2, o3 = x1, o5 = x0;
        x0 = o0;
        x1 = o1;
        x2 = o2;
        x3 = o3;
        x4 = o4;
        x5 = o5;
        x6 = o6;
        x7 = o7;
        x4 = Ops::xnorOr(x4, x7, x6);
        x0 = Ops::xnorOr(x0, x3, x2);
    }
    x[0] = x0;
    x[1] = x1;
    x[2] = x2;
    x[3] = x3;
    x[4] = x4;
    x[5] = x5;
    x[6] = x6;
    x[7] = x7;
}

/** One SKINNY-128 round on the bitsliced state s[row][bit]. m holds the round's 16 mask planes
 *  (Ops::kMaskWords words each): row 0 bits 0..7 (round tweakey XOR round constant, cells 0..3), then
 *  row 1 bits 0..7 already rotated as ShiftRows rotates row 1 (cell c's bit in quarter c + 1), so the
 *  key of row 1 joins MixColumns' three-input XOR. The constant 0x2 of cell 8 is added here.
 *  With a = row 0 + key, b, c, d rows 1..3 after ShiftRows, MixColumns writes (a^c^d, a, b^c, a^c):
 *  every output overwrites a dead input, so the round needs no temporary plane beyond the state. */
template <class Ops>
[[gnu::always_inline]] inline void skinnyRoundPlanes(typename Ops::V (&s)[4][8],
                                                     const std::uint64_t* m) noexcept {
    using V = typename Ops::V;
    RS_SKINNY_UNROLL(4)
    for (int row = 0; row < 4; ++row)
        skinnySboxPlanes<Ops>(s[row]);
    s[2][1] = Ops::x(s[2][1], Ops::cell0());
    RS_SKINNY_UNROLL(8)
    for (int b = 0; b < 8; ++b) {
        const V a = Ops::x(s[0][b], Ops::loadMask(m + b * Ops::kMaskWords));
        const V c = Ops::template rotCells<2>(s[2][b]);
        const V bb =
            Ops::x3(Ops::template rotCells<1>(s[1][b]), c, Ops::loadMask(m + (8 + b) * Ops::kMaskWords));
        const V ac = Ops::x(a, c);
        s[0][b] = Ops::x(Ops::template rotCells<3>(s[3][b]), ac);
        s[1][b] = a;
        s[2][b] = bb;
        s[3][b] = ac;
    }
}

/** The inverse of skinnyRoundPlanes with the same masks: MixColumns^-1 ((n0, n1, n2, n3) -> rows
 *  (n1, n1^n2^n3, n1^n3, n0^n3) before ShiftRows), ShiftRows^-1, the round tweakey and constants, S8^-1. */
template <class Ops>
[[gnu::always_inline]] inline void skinnyRoundInversePlanes(typename Ops::V (&s)[4][8],
                                                            const std::uint64_t* m) noexcept {
    using V = typename Ops::V;
    RS_SKINNY_UNROLL(8)
    for (int b = 0; b < 8; ++b) {
        const V c = Ops::x(s[1][b], s[3][b]);
        const V d = Ops::x(s[0][b], s[3][b]);
        const V bb = Ops::x3(s[2][b], c, Ops::loadMask(m + (8 + b) * Ops::kMaskWords));
        s[0][b] = Ops::x(s[1][b], Ops::loadMask(m + b * Ops::kMaskWords));
        s[1][b] = Ops::template rotCells<3>(bb);
        s[2][b] = Ops::template rotCells<2>(c);
        s[3][b] = Ops::template rotCells<1>(d);
    }
    s[2][1] = Ops::x(s[2][1], Ops::cell0());
    RS_SKINNY_UNROLL(4)
    for (int row = 0; row < 4; ++row)
        skinnySboxInversePlanes<Ops>(s[row]);
}

/** Per round 16 mask planes of Ops::kMaskWords words (see skinnyRoundPlanes). */
template <class Ops> constexpr std::size_t skinnyRoundMaskWords() noexcept {
    return 16 * static_cast<std::size_t>(Ops::kMaskWords);
}

/** `rounds` SKINNY-128 rounds (encryption), four at a time so that the renaming of the planes between
 *  rounds (MixColumns moves row 0 to row 1) comes back to where it started and costs no move. */
template <class Ops>
inline void skinnyRoundsPlanes(typename Ops::V (&s)[4][8], const std::uint64_t* masks, int rounds) noexcept {
    constexpr std::size_t kStep = skinnyRoundMaskWords<Ops>();
    int r = 0;
    for (; r + 4 <= rounds; r += 4) {
        const std::uint64_t* m = masks + static_cast<std::size_t>(r) * kStep;
        skinnyRoundPlanes<Ops>(s, m);
        skinnyRoundPlanes<Ops>(s, m + kStep);
        skinnyRoundPlanes<Ops>(s, m + 2 * kStep);
        skinnyRoundPlanes<Ops>(s, m + 3 * kStep);
    }
    for (; r < rounds; ++r)
        skinnyRoundPlanes<Ops>(s, masks + static_cast<std::size_t>(r) * kStep);
}

/** The inverse of skinnyRoundsPlanes: rounds rounds-1 down to 0. */
template <class Ops>
inline void skinnyRoundsInversePlanes(typename Ops::V (&s)[4][8], const std::uint64_t* masks,
                                      int rounds) noexcept {
    constexpr std::size_t kStep = skinnyRoundMaskWords<Ops>();
    int r = rounds;
    for (; r >= 4; r -= 4) {
        const std::uint64_t* m = masks + static_cast<std::size_t>(r - 4) * kStep;
        skinnyRoundInversePlanes<Ops>(s, m + 3 * kStep);
        skinnyRoundInversePlanes<Ops>(s, m + 2 * kStep);
        skinnyRoundInversePlanes<Ops>(s, m + kStep);
        skinnyRoundInversePlanes<Ops>(s, m);
    }
    for (; r > 0; --r)
        skinnyRoundInversePlanes<Ops>(s, masks + static_cast<std::size_t>(r - 1) * kStep);
}

} // namespace

/** Whether skinnyfastavx2.cpp was compiled with its kernel (x86 with GCC or Clang). */
bool skinnyFastAvx2Compiled() noexcept;
/** AVX2 kernel: encrypts (or, with decrypt, decrypts) `batches` x 64 blocks (in and out may be equal);
 *  masks as skinnyRoundPlanes wants them with kMaskWords = 4. Callable only when AVX2 is available. */
void skinnyFastAvx2Ecb(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                       std::size_t batches, bool decrypt) noexcept;

/** Whether skinnyfastavx512.cpp was compiled with its kernel (x86 with GCC or Clang). */
bool skinnyFastAvx512Compiled() noexcept;
/** AVX-512 kernel: encrypts (or decrypts) `batches` x 128 blocks (in and out may be equal); masks with
 *  kMaskWords = 8. Callable only when AVX-512F is available. */
void skinnyFastAvx512Ecb(const std::uint64_t* masks, int rounds, const std::uint8_t* in, std::uint8_t* out,
                         std::size_t batches, bool decrypt) noexcept;

} // namespace rs::crypto::detail
