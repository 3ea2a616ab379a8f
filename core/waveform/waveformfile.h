#pragma once
// Waveform files (VCD, FST): what the readers and writers share. A reader reports progress and
// can be cancelled; a file's timescale becomes the store's tickSeconds; the format follows from the
// file name's extension. Readers take only regular files (a device such as /dev/zero, a FIFO or a
// directory is refused before a byte is read) and hold at most ReadLimits::maxBytes. Writers write
// a temporary file beside the target and rename it over the target once every write succeeded
// (rs_fileio's AtomicFile), so a failed write never leaves a half file or touches the target.

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/waveform/waveformstore.h"

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

/** @brief What a reader may hold and spend; past a limit it throws a WaveformFileError that names it. */
struct ReadLimits {
    /// change data held (plus about 256 bytes per signal): a bigger file is refused, not swapped
    std::uint64_t maxBytes = std::uint64_t{4} << 30;
    /// FST: wall-clock (and CPU) seconds one child process of the FST library may run before it is
    /// killed; 0: scaled to the file (fstReadSeconds: a few seconds for a small file, at most 10 minutes)
    double childSeconds = 0;
    /// FST: address space (bytes) a child may allocate beyond what it inherits
    std::uint64_t childMemoryBytes = std::uint64_t{4} << 30;
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
 *  the file writers emit them; index is the change's index (store.changeWords(id, index)). */
void forEachChangeInTickOrder(const WaveformStore& store,
                              const std::function<void(Tick tick, SignalId id, std::size_t index)>& visit);

/** @brief Reads a .vcd or .fst file (by extension, any case) completely; throws WaveformFileError
 *  (VcdError, FstError) when it cannot, WaveformCancelled when progress returned false. */
WaveformStore readWaveformFile(const std::string& path, const WaveformProgress& progress = {},
                               const ReadLimits& limits = {});
/** @brief Opens a file for viewing: a VCD is read completely, an FST lazily (its signals now, each
 *  signal's changes when first asked for; see openFstFile). Same errors as readWaveformFile. */
WaveformStore openWaveformFile(const std::string& path, const WaveformProgress& progress = {},
                               const ReadLimits& limits = {});
/** @brief How long reading the file may take before the reader gives up, in seconds, for a front end to
 *  say ("reading x.fst (up to 40 s)"): an FST's child limit (limits.childSeconds, or fstReadSeconds), 0 for
 *  a VCD (read in the program, with progress and cancel) or a file that cannot be opened (the read then
 *  says why). Reads at most the FST's header block; never blocks. */
double waveformReadSeconds(const std::string& path, const ReadLimits& limits = {});
/** @brief Writes the store as .vcd or .fst (by extension, any case) with default options; throws
 *  WaveformFileError when it cannot. */
void writeWaveformFile(const WaveformStore& store, const std::string& path);

} // namespace rs::waveform
