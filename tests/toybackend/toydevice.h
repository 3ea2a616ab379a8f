#pragma once
// The toy back end's plain driver: byte-level calls into its device code (toylea.c), every size checked
// before the device sees a byte, as a driver for real hardware would check before it writes registers.

#include <cstdint>
#include <stdexcept>

#include "core/crypto/bytes.h"

namespace rs::toy {

/** @brief Inputs the device cannot take; the message says which and why. */
class ToyError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief LEA-128 on the toy device. */
class ToyDevice {
  public:
    /** @brief ECB: a 16-byte key and whole 16-byte blocks. */
    crypto::Bytes ecb(crypto::ByteView key, crypto::ByteView plaintext);
    /** @brief CTR: a 16-byte key, a 16-byte initial counter block, any length. */
    crypto::Bytes ctr(crypto::ByteView key, crypto::ByteView iv, crypto::ByteView plaintext);
    /** @brief Blocks the device has encrypted so far (its figure, as an IP counts clocks). */
    std::uint64_t blocks() const { return m_blocks; }

  private:
    std::uint64_t m_blocks = 0;
};

} // namespace rs::toy
