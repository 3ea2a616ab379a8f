// Interleaved campaigns (CampaignSpec::interleaveSeed, core/campaign/interleave.h): the order of a round is
// a permutation drawn from the seed, the same seed draws the same calls, every run's rounds are pooled
// into one stored run with every sample, a drifting machine no longer makes the runs that ran late look
// slower, a failed round ends its run, and a cancelled campaign is finished by a resume.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <set>

#include "core/campaign/campaignengine.h"
#include "core/campaign/interleave.h"

namespace {

using namespace rs::campaign;

/** A runner whose every timed repeat takes longer than the one before (a machine warming up): repeat n of
 *  the whole campaign takes 1000 + 10 n ns, whatever the run. It answers right, except `failAt` (a call
 *  number, 0-based), where it answers wrongly. It keeps the calls it got. */
class DriftingRunner : public Runner {
  public:
    struct Call {
        RunKey key;
        int repeats = 0;
    };
    DriftingRunner(std::vector<Call>& calls, int failAt = -1, std::atomic<bool>* cancelAt = nullptr,
                   int cancelCall = -1)
        : m_calls(calls), m_failAt(failAt), m_cancel(cancelAt), m_cancelCall(cancelCall) {}
    std::string target() const override { return "cuda"; }
    bool supports(std::string_view) const override { return true; }
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>&, const std::atomic<bool>&,
                  rs::oracle::OutputJudge& judge) override {
        const int call = static_cast<int>(m_calls.size());
        m_calls.push_back({key, repeats});
        std::vector<double> ns;
        for (int r = 0; r < repeats; ++r) {
            rs::crypto::Bytes output = referenceOutput(key, in);
            if (call == m_failAt) output[0] ^= 1;
            judge.check(output);
            ns.push_back(1000.0 + 10.0 * static_cast<double>(m_repeat++));
        }
        RunOutput out;
        setTimings(out, ns, key.messageBytes);
        out.measurements.push_back({"cycles", 42.0, "cycles"});
        out.parameters = {{"call", std::to_string(call)}};
        if (m_cancel && call == m_cancelCall) m_cancel->store(true);
        return out;
    }

  private:
    std::vector<Call>& m_calls;
    int m_failAt;
    std::atomic<bool>* m_cancel;
    int m_cancelCall;
    int m_repeat = 0; // repeats timed so far, over the whole campaign
};

CampaignSpec spec(std::optional<std::uint64_t> seed) {
    CampaignSpec s;
    s.name = "interleave";
    s.targets = {"cuda"}; // a known target without a runner here: the tests inject theirs
    s.algorithms = {"ascon-aead128", "lea-128-ctr"};
    s.messageBytes = {16, 64, 128};
    s.repeats = 9;
    s.interleaveSeed = seed;
    return s;
}

double metric(const RunRow& r, const std::string& name) {
    for (const Measurement& m : r.measurements)
        if (m.metric == name) return m.value;
    ADD_FAILURE() << "no " << name << " in " << r.key.algorithm << " " << r.key.messageBytes;
    return NAN;
}

struct Ran {
    EngineResult result;
    std::vector<RunRow> runs;
    std::vector<DriftingRunner::Call> calls;
    std::vector<EngineProgress> progress;
};

Ran runIn(const QString& file, const CampaignSpec& s, int failAt = -1, StartMode mode = StartMode::Fresh,
          int cancelCall = -1) {
    Ran ran;
    CampaignStore store(file.toStdString());
    std::atomic<bool> cancel{false};
    EngineOptions opt;
    opt.start = mode;
    opt.cancel = &cancel;
    opt.runnerFactory = [&](const std::string&) {
        return std::make_unique<DriftingRunner>(ran.calls, failAt, &cancel, cancelCall);
    };
    opt.progress = [&](const EngineProgress& p) { ran.progress.push_back(p); };
    ran.result = runCampaign(store, s, opt);
    ran.runs = store.runs(ran.result.campaignId);
    return ran;
}

} // namespace

TEST(Interleave, ARoundsOrderIsAPermutationDrawnFromTheSeedAndTheRound) {
    const std::vector<std::size_t> a = roundOrder(7, 0, 50);
    std::vector<std::size_t> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size(); ++i)
        ASSERT_EQ(sorted[i], i);
    EXPECT_EQ(roundOrder(7, 0, 50), a); // the same seed and round: the same order
    EXPECT_NE(roundOrder(7, 1, 50), a); // another round: another order
    EXPECT_NE(roundOrder(8, 0, 50), a); // another seed: another order
    EXPECT_TRUE(roundOrder(7, 0, 0).empty());
    EXPECT_EQ(roundOrder(7, 3, 1), std::vector<std::size_t>{0});
    // Fair: over many seeds each of 4 runs goes first about a quarter of the time.
    std::array<int, 4> first{};
    for (std::uint64_t seed = 0; seed < 4000; ++seed)
        ++first[roundOrder(seed, 0, 4).front()];
    for (const int n : first)
        EXPECT_NEAR(n, 1000, 150);
}

