#include "core/waveform/navigation.h"

#include "core/waveform/bitvalue.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace rs::waveform {

std::optional<Tick> nextEdge(const WaveformStore& store, SignalId id, Tick tick) {
    const std::size_t i = store.lowerBound(id, tick + 1);
    if (i >= store.changeCount(id)) return std::nullopt;
    return store.change(id, i).tick;
}

std::optional<Tick> previousEdge(const WaveformStore& store, SignalId id, Tick tick) {
    const std::size_t i = store.lowerBound(id, tick);
    if (i == 0) return std::nullopt;
    return store.change(id, i - 1).tick;
}

std::optional<Tick> nextValue(const WaveformStore& store, SignalId id, Tick tick, std::uint64_t value) {
    return nextValue(store, id, tick, Words(&value, 1));
}

std::optional<Tick> previousValue(const WaveformStore& store, SignalId id, Tick tick, std::uint64_t value) {
    return previousValue(store, id, tick, Words(&value, 1));
}

namespace {
/** The change's whole value equals value: the low word first (the common case stops there). */
bool changeIs(const WaveformStore& store, SignalId id, std::size_t i, Words value) {
    const Change c = store.change(id, i);
    if (c.value != (value.empty() ? 0 : value[0])) return false;
    return store.signal(id).width <= 64 ? value.size() <= 1 || sameValue(value.subspan(1), {})
                                        : sameValue(store.changeWords(id, i), value);
}
} // namespace

std::optional<Tick> nextValue(const WaveformStore& store, SignalId id, Tick tick, Words value) {
    for (std::size_t i = store.lowerBound(id, tick + 1), n = store.changeCount(id); i < n; ++i)
        if (changeIs(store, id, i, value)) return store.change(id, i).tick;
    return std::nullopt;
}

std::optional<Tick> previousValue(const WaveformStore& store, SignalId id, Tick tick, Words value) {
    for (std::size_t i = store.lowerBound(id, tick); i > 0; --i)
        if (changeIs(store, id, i - 1, value)) return store.change(id, i - 1).tick;
    return std::nullopt;
}

std::optional<Tick> firstValueFrom(const WaveformStore& store, SignalId id, Tick from, Words value) {
    if (sameValue(store.wordsAt(id, from), value) &&
        (from == 0 || !sameValue(store.wordsAt(id, from - 1), value)))
        return from;
    return nextValue(store, id, from, value);
}

ClockAxis ClockAxis::fromClock(const WaveformStore& store, SignalId clock) {
    const SignalInfo& info = store.signal(clock);
    if (info.width != 1)
        throw std::invalid_argument("clock " + info.name + " is " + std::to_string(info.width) +
                                    " bits wide; a clock must be a 1-bit signal");
    ClockAxis axis;
    std::uint64_t previous = 0;
    for (std::size_t i = 0, n = store.changeCount(clock); i < n; ++i) {
        const Change c = store.change(clock, i);
        if (c.value == 1 && previous == 0) axis.m_edges.push_back(c.tick);
        previous = c.value;
    }
    if (axis.m_edges.empty()) throw std::invalid_argument("clock " + info.name + " never rises");
    if (axis.m_edges.size() > 1) {
        std::vector<Tick> periods(axis.m_edges.size() - 1);
        for (std::size_t i = 0; i + 1 < axis.m_edges.size(); ++i)
            periods[i] = axis.m_edges[i + 1] - axis.m_edges[i];
        std::nth_element(periods.begin(), periods.begin() + static_cast<std::ptrdiff_t>(periods.size() / 2),
                         periods.end());
        axis.m_period = static_cast<double>(periods[periods.size() / 2]);
    }
    return axis;
}

double ClockAxis::cycleAt(Tick tick) const {
    if (isIdentity()) return static_cast<double>(tick);
    const auto it = std::upper_bound(m_edges.begin(), m_edges.end(), tick);
    if (it == m_edges.begin()) // before the first edge
        return -static_cast<double>(m_edges.front() - tick) / m_period;
    const std::size_t c = static_cast<std::size_t>(it - m_edges.begin()) - 1;
    const double start = static_cast<double>(m_edges[c]);
    const double len = it == m_edges.end() ? m_period : static_cast<double>(*it - m_edges[c]);
    return static_cast<double>(c) + (static_cast<double>(tick) - start) / len;
}

