#include "core/campaign/runner.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <sstream>

#include "core/campaign/cpurunner.h"
#include "core/oracle/operation.h"

namespace rs::campaign {

namespace {

struct Registry {
    // core's own targets are there from the first use.
    Registry() {
        factories["cpu"] = [] { return makeCpuRunner(1); };
        factories["cpu-mt"] = [] { return makeCpuRunner(0); };
    }
    std::mutex mutex;
    std::map<std::string, RunnerFactory, std::less<>> factories;
};

// Function-local so registration from static initialisers elsewhere cannot run before it exists.
Registry& registry() {
    static Registry r;
    return r;
}

} // namespace

void registerRunner(const std::string& target, RunnerFactory factory) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    if (factory)
        r.factories[target] = std::move(factory);
    else
        r.factories.erase(target);
}

std::unique_ptr<Runner> makeRunner(std::string_view target) {
    RunnerFactory factory;
    {
        Registry& r = registry();
        const std::lock_guard lock(r.mutex);
        const auto it = r.factories.find(target);
        if (it == r.factories.end()) return nullptr;
        factory = it->second;
    }
    return factory(); // outside the lock: a factory may be slow or register something itself
}

std::vector<std::string> runnerTargets() {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    std::vector<std::string> ids;
    for (const auto& [id, f] : r.factories)
        ids.push_back(id);
    return ids; // std::map: already sorted
}

std::vector<Measurement> timingMeasurements(std::vector<double> ns, std::uint64_t messageBytes) {
    if (ns.empty()) return {};
    std::sort(ns.begin(), ns.end());
    const std::size_t m = ns.size();
    const double median = m % 2 ? ns[m / 2] : (ns[m / 2 - 1] + ns[m / 2]) / 2;
    const double seconds = median / 1e9;
    return {{"time_min", ns.front(), "ns"},
            {"time_median", median, "ns"},
            {"time_max", ns.back(), "ns"},
            {"throughput", seconds > 0 ? static_cast<double>(messageBytes) / seconds : 0.0, "bytes/s"}};
}

std::vector<std::string> supportedOperations(const Runner& runner) {
    std::vector<std::string> ids;
    for (const std::string& id : oracle::operationIds())
        if (runner.supports(id)) ids.push_back(id);
    return ids;
}

void checkSupported(const CampaignSpec& spec, const TargetRunners& runners) {
    std::map<std::string, std::unique_ptr<Runner>> made;
    for (const std::string& target : spec.targets)
        if (auto r = runners ? runners(target) : makeRunner(target)) made[target] = std::move(r);
    checkSupported(spec, made);
}

void checkSupported(const CampaignSpec& spec, const std::map<std::string, std::unique_ptr<Runner>>& runners) {
    std::string refused;
    for (const std::string& target : spec.targets) {
        const auto runner = runners.find(target);
        if (runner == runners.end()) continue; // the engine refuses a target without a runner by name
        std::vector<std::string> unsupported;
        for (const std::string& alg : spec.algorithms)
            if (!runner->second->supports(alg)) unsupported.push_back(alg);
        if (unsupported.empty()) continue;
        const std::vector<std::string> runs = supportedOperations(*runner->second);
        refused += (refused.empty() ? "" : "; ") + target + " does not run " + oracle::joinIds(unsupported) +
                   " (" + target + " runs " + (runs.empty() ? "none of them" : oracle::joinIds(runs)) + ")";
    }
    // A campaign runs every target on every algorithm: a pair no runner can do is the user's to drop.
    if (!refused.empty())
        throw SpecError("targets x algorithms: " + refused + "; drop the pair or split the campaign");
}

namespace {

/** A figure that is not a number (a division by a zero time, say) is never stored as a timing. */
std::string nonFiniteMeasurement(const std::vector<Measurement>& ms) {
    for (const Measurement& m : ms)
        if (!std::isfinite(m.value)) {
            std::ostringstream s;
            s << "the runner reported " << m.value << " as " << m.metric << "; no figure of this run is kept";
            return s.str();
        }
    return {};
}

} // namespace

RunVerdict judgeRun(Runner& runner, const RunKey& key, const RunInputs& inputs, const crypto::Bytes& expected,
                    int repeats, const std::map<std::string, std::string>& options,
                    const std::atomic<bool>& cancel) {
    if (!runner.supports(key.algorithm))
        throw RunnerError("target " + key.target + " does not run " + key.algorithm);
    // The one oracle judges every output the runner produces, not only the first.
    oracle::OutputJudge judge(expected);
    RunVerdict v;
    v.output = runner.run(key, inputs, repeats, options, cancel, judge);
    v.outputs = judge.count();
    v.first = judge.first();
    if (judge.count() == 0)
        v.failure = "the " + key.target + " runner produced no output to check";
    else if (const auto wrong = judge.failure())
        v.failure = "wrong answer in " + *wrong;
    else
        v.failure = nonFiniteMeasurement(v.output.measurements);
    v.verified = v.failure.empty();
    return v;
}

RunInputs makeInputs(const RunKey& key) {
    try {
        return oracle::makeInputs(key.algorithm, key.messageBytes, key.adBytes);
    } catch (const oracle::OracleError& e) {
        throw SpecError(e.what());
    }
}

crypto::Bytes referenceOutput(const RunKey& key, const RunInputs& inputs) {
    oracle::Operation op;
    try {
        op = oracle::operation(key.algorithm);
    } catch (const oracle::OracleError& e) {
        throw SpecError(e.what());
    }
    try {
        return oracle::referenceOutput(op, inputs);
    } catch (const oracle::OracleError& e) {
        throw RunnerError(e.what());
    }
}

} // namespace rs::campaign
