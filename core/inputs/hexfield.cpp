#include "core/inputs/hexfield.h"

#include <random>

namespace rs::inputs {

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

constexpr char32_t kNotUtf8 = 0x110000; // beyond Unicode: a byte that starts no valid sequence

// One UTF-8 code point from text[i...]; sets *len to its byte length (1 for a malformed byte).
char32_t decodeUtf8(std::string_view text, std::size_t i, std::size_t* len) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = at(i);
    *len = 1;
    if (c < 0x80) return c;
    std::size_t extra = 0;
    char32_t cp = 0;
    if (c >= 0xc2 && c < 0xe0) {
        extra = 1;
        cp = c & 0x1fu;
    } else if (c >= 0xe0 && c < 0xf0) {
        extra = 2;
        cp = c & 0x0fu;
    } else if (c >= 0xf0 && c < 0xf5) {
        extra = 3;
        cp = c & 0x07u;
    } else {
        return kNotUtf8;
    }
    if (i + extra >= text.size()) return kNotUtf8;
    for (std::size_t k = 1; k <= extra; ++k) {
        const unsigned char cc = at(i + k);
        if ((cc & 0xc0u) != 0x80u) return kNotUtf8;
        cp = cp << 6 | (cc & 0x3fu);
    }
    *len = 1 + extra;
    return cp;
}

bool isIgnoredSpace(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\u00a0'; // no-break space: pasted hex often has it
}

std::string codePointName(char32_t c) {
    static const char* digits = "0123456789ABCDEF";
    std::string hex;
    for (int shift = c > 0xffff ? 20 : 12; shift >= 0; shift -= 4)
        hex.push_back(digits[(c >> shift) & 0xfu]);
    return "U+" + hex;
}

} // namespace

std::string fieldWord(const HexField& f) {
    if (f.name == "pt") return "plaintext";
    if (f.name == "ad") return "associated data";
    if (f.name == "iv") return "counter block";
    return f.name;
}

std::string validateHex(const HexField& field, std::string_view text, Bytes* out) {
    const std::string word = fieldWord(field);
    std::string digits;
    digits.reserve(text.size());
    // Positions count characters (code points), as a student counts them in the field, not bytes.
    int position = 0;
    for (std::size_t i = 0, len = 1; i < text.size(); i += len) {
        const char32_t c = decodeUtf8(text, i, &len);
        ++position;
        if (isIgnoredSpace(c)) continue;
        if (c >= 0x80 || hexValue(static_cast<char>(c)) < 0) {
            std::string shown;
            if (c >= 0x20 && c < 0x7f)
                shown = "'" + std::string(1, static_cast<char>(c)) + "'";
            else if (c == kNotUtf8)
                shown = "a byte that is not UTF-8";
            else if (c >= 0xa0)
                shown = "'" + std::string(text.substr(i, len)) + "' (" + codePointName(c) + ")";
            else
                shown = "the control character " + codePointName(c);
            return word + ": " + shown + " at position " + std::to_string(position) + " is not a hex digit";
        }
        digits.push_back(static_cast<char>(c));
    }
    if (digits.size() % 2 != 0)
        return word + ": odd number of hex digits (" + std::to_string(digits.size()) +
               "); every byte needs two";
    const int bytes = static_cast<int>(digits.size() / 2);
    if (field.bytes >= 0 && bytes != field.bytes)
        return word + " must be " + std::to_string(field.bytes) + " bytes, got " + std::to_string(bytes);
    if (field.bytes < 0 && bytes > kMaxVariableBytes)
        return word + " is limited to " + std::to_string(kMaxVariableBytes) + " bytes here, got " +
               std::to_string(bytes);
    if (out == nullptr && !field.checkValue) return {};
    Bytes decoded(static_cast<std::size_t>(bytes), 0);
    for (int i = 0; i < bytes; ++i)
        decoded[static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(hexValue(digits[2 * i]) << 4 | hexValue(digits[2 * i + 1]));
    if (field.checkValue) {
        std::string error = field.checkValue(decoded);
        if (!error.empty()) return error;
    }
    if (out != nullptr) *out = std::move(decoded);
    return {};
}

Bytes randomBytes(const HexField& field, std::string_view currentText) {
    if (field.randomValue) return field.randomValue();
    int n = field.bytes;
    if (n < 0) {
        Bytes current;
        n = validateHex(field, currentText, &current).empty() && !current.empty()
                ? static_cast<int>(current.size())
                : 16;
    }
    // Fill values for a person to look at, not keys: a per-thread engine seeded once is enough.
    thread_local std::mt19937_64 engine{std::random_device{}()};
    Bytes b(static_cast<std::size_t>(n));
    for (auto& v : b)
        v = static_cast<std::uint8_t>(engine() & 0xffu);
    return b;
}

} // namespace rs::inputs
