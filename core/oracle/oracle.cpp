#include "core/oracle/oracle.h"

#include <algorithm>
#include <cstdio>

namespace rs::oracle {

namespace {
std::string hex2(std::uint8_t b) {
    char s[3];
    std::snprintf(s, sizeof s, "%02x", b);
    return s;
}
} // namespace

Verdict verify(crypto::ByteView got, crypto::ByteView want, std::string_view source) {
    const std::size_t common = std::min(got.size(), want.size());
    const auto diff =
        std::mismatch(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(common), want.begin());
    const auto i = static_cast<std::size_t>(diff.first - got.begin());
    if (i == common && got.size() == want.size()) return {};
    const std::string from = ", " + std::string(source) + " gives ";
    if (got.size() != want.size())
        return {false, i, std::to_string(got.size()) + " output bytes" + from + std::to_string(want.size())};
    return {false, i, "output byte " + std::to_string(i) + " is " + hex2(got[i]) + from + hex2(want[i])};
}

bool OutputJudge::check(crypto::ByteView output) {
    ++m_count;
    if (m_count == 1) m_first.assign(output.begin(), output.end());
    if (m_failure) return verify(output, m_expected).ok;
    const Verdict v = verify(output, m_expected);
    if (!v.ok) m_failure = "output " + std::to_string(m_count) + ": " + v.message;
    return v.ok;
}

} // namespace rs::oracle
