// A cluster campaign's folder without a scheduler: each shard run in-process as its array task would run
// it (campaign run-shard), then merged. Merging is idempotent; a shard of another campaign, a corrupt
// shard file and a conflicting run are refused and named while the good shards are merged; a shard task
// that stopped midway continues its own store without repeating a committed run.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <iostream>
#include <set>

#include "core/cluster/clustercampaign.h"
#include "tests/cluster/clustertestsupport.h"
#include "tests/qtcoreapp.h"

namespace {

using namespace rs::cluster;
using rs::campaign::CampaignSpec;
using rs::campaign::CampaignStore;
using rs::campaign::OpenMode;
using rs::campaign::RunKey;

/** 8 runs (cpu, Ascon-AEAD128, 4 messages x 2 AD sizes). */
CampaignSpec smallSpec() {
    return rs::test::smallClusterSpec("merge test");
}

rs::campaign::EngineResult shard(const std::string& dir, int index) {
    return runShard(dir, index, {});
}

std::vector<rs::campaign::RunRow> mainRuns(const std::string& dir, std::int64_t id) {
    const CampaignStore s(dir + "/campaign.db", {OpenMode::ReadOnly, {}});
    return s.runs(id);
}

TEST(ClusterMerge, EveryShardMergedOnceAndAgainAddsNothing) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const ClusterPlan plan = prepareCampaign(dir, smallSpec(), 3);
    ASSERT_EQ(plan.shards.size(), 3u);
    EXPECT_EQ(readPlan(CampaignDir{dir}), plan);
    EXPECT_THROW(prepareCampaign(dir, smallSpec(), 3), ClusterError);         // the folder holds a campaign
    EXPECT_THROW(prepareCampaign(dir + "\nx", smallSpec(), 3), ClusterError); // a newline in the folder

    // Nothing is done yet: nothing to merge.
    MergeReport m = mergeCampaign(dir);
    EXPECT_EQ(m.merged, 0);
    EXPECT_EQ(m.notReady, 3);

    for (int i = 0; i < 3; ++i) {
        const auto r = shard(dir, i);
        EXPECT_EQ(r.runs, static_cast<int>(plan.shards[static_cast<std::size_t>(i)].runs.size()));
        EXPECT_EQ(r.failed, 0);
        EXPECT_TRUE(QFile::exists(QString::fromStdString(CampaignDir{dir}.doneMarker(i))));
    }
    // A shard store is an ordinary store: its campaign holds its runs, with the cluster's provenance.
    {
        const CampaignStore s(CampaignDir{dir}.shardStore(1), {OpenMode::ReadOnly, {}});
        const auto cs = s.campaigns();
        ASSERT_EQ(cs.size(), 1u);
        EXPECT_EQ(cs[0].provenance.at("cluster.uid"), plan.uid);
        EXPECT_EQ(cs[0].provenance.at("cluster.shard"), "1");
        EXPECT_EQ(s.runs(cs[0].id).size(), plan.shards[1].runs.size());
    }
    m = mergeCampaign(dir);
    EXPECT_TRUE(m.refused.empty());
    EXPECT_EQ(m.merged, 3);
    EXPECT_EQ(m.runsAdded, 8);
    EXPECT_EQ(m.campaign.status, "finished");
    auto runs = mainRuns(dir, plan.campaignId);
    ASSERT_EQ(runs.size(), 8u);
    std::set<RunKey> keys;
    for (const auto& r : runs) {
        EXPECT_TRUE(r.verified) << r.failure;
        EXPECT_TRUE(keys.insert(r.key).second);
        EXPECT_FALSE(r.parameters.at("cluster.shard").empty());
        EXPECT_FALSE(r.parameters.at("host").empty());
        EXPECT_TRUE(r.parameters.count("slurm.array_task_id")); // empty outside Slurm
    }
    // Merging again adds nothing and changes nothing.
    m = mergeCampaign(dir);
    EXPECT_EQ(m.runsAdded, 0);
    EXPECT_TRUE(m.refused.empty());
    EXPECT_EQ(mainRuns(dir, plan.campaignId), runs);
    for (const auto& row :
         CampaignStore(dir + "/campaign.db", {OpenMode::ReadOnly, {}}).shards(plan.campaignId))
        EXPECT_FALSE(row.merged.empty());
}

