#include "core/campaign/units.h"

#include <cmath>
#include <cstdio>

namespace rs::campaign {

namespace {

struct Step {
    double divisor;
    const char* label;
};

// The largest step whose divisor does not exceed the magnitude (the first when none does).
template <std::size_t N> HumanScale pick(const Step (&steps)[N], double magnitude) {
    const double m = std::abs(magnitude);
    std::size_t i = 0;
    while (i + 1 < N && m >= steps[i + 1].divisor)
        ++i;
    return {steps[i].divisor, steps[i].label, false};
}

} // namespace

HumanScale humanScale(const std::string& unit, double magnitude) {
    static const Step rate[] = {{1, "B/s"}, {1e3, "kB/s"}, {1e6, "MB/s"}, {1e9, "GB/s"}};
    static const Step time[] = {{1, "ns"}, {1e3, "µs"}, {1e6, "ms"}, {1e9, "s"}};
    if (unit == "bytes/s" || unit == "B/s") return pick(rate, magnitude);
    if (unit == "ns") return pick(time, magnitude);
    if (unit == "s") {
        HumanScale s = pick(time, magnitude * 1e9);
        s.divisor /= 1e9;
        return s;
    }
    if (unit == "cycles" || unit == "instructions") return {1, unit, true};
    if (unit == "cycles/byte") return {1, "cycles/B", false};
    if (unit == "instructions/byte") return {1, "instructions/B", false};
    if (unit == "bytes") return {1, "B", true};
    return {1, unit, false};
}

std::string formatFixed(double value, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

std::string groupThousands(double value) {
    if (!std::isfinite(value)) return std::to_string(value);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", std::abs(value));
    std::string digits = buf, out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return (value < 0 && out != "0" ? "-" : "") + out;
}

std::string formatScaled(double value, const HumanScale& scale) {
    const double v = value / scale.divisor;
    if (!std::isfinite(v)) return std::isnan(v) ? "nan" : (v < 0 ? "-inf" : "inf");
    // Whole counts and anything of 1000 or more in its scale: grouped whole numbers (no exponent for large
    // figures).
    if ((scale.counts && v == std::round(v)) || std::abs(v) >= 1e3) return groupThousands(v);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string formatValue(double value, const std::string& unit) {
    const HumanScale s = humanScale(unit, value);
    const std::string number = formatScaled(value, s);
    return s.label.empty() ? number : number + " " + s.label;
}

} // namespace rs::campaign
