#pragma once
// LEA-GCM on the fast paths: LeaFast CTR (leafast.h) and GhashFast (ghashclmul.h), with the output of
// gcmEncrypt/gcmDecrypt (gcm.h) over a Lea of the same key.

#include "core/crypto/aead.h"
#include "core/crypto/ghashclmul.h"
#include "core/crypto/leafast.h"

#include <optional>
#include <span>

namespace rs::crypto {

/** @brief SP 800-38D 7.1 with LEA: equals gcmEncrypt(Lea(key), iv, aad, pt). Throws InvalidArgument as
 *  gcmEncrypt does (empty IV, plaintext over 2^39 - 256 bits). */
AeadResult gcmEncryptFast(const LeaFast& lea, ByteView iv, ByteView aad, ByteView pt,
                          GhashIsa ghashIsa = ghashBest());

/** @brief gcmEncryptFast into the caller's buffers, allocating nothing: ct (|pt| bytes; ct == pt allowed)
 *  and tag (16 bytes). InvalidArgument for other sizes, and as gcmEncryptFast. */
void gcmEncryptFastInto(const LeaFast& lea, ByteView iv, ByteView aad, ByteView pt,
                        std::span<std::uint8_t> ct, std::span<std::uint8_t> tag,
                        GhashIsa ghashIsa = ghashBest());

/** @brief SP 800-38D 7.2 with LEA: equals gcmDecrypt(Lea(key), ...); the tag is checked (constant time)
 *  before anything is decrypted, nullopt on mismatch. Throws as gcmDecrypt does. */
std::optional<Bytes> gcmDecryptFast(const LeaFast& lea, ByteView iv, ByteView aad, ByteView ct, ByteView tag,
                                    GhashIsa ghashIsa = ghashBest());

} // namespace rs::crypto
