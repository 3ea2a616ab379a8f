// The campaign engine: every run checked against the C++ model before any figure is kept (a wrong
// answer is a failed run, never a timing), runner errors recorded, cancel keeps what is committed and
// resume finishes the rest without repeating a run; the real CPU runner end to end.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <limits>
#include <set>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

#include "core/campaign/campaignengine.h"

namespace {

using namespace rs::campaign;

/** A stand-in runner (as target "cuda"): the right answer in every repeat, or one flipped byte for message
 * size 64, or the right answer in the first repeat and a wrong one in the last (a device that answers right
 * once), or no output at all, or an error. It runs every algorithm but `unsupported`. */
class FakeRunner : public Runner {
  public:
    enum class Mode {
        Right,
        WrongAt64,
        WrongAfterFirst,
        NoOutput,
        NanTiming,
        NegativeSample,
        Throws,
        Milliseconds
    };
    explicit FakeRunner(Mode mode, std::atomic<bool>* cancelAfterRun = nullptr, int* calls = nullptr,
                        std::string unsupported = "skinny-64-64-ecb")
        : m_mode(mode), m_cancel(cancelAfterRun), m_calls(calls), m_unsupported(std::move(unsupported)) {}
    std::string target() const override { return "cuda"; }
    bool supports(std::string_view alg) const override { return alg != m_unsupported; }
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>&, const std::atomic<bool>&,
                  rs::oracle::OutputJudge& judge) override {
        if (m_calls) ++*m_calls;
        if (m_mode == Mode::Throws) throw RunnerError("fake: no device");
        for (int r = 0; m_mode != Mode::NoOutput && r < std::max(1, repeats); ++r) {
            rs::crypto::Bytes output = referenceOutput(key, in);
            if (m_mode == Mode::WrongAt64 && key.messageBytes == 64) output[5] ^= 1;
            if (m_mode == Mode::WrongAfterFirst && r > 0 && r == repeats - 1) output.back() ^= 0x80;
            judge.check(output);
        }
        RunOutput out;
        out.measurements = {{"time_median", 100.0 + static_cast<double>(key.messageBytes), "ns"}};
        if (m_mode == Mode::Milliseconds) out.measurements = {{"time_median", 1433780.0, "ns"}};
        if (m_mode == Mode::NanTiming && key.messageBytes == 64)
            out.measurements.push_back({"throughput", std::numeric_limits<double>::quiet_NaN(), "bytes/s"});
        out.samples = {100.0 + static_cast<double>(key.messageBytes), 90.0};
        if (m_mode == Mode::NegativeSample && key.messageBytes == 64) out.samples[1] = -1;
        out.parameters = {{"mode", "fake"}};
        if (m_cancel) m_cancel->store(true); // ask to stop after this run
        return out;
    }

  private:
    Mode m_mode;
    std::atomic<bool>* m_cancel;
    int* m_calls;
    std::string m_unsupported;
};

std::string hex2(unsigned v) {
    char s[3];
    std::snprintf(s, sizeof s, "%02x", v & 0xffu);
    return s;
}

CampaignSpec spec() {
    CampaignSpec s;
    s.name = "engine";
    s.targets = {"cuda"}; // a known target without a runner here: the tests inject theirs
    s.algorithms = {"ascon-aead128", "lea-128-ctr"};
    s.messageBytes = {16, 64, 128};
    s.repeats = 2;
    return s;
}