TEST(Interleave, RoundsArePooledFromEverySampleAndEachFigureByItsKind) {
    std::vector<RunOutput> rounds(3);
    const double ns[] = {300, 100, 200};
    for (int i = 0; i < 3; ++i) {
        setTimings(rounds[i], {ns[i]}, 1000);
        rounds[i].measurements.push_back({"kernel_time_min", ns[i] / 2, "ns"});
        rounds[i].measurements.push_back({"kernel_time_max", ns[i] * 2, "ns"});
        rounds[i].measurements.push_back({"cycles", 10.0 * (i + 1), "cycles"});
        rounds[i].parameters = {{"round", std::to_string(i)}};
    }
    const RunOutput out = poolRounds(rounds, 1000);
    EXPECT_EQ(out.samples, (std::vector<double>{300, 100, 200})); // in the order the rounds ran
    std::map<std::string, double> got;
    for (const Measurement& m : out.measurements)
        EXPECT_TRUE(got.emplace(m.metric, m.value).second) << m.metric << " twice";
    EXPECT_EQ(got.at("time_min"), 100);
    EXPECT_EQ(got.at("time_median"), 200);
    EXPECT_EQ(got.at("time_max"), 300);
    EXPECT_DOUBLE_EQ(got.at("throughput"), 1000 / 200e-9);
    EXPECT_EQ(got.at("kernel_time_min"), 50);
    EXPECT_EQ(got.at("kernel_time_max"), 600);
    EXPECT_EQ(got.at("cycles"), 20); // the median of the rounds
    EXPECT_EQ(out.parameters.at("round"), "0");
    EXPECT_TRUE(poolRounds({}, 1000).measurements.empty());
}

TEST(Interleave, TheSeedDrawsTheCallsAndEveryRunIsStoredWithAllItsRounds) {
    QTemporaryDir dir;
    const Ran a = runIn(dir.filePath("a.sqlite"), spec(11));
    const Ran b = runIn(dir.filePath("b.sqlite"), spec(11));
    const Ran c = runIn(dir.filePath("c.sqlite"), spec(12));
    ASSERT_EQ(a.calls.size(), 6u * 9u); // 6 runs x 9 rounds, one timed repeat per call
    for (const auto& call : a.calls)
        EXPECT_EQ(call.repeats, 1);
    // Each round calls every run once.
    for (std::size_t round = 0; round < 9; ++round) {
        std::set<RunKey> seen;
        for (std::size_t i = 0; i < 6; ++i)
            seen.insert(a.calls[round * 6 + i].key);
        EXPECT_EQ(seen.size(), 6u) << "round " << round;
    }
    const auto keys = [](const Ran& r) {
        std::vector<RunKey> k;
        for (const auto& call : r.calls)
            k.push_back(call.key);
        return k;
    };
    EXPECT_EQ(keys(a), keys(b)); // the same seed: the same calls in the same order
    EXPECT_NE(keys(a), keys(c));
    ASSERT_EQ(a.runs.size(), 6u);
    EXPECT_EQ(a.result.runs, 6);
    for (const RunRow& r : a.runs) {
        ASSERT_TRUE(r.verified) << r.failure;
        ASSERT_EQ(r.samples.size(), 9u);
        // The samples are the run's own calls' times, in the order its rounds ran.
        std::vector<double> mine;
        for (std::size_t i = 0; i < a.calls.size(); ++i)
            if (a.calls[i].key == r.key) mine.push_back(1000.0 + 10.0 * static_cast<double>(i));
        EXPECT_EQ(r.samples, mine);
        std::vector<double> sorted = mine;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(metric(r, "time_median"), sorted[4]);
        EXPECT_EQ(metric(r, "cycles"), 42);
    }
    // The definition keeps the seed: the campaign can be drawn again from what the store holds.
    CampaignStore store(dir.filePath("a.sqlite").toStdString());
    EXPECT_EQ(store.campaign(a.result.campaignId)->spec.interleaveSeed, std::optional<std::uint64_t>(11));
    // The progress counts timed calls, so a bar moves before the last round ends.
    ASSERT_FALSE(a.progress.empty());
    EXPECT_EQ(a.progress.front().barDone(), 1);
    EXPECT_EQ(a.progress.back().barDone(), 54);
    EXPECT_EQ(a.progress.back().barTotal(), 54);
    EXPECT_EQ(a.progress.back().done, 6);
    EXPECT_EQ(a.progress.front().line.rfind("round 1/9: cuda ", 0), 0u) << a.progress.front().line;
    EXPECT_EQ(a.progress.back().line.rfind("after 9 rounds: cuda ", 0), 0u) << a.progress.back().line;
    // Stored in the definition's order, not the last round's: the store, comparisons and reports list
    // them as for a campaign run run after run.
    std::vector<RunKey> stored;
    for (const RunRow& r : a.runs)
        stored.push_back(r.key);
    EXPECT_EQ(stored, expandRuns(spec(11)));
}