Tick ClockAxis::tickOfCycle(std::int64_t cycle) const {
    if (isIdentity()) return cycle < 0 ? 0 : static_cast<Tick>(cycle);
    const auto n = static_cast<std::int64_t>(m_edges.size());
    double t = 0;
    if (cycle < 0)
        t = static_cast<double>(m_edges.front()) + static_cast<double>(cycle) * m_period;
    else if (cycle < n)
        return m_edges[static_cast<std::size_t>(cycle)];
    else
        t = static_cast<double>(m_edges.back()) + static_cast<double>(cycle - n + 1) * m_period;
    return t <= 0 ? 0 : static_cast<Tick>(std::llround(t));
}

} // namespace rs::waveform

// --- search over one or several signals -------------------------------------------------------------------

namespace rs::waveform {

bool ValueCondition::matches(Words value) const {
    bool same = true;
    const std::size_t n = std::max({value.size(), bits.size(), care.size()});
    for (std::size_t i = 0; i < n && same; ++i) {
        const std::uint64_t v = i < value.size() ? value[i] : 0;
        const std::uint64_t b = i < bits.size() ? bits[i] : 0;
        const std::uint64_t c = i < care.size() ? care[i] : ~std::uint64_t{0};
        same = ((v ^ b) & c) == 0;
    }
    return mode == MatchMode::NotEqual ? !same : same;
}

int ValueCondition::bitsNeeded() const {
    for (std::size_t i = bits.size(); i > 0; --i)
        if (bits[i - 1] != 0) return static_cast<int>(64 * (i - 1)) + std::bit_width(bits[i - 1]);
    return 1;
}

ValueCondition valueCondition(MatchMode mode, std::vector<std::uint64_t> value) {
    if (mode == MatchMode::Pattern) throw std::invalid_argument("a pattern is parsed by parsePattern()");
    return ValueCondition{mode, std::move(value), {}};
}

ValueCondition parsePattern(std::string_view text) {
    ValueCondition c{MatchMode::Pattern, {}, {}};
    int bitsPerDigit = 4;
    std::string_view digits = text;
    const auto lower = [](char ch) {
        return static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    };
    if (digits.size() > 2 && digits[0] == '0' && (lower(digits[1]) == 'b' || lower(digits[1]) == 'x')) {
        bitsPerDigit = lower(digits[1]) == 'b' ? 1 : 4;
        digits.remove_prefix(2);
    } else if (digits.size() > 1 && (lower(digits[0]) == 'b' || lower(digits[0]) == 'h')) {
        bitsPerDigit = lower(digits[0]) == 'b' ? 1 : 4;
        digits.remove_prefix(1);
    }
    // Digits least significant last: collect (value, care) per digit, then pack from the right.
    std::vector<std::pair<unsigned, bool>> parsed;
    for (const char raw : digits) {
        const char ch = lower(raw);
        if (ch == '_') continue;
        if (ch == '?' || ch == 'x' || ch == 'z') {
            parsed.emplace_back(0, false);
            continue;
        }
        int d = -1;
        if (ch >= '0' && ch <= '9') d = ch - '0';
        if (bitsPerDigit == 4 && ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
        if (d < 0 || (bitsPerDigit == 1 && d > 1))
            throw std::invalid_argument(
                std::string("'") + raw + "' in pattern '" + std::string(text) + "' is not a " +
                (bitsPerDigit == 1 ? "bit (0, 1" : "hex digit (0-9, A-F") + ", or ?, x, z for don't care)");
        parsed.emplace_back(static_cast<unsigned>(d), true);
    }
    if (parsed.empty())
        throw std::invalid_argument("pattern '" + std::string(text) + "' has no digits (e.g. 3?F or b1x0z)");
    const std::size_t width = parsed.size() * static_cast<std::size_t>(bitsPerDigit);
    if (width > static_cast<std::size_t>(WaveformStore::kMaxWidth))
        throw std::invalid_argument("pattern '" + std::string(text) + "' is wider than " +
                                    std::to_string(WaveformStore::kMaxWidth) + " bits");
    const std::size_t words = WaveformStore::wordCount(static_cast<int>(width));
    c.bits.assign(words, 0);
    c.care.assign(words, ~std::uint64_t{0}); // bits above the pattern must be 0
    std::size_t bit = 0;
    const std::uint64_t digitMask = (std::uint64_t{1} << bitsPerDigit) - 1;
    for (auto it = parsed.rbegin(); it != parsed.rend();
         ++it, bit += static_cast<std::size_t>(bitsPerDigit)) {
        const std::size_t w = bit / 64, s = bit % 64; // a digit never straddles a word (1 or 4 bits)
        c.bits[w] |= static_cast<std::uint64_t>(it->first) << s;
        if (!it->second) c.care[w] &= ~(digitMask << s);
    }
    return c;
}

std::optional<Tick> findEdge(const WaveformStore& store, std::span<const SignalId> ids, Tick tick,
                             bool forward) {
    std::optional<Tick> best;
    for (const SignalId id : ids) {
        const auto t = forward ? nextEdge(store, id, tick) : previousEdge(store, id, tick);
        if (t && (!best || (forward ? *t < *best : *t > *best))) best = t;
    }
    return best;
}

namespace {
std::optional<Tick> matchIn(const WaveformStore& store, SignalId id, Tick tick,
                            const ValueCondition& condition, bool forward) {
    if (forward) {
        for (std::size_t i = store.lowerBound(id, tick + 1), n = store.changeCount(id); i < n; ++i)
            if (condition.matches(store.changeWords(id, i))) return store.change(id, i).tick;
    } else {
        for (std::size_t i = store.lowerBound(id, tick); i > 0; --i)
            if (condition.matches(store.changeWords(id, i - 1))) return store.change(id, i - 1).tick;
    }
    return std::nullopt;
}
} // namespace

std::optional<Tick> findMatch(const WaveformStore& store, std::span<const SignalId> ids, Tick tick,
                              const ValueCondition& condition, bool forward) {
    std::optional<Tick> best;
    for (const SignalId id : ids) {
        const auto t = matchIn(store, id, tick, condition, forward);
        if (t && (!best || (forward ? *t < *best : *t > *best))) best = t;
    }
    return best;
}

double parseTimeSeconds(std::string_view text) {
    const std::string s(text);
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(s, &used);
    } catch (const std::exception&) {
        throw std::invalid_argument("'" + s + "' is not a time: write a number and a unit, e.g. 12.5 ns");
    }
    std::string unit = s.substr(used);
    unit.erase(0, unit.find_first_not_of(" \t"));
    unit.erase(unit.find_last_not_of(" \t") + 1);
    if (unit.empty()) throw std::invalid_argument("'" + s + "' has no unit: add ps, ns, us, ms or s");
    double scale = 0;
    if (unit == "ps") scale = 1e-12;
    if (unit == "ns") scale = 1e-9;
    if (unit == "us" || unit == "\u00b5s") scale = 1e-6;
    if (unit == "ms") scale = 1e-3;
    if (unit == "s") scale = 1;
    if (scale == 0) throw std::invalid_argument("'" + unit + "' is not a time unit: use ps, ns, us, ms or s");
    if (!std::isfinite(value) || value < 0) throw std::invalid_argument("'" + s + "' is not a time >= 0");
    return value * scale;
}

std::int64_t parseCycle(std::string_view text) {
    std::int64_t c = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), c);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || c < 0)
        throw std::invalid_argument("'" + std::string(text) +
                                    "' is not a cycle number (a whole number >= 0)");
    return c;
}

std::optional<Tick> tickAtSeconds(double seconds, const ClockAxis& axis, double mhz, double tickSeconds) {
    double tick = 0;
    if (mhz > 0) { // the cycle at the clock frequency, between its edges
        const double cycles = seconds * mhz * 1e6;
        const double whole = std::floor(cycles);
        if (whole > 9e15) return std::nullopt;
        const auto c = static_cast<std::int64_t>(whole);
        const auto a = static_cast<double>(axis.tickOfCycle(c)),
                   b = static_cast<double>(axis.tickOfCycle(c + 1));
        tick = a + (cycles - whole) * (b - a);
    } else if (tickSeconds > 0) {
        tick = seconds / tickSeconds;
    } else {
        return std::nullopt;
    }
    if (!std::isfinite(tick) || tick > 9e18) return std::nullopt;
    return static_cast<Tick>(std::llround(tick));
}

} // namespace rs::waveform
