#pragma once
// A validated DiffusionRequest: the algorithm's registry row and sizes (its diffusion profile,
// core/oracle/algorithminfo.h), the varied range, where each varied bit sits in the model's own words.
// Internal to rs_analysis (the structural, avalanche and precomputation parts all start from it), visible
// to tests.

#include "core/analysis/diffusion.h"

#include "core/crypto/skinny.h"
#include "core/oracle/algorithms.h"

#include <atomic>
#include <string>

namespace rs::analysis::detail {

/** @brief The fast path the registry row names, if any: exact structural propagation and the bitsliced
 *  avalanche of one family (MlDsa: the ML-DSA NTT / NTT⁻¹, dependency per coefficient). None: the generic
 *  traced path only (the avalanche through the row's traced model; no structural dependency). */
using Family = oracle::FastPath;

/** @brief Everything the analysis parts need to know about one request, checked. */
struct Plan {
    std::string alg;         ///< id as requested ("ascon-p", "ascon-aead128", "lea-128", ...)
    std::string displayName; ///< "Ascon-p", "Ascon-AEAD128 (SP 800-232) initialization", "LEA-128",
                             ///< "SKINNY-64-192" (+ " (R rounds)" when reduced)
    Family family = Family::None;
    const oracle::AlgorithmRef* row = nullptr;                    ///< the registry row of alg
    crypto::SkinnyVariant skinny = crypto::SkinnyVariant::S64_64; ///< SKINNY only
    int keyBytes = 0;   ///< a separate key input (LEA key, SKINNY whole tweakey); 0 for the Ascon ids
    int stateBytes = 0; ///< 40, 16 or 8: the trace state (and block) size
    int stateBits = 0;
    int cellBits = 0; ///< SKINNY cell size (4 or 8), ML-DSA coefficient (32); 0 otherwise
    int rounds = 0;   ///< requested rounds, resolved (1..standardRounds)
    int standardRounds = 0;
    Field field = Field::State;
    int fieldBits = 0;
    int firstBit = 0, lastBit = 0; ///< inclusive range inside the field
    int samples = 0;
    std::uint64_t seed = 1;
    /** Ascon only: key and nonce words are loaded little-endian (SP 800-232 Ascon-AEAD128);
     *  false = big-endian (v1.2 Ascon-128/128a, and ascon-p's documented placement). */
    bool asconLittleEndian = false;

    int varied() const noexcept { return lastBit - firstBit + 1; }
    /** @brief Field bit index (hex-string numbering) of varied bit v. */
    int fieldBit(int v) const noexcept { return firstBit + v; }
};

/** @brief Validates the request; throws AnalysisError naming the member at fault. */
Plan makePlan(const DiffusionRequest& request);

/** @brief The state layout of the plan's algorithm (its registry row's). */
crypto::StateLayout layoutOf(const Plan& plan);

/** @brief The analysis of a plan (analyzeDiffusion after makePlan): tests run it on a plan whose fast path
 *  they have taken away, as a registry row without one has it. */
DiffusionResult analyzePlan(const Plan& plan, bool keepSac, const Progress& progress);

/** @brief Ascon: the state bit (trace numbering, MSB of state byte 0 = bit 0) that bit fieldBit of
 *  plan.field (hex-string numbering) is loaded into, with the plan's word byte order. */
int asconStateBitOfField(const Plan& plan, int fieldBit);

/** @brief Throws Cancelled when the flag is raised. */
inline void checkCancel(const std::atomic<bool>* cancel) {
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) throw Cancelled();
}

} // namespace rs::analysis::detail
