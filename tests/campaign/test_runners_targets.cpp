// Campaign targets (core/campaign/targets.h): every target is a declaration registered beside its factory,
// read without building a runner. checkSupported and the definitions' list of targets come from the
// declarations (a factory that throws or counts proves no runner is built); a target registered the old
// way, by its factory alone, still works (its runner built once to ask what it runs); the back ends declare
// their tools, figures and Slurm needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "app/backends/backends.h"
#include "core/campaign/cpurunner.h"
#include "core/campaign/runner.h"
#include "hw/ip/iprunner.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;

// test_campaign's definitions name every back end's target (test_spec's among them), as those the app and
// the CLI read do: the program registers every back end once, before its first test, as they do.
class EveryBackEnd : public testing::Environment {
  public:
    void SetUp() override { rs::backends::registerAllRunners(); }
};
[[maybe_unused]] const testing::Environment* const kEveryBackEnd =
    testing::AddGlobalTestEnvironment(new EveryBackEnd);

bool has(const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

std::string refusal(const CampaignSpec& spec) {
    try {
        checkSupported(spec);
    } catch (const SpecError& e) {
        return e.what();
    }
    return {};
}

/** A declaration of a target that runs LEA-128 in CTR only. */
TargetDeclaration leaCtrOnly(const std::string& id) {
    TargetDeclaration d;
    d.id = id;
    d.name = "a test target";
    d.claims = [](std::string_view operation) { return operation == "lea-128-ctr"; };
    return d;
}

TEST(RunnerRegistry, CoreTargetsAndRegistration) {
    auto targets = runnerTargets();
    EXPECT_TRUE(std::is_sorted(targets.begin(), targets.end()));
    EXPECT_TRUE(has(targets, "cpu"));
    EXPECT_TRUE(has(targets, "cpu-mt"));
    EXPECT_EQ(makeRunner("cpu")->target(), "cpu");
    EXPECT_EQ(makeRunner("cpu-mt")->target(), "cpu-mt");
    EXPECT_EQ(makeRunner("zz-runner-test"), nullptr);

    // The old way, a factory alone, still registers a target.
    registerRunner("zz-runner-test", [] { return makeCpuRunner(1); });
    targets = runnerTargets();
    EXPECT_TRUE(has(targets, "zz-runner-test"));
    EXPECT_TRUE(std::is_sorted(targets.begin(), targets.end()));
    EXPECT_EQ(makeRunner("zz-runner-test")->target(), "cpu");
    ASSERT_TRUE(findTarget("zz-runner-test").has_value());
    EXPECT_TRUE(findTarget("zz-runner-test")->factoryOnly);
    registerRunner("zz-runner-test", [] { return makeCpuRunner(0); }); // replaces
    EXPECT_EQ(makeRunner("zz-runner-test")->target(), "cpu-mt");
    registerRunner("zz-runner-test", nullptr); // removes
    EXPECT_EQ(makeRunner("zz-runner-test"), nullptr);
    EXPECT_FALSE(findTarget("zz-runner-test").has_value());
    EXPECT_FALSE(has(runnerTargets(), "zz-runner-test"));
}

TEST(RunnerRegistry, OneCallRegistersEveryBackEnd) {
    // The app and the CLI register every back end's targets with one call (this program made it before its
    // first test): each is declared and builds a runner of its own id.
    for (const std::string target : {"ip", "cuda", "riscv-qemu", "riscv-spike", "board"}) {
        ASSERT_TRUE(findTarget(target).has_value()) << target;
        const auto runner = makeRunner(target);
        ASSERT_NE(runner, nullptr) << target;
        EXPECT_EQ(runner->target(), target);
    }
    // core's own first, then the back ends in the order they are registered: what definitions may name.
    EXPECT_EQ(rs::oracle::joinIds(specTargets()), "cpu, cpu-mt, ip, cuda, riscv-qemu, riscv-spike, board");
    const auto before = runnerTargets();
    rs::backends::registerAllRunners(); // again (the app and the CLI may both run in one process): no change
    EXPECT_EQ(runnerTargets(), before);
    EXPECT_EQ(rs::oracle::joinIds(specTargets()), "cpu, cpu-mt, ip, cuda, riscv-qemu, riscv-spike, board");
}

TEST(RunnerRegistry, ARegisteredTargetIsKnownToDefinitions) {
    // A new back end needs its registration line only: the definition parser knows it from the registry.
    const std::string json = R"({"name": "x", "targets": ["zz-new-backend"], "algorithms": ["lea-128-ctr"],
                                 "message_bytes": [16], "options": {"zz-new-backend.speed": "fast"}})";
    EXPECT_THROW(parseSpec(json), SpecError);
    registerTarget(leaCtrOnly("zz-new-backend"), [] { return makeCpuRunner(1); });
    const CampaignSpec spec = parseSpec(json);
    EXPECT_EQ(spec.targets, std::vector<std::string>{"zz-new-backend"});
    EXPECT_EQ(specTargets().back(), "zz-new-backend"); // after the others, in the order of registration
    registerTarget(leaCtrOnly("zz-new-backend"), nullptr);
    EXPECT_THROW(parseSpec(json), SpecError);
}

