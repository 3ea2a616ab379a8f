#pragma once
// Value Change Dump (IEEE 1364 section 18) export and import of a WaveformStore. Each group
// becomes a $scope module, each signal a $var wire; one store tick is one VCD time unit. The
// timescale is the store's tickSeconds (the nearest VCD unit when it has none exactly), or
// VcdOptions::timescale when tickSeconds is 0; reading sets tickSeconds from $timescale.
//
// Reading accepts the format as IEEE 1364 defines it and simulators write it: identifier codes of
// any printable ASCII ('!'..'~', '$' included, as Verilator and fst2vcd hand them out), signals of
// any width up to WaveformStore::kMaxWidth, nested scopes (joined with '.' into the group), scalar
// and vector changes, $dumpvars/$dumpall blocks, comments. A signal is named by its bare name, or
// group.name / top.group.name when that is taken (see signalnames.h). x and z read as 0, except that
// a signal's all-x/z values before its first known value store nothing (the store reads 0 there
// anyway); the writer writes x for a signal that has no change at tick 0, so export and import give
// back exactly the same change lists. Values wider than their signal and real variables are
// rejected. Every error is a VcdError naming the line ("VCD line 12: ...").
//
// A file cut off in its value section (a killed simulation: it ends inside a line, or between a
// value and its code) loads up to its last complete time step, and the store's truncation() says
// where it was cut. The writer writes through a temporary file (see waveformfile.h). The same reader
// (vcdparse.h) also feeds convertVcdToFst (fst.h), which writes a VCD's changes into an FST file as
// they are read, never holding the file.

#include <istream>
#include <ostream>
#include <string>

#include "core/waveform/waveformfile.h"
#include "core/waveform/waveformstore.h"

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
/** @brief Writes the store to a file, all or nothing (a temporary file renamed over path once every
 *  write succeeded; a device or FIFO path is refused); throws VcdError when it cannot. */
void writeVcdFile(const WaveformStore& store, const std::string& path, const VcdOptions& options = {});

/** @brief Parses VCD text into a new store (groups from the scopes below the top module). */
WaveformStore readVcd(std::istream& in, const ReadLimits& limits = {});
/** @brief Reads a VCD file (a regular file only); throws VcdError when it cannot be opened or
 *  parsed or holds more than limits.maxBytes. Calls progress (fraction of the file's bytes) once per
 *  block of 256 KiB read, and throws WaveformCancelled when it returns false. */
WaveformStore readVcdFile(const std::string& path, const WaveformProgress& progress = {},
                          const ReadLimits& limits = {});

} // namespace rs::waveform
