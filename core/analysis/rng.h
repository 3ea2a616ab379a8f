#pragma once
// The seeded PRNG of the empirical analysis: xoshiro256** (Blackman and Vigna), its state expanded
// from the 64-bit seed with splitmix64 as the authors recommend. Fast, and the same seed gives the
// same stream on every platform, so runs are reproducible.

#include <bit>
#include <cstdint>
#include <span>

namespace rs::analysis::detail {

/** @brief splitmix64 step: used only to spread one seed over xoshiro's 256-bit state. */
inline std::uint64_t splitMix64(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/** @brief xoshiro256**. */
class Xoshiro256 {
  public:
    explicit Xoshiro256(std::uint64_t seed) noexcept {
        for (auto& w : m_s)
            w = splitMix64(seed);
    }
    std::uint64_t next() noexcept {
        const std::uint64_t result = std::rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = std::rotl(m_s[3], 45);
        return result;
    }
    /** @brief Fills bytes with random values. */
    void fill(std::span<std::uint8_t> bytes) noexcept {
        std::uint64_t w = 0;
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            if (i % 8 == 0) w = next();
            bytes[i] = static_cast<std::uint8_t>(w >> (8 * (i % 8)));
        }
    }

  private:
    std::uint64_t m_s[4];
};

} // namespace rs::analysis::detail
