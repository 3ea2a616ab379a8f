#pragma once
// Internal: the empirical avalanche / SAC measurement (avalanche.cpp).

#include "core/analysis/plan.h"

#include <cstdint>
#include <vector>

namespace rs::analysis::detail {

/** @brief One round's empirical figures, as RoundDiffusion stores them. */
struct EmpiricalRound {
    double avalancheMean = 0;
    std::vector<std::uint32_t> flipHistogram;
    double sacMaxDeviation = 0;
    std::vector<float> sac; ///< [variedBit][stateBit], only when keepSac
};

/** @brief plan.samples random inputs, each with every varied bit flipped once. Reports progress over
 *  the samples (at most ~100 calls), checks cancel once per sample and throws Cancelled. */
std::vector<EmpiricalRound> measureAvalanche(const Plan& plan, bool keepSac, const Progress& progress);

} // namespace rs::analysis::detail
