// SKINNY-128 bitsliced across 64 samples (slicedrunner.h). Word 8c + 7 - b of the state is bit b
// of cell c (the trace's bit numbering), so a round's state is stored as it is. The tweakey
// schedule is linear over GF(2) (cell permutation PT, cell LFSRs, XOR of TK1..TK3), so a twin with a
// flipped tweakey bit has round tweakeys base ^ schedule(that bit alone), the same for every lane.
#include "core/analysis/slicedrunner.h"

#include "core/crypto/skinny.h"

#include <array>
#include <vector>

namespace rs::analysis::detail {

namespace {

constexpr int kBits = 128;

// Round constants (SKINNY, AddConstants): 6-bit LFSR from zero, updated before each round.
std::array<std::uint8_t, crypto::Skinny::kMaxRounds> roundConstants() {
    std::array<std::uint8_t, crypto::Skinny::kMaxRounds> rc{};
    unsigned v = 0;
    for (auto& c : rc) {
        v = ((v << 1) & 0x3Eu) | (((v >> 5) ^ (v >> 4) ^ 1u) & 1u);
        c = static_cast<std::uint8_t>(v);
    }
    return rc;
}

// Bit b of cell c, trace numbering.
constexpr int at(int c, int b) noexcept {
    return 8 * c + 7 - b;
}

// The 64-bit round tweakey of one round: cell c (0..7) in byte c, as Skinny::roundTweakey stores it.
std::uint64_t rtkWord(const crypto::Skinny& sk, int r) {
    const auto k = sk.roundTweakey(r);
    return std::uint64_t{k[0]} | std::uint64_t{k[1]} << 32;
}

// SubCells, S8: four times x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2), then the bit permutation
// (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5), the last time the swap of x1 and x2 instead.
inline void s8(std::uint64_t* s, int c) noexcept {
    std::uint64_t x0 = s[at(c, 0)], x1 = s[at(c, 1)], x2 = s[at(c, 2)], x3 = s[at(c, 3)];
    std::uint64_t x4 = s[at(c, 4)], x5 = s[at(c, 5)], x6 = s[at(c, 6)], x7 = s[at(c, 7)];
    for (int i = 0; i < 3; ++i) {
        x4 ^= ~(x7 | x6);
        x0 ^= ~(x3 | x2);
        const std::uint64_t n7 = x2, n6 = x1, n5 = x7, n4 = x6, n3 = x4, n2 = x0, n1 = x3, n0 = x5;
        x7 = n7, x6 = n6, x5 = n5, x4 = n4, x3 = n3, x2 = n2, x1 = n1, x0 = n0;
    }
    x4 ^= ~(x7 | x6);
    x0 ^= ~(x3 | x2);
    s[at(c, 0)] = x0, s[at(c, 1)] = x2, s[at(c, 2)] = x1, s[at(c, 3)] = x3;
    s[at(c, 4)] = x4, s[at(c, 5)] = x5, s[at(c, 6)] = x6, s[at(c, 7)] = x7;
}

class SlicedSkinny128 final : public SlicedRunner {
  public:
    explicit SlicedSkinny128(const Plan& p)
        : m_plan(p), m_rc(roundConstants()), m_key(static_cast<std::size_t>(p.keyBytes)),
          m_rtk(static_cast<std::size_t>(p.rounds) * 64) {
        if (p.field == Field::Key) {
            // Schedule of each varied bit alone: one 64-bit mask per round.
            m_delta.resize(static_cast<std::size_t>(p.varied()) * static_cast<std::size_t>(p.rounds));
            for (int v = 0; v < p.varied(); ++v) {
                crypto::Bytes e(m_key.size(), 0);
                const int f = p.fieldBit(v);
                e[static_cast<std::size_t>(f / 8)] ^= static_cast<std::uint8_t>(0x80u >> (f % 8));
                const crypto::Skinny sk(p.skinny, e, p.rounds);
                for (int r = 0; r < p.rounds; ++r)
                    m_delta[static_cast<std::size_t>(v * p.rounds + r)] = rtkWord(sk, r);
            }
        }
    }