TEST(TargetDeclarations, CheckSupportedReadsTheDeclarationAndBuildsNoRunner) {
    int built = 0;
    registerTarget(leaCtrOnly("zz-declared"), [&built]() -> std::unique_ptr<Runner> {
        ++built;
        throw std::runtime_error("checkSupported built a runner");
    });
    CampaignSpec spec = targetSpec("zz-declared", {"lea-128-ctr"}, {16}, 1);
    EXPECT_NO_THROW(checkSupported(spec));
    spec.algorithms = {"lea-128-ctr", "ascon-128", "lea-128-gcm"};
    EXPECT_EQ(refusal(spec), "targets x algorithms: zz-declared does not run ascon-128, lea-128-gcm "
                             "(zz-declared runs lea-128-ctr); drop the pair or split the campaign");
    ASSERT_TRUE(findTarget("zz-declared").has_value());
    EXPECT_EQ(claimedOperations(*findTarget("zz-declared")), std::vector<std::string>{"lea-128-ctr"});
    EXPECT_FALSE(findTarget("zz-declared")->factoryOnly);
    EXPECT_EQ(built, 0);
    // Registered again: replaced in its place, not added twice.
    const std::size_t count = targetDeclarations().size();
    registerTarget(leaCtrOnly("zz-declared"), [] { return makeCpuRunner(1); });
    EXPECT_EQ(targetDeclarations().size(), count);
    registerTarget(leaCtrOnly("zz-declared"), nullptr);
    EXPECT_FALSE(findTarget("zz-declared").has_value());
}

TEST(TargetDeclarations, AFactoryOnlyTargetIsBuiltOnceToAskWhatItRuns) {
    // The compatibility path for a target registered the old way (the ip target until it declares itself):
    // its runner is built when its claims are first asked, once, as checkSupported built it before.
    int built = 0;
    registerRunner("zz-old", [&built] {
        ++built;
        return makeCpuRunner(0); // cpu-mt: no ML-DSA
    });
    CampaignSpec spec = targetSpec("zz-old", {"ascon-128"}, {16}, 1);
    EXPECT_NO_THROW(checkSupported(spec));
    spec.algorithms = {"mldsa-ntt"};
    EXPECT_NE(refusal(spec).find("zz-old does not run mldsa-ntt (zz-old runs ascon-128, "), std::string::npos)
        << refusal(spec);
    EXPECT_EQ(built, 1);
    registerRunner("zz-old", nullptr);
}

TEST(TargetDeclarations, ADeclarationNeedsAnIdAndItsClaims) {
    TargetDeclaration noClaims;
    noClaims.id = "zz-nothing";
    EXPECT_THROW(registerTarget(noClaims, [] { return makeCpuRunner(1); }), std::invalid_argument);
    EXPECT_THROW(registerTarget(leaCtrOnly(""), [] { return makeCpuRunner(1); }), std::invalid_argument);
    EXPECT_FALSE(findTarget("zz-nothing").has_value());
}

