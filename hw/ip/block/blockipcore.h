#pragma once
// The LEA / SKINNY-128-256 / SKINNY-128-384 cores as one IpCore (hw/ip/ipcore.h): every oracle block cipher
// the block IP computes (blockip.h blockIpAlgorithm) in ECB and CTR ("lea-128-ecb", "skinny-128-384-ctr")
// through BlockIp, setting "unroll" (rounds per clock, the settings Verilated for the cipher's core, default
// 1); the clocks per block beside 1 + ceil(rounds / rpc). Simulated once in a campaign (its clocks are
// exact).

#include <memory>

#include "hw/ip/ipcore.h"

namespace rs::hw {

/** @brief A new block core (its models built on the thread that first runs it). */
std::unique_ptr<IpCore> makeBlockIpCore();

} // namespace rs::hw
