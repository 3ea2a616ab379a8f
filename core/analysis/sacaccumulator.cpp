#include "core/analysis/sacaccumulator.h"

#include <bit>

namespace rs::analysis::detail {

SacAccumulator::SacAccumulator(int variedBits, int rounds, int stateWords, int stateBits)
    : m_varied(variedBits), m_rounds(rounds), m_words(stateWords), m_bits(stateBits),
      m_planes(static_cast<std::size_t>(rounds) * static_cast<std::size_t>(variedBits) *
                   static_cast<std::size_t>(kPlanes * stateWords),
               0),
      m_counts(static_cast<std::size_t>(rounds) * static_cast<std::size_t>(variedBits) *
                   static_cast<std::size_t>(stateBits),
               0),
      m_hist(static_cast<std::size_t>(rounds) * static_cast<std::size_t>(stateBits + 1), 0) {}

void SacAccumulator::flush() {
    if (m_pending == 0) return;
    for (int r = 0; r < m_rounds; ++r) {
        for (int v = 0; v < m_varied; ++v) {
            std::uint64_t* planes = m_planes.data() + planeIndex(v, r);
            std::uint32_t* counts =
                m_counts.data() + (static_cast<std::size_t>(r) * static_cast<std::size_t>(m_varied) +
                                   static_cast<std::size_t>(v)) *
                                      static_cast<std::size_t>(m_bits);
            for (int p = 0; p < kPlanes; ++p) {
                for (int w = 0; w < m_words; ++w) {
                    std::uint64_t bits = planes[p * m_words + w];
                    planes[p * m_words + w] = 0;
                    // Only the set bits contribute 2^p to their counter.
                    while (bits != 0) {
                        const int k = std::countr_zero(bits);
                        bits &= bits - 1;
                        counts[64 * w + 63 - k] += std::uint32_t{1} << p;
                    }
                }
            }
        }
    }
    m_pending = 0;
}

std::vector<std::uint32_t> SacAccumulator::histogram(int r) const {
    const auto first = m_hist.begin() + static_cast<std::ptrdiff_t>(r) * (m_bits + 1);
    return std::vector<std::uint32_t>(first, first + m_bits + 1);
}

} // namespace rs::analysis::detail
