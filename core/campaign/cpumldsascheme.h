#pragma once
// The native CPU runner's ML-DSA scheme operations (mldsa-44-keygen, mldsa-65-sign, mldsa-87-verify, ...;
// targets "cpu" and "cpu-mt"): crypto::mldsaKeyGen / mldsaSign / mldsaVerify through the fast path or the
// reference model, chosen by the option cpu.impl = fast (default) | reference (crypto::MlDsaImpl).
// Every output is its own case of the run (core/oracle/mldsascheme.h: case k's seed or message is the run's
// plus k), judged case by case by the run's judge (campaign::judgeRun sets it). What a repeat times:
//  - keygen: KeyGen_internal of the case's seed;
//  - sign: Sign of the case's message under the run's key pair (generated once, untimed), deterministic;
//  - verify: Verify of the case's signature (signed untimed before the repeat); after the timed call, the
//    same signature with a bit of c~ flipped is verified untimed and must be refused.
// "cpu" runs one case a repeat; "cpu-mt" one case per thread (cpu-mt.threads, all by default), in parallel,
// each handed to the judge as a message of the repeat. Figures: time_min/median/max of a repeat (ns),
// time_per_operation (median / operations of a repeat, ns), operations_per_second (ops/s at the median);
// sign also attempts_min/median/max/mean (iterations of Sign's loop per signature, over every timed
// signature). No throughput: a signature's cost is per operation, not per byte. Parameters: cpu.impl,
// operations (per repeat), threads, warmups, mldsa.parameter_set.

#include <cstddef>

#include "core/campaign/runner.h"

namespace rs::campaign {

/** @brief One run of an ML-DSA scheme operation on this CPU with `threads` operations a repeat (1 for "cpu";
 *  `multiThread` says the target is "cpu-mt"). RunnerError for a bad cpu.impl, inputs the operation cannot
 *  take, or a judge that does not judge case by case; Cancelled between repeats. */
RunOutput runMlDsaSchemeOnCpu(const oracle::Operation& op, const RunKey& key, const RunInputs& inputs,
                              int repeats, std::size_t threads, bool multiThread,
                              const std::map<std::string, std::string>& options,
                              const std::atomic<bool>& cancel, oracle::OutputJudge& judge);

} // namespace rs::campaign
