#pragma once
// Keccak-f[1600] fast path, the round every kernel shares (internal header: included only by
// keccakfast.cpp, keccakx4avx2.cpp and keccakx8avx512.cpp). It includes no library header and every
// function here has internal linkage, so a file built with -mavx2 or -mavx512f instantiates nothing that
// code built for the baseline could share.
//
// The state lives in 25 local variables of the kernel's lane type V (a uint64_t, or a vector holding
// lane i of 4 or 8 states): two such sets, A and E, alternate as a round's input and output (two rounds
// per loop iteration), so no lane is copied between rounds. A round is θ (column parities C, D[x] =
// C[x-1] ^ rot(C[x+1], 1)), then per output plane y the five lanes B[x, y] = rot(A[x', x] ^ D[x'], r[x', x])
// with x' = x + 3y (ρ and π together), then χ on the plane, then ι on lane (0, 0).
//
// Ops supplies: type V; kComplementLanes; set1(u64) (the word in every lane); x(a, b) = a ^ b;
// xor5(a, b, c, d, e); rol<N>(a) (left rotation, 0 <= N < 64); and for kComplementLanes == false
// chi(a, b, c) = a ^ (~b & c), for true andv(a, b) = a & b, orv(a, b) = a | b, notv(a) = ~a.
//
// Lane complementing (scalar code, where ~b & c costs a NOT and an AND): the state is kept with the lanes
// of kComplementedLanes stored inverted. θ, ρ and π are linear, so χ's inputs arrive with a known mask of
// inverted lanes (chiInputMask) and each χ output can be formed with AND or OR of its stored inputs such
// that it leaves with the same mask again; the NOTs left are those of one input per plane (5 per round,
// not 25). The kernels that do not complement have an and-not or ternary instruction.

#include <cstddef>
#include <cstdint>

#if defined(__GNUC__) || defined(__clang__)
#define RS_KECCAK_INLINE inline __attribute__((always_inline))
#else
#define RS_KECCAK_INLINE inline
#endif

/** M(i) for every lane i = 0..24, written out: the kernels load and store the lanes without a loop (a
 *  loop of 25 is not always unrolled, and an indexed lane would keep the state in memory). */
// (clang-format reflows this macro differently on every run.)
// clang-format off
#define RS_KECCAK_EACH_LANE(M) \
    M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) \
    M(13) M(14) M(15) M(16) M(17) M(18) M(19) M(20) M(21) M(22) M(23) M(24)
// clang-format on

