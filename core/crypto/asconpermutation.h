#pragma once
// The Ascon permutation p^b over the 320-bit state x0..x4 (Ascon v1.2 spec, section 2.6;
// NIST SP 800-232, section 3). Both specs use the same round function and the same round
// constants; p^b runs the last b of the 12 rounds.
//
// The core, permuteWith<Obs>(), is a template over a trace observer (trace.h). With NoTrace every
// trace call sits in a discarded `if constexpr` branch, so the fast path is plain register code with
// no allocation. The AEAD and hash models call the same template.
//
// Permutation trace (asconPermuteTraced): phase "permutation", block -1,
//   round 0 "input", then per round r = 1..rounds:
//   "round constant" (p_C), "substitution layer" (p_S), "linear diffusion" (p_L)
// so a traced call of b rounds has 1 + 3*b steps. permuteWith itself records only the 3*b round
// steps; callers record the state that enters the permutation under their own step name.

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"

namespace rs::crypto {

/** @brief The 320-bit Ascon state as five 64-bit words x0..x4 (x0 holds the rate's first word). */
struct AsconState {
    std::array<std::uint64_t, 5> x{};
};

/** @brief Round constants c_0..c_11 of p^12; p^b uses the last b of them (spec table 5). */
inline constexpr std::array<std::uint8_t, 12> kAsconRoundConstants = {0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5,
                                                                      0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b};

/** @brief Applies p^rounds (1..12) in place; throws InvalidArgument for any other count. */
void asconPermute(AsconState& s, int rounds);

/** @brief As asconPermute, recording 1 + 3*rounds steps into trace (and setting trace.layout). */
void asconPermuteTraced(AsconState& s, int rounds, Trace& trace);

/** @brief As asconPermuteTraced, but reports the same 1 + 3*rounds steps to any observer, without
 *  allocating (analysis code captures per-round states of many runs this way). */
void asconPermuteObserved(AsconState& s, int rounds, StepSink& sink);

/** @brief The 40 state bytes: x0..x4, each word big-endian (most significant byte first). */
Bytes asconStateBytes(const AsconState& s);

/** @brief Inverse of asconStateBytes; throws InvalidArgument unless bytes has 40 bytes. */
AsconState asconStateFromBytes(ByteView bytes);

/** @brief The "ascon-320" layout: 5 rows x0..x4 of 64 one-bit cells, bit 63 leftmost. */
StateLayout asconLayout();

namespace detail {

/** @brief Throws InvalidArgument naming the bad round count. */
[[noreturn]] void throwBadAsconRounds(int rounds);

/** @brief Byte reversal of a word; compilers emit a single bswap for this pattern. */
constexpr std::uint64_t asconByteSwap(std::uint64_t v) noexcept {
    v = (v >> 32) | (v << 32);
    v = ((v & 0xffff0000ffff0000ull) >> 16) | ((v & 0x0000ffff0000ffffull) << 16);
    return ((v & 0xff00ff00ff00ff00ull) >> 8) | ((v & 0x00ff00ff00ff00ffull) << 8);
}

/**
 * @brief Loads 8 bytes as a word: little-endian (SP 800-232) when LE, else big-endian (v1.2).
 * One unaligned load plus at most a bswap, unlike a byte loop, for the data-block fast path.
 */
template <bool LE> inline std::uint64_t asconLoad(const std::uint8_t* p) noexcept {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    constexpr bool nativeMatches = (std::endian::native == std::endian::little) == LE;
    return nativeMatches ? v : asconByteSwap(v);
}

/** @brief Stores a word as 8 bytes in the byte order of asconLoad<LE>. */
template <bool LE> inline void asconStore(std::uint8_t* p, std::uint64_t v) noexcept {
    constexpr bool nativeMatches = (std::endian::native == std::endian::little) == LE;
    if (!nativeMatches) v = asconByteSwap(v);
    std::memcpy(p, &v, 8);
}

/** @brief The state bytes without allocating, for trace observers. */
inline std::array<std::uint8_t, 40> asconStateArray(std::uint64_t x0, std::uint64_t x1, std::uint64_t x2,
                                                    std::uint64_t x3, std::uint64_t x4) noexcept {
    std::array<std::uint8_t, 40> out{};
    asconStore<false>(out.data() + 0, x0);
    asconStore<false>(out.data() + 8, x1);
    asconStore<false>(out.data() + 16, x2);
    asconStore<false>(out.data() + 24, x3);
    asconStore<false>(out.data() + 32, x4);
    return out;
}

/** @brief Records one step of the current state; callers wrap it in `if constexpr (Obs::enabled)`. */
template <class Obs>
inline void asconRecord(Obs& obs, std::string_view phase, int block, int round, std::string_view step,
                        const AsconState& s, ByteView roundKey = {}) {
    const auto bytes = asconStateArray(s.x[0], s.x[1], s.x[2], s.x[3], s.x[4]);
    obs.step(phase, block, round, step, bytes, roundKey);
}

/** @brief p_S: the 5-bit S-box applied to all 64 columns, in the spec's bitsliced instruction order. */
inline void asconSubstitution(std::uint64_t& x0, std::uint64_t& x1, std::uint64_t& x2, std::uint64_t& x3,
                              std::uint64_t& x4) noexcept {
    x0 ^= x4;
    x4 ^= x3;
    x2 ^= x1;
    const std::uint64_t t0 = ~x0 & x1;
    const std::uint64_t t1 = ~x1 & x2;
    const std::uint64_t t2 = ~x2 & x3;
    const std::uint64_t t3 = ~x3 & x4;
    const std::uint64_t t4 = ~x4 & x0;
    x0 ^= t1;
    x1 ^= t2;
    x2 ^= t3;
    x3 ^= t4;
    x4 ^= t0;
    x1 ^= x0;
    x0 ^= x4;
    x3 ^= x2;
    x2 = ~x2;
}

/** @brief p_L: each word XORed with two right rotations of itself (spec's Sigma_0..Sigma_4). */
inline void asconLinear(std::uint64_t& x0, std::uint64_t& x1, std::uint64_t& x2, std::uint64_t& x3,
                        std::uint64_t& x4) noexcept {
    x0 ^= std::rotr(x0, 19) ^ std::rotr(x0, 28);
    x1 ^= std::rotr(x1, 61) ^ std::rotr(x1, 39);
    x2 ^= std::rotr(x2, 1) ^ std::rotr(x2, 6);
    x3 ^= std::rotr(x3, 10) ^ std::rotr(x3, 17);
    x4 ^= std::rotr(x4, 7) ^ std::rotr(x4, 41);
}

} // namespace detail

/**
 * @brief The permutation core shared by the fast and traced paths: p^rounds on s.
 *
 * Records "round constant", "substitution layer" and "linear diffusion" for each round (round =
 * 1-based index within this call) under the given phase and block. Throws InvalidArgument unless
 * 1 <= rounds <= 12.
 */
template <class Obs>
inline void permuteWith(AsconState& s, int rounds, Obs& obs, std::string_view phase, int block) {
    if (rounds < 1 || rounds > 12) detail::throwBadAsconRounds(rounds);
    // Work on locals so the fast path keeps the state in registers across rounds.
    std::uint64_t x0 = s.x[0], x1 = s.x[1], x2 = s.x[2], x3 = s.x[3], x4 = s.x[4];
    const int first = 12 - rounds;
    for (int i = 0; i < rounds; ++i) {
        // p_C: the round constant enters the middle word x2.
        x2 ^= kAsconRoundConstants[static_cast<std::size_t>(first + i)];
        if constexpr (Obs::enabled)
            detail::asconRecord(obs, phase, block, i + 1, "round constant", AsconState{{x0, x1, x2, x3, x4}});
        detail::asconSubstitution(x0, x1, x2, x3, x4);
        if constexpr (Obs::enabled)
            detail::asconRecord(obs, phase, block, i + 1, "substitution layer",
                                AsconState{{x0, x1, x2, x3, x4}});
        detail::asconLinear(x0, x1, x2, x3, x4);
        if constexpr (Obs::enabled)
            detail::asconRecord(obs, phase, block, i + 1, "linear diffusion",
                                AsconState{{x0, x1, x2, x3, x4}});
    }
    s.x = {x0, x1, x2, x3, x4};
}

} // namespace rs::crypto
