#include "core/inputs/mldsapolyfile.h"

#include "core/fileio/safefile.h"

#include <algorithm>

namespace rs::inputs {

namespace {

using crypto::InvalidArgument;
using crypto::MlDsaPoly;

constexpr std::size_t kPolyBytes = 4 * crypto::kMlDsaN;
constexpr std::size_t kPolyHexDigits = 2 * kPolyBytes;
constexpr std::size_t kMaxDecimalDigits = 7; ///< q - 1 = 8380416

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isSeparator(char c) {
    return isSpace(c) || c == ',' || c == ';';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
/** Printable ASCII and whitespace only: raw coefficients always hold a zero byte. */
bool isText(std::string_view d) {
    return std::all_of(d.begin(), d.end(), [](char c) { return isSpace(c) || (c >= 0x20 && c < 0x7f); });
}

std::string expected(std::size_t count) {
    if (count == 1) return "expected 1 polynomial: 1024 bytes, 2048 hex digits or 256 decimal coefficients";
    if (count == 2)
        return "expected 2 polynomials, a then b: 2048 bytes, 4096 hex digits or 512 decimal coefficients";
    return "expected 1 or 2 polynomials (a, or a then b): 1024 or 2048 bytes, 2048 or 4096 hex digits, or "
           "256 "
           "or 512 decimal coefficients";
}

/** Whether n units of `per` are a number of polynomials the caller takes; sets k to it. */
bool polysOf(std::size_t n, std::size_t per, std::size_t count, std::size_t& k) {
    for (const std::size_t c : {std::size_t{1}, std::size_t{2}})
        if ((count == 0 || count == c) && n == c * per) {
            k = c;
            return true;
        }
    return false;
}

std::string polyName(std::size_t i) {
    return std::string("polynomial ") + (i == 0 ? "a" : "b") + ": ";
}

std::vector<MlDsaPoly> fromRaw(crypto::ByteView bytes, std::size_t k) {
    std::vector<MlDsaPoly> out;
    for (std::size_t i = 0; i < k; ++i) {
        try {
            out.push_back(crypto::mldsaPolyFromBytes(bytes.subspan(i * kPolyBytes, kPolyBytes)));
        } catch (const InvalidArgument& e) {
            throw InvalidArgument(polyName(i) + e.what());
        }
    }
    return out;
}

/** A word shown in a message: at most 16 characters. */
std::string shown(std::string_view w) {
    return "'" + std::string(w.substr(0, 16)) + (w.size() > 16 ? "...'" : "'");
}

} // namespace

std::vector<MlDsaPoly> parseMlDsaPolys(std::string_view data, std::size_t count) {
    if (count > 2)
        throw InvalidArgument("an ML-DSA operand file holds 1 or 2 polynomials, not " +
                              std::to_string(count));
    std::size_t k = 0;
    if (!isText(data)) {
        if (!polysOf(data.size(), kPolyBytes, count, k))
            throw InvalidArgument(std::to_string(data.size()) + " bytes of binary data; " + expected(count));
        return fromRaw(crypto::ByteView(reinterpret_cast<const std::uint8_t*>(data.data()), data.size()), k);
    }
    // Text: the words between separators, and whether they are all decimal coefficients or all hex.
    std::vector<std::string_view> words;
    for (std::size_t i = 0; i < data.size();) {
        while (i < data.size() && isSeparator(data[i]))
            ++i;
        std::size_t j = i;
        while (j < data.size() && !isSeparator(data[j]))
            ++j;
        if (j > i) words.push_back(data.substr(i, j - i));
        i = j;
    }
    if (words.empty()) throw InvalidArgument("no coefficients (an empty or blank file); " + expected(count));
    const auto decimalWord = [](std::string_view w) {
        return w.size() <= kMaxDecimalDigits && std::all_of(w.begin(), w.end(), isDigit);
    };
    const bool decimal = std::all_of(words.begin(), words.end(), decimalWord);
    if (decimal && polysOf(words.size(), crypto::kMlDsaN, count, k)) {
        std::vector<std::int64_t> c;
        c.reserve(words.size());
        for (const std::string_view w : words) {
            std::int64_t v = 0;
            for (const char d : w)
                v = v * 10 + (d - '0');
            c.push_back(v);
        }
        std::vector<MlDsaPoly> out;
        for (std::size_t i = 0; i < k; ++i) {
            try {
                out.push_back(crypto::mldsaPolyFromCoefficients(
                    std::span<const std::int64_t>(c).subspan(i * crypto::kMlDsaN, crypto::kMlDsaN)));
            } catch (const InvalidArgument& e) {
                throw InvalidArgument(polyName(i) + e.what());
            }
        }
        return out;
    }
    const bool hasListSeparator = data.find_first_of(",;") != std::string_view::npos;
    std::string digits;
    for (const std::string_view w : words)
        digits.append(w);
    const bool hex = !hasListSeparator && std::all_of(digits.begin(), digits.end(), isHexDigit);
    if (hex && polysOf(digits.size(), kPolyHexDigits, count, k)) {
        const crypto::Bytes bytes = crypto::fromHex(digits);
        return fromRaw(bytes, k);
    }
    std::string what = std::to_string(data.size()) + " bytes of text (";
    if (decimal)
        what += std::to_string(words.size()) + " decimal coefficients" +
                (hex ? ", " + std::to_string(digits.size()) + " hex digits" : "");
    else if (hex)
        what += std::to_string(digits.size()) + " hex digits";
    else {
        const auto bad = std::find_if(words.begin(), words.end(), [&](std::string_view w) {
            return !decimalWord(w) && (hasListSeparator || !std::all_of(w.begin(), w.end(), isHexDigit));
        });
        what += shown(bad != words.end() ? *bad : words.front()) +
                " is not a coefficient: neither decimal (at most 7 digits) nor hex";
    }
    throw InvalidArgument(what + "); " + expected(count));
}

std::vector<MlDsaPoly> readMlDsaPolyFile(const std::string& path, std::size_t count) {
    const std::string what = "ML-DSA operand file";
    const std::string data = fileio::readFileBounded(path, kMlDsaPolyFileLimit, what);
    try {
        return parseMlDsaPolys(data, count);
    } catch (const InvalidArgument& e) {
        throw InvalidArgument(what + " '" + path + "': " + e.what());
    }
}

} // namespace rs::inputs
