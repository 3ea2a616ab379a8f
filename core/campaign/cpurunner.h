#pragma once
// The native CPU runner: the rs_crypto fast paths on this machine, one thread ("cpu") or all
// threads ("cpu-mt", the message split into equal independent jobs of whole blocks / messages).
// Times with std::chrono::steady_clock after one untimed warm-up; reports min/median/max in ns, every
// repeat's time, and throughput in bytes/s.
// ECB/CTR of LEA and SKINNY-128 take their fast many-block paths (cpufastblock.h) unless the option cpu.impl
// = reference says otherwise; "cpu" also runs the ML-DSA ring operations (cpumldsa.h, the same option);
// "cpu-mt" does not (supports() is false for them). Both run the ML-DSA scheme operations (keygen, sign,
// verify: cpumldsascheme.h, the same option mapped to crypto::MlDsaImpl).

#include "core/campaign/runner.h"

namespace rs::campaign {

/** @brief Untimed repeats the CPU runner makes before the timed ones (their outputs are judged too); its
 *  runs say so in the parameter "warmups". */
inline constexpr int kCpuWarmups = 1;

/** @brief threads 1 = "cpu"; 0 = all hardware threads ("cpu-mt"). */
std::unique_ptr<Runner> makeCpuRunner(int threads);
/** @brief The declaration of "cpu" (threads 1) or "cpu-mt" (0): every operation of the oracle, the ML-DSA
 *  ring operations on "cpu" only; needs no tool; measured; no Slurm needs. core registers both itself. */
TargetDeclaration cpuDeclaration(int threads);

} // namespace rs::campaign