namespace rs::crypto::detail {

/** Lanes in the fast path's interleaved layout: lane i of state j of n at index n i + j. Kernels (AVX2:
 *  `stride` 4 or 8, the states at w[0..3] of each lane row; AVX-512: 8 states, stride 8). Callable only
 *  when the matching keccak*Compiled() is true and the CPU has the instruction set. */
bool keccakAvx2Compiled() noexcept;
bool keccakAvx512Compiled() noexcept;
void keccakX4Avx2(std::uint64_t* w, std::size_t stride) noexcept;
/** Lanes [0, lanes) of the four states at w[0..3] of each lane row (`stride` apart) to out[j] + 8 lane,
 *  little-endian: the squeeze of whole lanes with AVX2. */
void keccakX4SqueezeAvx2(const std::uint64_t* w, std::size_t stride, std::size_t lanes,
                         std::uint8_t* const* out) noexcept;
void keccakX8Avx512(std::uint64_t* w) noexcept;

namespace {

struct KeccakRhoTable {
    int r[25];
};
struct KeccakRcTable {
    std::uint64_t rc[24];
};

/** ρ's offsets by FIPS 202 Algorithm 2: (x, y) = (1, 0), then for t = 0..23 offset (t + 1)(t + 2)/2 and
 *  (x, y) <- (y, 2x + 3y). */
constexpr KeccakRhoTable keccakFastRho() {
    KeccakRhoTable t{};
    int x = 1, y = 0;
    for (int k = 0; k < 24; ++k) {
        t.r[x + 5 * y] = ((k + 1) * (k + 2) / 2) % 64;
        const int nx = y;
        y = (2 * x + 3 * y) % 5;
        x = nx;
    }
    return t;
}

/** ι's constants by FIPS 202 Algorithms 5 and 6: bit 2^j - 1 of RC[i] is rc(j + 7i), rc the LFSR
 *  x^8 + x^6 + x^5 + x^4 + 1. */
constexpr KeccakRcTable keccakFastRc() {
    KeccakRcTable t{};
    for (int i = 0; i < 24; ++i)
        for (int j = 0; j <= 6; ++j) {
            unsigned r = 1;
            for (int s = 0; s < (j + 7 * i) % 255; ++s) {
                r <<= 1;
                if (r & 0x100) r ^= 0x171;
            }
            if (r & 1) t.rc[i] |= std::uint64_t{1} << ((1 << j) - 1);
        }
    return t;
}

constexpr KeccakRhoTable kKeccakFastRho = keccakFastRho();
constexpr KeccakRcTable kKeccakFastRc = keccakFastRc();

/** The lanes stored inverted between rounds: (1, 0), (2, 0), (3, 1), (2, 2), (2, 3), (0, 4). */
constexpr bool keccakComplemented(int i) {
    return i == 1 || i == 2 || i == 8 || i == 12 || i == 17 || i == 20;
}

/** Whether χ's input lane (x, y) (B after ρ and π) arrives inverted: θ adds the parity of column x - 1's
 *  and x + 1's inverted lanes to every lane of column x, then π moves lane (x', y') = (x + 3y, x) to (x, y).
 */
constexpr bool keccakChiInputInverted(int x, int y) {
    const int sx = (x + 3 * y) % 5, sy = x;
    auto columnOdd = [](int c) {
        int n = 0;
        for (int r = 0; r < 5; ++r)
            n += keccakComplemented(c + 5 * r) ? 1 : 0;
        return n % 2 == 1;
    };
    return keccakComplemented(sx + 5 * sy) != (columnOdd((sx + 4) % 5) != columnOdd((sx + 1) % 5));
}

template <class Ops> struct KeccakLanes { typename Ops::V a[25]; };

/** B[x, y]: lane (x + 3y, x) of A after θ's D, rotated by its ρ offset. */
template <class Ops, int X, int Y>
RS_KECCAK_INLINE typename Ops::V keccakB(const KeccakLanes<Ops>& A, const typename Ops::V* d) noexcept {
    constexpr int sx = (X + 3 * Y) % 5;
    constexpr int src = sx + 5 * X;
    return Ops::template rol<kKeccakFastRho.r[src]>(Ops::x(A.a[src], d[sx]));
}

/** χ's output lane (X, Y) from its stored inputs b0 = B[X], b1 = B[X + 1], b2 = B[X + 2] of the plane. */
template <class Ops, int X, int Y>
RS_KECCAK_INLINE typename Ops::V keccakChi(typename Ops::V b0, typename Ops::V b1,
                                           typename Ops::V b2) noexcept {
    if constexpr (!Ops::kComplementLanes) {
        return Ops::chi(b0, b1, b2);
    } else {
        // True lanes: t = t0 ^ (~t1 & t2), t_i = b_i ^ q_i; the stored output must be t ^ d. With k = q0 ^ d,
        // each case below is that identity with the inverted inputs folded into AND/OR (De Morgan).
        constexpr bool q1 = keccakChiInputInverted((X + 1) % 5, Y);
        constexpr bool q2 = keccakChiInputInverted((X + 2) % 5, Y);
        constexpr bool k = keccakChiInputInverted(X, Y) != keccakComplemented(X + 5 * Y);
        if constexpr (!q1 && !q2)
            return k ? Ops::x(b0, Ops::orv(b1, Ops::notv(b2))) : Ops::x(b0, Ops::andv(Ops::notv(b1), b2));
        else if constexpr (q1 && !q2)
            return k ? Ops::x(Ops::notv(b0), Ops::andv(b1, b2)) : Ops::x(b0, Ops::andv(b1, b2));
        else if constexpr (!q1 && q2)
            return k ? Ops::x(b0, Ops::orv(b1, b2)) : Ops::x(Ops::notv(b0), Ops::orv(b1, b2));
        else
            return k ? Ops::x(b0, Ops::orv(Ops::notv(b1), b2)) : Ops::x(b0, Ops::andv(b1, Ops::notv(b2)));
    }
}

/** ρ, π and χ for output plane Y. */
template <class Ops, int Y>
RS_KECCAK_INLINE void keccakPlane(const KeccakLanes<Ops>& A, const typename Ops::V* d,
                                  KeccakLanes<Ops>& E) noexcept {
    using V = typename Ops::V;
    const V b0 = keccakB<Ops, 0, Y>(A, d);
    const V b1 = keccakB<Ops, 1, Y>(A, d);
    const V b2 = keccakB<Ops, 2, Y>(A, d);
    const V b3 = keccakB<Ops, 3, Y>(A, d);
    const V b4 = keccakB<Ops, 4, Y>(A, d);
    E.a[0 + 5 * Y] = keccakChi<Ops, 0, Y>(b0, b1, b2);
    E.a[1 + 5 * Y] = keccakChi<Ops, 1, Y>(b1, b2, b3);
    E.a[2 + 5 * Y] = keccakChi<Ops, 2, Y>(b2, b3, b4);
    E.a[3 + 5 * Y] = keccakChi<Ops, 3, Y>(b3, b4, b0);
    E.a[4 + 5 * Y] = keccakChi<Ops, 4, Y>(b4, b0, b1);
}

/** One round (θ, ρ, π, χ, ι with constant rc) from A into E. */
template <class Ops>
RS_KECCAK_INLINE void keccakFastRound(const KeccakLanes<Ops>& A, KeccakLanes<Ops>& E,
                                      std::uint64_t rc) noexcept {
    using V = typename Ops::V;
    const V* a = A.a;
    const V c0 = Ops::xor5(a[0], a[5], a[10], a[15], a[20]);
    const V c1 = Ops::xor5(a[1], a[6], a[11], a[16], a[21]);
    const V c2 = Ops::xor5(a[2], a[7], a[12], a[17], a[22]);
    const V c3 = Ops::xor5(a[3], a[8], a[13], a[18], a[23]);
    const V c4 = Ops::xor5(a[4], a[9], a[14], a[19], a[24]);
    const V d[5] = {Ops::x(c4, Ops::template rol<1>(c1)), Ops::x(c0, Ops::template rol<1>(c2)),
                    Ops::x(c1, Ops::template rol<1>(c3)), Ops::x(c2, Ops::template rol<1>(c4)),
                    Ops::x(c3, Ops::template rol<1>(c0))};
    keccakPlane<Ops, 0>(A, d, E);
    keccakPlane<Ops, 1>(A, d, E);
    keccakPlane<Ops, 2>(A, d, E);
    keccakPlane<Ops, 3>(A, d, E);
    keccakPlane<Ops, 4>(A, d, E);
    E.a[0] = Ops::x(E.a[0], Ops::set1(rc));
}

/** The 24 rounds, two per iteration: A -> E, then E -> A. With kComplementLanes, A holds the
 *  complemented representation on entry and on exit. */
template <class Ops> RS_KECCAK_INLINE void keccakFastPermute(KeccakLanes<Ops>& A) noexcept {
    KeccakLanes<Ops> E;
    for (int i = 0; i < 24; i += 2) {
        keccakFastRound<Ops>(A, E, kKeccakFastRc.rc[i]);
        keccakFastRound<Ops>(E, A, kKeccakFastRc.rc[i + 1]);
    }
}

} // namespace

} // namespace rs::crypto::detail
