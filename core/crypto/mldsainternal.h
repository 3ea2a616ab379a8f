#pragma once
// ML-DSA internals shared by the scheme's files and reachable by the tests: the ring operations on the chosen
// implementation (Reference: mldsantt.h; Fast: mldsanttfast.h, the same results), vector helpers, and the
// cores of Sign_internal and Verify_internal that start from a decoded key and mu.

#include "core/crypto/mldsa.h"
#include "core/crypto/mldsaencode.h"
#include "core/crypto/mldsarounding.h"
#include "core/crypto/mldsasample.h"

namespace rs::crypto::mldsa {

/** @brief NTT, NTT^-1 and the coefficient-wise ring operations on one implementation. */
class Ring {
  public:
    explicit Ring(MlDsaImpl impl) noexcept : m_impl(impl) {}
    MlDsaPoly ntt(const MlDsaPoly& w) const noexcept;
    MlDsaPoly invNtt(const MlDsaPoly& w) const noexcept;
    /** @brief MultiplyNTT (Algorithm 45). */
    MlDsaPoly mul(const MlDsaPoly& a, const MlDsaPoly& b) const noexcept;
    /** @brief AddNTT (Algorithm 44); also the sum of two polynomials in R_q. */
    MlDsaPoly add(const MlDsaPoly& a, const MlDsaPoly& b) const noexcept;
    PolyVec ntt(const PolyVec& v) const;
    PolyVec invNtt(const PolyVec& v) const;
    /** @brief A_hat o v_hat (Algorithm 48 MatrixVectorNTT): k polynomials; aHat is row-major k x l. */
    PolyVec matVec(const MlDsaParams& p, const PolyVec& aHat, const PolyVec& vHat) const;
    /** @brief c_hat o v_hat for each polynomial of v_hat (Algorithm 46 ScalarVectorNTT). */
    PolyVec scalarVec(const MlDsaPoly& cHat, const PolyVec& vHat) const;
    MlDsaImpl impl() const noexcept { return m_impl; }
    /** @brief The Keccak-f[1600] of this implementation's sponges (Fast: keccakfast.h's scalar one). */
    KeccakPermutation keccak() const noexcept {
        return m_impl == MlDsaImpl::Fast ? KeccakPermutation::Fast : KeccakPermutation::Reference;
    }

  private:
    MlDsaImpl m_impl;
};

/** @brief a - b mod q, coefficient-wise. */
MlDsaPoly subPoly(const MlDsaPoly& a, const MlDsaPoly& b) noexcept;
/** @brief a + b mod q, coefficient-wise. */
MlDsaPoly addPoly(const MlDsaPoly& a, const MlDsaPoly& b) noexcept;
/** @brief -a mod q, coefficient-wise. */
MlDsaPoly negPoly(const MlDsaPoly& a) noexcept;

/** @brief H(data..., n): SHAKE256 of the concatenated pieces, n bytes. */
Bytes shakeH(std::initializer_list<ByteView> pieces, std::size_t n,
             KeccakPermutation perm = KeccakPermutation::Reference);

/** @brief Sign_internal (Algorithm 7) from line 2 on: the decoded key, mu (64 bytes) and rnd (32 bytes). */
MlDsaSignature signCore(const MlDsaParams& p, const SecretKey& sk, ByteView mu, ByteView rnd, MlDsaImpl impl,
                        MlDsaSignTrace* trace);
/** @brief Verify_internal (Algorithm 8) from line 2 on, with the decoded key and mu (64 bytes). */
bool verifyCore(const MlDsaParams& p, const PublicKey& pk, ByteView mu, ByteView sig, MlDsaImpl impl);

/** @brief The OID of a pre-hash function (DER, 11 bytes: 06 09 60 86 48 01 65 03 04 02 xx). */
Bytes preHashOid(MlDsaPreHash ph);
/** @brief PH(M): the digest of a pre-hash function (SHAKE128: 32 bytes, SHAKE256: 64 bytes). */
Bytes preHashDigest(MlDsaPreHash ph, ByteView msg);

} // namespace rs::crypto::mldsa
