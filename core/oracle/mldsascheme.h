#pragma once
// The ML-DSA signature scheme as campaign operations ("mldsa-44-keygen", "mldsa-65-sign", "mldsa-87-verify",
// rows in mldsaschemerows.cpp): what a run's inputs are, what each output must be, and the judge of each
// output against the reference model (core/crypto/mldsa.h, MlDsaImpl::Reference). Plain C++ over rs_crypto.
//
// A run's inputs (oracle::Inputs, from makeInputs as for every operation; nonce and ad stay empty):
//  - keygen: `message` is the seed xi (32 bytes; the run's message size is always 32, fixedMessageBytes);
//  - sign, verify: `key` is the seed xi of the run's key pair (32 bytes, the same for every output of the
//    run) and `message` the message M (the run's message size; any length, 0 included).
// Every output of a run is its own case: output k (0-based, in the order the runner hands them to the judge,
// warm-ups included) is case k, whose seed (keygen) or message (sign, verify) is the run's plus k, as a
// big-endian integer over the whole field (wrapping; an empty message stays empty). So the repeats of a run
// generate different keys and sign different messages (sign's attempts vary), and every back end computes
// the same cases in the same order. Signing is deterministic (rnd = 0) with an empty context.
// What a case's output is:
//  - keygen: pk || sk (pkEncode, skEncode) of KeyGen_internal(xi_k);
//  - sign: the signature sigma of M_k (sigEncode);
//  - verify: two bytes: Verify's answer (1 accepted, 0 refused) for the signature of M_k, then its answer for
//    that signature with one bit of c~ flipped (mldsaMutatedSignature): 01 00 when the verifier is right.
// The judge holds keygen and sign outputs to the reference model's bytes, requires every signature to verify
// under the model, and a verify output to be the model's own answers (it accepts the genuine signature and
// refuses the mutated one).

#include <cstddef>
#include <cstdint>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsa.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"

namespace rs::oracle {

/** @brief Bytes of the seed xi (FIPS 204 Algorithm 6): key generation's one input and its message size. */
inline constexpr std::uint64_t kMlDsaSeedBytes = 32;

/** @brief What case k of a run computes. */
struct MlDsaSchemeCase {
    crypto::Bytes seed;    ///< keygen: xi_k; sign, verify: the key pair's seed (the run's key)
    crypto::Bytes message; ///< sign, verify: M_k; keygen: empty
};

/** @brief The inputs of a run checked: OracleError naming the field for a seed that is not 32 bytes, a
 *  keygen key, a nonce or associated data. */
void checkMlDsaSchemeInputs(const MlDsaSchemeAlgorithm& alg, const Inputs& run);
/** @brief Case k of the run (see the file comment); OracleError as checkMlDsaSchemeInputs. */
MlDsaSchemeCase mldsaSchemeCase(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k);
/** @brief The signature a verify case flips a bit of: bit k % 8 of byte k % |c~| (c~, the commitment hash,
 *  opens sigma), so Verify does all its work and then finds c~ differs. */
crypto::Bytes mldsaMutatedSignature(crypto::ByteView sig, crypto::MlDsaParamSet set, std::size_t k);

/** @brief The reference model's output of case k (see the file comment). */
crypto::Bytes mldsaSchemeReference(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k);

/** @brief Judges output `output` as case k of the run; the message names the case and what is wrong ("case
 *  3: the signature does not verify under the reference model; output byte 7 is ..."). */
Verdict judgeMlDsaSchemeOutput(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k,
                               crypto::ByteView output);

/** @brief Makes the judge take every output of the run as its own case (OutputJudge::judgeEachCase), judged
 *  by judgeMlDsaSchemeOutput; the key pair of a sign or verify run is computed once. */
void judgeMlDsaSchemeRun(OutputJudge& judge, const MlDsaSchemeAlgorithm& alg, const Inputs& run);

} // namespace rs::oracle