TEST(TargetDeclarations, TheBackEndsSayWhatTheyNeedAndHowTheirFiguresComeAbout) {
    const auto cpu = findTarget("cpu");
    ASSERT_TRUE(cpu.has_value());
    EXPECT_FALSE(toolAbsent(*cpu).has_value()); // needs no tool
    EXPECT_EQ(cpu->figures, Figures::Measured);
    EXPECT_TRUE(cpu->slurm.gres.empty());
    EXPECT_TRUE(has(claimedOperations(*cpu), "mldsa-ntt"));
    EXPECT_FALSE(has(claimedOperations(*findTarget("cpu-mt")), "mldsa-ntt"));
    const auto cuda = findTarget("cuda");
    ASSERT_TRUE(cuda.has_value());
    EXPECT_EQ(cuda->slurm.gres, "gpu:1");
    EXPECT_TRUE(static_cast<bool>(cuda->toolAbsent)); // roundscope-gpu and a CUDA device
    EXPECT_EQ(cuda->figures, Figures::Measured);
    const auto board = findTarget("board");
    ASSERT_TRUE(board.has_value());
    EXPECT_FALSE(board->slurm.nodelistRequired.empty()); // the node the board is attached to
    EXPECT_EQ(claimedOperations(*board),
              (std::vector<std::string>{"ascon-128", "ascon-128a", "ascon-aead128"}));
    for (const std::string sim : {"riscv-qemu", "riscv-spike"}) {
        const auto riscv = findTarget(sim);
        ASSERT_TRUE(riscv.has_value()) << sim;
        EXPECT_EQ(riscv->figures, Figures::Simulated) << sim; // retired-instruction counts
        EXPECT_TRUE(static_cast<bool>(riscv->toolAbsent)) << sim;
        EXPECT_FALSE(riscv->name.empty());
    }
}

TEST(RunnerRegistry, UnsupportedPairsAreRefusedByNameWhenDefined) {
    rs::hw::registerIpRunner();
    const auto ip = makeRunner("ip");
    const auto runs = supportedOperations(*ip);
    EXPECT_EQ(rs::oracle::joinIds(runs),
              "ascon-128, ascon-128a, ascon-aead128, lea-128-ecb, lea-128-ctr, "
              "lea-192-ecb, lea-192-ctr, lea-256-ecb, lea-256-ctr, skinny-128-256-ecb, "
              "skinny-128-256-ctr, skinny-128-384-ecb, skinny-128-384-ctr, mldsa-ntt, mldsa-intt, mldsa-pwm, "
              "mldsa-pwa");
    EXPECT_EQ(claimedOperations(*findTarget("ip")), runs);
    CampaignSpec spec = presetSpec("paper003");              // LEA-128 CTR and GCM
    spec.targets = {"cpu", "ip", "cuda", "zz-unregistered"}; // the last: left to the engine
    EXPECT_EQ(refusal(spec), "targets x algorithms: ip does not run lea-128-gcm (ip runs " +
                                 rs::oracle::joinIds(runs) + "); cuda does not run lea-128-gcm (cuda runs " +
                                 rs::oracle::joinIds(claimedOperations(*findTarget("cuda"))) +
                                 "); drop the pair or split the campaign");
    spec.algorithms = {"lea-128-ctr"};
    EXPECT_NO_THROW(checkSupported(spec));
    // Every refused target is named; a runner that runs no operation at all says so. Runners given to it
    // (tests inject their own) are asked instead of the declarations.
    struct NothingRunner : Runner {
        std::string target() const override { return "zz-none"; }
        bool supports(std::string_view) const override { return false; }
        RunOutput run(const RunKey&, const RunInputs&, int, const std::map<std::string, std::string>&,
                      const std::atomic<bool>&, rs::oracle::OutputJudge&) override {
            return {};
        }
    };
    spec.algorithms = {"lea-128-gcm"};
    spec.targets = {"ip", "zz-none"};
    const TargetRunners runners = [](const std::string& t) -> std::unique_ptr<Runner> {
        if (t == "ip") return makeRunner("ip");
        return std::make_unique<NothingRunner>();
    };
    try {
        checkSupported(spec, runners);
        FAIL();
    } catch (const SpecError& e) {
        EXPECT_NE(
            std::string(e.what()).find("; zz-none does not run lea-128-gcm (zz-none runs none of them)"),
            std::string::npos)
            << e.what();
    }
}

} // namespace
