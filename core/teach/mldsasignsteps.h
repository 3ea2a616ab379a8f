#pragma once
// ML-DSA signing as a stepped process for the Round Explorer and lessons: what ML-DSA.Sign_internal
// (FIPS 204 Algorithm 7) computed, as trace steps of one polynomial each (the 16 x 16 coefficient grid of
// mldsaPolyLayout), in the spec's words: the secret vectors from sk, Â[0][0] of ExpandA, then per attempt
// y = ExpandMask(ρ″, κ), w = NTT⁻¹(Â ∘ NTT(y)), w1 = HighBits(w), c = SampleInBall(c̃), z = y + c·s1 and
// the checks, each check step naming its norm, its bound and whether the attempt was rejected there.

#include "core/crypto/mldsa.h"
#include "core/crypto/trace.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::teach {

/** @brief The phase of the key steps ("ML-DSA-44 Sign · key") and of the attempts ("ML-DSA-44 Sign"). */
std::string mldsaSignPhase(crypto::MlDsaParamSet set, bool keySteps);
/** @brief The parameter set a sign step's phase names; nullopt for another phase. */
std::optional<crypto::MlDsaParamSet> mldsaSignPhaseSet(std::string_view phase);

/** @brief The steps of one signing run: round 0 the key steps, round k the k-th attempt. */
crypto::Trace mldsaSignSteps(crypto::MlDsaParamSet set, const crypto::MlDsaSignTrace& trace);

/** @brief One check of an attempt, as its step reports it. */
struct MlDsaSignCheck {
    std::string what; ///< "‖z‖∞", "‖r0‖∞", "‖c·t0‖∞", "hints"
    std::int64_t value = 0;
    std::int64_t bound = 0; ///< the value must be below it (hints: at most it)
    bool passed = false;
};
/** @brief The checks an attempt reached, in the order Algorithm 7 makes them: ‖z‖∞ and ‖r0‖∞ (line 23
 *  tests both; either rejects), then, when both passed, ‖c·t0‖∞ and the hint count (line 28). */
std::vector<MlDsaSignCheck> mldsaSignChecks(crypto::MlDsaParamSet set, const crypto::MlDsaSignAttempt& a);

/** @brief The check a check step reports (its name is written by mldsaSignSteps); nullopt for other steps. */
std::optional<MlDsaSignCheck> mldsaSignCheckOf(const crypto::TraceStep& step);

/** @brief The explanation of a sign step (formula and this run's values); nullopt when `index` is not a
 *  sign step. */
std::optional<std::string> explainMlDsaSignStep(const crypto::Trace& trace, std::size_t index);

} // namespace rs::teach
