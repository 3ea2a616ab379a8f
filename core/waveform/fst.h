#pragma once
// FST (GTKWave's compressed waveform format, what `verilator --trace-fst` writes) export and
// import of a WaveformStore, through the fstapi library that ships with Verilator. The layout
// matches the VCD one: a top module scope, one scope per group, one wire per signal, one tick
// per FST time unit; the timescale is a power of ten, the store's tickSeconds rounded to the
// nearest VCD unit (FstOptions::timescale when tickSeconds is 0).
//
// Reading takes what the VCD reader takes: signals of any width up to WaveformStore::kMaxWidth
// (a real or string one is an FstError naming it), nested scopes joined with '.' into the group below
// the top scope, a " [msb:lsb]" suffix dropped from names, aliases (several names, one handle) as
// signals with the same changes, x/z as 0 except before a signal's first known value (nothing is
// stored). A signal's value names travel as an FST enum table, as Verilator writes SystemVerilog enums.
//
// The fstapi library trusts its input: damaged bytes make it exit, crash, loop forever or write
// to freed memory. So the program never runs it on a file it reads: a guarded child process
// (guardedchild.h: a time limit, memory/CPU/file-size limits, death with its parent) runs it and
// streams what it read through a pipe in a simple record format (fstwire.h) that the program checks
// record by record. openFstFile() reads only the hierarchy (fast, like GTKWave) and leaves each
// signal's changes in the file until they are first asked for; readFstFile() reads everything. Each child
// may run for a time scaled to the file (fstReadSeconds), so a damaged small file fails in seconds.
//
// Writing runs the library in a child too (it writes through mmap, which a full disk turns into
// SIGBUS), into a temporary file beside the target with every write checked; the parent renames it
// over the target only after the child succeeded, and never writes to a device or FIFO path.
//
// When the fstapi sources or zlib were missing at configure time, fstSupported() is false and
// every function here throws an FstError saying so.

#include <cstddef>
#include <optional>
#include <string>

#include "core/waveform/waveformfile.h"
#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief An FST file that cannot be read or written, or FST support that was not built. */
class FstError : public WaveformFileError {
  public:
    using WaveformFileError::WaveformFileError;
};

struct FstOptions {
    std::string timescale = "10 ns"; ///< one tick when the store's tickSeconds is 0
    std::string topModule = "roundscope";
    std::string comment = "RoundScope waveform capture"; ///< stored as the file's version string
    /// changes per value-change block; smaller blocks let a reader report progress and stop sooner
    std::size_t changesPerBlock = std::size_t{1} << 21;
};

/** @brief Whether this build has FST support (the fstapi sources and zlib were found). */
bool fstSupported();

/** @brief Writes the whole store as an FST file (LZ4 compressed), all or nothing; throws FstError. */
void writeFstFile(const WaveformStore& store, const std::string& path, const FstOptions& options = {});

/** @brief What convertVcdToFst wrote: as readVcdFile's store of the input would say. */
struct VcdToFst {
    std::size_t signalCount = 0;
    Tick endTick = 0;
    std::optional<Truncation> truncation; ///< where a cut-off input stopped (its last time step is left out)
};

/** @brief Converts a VCD file to FST without holding it: the writer's child runs the VCD reader on the file
 *  and writes each time step into the FST file as it ends, so memory is the signal table and the library's
 *  buffers (one value-change block), however long the file. The FST holds what writeFstFile(readVcdFile(
 *  vcdPath)) writes: the same signals, groups, timescale and changes, a cut-off file to its last complete
 *  time step. Reads vcdPath as readVcdFile does (limits.maxBytes bounds what is held, not the file), and
 *  writes all or nothing as writeFstFile. Calls progress (fraction of the VCD's bytes) about every 256 KiB
 *  read; throws WaveformCancelled when it returns false, a VcdError for a bad VCD file (nothing written),
 *  an FstError when the FST file cannot be written. */
VcdToFst convertVcdToFst(const std::string& vcdPath, const std::string& fstPath,
                         const WaveformProgress& progress = {}, const ReadLimits& limits = {},
                         const FstOptions& options = {});

/** @brief The seconds a child of the FST library may spend on this file, when ReadLimits::childSeconds does
 *  not say (fstheader.h: from the file's size and what its header says it holds, between a floor of a few
 *  seconds and a ceiling of 10 minutes), so that a damaged file that makes the library loop fails in
 *  seconds, not minutes. Throws FstError when the file cannot be opened (not a regular file, ...). */
double fstReadSeconds(const std::string& path);

/** @brief Reads an FST file completely; throws FstError when it cannot be opened or holds what the
 *  store cannot (real signals), or past a limit. Calls progress (fraction of the time range read)
 *  before reading values, about every 64 Ki changes, at least every 250 ms and at the end, and throws
 *  WaveformCancelled when it returns false. */
WaveformStore readFstFile(const std::string& path, const WaveformProgress& progress = {},
                          const ReadLimits& limits = {});
/** @brief Opens an FST file for viewing: its signals (names, widths, groups, value names) and time
 *  range now, each signal's changes when first asked for (WaveformStore::load; a failure there is
 *  the signal's loadError()). Same errors as readFstFile for the hierarchy. */
WaveformStore openFstFile(const std::string& path, const WaveformProgress& progress = {},
                          const ReadLimits& limits = {});

} // namespace rs::waveform