TEST(ClusterMerge, ForeignCorruptAndConflictingShardsAreRefusedAndNamed) {
    QTemporaryDir tmp;
    const std::string a = tmp.filePath("a").toStdString(), b = tmp.filePath("b").toStdString();
    const ClusterPlan pa = prepareCampaign(a, smallSpec(), 3);
    prepareCampaign(b, smallSpec(), 3); // the same definition, another campaign
    for (int i = 0; i < 3; ++i) {
        shard(a, i);
        shard(b, i);
    }
    const CampaignDir da{a}, db{b};
    // Shard 0 of A replaced by B's shard 0 (same runs, another campaign).
    QFile::remove(QString::fromStdString(da.shardStore(0)));
    ASSERT_TRUE(
        QFile::copy(QString::fromStdString(db.shardStore(0)), QString::fromStdString(da.shardStore(0))));
    // Shard 1 of A damaged in the middle of the file.
    {
        QFile f(QString::fromStdString(da.shardStore(1)));
        ASSERT_TRUE(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        ASSERT_GT(size, 8192);
        f.seek(4096); // every page after SQLite's header page
        f.write(QByteArray(static_cast<int>(size - 4096), '\x5a'));
    }
    MergeReport m = mergeCampaign(a);
    for (const auto& line : m.refused)
        std::cout << "refused: " << line << "\n";
    ASSERT_EQ(m.refused.size(), 2u);
    EXPECT_NE(m.refused[0].find("shard 0 ("), std::string::npos) << m.refused[0];
    EXPECT_NE(m.refused[0].find("it is not shard 0 of campaign " + pa.uid), std::string::npos)
        << m.refused[0];
    EXPECT_NE(m.refused[1].find("shard 1 (" + da.shardStore(1)), std::string::npos) << m.refused[1];
    EXPECT_EQ(m.merged, 1); // shard 2 is fine and merged
    EXPECT_EQ(m.runsAdded, static_cast<int>(pa.shards[2].runs.size()));

    // A conflicting run: shard 2 run again from scratch gives other timings than those merged.
    QFile::remove(QString::fromStdString(da.shardStore(2)));
    shard(a, 2);
    const auto before = mainRuns(a, pa.campaignId);
    m = mergeCampaign(a);
    bool conflict = false;
    for (const auto& line : m.refused)
        conflict = conflict || (line.find("shard 2") != std::string::npos &&
                                line.find("conflicts with the one campaign") != std::string::npos);
    EXPECT_TRUE(conflict);
    EXPECT_EQ(mainRuns(a, pa.campaignId), before); // nothing of it merged
}

TEST(ClusterMerge, AShardTaskStoppedMidwayContinuesWithoutRepeatingARun) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const ClusterPlan plan = prepareCampaign(dir, smallSpec(), 8); // one shard of 8 runs
    std::atomic<bool> stop{false};
    rs::campaign::EngineOptions o;
    o.cancel = &stop;
    int seen = 0;
    o.progress = [&](const rs::campaign::EngineProgress&) {
        if (++seen == 3) stop = true; // scancel: SIGTERM between runs
    };
    auto r = runShard(dir, 0, o);
    EXPECT_TRUE(r.cancelled);
    EXPECT_EQ(r.runs, 3);
    EXPECT_FALSE(QFile::exists(QString::fromStdString(CampaignDir{dir}.doneMarker(0))));
    EXPECT_EQ(mergeCampaign(dir).notReady, 1); // not done: not merged
    r = shard(dir, 0);
    EXPECT_EQ(r.skipped, 3);
    EXPECT_EQ(r.runs, 5);
    const MergeReport m = mergeCampaign(dir);
    EXPECT_EQ(m.runsAdded, 8);
    EXPECT_EQ(mainRuns(dir, plan.campaignId).size(), 8u);
}

TEST(ClusterMerge, BadShardNumbersAndFoldersAreClearErrors) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    EXPECT_THROW(runShard(dir, 0, {}), ClusterError); // no plan
    EXPECT_THROW(mergeCampaign(dir), ClusterError);
    prepareCampaign(dir, smallSpec(), 4);
    try {
        runShard(dir, 2, {});
        FAIL();
    } catch (const ClusterError& e) {
        EXPECT_NE(std::string(e.what()).find("shards 0..1"), std::string::npos) << e.what();
    }
    // A damaged plan is named.
    QFile f(QString::fromStdString(CampaignDir{dir}.plan()));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"format\": \"roundscope-cluster-plan-1\"}");
    f.close();
    try {
        runShard(dir, 0, {});
        FAIL();
    } catch (const ClusterError& e) {
        EXPECT_NE(std::string(e.what()).find("plan.json"), std::string::npos) << e.what();
    }
}

TEST(ClusterMerge, TheStoreRefusesARunOutsideTheDefinition) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const ClusterPlan plan = prepareCampaign(dir, smallSpec(), 4);
    CampaignStore s(dir + "/campaign.db");
    rs::campaign::RunRow r;
    r.key = RunKey{"cpu", "ascon-aead128", 4096, 0}; // not a size of the definition
    r.verified = true;
    r.finished = "2026-12-04T00:00:00.000Z";
    EXPECT_THROW(s.mergeShard(plan.campaignId, 0, {r}), rs::campaign::MergeRefused);
    EXPECT_THROW(s.mergeShard(plan.campaignId, 7, {}), rs::campaign::MergeRefused); // no shard 7
    EXPECT_TRUE(s.runs(plan.campaignId).empty());
}

} // namespace
