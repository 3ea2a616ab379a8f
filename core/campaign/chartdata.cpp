#include "core/campaign/chartdata.h"

#include "core/oracle/algorithms.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace rs::campaign {

namespace {

double metricOf(const RunRow& r, const std::string& metric, std::string* unit = nullptr) {
    const Measurement* m = findMeasurement(r.measurements, metric);
    if (m && unit) *unit = m->unit;
    return m ? m->value : -1;
}

bool hasMetric(const RunRow& r, const std::string& metric) {
    return findMeasurement(r.measurements, metric) != nullptr;
}

// The stored spread of a metric: "X_median" has X_min and X_max; a throughput follows from the times
// (bytes over the slowest and the fastest repeat). False when the run stores none.
bool metricRange(const RunRow& r, const std::string& metric, double* lo, double* hi) {
    const auto median = metric.rfind("_median");
    if (median != std::string::npos && median + 7 == metric.size()) {
        const std::string stem = metric.substr(0, median);
        if (!hasMetric(r, stem + "_min") || !hasMetric(r, stem + "_max")) return false;
        *lo = metricOf(r, stem + "_min");
        *hi = metricOf(r, stem + "_max");
        return true;
    }
    const auto thr = metric.rfind("throughput");
    if (thr != std::string::npos && thr + 10 == metric.size() && r.key.messageBytes > 0) {
        const std::string stem = metric.substr(0, thr) + "time";
        if (!hasMetric(r, stem + "_min") || !hasMetric(r, stem + "_max")) return false;
        const double tmin = metricOf(r, stem + "_min"), tmax = metricOf(r, stem + "_max");
        if (!(tmin > 0) || !(tmax > 0)) return false;
        *lo = throughputOf(r.key.messageBytes, tmax);
        *hi = throughputOf(r.key.messageBytes, tmin);
        return true;
    }
    return false;
}

std::string joined(const std::set<std::string>& names) {
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? "none" : out;
}

} // namespace

bool higherIsFaster(const std::string& metric, const std::string& unit) {
    // A rate (bytes/s, or any unit per second) grows as the work gets faster; a time, a cycle or an
    // instruction count (per byte or not) is a cost.
    const auto thr = metric.rfind("throughput");
    if (thr != std::string::npos && thr + 10 == metric.size()) return true;
    return unit.size() > 2 && unit.compare(unit.size() - 2, 2, "/s") == 0;
}

std::string defaultRelativeTo(const std::vector<std::string>& algorithms) {
    for (const oracle::AeadAlgorithm& a : oracle::aeadAlgorithms())
        if (a.ascon && *a.ascon == crypto::AsconAeadVariant::AsconAead128 &&
            std::find(algorithms.begin(), algorithms.end(), a.id) != algorithms.end())
            return a.id;
    return {};
}

std::string simulationNote(const RunRow& run) {
    const auto& p = run.parameters;
    if (const auto mhz = p.find("clock_mhz"); mhz != p.end())
        return "simulated: IP clock cycles at " + mhz->second + " MHz";
    if (const auto sim = p.find("simulator"); sim != p.end())
        return "simulated: " + sim->second + " instruction counts";
    if (const auto sims = p.find("simulations"); sims != p.end()) return "simulated: " + sims->second;
    return {};
}

ChartKind chartKindFromName(const std::string& name) {
    if (name == "metric") return ChartKind::Metric;
    if (name == "speedup") return ChartKind::Speedup;
    if (name == "efficiency") return ChartKind::Efficiency;
    if (name == "relative") return ChartKind::Relative;
    throw SpecError("chart kind '" + name + "' (choose metric, speedup, efficiency or relative)");
}

ChartData chartData(const CampaignStore& store, const ChartRequest& request) {
    return chartData(request, [&store](std::int64_t id) {
        if (!store.campaign(id))
            throw StoreError("no campaign " + std::to_string(id) + " in " + store.path());
        return store.runs(id);
    });
}

