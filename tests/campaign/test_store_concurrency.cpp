// Leases: a campaign is run by one process at a time. Another owner's live, unexpired lease refuses a
// second runner with "campaign N is being run by pid P on HOST since T" (and stops a run whose lease was
// taken over); an expired lease, or one whose owner is provably gone (same host: no such pid, or a new
// process under it), is taken over; a lease this process left behind is its own to take. Two processes
// resuming one campaign at once run it once: never a raw UNIQUE error, never a run twice.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <csignal>
#include <functional>
#include <memory>
#include <set>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

#include "tests/campaign/faultvfs.h"
#include "tests/campaign/storetestsupport.h"

namespace {

using namespace rs::campaign;

CampaignSpec spec() {
    return rs::test::shortSpec(3, "leased");
}

std::string busyMessage(CampaignStore& store, const LeaseOwner& me) {
    try {
        store.claimCampaign(spec(), StartMode::Resume, {}, me);
    } catch (const CampaignRefused& e) {
        EXPECT_EQ(e.reason(), CampaignRefused::Reason::Busy);
        return e.what();
    }
    return {};
}

TEST(StoreLeases, ALiveOwnerKeepsItsCampaignAGoneOrExpiredOneDoesNot) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("l.sqlite").toStdString());
    const LeaseOwner me = LeaseOwner::self();
    const LeaseOwner elsewhere{"elsewhere", 4242, "boot/1"};
    const Claim first = store.claimCampaign(spec(), StartMode::Fresh, {}, elsewhere);
    EXPECT_EQ(first.outcome, Claim::Outcome::Created);
    const std::string since = store.lease(first.id)->since;
    EXPECT_EQ(busyMessage(store, me), "campaign 1 is being run by pid 4242 on elsewhere since " + since);
    // A run recorded while another owner holds the lease is refused, and nothing is written.
    try {
        store.recordRun(first.id, {"cuda", "ascon-aead128", 16, 0}, true, "", {}, {});
        ADD_FAILURE() << "a run was recorded under another owner's lease";
    } catch (const CampaignRefused& e) {
        EXPECT_EQ(e.reason(), CampaignRefused::Reason::LeaseLost);
    }
    EXPECT_TRUE(store.runs(first.id).empty());
    EXPECT_THROW(store.refreshLease(first.id, me), CampaignRefused);

    // Expired (another host cannot be asked): taken over.
    store.claimCampaign(spec(), StartMode::Resume, {}, elsewhere, -1);
    const Claim taken = store.claimCampaign(spec(), StartMode::Resume, {}, me);
    EXPECT_EQ(taken.id, first.id);
    EXPECT_EQ(taken.outcome, Claim::Outcome::Resumed);
    EXPECT_EQ(store.lease(first.id)->owner, me);
    // ... and now the first owner is the one refused.
    EXPECT_THROW(store.refreshLease(first.id, elsewhere), CampaignRefused);
    store.releaseLease(first.id, me);
    EXPECT_FALSE(store.lease(first.id));
}

TEST(StoreLeases, AnOwnerOnThisHostIsGoneWhenItsProcessIs) {
    QTemporaryDir dir;
    CampaignStore store(dir.filePath("l.sqlite").toStdString());
    const LeaseOwner me = LeaseOwner::self();
    // A child that says who it is, then waits (alive) until told to exit.
    int toParent[2], toChild[2];
    ASSERT_EQ(pipe(toParent), 0);
    ASSERT_EQ(pipe(toChild), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        const std::string token = LeaseOwner::self().process;
        if (write(toParent[1], token.data(), token.size()) != static_cast<ssize_t>(token.size())) _exit(3);
        close(toParent[1]);
        char c = 0;
        if (read(toChild[0], &c, 1) < 0) _exit(4);
        _exit(0);
    }
    close(toParent[1]);
    close(toChild[0]);
    // However the test ends, the child does not outlive it.
    const std::unique_ptr<void, std::function<void(void*)>> reap(reinterpret_cast<void*>(1), [&](void*) {
        if (::kill(child, SIGKILL) == 0) waitpid(child, nullptr, 0);
    });
    std::string token(256, '\0');
    const ssize_t n = read(toParent[0], token.data(), token.size());
    ASSERT_GT(n, 0);
    token.resize(static_cast<std::size_t>(n));
    const LeaseOwner alive{me.host, child, token};
    const Claim c = store.claimCampaign(spec(), StartMode::Fresh, {}, alive);
    EXPECT_NE(busyMessage(store, me).find("is being run by pid " + std::to_string(child) + " on " + me.host),
              std::string::npos);
    // A lease of this pid under another process start (the pid was reused since) is not the live owner's.
    store.claimCampaign(spec(), StartMode::Resume, {}, alive, -1); // expired, so another may take it
    store.claimCampaign(spec(), StartMode::Resume, {}, LeaseOwner{me.host, child, token + "0"});
    EXPECT_EQ(store.claimCampaign(spec(), StartMode::Resume, {}, me).id, c.id);
    store.releaseLease(c.id, me);
    // Gone: the child exits and is reaped, its lease is taken over.
    store.claimCampaign(spec(), StartMode::Resume, {}, alive);
    EXPECT_FALSE(busyMessage(store, me).empty());
    ASSERT_EQ(write(toChild[1], "x", 1), 1);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_EQ(store.claimCampaign(spec(), StartMode::Resume, {}, me).outcome, Claim::Outcome::Resumed);
    EXPECT_EQ(store.lease(c.id)->owner, me);
}

