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
 *  the samples (at most ~100 calls), checks cancel often and throws Cancelled. Runs the bitsliced
 *  path where the plan has one (hasSlicedAvalanche), else the reference; both give identical results. */
std::vector<EmpiricalRound> measureAvalanche(const Plan& plan, bool keepSac, const Progress& progress);

/** @brief The reference: one sample at a time through the cipher models' observer path. */
std::vector<EmpiricalRound> measureAvalancheReference(const Plan& plan, bool keepSac,
                                                      const Progress& progress);

/** @brief True when a bitsliced runner exists for the plan (slicedrunner.h). */
bool hasSlicedAvalanche(const Plan& plan);

/** @brief 64 samples at once, bitsliced across samples, hardware popcount. Same draws from the seed
 *  and same counts as the reference. Throws std::logic_error unless hasSlicedAvalanche(plan). */
std::vector<EmpiricalRound> measureAvalancheSliced(const Plan& plan, bool keepSac, const Progress& progress);

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
/** @brief The counting kernel of measureAvalancheSliced built with POPCNT (slicedcountpopcnt.cpp);
 *  call only where the CPU has it. One (round, varied bit) of a 64-sample group. */
void accumulateRoundPopcnt(const std::uint64_t* base, const std::uint64_t* twin, int bits, std::uint64_t mask,
                           int lanes, std::uint32_t* counts, std::uint32_t* hist, std::uint64_t* diff);
#endif

} // namespace rs::analysis::detail
