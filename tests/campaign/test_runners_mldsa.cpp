// The "cpu" runner on the ML-DSA ring operations (core/campaign/cpumldsa.h): every repeat's output is the
// model's (fast path and reference), cpu.impl names what ran, a bad cpu.impl or a bad size is a clear
// error, a wrong output is caught by the engine's judge, the other targets refuse mldsa-* by name, and a
// whole campaign runs through the engine. No timing is asserted.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>

#include "core/campaign/campaignengine.h"
#include "core/campaign/cpumldsa.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/mldsanttfast.h"
#include "hw/ip/iprunner.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;
using rs::crypto::Bytes;

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

const Measurement* find(const RunOutput& out, const std::string& metric) {
    const auto it = std::find_if(out.measurements.begin(), out.measurements.end(),
                                 [&](const Measurement& m) { return m.metric == metric; });
    return it == out.measurements.end() ? nullptr : &*it;
}

TEST(CpuMlDsa, EveryRepeatIsVerifiedForBothImplementations) {
    const auto cpu = makeCpuRunner(1);
    for (const std::string& op : kOps) {
        ASSERT_TRUE(cpu->supports(op)) << op;
        for (const std::string impl : {"fast", "reference"}) {
            const RunKey key{"cpu", op, 3 * 1024, 0};
            const RunInputs in = makeInputs(key);
            const RunVerdict v =
                judgeRun(*cpu, key, in, referenceOutput(key, in), 4, {{"cpu.impl", impl}}, kGo);
            EXPECT_TRUE(v.verified) << op << " " << impl << ": " << v.failure;
            EXPECT_EQ(v.outputs, 4 + kCpuWarmups) << op;  // every repeat judged, the untimed warm-up's too
            EXPECT_EQ(v.output.samples.size(), 4u) << op; // only the timed ones have a time
            EXPECT_EQ(v.output.parameters.at("warmups"), std::to_string(kCpuWarmups)) << op;
            EXPECT_EQ(v.first.size(), 3u * 1024);
            const auto& p = v.output.parameters;
            EXPECT_EQ(p.at("cpu.impl"), impl);
            EXPECT_EQ(p.at("cpu.isa"), impl == "reference"
                                           ? std::string("scalar")
                                           : rs::crypto::mldsaFastImplName(rs::crypto::mldsaFastImplInUse()));
            EXPECT_EQ(p.at("polynomials"), "3");
            const Measurement* median = find(v.output, "time_median");
            const Measurement* perPoly = find(v.output, "time_per_polynomial");
            const Measurement* throughput = find(v.output, "throughput");
            ASSERT_TRUE(median && perPoly && throughput);
            EXPECT_EQ(perPoly->unit, "ns");
            EXPECT_DOUBLE_EQ(perPoly->value, median->value / 3);
            EXPECT_EQ(throughput->unit, "bytes/s");
        }
    }
}

TEST(CpuMlDsa, ThePortablePathRunsWhenForced) {
    const auto cpu = makeCpuRunner(1);
    rs::crypto::mldsaForceFastImpl(rs::crypto::MlDsaFastImpl::Portable);
    const RunKey key{"cpu", "mldsa-intt", 2048, 0};
    const RunInputs in = makeInputs(key);
    const RunVerdict v = judgeRun(*cpu, key, in, referenceOutput(key, in), 2, {}, kGo);
    rs::crypto::mldsaForceFastImpl(std::nullopt);
    EXPECT_TRUE(v.verified) << v.failure;
    EXPECT_EQ(v.output.parameters.at("cpu.impl"), "fast"); // the default
    EXPECT_EQ(v.output.parameters.at("cpu.isa"), "portable");
}

TEST(CpuMlDsa, AWrongOutputIsCaughtByTheJudge) {
    const auto cpu = makeCpuRunner(1);
    for (const std::string& op : kOps) {
        const RunKey key{"cpu", op, 2048, 0};
        const RunInputs in = makeInputs(key);
        // The runner computes on inputs with one coefficient changed (polynomial 1, coefficient 3):
        // its outputs are not the known answer of the run's inputs.
        RunInputs tampered = in;
        tampered.message[1024 + 4 * 3 + 3] ^= 0x01;
        const RunVerdict v = judgeRun(*cpu, key, tampered, referenceOutput(key, in), 2, {}, kGo);
        EXPECT_FALSE(v.verified) << op;
        EXPECT_EQ(v.failure.rfind("wrong answer in output 1: output byte ", 0), 0u)
            << op << ": " << v.failure;
        // And with the right inputs against a known answer with one flipped byte.
        Bytes wrong = referenceOutput(key, in);
        wrong[100] ^= 0x40;
        const RunVerdict w = judgeRun(*cpu, key, in, wrong, 1, {{"cpu.impl", "reference"}}, kGo);
        EXPECT_FALSE(w.verified);
        EXPECT_EQ(w.failure.rfind("wrong answer in output 1: output byte 100 is ", 0), 0u) << w.failure;
    }
}

