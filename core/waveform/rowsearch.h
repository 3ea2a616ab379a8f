#pragma once
// Search on view rows, whole signals or bit slices alike: the nearest change of a row's value, and the
// nearest change to a value that satisfies a condition. A whole-signal row is its signal's changes
// (navigation.h); a row of bit slices changes where one of its bits does (a change of the signal that
// leaves the row's bits as they were is not a change of the row). Plain C++.

#include <optional>
#include <span>

#include "core/waveform/navigation.h"
#include "core/waveform/viewstate.h"

namespace rs::waveform {

/** @brief Nearest change of the row's value strictly after (forward) or before tick; none for a row
 *  with no signal. */
std::optional<Tick> rowEdge(const WaveformStore& store, const WaveRow& row, Tick tick, bool forward);

/** @brief Nearest change strictly after (forward) or before tick of the row's value to one that
 *  satisfies the condition. */
std::optional<Tick> rowMatch(const WaveformStore& store, const WaveRow& row, Tick tick,
                             const ValueCondition& condition, bool forward);

/** @brief rowEdge() nearest over several rows. */
std::optional<Tick> findRowEdge(const WaveformStore& store, std::span<const WaveRow> rows, Tick tick,
                                bool forward);

/** @brief rowMatch() nearest over several rows. */
std::optional<Tick> findRowMatch(const WaveformStore& store, std::span<const WaveRow> rows, Tick tick,
                                 const ValueCondition& condition, bool forward);

} // namespace rs::waveform
