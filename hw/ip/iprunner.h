#pragma once
// The campaign runner of the Verilated IP cores (target "ip"): one runner over the IP core registry
// (hw/ip/ipcores.h). It runs each operation on the core that claims it; the options "ip.<setting>" set that
// core's settings (ip.unroll, ip.precomputed for Ascon; ip.unroll, rounds per clock, for the block cores;
// ip.butterflies for the ML-DSA unit: a value not built into this program is a RunnerError naming the built
// ones), "ip.clock_mhz" (default 100: the paper's PL clock) the clock the simulated clocks are timed at. Each
// run reports the core's figures (hw/ip/ipcore.h campaignFigures: cycles, core cycles, the per-phase or
// per-unit figures), the settings and the clock, and the timing figures of the bus clocks at that clock
// (time_min = time_median = time_max: simulated clocks are exact). A core that simulates every repeat (Ascon)
// has every repeat's output judged and reports the median simulation time (sim_seconds); the others simulate
// once and say so ("simulations").

#include <memory>

#include "core/campaign/runner.h"

namespace rs::hw {

/** @brief A new IP runner (each core's models are built on the thread that first runs that core). */
std::unique_ptr<campaign::Runner> makeIpRunner();
/** @brief The ip target's declaration: it claims what a registered core claims (hw/ip/ipcores.h), builds
 *  nothing to say so, and its figures are simulated clocks. */
campaign::TargetDeclaration ipDeclaration();
/** @brief Registers target "ip" with its declaration (call once at start-up). */
void registerIpRunner();

} // namespace rs::hw
