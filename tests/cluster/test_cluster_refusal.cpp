// The main store is the authority over plan.json, and a refused shard does not block its campaign:
// a plan naming a campaign the store lacks, or whose definition, uid or shard list was edited after submit,
// is refused by merge, run-shard and status (naming plan.json and what differs) before anything runs or
// is merged; a shard that merge refuses (damaged, another campaign's) is moved aside with a refusal marker,
// shown as refused with its reason, resubmitted by resume and run into a fresh store; run-shard refuses a
// shard store of another campaign instead of resuming it.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <sys/stat.h>

#include "core/cluster/clustercampaign.h"
#include "tests/cluster/clustertestsupport.h"

namespace {

using namespace rs::cluster;
using rs::campaign::CampaignStore;
using rs::campaign::OpenMode;
using rs::test::editPlan;
using rs::test::FakeSlurm;
using rs::test::smallClusterSpec;

bool exists(const std::string& path) {
    return QFile::exists(QString::fromStdString(path));
}

std::size_t mainRunCount(const std::string& dir, std::int64_t id) {
    const CampaignStore s(dir + "/campaign.db", {OpenMode::ReadOnly, {}});
    return s.runs(id).size();
}

/** Expects `f` to throw a ClusterError whose message holds every one of `mentions`. */
template <class F> void expectRefused(F f, std::initializer_list<std::string> mentions) {
    try {
        f();
        ADD_FAILURE() << "not refused; expected a message naming " << *mentions.begin();
    } catch (const ClusterError& e) {
        for (const std::string& m : mentions)
            EXPECT_NE(std::string(e.what()).find(m), std::string::npos) << e.what() << "\nshould name: " << m;
    }
}

const ShardStatus& shardOf(const CampaignStatus& st, int index) {
    return st.shards.at(static_cast<std::size_t>(index));
}

TEST(ClusterPlanCheck, AMergeOfAPlanNamingACampaignTheStoreLacksIsAnError) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    prepareCampaign(dir, smallClusterSpec(), 4);
    runShard(dir, 0, {});
    editPlan(dir, [](ClusterPlan& p) { p.campaignId = 99; });
    // Was a SIGSEGV: the missing campaign was dereferenced after the shard loop.
    expectRefused([&] { mergeCampaign(dir); }, {"plan.json", "no campaign 99"});
    expectRefused([&] { runShard(dir, 1, {}); }, {"plan.json", "no campaign 99"});
    expectRefused([&] { campaignStatus(dir, FakeSlurm().tools()); }, {"no campaign 99"});
}

/** Prepares a campaign of 2 shards, runs shard 0 with the true plan, edits the plan, and expects merge,
 *  run-shard and status to refuse it naming plan.json and `mentions`, with nothing run or merged. */
template <class F> void expectEditRefused(F edit, const std::string& mentions) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const ClusterPlan plan = prepareCampaign(dir, smallClusterSpec(), 4);
    ASSERT_EQ(plan.shards.size(), 2u);
    runShard(dir, 0, {});
    editPlan(dir, edit);
    expectRefused([&] { mergeCampaign(dir); }, {"plan.json", mentions});
    EXPECT_EQ(mainRunCount(dir, plan.campaignId), 0u);
    expectRefused([&] { runShard(dir, 1, {}); }, {"plan.json", mentions});
    EXPECT_FALSE(exists(CampaignDir{dir}.shardStore(1))) << "the shard ran";
    EXPECT_FALSE(exists(CampaignDir{dir}.doneMarker(1)));
    expectRefused([&] { campaignStatus(dir, FakeSlurm().tools()); }, {"plan.json", mentions});
    // Restored, the folder works again: the main store kept the campaign's truth.
    writePlan(CampaignDir{dir}, plan);
    runShard(dir, 1, {});
    const MergeReport m = mergeCampaign(dir);
    EXPECT_TRUE(m.refused.empty());
    EXPECT_EQ(m.campaign.status, "finished");
    EXPECT_EQ(mainRunCount(dir, plan.campaignId), 8u);
}

TEST(ClusterPlanCheck, AnEditedDefinitionInThePlanIsRefusedNamingWhatDiffers) {
    expectEditRefused([](ClusterPlan& p) { p.spec.repeats = 3; }, "repeats");
    expectEditRefused([](ClusterPlan& p) { p.spec.options["cpu.impl"] = "reference"; }, "cpu.impl");
    expectEditRefused([](ClusterPlan& p) { p.spec.name = "renamed"; }, "name");
}

TEST(ClusterPlanCheck, AnEditedUidInThePlanIsRefused) {
    expectEditRefused([](ClusterPlan& p) { p.uid = "0123456789ab"; }, "0123456789ab");
}