TEST(Engine, TheLogShowsTimesInUnitsAsTheTableDoes) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::Milliseconds);
    };
    std::vector<std::string> lines;
    opt.progress = [&](const EngineProgress& p) { lines.push_back(p.line); };
    runCampaign(store, spec(), opt);
    ASSERT_EQ(lines.size(), 6u);
    for (const std::string& l : lines) {
        EXPECT_NE(l.find(": 1.434 ms median (verified)"), std::string::npos) << l; // not "1.43378e+06 ns"
        EXPECT_EQ(l.find("e+"), std::string::npos) << l;
    }
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
    // Both algorithms answer wrongly at 64 bytes.
    EXPECT_EQ(r.failed, 2);
    for (const RunRow& row : store.runs(r.campaignId)) {
        if (row.key.messageBytes == 64) {
            EXPECT_FALSE(row.verified);
            const rs::crypto::Bytes want = referenceOutput(row.key, makeInputs(row.key));
            EXPECT_EQ(row.failure, "wrong answer in output 1: output byte 5 is " + hex2(want[5] ^ 1) +
                                       ", the C++ model gives " + hex2(want[5]));
            EXPECT_TRUE(row.measurements.empty());
        } else {
            EXPECT_TRUE(row.verified) << row.failure;
            ASSERT_EQ(row.measurements.size(), 1u);
            EXPECT_EQ(row.measurements[0].unit, "ns");
        }
    }
    EXPECT_EQ(store.campaign(r.campaignId)->status, "finished");
}

TEST(Engine, AnUnsupportedPairIsRefusedBeforeAnythingIsStored) {
    // The runner does not run lea-128-ctr: the definition is refused with the pair named and what the
    // target runs instead, and nothing is counted, run or stored (never a "failed" run per unsupported pair).
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    int calls = 0;
    EngineOptions opt;
    opt.runnerFactory = [&](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::Right, nullptr, &calls, "lea-128-ctr");
    };
    try {
        runCampaign(store, spec(), opt);
        FAIL() << "a definition with an unsupported pair was run";
    } catch (const SpecError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.rfind("targets x algorithms: cuda does not run lea-128-ctr (cuda runs ascon-128, ", 0),
                  0u)
            << what;
        EXPECT_NE(what.find(", lea-128-ecb, lea-192-ecb, "), std::string::npos) << what;
        EXPECT_NE(what.find("; drop the pair or split the campaign"), std::string::npos) << what;
    }
    EXPECT_EQ(calls, 0);
    EXPECT_TRUE(store.campaigns().empty());
}

TEST(Engine, EveryRepeatIsJudgedNotOnlyTheFirst) {
    // A device that answers right in its first repeat and wrongly in its last: the run fails, no timing.
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::WrongAfterFirst);
    };
    CampaignSpec s = spec();
    s.algorithms = {"ascon-aead128"};
    s.repeats = 3;
    const EngineResult r = runCampaign(store, s, opt);
    EXPECT_EQ(r.runs, 3);
    EXPECT_EQ(r.failed, 3);
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_FALSE(row.verified);
        EXPECT_EQ(row.failure.rfind("wrong answer in output 3: output byte ", 0), 0u) << row.failure;
        EXPECT_TRUE(row.measurements.empty());
    }
}

TEST(Engine, ANonFiniteFigureIsAFailedRunNotAStoreError) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::NanTiming);
    };
    CampaignSpec s = spec();
    s.algorithms = {"ascon-aead128"};
    const EngineResult r = runCampaign(store, s, opt);
    EXPECT_EQ(r.runs, 3);
    EXPECT_EQ(r.failed, 1); // the campaign goes on past it
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_EQ(row.verified, row.key.messageBytes != 64) << row.failure;
        if (row.key.messageBytes == 64) {
            EXPECT_EQ(row.failure, "the runner reported nan as throughput; no figure of this run is kept");
            EXPECT_TRUE(row.measurements.empty());
        }
    }
    EXPECT_EQ(store.campaign(r.campaignId)->status, "finished");
}

TEST(Engine, EveryRepeatsTimeIsStoredAndABadOneFailsTheRun) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::NegativeSample);
    };
    CampaignSpec s = spec();
    s.algorithms = {"ascon-aead128"};
    const EngineResult r = runCampaign(store, s, opt);
    EXPECT_EQ(r.failed, 1);
    for (const RunRow& row : store.runs(r.campaignId)) {
        if (row.key.messageBytes == 64) {
            EXPECT_EQ(row.failure,
                      "the runner reported -1 ns as the time of repeat 2; no figure of this run is kept");
            EXPECT_TRUE(row.samples.empty());
        } else {
            EXPECT_EQ(row.samples,
                      (std::vector<double>{100.0 + static_cast<double>(row.key.messageBytes), 90.0}));
        }
    }
}