TEST(CpuMlDsa, BadImplAndBadSizesAreClearErrors) {
    const auto cpu = makeCpuRunner(1);
    const RunKey key{"cpu", "mldsa-ntt", 1024, 0};
    const RunInputs in = makeInputs(key);
    EXPECT_EQ(runnerErrorOf([&] {
                  runJudged(*cpu, key, in, 1, {{"cpu.impl", "avx512"}}, kGo);
              }),
              "cpu.impl: expected fast or reference, got 'avx512'");
    // A message that is not whole polynomials: the oracle refuses to make the inputs; the runner refuses
    // such inputs too.
    EXPECT_THROW(makeInputs(RunKey{"cpu", "mldsa-ntt", 1000, 0}), SpecError);
    RunInputs partial = in;
    partial.message.resize(1000);
    EXPECT_EQ(
        runnerErrorOf([&] {
            rs::oracle::OutputJudge judge(Bytes{});
            cpu->run(RunKey{"cpu", "mldsa-ntt", 1000, 0}, partial, 1, {}, kGo, judge);
        }),
        "cpu: mldsa-ntt: the message is 1000 bytes, not a positive multiple of 1024 (one polynomial: 256 "
        "coefficients of 4 bytes)");
    RunInputs big = in;
    big.message[0] = 0xff; // coefficient 0 >= q
    EXPECT_NE(runnerErrorOf([&] {
                  rs::oracle::OutputJudge judge(Bytes{});
                  cpu->run(key, big, 1, {}, kGo, judge);
              }).find("cpu: mldsa-ntt: message polynomial 0: "),
              std::string::npos);
}

TEST(CpuMlDsa, OtherTargetsRefuseMlDsaByName) {
    // cpu-mt refuses them (the ip target runs them on the polynomial unit: test_runners_mldsa_ip.cpp).
    const auto mt = makeCpuRunner(0);
    for (const std::string& op : kOps)
        EXPECT_FALSE(mt->supports(op)) << op;
    CampaignSpec mtSpec = targetSpec("cpu-mt", {"mldsa-pwm"}, {1024}, 1);
    try {
        checkSupported(mtSpec);
        FAIL() << "cpu-mt x mldsa-pwm was accepted";
    } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(
                      "targets x algorithms: cpu-mt does not run mldsa-pwm (cpu-mt runs ", 0),
                  0u)
            << e.what();
    }
}

TEST(CpuMlDsa, ThePaper001PresetRunsOnCpuAndIp) {
    rs::hw::registerIpRunner();
    const CampaignSpec p1 = presetSpec("paper001");
    EXPECT_NO_THROW(checkSupported(p1));
    EXPECT_EQ(expandRuns(p1).size(), 32u); // 2 targets x 4 operations x 4 sizes, AD size 0 only
    for (const RunKey& k : expandRuns(p1))
        EXPECT_NO_THROW(makeInputs(k)) << k.algorithm << " " << k.messageBytes;
}

TEST(CpuMlDsa, ACampaignThroughTheEngine) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("m.sqlite").toStdString());
    const CampaignSpec s = targetSpec("cpu", kOps, {1024, 4096}, 3, {{"cpu.impl", "fast"}});
    const EngineResult r = runCampaign(store, s);
    EXPECT_EQ(r.failed, 0);
    EXPECT_EQ(r.runs, 8);
    const auto c = store.campaign(r.campaignId);
    EXPECT_EQ(c->provenance.at("cpu.mldsa.fast_isa"),
              rs::crypto::mldsaFastImplName(rs::crypto::mldsaFastImplInUse()));
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_TRUE(row.verified) << row.failure;
        EXPECT_EQ(row.parameters.at("cpu.impl"), "fast");
    }
    // A bad cpu.impl fails every run with the reason, never a timing.
    QTemporaryDir dir2;
    CampaignStore store2(dir2.filePath("b.sqlite").toStdString());
    const EngineResult bad =
        runCampaign(store2, targetSpec("cpu", {"mldsa-ntt"}, {1024}, 1, {{"cpu.impl", "x"}}));
    EXPECT_EQ(bad.failed, 1);
    EXPECT_EQ(store2.runs(bad.campaignId).at(0).failure, "cpu.impl: expected fast or reference, got 'x'");
}

} // namespace
