#pragma once
// The algorithm registry: every cipher model reachable by the id the CLI, campaigns and GUI use
// ("ascon-128", "lea-128-gcm", "skinny-128-256", ...), with its exact display name and sizes.
// One table, so every front end accepts the same ids and checks inputs the same way.

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/aead.h"
#include "core/crypto/blockcipher.h"
#include "core/crypto/trace.h"

namespace rs::oracle {

using crypto::Bytes;
using crypto::ByteView;

/** @brief An AEAD scheme: fixed key, nonce and tag sizes. */
struct AeadAlgorithm {
    std::string id;          ///< CLI id, e.g. "ascon-aead128"
    std::string displayName; ///< exact variant name, e.g. "Ascon-AEAD128 (SP 800-232)"
    std::size_t keyBytes = 16, nonceBytes = 16, tagBytes = 16;
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
struct BlockAlgorithm {
    std::string id;           ///< e.g. "lea-128", "skinny-64-192"
    std::string displayName;  ///< e.g. "LEA-128", "SKINNY-64-192"
    std::size_t keyBytes = 0; ///< key (LEA) or whole tweakey (SKINNY) length
    std::size_t blockBytes = 0;
    int standardRounds = 0;
    /** @brief Builds the keyed cipher; rounds 0 = standard, else 1..standardRounds. */
    std::function<std::unique_ptr<crypto::TracedBlockCipher>(ByteView key, int rounds)> make;
    /** @brief Throws crypto::InvalidArgument naming "key" when its length is wrong. */
    void checkKey(ByteView key) const;
};

/** @brief A hash or XOF. */
struct HashAlgorithm {
    std::string id; ///< e.g. "ascon-hash256"
    std::string displayName;
    bool extendable = false; ///< XOF: any output length
    std::size_t defaultOutBytes = 32;
    std::function<Bytes(ByteView msg, std::size_t outBytes)> hash;
};

/** @brief The four ML-DSA ring operations of FIPS 204 section 7.5. */
enum class MlDsaKind { Ntt, InverseNtt, MultiplyNtt, AddNtt };

/** @brief An ML-DSA ring operation on whole polynomials of R_q (q = 8380417, n = 256): one operand
 *  (NTT, NTT^-1) or two (MultiplyNTT, AddNTT). Its inputs and output are laid out in oracle::Inputs as
 *  operation.h says. */
struct MlDsaAlgorithm {
    std::string id;          ///< "mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"
    std::string displayName; ///< e.g. "ML-DSA NTT (FIPS 204 Algorithm 41)"
    MlDsaKind kind = MlDsaKind::Ntt;
    bool twoOperands = false; ///< MultiplyNTT and AddNTT
};

const std::vector<AeadAlgorithm>& aeadAlgorithms();
const std::vector<BlockAlgorithm>& blockAlgorithms();
const std::vector<HashAlgorithm>& hashAlgorithms();

/** @brief Lookup by id; nullptr when unknown. */
const AeadAlgorithm* findAead(std::string_view id);
const BlockAlgorithm* findBlock(std::string_view id);
const HashAlgorithm* findHash(std::string_view id);
const MlDsaAlgorithm* findMlDsa(std::string_view id);
const std::vector<MlDsaAlgorithm>& mldsaAlgorithms();

/** @brief The ids of one table joined with ", " (for error messages). */
std::string joinIds(const std::vector<std::string>& ids);
std::vector<std::string> aeadIds();
std::vector<std::string> blockIds();
std::vector<std::string> hashIds();
std::vector<std::string> mldsaIds();

} // namespace rs::oracle
