#pragma once
// Teaching mode: one line per trace step that gives the spec's formula for the step and the values of
// this run ("x2 ⊕= 0xf0 (round constant of round 1 of p¹²) …"). Every (phase, step) that a trace of
// core/crypto produces is covered: the Ascon permutation, AEAD (Ascon-128 / Ascon-128a v1.2,
// Ascon-AEAD128 of SP 800-232) and hash/XOF phases, LEA encryption and decryption, SKINNY-64/-128
// encryption and decryption, the LEA sub-steps of substeps.h, and the ML-DSA NTT and NTT⁻¹ (layers,
// butterflies, the final × 256⁻¹) and Keccak-f[1600]'s θ, ρ, π, χ, ι. The values are computed from the
// step's predecessor and its round key, so an explanation can be checked against the next state.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/trace.h"

namespace rs::teach {

/**
 * @brief One UTF-8 line explaining trace.steps[index] with this run's values.
 *
 * A step this function does not know gets a plain fallback ("<step> (<phase>, round r)"), never an
 * exception. Throws crypto::InvalidArgument only when index is past the last step.
 */
std::string explainStep(const crypto::Trace& trace, std::size_t index);

/** @brief One (layout, phase, step) kind that explainStep explains with a formula. */
struct StepKind {
    std::string family; ///< "ascon", "lea", "skinny", "mldsa" or "keccak" (from the layout name)
    std::string phase;  ///< "" = any phase (the permutation's round steps occur in every Ascon phase)
    std::string step;
};

/** @brief Every step kind explainStep has a formula for (the rest get the fallback). */
const std::vector<StepKind>& explainedStepKinds();

/** @brief True when explainStep has a formula for trace.steps[index] (false for the fallback). */
bool isExplained(const crypto::Trace& trace, std::size_t index);

} // namespace rs::teach
