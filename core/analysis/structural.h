#pragma once
// Exact structural (bit-level) dependency: which state bits can depend on which varied input bits
// after each round, propagated through every operation of the spec (S-box tables, carries of
// modular additions, rotations, linear layers, MixColumns, the key / tweakey schedules).
// "Can depend" means: some value of the other inputs lets a flip of the varied bit reach the state
// bit along the operation graph; every empirical flip therefore lies inside it.

#include "core/analysis/bitmatrix.h"
#include "core/analysis/diffusion.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rs::analysis {

/**
 * @brief Dependency table of a `bits`-bit cell function f (S-box, cell LFSR): element i is the mask
 *  of output bits j for which some x has f(x)_j != f(x ^ 2^i)_j, i.e. output bit j depends on input
 *  bit i. Derived from the function itself, never transcribed.
 */
template <class F> std::vector<std::uint32_t> cellDependency(int bits, F f) {
    std::vector<std::uint32_t> dep(static_cast<std::size_t>(bits), 0);
    for (unsigned x = 0; x < (1u << bits); ++x)
        for (int i = 0; i < bits; ++i)
            dep[static_cast<std::size_t>(i)] |= static_cast<std::uint32_t>(f(x) ^ f(x ^ (1u << i)));
    return dep;
}

/** @brief The Ascon S-box as a 32-entry table, S-box input and output as (x0 x1 x2 x3 x4) with x0 the
 *  most significant bit (spec and paper 000's Table 1), tabulated from the model's bitsliced p_S. */
std::array<std::uint8_t, 32> asconSboxTable();

/**
 * @brief Structural dependency after each round: element r - 1 is the state after round r, a matrix
 *  with one row per state bit (trace numbering: MSB of state byte 0 first) and one column per varied
 *  bit (column v = field bit firstBit + v). Throws AnalysisError on a bad request.
 */
std::vector<BitMatrix> structuralDependency(const DiffusionRequest& request);

} // namespace rs::analysis
