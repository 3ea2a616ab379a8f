#pragma once
// Bytes to and from the IP's 32-bit bus words: four bytes a word, byte 4i+j in bits [8j+7:8j] (a
// little-endian CPU's view, as hw/rtl/REGISTERS.md has it); a last partial word is zero-padded. AsconIp
// and the tests that drive the registers by hand share it; the firmware has its own C twin (ascon_ip.c).

#include <cstdint>
#include <vector>

#include "core/crypto/bytes.h"

namespace rs::hw {

inline std::vector<std::uint32_t> packBusWords(crypto::ByteView b) {
    std::vector<std::uint32_t> w((b.size() + 3) / 4, 0);
    for (std::size_t i = 0; i < b.size(); ++i)
        w[i / 4] |= static_cast<std::uint32_t>(b[i]) << (8 * (i % 4));
    return w;
}

/** @brief The first n bytes of the words. */
inline crypto::Bytes unpackBusWords(const std::vector<std::uint32_t>& w, std::size_t n) {
    crypto::Bytes b(n);
    for (std::size_t i = 0; i < n && i / 4 < w.size(); ++i)
        b[i] = static_cast<std::uint8_t>(w[i / 4] >> (8 * (i % 4)));
    return b;
}

} // namespace rs::hw
