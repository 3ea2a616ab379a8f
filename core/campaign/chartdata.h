#pragma once
// What the campaign charts plot, computed from stored runs: one series per (campaign, target,
// algorithm, AD size) of (message bytes, value). Kinds: a stored metric as it is (throughput,
// time_median, cycles_per_byte, ...), and paper 004's definitions against a baseline target of the
// same campaign, same algorithm, AD and message size: speedup E = T_base / T and efficiency
// S = 1 - T / T_base, from the median times. Only verified runs count; a point without its
// baseline is left out (and counted). Plain C++, shared by the CLI's `chart` and the Charts page.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/campaign/campaignstore.h"

namespace rs::campaign {

enum class ChartKind { Metric, Speedup, Efficiency };

struct ChartRequest {
    std::vector<std::int64_t> campaigns; ///< one, or several side by side
    ChartKind kind = ChartKind::Metric;
    std::string metric = "throughput"; ///< for ChartKind::Metric
    std::string baseline = "cpu";      ///< baseline target for speedup and efficiency
};

struct ChartPoint {
    double x = 0; ///< message bytes
    double y = 0;
    /// The spread of the stored repeats around y (time_min/time_max, or what follows from them for
    /// throughput, speedup and efficiency); both equal y when the run stores none.
    double yMin = 0, yMax = 0;
};

struct ChartSeries {
    std::string label; ///< "#3 cpu-mt ascon-aead128 AD 0" (campaign id first when several)
    std::int64_t campaign = 0;
    std::string target, algorithm;
    std::uint64_t adBytes = 0;
    std::vector<ChartPoint> points; ///< sorted by x
    std::string simulated;          ///< simulationNote() of its runs; empty when measured
};

struct ChartData {
    std::vector<ChartSeries> series;
    ChartKind kind = ChartKind::Metric;
    std::string yLabel; ///< "throughput (bytes/s)", "speedup E = T_cpu / T", ...
    std::string yName;  ///< yLabel without the unit: "throughput", "speedup E = T_cpu / T"
    std::string yUnit; ///< the stored unit of the values ("bytes/s", "ns", "instructions"); empty for E and S
    std::string baseline;           ///< the baseline target of speedup and efficiency; empty for a metric
    std::vector<std::string> notes; ///< the distinct simulation notes of the plotted series
    int missingBaseline = 0;        ///< points left out for want of a verified baseline run
    int failedRuns = 0;             ///< runs not plotted because they failed verification
};

/** @brief The series of a request; throws StoreError for an unknown campaign and SpecError for a
 *  metric no run of the campaigns has. */
ChartData chartData(const CampaignStore& store, const ChartRequest& request);
/** @brief The same over runs read elsewhere (the app's cache of its store): runsOf(id) gives a campaign's
 *  runs and throws for one it cannot give. */
ChartData chartData(const ChartRequest& request,
                    const std::function<std::vector<RunRow>(std::int64_t)>& runsOf);

/** @brief Why a run's figures are simulated rather than measured, read from its parameters: "simulated: IP
 *  clock cycles at 100 MHz" (a Verilated IP, clock_mhz), "simulated: qemu instruction counts" (RISC-V,
 *  simulator), "simulated: ..." (any other runner that says so in `simulations`); empty when measured. */
std::string simulationNote(const RunRow& run);

/** @brief "metric", "speedup" or "efficiency" -> kind; SpecError otherwise. */
ChartKind chartKindFromName(const std::string& name);

} // namespace rs::campaign
