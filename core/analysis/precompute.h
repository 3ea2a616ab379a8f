#pragma once
// Internal: LEA-CTR precomputation (paper 003, Fig. 4), precompute.cpp.

#include "core/analysis/bitmatrix.h"
#include "core/analysis/plan.h"

#include <optional>
#include <vector>

namespace rs::analysis::detail {

/** @brief LEA with the plaintext varied: what does not depend on the varied bits (the counter), from
 *  the structural dependency of each round. nullopt for other algorithms or fields. */
std::optional<PrecomputeReport> leaPrecompute(const Plan& plan, const std::vector<BitMatrix>& rounds);

} // namespace rs::analysis::detail
