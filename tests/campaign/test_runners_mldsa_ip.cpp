// Target "ip" on the ML-DSA ring operations (hw/ip/mldsa/mldsaipcore.h through hw/ip/iprunner.h): every
// operation at every built B gives the model's output with the unit's exact clocks (mldsaIpCycles per
// polynomial), a wrong output is caught by the engine's judge, a bad ip.butterflies or a bad input is a clear
// error, cancel reaches inside a long run, and a campaign of cpu and ip runs through the engine and charts as
// a speedup of ip over cpu.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

#include "core/campaign/campaignengine.h"
#include "core/campaign/chartdata.h"
#include "hw/ip/iprunner.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;
using rs::crypto::Bytes;
using rs::oracle::MlDsaKind;

const std::atomic<bool> kGo{false};
const std::vector<std::string> kOps = {"mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"};

std::string runnerErrorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const RunnerError& e) {
        return e.what();
    }
    return "(no RunnerError)";
}

double value(const RunOutput& out, const std::string& metric) {
    const auto it = std::find_if(out.measurements.begin(), out.measurements.end(),
                                 [&](const Measurement& m) { return m.metric == metric; });
    if (it == out.measurements.end()) ADD_FAILURE() << "no " << metric;
    return it == out.measurements.end() ? -1 : it->value;
}

TEST(IpMlDsa, EveryOperationAtEveryBuiltBIsTheModelsWithTheFormulasClocks) {
    const auto ip = rs::hw::makeIpRunner();
    EXPECT_EQ(rs::hw::MlDsaIp::supportedButterflies(), (std::vector<int>{1, 2, 4}));
    EXPECT_EQ(ip->provenance().at("ip.butterflies_built"), "1, 2, 4");
    for (const std::string& op : kOps) {
        ASSERT_TRUE(ip->supports(op)) << op;
        for (const int b : {1, 2, 4}) {
            const RunKey key{"ip", op, 3 * 1024, 0};
            const RunInputs in = makeInputs(key);
            const Judged out = runJudged(
                *ip, key, in, 4, {{"ip.butterflies", std::to_string(b)}, {"ip.clock_mhz", "250"}}, kGo);
            EXPECT_FALSE(out.failure) << op << " B=" << b << ": " << *out.failure;
            EXPECT_EQ(out.output, referenceOutput(key, in)) << op << " B=" << b;
            EXPECT_EQ(out.outputs, 1)
                << op; // simulated clocks are exact: one simulation whatever the repeats
            const auto formula =
                static_cast<double>(rs::hw::mldsaIpCycles(rs::oracle::findMlDsa(op)->kind, b));
            EXPECT_EQ(value(out, "core_cycles_per_polynomial"), formula) << op << " B=" << b;
            EXPECT_EQ(value(out, "core_cycles"), 3 * formula) << op << " B=" << b;
            const double bus = value(out, "cycles");
            EXPECT_GT(bus, 3 * formula); // the loads and unloads over AXI4-Lite come on top
            EXPECT_DOUBLE_EQ(value(out, "bus_cycles_per_polynomial"), bus / 3);
            EXPECT_DOUBLE_EQ(value(out, "time_at_clock"), bus * 4.0); // 250 MHz: 4 ns per clock
            EXPECT_DOUBLE_EQ(value(out, "time_median"), bus * 4.0);
            EXPECT_DOUBLE_EQ(value(out, "time_per_polynomial"), bus * 4.0 / 3);
            EXPECT_DOUBLE_EQ(value(out, "core_time_per_polynomial"), formula * 4.0);
            EXPECT_EQ(out.parameters.at("ip.butterflies"), std::to_string(b));
            EXPECT_EQ(out.parameters.at("clock_mhz"), "250");
            EXPECT_EQ(out.parameters.at("polynomials"), "3");
            EXPECT_EQ(out.parameters.at("formula_cycles"), std::to_string(static_cast<int>(formula)));
        }
    }
    // B = 2 unless told; the paper's 100 MHz unless told.
    const RunKey key{"ip", "mldsa-ntt", 1024, 0};
    const Judged out = runJudged(*ip, key, makeInputs(key), 1, {}, kGo);
    EXPECT_EQ(out.parameters.at("ip.butterflies"), "2");
    EXPECT_EQ(value(out, "core_cycles"), 1 + 512 + 6);
    EXPECT_DOUBLE_EQ(value(out, "time_at_clock"), value(out, "cycles") * 10.0);
}

