#include "core/waveform/rowsearch.h"

#include <algorithm>
#include <vector>

#include "core/waveform/rowvalue.h"

namespace rs::waveform {

namespace {

/** The signals a row of bit slices is made of, each once. */
std::vector<SignalId> partSignals(const WaveRow& row) {
    std::vector<SignalId> ids;
    for (const BitRef& b : row.bits)
        if (std::find(ids.begin(), ids.end(), b.id) == ids.end()) ids.push_back(b.id);
    return ids;
}

/** The next (previous) change of a bit-slice row from tick: a change of a part signal that changes the
 *  row's bits; `accept` is asked for its new value. */
template <typename Accept>
std::optional<Tick> bitRowChange(const WaveformStore& store, const WaveRow& row, Tick tick, bool forward,
                                 const Accept& accept) {
    const auto ids = partSignals(row);
    for (std::optional<Tick> t = findEdge(store, ids, tick, forward); t;
         t = findEdge(store, ids, *t, forward)) {
        const auto now = rowWordsAt(store, row, *t);
        if ((*t == 0 || now != rowWordsAt(store, row, *t - 1)) && accept(now)) return t;
    }
    return std::nullopt;
}

template <typename Each>
std::optional<Tick> nearest(std::span<const WaveRow> rows, bool forward, const Each& each) {
    std::optional<Tick> best;
    for (const WaveRow& row : rows) {
        const auto t = each(row);
        if (t && (!best || (forward ? *t < *best : *t > *best))) best = t;
    }
    return best;
}

} // namespace

std::optional<Tick> rowEdge(const WaveformStore& store, const WaveRow& row, Tick tick, bool forward) {
    if (!row.isSignal()) return std::nullopt;
    if (row.bits.empty()) return forward ? nextEdge(store, row.id, tick) : previousEdge(store, row.id, tick);
    return bitRowChange(store, row, tick, forward, [](const std::vector<std::uint64_t>&) { return true; });
}

std::optional<Tick> rowMatch(const WaveformStore& store, const WaveRow& row, Tick tick,
                             const ValueCondition& condition, bool forward) {
    if (!row.isSignal()) return std::nullopt;
    if (row.bits.empty())
        return findMatch(store, std::span<const SignalId>(&row.id, 1), tick, condition, forward);
    return bitRowChange(store, row, tick, forward,
                        [&condition](const std::vector<std::uint64_t>& v) { return condition.matches(v); });
}

std::optional<Tick> findRowEdge(const WaveformStore& store, std::span<const WaveRow> rows, Tick tick,
                                bool forward) {
    return nearest(rows, forward, [&](const WaveRow& r) { return rowEdge(store, r, tick, forward); });
}

std::optional<Tick> findRowMatch(const WaveformStore& store, std::span<const WaveRow> rows, Tick tick,
                                 const ValueCondition& condition, bool forward) {
    return nearest(rows, forward,
                   [&](const WaveRow& r) { return rowMatch(store, r, tick, condition, forward); });
}

} // namespace rs::waveform
