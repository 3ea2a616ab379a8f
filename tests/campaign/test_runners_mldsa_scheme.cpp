// The ML-DSA scheme operations as campaign algorithms (issue 35): keygen, sign and verify of ML-DSA-44/65/87
// declared once in the registry (core/oracle/mldsaschemerows.cpp), run on "cpu" and "cpu-mt"
// (core/campaign/cpumldsascheme.h) with every output its own case judged by the one oracle
// (core/oracle/mldsascheme.h): keygen and deterministic sign equal the reference model's bytes, every
// signature verifies under the model, a verify run refuses a mutated signature. Wrong back ends (a flipped
// key byte, a signature that does not verify, a verifier that accepts a mutated signature, a runner that
// signs the same message every repeat) are caught; key generation runs at its seed's 32 bytes only; the
// preset paper001-scheme loads and runs; the other targets refuse the operations by name; a campaign's
// runs are stored with their attempts and chart per operation. No timing is asserted.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <set>

#include "app/backends/backends.h"
#include "core/campaign/campaignengine.h"
#include "core/campaign/chartdata.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/mldsa.h"
#include "core/oracle/mldsascheme.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;
using rs::crypto::Bytes;
using rs::oracle::MlDsaSchemeKind;

const std::atomic<bool> kGo{false};

std::vector<std::string> schemeIds() {
    return rs::oracle::mldsaSchemeIds();
}

const rs::oracle::MlDsaSchemeAlgorithm& row(const std::string& id) {
    const auto* r = rs::oracle::findMlDsaScheme(id);
    if (!r) throw std::runtime_error("no row " + id);
    return *r;
}

const Measurement* find(const RunOutput& out, const std::string& metric) {
    return findMeasurement(out.measurements, metric);
}

/** The judged run of one point, as the engine judges it. */
RunVerdict judged(Runner& runner, const RunKey& key, int repeats,
                  std::map<std::string, std::string> options = {}) {
    const RunInputs in = makeInputs(key);
    return judgeRun(runner, key, in, referenceOutput(key, in), repeats, options, kGo);
}

TEST(MlDsaScheme, TheRegistryDeclaresNineOperationsOnce) {
    const auto& rows = rs::oracle::mldsaSchemeAlgorithms();
    ASSERT_EQ(rows.size(), 9u);
    std::set<std::string> ids;
    for (const auto& r : rows) {
        EXPECT_TRUE(ids.insert(r.id).second) << r.id;
        const auto op = rs::oracle::findOperation(r.id);
        ASSERT_TRUE(op.has_value()) << r.id;
        EXPECT_EQ(op->mldsaScheme, &r);
        EXPECT_EQ(op->mldsa, nullptr);
        EXPECT_EQ(op->block, nullptr);
        const std::string set = rs::crypto::mldsaParams(r.set).name; // "ML-DSA-44"
        EXPECT_EQ(r.displayName.rfind(set + " ", 0), 0u) << r.displayName;
        EXPECT_EQ(r.fixedMessageBytes.has_value(), r.kind == MlDsaSchemeKind::KeyGen) << r.id;
    }
    // The ids the definitions and the CLI take, in the registry's order; never a second table.
    const std::vector<std::string> all = rs::oracle::operationIds();
    for (const std::string& id : schemeIds())
        EXPECT_EQ(std::count(all.begin(), all.end(), id), 1) << id;
    EXPECT_EQ(schemeIds().front(), "mldsa-44-keygen");
    EXPECT_EQ(schemeIds().back(), "mldsa-87-verify");
    // Campaign operations only: not among the rows the explorer and the analysis list (allAlgorithms).
    for (const std::string& id : schemeIds())
        EXPECT_EQ(rs::oracle::findAlgorithm(id), nullptr) << id;
}