TEST(IpMlDsa, AWrongOutputIsCaughtByTheJudge) {
    const auto ip = rs::hw::makeIpRunner();
    for (const std::string& op : kOps) {
        const RunKey key{"ip", op, 2048, 0};
        const RunInputs in = makeInputs(key);
        // The unit computes on inputs with one coefficient changed (polynomial 1, coefficient 3): its
        // output is not the known answer of the run's inputs.
        RunInputs tampered = in;
        tampered.message[1024 + 4 * 3 + 3] ^= 0x01;
        rs::oracle::OutputJudge judge(referenceOutput(key, in)); // as the engine: the run's known answer
        ip->run(key, tampered, 1, {}, kGo, judge);
        ASSERT_TRUE(judge.failure()) << op;
        EXPECT_EQ(judge.failure()->rfind("output 1: output byte ", 0), 0u) << op << ": " << *judge.failure();
        // The right inputs against a known answer with one flipped byte.
        Bytes wrong = referenceOutput(key, in);
        wrong[100] ^= 0x40;
        rs::oracle::OutputJudge w(wrong);
        ip->run(key, in, 1, {{"ip.butterflies", "4"}}, kGo, w);
        ASSERT_TRUE(w.failure()) << op;
        EXPECT_EQ(w.failure()->rfind("output 1: output byte 100 is ", 0), 0u) << *w.failure();
    }
}

TEST(IpMlDsa, BadButterfliesAndBadInputsAreClearErrors) {
    const auto ip = rs::hw::makeIpRunner();
    const RunKey key{"ip", "mldsa-ntt", 1024, 0};
    const RunInputs in = makeInputs(key);
    for (const std::string bad : {"3", "8", "0", "-2", "x", "2.0", ""})
        EXPECT_EQ(runnerErrorOf([&] {
                      runJudged(*ip, key, in, 1, {{"ip.butterflies", bad}}, kGo);
                  }),
                  "ip.butterflies: '" + bad + "' is not a built setting of the ML-DSA unit (built: 1, 2, 4)")
            << bad;
    EXPECT_NE(runnerErrorOf([&] {
                  runJudged(*ip, key, in, 1, {{"ip.clock_mhz", "0"}}, kGo);
              }).find("ip.clock_mhz"),
              std::string::npos);
    RunInputs partial = in;
    partial.message.resize(1000);
    EXPECT_EQ(
        runnerErrorOf([&] {
            rs::oracle::OutputJudge judge(Bytes{});
            ip->run(RunKey{"ip", "mldsa-ntt", 1000, 0}, partial, 1, {}, kGo, judge);
        }),
        "ip: mldsa-ntt: the message is 1000 bytes, not a positive multiple of 1024 (one polynomial: 256 "
        "coefficients of 4 bytes)");
    RunInputs big = in;
    big.message[0] = 0xff; // coefficient 0 >= q
    EXPECT_NE(runnerErrorOf([&] {
                  rs::oracle::OutputJudge judge(Bytes{});
                  ip->run(key, big, 1, {}, kGo, judge);
              }).find("ip: mldsa-ntt: message polynomial 0: "),
              std::string::npos);
    const RunKey pwm{"ip", "mldsa-pwm", 1024, 0};
    RunInputs noB = makeInputs(pwm);
    noB.key.clear(); // PWM without its second operands
    EXPECT_NE(runnerErrorOf([&] {
                  rs::oracle::OutputJudge judge(Bytes{});
                  ip->run(pwm, noB, 1, {}, kGo, judge);
              }).find("ip: mldsa-pwm"),
              std::string::npos);
}

