#pragma once
// What every back end computes, named once: an operation is an AEAD scheme ("ascon-aead128") or a block
// cipher in a mode ("lea-128-ctr", "skinny-128-256-ecb"). For each, the deterministic inputs of a point
// (the same bytes for every back end of a campaign) and the reference output the C++ model gives, which
// verify() (oracle.h) holds every back end's output to. Plain C++ over rs_crypto.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/oracle/algorithms.h"

namespace rs::oracle {

/** @brief An operation the oracle cannot name or compute (unknown id, ECB on a partial block, a wrong key
 *  size); the message says which and why. */
class OracleError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief An operation id resolved: an AEAD scheme, or a block cipher and its mode. */
struct Operation {
    std::string id;
    const AeadAlgorithm* aead = nullptr;
    const BlockAlgorithm* block = nullptr;
    bool ctr = false; ///< block cipher: CTR (else ECB)
};

/** @brief The operation of an id; nullopt when the id names none. */
std::optional<Operation> findOperation(std::string_view id);
/** @brief The operation of an id; OracleError "unknown algorithm 'x'" when it names none. */
Operation operation(std::string_view id);
/** @brief Every operation id: the AEAD ids, then every block cipher with "-ecb" and "-ctr". */
std::vector<std::string> operationIds();

/** @brief The inputs of one point: key (or whole tweakey), nonce (or CTR's initial counter block; empty
 *  for ECB), associated data (AEAD only) and message. */
struct Inputs {
    crypto::Bytes key, nonce, ad, message;
};

/** @brief Deterministic inputs of a point: key/nonce sized for the operation, bytes from a fixed
 *  generator seeded by the operation and the sizes (not by the back end, so every back end encrypts the
 *  same bytes). OracleError for an unknown operation. */
Inputs makeInputs(std::string_view operation, std::uint64_t messageBytes, std::uint64_t adBytes);
/** @brief The same sizes filled from `seed` instead (random inputs for conformance tests). */
Inputs randomInputs(const Operation& op, std::uint64_t messageBytes, std::uint64_t adBytes,
                    std::uint64_t seed);

/** @brief The C++ model's output of the inputs: ciphertext‖tag (AEAD) or the ciphertext (ECB, CTR with the
 *  whole counter block incremented as a big-endian integer). OracleError for ECB on a partial block or
 *  inputs of the wrong size. */
crypto::Bytes referenceOutput(const Operation& op, const Inputs& inputs);

} // namespace rs::oracle
