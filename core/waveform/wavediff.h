#pragma once
// Two dumps compared signal by signal (`roundscope-cli wave diff`, the viewer's diff rows): signals are
// paired by full name (every name the dumps share, or a chosen list), the dumps aligned by time or by a
// chosen signal's first event (its first rising edge when 1 bit wide, else its first change after tick 0:
// that tick of each dump becomes aligned tick 0), and each pair walked over the ticks both dumps cover.
// A pair reports whether it is equal, the first aligned tick where it differs with both values there, the
// number of intervals in which it differs and how many ticks those cover. Pairs of different widths are a
// mismatch of their own (not walked). Values compare as the store holds them: x and z read as 0 (see
// vcd.h), so x differs from 1 and never matches anything as a wildcard. Plain C++.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief A comparison that cannot be made (a signal missing from a dump, an alignment signal that never
 *  changes); the message names the dump ("A" or "B") and the signal. */
class WaveDiffError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/** @brief What to compare and how to align. */
struct WaveDiffOptions {
    /// the signals to pair (full names, in this order); empty: every name both dumps hold, in A's order
    std::vector<std::string> names;
    /// align the dumps on this signal's first event; empty: by time (tick t of A is tick t of B)
    std::string alignSignal;
};

/** @brief One pair of signals of the same name. Ticks are aligned ticks (tick - offset of the dump). */
struct SignalDiff {
    std::string name;
    int widthA = 1;
    int widthB = 1;
    bool equal = true;
    /// the first aligned tick at which the values differ (nullopt when equal or of different widths)
    std::optional<std::int64_t> firstTick;
    std::vector<std::uint64_t> valueA; ///< A's value at firstTick (words, least significant first)
    std::vector<std::uint64_t> valueB; ///< B's value there
    std::uint64_t intervals = 0;       ///< maximal runs of ticks in which the values differ
    std::uint64_t ticks = 0;           ///< ticks covered by those runs
    bool widthMismatch() const { return widthA != widthB; }
};

/** @brief The comparison of two dumps. */
struct WaveDiff {
    Tick offsetA = 0; ///< A's tick that is aligned tick 0 (0 when aligned by time)
    Tick offsetB = 0;
    std::int64_t begin = 0; ///< the aligned ticks compared: [begin, end), those both dumps cover
    std::int64_t end = 0;
    std::vector<SignalDiff> pairs;
    std::vector<std::string> onlyInA; ///< names only A holds (pairing every shared name only)
    std::vector<std::string> onlyInB;
    /** @brief Every pair equal and no signal held by one dump only. */
    bool equal() const;
};

/** @brief Compares dump a with dump b; throws WaveDiffError when a chosen or alignment signal is missing
 *  from a dump, or the alignment signal has no event in one. */
WaveDiff diffWaveforms(const WaveformStore& a, const WaveformStore& b, const WaveDiffOptions& options = {});

/** @brief Two dumps in one store, for the viewer's rows of both and its diff rows. */
struct ComparedDumps {
    /** @brief The compared aligned ticks [diff.begin, diff.end) as ticks 0.. (tick t is aligned tick
     *  diff.begin + t); A's tick length. Per pair of the same width: A's signal "A.<name>" (group "A"),
     *  B's "B.<name>" (group "B") and "diff.<name>" (group "diff", 1 bit: 1 while the two differ). */
    WaveformStore store;
    WaveDiff diff;
    /** @brief Per pair of diff.pairs (same order), its signals in store; none for a width mismatch or
     *  when the dumps share no ticks. */
    struct Rows {
        std::string name;
        std::optional<SignalId> a, b, differs;
    };
    std::vector<Rows> rows;
};

/** @brief diffWaveforms() and the merged store; the same errors. */
ComparedDumps compareDumps(const WaveformStore& a, const WaveformStore& b,
                           const WaveDiffOptions& options = {});

} // namespace rs::waveform
