#pragma once
// A capture's clock for export. The IP's captures are sampled once per clock, one tick a cycle, and hold no
// clock signal: exported as they are, GTKWave and Surfer show the values with no clock beside them. The
// exported file gets a real toggling clock instead. A file's time unit is a power of ten, so a cycle becomes
// an even number of units (a 10 ns tick: 10 units of 1 ns) and a cycle still lasts the capture's tick; the
// clock rises at the start of each cycle, where the capture's values change (as a simulator's registers do
// on the rising edge), and falls half a cycle later.

#include <string>

#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief The name of the clock added to an exported capture. */
inline constexpr const char* kCaptureClockName = "clk";

/** @brief A cycle of a capture whose tick length is unknown (0): the IP's 100 MHz clock (the paper's PL, as
 *  the writers' default timescale has it). */
inline constexpr double kCaptureCycleSeconds = 10e-9;

/** @brief Units per cycle of an exported capture with this tick length: the fewest (even, >= 2) that make
 *  the unit a power of ten of seconds (10 ns: 10 units of 1 ns; 20 ns: 2 of 10 ns); 2 when unknown (0). */
Tick captureUnitsPerCycle(double tickSeconds);

/** @brief The capture with a clock: every signal (name, width, group, value names) with each change at its
 *  tick times captureUnitsPerCycle(), plus a 1-bit `clk` (first, no group) that is 1 in the first half of
 *  each cycle [0, endTick()), and a tick of one unit (the capture's tick, or kCaptureCycleSeconds when it is
 *  unknown, / units per cycle). Throws
 *  std::invalid_argument when the capture already has a signal named clk (not a capture to clock). */
WaveformStore withCaptureClock(const WaveformStore& capture);

/** @brief Writes a capture as .vcd or .fst (writeWaveformFile) with its clock (withCaptureClock); a capture
 *  that already has a `clk` is written as it is. Throws WaveformFileError when it cannot. */
void writeCaptureFile(const WaveformStore& capture, const std::string& path);

} // namespace rs::waveform