TEST(ClusterPlanCheck, EveryDifferenceOfTheDefinitionIsNamedOnce) {
    const rs::campaign::CampaignSpec stored = smallClusterSpec();
    rs::campaign::CampaignSpec plan = stored;
    EXPECT_TRUE(specDifferences(plan, stored).empty());
    plan.repeats = 7;
    plan.messageBytes = {0, 16, 32, 64};
    plan.options["cpu.impl"] = "reference";
    plan.name = "line\nbreak";
    const std::vector<std::string> d = specDifferences(plan, stored);
    ASSERT_EQ(d.size(), 4u);
    EXPECT_EQ(d[0], "name: 'line?break' in plan.json, 'refusal test' in the main store"); // one line
    EXPECT_EQ(d[1], "message_bytes: [0..32/16, 64] in plan.json, [0..48/16] in the main store");
    EXPECT_EQ(d[2], "repeats: 7 in plan.json, 1 in the main store");
    EXPECT_EQ(d[3], "options[\"cpu.impl\"]: 'reference' in plan.json, not set in the main store");
}

TEST(ClusterPlanCheck, AnEditedShardListIsRefused) {
    // A run moved from shard 1 to shard 0: still every run of the definition once (parsePlan accepts it).
    expectEditRefused(
        [](ClusterPlan& p) {
            p.shards[0].runs.push_back(p.shards[1].runs.back());
            p.shards[1].runs.pop_back();
        },
        "shards");
    // Another per_task with the shards that go with it: not the shards the main store recorded.
    expectEditRefused(
        [](ClusterPlan& p) {
            p.perTask = 5;
            p.shards = splitShards(p.spec, 5);
        },
        "shard");
}

TEST(ClusterRefusedShard, ADamagedShardIsMovedAsideShownAsRefusedAndRerunOnResume) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const CampaignDir d{dir};
    const ClusterPlan plan = prepareCampaign(dir, smallClusterSpec(), 3);
    ASSERT_EQ(plan.shards.size(), 3u);
    FakeSlurm slurm;
    SubmitOptions so;
    so.cli = "/bin/true";
    so.tools = slurm.tools();
    for (int i = 0; i < 3; ++i)
        runShard(dir, i, {});
    {
        QFile f(QString::fromStdString(d.shardStore(1)));
        ASSERT_TRUE(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        ASSERT_GT(size, 8192);
        f.seek(4096);
        f.write(QByteArray(static_cast<int>(size - 4096), '\x5a'));
    }
    MergeReport m = mergeCampaign(dir);
    ASSERT_EQ(m.refused.size(), 1u);
    EXPECT_EQ(m.merged, 2);
    const std::string kept = d.shardStore(1) + ".refused-1";
    EXPECT_NE(m.refused[0].find(kept), std::string::npos) << m.refused[0];
    // Moved aside, kept for inspection; the done marker gone, a refusal marker with the reason written.
    EXPECT_FALSE(exists(d.shardStore(1)));
    EXPECT_TRUE(exists(kept));
    EXPECT_FALSE(exists(d.doneMarker(1)));
    EXPECT_TRUE(exists(d.shardStore(1) + ".refused"));

    CampaignStatus st = campaignStatus(dir, so.tools);
    EXPECT_STREQ(shardStateName(shardOf(st, 1).state), "refused");
    EXPECT_NE(shardOf(st, 1).detail.find(kept), std::string::npos) << shardOf(st, 1).detail;
    EXPECT_NE(shardOf(st, 1).detail.find("merge"), std::string::npos) << shardOf(st, 1).detail;
    EXPECT_STREQ(shardStateName(shardOf(st, 0).state), "merged");

    // A second merge does not refuse it again: it waits for its rerun.
    m = mergeCampaign(dir);
    EXPECT_TRUE(m.refused.empty());
    EXPECT_EQ(m.notReady, 1);

    // Resume resubmits only the refused shard; while queued it is pending, not refused.
    const SubmitResult r = resumeCampaign(dir, so);
    ASSERT_EQ(r.arrays.size(), 1u);
    EXPECT_EQ(r.arrays[0].array, "1");
    EXPECT_EQ(r.skipped, (std::vector<int>{0, 2}));
    slurm.setQueue(QByteArray("4242_1|PENDING|rs-") + plan.uid.c_str() + "-cpu\n");
    st = campaignStatus(dir, so.tools);
    EXPECT_STREQ(shardStateName(shardOf(st, 1).state), "pending");

    // The task runs into a fresh store (every run again), and the later merge finishes the campaign.
    const auto run = runShard(dir, 1, {});
    EXPECT_EQ(run.skipped, 0);
    EXPECT_EQ(run.runs, static_cast<int>(plan.shards[1].runs.size()));
    EXPECT_FALSE(exists(d.shardStore(1) + ".refused"));
    EXPECT_TRUE(exists(kept)); // still there for inspection
    slurm.setQueue("");
    st = campaignStatus(dir, so.tools);
    EXPECT_STREQ(shardStateName(shardOf(st, 1).state), "done");
    m = mergeCampaign(dir);
    EXPECT_TRUE(m.refused.empty());
    EXPECT_EQ(m.campaign.status, "finished");
    EXPECT_EQ(mainRunCount(dir, plan.campaignId), 8u);
}

