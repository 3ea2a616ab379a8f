#pragma once
// Internal to rs_oracle: the Keccak-f[1600] row of the permutation table (keccakrows.cpp), which
// algorithmrows.cpp lists beside Ascon-p.

#include "core/oracle/algorithms.h"

namespace rs::oracle::detail {

/** @brief Keccak-f[1600] (FIPS 202): 24 rounds, or Keccak-p[1600, n_r] (the last n_r rounds) when reduced. */
PermutationAlgorithm keccakPermutation();

} // namespace rs::oracle::detail
