#pragma once
// Multi-message Ascon-AEAD128 (NIST SP 800-232) encryption: many independent messages at once, one
// per SIMD lane, for campaigns and GPU baselines that encrypt many messages. Every message has its own
// key and nonce; all messages of one call share the AD length and the plaintext length, so the lanes
// run the same control flow. Results are those of asconEncrypt(AsconAeadVariant::AsconAead128, ...)
// (core/crypto/asconaead.h), which stays the reference and the one-message API.
//
// Implementations ("ISAs"), chosen at run time:
//  * portable: one message at a time in scalar code (every compiler and CPU);
//  * avx2: 4 messages per batch, one per 64-bit lane of a 256-bit register, rotations as two shifts
//    (x86 with AVX2, built with -mavx2 in its own file and called only when the CPU reports AVX2);
//  * avx512: 8 messages per batch, vprorq rotations and vpternlogq in the S-box (x86 with AVX-512F,
//    built with -mavx512f in its own file, called only when the CPU reports AVX-512F and AVX2).
// A last batch of r messages that does not fill the ISA's lanes runs on a padded batch of that ISA
// when more than half full (and wider than the next ISA), else on the next narrower ISA (avx512 ->
// avx2 -> portable); padding lanes repeat a real message, so nothing is read or written outside the
// caller's buffers. Ascon is table-free and branch-free on key and data: every path is constant time.

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/crypto/bytes.h"

namespace rs::crypto {

/** @brief An implementation of the multi-message Ascon-AEAD128 encryption. */
enum class AsconMultiIsa { Portable, Avx2, Avx512 };

/** @brief "portable", "avx2" or "avx512". */
const char* asconMultiIsaName(AsconMultiIsa isa) noexcept;
/** @brief Whether this build and this CPU can run `isa` (portable: always). */
bool asconMultiIsaAvailable(AsconMultiIsa isa) noexcept;
/** @brief The fastest implementation available here: avx512, else avx2, else portable. */
AsconMultiIsa asconMultiBest() noexcept;
/** @brief Messages per batch: 1 (portable), 4 (avx2) or 8 (avx512). */
std::size_t asconMultiLanes(AsconMultiIsa isa) noexcept;

/**
 * @brief Encrypts `count` messages with Ascon-AEAD128.
 *
 * Every field is one contiguous buffer holding the messages back to back, message i at offset i x
 * (the field's per-message length):
 *   keys   count x 16 bytes          nonces  count x 16 bytes
 *   ad     count x adLen bytes       pt      count x ptLen bytes
 *   ct     count x ptLen bytes       tags    count x 16 bytes (output)
 * Message i is encrypted under key i and nonce i with AD i; its ciphertext goes to ct at i x ptLen and
 * its tag to tags at 16 i. Nothing is allocated. ct may be pt (in-place); other overlaps between
 * outputs and inputs are not allowed. No alignment is needed. count = 0 does nothing.
 *
 * Throws InvalidArgument (a std::invalid_argument) when a buffer's size is not count x its
 * per-message length, or when `isa` is not available here.
 */
void asconAead128EncryptMulti(std::size_t count, ByteView keys, ByteView nonces, ByteView ad,
                              std::size_t adLen, ByteView pt, std::size_t ptLen, std::span<std::uint8_t> ct,
                              std::span<std::uint8_t> tags, AsconMultiIsa isa = asconMultiBest());

} // namespace rs::crypto
