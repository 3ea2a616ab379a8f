// What the campaign charts and tables show, without a window: one human-unit helper (MB/s, µs, grouped
// instruction counts), the min–max of the stored repeats carried to every chart point (metric, throughput,
// speedup, efficiency), and the note that says a figure is simulated (IP clock, RISC-V instruction counts).
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

} // namespace
