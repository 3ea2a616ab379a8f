#pragma once
// The algorithm registry: every cipher model reachable by the id the CLI, campaigns and GUI use
// ("ascon-128", "lea-128-gcm", "skinny-128-256", ...), with its exact display name and sizes, and what the
// other layers need of it (algorithminfo.h: the explorer's inputs and examples, the official vector files,
// the trace layout, the analysis' sizes and fast path). One table, so every front end accepts the same ids
// and checks inputs the same way, and no layer keeps an id table of its own.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/aead.h"
#include "core/crypto/asconaead.h"
#include "core/crypto/blockcipher.h"
#include "core/crypto/mldsa.h"
#include "core/crypto/mldsantt.h"
#include "core/crypto/trace.h"
#include "core/oracle/algorithminfo.h"

namespace rs::oracle {

using crypto::Bytes;
using crypto::ByteView;

/** @brief A permutation (Ascon-p): a state in, the same state permuted out, a round count. */
struct PermutationAlgorithm : AlgorithmInfo {
    std::size_t stateBytes = 0;
    int standardRounds = 0;
    /** @brief Permutes the state with `rounds` rounds (0 = standard) and appends its spec steps to trace;
     *  throws crypto::InvalidArgument for a state of the wrong size. */
    std::function<Bytes(ByteView state, int rounds, crypto::Trace&)> permuteTraced;
};

/** @brief An AEAD scheme: fixed key, nonce and tag sizes. */
struct AeadAlgorithm : AlgorithmInfo {
    std::size_t keyBytes = 16, nonceBytes = 16, tagBytes = 16;
    std::optional<crypto::AsconAeadVariant> ascon; ///< the Ascon variant this row is; empty otherwise
    std::function<crypto::AeadResult(ByteView key, ByteView nonce, ByteView ad, ByteView pt)> encrypt;
    std::function<std::optional<Bytes>(ByteView key, ByteView nonce, ByteView ad, ByteView ct, ByteView tag)>
        decrypt;
    /** @brief Traced encryption; empty when the scheme has no step trace (GCM traces its block cipher). */
    std::function<crypto::AeadResult(ByteView key, ByteView nonce, ByteView ad, ByteView pt, crypto::Trace&)>
        encryptTraced;

    /** @brief Encryption into the caller's buffers (ct: |pt| bytes, tag: tagBytes), allocating nothing;
     *  empty when the scheme has none. The cpu target's fast path (cpu.impl = fast). */
    std::function<void(ByteView key, ByteView nonce, ByteView ad, ByteView pt, std::span<std::uint8_t> ct,
                       std::span<std::uint8_t> tag)>
        encryptInto;
    /** @brief Decryption into the caller's buffer (pt: |ct| bytes): true when the tag verifies, false
     *  with pt zeroed when it does not; empty when the scheme has none. */
    std::function<bool(ByteView key, ByteView nonce, ByteView ad, ByteView ct, ByteView tag,
                       std::span<std::uint8_t> pt)>
        decryptInto;

