// LEA-128/192/256 bitsliced across 64 samples (slicedrunner.h). Internally word 32w + k is bit k
// (0 = LSB) of X[w] (or of key word T[w]); as LEA loads bytes little-endian, that is bit k % 8 of
// byte 4w + k / 8, so internal word 8B + b is bit b of byte B and trace / field bit s (MSB of byte 0
// = bit 0) is internal word 8(s / 8) + 7 - s % 8. Rotations rename words; the modular additions are
// ripple-carry adders over 32 words. The key schedule is not linear (it adds constants), so a twin
// with a flipped key bit runs the whole bitsliced schedule again.
#include "core/analysis/slicedrunner.h"

#include "core/crypto/lea.h"

#include <array>
#include <bit>
#include <vector>

namespace rs::analysis::detail {

namespace {

using Word32 = std::array<std::uint64_t, 32>; // one 32-bit word of 64 lanes, bit k in element k

// Internal word of trace (or field) bit s; the map is its own inverse.
constexpr int internalBit(int s) noexcept {
    return 8 * (s / 8) + 7 - s % 8;
}

// out = a + b mod 2^32, lane by lane: a ripple-carry adder over the 32 bit positions.
inline void add(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out) noexcept {
    std::uint64_t c = 0;
    for (int k = 0; k < 32; ++k) {
        const std::uint64_t t = a[k] ^ b[k];
        out[k] = t ^ c;
        c = (a[k] & b[k]) | (t & c);
    }
}

// x = x + constant d (the same in every lane) mod 2^32.
inline void addConstant(std::uint64_t* x, std::uint32_t d) noexcept {
    std::uint64_t c = 0;
    for (int k = 0; k < 32; ++k) {
        const std::uint64_t a = x[k];
        if ((d >> k) & 1u) {
            x[k] = ~(a ^ c);
            c = a | c;
        } else {
            x[k] = a ^ c;
            c = a & c;
        }
    }
}

// out = rotl(x, n): bit k of the result is bit k - n of x.
inline void rotl(const std::uint64_t* x, int n, std::uint64_t* out) noexcept {
    for (int k = 0; k < 32; ++k)
        out[k] = x[(k - n) & 31];
}

class SlicedLea final : public SlicedRunner {
  public:
    explicit SlicedLea(const Plan& p)
        : m_plan(p), m_keyWords(p.keyBytes / 4), m_key(static_cast<std::size_t>(p.keyBytes)),
          m_keySliced(static_cast<std::size_t>(8 * p.keyBytes)), m_twinKey(m_keySliced.size()),
          m_rkBase(static_cast<std::size_t>(p.rounds) * 6 * 32), m_rkTwin(m_rkBase.size()) {
        for (int s = 0; s < 128; ++s)
            m_traceToInternal[static_cast<std::size_t>(s)] = internalBit(s);
    }

    void newGroup(Xoshiro256& rng, int count) override {
        m_pt.fill(0);
        std::fill(m_keySliced.begin(), m_keySliced.end(), 0);
        std::array<std::uint8_t, 16> block{};
        for (int j = 0; j < count; ++j) {
            const std::uint64_t lane = std::uint64_t{1} << j;
            rng.fill(m_key); // key then block, as BlockRunner::newSample draws them
            rng.fill(block);
            scatter(m_key.data(), m_key.size(), lane, m_keySliced.data());
            scatter(block.data(), block.size(), lane, m_pt.data());
        }
        schedule(m_keySliced.data(), m_rkBase.data());
    }

