#pragma once
// A transparent test cipher, E(x) = x XOR A0 A1 A2 ...: every output block shows exactly which input
// (counter) produced it, so mode logic (ECB, CTR, GCM's counters) can be checked by eye.

#include <cstdint>
#include <string>

#include "core/crypto/blockcipher.h"

namespace rs::test {

class XorCipher final : public crypto::BlockCipher {
  public:
    explicit XorCipher(std::size_t bs) : m_bs(bs) {}
    std::size_t blockSize() const noexcept override { return m_bs; }
    std::string name() const override { return "XOR-" + std::to_string(8 * m_bs); }
    void encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override {
        for (std::size_t i = 0; i < m_bs; ++i)
            out[i] = in[i] ^ std::uint8_t(0xA0 + i);
    }
    void decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override {
        encryptBlock(in, out);
    }

  private:
    std::size_t m_bs;
};

} // namespace rs::test