TEST(MlDsaScheme, EveryOperationRunsOnCpuAndCpuMtEveryOutputItsOwnCase) {
    const auto cpu = makeCpuRunner(1), mt = makeCpuRunner(0);
    for (const std::string& id : schemeIds()) {
        const auto& r = row(id);
        const std::uint64_t size = r.fixedMessageBytes.value_or(100);
        for (Runner* runner : {cpu.get(), mt.get()}) {
            ASSERT_TRUE(runner->supports(id)) << runner->target() << " " << id;
            const bool multi = runner == mt.get();
            const RunKey key{runner->target(), id, size, 0};
            const RunVerdict v = judged(*runner, key, 3,
                                        multi ? std::map<std::string, std::string>{{"cpu-mt.threads", "2"}}
                                              : std::map<std::string, std::string>{});
            EXPECT_TRUE(v.verified) << runner->target() << " " << id << ": " << v.failure;
            EXPECT_EQ(v.outputs, 3 + kCpuWarmups) << id; // every repeat judged, the warm-up's too
            EXPECT_EQ(v.output.samples.size(), 3u) << id;
            const auto& p = v.output.parameters;
            EXPECT_EQ(p.at("cpu.impl"), "fast");
            EXPECT_EQ(p.at("operations"), multi ? "2" : "1");
            EXPECT_EQ(p.at("mldsa.parameter_set"), rs::crypto::mldsaParams(r.set).name);
            ASSERT_TRUE(find(v.output, "time_median") && find(v.output, "time_per_operation") &&
                        find(v.output, "operations_per_second"))
                << id;
            EXPECT_EQ(find(v.output, "operations_per_second")->unit, "ops/s");
            EXPECT_EQ(find(v.output, "throughput"), nullptr) << "a signature's cost is per operation";
            const Measurement* attempts = find(v.output, "attempts_median");
            EXPECT_EQ(attempts != nullptr, r.kind == MlDsaSchemeKind::Sign) << id;
            if (attempts) {
                EXPECT_GE(find(v.output, "attempts_min")->value, 1);
                EXPECT_GE(find(v.output, "attempts_max")->value, attempts->value);
                EXPECT_EQ(attempts->unit, "attempts");
            }
            // The first output is case 0's answer: the model's bytes.
            const RunInputs in = makeInputs(key);
            EXPECT_EQ(v.first, rs::oracle::mldsaSchemeReference(r, in, 0)) << id;
        }
    }
}

TEST(MlDsaScheme, TheReferenceImplementationRunsWhenAsked) {
    const auto cpu = makeCpuRunner(1);
    for (const std::string id : {"mldsa-44-keygen", "mldsa-44-sign", "mldsa-44-verify"}) {
        const auto& r = row(id);
        const RunVerdict v =
            judged(*cpu, {"cpu", id, r.fixedMessageBytes.value_or(32), 0}, 2, {{"cpu.impl", "reference"}});
        EXPECT_TRUE(v.verified) << id << ": " << v.failure;
        EXPECT_EQ(v.output.parameters.at("cpu.impl"), "reference");
    }
    try {
        judged(*cpu, {"cpu", "mldsa-44-sign", 32, 0}, 1, {{"cpu.impl", "x"}});
        FAIL() << "no RunnerError";
    } catch (const RunnerError& e) {
        EXPECT_EQ(std::string(e.what()), "cpu.impl: expected fast or reference, got 'x'");
    }
}

TEST(MlDsaScheme, TheAttemptsFigureIsTheModelsOverTheTimedSignatures) {
    // The timed repeats sign cases kCpuWarmups .. kCpuWarmups + repeats - 1 (the warm-up signs case 0).
    const auto cpu = makeCpuRunner(1);
    const RunKey key{"cpu", "mldsa-65-sign", 48, 0};
    const int repeats = 6;
    const RunVerdict v = judged(*cpu, key, repeats);
    ASSERT_TRUE(v.verified) << v.failure;
    const RunInputs in = makeInputs(key);
    const auto& r = row(key.algorithm);
    const auto keys = rs::crypto::mldsaKeyGen(r.set, in.key);
    std::vector<int> model;
    std::set<Bytes> messages;
    for (int k = kCpuWarmups; k < kCpuWarmups + repeats; ++k) {
        const auto c = rs::oracle::mldsaSchemeCase(r, in, static_cast<std::size_t>(k));
        messages.insert(c.message);
        model.push_back(rs::crypto::mldsaSign(r.set, keys.sk, c.message, {}, Bytes(32, 0)).attempts);
    }
    EXPECT_EQ(messages.size(), static_cast<std::size_t>(repeats)) << "every repeat signs its own message";
    double sum = 0;
    for (const int a : model)
        sum += a;
    EXPECT_DOUBLE_EQ(find(v.output, "attempts_mean")->value, sum / repeats);
    EXPECT_DOUBLE_EQ(find(v.output, "attempts_min")->value, *std::min_element(model.begin(), model.end()));
    EXPECT_DOUBLE_EQ(find(v.output, "attempts_max")->value, *std::max_element(model.begin(), model.end()));
}

// ---- wrong back ends: each a runner with one classic bug, judged as the engine judges ----

enum class Bug { FlippedKeyByte, SignatureThatDoesNotVerify, AcceptsMutated, SameCaseEveryRepeat };

