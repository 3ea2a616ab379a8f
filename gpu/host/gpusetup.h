#pragma once
// Host side of the CUDA back end, plain C++ over rs_crypto and rs_oracle: the kernel variants, the tables and
// round keys the kernels read (built from the C++ models, so a wrong table shows up in the host tests), the
// oracle's reference output of a launch, and the CPU emulation of every variant's launch (the same thread
// function the kernel runs, for every thread index).

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/oracle/operation.h"
#include "gpu/device/lea.h"
#include "gpu/device/skinny128.h"

namespace rs::gpu {

/** @brief SKINNY-128's tables and round keys as the kernels read them (see gpu/device/skinny128.h). */
struct SkinnyTables {
    std::uint32_t t[4][256];               ///< T-tables T0..T3
    std::uint32_t sbox[256];               ///< S8, one word per entry
    std::uint32_t rc[kSkinnyMaxRounds][4]; ///< RC' per round and column
    std::uint32_t tk[kSkinnyMaxRounds][4]; ///< TK' per round and column
    std::uint32_t k[kSkinnyMaxRounds][4];  ///< K' = RC' ^ TK'
    int rounds = 0;
};

/** @brief Tables for a SKINNY-128 tweakey (16, 32 or 48 bytes: SKINNY-128-128/256/384). Throws
 *  crypto::InvalidArgument for another length. */
SkinnyTables makeSkinnyTables(crypto::ByteView tweakey);

/** @brief LEA round keys (LEA-128/192/256 by key length; throws crypto::InvalidArgument otherwise). */
struct LeaSchedule {
    std::uint32_t rk[kLeaMaxRounds][6];
    int rounds = 0;
};
LeaSchedule makeLeaSchedule(crypto::ByteView key);

/** @brief One selectable kernel: a row of the back end's kernel table (variants()), its capability
 *  declaration: the operation each device kernel computes. */
struct Variant {
    std::string algorithm;   ///< "skinny-128-256-ecb", "skinny-128-256-ctr", "lea-128-ctr", "ascon-aead128"
    std::string id;          ///< "paper", "shared-tables", "shared-sbox", "shared-sbox-x4", ...
    int blocksPerThread = 1; ///< 16-byte blocks per thread (block modes); messages per thread (AEAD): 1
    int threadsPerBlock = 512;
    std::string description;
};

/** @brief Every variant, baseline first for each algorithm. */
const std::vector<Variant>& variants();
/** @brief The variant, or nullptr. */
const Variant* findVariant(std::string_view algorithm, std::string_view id);
/** @brief The algorithms with kernels. */
std::vector<std::string> gpuAlgorithms();
/** @brief Whether a launch of the kernel is `messages` whole messages, one per thread, each under its own
 *  nonce (LaunchInputs), rather than the blocks of one message: an AEAD's kernels (the registry says which
 *  operations are AEADs). */
bool launchesMessages(const Variant& v);
/** @brief The same for an algorithm's kernels; false for an algorithm the registry does not know. */
bool launchesMessages(std::string_view algorithm);

/** @brief The inputs of one launch. Block modes: key, iv (CTR), message. AEAD: key, nonce, ad and
 *  `messages` messages of message.size() bytes each: message i is `message` under nonce + i (big-endian),
 *  so message 0 is exactly the given one. */
struct LaunchInputs {
    crypto::Bytes key, iv, ad, message;
    std::uint64_t messages = 1;
};

/** @brief The oracle operation a launch computes (core/oracle): the variant's algorithm, or for a block
 *  kernel given another key size of its cipher (LEA-192, SKINNY-128-384, ...) that cipher's operation. */
oracle::Operation launchOperation(const Variant& v, crypto::ByteView key);

/** @brief What the kernels must produce: the oracle's reference output (oracle::referenceOutput) of every
 *  message of the launch: the ciphertext (block modes), or per message ciphertext‖tag concatenated (AEAD).
 *  Throws crypto::InvalidArgument for bad block-mode sizes (ECB needs whole blocks, CTR a 16-byte IV),
 *  oracle::OracleError for other bad inputs. */
crypto::Bytes referenceOutput(const Variant& v, const LaunchInputs& in);

/** @brief Runs the variant's thread function for every thread index on the CPU (what the kernel does,
 *  minus the device memory it reads tables from). Same output format as referenceOutput. */
crypto::Bytes emulateLaunch(const Variant& v, const LaunchInputs& in);

/** @brief The nonce of message i: nonce + i as a big-endian 128-bit integer. */
std::array<std::uint8_t, 16> messageNonce(crypto::ByteView nonce, std::uint64_t i);

} // namespace rs::gpu
