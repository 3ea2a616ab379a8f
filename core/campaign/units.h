#pragma once
// Human units for stored figures, one helper for every chart axis, tooltip, table cell and note: bytes/s
// as B/s, kB/s, MB/s or GB/s; ns (or s) as ns, µs, ms or s; cycles and instructions as whole numbers with
// thousands grouping; cycles/byte as cycles/B. The stored value keeps its own unit; only the text scales.

#include <string>

namespace rs::campaign {

/** @brief A display scale for values of one stored unit: shown = value / divisor, followed by label. */
struct HumanScale {
    double divisor = 1;
    std::string label;   ///< "MB/s", "µs", "instructions", "cycles/B"; empty for a plain number
    bool counts = false; ///< whole counts: printed with thousands grouping
};

/** @brief The scale for values of `unit` about as large as `magnitude` (an axis range's largest value,
 *  or the value itself). Unknown units are shown as they are, unscaled. */
HumanScale humanScale(const std::string& unit, double magnitude);

/** @brief A number in a scale: 4 significant digits ("12.35", "1,234"), counts grouped by thousands. */
std::string formatScaled(double value, const HumanScale& scale);

/** @brief "12.35 MB/s", "3.2 µs", "1,234,567 instructions", "41.5 cycles/B": a value with its stored
 *  unit, in the scale that suits its size. */
std::string formatValue(double value, const std::string& unit);

/** @brief A number with this many decimals, as printf's "%.*f" writes it: (1.23456, 3) -> "1.235". */
std::string formatFixed(double value, int decimals);

/** @brief Thousands grouping of an integer-valued number: 1234567 -> "1,234,567". */
std::string groupThousands(double value);

} // namespace rs::campaign
