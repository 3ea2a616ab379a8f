#pragma once
// How the ip runners write numbers into run parameters and error messages (shared by the Ascon/block
// runner and the ML-DSA runner, so both say "built: 1, 2, 4" and "100" / "12.5" alike).

#include <string>
#include <vector>

namespace rs::hw::detail {

/** @brief "1, 2, 4". */
inline std::string joinInts(const std::vector<int>& v) {
    std::string s;
    for (const int x : v)
        s += (s.empty() ? "" : ", ") + std::to_string(x);
    return s;
}

/** @brief A number without trailing zeros ("100", "12.5"). */
inline std::string formatNumber(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

} // namespace rs::hw::detail
