#pragma once
// The Round Explorer's view of the ML-DSA signing rows ("mldsa-44-sign", ...): the inputs a teacher edits
// (the key's seed ξ, the message, the context, rnd) with their examples. The explorer steps the signing
// through core/teach/mldsasignsteps.h.

#include "core/crypto/mldsa.h"
#include "core/oracle/algorithminfo.h"

namespace rs::oracle {

/** @brief The explorer profile of the signing row of `set`. */
ExplorerProfile mldsaSignExplorerProfile(crypto::MlDsaParamSet set);

} // namespace rs::oracle
