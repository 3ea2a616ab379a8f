#pragma once
// Runs a cipher on 64 samples at once, bitsliced across the samples: word s of a round holds state
// bit s (trace numbering) of the 64 samples, sample j in bit j. Rounds are written straight into a
// buffer, with no per-step observer, so the fast avalanche (avalanche.cpp) can XOR a base and a twin
// word and popcount the result for the SAC counts of 64 samples in one instruction.

#include "core/analysis/plan.h"
#include "core/analysis/rng.h"

#include <cstdint>
#include <memory>

namespace rs::analysis::detail {

/** @brief Per-round states of up to 64 samples at once, bitsliced across the samples. */
class SlicedRunner {
  public:
    static constexpr int kLanes = 64;
    virtual ~SlicedRunner() = default;
    /** @brief Draws `count` (1..64) samples from rng in exactly the order the reference RoundRunner
     *  draws them (sample by sample), as lanes 0..count-1; the other lanes hold zeros. */
    virtual void newGroup(Xoshiro256& rng, int count) = 0;
    /** @brief Runs the base (v = -1) or every lane's twin with varied bit v flipped. Writes
     *  rounds x stateBits words to out: out[r * stateBits + s] bit j = state bit s of lane j after
     *  round r + 1. */
    virtual void run(int v, std::uint64_t* out) = 0;
};

/** @brief The bitsliced runner for the plan, or nullptr where there is none (the reference path
 *  then runs). Today: every Ascon id and field (slicedascon.cpp), LEA-128/192/256 plaintext or key
 *  (slicedlea.cpp), SKINNY-128-128/256/384 plaintext or tweakey (slicedskinny.cpp). */
std::unique_ptr<SlicedRunner> makeSlicedRunner(const Plan& plan);

/** @brief The family's runner (plan.family must match), or nullptr for a variant it lacks. */
std::unique_ptr<SlicedRunner> makeSlicedAscon(const Plan& plan);
std::unique_ptr<SlicedRunner> makeSlicedLea(const Plan& plan);
std::unique_ptr<SlicedRunner> makeSlicedSkinny(const Plan& plan);

} // namespace rs::analysis::detail