class BuggyRunner final : public Runner {
  public:
    explicit BuggyRunner(Bug bug) : m_bug(bug) {}
    std::string target() const override { return "cpu"; }
    bool supports(std::string_view algorithm) const override {
        return rs::oracle::findMlDsaScheme(algorithm) != nullptr;
    }
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>&, const std::atomic<bool>&,
                  rs::oracle::OutputJudge& judge) override {
        const auto& r = row(key.algorithm);
        for (int rep = 0; rep < repeats; ++rep) {
            const std::size_t k = m_bug == Bug::SameCaseEveryRepeat ? 0 : judge.cases();
            Bytes out = rs::oracle::mldsaSchemeReference(r, in, k); // the right answer of its case ...
            if (m_bug == Bug::FlippedKeyByte) out[40] ^= 0x10;      // ... pk byte 40 wrong
            if (m_bug == Bug::SignatureThatDoesNotVerify) out[out.size() / 2] ^= 0x01;
            if (m_bug == Bug::AcceptsMutated) out[1] = 1; // "accepted" the flipped signature
            judge.check(out);
        }
        RunOutput o;
        setTimings(o, std::vector<double>(static_cast<std::size_t>(repeats), 1000.0), key.messageBytes);
        return o;
    }

  private:
    Bug m_bug;
};

TEST(MlDsaScheme, TheOracleRefusesWrongKeysSignaturesAndVerifiers) {
    struct Expect {
        Bug bug;
        std::string op;
        std::string failure; // the start of the engine's failure text
    };
    const std::vector<Expect> cases = {
        {Bug::FlippedKeyByte, "mldsa-44-keygen", "wrong answer in output 1: case 0: output byte 40 is "},
        {Bug::SignatureThatDoesNotVerify, "mldsa-65-sign",
         "wrong answer in output 1: case 0: the signature does not verify under the reference model; output "
         "byte "},
        {Bug::AcceptsMutated, "mldsa-87-verify",
         "wrong answer in output 1: case 0: Verify accepted the signature with bit 0 of byte 0 flipped; the "
         "reference model refused it"},
        // Right once, then the same answer again: output 2 is case 1, another seed.
        {Bug::SameCaseEveryRepeat, "mldsa-44-keygen", "wrong answer in output 2: case 1: output byte "},
        {Bug::SameCaseEveryRepeat, "mldsa-44-sign",
         "wrong answer in output 2: case 1: the signature does not verify under the reference model; output "
         "byte "},
    };
    for (const Expect& e : cases) {
        BuggyRunner runner(e.bug);
        const auto& r = row(e.op);
        const RunVerdict v = judged(runner, {"cpu", e.op, r.fixedMessageBytes.value_or(64), 0}, 3);
        EXPECT_FALSE(v.verified) << e.op;
        EXPECT_EQ(v.failure.rfind(e.failure, 0), 0u) << e.op << ": " << v.failure;
    }
    // The judge's answer for a verify case is the model's own: the genuine signature accepted, the mutated
    // one refused.
    const RunInputs in = makeInputs({"cpu", "mldsa-44-verify", 10, 0});
    EXPECT_EQ(rs::oracle::mldsaSchemeReference(row("mldsa-44-verify"), in, 5), (Bytes{1, 0}));
    const auto refused = rs::oracle::judgeMlDsaSchemeOutput(row("mldsa-44-verify"), in, 5, Bytes{0, 0});
    EXPECT_EQ(refused.message,
              "case 5: Verify refused the genuine signature; the reference model accepted it");
}

TEST(MlDsaScheme, TheRunnerRefusesAJudgeThatIsNotCaseByCase) {
    // A judge over one known answer would take every repeat's different output as wrong; the runner says so.
    const auto cpu = makeCpuRunner(1);
    const RunKey key{"cpu", "mldsa-44-sign", 32, 0};
    const RunInputs in = makeInputs(key);
    rs::oracle::OutputJudge plain(referenceOutput(key, in));
    try {
        cpu->run(key, in, 1, {}, kGo, plain);
        FAIL() << "no RunnerError";
    } catch (const RunnerError& e) {
        EXPECT_NE(std::string(e.what()).find("each its own case"), std::string::npos) << e.what();
    }
}

