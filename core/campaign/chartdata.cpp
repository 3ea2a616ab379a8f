#include "core/campaign/chartdata.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace rs::campaign {

namespace {

double metricOf(const RunRow& r, const std::string& metric, std::string* unit = nullptr) {
    for (const Measurement& m : r.measurements)
        if (m.metric == metric) {
            if (unit) *unit = m.unit;
            return m.value;
        }
    return -1;
}

bool hasMetric(const RunRow& r, const std::string& metric) {
    return std::any_of(r.measurements.begin(), r.measurements.end(),
                       [&](const Measurement& m) { return m.metric == metric; });
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
        const double bytes = static_cast<double>(r.key.messageBytes) * 1e9;
        *lo = bytes / tmax;
        *hi = bytes / tmin;
        return true;
    }
    return false;
}

} // namespace

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
    throw SpecError("chart kind '" + name + "' (choose metric, speedup or efficiency)");
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
    const std::string timeMetric = "time_median";
    const std::string metric = request.kind == ChartKind::Metric ? request.metric : timeMetric;
    std::string unit;
    bool metricSeen = false;
    for (const std::int64_t id : request.campaigns) {
        const std::vector<RunRow> runs = runsOf(id);
        // Baseline median times by (algorithm, AD, message).
        std::map<std::tuple<std::string, std::uint64_t, std::uint64_t>, double> base;
        for (const RunRow& r : runs)
            if (r.verified && r.key.target == request.baseline && hasMetric(r, timeMetric))
                base[{r.key.algorithm, r.key.adBytes, r.key.messageBytes}] = metricOf(r, timeMetric);
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
            if (request.kind == ChartKind::Metric) {
                if (metricRange(r, metric, &lo, &hi)) {
                    lo = std::min(lo, y);
                    hi = std::max(hi, y);
                } else {
                    lo = hi = y;
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
    if (request.kind != ChartKind::Metric) out.baseline = request.baseline;
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
    }
    return out;
}

} // namespace rs::campaign