TEST(StoreLeases, ThisProcessRunsACampaignOnceAndTakesBackWhatItLeftBehind) {
    rs::test::FaultVfs::install();
    QTemporaryDir dir;
    const std::string path = dir.filePath("l.sqlite").toStdString();
    CampaignStore store(path, {OpenMode::ReadWrite, rs::test::FaultVfs::kName});
    CampaignStore second(path); // another connection of this process (another CampaignSession)
    const LeaseOwner me = LeaseOwner::self();
    const Claim c = store.claimCampaign(spec(), StartMode::Fresh, {}, me);
    EXPECT_NE(busyMessage(second, me).find("(this program)"), std::string::npos);
    store.releaseLease(c.id, me);
    EXPECT_FALSE(store.lease(c.id));
    EXPECT_EQ(second.claimCampaign(spec(), StartMode::Resume, {}, me).id, c.id);
    second.releaseLease(c.id, me);
    // A release that fails (the store's write fails) leaves the row: not a live claim of this process.
    store.claimCampaign(spec(), StartMode::Resume, {}, me);
    rs::test::FaultVfs::reset();
    rs::test::FaultVfs::failAt(rs::test::FaultVfs::Op::Write, 1);
    store.releaseLease(c.id, me); // never throws
    ASSERT_TRUE(rs::test::FaultVfs::triggered());
    rs::test::FaultVfs::reset();
    ASSERT_TRUE(store.lease(c.id));
    EXPECT_EQ(second.claimCampaign(spec(), StartMode::Resume, {}, me).outcome, Claim::Outcome::Resumed);
    second.releaseLease(c.id, me);
    // The engine claims and releases around a campaign.
    const EngineResult r = runCampaign(store, spec(), rs::test::fastOptions(StartMode::Resume));
    EXPECT_EQ(r.runs, 3);
    EXPECT_FALSE(store.lease(c.id));
    EXPECT_TRUE(runCampaign(second, spec(), rs::test::fastOptions(StartMode::Resume)).alreadyFinished);
}

/** A runner whose run `at` does something to the store meanwhile (another connection of the test). */
class MeanwhileRunner : public rs::test::FastRunner {
  public:
    MeanwhileRunner(int at, std::function<void()> meanwhile) : m_at(at), m_meanwhile(std::move(meanwhile)) {}
    RunOutput run(const RunKey& key, const RunInputs& in, int repeats,
                  const std::map<std::string, std::string>& o, const std::atomic<bool>& cancel,
                  rs::oracle::OutputJudge& judge) override {
        if (++m_runs == m_at) m_meanwhile();
        return FastRunner::run(key, in, repeats, o, cancel, judge);
    }

  private:
    int m_at;
    int m_runs = 0;
    std::function<void()> m_meanwhile;
};

TEST(StoreLeases, ALongRunKeepsItsLeaseAlive) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("long.sqlite").toStdString();
    CampaignStore store(path);
    std::int64_t first = 0, later = 0;
    EngineOptions o = rs::test::fastOptions();
    o.leaseSeconds = 4; // refreshed every second while a run lasts
    o.runnerFactory = [&](const std::string&) {
        return std::make_unique<MeanwhileRunner>(2, [&] {
            CampaignStore reader(path, {OpenMode::ReadOnly, {}});
            first = reader.lease(1)->expires;
            // The run goes on until the heartbeat has extended the lease (at most a minute).
            for (int i = 0; i < 600 && later <= first; ++i) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                later = reader.lease(1)->expires;
            }
        });
    };
    const EngineResult r = runCampaign(store, spec(), o);
    EXPECT_EQ(r.runs, 3);
    EXPECT_GT(later, first);
    EXPECT_FALSE(store.lease(1)); // given up at the end
}

