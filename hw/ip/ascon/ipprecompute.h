#pragma once
// Precomputation (the paper's "先验计算"): when key and nonce (and possibly the associated data)
// are fixed and known ahead, the host computes the state after initialisation (and after the AD)
// and injects it through STATE0..9, so the IP runs no initialisation.

#include "core/crypto/asconaead.h"
#include "core/crypto/asconpermutation.h"
#include "core/crypto/bytes.h"

namespace rs::hw {

/** @brief State after initialisation: IV||K||N, p^12, x3,x4 ^= K. Throws crypto::InvalidArgument
 *  unless key and nonce are 16 bytes. */
crypto::AsconState initialState(crypto::AsconAeadVariant v, crypto::ByteView key, crypto::ByteView nonce);

/** @brief State after initialisation, the AD blocks (when AD is non-empty) and the
 *  domain-separation bit: what the IP holds when its first message block arrives. */
crypto::AsconState stateAfterAd(crypto::AsconAeadVariant v, crypto::ByteView key, crypto::ByteView nonce,
                                crypto::ByteView ad);

} // namespace rs::hw
