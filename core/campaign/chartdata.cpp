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

} // namespace

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
            if (request.kind != ChartKind::Metric) {
                if (r.key.target == request.baseline) continue; // E = 1, S = 0 by definition
                const auto b = base.find({r.key.algorithm, r.key.adBytes, r.key.messageBytes});
                if (b == base.end() || y <= 0) {
                    ++out.missingBaseline;
                    continue;
                }
                y = request.kind == ChartKind::Speedup ? b->second / y : 1.0 - y / b->second;
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
            s.points.push_back({static_cast<double>(r.key.messageBytes), y});
        }
        for (auto& [k, s] : series) {
            std::sort(s.points.begin(), s.points.end(),
                      [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
            out.series.push_back(std::move(s));
        }
    }
    if (!metricSeen) throw SpecError("no verified run of campaign(s) has the metric '" + metric + "'");
    switch (request.kind) {
    case ChartKind::Metric:
        out.yLabel = request.metric + (unit.empty() ? "" : " (" + unit + ")");
        break;
    case ChartKind::Speedup:
        out.yLabel = "speedup E = T_" + request.baseline + " / T";
        break;
    case ChartKind::Efficiency:
        out.yLabel = "efficiency S = 1 - T / T_" + request.baseline;
        break;
    }
    return out;
}

} // namespace rs::campaign
