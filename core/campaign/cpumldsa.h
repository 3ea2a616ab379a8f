#pragma once
// The native CPU runner's ML-DSA ring operations (mldsa-ntt, mldsa-intt, mldsa-pwm, mldsa-pwa; target
// "cpu" only): the point's k polynomials (oracle::Inputs: message = the a operands, key = the b operands)
// through the fast path (core/crypto/mldsanttfast.h, AVX2 or portable as the CPU allows) or the
// reference model (core/crypto/mldsantt.h), chosen by the option cpu.impl = fast (default) | reference.
// Every repeat's k results go to the run's judge. Figures: time_min/median/max of one repeat (all k
// polynomials), throughput in bytes/s of the a operands (k x 1024 bytes, the point's message size) and
// time_per_polynomial (the median / k, ns).

#include "core/campaign/runner.h"

namespace rs::campaign {

/** @brief The option naming the implementation on "cpu": the ML-DSA operations and the block ciphers with a
 *  fast path (cpufastblock.h). */
inline constexpr const char* kCpuImplOption = "cpu.impl";

/** @brief The value of cpu.impl ("fast" when unset); RunnerError "cpu.impl: expected fast or reference, got
 *  'x'" for any other value. */
std::string cpuImpl(const std::map<std::string, std::string>& options);

/** @brief One run of an ML-DSA operation on this CPU (see the file comment). RunnerError for inputs the
 *  operation cannot take (a size that is not whole polynomials, a coefficient >= q) or a bad cpu.impl;
 *  Cancelled when `cancel` is set between repeats. Parameters: cpu.impl, cpu.isa ("avx2", "portable";
 *  "scalar" for the reference), polynomials, threads = 1. */
RunOutput runMlDsaOnCpu(const oracle::Operation& op, const RunKey& key, const RunInputs& inputs, int repeats,
                        const std::map<std::string, std::string>& options, const std::atomic<bool>& cancel,
                        oracle::OutputJudge& judge);

/** @brief Provenance of the ML-DSA fast path on this machine: mldsa.fast_isa = the implementation "fast"
 *  runs ("avx2" or "portable"), mldsa.cpu_avx2 = "yes" / "no". */
std::map<std::string, std::string> cpuMlDsaProvenance();

} // namespace rs::campaign
