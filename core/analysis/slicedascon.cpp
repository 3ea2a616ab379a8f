// Ascon-p bitsliced across 64 samples (slicedrunner.h). Word s of the state is trace bit s: bit
// 63 - s % 64 of x_{s / 64} (the words are big-endian in the trace). The permutation is bitsliced by
// design, so p_S is the spec's own instruction sequence applied to the five words of each column,
// and p_L's rotations are only a renaming of words: rotr(x, n) puts trace bit i - n at trace bit i.
// Every Ascon id (ascon-p and the AEAD initializations) runs p^a on a random 320-bit state, as the
// reference runner does; the field only decides which state bit a twin flips.
#include "core/analysis/slicedrunner.h"

#include "core/crypto/asconpermutation.h"

#include <array>
#include <bit>
#include <cstring>

namespace rs::analysis::detail {

namespace {

constexpr int kBits = 320;

// p_L rotation amounts of x0..x4 (spec's Sigma_0..Sigma_4).
constexpr std::array<std::array<int, 2>, 5> kRot = {{{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}}};

class SlicedAscon final : public SlicedRunner {
  public:
    explicit SlicedAscon(const Plan& p) : m_plan(p) {}

    void newGroup(Xoshiro256& rng, int count) override {
        m_in.fill(0);
        for (int j = 0; j < count; ++j) {
            const std::uint64_t lane = std::uint64_t{1} << j;
            for (int w = 0; w < 5; ++w) {
                std::uint64_t x = rng.next(); // x_w of sample j, drawn as AsconRunner::newSample does
                while (x != 0) {
                    const int b = std::countr_zero(x);
                    x &= x - 1;
                    m_in[static_cast<std::size_t>(64 * w + 63 - b)] |= lane;
                }
            }
        }
    }

    void run(int v, std::uint64_t* out) override {
        std::array<std::uint64_t, kBits> s;
        const std::uint64_t* src = m_in.data();
        int flip = -1;
        if (v >= 0) flip = asconStateBitOfField(m_plan, m_plan.fieldBit(v));
        const int first = 12 - m_plan.rounds;
        for (int r = 0; r < m_plan.rounds; ++r) {
            std::memcpy(s.data(), src, sizeof s);
            if (flip >= 0) {
                s[static_cast<std::size_t>(flip)] = ~s[static_cast<std::size_t>(flip)];
                flip = -1;
            }
            // p_C: the round constant into the low byte of x2.
            const unsigned c = crypto::kAsconRoundConstants[static_cast<std::size_t>(first + r)];
            for (int b = 0; b < 8; ++b)
                if ((c >> b) & 1u) s[static_cast<std::size_t>(128 + 63 - b)] ^= ~std::uint64_t{0};
            // p_S on every column i: the five words of bit i of x0..x4.
            for (int i = 0; i < 64; ++i)
                crypto::detail::asconSubstitution(
                    s[static_cast<std::size_t>(i)], s[static_cast<std::size_t>(64 + i)],
                    s[static_cast<std::size_t>(128 + i)], s[static_cast<std::size_t>(192 + i)],
                    s[static_cast<std::size_t>(256 + i)]);
            // p_L: x ^= rotr(x, a) ^ rotr(x, b), i.e. word i gets words i - a and i - b.
            std::uint64_t* o = out + static_cast<std::ptrdiff_t>(r) * kBits;
            for (int w = 0; w < 5; ++w) {
                const std::uint64_t* x = s.data() + 64 * w;
                std::uint64_t* y = o + 64 * w;
                const int a = kRot[static_cast<std::size_t>(w)][0], b = kRot[static_cast<std::size_t>(w)][1];
                for (int i = 0; i < 64; ++i)
                    y[i] = x[i] ^ x[(i - a) & 63] ^ x[(i - b) & 63];
            }
            src = o;
        }
    }

  private:
    const Plan& m_plan;
    std::array<std::uint64_t, kBits> m_in{};
};

} // namespace

std::unique_ptr<SlicedRunner> makeSlicedAscon(const Plan& plan) {
    return std::make_unique<SlicedAscon>(plan);
}

} // namespace rs::analysis::detail