TEST(MlDsaScheme, KeyGenerationRunsAtItsSeedSizeOnly) {
    CampaignSpec s = targetSpec("cpu", {"mldsa-44-keygen", "mldsa-44-sign"}, {0, 1024, 4096}, 1);
    const std::vector<RunKey> runs = expandRuns(s);
    EXPECT_EQ(countRuns(s), runs.size());
    ASSERT_EQ(runs.size(), 4u); // keygen once, sign at each of the three sizes
    EXPECT_EQ(runs[0], (RunKey{"cpu", "mldsa-44-keygen", 32, 0}));
    EXPECT_EQ(runs[1].messageBytes, 0u);
    EXPECT_EQ(runs[3].messageBytes, 4096u);
    // The inputs: keygen's message is its seed; sign's key the key pair's seed and its message M.
    EXPECT_EQ(makeInputs(runs[0]).message.size(), 32u);
    EXPECT_TRUE(makeInputs(runs[0]).key.empty());
    EXPECT_EQ(makeInputs(runs[3]).key.size(), 32u);
    EXPECT_EQ(makeInputs(runs[3]).message.size(), 4096u);
    // Any other keygen size is refused by name.
    try {
        makeInputs(RunKey{"cpu", "mldsa-44-keygen", 64, 0});
        FAIL() << "no SpecError";
    } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "mldsa-44-keygen: the message is 64 bytes; it runs at 32 bytes (the seed ξ) only");
    }
    // A definition of only keygen with sizes that are not 32 is still valid: it runs at 32.
    const CampaignSpec parsed = parseSpec(
        R"({"name": "k", "targets": ["cpu"], "algorithms": ["mldsa-87-keygen"], "message_bytes": [1024, 2048]})");
    ASSERT_EQ(expandRuns(parsed).size(), 1u);
    EXPECT_EQ(expandRuns(parsed).front().messageBytes, 32u);
}

TEST(MlDsaScheme, ThePresetLoadsValidatesAndExpands) {
    const CampaignSpec p = presetSpec("paper001-scheme");
    EXPECT_EQ(p.algorithms, schemeIds());
    EXPECT_NO_THROW(checkSupported(p));
    // 2 targets x (3 keygen runs at 32 B + 6 sign/verify operations x 2 sizes).
    EXPECT_EQ(expandRuns(p).size(), 30u);
    for (const RunKey& k : expandRuns(p))
        EXPECT_NO_THROW(makeInputs(k)) << k.algorithm << " " << k.messageBytes;
}

TEST(MlDsaScheme, EveryOtherTargetRefusesThemByName) {
    rs::backends::registerAllRunners();
    int refused = 0;
    for (const TargetDeclaration& d : targetDeclarations()) {
        if (d.id == "cpu" || d.id == "cpu-mt") continue;
        for (const std::string& id : schemeIds()) {
            EXPECT_FALSE(d.claims(id)) << d.id << " " << id;
            try {
                checkSupported(targetSpec(d.id, {id}, {32}, 1));
                ADD_FAILURE() << d.id << " x " << id << " was accepted";
            } catch (const SpecError& e) {
                EXPECT_EQ(std::string(e.what()).rfind(
                              "targets x algorithms: " + d.id + " does not run " + id + " (", 0),
                          0u)
                    << e.what();
            }
        }
        ++refused;
    }
    EXPECT_GE(refused, 5); // ip, cuda, riscv-qemu, riscv-spike, board
}

TEST(MlDsaScheme, ACampaignOfTheNineOperationsIsStoredAndCharted) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("s.sqlite").toStdString());
    CampaignSpec s = targetSpec("cpu", schemeIds(), {32}, 2, {{"cpu-mt.threads", "2"}});
    s.targets = {"cpu", "cpu-mt"};
    const EngineResult r = runCampaign(store, s);
    EXPECT_EQ(r.runs, 18);
    EXPECT_EQ(r.failed, 0);
    int signs = 0;
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_TRUE(row.verified) << row.key.target << " " << row.key.algorithm << ": " << row.failure;
        EXPECT_EQ(row.samples.size(), 2u);
        const bool sign = rs::oracle::findMlDsaScheme(row.key.algorithm)->kind == MlDsaSchemeKind::Sign;
        EXPECT_EQ(findMeasurement(row.measurements, "attempts_median") != nullptr, sign) << row.key.algorithm;
        signs += sign ? 1 : 0;
    }
    EXPECT_EQ(signs, 6);
    // One series per target and operation; the attempts chart has the sign operations only, with their
    // spread (attempts_min/max).
    ChartRequest time;
    time.campaigns = {r.campaignId};
    time.metric = "time_median";
    const ChartData t = chartData(store, time);
    EXPECT_EQ(t.series.size(), 18u);
    for (const ChartSeries& series : t.series) {
        ASSERT_EQ(series.points.size(), 1u);
        EXPECT_EQ(series.points[0].x, 32);
        EXPECT_GT(series.points[0].y, 0);
    }
    ChartRequest attempts = time;
    attempts.metric = "attempts_median";
    const ChartData a = chartData(store, attempts);
    EXPECT_EQ(a.series.size(), 6u);
    for (const ChartSeries& series : a.series) {
        EXPECT_LE(series.points[0].yMin, series.points[0].y);
        EXPECT_GE(series.points[0].yMax, series.points[0].y);
    }
    ChartRequest ops = time;
    ops.metric = "operations_per_second";
    EXPECT_EQ(chartData(store, ops).series.size(), 18u);
    EXPECT_TRUE(higherIsFaster("operations_per_second", "ops/s")); // a rate: higher is faster
}

} // namespace
