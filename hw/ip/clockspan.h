#pragma once
// A half-open range of clocks of a capture: what the lanes of every core (hw/ip/ascon/pipelinelanes.h,
// hw/ip/mldsa/mldsalanes.h) are made of.

#include "core/waveform/waveformstore.h"

namespace rs::hw {

using waveform::Tick;

/** @brief A half-open range of clocks [begin, end). */
struct ClockSpan {
    Tick begin = 0;
    Tick end = 0;
    Tick length() const { return end - begin; }
    bool operator==(const ClockSpan&) const = default;
};

} // namespace rs::hw