    void run(int v, std::uint64_t* out) override {
        std::array<std::uint64_t, 128> x = m_pt;
        const std::uint64_t* rk = m_rkBase.data();
        if (v >= 0) {
            const auto bit = static_cast<std::size_t>(internalBit(m_plan.fieldBit(v)));
            if (m_plan.field == Field::Key) {
                m_twinKey = m_keySliced;
                m_twinKey[bit] = ~m_twinKey[bit];
                schedule(m_twinKey.data(), m_rkTwin.data());
                rk = m_rkTwin.data();
            } else {
                x[bit] = ~x[bit];
            }
        }
        std::array<std::uint64_t, 128> n;
        Word32 a, b, sum;
        for (int r = 0; r < m_plan.rounds; ++r) {
            const std::uint64_t* k = rk + static_cast<std::ptrdiff_t>(r) * 6 * 32;
            // X'[i] for i = 0, 1, 2 from (X[i] ^ RK_{2i}) + (X[i+1] ^ RK_{2i+1}), rotated left 9, right
            // 5, right 3; X'[3] = X[0].
            for (int i = 0; i < 3; ++i) {
                for (int q = 0; q < 32; ++q) {
                    a[static_cast<std::size_t>(q)] = x[static_cast<std::size_t>(32 * i + q)] ^ k[64 * i + q];
                    b[static_cast<std::size_t>(q)] =
                        x[static_cast<std::size_t>(32 * (i + 1) + q)] ^ k[64 * i + 32 + q];
                }
                add(a.data(), b.data(), sum.data());
                rotl(sum.data(), i == 0 ? 9 : (i == 1 ? 32 - 5 : 32 - 3), n.data() + 32 * i);
            }
            std::copy(x.begin(), x.begin() + 32, n.begin() + 96);
            x = n;
            std::uint64_t* o = out + static_cast<std::ptrdiff_t>(r) * 128;
            for (int s = 0; s < 128; ++s)
                o[s] = x[static_cast<std::size_t>(m_traceToInternal[static_cast<std::size_t>(s)])];
        }
    }

  private:
    // Lane bits of bytes (little-endian words): bit b of byte B into internal word 8B + b.
    static void scatter(const std::uint8_t* bytes, std::size_t n, std::uint64_t lane, std::uint64_t* words) {
        for (std::size_t i = 0; i < n; ++i)
            for (unsigned b = 0; b < 8; ++b)
                if ((bytes[i] >> b) & 1u) words[8 * i + b] |= lane;
    }

    // The key schedule (KS X 3246) on sliced key words: rk[round][RK0..RK5][bit].
    void schedule(const std::uint64_t* key, std::uint64_t* rk) const {
        std::array<Word32, 8> t{};
        for (int j = 0; j < m_keyWords; ++j)
            std::copy(key + 32 * j, key + 32 * j + 32, t[static_cast<std::size_t>(j)].begin());
        Word32 tmp;
        // T[w] <- ROL_rot[j](T[w] + ROL_{i+j}(delta)).
        const auto update = [&](int w, int i, int j, std::uint32_t d) {
            auto& tw = t[static_cast<std::size_t>(w)];
            addConstant(tw.data(), std::rotl(d, i + j));
            rotl(tw.data(), crypto::kLeaKeyRotations[static_cast<std::size_t>(j)], tmp.data());
            tw = tmp;
        };
        const auto put = [&](std::uint64_t* k, int slot, int w) {
            std::copy(t[static_cast<std::size_t>(w)].begin(), t[static_cast<std::size_t>(w)].end(),
                      k + 32 * slot);
        };
        for (int i = 0; i < m_plan.rounds; ++i) {
            std::uint64_t* k = rk + static_cast<std::ptrdiff_t>(i) * 6 * 32;
            if (m_keyWords == 4) {
                const std::uint32_t d = crypto::kLeaDelta[static_cast<std::size_t>(i % 4)];
                for (int j = 0; j < 4; ++j)
                    update(j, i, j, d);
                // RK = (T0, T1, T2, T1, T3, T1).
                put(k, 0, 0), put(k, 1, 1), put(k, 2, 2), put(k, 3, 1), put(k, 4, 3), put(k, 5, 1);
            } else if (m_keyWords == 6) {
                const std::uint32_t d = crypto::kLeaDelta[static_cast<std::size_t>(i % 6)];
                for (int j = 0; j < 6; ++j) {
                    update(j, i, j, d);
                    put(k, j, j);
                }
            } else {
                const std::uint32_t d = crypto::kLeaDelta[static_cast<std::size_t>(i % 8)];
                for (int j = 0; j < 6; ++j) {
                    const int w = (6 * i + j) % 8;
                    update(w, i, j, d);
                    put(k, j, w);
                }
            }
        }
    }

    const Plan& m_plan;
    int m_keyWords;
    crypto::Bytes m_key;
    std::array<std::uint64_t, 128> m_pt{};
    std::vector<std::uint64_t> m_keySliced, m_twinKey; ///< internal word 8B + b: bit b of key byte B
    std::vector<std::uint64_t> m_rkBase, m_rkTwin;     ///< [round][RK0..RK5][bit]
    std::array<int, 128> m_traceToInternal{};
};

} // namespace

std::unique_ptr<SlicedRunner> makeSlicedLea(const Plan& plan) {
    return std::make_unique<SlicedLea>(plan);
}

} // namespace rs::analysis::detail
