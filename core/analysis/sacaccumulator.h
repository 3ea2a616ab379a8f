#pragma once
// Counts, per (round, varied bit, state bit), how often a single-bit input flip flipped the state
// bit. A twin run gives one difference vector per round; adding it bit by bit to 32-bit counters
// costs one operation per state bit. Instead each (round, varied bit) keeps bit-sliced counters:
// kPlanes words per 64 state bits, plane p holding bit p of 64 counters, so adding a difference is
// a ripple-carry over the planes (about two word operations per 64 state bits on average). Every
// kFlushEvery samples the planes are flushed into the 32-bit counters, before they can overflow.

#include <bit>
#include <cstdint>
#include <vector>

namespace rs::analysis::detail {

class SacAccumulator {
  public:
    static constexpr int kPlanes = 8;
    static constexpr int kFlushEvery = (1 << kPlanes) - 1; ///< planes hold counts up to 255

    /** @brief stateWords 64-bit words per difference; word w bit 63 - k is state bit 64 w + k. */
    SacAccumulator(int variedBits, int rounds, int stateWords, int stateBits);

    /** @brief Adds the difference of round r (0-based) for varied bit v. */
    void add(int v, int r, const std::uint64_t* diff) noexcept {
        std::uint64_t* planes = m_planes.data() + planeIndex(v, r);
        int weight = 0;
        for (int w = 0; w < m_words; ++w) {
            std::uint64_t carry = diff[w];
            weight += std::popcount(carry);
            for (int p = 0; p < kPlanes && carry != 0; ++p) {
                std::uint64_t& plane = planes[p * m_words + w];
                const std::uint64_t next = plane & carry;
                plane ^= carry;
                carry = next;
            }
        }
        ++m_hist[static_cast<std::size_t>(r) * static_cast<std::size_t>(m_bits + 1) +
                 static_cast<std::size_t>(weight)];
    }

    /** @brief Call once per sample after all its add()s; flushes when the planes are nearly full. */
    void endSample() {
        if (++m_pending == kFlushEvery) flush();
    }

    /** @brief Moves the plane counts into the 32-bit counters. */
    void flush();

    /** @brief Flips of state bit s for varied bit v in round r (after flush()). */
    std::uint32_t count(int r, int v, int s) const noexcept {
        return m_counts[(static_cast<std::size_t>(r) * static_cast<std::size_t>(m_varied) +
                         static_cast<std::size_t>(v)) *
                            static_cast<std::size_t>(m_bits) +
                        static_cast<std::size_t>(s)];
    }
    /** @brief Histogram of round r: element k = twins that differed in exactly k state bits. */
    std::vector<std::uint32_t> histogram(int r) const;

  private:
    std::size_t planeIndex(int v, int r) const noexcept {
        return (static_cast<std::size_t>(r) * static_cast<std::size_t>(m_varied) +
                static_cast<std::size_t>(v)) *
               static_cast<std::size_t>(kPlanes * m_words);
    }

    int m_varied, m_rounds, m_words, m_bits;
    int m_pending = 0;
    std::vector<std::uint64_t> m_planes;
    std::vector<std::uint32_t> m_counts;
    std::vector<std::uint32_t> m_hist;
};

} // namespace rs::analysis::detail
