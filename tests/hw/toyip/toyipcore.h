#pragma once
// A toy IP core, tests only: what a new core adds to RoundScope. Its folder holds this IpCore
// (hw/ip/ipcore.h); one registration makes the campaign target "ip", the IP facade (IpSession) and the
// explorer's capture run it: in the program a line in hw/ip/ipcores.cpp, {"toy", makeToyIpCore}; in a test
// registerIpCore("toy", makeToyIpCore). It claims SKINNY-128-128 in ECB (an oracle operation no real core
// runs) and "computes" it with the oracle row's model, block by block, at a made-up cost of 1 + ceil(rounds /
// unroll) core clocks per block and 10 bus clocks around each; setting "unroll" = 1, 2 or 4 (default 1). Its
// capture is one signal, "busy", a tick per core clock.

#include <memory>

#include "hw/ip/ipcore.h"

namespace rs::test {

/** @brief The toy core's one operation. */
inline constexpr const char* kToyIpOperation = "skinny-128-128-ecb";

/** @brief A new toy core. */
std::unique_ptr<hw::IpCore> makeToyIpCore();

} // namespace rs::test
