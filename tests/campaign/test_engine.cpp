// The campaign engine: every run checked against the C++ model before any figure is kept (a wrong
// answer is a failed run, never a timing), runner errors recorded, cancel keeps what is committed and
// resume finishes the rest without repeating a run; the real CPU runner end to end.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include "campaignengine.h"

namespace {

using namespace rs::campaign;

/** A stand-in runner (as target "cuda"): the right answer, or one flipped byte for message size 64, or an
 * error. */
class FakeRunner : public Runner {
  public:
    enum class Mode { Right, WrongAt64, Throws };
    explicit FakeRunner(Mode mode, std::atomic<bool>* cancelAfterRun = nullptr, int* calls = nullptr)
        : m_mode(mode), m_cancel(cancelAfterRun), m_calls(calls) {}
    std::string target() const override { return "cuda"; }
    bool supports(std::string_view alg) const override { return alg != "lea-128-ctr"; }
    RunOutput run(const RunKey& key, const RunInputs& in, int, const std::map<std::string, std::string>&,
                  const std::atomic<bool>&) override {
        if (m_calls) ++*m_calls;
        if (m_mode == Mode::Throws) throw RunnerError("fake: no device");
        RunOutput out;
        out.output = referenceOutput(key, in);
        if (m_mode == Mode::WrongAt64 && key.messageBytes == 64) out.output[5] ^= 1;
        out.measurements = {{"time_median", 100.0 + static_cast<double>(key.messageBytes), "ns"}};
        out.parameters = {{"mode", "fake"}};
        if (m_cancel) m_cancel->store(true); // ask to stop after this run
        return out;
    }

  private:
    Mode m_mode;
    std::atomic<bool>* m_cancel;
    int* m_calls;
};

CampaignSpec spec() {
    CampaignSpec s;
    s.name = "engine";
    s.targets = {"cuda"}; // a known target without a runner here: the tests inject theirs
    s.algorithms = {"ascon-aead128", "lea-128-ctr"};
    s.messageBytes = {16, 64, 128};
    s.repeats = 2;
    return s;
}

TEST(Engine, AWrongAnswerIsAFailedRunNeverATiming) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::WrongAt64);
    };
    int progressCalls = 0;
    opt.progress = [&](const EngineProgress& p) {
        ++progressCalls;
        EXPECT_EQ(p.total, 6);
        EXPECT_FALSE(p.line.empty());
    };
    const EngineResult r = runCampaign(store, spec(), opt);
    EXPECT_EQ(r.runs, 6);
    EXPECT_EQ(progressCalls, 6);
    // ascon at 64 bytes answers wrongly; the three lea-128-ctr runs are unsupported by the runner.
    EXPECT_EQ(r.failed, 4);
    for (const RunRow& row : store.runs(r.campaignId)) {
        if (row.key.algorithm == "lea-128-ctr") {
            EXPECT_FALSE(row.verified);
            EXPECT_NE(row.failure.find("does not run lea-128-ctr"), std::string::npos) << row.failure;
        } else if (row.key.messageBytes == 64) {
            EXPECT_FALSE(row.verified);
            EXPECT_NE(row.failure.find("wrong answer: output byte 5"), std::string::npos) << row.failure;
            EXPECT_TRUE(row.measurements.empty());
        } else {
            EXPECT_TRUE(row.verified) << row.failure;
            ASSERT_EQ(row.measurements.size(), 1u);
            EXPECT_EQ(row.measurements[0].unit, "ns");
        }
    }
    EXPECT_EQ(store.campaign(r.campaignId)->status, "finished");
}

TEST(Engine, RunnerErrorsAreRecordedAndUnknownTargetsRejected) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::Throws);
    };
    const EngineResult r = runCampaign(store, spec(), opt);
    EXPECT_EQ(r.failed, 6);
    EXPECT_EQ(store.runs(r.campaignId).front().failure, "fake: no device");

    CampaignSpec gpu = spec();
    gpu.targets = {"board"};
    EXPECT_THROW(runCampaign(store, gpu), SpecError); // no runner in this build
    EXPECT_EQ(store.campaigns().size(), 1u);          // and nothing stored for it
}

TEST(Engine, CancelKeepsCommittedRunsAndResumeRepeatsNone) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    std::atomic<bool> cancel{false};
    int calls = 0;
    EngineOptions opt;
    opt.cancel = &cancel;
    opt.runnerFactory = [&](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::Right, &cancel, &calls);
    };
    const EngineResult first = runCampaign(store, spec(), opt);
    EXPECT_TRUE(first.cancelled);
    EXPECT_EQ(first.runs, 1);
    EXPECT_EQ(store.campaign(first.campaignId)->status, "cancelled");

    cancel = false;
    EngineOptions resume;
    resume.resume = true;
    resume.runnerFactory = [&](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::Right, nullptr, &calls);
    };
    const EngineResult second = runCampaign(store, spec(), resume);
    EXPECT_EQ(second.campaignId, first.campaignId);
    EXPECT_EQ(second.skipped, 1);
    EXPECT_EQ(second.runs, 5);
    EXPECT_EQ(store.runs(first.campaignId).size(), 6u);
    EXPECT_EQ(calls,
              3); // the 3 ascon runs once each; the lea runs are unsupported and never reach the runner
    EXPECT_EQ(store.campaign(first.campaignId)->status, "finished");
    // A finished campaign is not resumed: the same definition starts a new one.
    const EngineResult third = runCampaign(store, spec(), resume);
    EXPECT_NE(third.campaignId, first.campaignId);
}

TEST(Engine, RealCpuRunnerEndToEnd) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    CampaignSpec s;
    s.name = "cpu";
    s.targets = {"cpu", "cpu-mt"};
    s.algorithms = {"ascon-aead128", "lea-128-ctr"};
    s.messageBytes = {64, 4096};
    s.adBytes = {0, 16};
    s.repeats = 3;
    const EngineResult r = runCampaign(store, s);
    EXPECT_EQ(r.failed, 0);
    EXPECT_EQ(r.runs, 12); // AEAD: 2 AD sizes; CTR: AD size 0 only
    const auto c = store.campaign(r.campaignId);
    EXPECT_FALSE(c->provenance.at("host").empty());
    EXPECT_FALSE(c->provenance.at("compiler").empty());
    EXPECT_FALSE(c->provenance.at("sqlite").empty());
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_TRUE(row.verified) << row.failure;
        EXPECT_FALSE(row.measurements.empty());
    }
}

} // namespace
