#pragma once
// Value Change Dump (IEEE 1364 section 18) export and import of a WaveformStore. Each group
// becomes a $scope module, each signal a $var wire; one store tick is one VCD time unit of the
// given timescale (a clock cycle of the simulated IP). Reading accepts the subset this writer
// produces plus what simulators commonly emit: nested scopes (joined with '.' into the group),
// scalar and vector changes, x/z read as 0, $dumpvars/$dumpall blocks, comments. Signals wider
// than 64 bits and real variables are rejected.

#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>

#include "waveformstore.h"

namespace rs::waveform {

/** @brief A malformed VCD file; the message names the line. */
class VcdError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct VcdOptions {
    std::string timescale = "10 ns"; ///< one tick; 10 ns = a 100 MHz clock like the paper's PL
    std::string topModule = "roundscope";
    std::string comment = "RoundScope waveform capture";
};

/** @brief Writes the whole store as VCD text. */
void writeVcd(const WaveformStore& store, std::ostream& out, const VcdOptions& options = {});
/** @brief Writes the store to a file; throws VcdError when it cannot be written. */
void writeVcdFile(const WaveformStore& store, const std::string& path, const VcdOptions& options = {});

/** @brief Parses VCD text into a new store (groups from the scopes below the top module). */
WaveformStore readVcd(std::istream& in);
/** @brief Reads a VCD file; throws VcdError when it cannot be opened or parsed. */
WaveformStore readVcdFile(const std::string& path);

} // namespace rs::waveform
