#pragma once
// Values of any width (64-bit words, least significant first, as the store keeps them) written and
// read as text: hex, decimal and binary digits, for the view, its Find box and the CLI. Plain C++.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief Hex digits of the low `width` bits, with leading zeros to (width + 3) / 4 digits. */
std::string hexDigits(Words value, int width);
/** @brief Binary digits of the low `width` bits, with leading zeros to width digits. */
std::string binaryDigits(Words value, int width);
/** @brief The value in decimal (any width: long division by 10^19). */
std::string decimalDigits(Words value);

/** @brief Parses digits of base 2, 10 or 16 (no prefix, no sign, '_' allowed between digits as in
 *  Verilog) into wordCount(width) words; nullopt when a character is not a digit of the base, there
 *  are no digits, or the value needs more than width bits. */
std::optional<std::vector<std::uint64_t>> parseDigits(std::string_view digits, int base, int width);

/** @brief a == b, a shorter one extended with zeros. */
bool sameValue(Words a, Words b);

} // namespace rs::waveform
