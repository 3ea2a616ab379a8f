// Which LEA round operations have no counter-dependent input, so a CTR implementation can compute
// them once per nonce instead of once per block (paper 003, Fig. 4: counter in word 0 saves
// 6 round-key XORs, 3 additions and 3 rotations per block).
#include "core/analysis/precompute.h"

#include <array>

namespace rs::analysis::detail {

namespace {

using WordDeps = std::array<bool, 4>;

// X[w] is state bytes 4w..4w+3, i.e. state bits 32w..32w+31 (and plaintext bits 32w..32w+31).
WordDeps wordDeps(const BitMatrix& m) {
    WordDeps d{};
    for (int w = 0; w < 4; ++w)
        for (int b = 0; b < 32 && !d[static_cast<std::size_t>(w)]; ++b)
            d[static_cast<std::size_t>(w)] = m.rowAny(32 * w + b);
    return d;
}

bool all(const WordDeps& d) {
    return d[0] && d[1] && d[2] && d[3];
}

} // namespace

std::optional<PrecomputeReport> leaPrecompute(const Plan& plan, const std::vector<BitMatrix>& rounds) {
    if (plan.family != Family::Lea || plan.field != Field::Plaintext) return std::nullopt;
    PrecomputeReport rep;
    WordDeps in{};
    for (int v = 0; v < plan.varied(); ++v)
        in[static_cast<std::size_t>(plan.fieldBit(v) / 32)] = true;

    for (int r = 1; r <= plan.rounds; ++r) {
        const WordDeps out = wordDeps(rounds[static_cast<std::size_t>(r - 1)]);
        PrecomputeRound pr;
        pr.round = r;
        // X'[i] = ROT_i((X[i] ^ RK) + (X[i+1] ^ RK')) for i = 0..2; X'[3] = X[0] is a renaming, no work.
        for (int i = 0; i < 4; ++i) {
            const bool dependent = out[static_cast<std::size_t>(i)];
            if (!dependent) pr.independentWords.push_back(i);
            if (i == 3) continue;
            if (!dependent) {
                pr.xors += 2;
                pr.adds += 1;
                pr.rots += 1;
            } else {
                // A dependent word can still have one operand X[i] ^ RK or X[i+1] ^ RK' fixed per nonce.
                pr.operandXors += in[static_cast<std::size_t>(i)] ? 0 : 1;
                pr.operandXors += in[static_cast<std::size_t>(i + 1)] ? 0 : 1;
            }
        }
        if (!pr.independentWords.empty() || pr.operandXors > 0) {
            rep.xors += pr.xors;
            rep.adds += pr.adds;
            rep.rots += pr.rots;
            rep.operandXors += pr.operandXors;
            rep.rounds.push_back(std::move(pr));
        }
        // From here on every round input depends on the counter: nothing left to precompute.
        if (all(out)) {
            rep.fullWordDiffusionRound = r;
            break;
        }
        in = out;
    }
    return rep;
}

} // namespace rs::analysis::detail
