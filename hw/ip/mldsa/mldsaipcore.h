#pragma once
// The ML-DSA polynomial unit (hw/ip/mldsa/mldsaip.h) as an IpCore (hw/ip/ipcore.h): the oracle's ML-DSA ring
// operations (mldsa-ntt, mldsa-intt, mldsa-pwm, mldsa-pwa). A run's k polynomials (oracle::Inputs: message =
// the a operands, key = the b operands of PWM/PWA) each go through the Verilated unit once, their results
// concatenated are the output. Setting "butterflies" = B (the Verilated settings 1, 2, 4; default 2, the
// paper's design point). Campaign figures (one simulation is the run: its clocks are exact): core_cycles (the
// CYCLES register summed over the k polynomials), core_cycles_per_polynomial, cycles (every bus clock: loads,
// start, polls, unload; what the other IP cores store as cycles), bus_cycles_per_polynomial, time_at_clock
// (the bus clocks at ip.clock_mhz, ns), core_time_per_polynomial (ns), time_per_polynomial (the bus clocks of
// one polynomial, ns: like the CPU's time_per_polynomial, the whole job of one polynomial); parameters
// polynomials, formula_cycles, core.

#include <memory>

#include "hw/ip/ipcore.h"

namespace rs::hw {

/** @brief A new ML-DSA unit core (its models built on the thread that first runs it). */
std::unique_ptr<IpCore> makeMlDsaIpCore();

} // namespace rs::hw
