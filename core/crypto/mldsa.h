#pragma once
// ML-DSA (FIPS 204): key generation, signing and verification for ML-DSA-44, ML-DSA-65 and ML-DSA-87,
// pure (Algorithms 1-3), pre-hash HashML-DSA (Algorithms 4-5) and the internal interfaces (Algorithms 6-8,
// and a caller-supplied mu), on the ring arithmetic of mldsantt.h and the SHAKE of sha3.h.
// Byte strings are exactly FIPS 204's encodings (pkEncode, skEncode, sigEncode). Errors:
//  - a wrong-length seed, rnd, mu, public or secret key, a context over 255 bytes given to Sign, or a secret
//    key whose s1/s2 coefficients are out of [-eta, eta], throws InvalidArgument with a message naming it;
//  - Verify never throws for a bad signature or context: a signature of the wrong length, a malformed hint
//    (indices out of order, over omega, non-zero padding), a z coefficient out of range or a context over 255
//    bytes verifies false. A public key of the wrong length throws.

#include "core/crypto/bytes.h"
#include "core/crypto/mldsantt.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::crypto {

/** @brief The three parameter sets of FIPS 204 Table 1. */
enum class MlDsaParamSet { MlDsa44, MlDsa65, MlDsa87 };

/** @brief FIPS 204 Table 1 and Table 2 for one parameter set. */
struct MlDsaParams {
    MlDsaParamSet set;
    const char* name; ///< "ML-DSA-44", "ML-DSA-65", "ML-DSA-87"
    int k, l;         ///< dimensions of A (k x l)
    int eta, tau, beta, gamma1, gamma2, omega;
    int lambda;              ///< collision strength; c~ is lambda/4 bytes
    int d = 13;              ///< dropped bits of t
    double expectedAttempts; ///< Table 1's expected number of Sign iterations (4.25, 5.1, 3.85)
    std::size_t pkBytes, skBytes, sigBytes; ///< Table 2: 1312/2560/2420, 1952/4032/3309, 2592/4896/4627
};

/** @brief The parameters of a set. */
const MlDsaParams& mldsaParams(MlDsaParamSet set) noexcept;
/** @brief "ML-DSA-44" / "44" / "mldsa-44" (case-insensitive) and the same for 65, 87; nullopt otherwise. */
std::optional<MlDsaParamSet> mldsaParamSetFromName(std::string_view name) noexcept;

/** @brief Which code computes: the spec-shaped reference (the oracle) or the fast path (same bytes). */
enum class MlDsaImpl { Reference, Fast };

/** @brief The pre-hash functions of FIPS 204 section 5.4 (HashML-DSA), named as ACVP names them. */
enum class MlDsaPreHash {
    Sha2_224,
    Sha2_256,
    Sha2_384,
    Sha2_512,
    Sha2_512_224,
    Sha2_512_256,
    Sha3_224,
    Sha3_256,
    Sha3_384,
    Sha3_512,
    Shake128,
    Shake256
};
/** @brief "SHA2-256", "SHA3-512", "SHAKE-128", "SHA2-512/224", ... (ACVP's names); nullopt otherwise. */
std::optional<MlDsaPreHash> mldsaPreHashFromName(std::string_view name) noexcept;
/** @brief ACVP's name of a pre-hash function ("SHA2-256", ...). */
const char* mldsaPreHashName(MlDsaPreHash ph) noexcept;

/** @brief A key pair (pkEncode, skEncode). */
struct MlDsaKeyPair {
    Bytes pk, sk;
};

/** @brief ML-DSA.KeyGen_internal(xi) (Algorithm 6); seed must be 32 bytes. */
MlDsaKeyPair mldsaKeyGen(MlDsaParamSet set, ByteView seed, MlDsaImpl impl = MlDsaImpl::Reference);

/** @brief Why an attempt of Sign's loop was rejected (Algorithm 7 lines 23-29). */
enum class MlDsaRejection {
    None,        ///< accepted: this attempt's signature is the output
    ZNorm,       ///< ||z||inf >= gamma1 - beta
    R0Norm,      ///< ||LowBits(w - c s2)||inf >= gamma2 - beta
    Ct0Norm,     ///< ||c t0||inf >= gamma2
    TooManyHints ///< the number of 1's in h exceeds omega
};
/** @brief "none", "‖z‖∞ ≥ γ1 − β", "‖r0‖∞ ≥ γ2 − β", "‖ct0‖∞ ≥ γ2", "hints > ω". */
const char* mldsaRejectionText(MlDsaRejection r) noexcept;

/** @brief One attempt (iteration kappa/l) of Sign_internal's loop, for the explorer and lessons.
 *  Polynomials are stored with coefficients mod q in [0, q) (centred values v < 0 as v + q). */
