#pragma once
// The native CPU runner's many-message AEAD runs (target "cpu", option cpu.messages = K > 1): the CPU
// baseline of a GPU launch of K messages (gpu/host/gpusetup.h's convention: message i is the run's message
// under the run's nonce + i, big-endian over the whole nonce, with the run's key and AD, so message 0 is the
// run's own). Under cpu.impl = fast Ascon-AEAD128 encrypts them in SIMD lanes (asconAead128EncryptMulti,
// core/crypto/asconmulti.h), the other AEADs message by message on their allocation-free or keyed fast
// paths; under reference the model encrypts them one by one. A repeat times all K; the figures are per
// message (time / K, throughput = message bytes / that time), as the cuda target reports them. Every
// repeat hands all K outputs to the run's judge (OutputJudge::expectMessages/checkMessage: each against the
// oracle's reference output of its own inputs, oracle::messageInputs, computed once before timing).

#include "core/campaign/runner.h"

namespace rs::campaign {

/** @brief The option naming how many messages a cpu AEAD run encrypts. */
inline constexpr const char* kCpuMessagesOption = "cpu.messages";
/** @brief The most bytes (messages x (message + AD) bytes) a many-message run may hold. */
inline constexpr std::uint64_t kCpuMessagesMaxBytes = std::uint64_t{256} << 20;

/** @brief cpu.messages (1 when unset); RunnerError for anything but a whole number 1..16777216. */
std::uint64_t cpuMessages(const std::map<std::string, std::string>& options);

/** @brief One run of `messages` (> 1) AEAD messages (see the file comment). RunnerError for a block
 *  cipher or ML-DSA operation, for more than kCpuMessagesMaxBytes, or a bad cpu.impl; Cancelled when
 *  `cancel` is set between repeats. Parameters: cpu.impl, cpu.isa, cpu.messages, threads = 1. */
RunOutput runManyMessagesOnCpu(const oracle::Operation& op, const RunKey& key, const RunInputs& inputs,
                               int repeats, std::uint64_t messages,
                               const std::map<std::string, std::string>& options,
                               const std::atomic<bool>& cancel, oracle::OutputJudge& judge);

} // namespace rs::campaign
