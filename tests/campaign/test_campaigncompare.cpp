// Two campaigns compared point by point (core/campaign/campaigncompare.h) over plain rows: a candidate
// made 20 % slower with noise is SLOWER, one drawn from the same distribution is not, throughput turns the
// verdict round, simulated figures compare exactly, what cannot be compared says why (one side only,
// failed, no repeats kept), the geometric mean matches the points' ratios, and the provenance the two
// differ in is reported (the revision is not a difference to warn about). Also: each repeat's time
// survives the store (RunRow::samples, sealed by the run's checksum) and setTimings keeps their order.
#include "app/backends/backends.h"
#include "core/campaign/campaigncompare.h"
#include "core/campaign/hostconditions.h"
#include "tests/campaign/repeatstest.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>

namespace {

using namespace rs::campaign;

constexpr auto noisy = rs::test::noisyRepeats;

RunRow run(const std::string& target, const std::string& alg, std::uint64_t bytes,
           std::vector<double> samples) {
    RunRow r;
    r.key = {target, alg, bytes, 0};
    r.verified = true;
    r.samples = std::move(samples);
    return r;
}

CampaignSide side(std::int64_t id, std::vector<RunRow> runs, Provenance p = {}) {
    CampaignSide s;
    s.campaign.id = id;
    s.campaign.provenance = std::move(p);
    s.runs = std::move(runs);
    return s;
}

const ComparedPoint& pointOf(const CampaignComparison& c, const std::string& alg) {
    for (const auto& p : c.points)
        if (p.key.algorithm == alg) return p;
    throw std::runtime_error("no point " + alg);
}

TEST(CampaignCompare, SlowerFasterAndSameFromTheRepeats) {
    const auto a = side(1, {run("cpu", "x", 64, noisy(1000, 15, 1)), run("cpu", "y", 64, noisy(1000, 15, 2)),
                            run("cpu", "z", 64, noisy(1000, 15, 3))});
    const auto b = side(2, {run("cpu", "x", 64, noisy(1200, 15, 4)), run("cpu", "y", 64, noisy(800, 15, 5)),
                            run("cpu", "z", 64, noisy(1000, 15, 6))});
    const auto c = compareCampaigns(a, b, {});
    ASSERT_EQ(c.points.size(), 3u);
    EXPECT_EQ(pointOf(c, "x").result->verdict, stats::Verdict::Slower);
    EXPECT_EQ(pointOf(c, "y").result->verdict, stats::Verdict::Faster);
    EXPECT_EQ(pointOf(c, "z").result->verdict, stats::Verdict::Same);
    EXPECT_NEAR(pointOf(c, "x").result->ratio, 1.2, 0.02);
    EXPECT_EQ(pointOf(c, "x").unit, "ns");
    EXPECT_EQ(c.slower, 1);
    EXPECT_EQ(c.faster, 1);
    EXPECT_EQ(c.same, 1);
    // The geometric mean of the three ratios, from the medians.
    ASSERT_TRUE(c.geometricMean);
    double logs = 0;
    for (const auto& p : c.points)
        logs += std::log(p.result->ratio);
    EXPECT_NEAR(c.geometricMean->value, std::exp(logs / 3), 1e-12);
    EXPECT_LE(c.geometricMean->interval.low, c.geometricMean->value);
    EXPECT_GE(c.geometricMean->interval.high, c.geometricMean->value);
    // The same inputs give the same numbers (seeded resampling).
    EXPECT_EQ(compareCampaigns(a, b, {}).geometricMean->interval.low, c.geometricMean->interval.low);
}

TEST(CampaignCompare, ThroughputTurnsTheVerdictRound) {
    const auto a = side(1, {run("cpu", "x", 1000, noisy(1000, 12, 1))});
    const auto b = side(2, {run("cpu", "x", 1000, noisy(1300, 12, 2))});
    CampaignCompareOptions o;
    o.metric = "throughput";
    const auto c = compareCampaigns(a, b, o);
    const auto& p = pointOf(c, "x");
    EXPECT_EQ(p.unit, "bytes/s");
    EXPECT_EQ(p.result->verdict, stats::Verdict::Slower); // fewer bytes per second
    EXPECT_NEAR(p.result->ratio, 1.0 / 1.3, 0.02);
    EXPECT_NEAR(p.result->medianA, 1000.0 / (1000 / 1e9), 1e7); // bytes / median time
}

TEST(CampaignCompare, SimulatedFiguresCompareExactly) {
    auto sim = [](double instructions) {
        RunRow r = run("riscv", "x", 64, {});
        r.parameters["simulations"] = "1 (instruction counts are exact)";
        r.measurements = {{"instructions", instructions, "instructions"}};
        return r;
    };
    CampaignCompareOptions o;
    o.metric = "instructions";
    const auto c = compareCampaigns(side(1, {sim(1000)}), side(2, {sim(1030)}), o);
    const auto& p = pointOf(c, "x");
    ASSERT_TRUE(p.result);
    EXPECT_TRUE(p.exact);
    EXPECT_EQ(p.result->verdict, stats::Verdict::Same); // 3 % is inside the 5 % threshold
    EXPECT_EQ(p.result->ratio, 1.03);
    EXPECT_EQ(p.result->interval.low, p.result->interval.high);
    o.stats.threshold = 0.01;
    EXPECT_EQ(pointOf(compareCampaigns(side(1, {sim(1000)}), side(2, {sim(1030)}), o), "x").result->verdict,
              stats::Verdict::Slower);
    // A measured target's summary alone is not compared.
    RunRow measured = run("cpu", "x", 64, {});
    measured.measurements = {{"instructions", 5, "instructions"}};
    const auto m = compareCampaigns(side(1, {measured}), side(2, {measured}), o);
    EXPECT_FALSE(pointOf(m, "x").result);
    EXPECT_NE(pointOf(m, "x").notCompared.find("only a summary"), std::string::npos);
}

TEST(CampaignCompare, WhatCannotBeComparedSaysWhy) {
    RunRow failed = run("cpu", "f", 64, {});
    failed.verified = false;
    failed.failure = "wrong answer in output 1";
    const auto a = side(7, {run("cpu", "only-a", 64, noisy(10, 9, 1)), failed, run("cpu", "old", 64, {}),
                            run("cpu", "few", 64, {10, 11})});
    const auto b = side(8, {run("cpu", "f", 64, noisy(10, 9, 2)), run("cpu", "old", 64, noisy(10, 9, 3)),
                            run("cpu", "only-b", 64, noisy(10, 9, 4)), run("cpu", "few", 64, {10, 11})});
    const auto c = compareCampaigns(a, b, {});
    EXPECT_EQ(pointOf(c, "only-a").notCompared, "only in campaign 7");
    EXPECT_EQ(pointOf(c, "only-b").notCompared, "only in campaign 8");
    EXPECT_EQ(pointOf(c, "f").notCompared, "failed in campaign 7: wrong answer in output 1");
    EXPECT_NE(pointOf(c, "old").notCompared.find("campaign 7 kept no time of each repeat"),
              std::string::npos);
    ASSERT_TRUE(pointOf(c, "few").result); // compared, and too few to decide
    EXPECT_EQ(pointOf(c, "few").result->verdict, stats::Verdict::Uncertain);
    EXPECT_EQ(c.notCompared, 4);
    EXPECT_EQ(c.uncertain, 1);
    // A metric neither campaign stores is refused.
    CampaignCompareOptions o;
    o.metric = "cycles";
    EXPECT_THROW(compareCampaigns(a, b, o), SpecError);
}

TEST(CampaignCompare, ProvenanceDifferencesAreWarnedRevisionsAreNot) {
    const auto a = side(1, {run("cpu", "x", 64, noisy(10, 9, 1))},
                        {{"compiler", "g++ 12.2.0"}, {"git_revision", "aaa"}, {"cpu_governor", "powersave"}});
    const auto b = side(2, {run("cpu", "x", 64, noisy(10, 9, 2))},
                        {{"compiler", "clang 14"}, {"git_revision", "bbb"}, {"git_dirty", "yes"}});
    const auto c = compareCampaigns(a, b, {});
    EXPECT_EQ(c.provenanceWarnings, (std::vector<std::string>{"compiler: g++ 12.2.0 vs clang 14",
                                                              "cpu_governor: powersave vs (not recorded)"}));
    EXPECT_EQ(c.revisionA, "aaa");
    EXPECT_EQ(c.revisionB, "bbb-dirty");
    // Where an imported campaign came from is not a condition it ran under.
    EXPECT_TRUE(isRevisionKey("imported_from"));
    EXPECT_FALSE(isRevisionKey("host"));
    EXPECT_FALSE(isRevisionKey("compiler"));
}

TEST(CampaignCompare, TargetAgainstTargetInOneCampaign) {
    // One campaign, two targets: cpu-mt 40 % faster on x, the same on y, z only on cpu.
    const auto one =
        side(4, {run("cpu", "x", 64, noisy(1000, 9, 1)), run("cpu-mt", "x", 64, noisy(600, 9, 2)),
                 run("cpu", "y", 64, noisy(1000, 9, 3)), run("cpu-mt", "y", 64, noisy(1000, 9, 4)),
                 run("cpu", "z", 64, noisy(1000, 9, 5))});
    CampaignCompareOptions o;
    o.targetA = "cpu";
    o.targetB = "cpu-mt";
    const auto c = compareCampaigns(one, one, o);
    ASSERT_EQ(c.points.size(), 3u);
    EXPECT_EQ(pointOf(c, "x").key.target, "cpu vs cpu-mt");
    EXPECT_EQ(pointOf(c, "x").result->verdict, stats::Verdict::Faster);
    EXPECT_NEAR(pointOf(c, "x").result->ratio, 0.6, 0.02);
    EXPECT_EQ(pointOf(c, "y").result->verdict, stats::Verdict::Same);
    EXPECT_EQ(pointOf(c, "z").notCompared, "only in campaign 4");
    EXPECT_EQ(c.faster, 1);
    EXPECT_TRUE(c.provenanceWarnings.empty());
    EXPECT_EQ(c.options.targetB, "cpu-mt");
    // A target a side does not run, or only one target given: said, not an empty table.
    o.targetB = "cuda";
    EXPECT_THROW(
        {
            try {
                compareCampaigns(one, one, o);
            } catch (const SpecError& e) {
                EXPECT_STREQ(e.what(), "campaign 4 has no run on target 'cuda'");
                throw;
            }
        },
        SpecError);
    o.targetB.clear();
    EXPECT_THROW(compareCampaigns(one, one, o), SpecError);

    // The IP's figures stay exact when its target is renamed for the comparison (its declaration says
    // so; its runs carry no "simulations" parameter), and a throughput comparison keeps its direction.
    rs::backends::registerAllRunners();
    auto ip = [](double ns) {
        RunRow r = run("ip", "x", 64, {ns});
        r.measurements = {{"time_median", ns, "ns"}};
        return r;
    };
    o.targetA = o.targetB = "ip";
    const auto exact = compareCampaigns(side(5, {ip(1000)}), side(6, {ip(1000)}), o);
    ASSERT_TRUE(pointOf(exact, "x").result);
    EXPECT_TRUE(pointOf(exact, "x").exact);
    EXPECT_EQ(pointOf(exact, "x").result->verdict, stats::Verdict::Same);
    o.targetA = "cpu";
    o.targetB = "cpu-mt";
    o.metric = "throughput";
    EXPECT_FALSE(compareCampaigns(one, one, o).options.stats.lowerIsBetter);
}

TEST(HostConditions, ReadsTheKernelGovernorAndTurboWhereTheyAre) {
    QTemporaryDir root;
    ASSERT_TRUE(root.isValid());
    const auto put = [&](const QString& rel, const QByteArray& text) {
        QDir().mkpath(QFileInfo(root.filePath(rel)).path());
        QFile f(root.filePath(rel));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    EXPECT_TRUE(machineConditions(root.path().toStdString()).empty()); // nothing readable: nothing said
    put("proc/sys/kernel/osrelease", "6.1.0-28-amd64\n");
    put("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
    put("sys/devices/system/cpu/cpufreq/boost", "1\n");
    auto m = machineConditions(root.path().toStdString());
    EXPECT_EQ(m["kernel"], "6.1.0-28-amd64");
    EXPECT_EQ(m["cpu_governor"], "performance");
    EXPECT_EQ(m["cpu_turbo"], "on");
    put("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n"); // intel_pstate wins where it is
    EXPECT_EQ(machineConditions(root.path().toStdString())["cpu_turbo"], "off");
    EXPECT_EQ(rangeList({0, 1, 2, 5, 7, 8}), "0-2,5,7-8");
    EXPECT_EQ(rangeList({3}), "3");
    EXPECT_FALSE(machineConditions().at("cpu_affinity").empty()); // this process's own
}

} // namespace