struct MlDsaSignAttempt {
    int index = 0;             ///< 1-based attempt number
    int kappa = 0;             ///< the counter kappa at the start of the attempt
    std::vector<MlDsaPoly> y;  ///< ExpandMask(rho'', kappa): l polynomials
    std::vector<MlDsaPoly> w;  ///< w = NTT^-1(A_hat o NTT(y)): k polynomials
    std::vector<MlDsaPoly> w1; ///< HighBits(w): k polynomials (values 0..(q-1)/(2 gamma2) - 1)
    Bytes cTilde;              ///< H(mu || w1Encode(w1), lambda/4)
    MlDsaPoly c{};             ///< SampleInBall(c~)
    std::vector<MlDsaPoly> z;  ///< z = y + c s1: l polynomials
    std::int32_t zNorm = 0;    ///< ||z||inf
    std::int32_t r0Norm = -1;  ///< ||LowBits(w - c s2)||inf (Algorithm 7 computes it in every attempt)
    std::int32_t ct0Norm = -1; ///< ||c t0||inf (-1 when z or r0 already rejected the attempt)
    int hints = -1;            ///< number of 1's in h (-1 when z or r0 already rejected the attempt)
    MlDsaRejection rejection = MlDsaRejection::None;
};

/** @brief What Sign_internal computed, step by step: the expanded key, mu, rho'' and every attempt. */
struct MlDsaSignTrace {
    std::vector<MlDsaPoly> aHat; ///< ExpandA(rho): k*l polynomials, row-major (A_hat[r][s] at r*l + s)
    std::vector<MlDsaPoly> s1, s2, t0;
    Bytes mu;            ///< 64 bytes
    Bytes rhoPrimePrime; ///< 64 bytes (rho'')
    std::vector<MlDsaSignAttempt> attempts;
};

/** @brief A signature and the number of loop iterations that produced it. */
struct MlDsaSignature {
    Bytes sig;
    int attempts = 0;
};

/** @brief ML-DSA.Sign_internal(sk, M', rnd) (Algorithm 7): M' is the formatted message (any bytes); rnd is 32
 *  bytes (all zero for the deterministic variant). Fills `trace` when given. */
MlDsaSignature mldsaSignInternal(MlDsaParamSet set, ByteView sk, ByteView mPrime, ByteView rnd,
                                 MlDsaImpl impl = MlDsaImpl::Reference, MlDsaSignTrace* trace = nullptr);
/** @brief Sign_internal with a caller-supplied mu (64 bytes) instead of H(tr || M'). */
MlDsaSignature mldsaSignMu(MlDsaParamSet set, ByteView sk, ByteView mu, ByteView rnd,
                           MlDsaImpl impl = MlDsaImpl::Reference, MlDsaSignTrace* trace = nullptr);
/** @brief ML-DSA.Sign(sk, M, ctx) (Algorithm 2) with the given rnd (32 bytes; zeros = deterministic). */
MlDsaSignature mldsaSign(MlDsaParamSet set, ByteView sk, ByteView msg, ByteView ctx, ByteView rnd,
                         MlDsaImpl impl = MlDsaImpl::Reference, MlDsaSignTrace* trace = nullptr);
/** @brief HashML-DSA.Sign(sk, M, ctx, PH) (Algorithm 4) with the given rnd. */
MlDsaSignature mldsaHashSign(MlDsaParamSet set, ByteView sk, ByteView msg, ByteView ctx, MlDsaPreHash ph,
                             ByteView rnd, MlDsaImpl impl = MlDsaImpl::Reference);

/** @brief ML-DSA.Verify_internal(pk, M', sigma) (Algorithm 8). */
bool mldsaVerifyInternal(MlDsaParamSet set, ByteView pk, ByteView mPrime, ByteView sig,
                         MlDsaImpl impl = MlDsaImpl::Reference);
/** @brief Verify_internal with a caller-supplied mu (64 bytes). */
bool mldsaVerifyMu(MlDsaParamSet set, ByteView pk, ByteView mu, ByteView sig,
                   MlDsaImpl impl = MlDsaImpl::Reference);
/** @brief ML-DSA.Verify(pk, M, sigma, ctx) (Algorithm 3). */
bool mldsaVerify(MlDsaParamSet set, ByteView pk, ByteView msg, ByteView ctx, ByteView sig,
                 MlDsaImpl impl = MlDsaImpl::Reference);
/** @brief HashML-DSA.Verify(pk, M, sigma, ctx, PH) (Algorithm 5). */
bool mldsaHashVerify(MlDsaParamSet set, ByteView pk, ByteView msg, ByteView ctx, MlDsaPreHash ph,
                     ByteView sig, MlDsaImpl impl = MlDsaImpl::Reference);

/** @brief mu = H(tr || M', 64) with tr = H(pk, 64) (Algorithm 7 line 6 / Algorithm 8 line 7); pk checked. */
Bytes mldsaMu(MlDsaParamSet set, ByteView pk, ByteView mPrime);
/** @brief M' of the pure interface: 0 || |ctx| || ctx || M; ctx over 255 bytes throws. */
Bytes mldsaFormatMessage(ByteView msg, ByteView ctx);
/** @brief M' of HashML-DSA: 1 || |ctx| || ctx || OID(PH) || PH(M); ctx over 255 bytes throws. */
Bytes mldsaFormatPreHashMessage(ByteView msg, ByteView ctx, MlDsaPreHash ph);

} // namespace rs::crypto
