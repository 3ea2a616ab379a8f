#pragma once
// ML-DSA's fast path (MlDsaImpl::Fast, mldsafast.cpp): KeyGen_internal, Sign_internal without a trace and
// Verify_internal with the Montgomery-domain ring, 32-bit rounding and fixed arrays; the same bytes as the
// spec-shaped cores of mldsainternal.h, which a traced signing still uses.

#include "core/crypto/mldsainternal.h"

namespace rs::crypto::mldsa {

/** @brief Sign_internal (Algorithm 7) from line 2 on: the decoded key, mu (64 bytes) and rnd (32 bytes). */
MlDsaSignature signCoreFast(const MlDsaParams& p, const SecretKey& sk, ByteView mu, ByteView rnd);
/** @brief Verify_internal (Algorithm 8) from line 2 on, with the decoded key and mu (64 bytes). */
bool verifyCoreFast(const MlDsaParams& p, const PublicKey& pk, ByteView mu, ByteView sig);
/** @brief KeyGen_internal (Algorithm 6) from the 32-byte seed xi (its length checked by the caller). */
MlDsaKeyPair keyGenFast(const MlDsaParams& p, ByteView seed);

} // namespace rs::crypto::mldsa
