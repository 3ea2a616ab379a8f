#pragma once
// The nets AsconIpDevice can capture into a WaveformStore, grouped as the waveform view shows them.

#include <cstdint>
#include <vector>

#include "hw/ip/ascon/asconipdevice.h"
#include "hw/ip/bus/axilite.h"

namespace rs::hw::detail {

/** @brief Everything visible in one clock. */
struct ClockView {
    const AxiLiteInputs& in;
    const AxiLiteOutputs& out;
    const AsconIpProbes& probes;
};

struct SignalDef {
    const char* name;
    int width;
    const char* group;
    std::uint64_t (*value)(const ClockView&);
};

/** @brief Every capturable signal, in display order. */
const std::vector<SignalDef>& signalDefs();

} // namespace rs::hw::detail