TEST(StoreLeases, ARunnerWhoseLeaseIsTakenOverStopsAndLeavesTheCampaignToTheOther) {
    // Run 1 finishes, the lease is taken during run 2. Committing every run, run 1 is stored; committing
    // in batches, run 1 was still waiting and is not written after the loss either (the new owner runs it).
    for (const int batch : {1, 64}) {
        SCOPED_TRACE("batch " + std::to_string(batch));
        QTemporaryDir dir;
        const std::string path = dir.filePath("taken.sqlite").toStdString();
        CampaignStore store(path);
        const LeaseOwner other{"elsewhere", 77, "boot/7"};
        EngineOptions o = rs::test::fastOptions();
        o.batchRuns = batch;
        o.leaseSeconds = -100; // always expired: anyone may take it over
        o.runnerFactory = [&](const std::string&) {
            return std::make_unique<MeanwhileRunner>(2, [&] {
                CampaignStore second(path);
                second.claimCampaign(spec(), StartMode::Resume, {}, other);
            });
        };
        try {
            runCampaign(store, spec(), o);
            ADD_FAILURE() << "the campaign went on after its lease was taken over";
        } catch (const CampaignRefused& e) {
            EXPECT_EQ(e.reason(), CampaignRefused::Reason::LeaseLost);
            EXPECT_NE(std::string(e.what()).find("pid 77 on elsewhere"), std::string::npos) << e.what();
        }
        EXPECT_EQ(store.runs(1).size(), batch == 1 ? 1u : 0u); // the run in flight was not recorded
        EXPECT_EQ(store.campaign(1)->status, "running");       // the new owner's, not reset to cancelled
        EXPECT_EQ(store.lease(1)->owner, other);               // and its lease left alone
    }
}

TEST(StoreLeases, TwoProcessesResumingAtOnceRunTheCampaignOnce) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("twice.sqlite").toStdString();
    const CampaignSpec s = rs::test::shortSpec(20, "twice");
    {
        CampaignStore store(path); // an unfinished campaign: 2 runs, then cancelled
        std::atomic<bool> cancel{false};
        EngineOptions o = rs::test::fastOptions();
        o.cancel = &cancel;
        o.progress = [&](const EngineProgress& p) { cancel = p.done == 2; };
        ASSERT_TRUE(runCampaign(store, s, o).cancelled);
    }
    int go[2];
    ASSERT_EQ(pipe(go), 0);
    std::fflush(nullptr);
    pid_t children[2];
    for (pid_t& child : children) {
        child = fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            close(go[1]);
            char c = 0;
            if (read(go[0], &c, 1) != 1) _exit(5);
            try {
                CampaignStore store(path);
                const EngineResult r = runCampaign(
                    store, s, rs::test::fastOptions(StartMode::Resume, std::chrono::milliseconds(20)));
                _exit(r.alreadyFinished ? 10 : r.runs == 18 ? 0 : 6);
            } catch (const CampaignRefused& e) {
                _exit(std::string(e.what()).find("is being run by pid") != std::string::npos ? 11 : 7);
            } catch (...) {
                _exit(8); // a raw UNIQUE error or any other failure
            }
        }
    }
    close(go[0]);
    ASSERT_EQ(write(go[1], "gg", 2), 2); // both start now
    close(go[1]);
    std::multiset<int> codes;
    for (const pid_t child : children) {
        int status = 0;
        ASSERT_EQ(waitpid(child, &status, 0), child);
        ASSERT_TRUE(WIFEXITED(status)) << status;
        codes.insert(WEXITSTATUS(status));
    }
    // One ran the 18 runs left; the other was refused (or came after it and found it finished).
    EXPECT_EQ(codes.count(0), 1u) << "exit codes " << *codes.begin() << ", " << *codes.rbegin();
    EXPECT_EQ(codes.count(11) + codes.count(10), 1u);
    CampaignStore store(path, {OpenMode::ReadOnly, {}});
    ASSERT_EQ(store.campaigns().size(), 1u);
    EXPECT_EQ(store.campaigns()[0].status, "finished");
    const auto runs = store.runs(1);
    std::set<RunKey> keys;
    for (const RunRow& r : runs)
        keys.insert(r.key);
    EXPECT_EQ(runs.size(), 20u);
    EXPECT_EQ(keys.size(), 20u);
}

} // namespace
