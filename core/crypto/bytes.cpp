#include "core/crypto/bytes.h"

namespace rs::crypto {

namespace {
int hexDigit(char c) noexcept {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
} // namespace

Bytes fromHex(std::string_view hex) {
    if (hex.size() % 2 != 0)
        throw InvalidArgument("odd number of hex digits (" + std::to_string(hex.size()) + ")");
    Bytes out(hex.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const int hi = hexDigit(hex[2 * i]);
        const int lo = hexDigit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            const std::size_t bad = hi < 0 ? 2 * i : 2 * i + 1;
            throw InvalidArgument("not a hex digit '" + std::string(1, hex[bad]) + "' at position " +
                                  std::to_string(bad));
        }
        out[i] = static_cast<std::uint8_t>(hi << 4 | lo);
    }
    return out;
}

std::string toHex(ByteView bytes) {
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string s(bytes.size() * 2, '0');
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        s[2 * i] = digits[bytes[i] >> 4];
        s[2 * i + 1] = digits[bytes[i] & 0xF];
    }
    return s;
}

bool constantTimeEqual(ByteView a, ByteView b) noexcept {
    if (a.size() != b.size()) return false;
    // Accumulate every difference; no early exit, so the time does not reveal the first wrong byte.
    volatile std::uint8_t diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        diff = diff | (a[i] ^ b[i]);
    return diff == 0;
}

void requireLength(std::string_view what, ByteView bytes, std::size_t expected) {
    if (bytes.size() != expected)
        throw InvalidArgument(std::string(what) + " must be " + std::to_string(expected) + " bytes, got " +
                              std::to_string(bytes.size()));
}

} // namespace rs::crypto
