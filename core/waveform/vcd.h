#pragma once
// Value Change Dump (IEEE 1364 section 18) export and import of a WaveformStore. Each group
// becomes a $scope module, each signal a $var wire; one store tick is one VCD time unit. The
// timescale is the store's tickSeconds (the nearest VCD unit when it has none exactly), or
// VcdOptions::timescale when tickSeconds is 0; reading sets tickSeconds from $timescale.
//
// Reading accepts the subset this writer produces plus what simulators commonly emit: nested
// scopes (joined with '.' into the group), scalar and vector changes, $dumpvars/$dumpall blocks,
// comments. x and z read as 0, except that a signal's all-x/z values before its first known value
// store nothing (the store reads 0 there anyway); the writer writes x for a signal that has no
// change at tick 0, so export and import give back exactly the same change lists. Signals wider
// than 64 bits, values wider than their signal and real variables are rejected. Every error is a
// VcdError naming the line ("VCD line 12: ...").

#include <istream>
#include <ostream>
#include <string>

#include "waveformfile.h"
#include "waveformstore.h"

namespace rs::waveform {

/** @brief A malformed VCD file; the message names the line. */
class VcdError : public WaveformFileError {
  public:
    using WaveformFileError::WaveformFileError;
};

struct VcdOptions {
    /// one tick when the store's tickSeconds is 0; 10 ns = a 100 MHz clock like the paper's PL
    std::string timescale = "10 ns";
    std::string topModule = "roundscope";
    std::string comment = "RoundScope waveform capture";
};

/** @brief Writes the whole store as VCD text. */
void writeVcd(const WaveformStore& store, std::ostream& out, const VcdOptions& options = {});
/** @brief Writes the store to a file; throws VcdError when it cannot be written. */
void writeVcdFile(const WaveformStore& store, const std::string& path, const VcdOptions& options = {});

/** @brief Parses VCD text into a new store (groups from the scopes below the top module). */
WaveformStore readVcd(std::istream& in);
/** @brief Reads a VCD file; throws VcdError when it cannot be opened or parsed. Calls progress
 *  (fraction of the file's bytes) once per block of 256 KiB read, and throws WaveformCancelled
 *  when it returns false. */
WaveformStore readVcdFile(const std::string& path, const WaveformProgress& progress = {});

} // namespace rs::waveform
