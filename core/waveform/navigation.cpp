#include "core/waveform/navigation.h"

#include "core/waveform/bitvalue.h"

#include <algorithm>
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
