#include "core/waveform/waveformfile.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <queue>
#include <vector>

#include "core/waveform/fst.h"
#include "core/waveform/vcd.h"

namespace rs::waveform {

namespace {

struct Unit {
    std::string_view name;
    int exponent; ///< seconds = 10^exponent
};
constexpr std::array<Unit, 6> kUnits{
    {{"s", 0}, {"ms", -3}, {"us", -6}, {"ns", -9}, {"ps", -12}, {"fs", -15}}};
constexpr std::array<int, 3> kMultipliers{1, 10, 100};

/** m x 10^exponent seconds, divided rather than multiplied so that it is the double nearest the
 *  exact value (both operands are exact), the same whichever way (10 ns, 1e-8 s) it was named. */
double unitSeconds(int multiplier, int exponent) {
    double divisor = 1; // 10^-exponent, exact up to 10^22
    for (int i = 0; i < -exponent; ++i)
        divisor *= 10;
    return static_cast<double>(multiplier) / divisor;
}

struct Nearest {
    int multiplier;
    const Unit* unit;
};

Nearest nearest(double seconds) {
    Nearest best{1, &kUnits[0]};
    double bestDistance = INFINITY;
    for (const Unit& u : kUnits)
        for (int m : kMultipliers) {
            const double d = std::abs(std::log(seconds / unitSeconds(m, u.exponent)));
            if (d < bestDistance) {
                bestDistance = d;
                best = Nearest{m, &u};
            }
        }
    return best;
}

std::string lowerExtension(const std::string& path) {
    const auto slash = path.find_last_of('/');
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    std::string ext = path.substr(dot);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext;
}

[[noreturn]] void unknownFormat(const std::string& path) {
    throw WaveformFileError("cannot tell the waveform format of " + path +
                            ": the name must end in .vcd (Value Change Dump) or .fst (GTKWave FST)");
}

} // namespace

std::optional<double> parseTimescale(std::string_view text) {
    auto trim = [](std::string_view s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
            s.remove_prefix(1);
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
            s.remove_suffix(1);
        return s;
    };
    text = trim(text);
    std::size_t digits = 0;
    while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
        ++digits;
    const std::string_view number = text.substr(0, digits);
    const std::string_view unit = trim(text.substr(digits));
    int multiplier = 0;
    if (number == "1")
        multiplier = 1;
    else if (number == "10")
        multiplier = 10;
    else if (number == "100")
        multiplier = 100;
    else
        return std::nullopt;
    for (const Unit& u : kUnits)
        if (unit == u.name) return unitSeconds(multiplier, u.exponent);
    return std::nullopt;
}

std::string timescaleText(double seconds) {
    const Nearest n = nearest(seconds);
    return std::to_string(n.multiplier) + " " + std::string(n.unit->name);
}

int timescaleExponent(double seconds) {
    const Nearest n = nearest(seconds);
    return n.unit->exponent + (n.multiplier == 1 ? 0 : n.multiplier == 10 ? 1 : 2);
}

void forEachChangeInTickOrder(const WaveformStore& store,
                              const std::function<void(Tick tick, SignalId id, std::size_t index)>& visit) {
    using Head = std::pair<Tick, SignalId>; // next change tick, signal
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
    std::vector<std::size_t> next(store.signalCount(), 0), counts(store.signalCount());
    for (SignalId i = 0; i < store.signalCount(); ++i) {
        counts[i] = store.changeCount(i);
        if (counts[i] > 0) heads.emplace(store.change(i, 0).tick, i);
    }
    while (!heads.empty()) {
        const auto [tick, i] = heads.top();
        heads.pop();
        visit(tick, i, next[i]);
        if (++next[i] < counts[i]) heads.emplace(store.change(i, next[i]).tick, i);
    }
}

WaveformStore readWaveformFile(const std::string& path, const WaveformProgress& progress,
                               const ReadLimits& limits) {
    const std::string ext = lowerExtension(path);
    if (ext == ".vcd") return readVcdFile(path, progress, limits);
    if (ext == ".fst") return readFstFile(path, progress, limits);
    unknownFormat(path);
}

WaveformStore openWaveformFile(const std::string& path, const WaveformProgress& progress,
                               const ReadLimits& limits) {
    const std::string ext = lowerExtension(path);
    if (ext == ".vcd") return readVcdFile(path, progress, limits);
    if (ext == ".fst") return openFstFile(path, progress, limits);
    unknownFormat(path);
}

double waveformReadSeconds(const std::string& path, const ReadLimits& limits) {
    if (lowerExtension(path) != ".fst" || !fstSupported()) return 0;
    if (limits.childSeconds > 0) return limits.childSeconds;
    try {
        return fstReadSeconds(path);
    } catch (const WaveformFileError&) {
        return 0;
    }
}

void writeWaveformFile(const WaveformStore& store, const std::string& path) {
    const std::string ext = lowerExtension(path);
    if (ext == ".vcd")
        writeVcdFile(store, path);
    else if (ext == ".fst")
        writeFstFile(store, path);
    else
        unknownFormat(path);
}

} // namespace rs::waveform
