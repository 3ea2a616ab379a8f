#pragma once
// Ascon authenticated encryption: the v1.2 submission's Ascon-128 and Ascon-128a, and NIST
// SP 800-232 Ascon-AEAD128. They are distinct algorithms (Ascon-AEAD128 is derived from Ascon-128a
// but has another IV, little-endian byte order, 0x01 padding and MSB domain separation), so they
// are separate variants and never interoperate.
//
// Two implementations of the same mode: the fast path (asconEncrypt/asconDecrypt and the *Into
// functions: rate and rounds compile-time constants, the permutation unrolled into the block loop,
// the state in registers) and the step-by-step model that the traced functions run (asconEncryptModel
// / asconDecryptModel give it without a trace). Tests keep them bit-identical.
//
// All three take a 16-byte key and nonce and give a 16-byte tag. Rate / p^a / p^b:
//   Ascon-128 v1.2: 8 B / 12 / 6    Ascon-128a v1.2 and Ascon-AEAD128: 16 B / 12 / 8
//
// Trace steps (TraceStep phase, block, round, step), in order. Round 0 marks a step outside the
// permutation; each permutation p^n adds n x ("round constant", "substitution layer",
// "linear diffusion") with round = 1..n and the phase/block of the step before it.
//   "initialization", -1, 0, "initial state"   IV || K || N loaded
//       + p^a
//   "initialization", -1, 0, "key addition"    x3,x4 ^= K (roundKey = K)
//   only when AD is non-empty, per AD block i = 0..s-1 (s = |AD|/rate + 1, the last block padded):
//   "associated data", i, 0, "absorb"          full block XORed into the rate
//   "associated data", i, 0, "pad and absorb"  last block: remaining bytes and padding
//       + p^b after each AD block
//   "associated data", -1, 0, "domain separation"   always present
//   per full data block i = 0..t-1 (t = |P|/rate), phase "plaintext" (encrypt) / "ciphertext"
//   (decrypt): i, 0, "absorb" (the rate now holds the ciphertext block) + p^b
//   then once for the last, partial (possibly empty) block: t, 0, "pad and absorb" (no permutation)
//   "finalization", -1, 0, "key addition"      K XORed into the words after the rate (roundKey = K)
//       + p^a
//   "finalization", -1, 0, "tag"               x3,x4 ^= K (roundKey = K); the tag is x3||x4, stored
//                                               big-endian for v1.2, little-endian for SP 800-232
// Step counts per phase (a = 12, b = 6 or 8, r = rate in bytes):
//   initialization 3a + 2 = 38; associated data 1 if AD is empty, else (|AD|/r + 1)(3b + 1) + 1;
//   plaintext/ciphertext (|P|/r)(3b + 1) + 1; finalization 3a + 2 = 38.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/crypto/aead.h"
#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"

namespace rs::crypto {

enum class AsconAeadVariant { Ascon128v12, Ascon128av12, AsconAead128 };

/** @brief Exact variant name: "Ascon-128 v1.2", "Ascon-128a v1.2" or "Ascon-AEAD128 (SP 800-232)". */
std::string_view asconAeadName(AsconAeadVariant v);

/** @brief Encrypts pt; throws InvalidArgument unless key and nonce are 16 bytes. */
AeadResult asconEncrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt);

/**
 * @brief Decrypts and verifies; std::nullopt when the tag does not match (the plaintext is wiped).
 * Throws InvalidArgument unless key, nonce and tag are 16 bytes.
 */
std::optional<Bytes> asconDecrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView ct,
                                  ByteView tag);

/** @brief A writable byte range (the caller's buffer). */
using MutableByteView = std::span<std::uint8_t>;

/** @brief As asconEncrypt, writing into the caller's buffers and allocating nothing: ct.size() must
 *  equal pt.size() (ct may be pt itself) and tag.size() 16; InvalidArgument otherwise. The fast path
 *  of the cpu target, which times the mode, not the allocator. */
void asconEncryptInto(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt,
                      MutableByteView ct, MutableByteView tag);

/** @brief As asconDecrypt into the caller's buffer (pt.size() == ct.size(), pt may be ct itself): true when
 *  the tag matches; false with pt zeroed when it does not. */
[[nodiscard]] bool asconDecryptInto(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                    ByteView ct, ByteView tag, MutableByteView pt);

/** @brief The model the fast path is checked against: the mode written step by step as the traced
 *  functions run it (the same code, without a trace). Same results and errors as asconEncrypt. */
AeadResult asconEncryptModel(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt);

/** @brief The model's decryption (see asconEncryptModel); same results and errors as asconDecrypt. */
std::optional<Bytes> asconDecryptModel(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                       ByteView ct, ByteView tag);

/** @brief As asconEncrypt, also filling trace.layout and appending the steps listed above. */
AeadResult asconEncryptTraced(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad, ByteView pt,
                              Trace& trace);

/**
 * @brief As asconDecrypt, also recording the trace. The trace is kept when the tag fails, so a
 * failed verification can be inspected; it holds nothing the caller cannot derive from the key.
 */
std::optional<Bytes> asconDecryptTraced(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                        ByteView ct, ByteView tag, Trace& trace);

} // namespace rs::crypto
