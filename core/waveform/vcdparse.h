#pragma once
// The VCD parser's two outputs (internal to rs_wave): the signal table it reads in the header (names,
// widths, groups, timescale, and at the end where a cut-off file stops) goes into a WaveformStore, and
// the value changes go, as they are read, to a VcdSink. readVcd() hands it a sink that stores them in
// the same store; the VCD to FST conversion (vcdtofst.cpp) one that writes them into the FST file as
// each time step ends, so that nothing is held whole. One parser, two sinks.

#include <cstdint>
#include <istream>
#include <string>

#include "core/waveform/waveformfile.h"
#include "core/waveform/waveformstore.h"

namespace rs::waveform::detail {

/** @brief Receives a VCD file's changes in file order: ticks never go back, and each time step ends
 *  at the next advance() to a later tick (or at the end of the file). */
class VcdSink {
  public:
    virtual ~VcdSink() = default;
    /** @brief The header is read: table holds every signal and the timescale (no changes). */
    virtual void definitions(const WaveformStore& table) = 0;
    /** @brief As WaveformStore::sample: a value of a signal of up to 64 bits. */
    virtual void sample(SignalId id, Tick tick, std::uint64_t value) = 0;
    /** @brief As WaveformStore::sampleWords. */
    virtual void sampleWords(SignalId id, Tick tick, Words words) = 0;
    /** @brief As WaveformStore::advance: a '#' time. */
    virtual void advance(Tick end) = 0;
    /** @brief As WaveformStore::truncate: the file was cut off; only the parser's time step in progress
     *  (end == that step) or none (end == that step + 1) is dropped. */
    virtual void truncate(Tick end) = 0;
    /** @brief Bytes of change data held, which the parser checks against ReadLimits::maxBytes. */
    virtual std::uint64_t heldBytes() const = 0;
};

/** @brief Parses VCD text: the header into table (which must be empty), the changes into sink; the
 *  progress, limits and errors of readVcdFile (vcd.h). */
void parseVcd(std::istream& in, std::uint64_t totalBytes, const WaveformProgress& progress,
              const ReadLimits& limits, WaveformStore& table, VcdSink& sink);

/** @brief Opens a VCD file for reading (a regular file only; a VcdError naming it otherwise) and sets
 *  size to its bytes. The caller closes the descriptor. */
int openVcdFile(const std::string& path, std::uint64_t& size);

} // namespace rs::waveform::detail