ChartData chartData(const ChartRequest& request,
                    const std::function<std::vector<RunRow>(std::int64_t)>& runsOf) {
    ChartData out;
    const bool several = request.campaigns.size() > 1;
    const bool relative = request.kind == ChartKind::Relative;
    const std::string timeMetric = "time_median";
    const std::string metric = request.kind == ChartKind::Metric || relative ? request.metric : timeMetric;
    std::string unit;
    bool metricSeen = false;
    std::set<std::string> targetsWithoutBaseline;
    for (const std::int64_t id : request.campaigns) {
        const std::vector<RunRow> runs = runsOf(id);
        // Baseline median times by (algorithm, AD, message).
        std::map<std::tuple<std::string, std::uint64_t, std::uint64_t>, double> base;
        for (const RunRow& r : runs)
            if (r.verified && r.key.target == request.baseline && hasMetric(r, timeMetric))
                base[{r.key.algorithm, r.key.adBytes, r.key.messageBytes}] = metricOf(r, timeMetric);
        // Relative charts: the baseline algorithm's figure by (target, AD, message), from its verified runs.
        std::map<std::tuple<std::string, std::uint64_t, std::uint64_t>, double> baseAlgorithm;
        if (relative) {
            std::set<std::string> algorithms, targets, baseTargets;
            for (const RunRow& r : runs) {
                algorithms.insert(r.key.algorithm);
                targets.insert(r.key.target);
                if (r.key.algorithm != request.relativeTo) continue;
                baseTargets.insert(r.key.target);
                if (r.verified && hasMetric(r, metric) && metricOf(r, metric) > 0)
                    baseAlgorithm[{r.key.target, r.key.adBytes, r.key.messageBytes}] = metricOf(r, metric);
            }
            const std::string campaign = "campaign " + std::to_string(id);
            if (request.relativeTo.empty())
                throw ChartBaselineError("a relative chart needs a baseline algorithm (the algorithms of " +
                                         campaign + ": " + joined(algorithms) + ")");
            if (!algorithms.count(request.relativeTo))
                throw ChartBaselineError("'" + request.relativeTo + "' is not an algorithm of " + campaign +
                                         " (its algorithms: " + joined(algorithms) + ")");
            for (const std::string& t : targets)
                if (!baseTargets.count(t)) targetsWithoutBaseline.insert(t);
        }
        std::map<std::tuple<std::string, std::string, std::uint64_t>, ChartSeries> series;
        for (const RunRow& r : runs) {
            if (!r.verified) {
                ++out.failedRuns;
                continue;
            }
            if (!hasMetric(r, metric)) continue;
            metricSeen = true;
            double y = metricOf(r, metric, &unit);
            double lo = y, hi = y;
            if (request.kind == ChartKind::Metric || relative) {
                if (metricRange(r, metric, &lo, &hi)) {
                    lo = std::min(lo, y);
                    hi = std::max(hi, y);
                } else {
                    lo = hi = y;
                }
                if (relative) {
                    // value / baseline value at the same target, AD and message; the bars by the same divisor
                    // (the baseline's median), so the baseline itself is exactly 1 with its own spread.
                    const auto b = baseAlgorithm.find({r.key.target, r.key.adBytes, r.key.messageBytes});
                    if (b == baseAlgorithm.end()) {
                        ++out.missingBaseline;
                        continue;
                    }
                    const double vb = b->second;
                    y = r.key.algorithm == request.relativeTo ? 1.0 : y / vb;
                    lo /= vb;
                    hi /= vb;
                }
            } else {
                if (r.key.target == request.baseline) continue; // E = 1, S = 0 by definition
                const auto b = base.find({r.key.algorithm, r.key.adBytes, r.key.messageBytes});
                if (b == base.end() || y <= 0) {
                    ++out.missingBaseline;
                    continue;
                }
                const double t = y, tb = b->second;
                double tmin = t, tmax = t;
                if (hasMetric(r, "time_min") && hasMetric(r, "time_max")) {
                    tmin = std::min(t, metricOf(r, "time_min"));
                    tmax = std::max(t, metricOf(r, "time_max"));
                }
                if (!(tmin > 0)) tmin = t;
                if (request.kind == ChartKind::Speedup) {
                    y = tb / t;
                    lo = tb / tmax;
                    hi = tb / tmin;
                } else {
                    y = 1.0 - t / tb;
                    lo = 1.0 - tmax / tb;
                    hi = 1.0 - tmin / tb;
                }
            }
            ChartSeries& s = series[{r.key.target, r.key.algorithm, r.key.adBytes}];
            if (s.points.empty()) {
                s.campaign = id;
                s.target = r.key.target;
                s.algorithm = r.key.algorithm;
                s.adBytes = r.key.adBytes;
                s.label = (several ? "#" + std::to_string(id) + " " : std::string()) + r.key.target + " " +
                          r.key.algorithm + (r.key.adBytes ? " AD " + std::to_string(r.key.adBytes) : "");
            }
            if (s.simulated.empty()) s.simulated = simulationNote(r);
            s.points.push_back({static_cast<double>(r.key.messageBytes), y, lo, hi});
        }
        for (auto& [k, s] : series) {
            std::sort(s.points.begin(), s.points.end(),
                      [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
            out.series.push_back(std::move(s));
        }
    }
    for (const ChartSeries& s : out.series)
        if (!s.simulated.empty() &&
            std::find(out.notes.begin(), out.notes.end(), s.simulated) == out.notes.end())
            out.notes.push_back(s.simulated);
    out.kind = request.kind;
    if (request.kind == ChartKind::Speedup || request.kind == ChartKind::Efficiency)
        out.baseline = request.baseline;
    if (!metricSeen) throw SpecError("no verified run of campaign(s) has the metric '" + metric + "'");
    switch (request.kind) {
    case ChartKind::Metric:
        out.yLabel = request.metric + (unit.empty() ? "" : " (" + unit + ")");
        out.yName = request.metric;
        out.yUnit = unit;
        break;
    case ChartKind::Speedup:
        out.yLabel = out.yName = "speedup E = T_" + request.baseline + " / T";
        break;
    case ChartKind::Efficiency:
        out.yLabel = out.yName = "efficiency S = 1 - T / T_" + request.baseline;
        break;
    case ChartKind::Relative:
        // A ratio of two figures in one unit: no unit of its own, and the axis says which way is better.
        out.baseline = request.relativeTo;
        out.metric = request.metric;
        out.higherIsFaster = higherIsFaster(request.metric, unit);
        out.yLabel = out.yName = request.metric + " relative to " + request.relativeTo +
                                 (out.higherIsFaster ? " (higher is faster)" : " (lower is faster)");
        out.targetsWithoutBaseline.assign(targetsWithoutBaseline.begin(), targetsWithoutBaseline.end());
        break;
    }
    return out;
}

} // namespace rs::campaign
