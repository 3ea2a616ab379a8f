#pragma once
// Internal: the per-round counting kernel of the bitsliced avalanche, included by avalanche.cpp
// (portable) and slicedcountpopcnt.cpp (the same code with the POPCNT instruction, chosen at run
// time). Everything here has internal linkage and is forced inline, so each includer compiles its
// own copy for its own target and no copy can leak into the other through the linker.

#include <algorithm>
#include <cstdint>

#if defined(__GNUC__) || defined(__clang__)
#define RS_SLICED_INLINE static inline __attribute__((always_inline))
#else
#define RS_SLICED_INLINE static inline
#endif

namespace rs::analysis::detail::sliced {

// Carry-save adder: (high, low) = a + b + c, bitwise.
RS_SLICED_INLINE void csa(std::uint64_t& high, std::uint64_t& low, std::uint64_t a, std::uint64_t b,
                          std::uint64_t c) noexcept {
    const std::uint64_t u = a ^ b;
    high = (a & b) | (u & c);
    low = u ^ c;
}

constexpr int kWeightPlanes = 10; // weights up to 1023 (largest state: 320 bits)

// Adds word x (weight 2^from) into the bitsliced per-lane counters.
RS_SLICED_INLINE void ripple(std::uint64_t* planes, int from, std::uint64_t x) noexcept {
    for (int p = from; p < kWeightPlanes && x != 0; ++p) {
        const std::uint64_t carry = planes[p] & x;
        planes[p] ^= x;
        x = carry;
    }
}

// Per-lane population counts of n words (lane j's weight = set bits j of d[0..n-1]) as bit planes,
// Harley-Seal style: sixteen words at a time reduced by carry-save adders.
RS_SLICED_INLINE void laneWeights(const std::uint64_t* d, int n, std::uint64_t* planes) noexcept {
    std::fill(planes, planes + kWeightPlanes, 0);
    std::uint64_t ones = 0, twos = 0, fours = 0, eights = 0;
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        std::uint64_t twosA, twosB, foursA, foursB, eightsA, eightsB, sixteens;
        csa(twosA, ones, ones, d[i], d[i + 1]);
        csa(twosB, ones, ones, d[i + 2], d[i + 3]);
        csa(foursA, twos, twos, twosA, twosB);
        csa(twosA, ones, ones, d[i + 4], d[i + 5]);
        csa(twosB, ones, ones, d[i + 6], d[i + 7]);
        csa(foursB, twos, twos, twosA, twosB);
        csa(eightsA, fours, fours, foursA, foursB);
        csa(twosA, ones, ones, d[i + 8], d[i + 9]);
        csa(twosB, ones, ones, d[i + 10], d[i + 11]);
        csa(foursA, twos, twos, twosA, twosB);
        csa(twosA, ones, ones, d[i + 12], d[i + 13]);
        csa(twosB, ones, ones, d[i + 14], d[i + 15]);
        csa(foursB, twos, twos, twosA, twosB);
        csa(eightsB, fours, fours, foursA, foursB);
        csa(sixteens, eights, eights, eightsA, eightsB);
        ripple(planes, 4, sixteens);
    }
    ripple(planes, 3, eights);
    ripple(planes, 2, fours);
    ripple(planes, 1, twos);
    ripple(planes, 0, ones);
    for (; i < n; ++i)
        ripple(planes, 0, d[i]);
}

// Transposes the 8x8 bit matrix in x: bit 8i + j <-> bit 8j + i.
RS_SLICED_INLINE std::uint64_t transpose8(std::uint64_t x) noexcept {
    std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
    x ^= t ^ (t << 28);
    return x;
}

// hist[weight of lane j]++ for lanes 0..lanes-1, from the weight planes.
RS_SLICED_INLINE void addToHistogram(const std::uint64_t* planes, int lanes, std::uint32_t* hist) noexcept {
    for (int k = 0; 8 * k < lanes; ++k) {
        std::uint64_t low = 0; // byte p = bits 8k..8k+7 of plane p
        for (int p = 0; p < 8; ++p)
            low |= ((planes[p] >> (8 * k)) & 0xFFu) << (8 * p);
        low = transpose8(low); // byte j = lane 8k + j's bits 0..7
        for (int j = 0; j < 8 && 8 * k + j < lanes; ++j) {
            unsigned w = static_cast<unsigned>((low >> (8 * j)) & 0xFFu);
            for (int p = 8; p < kWeightPlanes; ++p)
                w |= static_cast<unsigned>((planes[p] >> (8 * k + j)) & 1u) << p;
            ++hist[w];
        }
    }
}

/** @brief One (round, varied bit) of a 64-sample group: counts[s] += flips of state bit s over the
 *  lanes in mask, hist[weight of each lane]++ for lanes 0..lanes-1; diff is scratch (bits words). */
RS_SLICED_INLINE void accumulateRoundBody(const std::uint64_t* base, const std::uint64_t* twin, int bits,
                                          std::uint64_t mask, int lanes, std::uint32_t* counts,
                                          std::uint32_t* hist, std::uint64_t* diff) {
    for (int s = 0; s < bits; ++s) {
        const std::uint64_t d = (base[s] ^ twin[s]) & mask;
        diff[s] = d;
        counts[s] += static_cast<std::uint32_t>(__builtin_popcountll(d));
    }
    std::uint64_t planes[kWeightPlanes];
    laneWeights(diff, bits, planes);
    addToHistogram(planes, lanes, hist);
}

} // namespace rs::analysis::detail::sliced