TEST(Engine, ARunWithoutOutputIsAFailedRun) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("e.sqlite").toStdString());
    EngineOptions opt;
    opt.runnerFactory = [](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::NoOutput);
    };
    CampaignSpec s = spec();
    s.algorithms = {"ascon-aead128"};
    const EngineResult r = runCampaign(store, s, opt);
    EXPECT_EQ(r.failed, 3);
    EXPECT_EQ(store.runs(r.campaignId).front().failure, "the cuda runner produced no output to check");
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

/** A runner that breaks the store (drops the measurements table through a second connection) during its
 * second run, so the engine's commit of that run fails. */
class StoreBreakingRunner : public FakeRunner {
  public:
    explicit StoreBreakingRunner(std::string db) : FakeRunner(Mode::Right), m_db(std::move(db)) {}
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>& options, const std::atomic<bool>& cancel,
                  rs::oracle::OutputJudge& judge) override {
        if (++m_runs == 2) {
            sqlite3* db = nullptr;
            EXPECT_EQ(sqlite3_open(m_db.c_str(), &db), SQLITE_OK);
            EXPECT_EQ(sqlite3_exec(db, "PRAGMA foreign_keys=OFF; DROP TABLE measurements;", nullptr, nullptr,
                                   nullptr),
                      SQLITE_OK)
                << sqlite3_errmsg(db);
            sqlite3_close(db);
        }
        return FakeRunner::run(key, in, repeats, options, cancel, judge);
    }

  private:
    std::string m_db;
    int m_runs = 0;
};

