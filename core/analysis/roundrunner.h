#pragma once
// Runs the real cipher models (their fast code, through the StepSink observer path; a block cipher through
// its registry row, so one without a fast path of its own is analysed too) and collects
// the state after every round, for the empirical avalanche: one random base input per sample, then
// one twin per varied bit with that bit flipped.

#include "core/analysis/plan.h"
#include "core/analysis/rng.h"

#include <cstdint>
#include <memory>

namespace rs::analysis::detail {

/** @brief Per-round states of one algorithm for a base input and its single-bit twins. */
class RoundRunner {
  public:
    virtual ~RoundRunner() = default;
    /** @brief Draws a new random input (and key / tweakey) as the base of the next twins. */
    virtual void newSample(Xoshiro256& rng) = 0;
    /** @brief Runs the base (v = -1) or the twin with varied bit v flipped. Writes rounds x words()
     *  64-bit words to out: round r's state bytes 8w..8w+7 as a big-endian word w. */
    virtual void run(int v, std::uint64_t* out) = 0;
    /** @brief 64-bit words per round state (state bytes / 8). */
    virtual int words() const noexcept = 0;
};

/** @brief The runner of the plan: Ascon's own for the Ascon ids (its field placement), any block cipher of
 *  the registry through its row's model; nullptr where there is none (the ML-DSA transforms). */
std::unique_ptr<RoundRunner> makeRoundRunner(const Plan& plan);

} // namespace rs::analysis::detail
