#pragma once
// ECB and CTR over any BlockCipher.

#include "core/crypto/blockcipher.h"

namespace rs::crypto {

/** @brief ECB encryption; the input length must be a multiple of the block size. */
Bytes ecbEncrypt(const BlockCipher& cipher, ByteView in);
/** @brief ECB decryption; the input length must be a multiple of the block size. */
Bytes ecbDecrypt(const BlockCipher& cipher, ByteView in);

/** @brief CTR keystream XOR (encrypt and decrypt are the same). The counter block starts at `iv`
 *  (one block long) and is incremented as one big-endian integer over the whole block, wrapping
 *  modulo 2^(8*blockSize). Any input length; the last keystream block is truncated. */
Bytes ctrXor(const BlockCipher& cipher, ByteView iv, ByteView in);

/** @brief Adds one to the block as a big-endian integer (wraps). */
void incrementBigEndian(std::uint8_t* block, std::size_t n) noexcept;

} // namespace rs::crypto
