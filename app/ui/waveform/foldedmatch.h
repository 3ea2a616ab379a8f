#pragma once
// Name matching for the signal lists (signal tree filter, clock box): ASCII letters compared without
// case, on the store's names as they are (no lowered copy of each of 10^5 names).

#include <algorithm>
#include <cctype>
#include <string_view>

namespace rs::gui {

/** @brief Whether text holds part; part is already lower case. */
inline bool containsFolded(std::string_view text, std::string_view part) {
    return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
               return std::tolower(static_cast<unsigned char>(a)) == b;
           }) != text.end();
}

/** @brief Whether text is word without case; word is already lower case. */
inline bool equalsFolded(std::string_view text, std::string_view word) {
    return text.size() == word.size() && containsFolded(text, word);
}

} // namespace rs::gui
