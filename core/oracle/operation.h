#pragma once
// What every back end computes, named once: an operation is an AEAD scheme ("ascon-aead128"), a block
// cipher in a mode ("lea-128-ctr", "skinny-128-256-ecb") or an ML-DSA ring operation ("mldsa-ntt"). For each,
// the deterministic inputs of a point (the same bytes for every back end of a campaign) and the reference
// output the C++ model gives, which verify() (oracle.h) holds every back end's output to. Plain C++ over
// rs_crypto.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsantt.h"
#include "core/oracle/algorithms.h"

namespace rs::oracle {

/** @brief An operation the oracle cannot name or compute (unknown id, ECB on a partial block, a wrong key
 *  size); the message says which and why. */
class OracleError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief An operation id resolved: an AEAD scheme, a block cipher and its mode, an ML-DSA ring operation
 *  or an ML-DSA scheme operation (exactly one of aead, block, mldsa, mldsaScheme is set). */
struct Operation {
    std::string id;
    const AeadAlgorithm* aead = nullptr;
    const BlockAlgorithm* block = nullptr;
    bool ctr = false;                      ///< block cipher: CTR (else ECB)
    const MlDsaAlgorithm* mldsa = nullptr; ///< ML-DSA ring operation ("mldsa-ntt", ...)
    /// ML-DSA scheme operation ("mldsa-44-sign", ...; its inputs, outputs and judge: mldsascheme.h)
    const MlDsaSchemeAlgorithm* mldsaScheme = nullptr;
};

/** @brief The operation of an id; nullopt when the id names none. */
std::optional<Operation> findOperation(std::string_view id);
/** @brief The operation of an id; OracleError "unknown algorithm 'x'" when it names none. */
Operation operation(std::string_view id);
/** @brief Every operation id: the AEAD ids, then every block cipher with "-ecb" and "-ctr", then the
 *  ML-DSA ring operations, then the ML-DSA scheme operations. */
std::vector<std::string> operationIds();

/** @brief The inputs of one point: key (or whole tweakey), nonce (or CTR's initial counter block; empty
 *  for ECB), associated data (AEAD only) and message.
 *
 *  ML-DSA ring operations: `message` holds k >= 1 first operands a_1..a_k and `key` the k second
 *  operands b_1..b_k (MultiplyNTT, AddNTT; empty for NTT and NTT^-1), each polynomial 1024 bytes (256
 *  big-endian 32-bit coefficients in [0, q), crypto::mldsaPolyToBytes). The point's message size is
 *  therefore k x 1024 bytes (any other size is an OracleError); its AD size is ignored (as for the block
 *  modes) and nonce and ad stay empty. The output is the k results a_i op b_i, 1024 bytes each. */
struct Inputs {
    crypto::Bytes key, nonce, ad, message;
};
// ML-DSA scheme operations ("mldsa-44-keygen", "mldsa-65-sign", ...): the seed and message layout, the
// output of each repeat and its judge are in mldsascheme.h; makeInputs fills them from the same generator.

/** @brief The message sizes a run of the operation takes from a campaign's list: the list itself, or the
 *  one size an operation always runs at (ML-DSA key generation: its 32-byte seed). */
std::vector<std::uint64_t> runMessageSizes(std::string_view operation,
                                           const std::vector<std::uint64_t>& listed);

/** @brief Deterministic inputs of a point: key/nonce sized for the operation, bytes from a fixed
 *  generator seeded by the operation and the sizes (not by the back end, so every back end encrypts the
 *  same bytes); ML-DSA coefficients uniform in [0, q). OracleError for an unknown operation, and for an
 *  ML-DSA message size that is not a positive multiple of 1024. */
Inputs makeInputs(std::string_view operation, std::uint64_t messageBytes, std::uint64_t adBytes);
/** @brief The same sizes filled from `seed` instead (random inputs for conformance tests). */
Inputs randomInputs(const Operation& op, std::uint64_t messageBytes, std::uint64_t adBytes,
                    std::uint64_t seed);

/** @brief The C++ model's output of the inputs: ciphertext‖tag (AEAD), the ciphertext (ECB, CTR with the
 *  whole counter block incremented as a big-endian integer) or the result polynomials (ML-DSA, from
 *  core/crypto/mldsantt.h); for an ML-DSA scheme operation the answer of the run's first output (case 0,
 *  mldsascheme.h: each output is its own case). OracleError for ECB on a partial block or inputs of the
 *  wrong size. */
crypto::Bytes referenceOutput(const Operation& op, const Inputs& inputs);

/** @brief Bytes of one ML-DSA polynomial in Inputs and outputs. */
inline constexpr std::size_t kMlDsaPolyBytes = 4 * crypto::kMlDsaN;

/** @brief How many polynomials an ML-DSA message of `messageBytes` holds; OracleError ("mldsa-ntt: the
 *  message is 1000 bytes, not a positive multiple of 1024 (one polynomial: 256 coefficients of 4 bytes)")
 *  for any other size. */
std::size_t mldsaPolynomialCount(const MlDsaAlgorithm& alg, std::uint64_t messageBytes);
/** @brief The operands of an ML-DSA point, checked: a (from message) and b (from key, two-operand
 *  operations only; same count). OracleError naming the field, the polynomial and the coefficient for a
 *  wrong size or a coefficient >= q. */
struct MlDsaOperands {
    std::vector<crypto::MlDsaPoly> a, b;
};
MlDsaOperands mldsaOperands(const MlDsaAlgorithm& alg, const Inputs& inputs);
/** @brief The reference model's result of one polynomial (b ignored for one-operand operations). */
crypto::MlDsaPoly mldsaReference(const MlDsaAlgorithm& alg, const crypto::MlDsaPoly& a,
                                 const crypto::MlDsaPoly& b);

} // namespace rs::oracle
