#pragma once
// The cpu target's fast many-block paths for ECB and CTR (issue 20): SkinnyFast (bitsliced, SKINNY-128)
// and LeaFast (SSE2/AVX2, LEA-128/192/256) behind one interface, chosen by cpu.impl = fast (default) |
// reference. A block cipher without a fast path runs its reference code under either value.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "core/crypto/bytes.h"

namespace rs::campaign {

/** @brief Many blocks at once under one key. */
class FastBlocks {
  public:
    virtual ~FastBlocks() = default;
    /** @brief ECB over `blocks` whole blocks (in == out allowed). */
    virtual void ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const = 0;
    /** @brief ECB decryption over `blocks` whole blocks (in == out allowed). */
    virtual void ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const = 0;
    /** @brief out = in XOR E(counter + k) for k = 0.. (the block-wide big-endian counter), `bytes` long. */
    virtual void ctr(const std::uint8_t* counter, const std::uint8_t* in, std::uint8_t* out,
                     std::size_t bytes) const = 0;
    /** @brief The instruction set it runs on ("avx512", "avx2", "sse2", "portable"). */
    virtual std::string isa() const = 0;
};

/** @brief An AEAD on its fast path under one key (the key schedule done once per run). */
class FastAead {
  public:
    virtual ~FastAead() = default;
    /** @brief ct (|pt| bytes) and tag into the caller's buffers, allocating nothing. */
    virtual void encrypt(crypto::ByteView nonce, crypto::ByteView ad, crypto::ByteView pt,
                         std::span<std::uint8_t> ct, std::span<std::uint8_t> tag) const = 0;
    /** @brief The plaintext, or nullopt when the tag does not verify (nothing decrypted then). */
    virtual std::optional<crypto::Bytes> decrypt(crypto::ByteView nonce, crypto::ByteView ad,
                                                 crypto::ByteView ct, crypto::ByteView tag) const = 0;
    /** @brief The instruction sets it runs on ("avx2+pclmul", ...). */
    virtual std::string isa() const = 0;
};

/** @brief The keyed fast path of a registry AEAD, the one its row names (oracle::CpuFastPath::LeaGcm);
 *  nullptr when it has none (the Ascon AEADs need no key schedule and run through
 *  oracle::AeadAlgorithm::encryptInto). crypto::InvalidArgument for a key the cipher refuses. */
std::unique_ptr<FastAead> makeFastAead(const std::string& aeadId, crypto::ByteView key);

/** @brief The fast path of a registry block cipher under `key`, the one its row names
 *  (oracle::CpuFastPath::LeaBlocks, SkinnyBlocks); nullptr when it has none. crypto::InvalidArgument for a
 *  key the cipher refuses. */
std::unique_ptr<FastBlocks> makeFastBlocks(const std::string& blockId, crypto::ByteView key);

/** @brief The instruction sets the fast paths use on this machine: skinny.fast_isa, lea.fast_isa,
 *  ghash.fast_isa. */
std::map<std::string, std::string> cpuFastBlockProvenance();

} // namespace rs::campaign