    void newGroup(Xoshiro256& rng, int count) override {
        m_pt.fill(0);
        std::fill(m_rtk.begin(), m_rtk.end(), 0);
        std::array<std::uint8_t, 16> block{};
        for (int j = 0; j < count; ++j) {
            const std::uint64_t lane = std::uint64_t{1} << j;
            rng.fill(m_key);
            rng.fill(block);
            for (int s = 0; s < kBits; ++s)
                if ((block[static_cast<std::size_t>(s / 8)] >> (7 - s % 8)) & 1u)
                    m_pt[static_cast<std::size_t>(s)] |= lane;
            const crypto::Skinny sk(m_plan.skinny, m_key, m_plan.rounds);
            for (int r = 0; r < m_plan.rounds; ++r) {
                std::uint64_t k = rtkWord(sk, r);
                std::uint64_t* w = m_rtk.data() + 64 * r;
                while (k != 0) {
                    const int bit = std::countr_zero(k); // cell bit / 8, bit bit % 8
                    k &= k - 1;
                    w[at(bit / 8, bit % 8)] |= lane;
                }
            }
        }
    }

    void run(int v, std::uint64_t* out) override {
        std::array<std::uint64_t, kBits> s = m_pt, t{};
        const std::uint64_t* delta = nullptr;
        if (v >= 0 && m_plan.field == Field::Key)
            delta = m_delta.data() + static_cast<std::size_t>(v) * static_cast<std::size_t>(m_plan.rounds);
        else if (v >= 0)
            s[static_cast<std::size_t>(m_plan.fieldBit(v))] ^= ~std::uint64_t{0};
        for (int r = 0; r < m_plan.rounds; ++r) {
            for (int c = 0; c < 16; ++c)
                s8(s.data(), c);
            // AddConstants: rc3..rc0 into cell 0, rc5 rc4 into cell 4, 0x2 into cell 8.
            const unsigned rc = m_rc[static_cast<std::size_t>(r)];
            for (int b = 0; b < 4; ++b)
                if ((rc >> b) & 1u) s[at(0, b)] = ~s[at(0, b)];
            for (int b = 0; b < 2; ++b)
                if ((rc >> (4 + b)) & 1u) s[at(4, b)] = ~s[at(4, b)];
            s[at(8, 1)] = ~s[at(8, 1)];
            // AddRoundTweakey: cells 0..7 (words 0..63).
            const std::uint64_t* k = m_rtk.data() + 64 * r;
            for (int i = 0; i < 64; ++i)
                s[static_cast<std::size_t>(i)] ^= k[i];
            if (delta != nullptr) {
                std::uint64_t d = delta[r];
                while (d != 0) {
                    const int bit = std::countr_zero(d);
                    d &= d - 1;
                    s[at(bit / 8, bit % 8)] = ~s[at(bit / 8, bit % 8)];
                }
            }
            // ShiftRows (row i right by i cells) then MixColumns (a, b, c, d) -> (a^c^d, a, b^c, a^c).
            for (int j = 0; j < 4; ++j) {
                const int ca = j, cb = 4 + ((j + 3) & 3), cc = 8 + ((j + 2) & 3), cd = 12 + ((j + 1) & 3);
                for (int b = 0; b < 8; ++b) {
                    const std::uint64_t a = s[at(ca, b)], bb = s[at(cb, b)], c = s[at(cc, b)],
                                        d = s[at(cd, b)];
                    t[at(j, b)] = a ^ c ^ d;
                    t[at(4 + j, b)] = a;
                    t[at(8 + j, b)] = bb ^ c;
                    t[at(12 + j, b)] = a ^ c;
                }
            }
            s = t;
            std::copy(s.begin(), s.end(), out + static_cast<std::ptrdiff_t>(r) * kBits);
        }
    }

  private:
    const Plan& m_plan;
    std::array<std::uint8_t, crypto::Skinny::kMaxRounds> m_rc;
    crypto::Bytes m_key;
    std::array<std::uint64_t, kBits> m_pt{};
    std::vector<std::uint64_t> m_rtk;   ///< [round][64 words], sliced round tweakeys of the group
    std::vector<std::uint64_t> m_delta; ///< [varied bit][round] schedule of that bit alone
};

} // namespace

std::unique_ptr<SlicedRunner> makeSlicedSkinny(const Plan& plan) {
    if (plan.stateBytes == 16 && (plan.field == Field::Plaintext || plan.field == Field::Key))
        return std::make_unique<SlicedSkinny128>(plan);
    return nullptr;
}

} // namespace rs::analysis::detail