TEST(IpMlDsa, CancelStopsALongRunAndTheUnitRunsAfterwards) {
    const auto ip = rs::hw::makeIpRunner();
    const RunKey small{"ip", "mldsa-intt", 1024, 0};
    const RunInputs sin = makeInputs(small);
    const std::atomic<bool> stop{true};
    EXPECT_THROW(runJudged(*ip, small, sin, 1, {}, stop), Cancelled);
    // 4096 polynomials take seconds; the flag goes up after a tenth of one.
    const RunKey big{"ip", "mldsa-ntt", 4096 * 1024, 0};
    const RunInputs in = makeInputs(big);
    std::atomic<bool> cancel{false};
    std::thread raiser([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        cancel = true;
    });
    const auto t0 = std::chrono::steady_clock::now();
    bool cancelled = false;
    try {
        rs::oracle::OutputJudge judge(Bytes{});
        ip->run(big, in, 1, {{"ip.butterflies", "1"}}, cancel, judge);
    } catch (const Cancelled&) {
        cancelled = true;
    }
    raiser.join();
    EXPECT_TRUE(cancelled) << "the run went to its end";
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0);
    for (const int b : {1, 2, 4}) {
        const Judged out = runJudged(*ip, small, sin, 1, {{"ip.butterflies", std::to_string(b)}}, kGo);
        EXPECT_FALSE(out.failure) << b;
        EXPECT_EQ(out.output, referenceOutput(small, sin)) << b;
    }
}

TEST(IpMlDsa, ACampaignOfCpuAndIpChartsTheUnitAgainstTheCpu) {
    rs::hw::registerIpRunner();
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("m.sqlite").toStdString());
    CampaignSpec s = targetSpec("cpu", kOps, {1024, 2048}, 2, {{"ip.butterflies", "4"}});
    s.targets = {"cpu", "ip"};
    const EngineResult r = runCampaign(store, s);
    EXPECT_EQ(r.failed, 0);
    EXPECT_EQ(r.runs, 16);
    int ipRuns = 0;
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_TRUE(row.verified) << row.key.target << " " << row.key.algorithm << ": " << row.failure;
        if (row.key.target != "ip") continue;
        ++ipRuns;
        EXPECT_EQ(row.parameters.at("ip.butterflies"), "4");
    }
    EXPECT_EQ(ipRuns, 8);
    const ChartData speedup = chartData(store, ChartRequest{{r.campaignId}, ChartKind::Speedup, "", "cpu"});
    int ipSeries = 0;
    for (const ChartSeries& series : speedup.series) {
        if (series.target != "ip") continue;
        ++ipSeries;
        EXPECT_EQ(series.points.size(), 2u) << series.label;
        EXPECT_EQ(series.simulated, "simulated: IP clock cycles at 100 MHz");
        for (const ChartPoint& p : series.points)
            EXPECT_GT(p.y, 0) << series.label;
    }
    EXPECT_EQ(ipSeries, 4);
    EXPECT_EQ(speedup.missingBaseline, 0);
    // The unit's own figure plots as a metric of the ip runs.
    const ChartData perPoly = chartData(
        store, ChartRequest{{r.campaignId}, ChartKind::Metric, "core_cycles_per_polynomial", "cpu"});
    for (const ChartSeries& series : perPoly.series) {
        ASSERT_EQ(series.target, "ip");
        const double expected =
            static_cast<double>(rs::hw::mldsaIpCycles(rs::oracle::findMlDsa(series.algorithm)->kind, 4));
        for (const ChartPoint& p : series.points)
            EXPECT_EQ(p.y, expected) << series.label;
    }
    EXPECT_EQ(perPoly.series.size(), 4u);

    // A bad B fails every ip run with the reason; the cpu runs are unaffected.
    QTemporaryDir dir2;
    CampaignStore store2(dir2.filePath("b.sqlite").toStdString());
    CampaignSpec bad = targetSpec("cpu", {"mldsa-ntt"}, {1024}, 1, {{"ip.butterflies", "3"}});
    bad.targets = {"cpu", "ip"};
    const EngineResult b = runCampaign(store2, bad);
    EXPECT_EQ(b.failed, 1);
    for (const RunRow& row : store2.runs(b.campaignId)) {
        if (row.key.target == "ip")
            EXPECT_EQ(row.failure,
                      "ip.butterflies: '3' is not a built setting of the ML-DSA unit (built: 1, 2, 4)");
        else
            EXPECT_TRUE(row.verified) << row.failure;
    }
}

} // namespace
