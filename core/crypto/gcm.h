#pragma once
// Galois/Counter Mode (NIST SP 800-38D) over any 128-bit BlockCipher (LEA, SKINNY-128, ...):
// GCTR with inc32 counters, GHASH over the ciphertext, 128-bit tags.

#include "core/crypto/aead.h"
#include "core/crypto/blockcipher.h"

#include <array>
#include <cstdint>
#include <optional>

namespace rs::crypto {

/** @brief Tag length this model produces and accepts (SP 800-38D t = 128). */
inline constexpr std::size_t kGcmTagBytes = 16;

/** @brief Authenticated encryption (SP 800-38D 7.1). `iv` is any non-empty length (12 bytes is the
 *  fast, recommended case). Throws InvalidArgument for an empty IV, a cipher whose block is not
 *  16 bytes, or a plaintext over 2^39 - 256 bits. */
AeadResult gcmEncrypt(const BlockCipher& cipher, ByteView iv, ByteView aad, ByteView pt);

/** @brief Authenticated decryption (SP 800-38D 7.2). The tag is checked (constant time) before
 *  anything is decrypted; returns nullopt on mismatch. Throws InvalidArgument as gcmEncrypt does,
 *  and when the tag is not 16 bytes. */
std::optional<Bytes> gcmDecrypt(const BlockCipher& cipher, ByteView iv, ByteView aad, ByteView ct,
                                ByteView tag);

/** @brief The pre-counter block J0 from the hash subkey H (SP 800-38D 7.1 step 2): IV || 0^31 || 1
 *  for a 96-bit IV, otherwise GHASH_H(IV padded || 0^64 || [len(IV)]_64). Throws on an empty IV. */
std::array<std::uint8_t, 16> gcmPreCounterBlock(const std::uint8_t h[16], ByteView iv);

/** @brief GCTR (SP 800-38D 6.5): XORs `in` with E(CB_1), E(CB_2), ... where CB_1 = icb and each next
 *  block is inc32 of the previous (the low 32 bits wrap, the upper 96 never change). */
Bytes gcmCtr(const BlockCipher& cipher, const std::uint8_t icb[16], ByteView in);

/** @brief inc32: adds one to the last 4 bytes of the block as a big-endian integer mod 2^32. */
void gcmInc32(std::uint8_t block[16]) noexcept;

} // namespace rs::crypto
