#pragma once
// The ML-DSA polynomial unit (hw/ip/mldsaip.h) as operations of campaign target "ip": mldsa-ntt,
// mldsa-intt, mldsa-pwm and mldsa-pwa. A point's k polynomials (oracle::Inputs: message = the a operands,
// key = the b operands of PWM/PWA) each go through the Verilated unit once (its clocks are exact, so one
// simulation is the run whatever the repeats), the k results concatenated go to the run's judge.
// Option "ip.butterflies" = 1, 2 or 4 (default 2; any other value, or one not Verilated into this build, is
// a RunnerError naming the built settings); "ip.clock_mhz" as for the other IP cores.
// Measurements: core_cycles (the CYCLES register summed over the k polynomials),
// core_cycles_per_polynomial, cycles (every bus clock: loads, start, polls, unload; what the other IP cores
// store as cycles), bus_cycles_per_polynomial, time_at_clock (the bus clocks at ip.clock_mhz, ns),
// core_time_per_polynomial (ns), time_per_polynomial (the bus clocks of one polynomial, ns: like the CPU's
// time_per_polynomial, the whole job of one polynomial) and time_min/median/max + throughput of the
// bus-clock time. Parameters: ip.butterflies, clock_mhz, polynomials, formula_cycles, simulations.

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "core/campaign/runner.h"
#include "hw/ip/mldsaip.h"

namespace rs::hw {

/** @brief The option naming the butterflies per clock of the ML-DSA unit on target "ip". */
inline constexpr const char* kIpButterfliesOption = "ip.butterflies";

/** @brief The value of ip.butterflies (2 when unset); RunnerError "ip.butterflies: '3' is not a built
 *  setting (built: 1, 2, 4)" for anything that is not one of MlDsaIp::supportedButterflies(). */
int mldsaButterfliesOption(const std::map<std::string, std::string>& options);

/** @brief One run of an ML-DSA operation on the unit (see the file comment), clock_mhz the already checked
 *  ip.clock_mhz. RunnerError for inputs the operation cannot take (not whole polynomials, a coefficient
 *  >= q), a bad ip.butterflies, a bus fault or a run from another thread than the unit's; Cancelled when
 *  `cancel` is raised (checked inside each simulation). */
campaign::RunOutput runMlDsaOnIp(MlDsaIp& ip, const campaign::RunKey& key, const campaign::RunInputs& inputs,
                                 double clockMhz, const std::map<std::string, std::string>& options,
                                 const std::atomic<bool>& cancel, oracle::OutputJudge& judge);

} // namespace rs::hw
