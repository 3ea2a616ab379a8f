#pragma once
// Byte-string helpers shared by every cipher model: hex I/O, endian loads/stores, constant-time compare.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rs::crypto {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

/** @brief Thrown for inputs a cipher cannot take (wrong key/nonce/block length, bad hex). */
class InvalidArgument : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/** @brief Parses hex (upper or lower case, even length, no separators); throws InvalidArgument. */
Bytes fromHex(std::string_view hex);
/** @brief Upper-case hex of the bytes. */
std::string toHex(ByteView bytes);

/** @brief Compares two byte strings in time that depends only on their lengths. */
bool constantTimeEqual(ByteView a, ByteView b) noexcept;

inline std::uint64_t loadBe64(const std::uint8_t* p) noexcept {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v = (v << 8) | p[i];
    return v;
}
inline void storeBe64(std::uint8_t* p, std::uint64_t v) noexcept {
    for (int i = 7; i >= 0; --i, v >>= 8)
        p[i] = static_cast<std::uint8_t>(v);
}
// Little-endian loads and stores are one memcpy on a little-endian host (a single move; byte loops through
// uint8_t* may alias anything, so compilers keep them byte by byte), byte loops elsewhere.
inline std::uint64_t loadLe64(const std::uint8_t* p) noexcept {
    std::uint64_t v = 0;
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(&v, p, 8);
    } else {
        for (int i = 7; i >= 0; --i)
            v = (v << 8) | p[i];
    }
    return v;
}
inline void storeLe64(std::uint8_t* p, std::uint64_t v) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(p, &v, 8);
    } else {
        for (int i = 0; i < 8; ++i, v >>= 8)
            p[i] = static_cast<std::uint8_t>(v);
    }
}
inline std::uint32_t loadLe32(const std::uint8_t* p) noexcept {
    if constexpr (std::endian::native == std::endian::little) {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    } else {
        return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
               std::uint32_t(p[3]) << 24;
    }
}
inline void storeLe32(std::uint8_t* p, std::uint32_t v) noexcept {
    p[0] = std::uint8_t(v);
    p[1] = std::uint8_t(v >> 8);
    p[2] = std::uint8_t(v >> 16);
    p[3] = std::uint8_t(v >> 24);
}
inline std::uint32_t loadBe32(const std::uint8_t* p) noexcept {
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 |
           std::uint32_t(p[3]);
}
inline void storeBe32(std::uint8_t* p, std::uint32_t v) noexcept {
    p[0] = std::uint8_t(v >> 24);
    p[1] = std::uint8_t(v >> 16);
    p[2] = std::uint8_t(v >> 8);
    p[3] = std::uint8_t(v);
}

/** @brief Throws InvalidArgument naming `what` unless bytes.size() == expected. */
void requireLength(std::string_view what, ByteView bytes, std::size_t expected);

} // namespace rs::crypto
