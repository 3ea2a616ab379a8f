#pragma once
// Moving through a capture the way a waveform viewer's cursor does: to the next or previous edge
// (value change) of a signal, to the next or previous clock at which a signal holds a value, and the
// cycle axis of a chosen clock (its rising edges numbered 0, 1, 2, ...), so that a trace whose ticks
// are simulator time units still reads in clock cycles. Plain C++ over WaveformStore.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief Tick of the first change of the signal strictly after tick, if any. */
std::optional<Tick> nextEdge(const WaveformStore& store, SignalId id, Tick tick);
/** @brief Tick of the last change of the signal strictly before tick, if any. */
std::optional<Tick> previousEdge(const WaveformStore& store, SignalId id, Tick tick);
/** @brief First tick strictly after tick at which the signal starts to hold value (a change to it). */
std::optional<Tick> nextValue(const WaveformStore& store, SignalId id, Tick tick, std::uint64_t value);
/** @brief Last tick strictly before tick at which the signal starts to hold value. */
std::optional<Tick> previousValue(const WaveformStore& store, SignalId id, Tick tick, std::uint64_t value);
/** @brief nextValue() for a value of any width (words least significant first, zero-extended). */
std::optional<Tick> nextValue(const WaveformStore& store, SignalId id, Tick tick, Words value);
/** @brief previousValue() for a value of any width. */
std::optional<Tick> previousValue(const WaveformStore& store, SignalId id, Tick tick, Words value);
/** @brief First tick >= from at which the signal starts to hold value (tick 0 counts as a start). */
std::optional<Tick> firstValueFrom(const WaveformStore& store, SignalId id, Tick from, Words value);

class ClockAxis;

// --- search over one or several signals (the viewer's F3 / Shift+F3 and N / Shift+N) -------------------

/** @brief How a value search compares: equal to a value, not equal to it, or a masked pattern. */
enum class MatchMode { Equal, NotEqual, Pattern };

/** @brief A value condition: a value matches when its cared bits equal `bits` (care bits past `care`'s
 *  words are all ones, so the bits above a value or pattern must be 0); NotEqual negates that. */
struct ValueCondition {
    MatchMode mode = MatchMode::Equal;
    std::vector<std::uint64_t> bits;
    std::vector<std::uint64_t> care; ///< empty: every bit cared for
    /** @brief Whether a value (words least significant first) satisfies the condition. */
    bool matches(Words value) const;
    /** @brief Bits the value or pattern needs (its highest cared 1 bit, at least 1). */
    int bitsNeeded() const;
};

/** @brief Equal or NotEqual to value. */
ValueCondition valueCondition(MatchMode mode, std::vector<std::uint64_t> value);
/** @brief Parses a masked pattern (no prefix: hex, so "b" alone is the hex digit B): hex digits with '?', 'x'
 * or 'z' as a don't-care nibble ("3?F", optional "0x"/"h" prefix), or "b"/"0b" then bits with '?', 'x' or 'z'
 * as don't-care bits ("b1x0z");
 *  '_' may separate digits. Throws std::invalid_argument with a message naming the bad character. */
ValueCondition parsePattern(std::string_view text);

/** @brief Nearest change strictly after (forward) or before tick of any of the signals. */
std::optional<Tick> findEdge(const WaveformStore& store, std::span<const SignalId> ids, Tick tick,
                             bool forward);
/** @brief Nearest change strictly after (forward) or before tick, of any of the signals, whose new value
 *  satisfies the condition (each change to a matching value is a hit). */
std::optional<Tick> findMatch(const WaveformStore& store, std::span<const SignalId> ids, Tick tick,
                              const ValueCondition& condition, bool forward);

/** @brief Parses a time with its unit ("12.5 ns", "3us"; ps, ns, us, ms or s) into seconds. Throws
 *  std::invalid_argument naming what is wrong (no number, no unit, an unknown unit, a negative time). */
double parseTimeSeconds(std::string_view text);
/** @brief The tick at a time in seconds: at the clock frequency over the axis' cycles when mhz > 0 (as
 *  the ruler reads ns), else over the trace's tick length; none when neither is known. */
std::optional<Tick> tickAtSeconds(double seconds, const ClockAxis& axis, double mhz, double tickSeconds);
/** @brief Parses a cycle number (a whole number >= 0). Throws std::invalid_argument. */
std::int64_t parseCycle(std::string_view text);

/**
 * @brief Ticks <-> clock cycles. The identity axis (one tick per cycle) serves the IP's captures;
 * an axis made from a 1-bit clock numbers its rising edges: cycle c spans [edge c, edge c + 1).
 */
class ClockAxis {
  public:
    /** @brief One tick per cycle. */
    ClockAxis() = default;
    /** @brief The rising edges (0 -> 1 changes) of a 1-bit signal. Throws std::invalid_argument when
     *  the signal is wider than one bit or has no rising edge. */
    static ClockAxis fromClock(const WaveformStore& store, SignalId clock);

    /** @brief True for one tick per cycle. */
    bool isIdentity() const { return m_edges.empty(); }
    /** @brief The cycle that tick falls in, with the fraction of the cycle elapsed (before the
     *  first edge: negative, measured in the first period). */
    double cycleAt(Tick tick) const;
    /** @brief The tick at which cycle c starts (extrapolated with the last period outside the
     *  edges; clamped at 0). */
    Tick tickOfCycle(std::int64_t cycle) const;
    /** @brief Number of rising edges (0 for the identity axis). */
    std::size_t edgeCount() const { return m_edges.size(); }
    /** @brief Ticks per cycle: 1 for the identity axis, else the median period (1 with one edge). */
    double period() const { return m_period; }

    bool operator==(const ClockAxis&) const = default;

  private:
    std::vector<Tick> m_edges;
    double m_period = 1;
};

} // namespace rs::waveform
