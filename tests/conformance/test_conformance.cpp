// The conformance (co-simulation) test: every registered campaign target x every operation it claims passes
// the engine's verification on random inputs and on records of the official vector files; a target whose
// tool is absent here (no GPU, no Spike) skips with the reason its declaration's probe gives. Every
// declaration says what its runner does (operations, measured or simulated). The toy back end
// (tests/toybackend) is found through the registry after its one registration line, and a deliberately
// wrong back end is caught.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <algorithm>
#include <optional>

#include "app/backends/backends.h"
#include "core/campaign/campaignengine.h"
#include "core/campaign/chartdata.h"
#include "core/oracle/oracle.h"
#include "tests/conformance/conformance.h"
#include "tests/qtcoreapp.h"
#include "tests/toybackend/toyrunner.h"

namespace {

using namespace rs::campaign;
using rs::conformance::checkTarget;
using rs::conformance::Report;

/** Every back end registered as the app and the CLI register them, plus the toy back end. */
std::vector<std::string> registeredTargets() {
    static const bool registered = [] {
        rs::backends::registerAllRunners();
        rs::toy::registerToyRunner(); // the toy back end's one registration line
        return true;
    }();
    (void)registered;
    std::vector<std::string> ids;
    for (const TargetDeclaration& d : targetDeclarations())
        ids.push_back(d.id);
    return ids;
}

std::map<std::string, std::string> optionsFor(const std::string& target) {
    if (target == "cuda") return {{"cuda.messages", "4"}}; // a few messages per launch: quick, still batched
    return {};
}

class Conformance : public testing::TestWithParam<std::string> {};

TEST_P(Conformance, EveryOperationItClaimsPassesTheEnginesVerification) {
    const std::string target = GetParam();
    const auto declared = findTarget(target);
    ASSERT_TRUE(declared.has_value());
    if (const auto why = toolAbsent(*declared)) GTEST_SKIP() << target << ": " << *why;
    const auto runner = makeRunner(target);
    ASSERT_NE(runner, nullptr);
    const Report report = checkTarget(*runner, RS_VECTORS_DIR, optionsFor(target));
    // Its figures are what its declaration says, as the charts tell them (simulationNote: an IP's clock, a
    // simulator's instruction counts, "simulations"): every run of a simulated target is noted as
    // simulated, no run of a measured one is.
    if (!declared->factoryOnly)
        for (const rs::conformance::Check& c : report.checks) {
            if (!c.passed) continue;
            RunRow row;
            row.parameters = c.parameters;
            EXPECT_EQ(!simulationNote(row).empty(), declared->figures == Figures::Simulated)
                << target << " " << c.operation << " " << c.inputs << ": " << simulationNote(row);
        }
    ASSERT_FALSE(report.operations.empty()) << target << " claims no operation";
    // Every operation ran on random inputs at least, and the official files were used where they exist.
    EXPECT_GE(report.checks.size(), 3 * report.operations.size());
    EXPECT_LT(report.notes.size(), report.operations.size()) << target << " met no official vector";
    for (const std::string& f : report.failures())
        ADD_FAILURE() << target << ": " << f;
    std::cout << "[ CHECKED  ] " << target << ": " << report.operations.size() << " operations, "
              << report.checks.size() << " runs" << std::endl;
    for (const std::string& note : report.notes)
        std::cout << "[ NOTE     ] " << target << ": " << note << std::endl;
}

INSTANTIATE_TEST_SUITE_P(Targets, Conformance, testing::ValuesIn(registeredTargets()),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(ConformanceTargets, EveryDeclarationSaysWhatItsRunnerDoes) {
    // What checkSupported, the definitions and the cluster read without building a runner is what the runner
    // answers once built: its id, and every operation it runs.
    const auto targets = registeredTargets();
    EXPECT_GE(targets.size(), 3u); // cpu, cpu-mt and the toy at least
    for (const std::string& target : targets) {
        const auto declared = findTarget(target);
        ASSERT_TRUE(declared.has_value()) << target;
        EXPECT_FALSE(declared->name.empty()) << target;
        const auto runner = makeRunner(target);
        ASSERT_NE(runner, nullptr) << target;
        EXPECT_EQ(runner->target(), target);
        EXPECT_FALSE(claimedOperations(*declared).empty()) << target << " claims no operation";
        EXPECT_EQ(claimedOperations(*declared), supportedOperations(*runner)) << target;
    }
    ASSERT_TRUE(findTarget("toy").has_value());
    EXPECT_EQ(claimedOperations(*findTarget("toy")),
              (std::vector<std::string>{"lea-128-ecb", "lea-128-ctr"}));
}

/** A back end with two classic bugs: a CTR tail (the last partial block) encrypted wrongly when the message
 *  has several blocks, and an AEAD tag right the first time only. */
class WrongRunner final : public Runner {
  public:
    std::string target() const override { return "zz-wrong"; }
    bool supports(std::string_view alg) const override { return alg == "lea-128-ctr" || alg == "ascon-128"; }
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>&, const std::atomic<bool>&,
                  rs::oracle::OutputJudge& judge) override {
        const auto op = rs::oracle::operation(key.algorithm);
        for (int r = 0; r < std::max(1, repeats); ++r) {
            rs::crypto::Bytes out = rs::oracle::referenceOutput(op, in);
            if (op.ctr && in.message.size() > 16 && in.message.size() % 16) out.back() ^= 0x40;
            if (op.aead && r > 0) out.back() ^= 0x01;
            judge.check(out);
        }
        RunOutput o;
        o.measurements = {{"time_median", 1.0, "ns"}};
        return o;
    }
};

TEST(ConformanceCheck, ADeliberatelyWrongBackEndIsReported) {
    registerRunner("zz-wrong", [] { return std::make_unique<WrongRunner>(); }); // in this test only
    const auto runner = makeRunner("zz-wrong");
    ASSERT_NE(runner, nullptr);
    const Report report = checkTarget(*runner, RS_VECTORS_DIR);
    registerRunner("zz-wrong", nullptr);
    const auto failures = report.failures();
    ASSERT_FALSE(failures.empty());
    // The CTR tail: only the random run with several blocks and a tail (51 bytes); the KAT records are whole
    // blocks. The AEAD tag: every run, at its second repeat.
    int ctr = 0, aead = 0;
    for (const std::string& f : failures) {
        if (f.rfind("lea-128-ctr, random: 51 B message, 0 B AD: wrong answer in output 1: output byte 50 is ",
                    0) == 0)
            ++ctr;
        else if (f.rfind("ascon-128, ", 0) == 0 &&
                 f.find(": wrong answer in output 2: output byte ") != std::string::npos)
            ++aead;
        else
            ADD_FAILURE() << "unexpected failure: " << f;
    }
    EXPECT_EQ(ctr, 1);
    EXPECT_EQ(aead, 4 + 3); // 4 random runs, 3 records of the Ascon-128 file
    EXPECT_EQ(report.checks.size() - failures.size(), 3u + 3u); // the other CTR runs pass
}

TEST(ToyBackEnd, ItsOneRegistrationLineMakesItACampaignTarget) {
    registeredTargets();
    // Known to definitions through the registry (no list edited), run and verified by the engine.
    const CampaignSpec spec =
        parseSpec(R"({"name": "toy", "targets": ["toy", "cpu"], "algorithms": ["lea-128-ctr"],
                                            "message_bytes": [0, 17, 4096], "repeats": 3})");
    QTemporaryDir dir;
    CampaignStore store(dir.filePath(QStringLiteral("toy.sqlite")).toStdString());
    const EngineResult r = runCampaign(store, spec);
    EXPECT_EQ(r.runs, 6);
    EXPECT_EQ(r.failed, 0);
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_TRUE(row.verified) << row.key.target << " " << row.failure;
        if (row.key.target == "toy") {
            EXPECT_EQ(row.parameters.at("device"), "LEA-128 in C (tests/toybackend)");
        }
    }
    // What it does not claim is refused when the campaign is defined.
    CampaignSpec wider = spec;
    wider.algorithms = {"lea-192-ctr"};
    try {
        checkSupported(wider);
        FAIL() << "toy x lea-192-ctr was accepted";
    } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "targets x algorithms: toy does not run lea-192-ctr (toy runs lea-128-ecb, "
                  "lea-128-ctr); drop the pair or split the campaign");
    }
}

} // namespace