TEST(Interleave, ADriftingMachineNoLongerMakesTheLateRunsLookSlower) {
    // Every run costs the same; only the machine drifts (+10 ns per repeat). Run after run, the run that
    // ran last looks 50 repeats (500 ns) slower than the first; interleaved, every run sees the same drift.
    QTemporaryDir dir;
    const auto spread = [](const Ran& r) {
        double lo = 1e300, hi = 0;
        for (const RunRow& row : r.runs) {
            lo = std::min(lo, metric(row, "time_median"));
            hi = std::max(hi, metric(row, "time_median"));
        }
        return hi - lo;
    };
    const Ran inOrder = runIn(dir.filePath("o.sqlite"), spec(std::nullopt));
    const Ran interleaved = runIn(dir.filePath("i.sqlite"), spec(5));
    EXPECT_EQ(spread(inOrder), 450.0); // medians 1040 .. 1490: 5 runs x 9 repeats x 10 ns apart
    EXPECT_LT(spread(interleaved), 150.0) << "interleaving left the drift on some runs";
}

TEST(Interleave, AFailedRoundEndsItsRunAndTheOthersFinish) {
    QTemporaryDir dir;
    const Ran r = runIn(dir.filePath("f.sqlite"), spec(3), /*failAt=*/8); // in round 2
    const RunKey failed = r.calls[8].key;
    EXPECT_EQ(r.result.runs, 6);
    EXPECT_EQ(r.result.failed, 1);
    EXPECT_EQ(r.calls.size(), 6u * 9u - 7u); // its 7 later rounds are not run
    for (const RunRow& row : r.runs) {
        if (row.key == failed) {
            EXPECT_FALSE(row.verified);
            EXPECT_NE(row.failure.find("wrong answer"), std::string::npos) << row.failure;
            EXPECT_TRUE(row.measurements.empty());
        } else {
            EXPECT_TRUE(row.verified);
            EXPECT_EQ(row.samples.size(), 9u);
        }
    }
    EXPECT_EQ(r.progress.back().barTotal(), 47);
    EXPECT_EQ(r.progress.back().barDone(), 47);
}

TEST(Interleave, ACancelledCampaignKeepsNoHalfRunAndAResumeFinishesIt) {
    QTemporaryDir dir;
    const QString file = dir.filePath("c.sqlite");
    const Ran first = runIn(file, spec(9), -1, StartMode::Fresh, /*cancelCall=*/20); // in round 4
    EXPECT_TRUE(first.result.cancelled);
    EXPECT_TRUE(first.runs.empty()); // no run had all its rounds
    // Cancelled in the last round (its third call): the three runs whose rounds all ended are kept.
    const Ran late = runIn(dir.filePath("late.sqlite"), spec(9), -1, StartMode::Fresh, /*cancelCall=*/50);
    EXPECT_TRUE(late.result.cancelled);
    EXPECT_EQ(late.runs.size(), 3u);
    // Its resume times the other three in the order the first attempt drew for them: the seed's order
    // over every run, the recorded ones skipped.
    const Ran rest = runIn(dir.filePath("late.sqlite"), spec(9), -1, StartMode::Resume);
    const Ran whole = runIn(dir.filePath("whole.sqlite"), spec(9));
    std::set<RunKey> done;
    for (const RunRow& r : late.runs)
        done.insert(r.key);
    std::vector<RunKey> expected, got;
    for (const auto& call : whole.calls)
        if (!done.count(call.key)) expected.push_back(call.key);
    for (const auto& call : rest.calls)
        got.push_back(call.key);
    EXPECT_EQ(got, expected);
    EXPECT_EQ(rest.runs.size(), 6u);
    const Ran resumed = runIn(file, spec(9), -1, StartMode::Resume);
    EXPECT_EQ(resumed.result.campaignId, first.result.campaignId);
    EXPECT_EQ(resumed.calls.size(), 54u); // every round of every run again
    ASSERT_EQ(resumed.runs.size(), 6u);
    for (const RunRow& row : resumed.runs)
        EXPECT_EQ(row.samples.size(), 9u);
}

TEST(Interleave, TheSeedIsPartOfTheDefinitionsJson) {
    CampaignSpec s = spec(std::nullopt);
    EXPECT_EQ(specJson(s).find("interleave_seed"), std::string::npos); // older definitions keep their text
    s.interleaveSeed = 9007199254740991ull; // 2^53 - 1: the largest a JSON number holds
    const std::string json = specJson(s);
    EXPECT_NE(json.find("\"interleave_seed\":9007199254740991"), std::string::npos) << json;
    EXPECT_EQ(parseSpec(json), s);
    for (const char* bad : {"-1", "1.5", "\"7\"", "9007199254740992"}) {
        std::string text = json;
        text.replace(text.find("9007199254740991"), 16, bad);
        try {
            parseSpec(text);
            ADD_FAILURE() << bad << " was taken as a seed";
        } catch (const SpecError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("interleave_seed: ", 0), 0u) << e.what();
        }
    }
}
