#pragma once
// Ascon hashing: the v1.2 submission's Ascon-Hash and Ascon-Xof (big-endian words, 0x80 padding)
// and NIST SP 800-232 Ascon-Hash256, Ascon-XOF128 and Ascon-CXOF128 (little-endian words, 0x01
// padding). Every variant is a sponge with an 8-byte rate (x0) and p^12 throughout; they differ in
// the IV, the byte order and (CXOF128) the customization string absorbed before the message.
//
// Trace steps (phase, block, round, step); round 0 marks a step outside the permutation, and each
// p^12 adds 36 steps ("round constant", "substitution layer", "linear diffusion", round 1..12)
// under the phase/block of the step before it:
//   "initialization", -1, 0, "initial state"  x0 = IV, x1..x4 = 0       + p^12
//   CXOF128 only, phase "customization": -1, 0, "absorb length" (x0 ^= bit length of Z) + p^12,
//     then Z in blocks i = 0..|Z|/8 exactly as the message below
//   "absorb", i, 0, "absorb"          full 8-byte block XORed into x0     + p^12
//   "absorb", m, 0, "pad and absorb"  last block m = |M|/8: rest + padding + p^12
//   "squeeze", j, 0, "squeeze"        x0 is output block j; p^12 follows unless j is the last
// Step counts: initialization 37; customization 37 (|Z|/8 + 2); absorb 37 (|M|/8 + 1);
// squeeze q + 36 (q - 1) with q = ceil(outLen / 8).

#include <cstddef>
#include <string_view>

#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"

namespace rs::crypto {

enum class AsconHashVariant { Hashv12, Xofv12, Hash256, Xof128 };

/** @brief Longest XOF output this model produces, in bytes. */
inline constexpr std::size_t kAsconXofMaxOutput = std::size_t{1} << 20;
/** @brief Longest Ascon-CXOF128 customization string (SP 800-232: at most 2048 bits). */
inline constexpr std::size_t kAsconCxofMaxCustomization = 256;

/** @brief Exact name: "Ascon-Hash v1.2", "Ascon-Xof v1.2", "Ascon-Hash256" or "Ascon-XOF128". */
std::string_view asconHashName(AsconHashVariant v);

/**
 * @brief Hashes msg. Hash variants give 32 bytes and throw InvalidArgument for any other outLen;
 * XOF variants give outLen bytes, 1..kAsconXofMaxOutput, and throw otherwise.
 */
Bytes asconHash(AsconHashVariant v, ByteView msg, std::size_t outLen = 32);

/** @brief As asconHash, also filling trace.layout and appending the steps listed above. */
Bytes asconHashTraced(AsconHashVariant v, ByteView msg, std::size_t outLen, Trace& trace);

/**
 * @brief SP 800-232 Ascon-CXOF128 of msg under the customization string (at most 256 bytes).
 * Throws InvalidArgument for a longer customization or an outLen outside 1..kAsconXofMaxOutput.
 */
Bytes asconCxof128(ByteView msg, ByteView customization, std::size_t outLen);

/** @brief As asconCxof128, also filling trace.layout and appending the steps listed above. */
Bytes asconCxof128Traced(ByteView msg, ByteView customization, std::size_t outLen, Trace& trace);

} // namespace rs::crypto
