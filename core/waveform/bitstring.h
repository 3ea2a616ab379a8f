#pragma once
// Binary digit strings ("0101...", as VCD and FST hand out values) to integers, eight digits at a
// time. Internal to rs_wave's readers.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace rs::waveform::detail {

/** @brief Value of n (<= 64) binary digits; false, with value unspecified, when any digit is not
 *  '0' or '1' (x, z, ...: the caller's slow path). Each group of eight digits keeps bit 0 of each
 *  byte and gathers them into the top byte with one multiply, the first digit (lowest in memory)
 *  most significant. */
inline bool parseBinary(const char* s, std::size_t n, std::uint64_t& value) {
    std::uint64_t v = 0;
    std::size_t i = 0;
    if constexpr (std::endian::native == std::endian::little) {
        for (; i + 8 <= n; i += 8) {
            std::uint64_t w;
            std::memcpy(&w, s + i, 8);
            if ((w & 0xfefefefefefefefeull) != 0x3030303030303030ull) return false;
            v = (v << 8) | (((w & 0x0101010101010101ull) * 0x8040201008040201ull) >> 56);
        }
    }
    for (; i < n; ++i) {
        const unsigned d = static_cast<unsigned char>(s[i]) - '0';
        if (d > 1) return false;
        v = (v << 1) | d;
    }
    value = v;
    return true;
}

} // namespace rs::waveform::detail
