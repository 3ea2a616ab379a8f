#pragma once
// The byte-level interface every block cipher model offers, so modes (ECB, CTR, GCM) and the
// test harness serve LEA and all SKINNY sizes alike.

#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace rs::crypto {

/** @brief A keyed block cipher: key schedule done at construction, blocks processed in place-safe. */
class BlockCipher {
  public:
    virtual ~BlockCipher() = default;
    /** @brief Block size in bytes (8 or 16). */
    virtual std::size_t blockSize() const noexcept = 0;
    /** @brief Exact variant name, e.g. "LEA-128", "SKINNY-128-256". */
    virtual std::string name() const = 0;
    /** @brief Encrypts one block; in and out may alias. */
    virtual void encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept = 0;
    /** @brief Decrypts one block; in and out may alias. */
    virtual void decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept = 0;
};

/** @brief A block cipher model that can also report its spec steps (LEA, SKINNY). Modes and test
 *  doubles need only BlockCipher; the Round Explorer and `trace` need this. */
class TracedBlockCipher : public BlockCipher {
  public:
    /** @brief Encrypts one block and appends its spec steps to `trace` (sets trace.layout). */
    virtual void encryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const = 0;
    /** @brief Decrypts one block and appends its spec steps to `trace` (sets trace.layout). */
    virtual void decryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const = 0;
    /** @brief Encrypts one block, reporting the same spec steps to any observer (the analysis' round
     *  capture) without a Trace of its own. */
    virtual void encryptBlockObserved(const std::uint8_t* in, std::uint8_t* out, StepSink& sink) const = 0;
    /** @brief How to draw this cipher's state. */
    virtual StateLayout stateLayout() const = 0;
};

} // namespace rs::crypto
