// What the campaign charts and tables show, without a window: one human-unit helper (MB/s, µs, grouped
// instruction counts), the min–max of the stored repeats carried to every chart point (metric, throughput,
// speedup, efficiency), and the note that says a figure is simulated (IP clock, RISC-V instruction counts);
// figures relative to a baseline algorithm per target (issue 33): the baseline exactly 1 on every target,
// each point divided by its own target's and campaign's baseline, missing baselines counted, a baseline the
// campaign does not have refused naming the algorithms it has.
#include <gtest/gtest.h>

#include "core/campaign/chartdata.h"
#include "core/campaign/units.h"

namespace {

using namespace rs::campaign;

RunRow timedRun(const std::string& target, std::uint64_t bytes, double tmin, double tmed, double tmax) {
    RunRow r;
    r.key = {target, "ascon-aead128", bytes, 0};
    r.verified = true;
    r.measurements = {{"time_min", tmin, "ns"},
                      {"time_median", tmed, "ns"},
                      {"time_max", tmax, "ns"},
                      {"throughput", static_cast<double>(bytes) / (tmed / 1e9), "bytes/s"}};
    return r;
}

ChartData chart(const std::vector<RunRow>& runs, ChartKind kind, const std::string& metric = "throughput") {
    ChartRequest req;
    req.campaigns = {1};
    req.kind = kind;
    req.metric = metric;
    return chartData(req, [&](std::int64_t) { return runs; });
}

TEST(Units, RatesTimesAndCountsReadLikeADashboard) {
    EXPECT_EQ(formatValue(2.5e8, "bytes/s"), "250 MB/s");
    EXPECT_EQ(formatValue(3.2e9, "bytes/s"), "3.2 GB/s");
    EXPECT_EQ(formatValue(812, "bytes/s"), "812 B/s");
    EXPECT_EQ(formatValue(1500, "ns"), "1.5 µs");
    EXPECT_EQ(formatValue(2.5e6, "ns"), "2.5 ms");
    EXPECT_EQ(formatValue(3e9, "ns"), "3 s");
    EXPECT_EQ(formatValue(640, "ns"), "640 ns");
    EXPECT_EQ(formatValue(0.0021, "s"), "2.1 ms");
    EXPECT_EQ(formatValue(1234567, "instructions"), "1,234,567 instructions");
    EXPECT_EQ(formatValue(999, "cycles"), "999 cycles");
    EXPECT_EQ(formatValue(41.25, "cycles/byte"), "41.25 cycles/B");
    EXPECT_EQ(formatValue(2.5, "speed"), "2.5 speed");
    EXPECT_EQ(groupThousands(-1234), "-1,234");
    EXPECT_EQ(groupThousands(100), "100");
}

TEST(Units, AnAxisKeepsOneScaleForAllItsTicks) {
    const HumanScale s = humanScale("bytes/s", 4.1e8);
    EXPECT_EQ(s.label, "MB/s");
    EXPECT_EQ(formatScaled(5e7, s), "50");
    EXPECT_EQ(formatScaled(4e8, s), "400");
    EXPECT_EQ(humanScale("ns", 20000).label, "µs");
    EXPECT_EQ(formatScaled(3000000, humanScale("instructions", 3000000)), "3,000,000");
}

TEST(ChartData, PointsCarryTheStoredMinAndMax) {
    const auto d = chart({timedRun("cpu", 64, 90, 100, 130), timedRun("cpu", 16, 40, 50, 70)},
                         ChartKind::Metric, "time_median");
    ASSERT_EQ(d.series.size(), 1u);
    ASSERT_EQ(d.series[0].points.size(), 2u);
    EXPECT_EQ(d.series[0].points[1].y, 100);
    EXPECT_EQ(d.series[0].points[1].yMin, 90);
    EXPECT_EQ(d.series[0].points[1].yMax, 130);
    EXPECT_EQ(d.yName, "time_median");
    EXPECT_EQ(d.yUnit, "ns");
    // Throughput: the bytes over the slowest and the fastest repeat.
    const auto t = chart({timedRun("cpu", 64, 80, 100, 160)}, ChartKind::Metric);
    const ChartPoint& p = t.series[0].points[0];
    EXPECT_DOUBLE_EQ(p.y, 64e9 / 100);
    EXPECT_DOUBLE_EQ(p.yMin, 64e9 / 160);
    EXPECT_DOUBLE_EQ(p.yMax, 64e9 / 80);
    // A metric without min and max has no spread.
    RunRow r = timedRun("riscv-qemu", 64, 1, 1, 1);
    r.measurements = {{"instructions", 12345, "instructions"}};
    const auto i = chart({r}, ChartKind::Metric, "instructions");
    EXPECT_EQ(i.series[0].points[0].yMin, 12345);
    EXPECT_EQ(i.series[0].points[0].yMax, 12345);
}

TEST(ChartData, SpeedupAndEfficiencyRangesFollowTheTimes) {
    const std::vector<RunRow> runs = {timedRun("cpu", 64, 900, 1000, 1200),
                                      timedRun("cuda", 64, 200, 250, 400)};
    const auto e = chart(runs, ChartKind::Speedup);
    ASSERT_EQ(e.series.size(), 1u);
    const ChartPoint& p = e.series[0].points[0];
    EXPECT_DOUBLE_EQ(p.y, 4.0);
    EXPECT_DOUBLE_EQ(p.yMin, 1000.0 / 400);
    EXPECT_DOUBLE_EQ(p.yMax, 1000.0 / 200);
    EXPECT_EQ(e.kind, ChartKind::Speedup);
    EXPECT_EQ(e.baseline, "cpu");
    EXPECT_TRUE(e.yUnit.empty());
    const auto s = chart(runs, ChartKind::Efficiency);
    const ChartPoint& q = s.series[0].points[0];
    EXPECT_DOUBLE_EQ(q.y, 0.75);
    EXPECT_DOUBLE_EQ(q.yMin, 1 - 400.0 / 1000);
    EXPECT_DOUBLE_EQ(q.yMax, 1 - 200.0 / 1000);
}

TEST(ChartData, SimulatedFiguresAreNoted) {
    RunRow ip = timedRun("ip", 64, 500, 500, 500);
    ip.parameters = {{"clock_mhz", "100"}, {"ip.unroll", "1"}};
    RunRow rv;
    rv.key = {"riscv-qemu", "ascon-aead128", 64, 0};
    rv.verified = true;
    rv.parameters = {{"simulator", "qemu"}, {"simulations", "1 (instruction counts are exact)"}};
    rv.measurements = {{"instructions", 40000, "instructions"}};
    EXPECT_EQ(simulationNote(ip), "simulated: IP clock cycles at 100 MHz");
    EXPECT_EQ(simulationNote(rv), "simulated: qemu instruction counts");
    EXPECT_EQ(simulationNote(timedRun("cpu", 64, 1, 1, 1)), "");
    const auto d = chart({timedRun("cpu", 64, 900, 1000, 1200), ip}, ChartKind::Speedup);
    ASSERT_EQ(d.notes.size(), 1u);
    EXPECT_EQ(d.notes[0], "simulated: IP clock cycles at 100 MHz");
    EXPECT_EQ(d.series[0].simulated, d.notes[0]);
    EXPECT_TRUE(chart({timedRun("cpu", 64, 900, 1000, 1200)}, ChartKind::Metric).notes.empty());
}

// A run of `algorithm` on `target` whose median time is tmed (min 0.9, max 1.3 of it).
RunRow algorithmRun(const std::string& target, const std::string& algorithm, std::uint64_t bytes,
                    double tmed) {
    RunRow r = timedRun(target, bytes, tmed * 0.9, tmed, tmed * 1.3);
    r.key.algorithm = algorithm;
    return r;
}

ChartData relativeChart(const std::vector<RunRow>& runs, const std::string& relativeTo,
                        const std::string& metric) {
    ChartRequest req;
    req.campaigns = {1};
    req.kind = ChartKind::Relative;
    req.metric = metric;
    req.relativeTo = relativeTo;
    return chartData(req, [&](std::int64_t) { return runs; });
}

const ChartSeries* findSeries(const ChartData& d, const std::string& target, const std::string& algorithm,
                              std::int64_t campaign = 1) {
    for (const ChartSeries& s : d.series)
        if (s.target == target && s.algorithm == algorithm && s.campaign == campaign) return &s;
    return nullptr;
}

// Two targets and two algorithms with known median times: lea-128-ctr takes 2x Ascon's time on the CPU and
// 4x on the IP; the IP's Ascon run of 256 bytes failed.
std::vector<RunRow> twoTargetsTwoAlgorithms() {
    std::vector<RunRow> runs = {
        algorithmRun("cpu", "ascon-aead128", 64, 1000),  algorithmRun("cpu", "lea-128-ctr", 64, 2000),
        algorithmRun("cpu", "ascon-aead128", 256, 3000), algorithmRun("cpu", "lea-128-ctr", 256, 7500),
        algorithmRun("ip", "ascon-aead128", 64, 100),    algorithmRun("ip", "lea-128-ctr", 64, 400),
        algorithmRun("ip", "lea-128-ctr", 256, 1600)};
    RunRow failed = algorithmRun("ip", "ascon-aead128", 256, 1);
    failed.verified = false;
    failed.failure = "wrong answer";
    failed.measurements.clear();
    runs.push_back(failed);
    return runs;
}

TEST(ChartData, RelativeToABaselineAlgorithmIsOneOnEveryTarget) {
    const ChartData d = relativeChart(twoTargetsTwoAlgorithms(), "ascon-aead128", "time_median");
    EXPECT_EQ(d.kind, ChartKind::Relative);
    EXPECT_EQ(d.baseline, "ascon-aead128");
    EXPECT_EQ(d.metric, "time_median");
    EXPECT_FALSE(d.higherIsFaster);
    EXPECT_EQ(d.yLabel, "time_median relative to ascon-aead128 (lower is faster)");
    EXPECT_EQ(d.yName, d.yLabel);
    EXPECT_TRUE(d.yUnit.empty());
    ASSERT_EQ(d.series.size(), 4u);
    const ChartSeries* cpuBase = findSeries(d, "cpu", "ascon-aead128");
    const ChartSeries* ipBase = findSeries(d, "ip", "ascon-aead128");
    const ChartSeries* cpuLea = findSeries(d, "cpu", "lea-128-ctr");
    const ChartSeries* ipLea = findSeries(d, "ip", "lea-128-ctr");
    ASSERT_TRUE(cpuBase && ipBase && cpuLea && ipLea);
    // The baseline: exactly 1 at every point of every target, its own spread divided by its median.
    ASSERT_EQ(cpuBase->points.size(), 2u);
    for (const ChartPoint& p : cpuBase->points)
        EXPECT_EQ(p.y, 1.0);
    ASSERT_EQ(ipBase->points.size(), 1u);
    EXPECT_EQ(ipBase->points[0].y, 1.0);
    EXPECT_NEAR(ipBase->points[0].yMin, 0.9, 1e-12);
    EXPECT_NEAR(ipBase->points[0].yMax, 1.3, 1e-12);
    // Each figure over its own target's baseline: 2000 / 1000 on the CPU, 400 / 100 on the IP.
    ASSERT_EQ(cpuLea->points.size(), 2u);
    EXPECT_EQ(cpuLea->points[0].x, 64);
    EXPECT_EQ(cpuLea->points[0].y, 2.0);
    EXPECT_EQ(cpuLea->points[1].y, 2.5); // 7500 / 3000
    // The bars: the run's min and max over the baseline's median.
    EXPECT_NEAR(cpuLea->points[0].yMin, 1800.0 / 1000, 1e-12);
    EXPECT_NEAR(cpuLea->points[0].yMax, 2600.0 / 1000, 1e-12);
    ASSERT_EQ(ipLea->points.size(), 1u); // 256 bytes: the IP's Ascon run failed
    EXPECT_EQ(ipLea->points[0].y, 4.0);
    EXPECT_EQ(d.missingBaseline, 1);
    EXPECT_EQ(d.failedRuns, 1);
    EXPECT_TRUE(d.targetsWithoutBaseline.empty());
}

TEST(ChartData, RelativeThroughputSaysHigherIsFaster) {
    const ChartData d = relativeChart(twoTargetsTwoAlgorithms(), "ascon-aead128", "throughput");
    EXPECT_TRUE(d.higherIsFaster);
    EXPECT_EQ(d.yLabel, "throughput relative to ascon-aead128 (higher is faster)");
    const ChartSeries* cpuLea = findSeries(d, "cpu", "lea-128-ctr");
    const ChartSeries* ipLea = findSeries(d, "ip", "lea-128-ctr");
    ASSERT_TRUE(cpuLea && ipLea);
    EXPECT_NEAR(cpuLea->points[0].y, 0.5, 1e-12); // half Ascon's throughput on the CPU
    EXPECT_NEAR(ipLea->points[0].y, 0.25, 1e-12);
    // Throughput's bars follow from the slowest and fastest repeat, over the baseline's median throughput.
    EXPECT_NEAR(cpuLea->points[0].yMin, (64e9 / 2600) / (64e9 / 1000), 1e-12);
    EXPECT_NEAR(cpuLea->points[0].yMax, (64e9 / 1800) / (64e9 / 1000), 1e-12);
    for (const ChartSeries* s : {findSeries(d, "cpu", "ascon-aead128"), findSeries(d, "ip", "ascon-aead128")})
        for (const ChartPoint& p : s->points)
            EXPECT_EQ(p.y, 1.0);
    // Either algorithm can be the baseline: Ascon against LEA is the inverse.
    const ChartData inv = relativeChart(twoTargetsTwoAlgorithms(), "lea-128-ctr", "time_median");
    EXPECT_EQ(findSeries(inv, "ip", "ascon-aead128")->points[0].y, 0.25);
    EXPECT_EQ(findSeries(inv, "ip", "lea-128-ctr")->points.size(), 2u);
    EXPECT_EQ(inv.missingBaseline, 0);
}

TEST(ChartData, RelativeDividesByEachCampaignsOwnBaseline) {
    const std::vector<RunRow> first = {algorithmRun("cpu", "ascon-aead128", 64, 1000),
                                       algorithmRun("cpu", "lea-128-ctr", 64, 3000)};
    const std::vector<RunRow> second = {algorithmRun("cpu", "ascon-aead128", 64, 500),
                                        algorithmRun("cpu", "lea-128-ctr", 64, 3000)};
    ChartRequest req;
    req.campaigns = {1, 2};
    req.kind = ChartKind::Relative;
    req.metric = "time_median";
    req.relativeTo = "ascon-aead128";
    const ChartData d = chartData(req, [&](std::int64_t id) { return id == 1 ? first : second; });
    ASSERT_EQ(d.series.size(), 4u);
    EXPECT_EQ(findSeries(d, "cpu", "lea-128-ctr", 1)->points[0].y, 3.0);
    EXPECT_EQ(findSeries(d, "cpu", "lea-128-ctr", 2)->points[0].y, 6.0);
    EXPECT_EQ(findSeries(d, "cpu", "lea-128-ctr", 2)->label, "#2 cpu lea-128-ctr");
}

TEST(ChartData, RelativeCountsTargetsAndPointsWithoutTheBaseline) {
    std::vector<RunRow> runs = twoTargetsTwoAlgorithms();
    // A target that ran LEA only: none of its points can be set against Ascon.
    runs.push_back(algorithmRun("riscv-qemu", "lea-128-ctr", 64, 90000));
    runs.push_back(algorithmRun("riscv-qemu", "lea-128-ctr", 256, 360000));
    // A point the baseline ran at another AD size only.
    RunRow ad = algorithmRun("cpu", "lea-128-ctr", 64, 2200);
    ad.key.adBytes = 16;
    runs.push_back(ad);
    const ChartData d = relativeChart(runs, "ascon-aead128", "time_median");
    EXPECT_EQ(d.missingBaseline, 1 + 2 + 1);
    EXPECT_EQ(d.targetsWithoutBaseline, std::vector<std::string>{"riscv-qemu"});
    EXPECT_EQ(findSeries(d, "riscv-qemu", "lea-128-ctr"), nullptr);
    EXPECT_EQ(d.series.size(), 4u);
}

TEST(ChartData, ABaselineAlgorithmTheCampaignLacksIsRefusedNamingWhatItHas) {
    try {
        relativeChart(twoTargetsTwoAlgorithms(), "skinny-128-256-ecb", "time_median");
        FAIL() << "a baseline the campaign never ran must be refused";
    } catch (const ChartBaselineError& e) {
        EXPECT_STREQ(e.what(), "'skinny-128-256-ecb' is not an algorithm of campaign 1 (its algorithms: "
                               "ascon-aead128, lea-128-ctr)");
    }
    try {
        relativeChart(twoTargetsTwoAlgorithms(), "", "time_median");
        FAIL() << "a relative chart without a baseline must be refused";
    } catch (const ChartBaselineError& e) {
        EXPECT_STREQ(e.what(), "a relative chart needs a baseline algorithm (the algorithms of campaign 1: "
                               "ascon-aead128, lea-128-ctr)");
    }
    // A baseline whose runs all failed is the campaign's algorithm: every point counted, not an error.
    std::vector<RunRow> runs = twoTargetsTwoAlgorithms();
    for (RunRow& r : runs)
        if (r.key.algorithm == "lea-128-ctr") r.verified = false;
    const ChartData d = relativeChart(runs, "lea-128-ctr", "time_median");
    EXPECT_TRUE(d.series.empty());
    EXPECT_EQ(d.missingBaseline, 3); // the three verified Ascon runs
    // An unknown metric is still the metric's error.
    EXPECT_THROW(relativeChart(twoTargetsTwoAlgorithms(), "ascon-aead128", "joules"), SpecError);
}

TEST(ChartData, RelativeKindNameDirectionAndDefaultBaseline) {
    EXPECT_EQ(chartKindFromName("relative"), ChartKind::Relative);
    EXPECT_THROW(chartKindFromName("relatives"), SpecError);
    EXPECT_TRUE(higherIsFaster("throughput", "bytes/s"));
    EXPECT_TRUE(higherIsFaster("gpu_throughput", ""));
    EXPECT_TRUE(higherIsFaster("rate", "bytes/s"));
    EXPECT_FALSE(higherIsFaster("time_median", "ns"));
    EXPECT_FALSE(higherIsFaster("cycles", "cycles"));
    EXPECT_FALSE(higherIsFaster("cycles_per_byte", "cycles/byte"));
    EXPECT_FALSE(higherIsFaster("instructions", "instructions"));
    EXPECT_FALSE(higherIsFaster("sim_seconds", "s"));
    EXPECT_EQ(defaultRelativeTo({"lea-128-ctr", "ascon-aead128"}), "ascon-aead128");
    EXPECT_EQ(defaultRelativeTo({"lea-128-ctr", "ascon-128"}), "");
    EXPECT_EQ(defaultRelativeTo({}), "");
}

} // namespace
