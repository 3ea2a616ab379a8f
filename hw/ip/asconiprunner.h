#pragma once
// The campaign runner of the Verilated IP cores (target "ip"): Ascon runs encrypt through AsconIp (the LEA
// and SKINNY -ecb/-ctr operations go through BlockIp, simulated once); each Ascon run reports the clocks it
// took (total, core, per phase, AXI overhead), cycles per byte and the time at a chosen clock (option
// "ip.clock_mhz", default 100: the paper's PL clock), with the unroll setting
// ("ip.unroll", default 1) and the mode ("ip.precomputed" = "1") in its parameters. The simulation is
// deterministic, so repeats give identical counts; wall-clock simulation time is reported apart. The ML-DSA
// ring operations (mldsa-ntt/intt/pwm/pwa) run on the polynomial unit: hw/ip/mldsaiprunner.h.

#include <memory>

#include "core/campaign/runner.h"

namespace rs::hw {

/** @brief A new IP runner (its AsconIp is built on the thread that first runs it). */
std::unique_ptr<campaign::Runner> makeIpRunner();
/** @brief Registers target "ip" with campaign::registerRunner (call once at start-up). */
void registerIpRunner();

} // namespace rs::hw
