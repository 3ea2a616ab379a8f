#pragma once
// FST (GTKWave's compressed waveform format, what `verilator --trace-fst` writes) export and
// import of a WaveformStore, through the fstapi library that ships with Verilator. The layout
// matches the VCD one: a top module scope, one scope per group, one wire per signal, one tick
// per FST time unit; the timescale is a power of ten, the store's tickSeconds rounded to the
// nearest VCD unit (FstOptions::timescale when tickSeconds is 0).
//
// Reading takes the same subset as the VCD reader: signals of 1..64 bits (a wider or real one is
// an FstError naming it), nested scopes joined with '.' into the group below the top scope, a
// " [msb:lsb]" suffix dropped from names, aliases (several names, one handle) as signals with
// the same changes, x/z as 0 except before a signal's first known value (nothing is stored).
// A signal's value names travel as an FST enum table, as Verilator writes SystemVerilog enums.
//
// The fstapi library trusts its input: bytes damaged inside a value block make it exit(255) or
// crash. So a file is read first in a forked child process (about twice the load time): a file the
// library cannot read through, or that is not FST, empty or cut short, is an FstError, and the
// program goes on.
//
// When the fstapi sources or zlib were missing at configure time, fstSupported() is false and
// every function here throws an FstError saying so.

#include <cstddef>
#include <string>

#include "waveformfile.h"
#include "waveformstore.h"

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

/** @brief Writes the whole store as an FST file (LZ4 compressed); throws FstError. */
void writeFstFile(const WaveformStore& store, const std::string& path, const FstOptions& options = {});

/** @brief Reads an FST file; throws FstError when it cannot be opened or holds what the store
 *  cannot (wider or real signals). Calls progress (fraction of the time range read) before
 *  reading values, about every 64 Ki changes and at the end, and throws WaveformCancelled when it
 *  returns false. */
WaveformStore readFstFile(const std::string& path, const WaveformProgress& progress = {});

} // namespace rs::waveform
