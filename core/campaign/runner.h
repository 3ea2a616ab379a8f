#pragma once
// The runner interface every back end implements (native CPU, the Verilated IP cores, CUDA, RISC-V under
// QEMU/Spike, the Zynq board). What a target is and can do is its TargetDeclaration (targets.h), registered
// with its factory and read without building a runner. A runner executes one run of a campaign: it produces
// the output of the operation on deterministic inputs (so the engine can check it against the C++ model
// before any figure is kept) and then its timings, each value with its unit. Plain C++: external
// tools are driven by the runner itself (QProcess in the Qt-side runners), never by the engine.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/campaignspec.h"
#include "core/campaign/targets.h"
#include "core/crypto/bytes.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"

namespace rs::campaign {

/** @brief One measured value and its unit ("ns", "cycles", "instructions", "bytes/s"). */
struct Measurement {
    std::string
        metric; ///< "time_min", "time_median", "time_max", "cycles", "cycles_per_byte", "throughput", ...
    double value = 0;
    std::string unit;
    bool operator==(const Measurement&) const = default;
};

/** @brief The deterministic inputs of a run (the same for every runner of a campaign): the oracle's. */
using RunInputs = oracle::Inputs;

/** @brief What a runner returns for one run. Its outputs are not here: the runner hands every one of them
 *  (each timed repeat, each launch) to the run's OutputJudge as it produces them. */
struct RunOutput {
    std::vector<Measurement>
        measurements; ///< timings; the engine stores them only when every output verified
    /** @brief The time of every timed repeat in ns, in the order they ran (setTimings). What a comparison
     *  of two campaigns tests and bootstraps, and what Google Benchmark JSON exports; empty for a target
     *  that keeps only its summary (an older store, a tool that prints only min/median/max). */
    std::vector<double> samples;
    std::map<std::string, std::string>
        parameters; ///< what the runner ran with ("ip.unroll" = "1", "threads" = "2", "clock_mhz" = "100")
};

/** @brief Adds v to a big-endian integer over n bytes (the oracle's, for a CTR counter and the nonce of
 *  message i of a many-message run). */
using oracle::addBigEndian;

/** @brief The measurement of this metric in a run's figures; nullptr when it has none. */
const Measurement* findMeasurement(const std::vector<Measurement>& measurements, std::string_view metric);

/** @brief Bytes per second of `bytes` processed in `ns` nanoseconds; 0 for a time that is not positive. */
double throughputOf(std::uint64_t bytes, double ns);

/** @brief The timing figures of a run from the times of its repeats (ns; one value for a simulated time,
 * which is exact): time_min, time_median (the mean of the middle two for an even count) and time_max in ns,
 * and the throughput at the median in bytes/s (0 for a zero time). */
std::vector<Measurement> timingMeasurements(std::vector<double> ns, std::uint64_t messageBytes);

/** @brief Sets a run's timing figures (timingMeasurements, appended to what it holds) and keeps every
 *  repeat's time as its samples, in the order they ran. */
void setTimings(RunOutput& out, std::vector<double> ns, std::uint64_t messageBytes);

/** @brief The metric under which the store keeps each repeat's time (one measurements row per repeat);
 *  the store hands them back as RunRow::samples, never among the figures. */
inline constexpr std::string_view kSampleMetric = "time_sample";

/** @brief A back end. Implementations throw RunnerError for a run they cannot do (the engine records a failed
 * run). */
class Runner {
  public:
    virtual ~Runner() = default;
    /** @brief The target id ("cpu", "cpu-mt", "ip"). */
    virtual std::string target() const = 0;
    /** @brief Whether it can run this algorithm id: the same answer as its declaration's claims (the
     *  conformance test holds the two together). */
    virtual bool supports(std::string_view algorithm) const = 0;
    /** @brief Runs one point: times `repeats` repetitions of the operation on the inputs and passes the
     *  output of EVERY repetition (ciphertext‖tag for AEAD, the ciphertext for block modes) to
     *  judge.check(), so a back end that answers right once and wrong later is caught. A run of several
     *  messages per repetition declares them (judge.expectMessages) and hands every message of every
     *  repetition to judge.checkMessage(). A back end whose figures are exact (simulated clocks, retired
     *  instructions) may run once and judge that one output, saying so in its parameters. Checks `cancel`
     *  between repetitions and throws Cancelled when set. */
    virtual RunOutput run(const RunKey& key, const RunInputs& inputs, int repeats,
                          const std::map<std::string, std::string>& options, const std::atomic<bool>& cancel,
                          oracle::OutputJudge& judge) = 0;
    /** @brief Tool and build facts for the provenance ("verilator" = "5.006", "compiler" = "g++ 12.2.0
     * -O2").*/
    virtual std::map<std::string, std::string> provenance() const { return {}; }
};

/** @brief A run the runner could not do (unsupported algorithm, missing tool); the message says why. */
class RunnerError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief Raised when a run stopped because cancel was set. */
class Cancelled : public std::runtime_error {
  public:
    Cancelled() : std::runtime_error("cancelled") {}
};

/** @brief The value of a run option ("ip.unroll"), or the fallback when the definition does not set it. */
inline std::string optionOr(const std::map<std::string, std::string>& options, const std::string& name,
                            const std::string& fallback) {
    const auto it = options.find(name);
    return it == options.end() ? fallback : it->second;
}

/** @brief How the engine judged one run: the runner's figures are kept only when it is verified. */
struct RunVerdict {
    bool verified = false;
    std::string failure; ///< why not: "wrong answer in output 2: ...", no output, a figure that is no number
    RunOutput output;
    int outputs = 0;     ///< how many outputs the runner handed to the judge
    crypto::Bytes first; ///< the first of them (for logs and tests)
};

/** @brief The engine's verification of one run, the one place it is written: runs the point on the runner
 *  with an oracle::OutputJudge over `expected` (the oracle's reference output of the inputs) and judges
 *  every output it produces, that there was at least one, and that every figure is a finite number.
 *  Throws what the runner throws (RunnerError for a run it cannot do, Cancelled) and RunnerError for an
 *  algorithm the runner does not support. The conformance test calls it as the engine does. */
RunVerdict judgeRun(Runner& runner, const RunKey& key, const RunInputs& inputs, const crypto::Bytes& expected,
                    int repeats, const std::map<std::string, std::string>& options,
                    const std::atomic<bool>& cancel);

/** @brief The run's deterministic inputs (oracle::makeInputs of its algorithm and sizes), so every runner
 *  and every resume sees the same data; SpecError for an unknown algorithm. */
RunInputs makeInputs(const RunKey& key);
/** @brief The oracle's reference output for the inputs (the known answer the engine checks against);
 *  SpecError for an unknown algorithm, RunnerError for inputs it cannot take (ECB on a partial block). */
crypto::Bytes referenceOutput(const RunKey& key, const RunInputs& inputs);

} // namespace rs::campaign
