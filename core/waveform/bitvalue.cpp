#include "core/waveform/bitvalue.h"

#include <algorithm>

namespace rs::waveform {

namespace {

bool bit(Words v, int b) {
    const auto w = static_cast<std::size_t>(b / 64);
    return w < v.size() && ((v[w] >> (b % 64)) & 1) != 0;
}

/** value = value * mul + add over the words; false when it overflows `words` words. */
bool mulAdd(std::vector<std::uint64_t>& value, std::uint64_t mul, std::uint64_t add) {
    unsigned __int128 carry = add;
    for (std::uint64_t& w : value) {
        const unsigned __int128 x = static_cast<unsigned __int128>(w) * mul + carry;
        w = static_cast<std::uint64_t>(x);
        carry = x >> 64;
    }
    return carry == 0;
}

} // namespace

std::string hexDigits(Words value, int width) {
    static constexpr char kHex[] = "0123456789abcdef";
    const int digits = (width + 3) / 4;
    std::string s(static_cast<std::size_t>(digits), '0');
    for (int d = 0; d < digits; ++d) {
        unsigned nibble = 0;
        for (int b = 3; b >= 0; --b) {
            const int i = 4 * d + b;
            nibble = (nibble << 1) | (i < width && bit(value, i) ? 1u : 0u);
        }
        s[static_cast<std::size_t>(digits - 1 - d)] = kHex[nibble];
    }
    return s;
}

std::string binaryDigits(Words value, int width) {
    std::string s(static_cast<std::size_t>(width), '0');
    for (int b = 0; b < width; ++b)
        if (bit(value, b)) s[static_cast<std::size_t>(width - 1 - b)] = '1';
    return s;
}

std::string decimalDigits(Words value) {
    std::vector<std::uint64_t> v(value.begin(), value.end());
    while (!v.empty() && v.back() == 0)
        v.pop_back();
    if (v.empty()) return "0";
    constexpr std::uint64_t kChunk = 10000000000000000000ull; // 10^19, the largest power of 10 in 64 bits
    std::vector<std::uint64_t> parts;                         // base-10^19 digits, least significant first
    while (!v.empty()) {
        unsigned __int128 rem = 0;
        for (std::size_t i = v.size(); i-- > 0;) {
            const unsigned __int128 cur = (rem << 64) | v[i];
            v[i] = static_cast<std::uint64_t>(cur / kChunk);
            rem = cur % kChunk;
        }
        parts.push_back(static_cast<std::uint64_t>(rem));
        while (!v.empty() && v.back() == 0)
            v.pop_back();
    }
    std::string s = std::to_string(parts.back());
    for (std::size_t i = parts.size() - 1; i-- > 0;) {
        const std::string p = std::to_string(parts[i]);
        s += std::string(19 - p.size(), '0') + p;
    }
    return s;
}

std::optional<std::vector<std::uint64_t>> parseDigits(std::string_view digits, int base, int width) {
    if ((base != 2 && base != 10 && base != 16) || width < 1) return std::nullopt;
    std::vector<std::uint64_t> value(WaveformStore::wordCount(width), 0);
    bool any = false;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        const char c = digits[i];
        if (c == '_' && any && i + 1 < digits.size()) continue;
        int d = -1;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        if (d < 0 || d >= base) return std::nullopt;
        if (!mulAdd(value, static_cast<std::uint64_t>(base), static_cast<std::uint64_t>(d)))
            return std::nullopt;
        any = true;
    }
    if (!any) return std::nullopt;
    // Bits above the width make it a value the signal cannot hold.
    const int top = width - 64 * static_cast<int>(value.size() - 1);
    if (top < 64 && (value.back() >> top) != 0) return std::nullopt;
    return value;
}

bool sameValue(Words a, Words b) {
    const std::size_t n = std::max(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i)
        if ((i < a.size() ? a[i] : 0) != (i < b.size() ? b[i] : 0)) return false;
    return true;
}

} // namespace rs::waveform
