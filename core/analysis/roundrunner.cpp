#include "core/analysis/roundrunner.h"

#include "core/crypto/asconpermutation.h"

namespace rs::analysis::detail {

namespace {

/** @brief Keeps the state after each round: the last step reported with that round number (every
 *  step overwrites its round's slot, so the round's final step wins). No allocation. */
class RoundCapture final : public crypto::StepSink {
  public:
    RoundCapture(int words, int rounds) : m_words(words), m_rounds(rounds) {}
    void setOutput(std::uint64_t* out) noexcept { m_out = out; }
    void step(std::string_view, int, int round, std::string_view, std::span<const std::uint8_t> state,
              std::span<const std::uint8_t>) override {
        if (round < 1 || round > m_rounds) return;
        std::uint64_t* slot = m_out + static_cast<std::ptrdiff_t>(round - 1) * m_words;
        for (int w = 0; w < m_words; ++w)
            slot[w] = crypto::loadBe64(state.data() + 8 * w);
    }

  private:
    int m_words, m_rounds;
    std::uint64_t* m_out = nullptr;
};

// Field bits are numbered as in the hex string: bit f is bit 7 - f % 8 of byte f / 8.
void flipBit(std::uint8_t* bytes, int f) noexcept {
    bytes[f / 8] ^= static_cast<std::uint8_t>(0x80u >> (f % 8));
}

class AsconRunner final : public RoundRunner {
  public:
    explicit AsconRunner(const Plan& p) : m_plan(p), m_capture(5, p.rounds) {}
    void newSample(Xoshiro256& rng) override {
        for (auto& w : m_base.x)
            w = rng.next();
    }
    void run(int v, std::uint64_t* out) override {
        crypto::AsconState s = m_base;
        if (v >= 0) {
            const int bit = asconStateBitOfField(m_plan, m_plan.fieldBit(v));
            s.x[static_cast<std::size_t>(bit / 64)] ^= std::uint64_t{1} << (63 - bit % 64);
        }
        m_capture.setOutput(out);
        crypto::asconPermuteObserved(s, m_plan.rounds, m_capture);
    }
    int words() const noexcept override { return 5; }

  private:
    const Plan& m_plan;
    RoundCapture m_capture;
    crypto::AsconState m_base;
};

// Any block cipher of the registry, through its row's model (BlockAlgorithm::make and the observer path):
// the varied bits are in the block or in the key. With the key varied every twin needs its own key schedule.
class BlockRunner final : public RoundRunner {
  public:
    explicit BlockRunner(const Plan& p)
        : m_plan(p), m_cipherRow(*p.row->block), m_capture(p.stateBytes / 8, p.rounds),
          m_key(static_cast<std::size_t>(p.keyBytes)), m_twinKey(m_key.size()),
          m_block(static_cast<std::size_t>(p.stateBytes)), m_in(m_block.size()), m_out(m_block.size()) {}
    void newSample(Xoshiro256& rng) override {
        rng.fill(m_key);
        rng.fill(m_block);
        m_cipher = m_cipherRow.make(m_key, m_plan.rounds);
    }
    void run(int v, std::uint64_t* out) override {
        m_in = m_block;
        m_capture.setOutput(out);
        if (v < 0) {
            m_cipher->encryptBlockObserved(m_in.data(), m_out.data(), m_capture);
        } else if (m_plan.field == Field::Key) {
            m_twinKey = m_key;
            flipBit(m_twinKey.data(), m_plan.fieldBit(v));
            m_cipherRow.make(m_twinKey, m_plan.rounds)
                ->encryptBlockObserved(m_in.data(), m_out.data(), m_capture);
        } else {
            flipBit(m_in.data(), m_plan.fieldBit(v));
            m_cipher->encryptBlockObserved(m_in.data(), m_out.data(), m_capture);
        }
    }
    int words() const noexcept override { return m_plan.stateBytes / 8; }

  private:
    const Plan& m_plan;
    const oracle::BlockAlgorithm& m_cipherRow;
    RoundCapture m_capture;
    crypto::Bytes m_key, m_twinKey, m_block, m_in, m_out;
    std::unique_ptr<crypto::TracedBlockCipher> m_cipher;
};

// Any other permutation of the registry (Keccak-f[1600]) through its row's traced model: the varied bits
// are the state's own bits, and a round's state is its last traced step.
class PermutationRunner final : public RoundRunner {
  public:
    explicit PermutationRunner(const Plan& p)
        : m_plan(p), m_perm(*p.row->permutation), m_base(static_cast<std::size_t>(p.stateBytes)),
          m_in(m_base.size()) {}
    void newSample(Xoshiro256& rng) override { rng.fill(m_base); }
    void run(int v, std::uint64_t* out) override {
        m_in = m_base;
        if (v >= 0) flipBit(m_in.data(), m_plan.fieldBit(v));
        m_trace.steps.clear();
        m_perm.permuteTraced(m_in, m_plan.rounds, m_trace);
        const int words = m_plan.stateBytes / 8;
        for (const crypto::TraceStep& st : m_trace.steps) {
            if (st.round < 1 || st.round > m_plan.rounds) continue;
            std::uint64_t* slot = out + static_cast<std::ptrdiff_t>(st.round - 1) * words;
            for (int w = 0; w < words; ++w)
                slot[w] = crypto::loadBe64(st.state.data() + 8 * w);
        }
    }
    int words() const noexcept override { return m_plan.stateBytes / 8; }

  private:
    const Plan& m_plan;
    const oracle::PermutationAlgorithm& m_perm;
    crypto::Bytes m_base, m_in;
    crypto::Trace m_trace;
};

} // namespace

std::unique_ptr<RoundRunner> makeRoundRunner(const Plan& plan) {
    // The Ascon ids place their key and nonce words inside the permuted state as each variant loads them:
    // their own runner. Every block cipher and every other permutation runs through its registry row. The
    // ML-DSA transforms have no avalanche (makePlan refuses samples).
    if (plan.family == Family::Ascon) return std::make_unique<AsconRunner>(plan);
    if (plan.row->block != nullptr) return std::make_unique<BlockRunner>(plan);
    if (plan.row->permutation != nullptr) return std::make_unique<PermutationRunner>(plan);
    return nullptr;
}

} // namespace rs::analysis::detail
