#pragma once
// Internal: the per-cipher structural propagation (dependency_ascon.cpp, dependency_lea.cpp,
// dependency_skinny.cpp). Each returns one matrix per round in trace bit order, see structural.h.

#include "core/analysis/bitmatrix.h"
#include "core/analysis/plan.h"

#include <atomic>
#include <vector>

namespace rs::analysis::detail {

std::vector<BitMatrix> asconDependency(const Plan& plan, const std::atomic<bool>* cancel);
std::vector<BitMatrix> leaDependency(const Plan& plan, const std::atomic<bool>* cancel);
std::vector<BitMatrix> skinnyDependency(const Plan& plan, const std::atomic<bool>* cancel);
/** @brief Per coefficient (dependency_mldsa.cpp): a coefficient's 32 bits depend on the varied bits of
 *  every input coefficient its butterflies have read so far. */
std::vector<BitMatrix> mldsaDependency(const Plan& plan, const std::atomic<bool>* cancel);
/** @brief The same with one row per coefficient (256 rows): row c is the shared row of state bits
 *  32c..32c+31 of mldsaDependency, 32 times smaller. */
std::vector<BitMatrix> mldsaCoefficientDependency(const Plan& plan, const std::atomic<bool>* cancel);

/** @brief Keccak-f[1600] (dependency_keccak.cpp): θ, ρ, π, χ per round; the varied bits are state bits. */
std::vector<BitMatrix> keccakDependency(const Plan& plan, const std::atomic<bool>* cancel);

/** @brief Dispatches on plan.family. */
std::vector<BitMatrix> dependency(const Plan& plan, const std::atomic<bool>* cancel);

} // namespace rs::analysis::detail