TEST(Engine, AStoreErrorStopsTheCampaignAndLeavesItResumable) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("e.sqlite").toStdString();
    CampaignStore store(path);
    EngineOptions opt;
    opt.runnerFactory = [&](const std::string&) { return std::make_unique<StoreBreakingRunner>(path); };
    EXPECT_THROW(runCampaign(store, spec(), opt), StoreError);
    ASSERT_EQ(store.campaigns().size(), 1u);
    EXPECT_EQ(store.campaigns().front().status, "cancelled"); // not left "running"
    EXPECT_EQ(store.findResumable(spec()), store.campaigns().front().id);
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
    resume.start = StartMode::Resume;
    resume.runnerFactory = [&](const std::string&) {
        return std::make_unique<FakeRunner>(FakeRunner::Mode::Right, nullptr, &calls);
    };
    const RunRow kept = store.runs(first.campaignId).at(0);
    int progressCalls = 0;
    EngineProgress last;
    std::string firstLine;
    resume.progress = [&](const EngineProgress& p) {
        if (++progressCalls == 1) firstLine = p.line;
        last = p;
    };
    const EngineResult second = runCampaign(store, spec(), resume);
    EXPECT_EQ(second.campaignId, first.campaignId);
    EXPECT_EQ(progressCalls, 6); // one per run, the skipped one included
    EXPECT_EQ(firstLine.find("already recorded (skipped)") != std::string::npos, true) << firstLine;
    EXPECT_EQ(last.done, 6);
    EXPECT_EQ(last.skipped, 1);
    EXPECT_EQ(store.runs(first.campaignId).at(0).id, kept.id); // the committed run was not redone
    EXPECT_EQ(store.runs(first.campaignId).at(0).finished, kept.finished);
    EXPECT_EQ(second.skipped, 1);
    EXPECT_EQ(second.runs, 5);
    EXPECT_EQ(store.runs(first.campaignId).size(), 6u);
    std::set<RunKey> keys;
    for (const RunRow& row : store.runs(first.campaignId))
        keys.insert(row.key);
    EXPECT_EQ(keys.size(), 6u); // every run once
    EXPECT_EQ(calls, 6);        // every run once: the first before the cancel, the other 5 on resume
    EXPECT_EQ(store.campaign(first.campaignId)->status, "finished");
    // Resuming a finished campaign is idempotent: nothing to do, nothing run, nothing stored.
    const int callsBefore = calls;
    const EngineResult third = runCampaign(store, spec(), resume);
    EXPECT_EQ(third.campaignId, first.campaignId);
    EXPECT_TRUE(third.alreadyFinished);
    EXPECT_EQ(third.runs, 0);
    EXPECT_EQ(calls, callsBefore);
    EXPECT_EQ(store.campaigns().size(), 1u);
    EXPECT_EQ(store.runs(first.campaignId).size(), 6u);
    // Without resume or new, a stored definition is refused; New starts another campaign.
    EngineOptions plain = resume;
    plain.start = StartMode::Fresh;
    plain.progress = nullptr;
    try {
        runCampaign(store, spec(), plain);
        FAIL() << "a stored definition was run again without resume or new";
    } catch (const CampaignRefused& e) {
        EXPECT_EQ(e.reason(), CampaignRefused::Reason::DefinitionStored);
        EXPECT_NE(std::string(e.what()).find("campaign " + std::to_string(first.campaignId)),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(store.campaigns().size(), 1u);
    EngineOptions fresh = resume;
    fresh.start = StartMode::New;
    fresh.progress = nullptr;
    const EngineResult fourth = runCampaign(store, spec(), fresh);
    EXPECT_NE(fourth.campaignId, first.campaignId);
    EXPECT_EQ(fourth.runs, 6);
    EXPECT_EQ(store.campaigns().size(), 2u);
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
    EXPECT_FALSE(c->provenance.at("qt").empty());
    EXPECT_FALSE(c->provenance.at("git_revision").empty());
    EXPECT_FALSE(c->provenance.at("build_flags").empty());
    EXPECT_FALSE(c->provenance.at("roundscope").empty());
    // Each runner's facts, prefixed by its target.
    EXPECT_EQ(c->provenance.at("cpu-mt.hardware_threads"), c->provenance.at("cpu.hardware_threads"));
    EXPECT_FALSE(c->provenance.at("cpu.compiler").empty());
    for (const RunRow& row : store.runs(r.campaignId)) {
        EXPECT_TRUE(row.verified) << row.failure;
        EXPECT_FALSE(row.measurements.empty());
    }
}

/** A right-answer runner that takes 20 ms a run and never returns from run `hangAt` (so a campaign
 * run by it cannot finish before it is killed); counts its calls. */
class SlowRunner : public Runner {
  public:
    SlowRunner(int* calls, int hangAt, std::chrono::milliseconds delay)
        : m_calls(calls), m_hangAt(hangAt), m_delay(delay) {}
    std::string target() const override { return "cuda"; }
    bool supports(std::string_view) const override { return true; }
    RunOutput run(const RunKey& key, const RunInputs& in, int, const std::map<std::string, std::string>&,
                  const std::atomic<bool>&, rs::oracle::OutputJudge& judge) override {
        if (++*m_calls == m_hangAt)
            for (;;)
                std::this_thread::sleep_for(std::chrono::seconds(1));
        std::this_thread::sleep_for(m_delay);
        judge.check(referenceOutput(key, in));
        RunOutput out;
        out.measurements = {{"time_median", 1.0, "ns"}};
        return out;
    }

  private:
    int* m_calls;
    int m_hangAt;
    std::chrono::milliseconds m_delay;
};

TEST(Engine, KillNineThenResumeLosesNoCommittedRunAndRepeatsNone) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("killed.sqlite").toStdString();
    CampaignSpec s = spec();
    s.algorithms = {"ascon-aead128"};
    s.messageBytes.clear();
    for (std::uint64_t n = 1; n <= 120; ++n)
        s.messageBytes.push_back(n);
    const std::size_t total = expandRuns(s).size();
    ASSERT_EQ(total, 120u);

    // The child runs the campaign and writes a byte to the pipe for each committed run (the engine's
    // progress counts the runs stored after each commit); no store is open in the parent across fork.
    int pipeFds[2];
    ASSERT_EQ(pipe(pipeFds), 0);
    std::fflush(nullptr);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        close(pipeFds[0]);
        try {
            CampaignStore store(path);
            int calls = 0;
            EngineOptions opt;
            opt.runnerFactory = [&](const std::string&) {
                return std::make_unique<SlowRunner>(&calls, 100, std::chrono::milliseconds(20));
            };
            // Batches of about 5 runs: the kill lands in a batch, whose runs a resume must run again.
            opt.batchSeconds = 0.09;
            int reported = 0;
            opt.progress = [&](const EngineProgress& p) {
                for (; reported < p.stored; ++reported) {
                    const char c = 'r';
                    if (write(pipeFds[1], &c, 1) != 1) _exit(3);
                }
            };
            runCampaign(store, s, opt);
        } catch (...) {
            _exit(2);
        }
        _exit(0); // not reached: run 100 never returns
    }
    close(pipeFds[1]);
    int committed = 0;
    std::size_t seenWhileRunning = 0;
    char c = 0;
    while (committed < 10 && read(pipeFds[0], &c, 1) == 1) {
        if (++committed == 5) { // a second connection reads the store while the child writes it
            CampaignStore reader(path);
            ASSERT_EQ(reader.campaigns().size(), 1u);
            seenWhileRunning = reader.runs(reader.campaigns()[0].id).size();
        }
    }
    kill(child, SIGKILL); // somewhere in a run, a commit or the 20 ms between
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    close(pipeFds[0]);
    ASSERT_EQ(committed, 10) << "the child stopped early (status " << status << ")";
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << status;
    EXPECT_GE(seenWhileRunning, 5u);

    CampaignStore store(path);
    ASSERT_EQ(store.campaigns().size(), 1u);
    const std::int64_t id = store.campaigns()[0].id;
    EXPECT_EQ(store.campaign(id)->status, "running"); // killed: nobody marked it
    const std::vector<RunRow> before = store.runs(id);
    ASSERT_GE(before.size(), 10u);
    ASSERT_LT(before.size(), total);

    int calls = 0;
    EngineOptions resume;
    resume.start = StartMode::Resume;
    resume.runnerFactory = [&](const std::string&) {
        return std::make_unique<SlowRunner>(&calls, -1, std::chrono::milliseconds(0));
    };
    const EngineResult r = runCampaign(store, s, resume);
    EXPECT_EQ(r.campaignId, id);
    EXPECT_EQ(r.skipped, static_cast<int>(before.size()));
    EXPECT_EQ(r.runs, static_cast<int>(total - before.size()));
    EXPECT_EQ(calls, static_cast<int>(total - before.size())); // nothing committed was run again

    const std::vector<RunRow> after = store.runs(id);
    ASSERT_EQ(after.size(), total);
    std::set<RunKey> keys;
    for (const RunRow& row : after) {
        keys.insert(row.key);
        EXPECT_TRUE(row.verified) << row.failure;
    }
    EXPECT_EQ(keys.size(), total);                    // every run exactly once
    for (std::size_t i = 0; i < before.size(); ++i) { // the committed runs kept their rows
        EXPECT_EQ(after[i].id, before[i].id);
        EXPECT_EQ(after[i].key, before[i].key);
        EXPECT_EQ(after[i].finished, before[i].finished);
        EXPECT_EQ(after[i].measurements, before[i].measurements);
    }
    const auto c2 = store.campaign(id);
    EXPECT_EQ(c2->status, "finished");
    EXPECT_EQ(c2->runsDone, c2->runsTotal);
    EXPECT_EQ(c2->runsTotal, static_cast<int>(total));
}

} // namespace
