#include "core/campaign/runner.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/oracle/mldsascheme.h"
#include "core/oracle/operation.h"

namespace rs::campaign {

const Measurement* findMeasurement(const std::vector<Measurement>& measurements, std::string_view metric) {
    const auto it = std::find_if(measurements.begin(), measurements.end(),
                                 [&](const Measurement& m) { return m.metric == metric; });
    return it == measurements.end() ? nullptr : &*it;
}

double throughputOf(std::uint64_t bytes, double ns) {
    return ns > 0 ? static_cast<double>(bytes) / (ns / 1e9) : 0.0;
}

std::vector<Measurement> timingMeasurements(std::vector<double> ns, std::uint64_t messageBytes) {
    if (ns.empty()) return {};
    std::sort(ns.begin(), ns.end());
    const std::size_t m = ns.size();
    const double median = m % 2 ? ns[m / 2] : (ns[m / 2 - 1] + ns[m / 2]) / 2;
    return {{"time_min", ns.front(), "ns"},
            {"time_median", median, "ns"},
            {"time_max", ns.back(), "ns"},
            {"throughput", throughputOf(messageBytes, median), "bytes/s"}};
}

void setTimings(RunOutput& out, std::vector<double> ns, std::uint64_t messageBytes) {
    out.samples = ns;
    for (Measurement& m : timingMeasurements(std::move(ns), messageBytes))
        out.measurements.push_back(std::move(m));
}

namespace {

/** A figure that is not a number (a division by a zero time, say) is never stored as a timing. */
std::string nonFiniteMeasurement(const RunOutput& out) {
    for (const Measurement& m : out.measurements)
        if (!std::isfinite(m.value)) {
            std::ostringstream s;
            s << "the runner reported " << m.value << " as " << m.metric << "; no figure of this run is kept";
            return s.str();
        }
    for (std::size_t i = 0; i < out.samples.size(); ++i)
        if (!std::isfinite(out.samples[i]) || out.samples[i] < 0) {
            std::ostringstream s;
            s << "the runner reported " << out.samples[i] << " ns as the time of repeat " << i + 1
              << "; no figure of this run is kept";
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
    // An ML-DSA scheme run's outputs are each their own case (a seed or a message per repeat).
    if (const auto op = oracle::findOperation(key.algorithm); op && op->mldsaScheme) {
        try {
            oracle::judgeMlDsaSchemeRun(judge, *op->mldsaScheme, inputs);
        } catch (const oracle::OracleError& e) {
            throw RunnerError(e.what());
        }
    }
    RunVerdict v;
    v.output = runner.run(key, inputs, repeats, options, cancel, judge);
    v.outputs = judge.count();
    v.first = judge.first();
    if (judge.count() == 0)
        v.failure = "the " + key.target + " runner produced no output to check";
    else if (const auto wrong = judge.failure())
        v.failure = "wrong answer in " + *wrong;
    else
        v.failure = nonFiniteMeasurement(v.output);
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