TEST(ClusterRefusedShard, AnotherCampaignsShardIsRefusedOnceAndKeptAsideWithItsWal) {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    const CampaignDir da{a}, db{b};
    const ClusterPlan pa = prepareCampaign(a, smallClusterSpec(), 4);
    const ClusterPlan pb = prepareCampaign(b, smallClusterSpec(), 4); // the same definition
    runShard(a, 0, {});
    runShard(b, 0, {});
    QFile::remove(QString::fromStdString(da.shardStore(0)));
    ASSERT_TRUE(
        QFile::copy(QString::fromStdString(db.shardStore(0)), QString::fromStdString(da.shardStore(0))));
    // A stray -wal beside it (a copy taken while its task ran) goes aside with it.
    {
        QFile wal(QString::fromStdString(da.shardStore(0) + "-wal"));
        ASSERT_TRUE(wal.open(QIODevice::WriteOnly));
    }
    // A file already at the first name aside: the next free one is taken.
    {
        QFile old(QString::fromStdString(da.shardStore(0) + ".refused-1"));
        ASSERT_TRUE(old.open(QIODevice::WriteOnly));
    }
    MergeReport m = mergeCampaign(a);
    ASSERT_EQ(m.refused.size(), 1u);
    EXPECT_NE(m.refused[0].find(pb.uid), std::string::npos) << m.refused[0];
    EXPECT_TRUE(exists(da.shardStore(0) + ".refused-2"));
    EXPECT_TRUE(exists(da.shardStore(0) + ".refused-2-wal"));
    EXPECT_FALSE(exists(da.shardStore(0) + "-wal"));
    FakeSlurm slurm;
    const CampaignStatus st = campaignStatus(a, slurm.tools());
    EXPECT_STREQ(shardStateName(shardOf(st, 0).state), "refused");
    EXPECT_NE(shardOf(st, 0).detail.find(pb.uid), std::string::npos) << shardOf(st, 0).detail;
    (void)pa;
}

TEST(ClusterRefusedShard, RunShardRefusesAnotherCampaignsShardStoreOfTheSameDefinition) {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    const CampaignDir da{a}, db{b};
    const ClusterPlan pa = prepareCampaign(a, smallClusterSpec(), 4);
    const ClusterPlan pb = prepareCampaign(b, smallClusterSpec(), 4);
    runShard(b, 0, {}); // complete: resuming it would find it finished and write the marker
    ASSERT_TRUE(
        QFile::copy(QString::fromStdString(db.shardStore(0)), QString::fromStdString(da.shardStore(0))));
    expectRefused([&] { runShard(a, 0, {}); }, {da.shardStore(0), pb.uid, "shard 0"});
    EXPECT_FALSE(exists(da.doneMarker(0)));
    // Marked refused, the store moved aside untouched: status says why, resume reruns it.
    EXPECT_FALSE(exists(da.shardStore(0)));
    EXPECT_TRUE(exists(da.shardStore(0) + ".refused-1"));
    FakeSlurm slurm;
    CampaignStatus st = campaignStatus(a, slurm.tools());
    EXPECT_STREQ(shardStateName(shardOf(st, 0).state), "refused");
    EXPECT_NE(shardOf(st, 0).detail.find(pb.uid), std::string::npos) << shardOf(st, 0).detail;
    const auto r = runShard(a, 0, {});
    EXPECT_EQ(r.skipped, 0);
    EXPECT_EQ(r.runs, 4);
    EXPECT_TRUE(exists(da.doneMarker(0)));

    // Shard 1 of this very campaign in shard 0's place: another shard, refused too.
    runShard(a, 1, {});
    QFile::remove(QString::fromStdString(da.shardStore(0)));
    QFile::remove(QString::fromStdString(da.doneMarker(0)));
    ASSERT_TRUE(
        QFile::copy(QString::fromStdString(da.shardStore(1)), QString::fromStdString(da.shardStore(0))));
    expectRefused([&] { runShard(a, 0, {}); }, {pa.uid + " shard 1"});
    EXPECT_FALSE(exists(da.doneMarker(0)));
    st = campaignStatus(a, slurm.tools());
    EXPECT_STREQ(shardStateName(shardOf(st, 0).state), "refused");
}

} // namespace

namespace {

TEST(ClusterStatusFiles, ADoneMarkerThatIsAFifoIsNamedNotWaitedOn) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const CampaignDir d{dir};
    prepareCampaign(dir, smallClusterSpec(), 4);
    FakeSlurm slurm;
    // A FIFO where the task's summary should be: opening it for reading would wait for a writer forever.
    ASSERT_EQ(::mkfifo(d.doneMarker(0).c_str(), 0600), 0);
    const CampaignStatus st = campaignStatus(dir, slurm.tools());
    EXPECT_STREQ(shardStateName(shardOf(st, 0).state), "done");
    EXPECT_NE(shardOf(st, 0).detail.find("done marker"), std::string::npos) << shardOf(st, 0).detail;
    EXPECT_NE(shardOf(st, 0).detail.find(d.doneMarker(0)), std::string::npos) << shardOf(st, 0).detail;
}

} // namespace
