#pragma once
// Waveform files (VCD, FST): what the readers and writers share. A reader reports progress and
// can be cancelled; a file's timescale becomes the store's tickSeconds; the format follows from the
// file name's extension.

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "waveformstore.h"

namespace rs::waveform {

/** @brief Progress of a long read: fraction is 0..1 of the file (VCD: of its bytes, FST: of its
 *  time range); return false to cancel. */
using WaveformProgress = std::function<bool(double fraction)>;

/** @brief Thrown by a reader when its WaveformProgress returned false. */
class WaveformCancelled : public std::runtime_error {
  public:
    WaveformCancelled() : std::runtime_error("waveform file reading was cancelled") {}
};

/** @brief A waveform file that cannot be read or written (VcdError and FstError derive from it). */
class WaveformFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief Seconds of a VCD timescale: 1, 10 or 100 of s, ms, us, ns, ps or fs, with or without a
 *  space ("1ns", "10 ns", "100fs"); nullopt for anything else. */
std::optional<double> parseTimescale(std::string_view text);
/** @brief The VCD timescale closest to seconds (nearest in ratio, clamped to 1 fs .. 100 s), as
 *  "<1|10|100> <unit>"; exact for every value parseTimescale() returns. */
std::string timescaleText(double seconds);
/** @brief The same timescale as a power of ten (-15 .. 2): FST stores timescales this way. */
int timescaleExponent(double seconds);

/** @brief Visits every change of every signal in tick order (in signal order within a tick), as
 *  the file writers emit them. */
void forEachChangeInTickOrder(const WaveformStore& store,
                              const std::function<void(Tick tick, SignalId id, std::uint64_t value)>& visit);

/** @brief Reads a .vcd or .fst file (by extension, any case); throws WaveformFileError (VcdError,
 *  FstError) when it cannot, WaveformCancelled when progress returned false. */
WaveformStore readWaveformFile(const std::string& path, const WaveformProgress& progress = {});
/** @brief Writes the store as .vcd or .fst (by extension, any case) with default options; throws
 *  WaveformFileError when it cannot. */
void writeWaveformFile(const WaveformStore& store, const std::string& path);

} // namespace rs::waveform
