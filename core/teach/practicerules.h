#pragma once
// The rule of a trace step for a student who must compute it (practice mode's first hint and the fallback
// of a wrong bit's feedback): the spec's formula and the values it needs that are not in the state
// before the step (round constants, round keys, S-box tables, ζ), never this run's results. The step
// explanations (explain.h) work an example of the step out, which in practice could be the very part asked.

#include <cstddef>
#include <string>

#include "core/crypto/trace.h"

namespace rs::teach {

/** @brief Ascon's S-box, output bit r of a column (x0..x4 its input bits), as the spec's algebraic normal
 * form. */
extern const char* const kAsconSboxAnf[5];

/** @brief The rule of trace.steps[step] without its results ("p_L: xᵢ ⊕= (xᵢ ⋙ a) ⊕ (xᵢ ⋙ b) …"). */
std::string stepRule(const crypto::Trace& trace, std::size_t step);

} // namespace rs::teach