    /** @brief Throws crypto::InvalidArgument naming key/nonce/tag when a length is wrong. */
    void checkSizes(ByteView key, ByteView nonce, std::optional<ByteView> tag = std::nullopt) const;
};

/** @brief A block cipher with one key size; make() runs the key schedule. */
struct BlockAlgorithm : AlgorithmInfo {
    std::size_t keyBytes = 0; ///< key (LEA) or whole tweakey (SKINNY) length
    std::size_t blockBytes = 0;
    int standardRounds = 0;
    /** @brief Builds the keyed cipher; rounds 0 = standard, else 1..standardRounds. */
    std::function<std::unique_ptr<crypto::TracedBlockCipher>(ByteView key, int rounds)> make;
    /** @brief Official vector files of the CTR mode (vectorFiles holds the block/ECB records). */
    std::vector<std::string> ctrVectorFiles;
    /** @brief Throws crypto::InvalidArgument naming "key" when its length is wrong. */
    void checkKey(ByteView key) const;
};

/** @brief A hash or XOF. */
struct HashAlgorithm : AlgorithmInfo {
    bool extendable = false; ///< XOF: any output length
    std::size_t defaultOutBytes = 32;
    std::function<Bytes(ByteView msg, std::size_t outBytes)> hash;
    /** @brief The same function through a fast path, the same bytes (the FIPS 202 rows: the fast
     *  Keccak-f[1600] of keccakfast.h); empty when the row has none. `hash` stays the model, the oracle's. */
    std::function<Bytes(ByteView msg, std::size_t outBytes)> hashFast;
};

/** @brief The four ML-DSA ring operations of FIPS 204 section 7.5. */
enum class MlDsaKind { Ntt, InverseNtt, MultiplyNtt, AddNtt };

/** @brief An ML-DSA ring operation on whole polynomials of R_q (q = 8380417, n = 256): one operand
 *  (NTT, NTT^-1) or two (MultiplyNTT, AddNTT). Its inputs and output are laid out in oracle::Inputs as
 *  operation.h says. */
struct MlDsaAlgorithm : AlgorithmInfo {
    MlDsaKind kind = MlDsaKind::Ntt;
    bool twoOperands = false; ///< MultiplyNTT and AddNTT
    /** @brief The one-operand transforms (NTT, NTT⁻¹): one polynomial (1024 bytes, coefficients < q) in, the
     *  result out, the steps appended to trace at that detail; empty for the two-operand operations.
     *  Throws crypto::InvalidArgument for a coefficient ≥ q. */
    std::function<Bytes(ByteView poly, crypto::Trace&, crypto::MlDsaTraceDetail)> transformTraced;
};

/** @brief The three operations of the ML-DSA signature scheme (FIPS 204 Algorithms 6-8). */
enum class MlDsaSchemeKind { KeyGen, Sign, Verify };

/** @brief An ML-DSA scheme operation of one parameter set ("mldsa-44-keygen", "mldsa-65-sign", ...): a
 *  campaign operation, judged by the reference model (core/oracle/mldsascheme.h says what its inputs,
 *  outputs and repeats are). Not analysed and not in allAlgorithms(); the signing rows carry explorer inputs
 *  (mldsasignexplorer.h): the Round Explorer steps their rejection loop (core/teach/mldsasignsteps.h). Its
 *  rows are in core/oracle/mldsaschemerows.cpp. */
struct MlDsaSchemeAlgorithm : AlgorithmInfo {
    MlDsaSchemeKind kind = MlDsaSchemeKind::KeyGen;
    crypto::MlDsaParamSet set = crypto::MlDsaParamSet::MlDsa44;
    /** The one message size a run of it has, whatever sizes the campaign lists (key generation: 32, the
     *  seed xi it consumes); nullopt: the campaign's message sizes (sign, verify: the message M). */
    std::optional<std::uint64_t> fixedMessageBytes;
};

const std::vector<PermutationAlgorithm>& permutationAlgorithms();
const std::vector<AeadAlgorithm>& aeadAlgorithms();
const std::vector<BlockAlgorithm>& blockAlgorithms();
const std::vector<HashAlgorithm>& hashAlgorithms();

/** @brief Lookup by id; nullptr when unknown. */
const PermutationAlgorithm* findPermutation(std::string_view id);
const AeadAlgorithm* findAead(std::string_view id);
const BlockAlgorithm* findBlock(std::string_view id);
const HashAlgorithm* findHash(std::string_view id);
const MlDsaAlgorithm* findMlDsa(std::string_view id);
const std::vector<MlDsaAlgorithm>& mldsaAlgorithms();
/** @brief The ML-DSA scheme operations: keygen, sign, verify of ML-DSA-44, -65 and -87. */
const std::vector<MlDsaSchemeAlgorithm>& mldsaSchemeAlgorithms();
const MlDsaSchemeAlgorithm* findMlDsaScheme(std::string_view id);

/** @brief The ids of one table joined with ", " (for error messages). */
std::string joinIds(const std::vector<std::string>& ids);
std::vector<std::string> aeadIds();
std::vector<std::string> blockIds();
std::vector<std::string> hashIds();
std::vector<std::string> mldsaIds();
std::vector<std::string> mldsaSchemeIds();

/** @brief Which table a row is in. */
enum class AlgorithmKind { Permutation, Aead, Block, Hash, MlDsa };

/** @brief One row of any table: its shared part and the typed row (exactly the one of its kind is set). */
struct AlgorithmRef {
    AlgorithmKind kind = AlgorithmKind::Block;
    const AlgorithmInfo* info = nullptr;
    const PermutationAlgorithm* permutation = nullptr;
    const AeadAlgorithm* aead = nullptr;
    const BlockAlgorithm* block = nullptr;
    const HashAlgorithm* hash = nullptr;
    const MlDsaAlgorithm* mldsa = nullptr;
};

/** @brief Every row of every table, in registry order: permutations, AEAD schemes, block ciphers, hashes,
 *  ML-DSA operations. The explorer and the analysis list their algorithms in this order. */
const std::vector<AlgorithmRef>& allAlgorithms();
/** @brief Lookup in every table; nullptr when unknown. */
const AlgorithmRef* findAlgorithm(std::string_view id);
/** @brief The id of every row of every table, in registry order. */
std::vector<std::string> allIds();

} // namespace rs::oracle
