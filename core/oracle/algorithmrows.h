#pragma once
// Internal to rs_oracle: the rows of the registry's tables (algorithmrows.cpp), which algorithms.cpp keeps
// as its static tables. A new algorithm is one row here plus its model in core/crypto.

#include <vector>

#include "core/oracle/algorithms.h"

namespace rs::oracle::detail {

std::vector<PermutationAlgorithm> permutationRows();
std::vector<AeadAlgorithm> aeadRows();
std::vector<BlockAlgorithm> blockRows();
std::vector<HashAlgorithm> hashRows();
std::vector<MlDsaAlgorithm> mldsaRows();
std::vector<MlDsaSchemeAlgorithm> mldsaSchemeRows(); // mldsaschemerows.cpp

} // namespace rs::oracle::detail
