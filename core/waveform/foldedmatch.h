#pragma once
// Name matching over a store's signals (the page's signal tree filter and clock box, the AXI bus and the
// core a trace comes from): ASCII letters compared without case, on the names as they are (no lowered
// copy of each of 10^5 names).

#include <cstddef>
#include <string_view>

namespace rs::waveform {

/** @brief An ASCII letter in lower case; any other byte as it is (std::tolower in the "C" locale). */
constexpr char foldAscii(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/** @brief Whether text holds part; part is already lower case. */
inline bool containsFolded(std::string_view text, std::string_view part) {
    if (part.size() > text.size()) return false;
    if (part.empty()) return true;
    const std::size_t last = text.size() - part.size();
    for (std::size_t i = 0; i <= last; ++i) {
        if (foldAscii(text[i]) != part[0]) continue;
        std::size_t k = 1;
        while (k < part.size() && foldAscii(text[i + k]) == part[k])
            ++k;
        if (k == part.size()) return true;
    }
    return false;
}

/** @brief Whether text ends in part without case; part is already lower case. */
inline bool endsWithFolded(std::string_view text, std::string_view part) {
    return text.size() >= part.size() && containsFolded(text.substr(text.size() - part.size()), part);
}

/** @brief Whether text is word without case; word is already lower case. */
inline bool equalsFolded(std::string_view text, std::string_view word) {
    return text.size() == word.size() && containsFolded(text, word);
}

} // namespace rs::waveform
