#pragma once
// SKINNY-128 fast path for many blocks: bitsliced ECB (both directions) and CTR with the same results as
// class Skinny (core/crypto/skinny.h), which stays the reference and the faster choice for one or two blocks.
//
// Implementations ("ISAs"), chosen at run time:
//  * portable: 16 blocks per batch, each bit-plane a uint64 (every compiler and CPU);
//  * avx2: 64 blocks per batch, each bit-plane a 256-bit register (x86 with AVX2, built with -mavx2 in
//    its own file and called only when the CPU reports AVX2);
//  * avx512: 128 blocks per batch, each bit-plane a 512-bit register, vpternlogq in the S-box (x86 with
//    AVX-512F, built with -mavx512f in its own file, called only when the CPU reports AVX-512F).
// Both are table-free and branch-free on key and data (constant time). Batches shorter than the
// implementation's size are padded; a tail of a few blocks goes through the T-table reference
// (Skinny::encryptBlock), which is not constant time.

#include "core/crypto/skinny.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rs::crypto {

/** @brief An implementation of SkinnyFast. */
enum class SkinnyFastIsa { Portable, Avx2, Avx512 };

/** @brief "portable", "avx2" or "avx512". */
const char* skinnyFastIsaName(SkinnyFastIsa isa) noexcept;
/** @brief Whether this build and this CPU can run `isa` (portable: always). */
bool skinnyFastIsaAvailable(SkinnyFastIsa isa) noexcept;
/** @brief The fastest implementation available here: avx512, else avx2, else portable. */
SkinnyFastIsa skinnyFastBest() noexcept;

/** @brief SKINNY-128-128/256/384 encryption (and ECB decryption) of many blocks, bitsliced. The round
 * tweakeys are expanded once, at construction, into bitsliced masks; ecb() and ctr() neither allocate nor
 * throw. */
class SkinnyFast {
  public:
    /** @brief Throws InvalidArgument (a std::invalid_argument) for a SKINNY-64 variant, a tweakey that is
     *  not skinnyTweakeyBytes(variant) long, or an ISA that is not available here. */
    SkinnyFast(SkinnyVariant variant, ByteView tweakey, SkinnyFastIsa isa = skinnyFastBest());

    /** @brief Encrypts `blocks` 16-byte blocks from in to out (any alignment; in == out allowed,
     *  other overlaps not). */
    void ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept;

    /** @brief ECB decryption of `blocks` 16-byte blocks, the inverse of ecb() (same rules on in/out). */
    void ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const noexcept;

    /** @brief CTR: out = in XOR keystream for `bytes` bytes (the last block may be partial), keystream
     *  block k = E(counter0 + k) with the 16-byte counter incremented big-endian over the whole block
     *  (modulo 2^128). in == out allowed. */
    void ctr(const std::uint8_t* counter0, const std::uint8_t* in, std::uint8_t* out,
             std::size_t bytes) const noexcept;

    /** @brief The implementation this instance runs. */
    SkinnyFastIsa isa() const noexcept { return m_isa; }
    /** @brief The variant this instance was built for. */
    SkinnyVariant variant() const noexcept { return m_ref.variant(); }
    /** @brief Blocks per bitsliced batch: 16 (portable), 64 (avx2) or 128 (avx512). */
    std::size_t batchBlocks() const noexcept;

  private:
    /** Encrypts (or decrypts) whole batches (blocks a multiple of batchBlocks()). */
    void encryptBatches(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks,
                        bool decrypt) const noexcept;
    /** ecb() and ecbDecrypt(): whole batches, then the tail padded or through the reference. */
    void ecbBoth(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks, bool decrypt) const noexcept;
    /** Runs of fewer blocks than this go through the reference. */
    std::size_t refBelow() const noexcept;

    Skinny m_ref; ///< the reference, for short tails
    SkinnyFastIsa m_isa;
    int m_rounds = 0;
    std::vector<std::uint64_t> m_masks; ///< per round: 16 mask planes (rows 0 and 1, bits 0..7)
};

} // namespace rs::crypto
