#pragma once
// What the campaign charts plot, computed from stored runs: one series per (campaign, target,
// algorithm, AD size) of (message bytes, value). Kinds: a stored metric as it is (throughput,
// time_median, cycles_per_byte, ...), and paper 004's definitions against a baseline target of the
// same campaign, same algorithm, AD and message size: speedup E = T_base / T and efficiency
// S = 1 - T / T_base, from the median times; and a metric relative to a baseline ALGORITHM of the same
// campaign, target, AD and message size (value / baseline value: the baseline algorithm is 1.0 on every
// target, so CPU, IP, RISC-V and board figures sit side by side). Only verified runs count; a point
// without its baseline is left out (and counted). Plain C++, shared by the CLI's `chart` and the Charts
// page.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/campaign/campaignstore.h"

namespace rs::campaign {

enum class ChartKind { Metric, Speedup, Efficiency, Relative };

struct ChartRequest {
    std::vector<std::int64_t> campaigns; ///< one, or several side by side
    ChartKind kind = ChartKind::Metric;
    std::string metric = "throughput"; ///< for ChartKind::Metric and ChartKind::Relative
    std::string baseline = "cpu";      ///< baseline target for speedup and efficiency
    std::string relativeTo;            ///< baseline algorithm for ChartKind::Relative
};

/** @brief A baseline algorithm (ChartKind::Relative) that a campaign has no run of: the message names it
 *  and the campaign's algorithms. */
class ChartBaselineError : public SpecError {
  public:
    using SpecError::SpecError;
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
    /// The baseline: the target of speedup and efficiency, the algorithm of a relative chart; empty for a
    /// metric.
    std::string baseline;
    std::string metric;             ///< the metric a relative chart divides ("throughput", "time_median")
    bool higherIsFaster = false;    ///< relative charts: a figure above 1 is faster (throughput), not slower
    std::vector<std::string> notes; ///< the distinct simulation notes of the plotted series
    int missingBaseline = 0;        ///< points left out for want of a verified baseline run
    int failedRuns = 0;             ///< runs not plotted because they failed verification
    /// Relative charts: targets that ran none of the baseline algorithm (all their points are missing).
    std::vector<std::string> targetsWithoutBaseline;
};

/** @brief The series of a request; throws StoreError for an unknown campaign, SpecError for a metric no
 *  run of the campaigns has, and ChartBaselineError for a relative chart whose baseline algorithm is not
 *  one of a campaign's algorithms. */
ChartData chartData(const CampaignStore& store, const ChartRequest& request);
/** @brief The same over runs read elsewhere (the app's cache of its store): runsOf(id) gives a campaign's
 *  runs and throws for one it cannot give. */
ChartData chartData(const ChartRequest& request,
                    const std::function<std::vector<RunRow>(std::int64_t)>& runsOf);

/** @brief Why a run's figures are simulated rather than measured, read from its parameters: "simulated: IP
 *  clock cycles at 100 MHz" (a Verilated IP, clock_mhz), "simulated: qemu instruction counts" (RISC-V,
 *  simulator), "simulated: ..." (any other runner that says so in `simulations`); empty when measured. */
std::string simulationNote(const RunRow& run);

/** @brief "metric", "speedup", "efficiency" or "relative" -> kind; SpecError otherwise. */
ChartKind chartKindFromName(const std::string& name);

/** @brief Whether a larger figure of the metric is the faster one: rates (throughput, bytes/s), not times,
 *  cycles or instruction counts (costs: lower is faster). */
bool higherIsFaster(const std::string& metric, const std::string& unit);

/** @brief The baseline algorithm a relative chart takes when none is named: Ascon-AEAD128 (SP 800-232, the
 *  registry's row) when `algorithms` has it; empty otherwise. */
std::string defaultRelativeTo(const std::vector<std::string>& algorithms);

} // namespace rs::campaign
