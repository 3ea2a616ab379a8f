// `roundscope-cli campaign merge / run-shard / status / submit --resume` on folders whose plan or shards
// went wrong, through the real executable, with fake sbatch and squeue first on PATH: a plan naming a
// campaign the main store lacks or an edited plan is bad input (exit 2, one line naming plan.json), never a
// crash; a shard merge refuses is shown as refused with its reason and resubmitted by --resume.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include "core/cluster/clustercampaign.h"
#include "tests/cluster/clustertestsupport.h"

namespace {

using namespace rs::cluster;
using rs::test::CliResult;
using rs::test::editPlan;
using rs::test::expectUsageError;
using rs::test::FakeSlurm;
using rs::test::runCli;
using rs::test::smallClusterSpec;

QProcessEnvironment withFakeSlurm(const FakeSlurm& slurm) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PATH", slurm.dir() + ":" + env.value("PATH"));
    return env;
}

TEST(ClusterCli, MergeOfAPlanNamingACampaignTheStoreLacksExitsTwo) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    prepareCampaign(dir, smallClusterSpec(), 4);
    runShard(dir, 0, {});
    editPlan(dir, [](ClusterPlan& p) { p.campaignId = 99; });
    const QString store = QString::fromStdString(dir);
    expectUsageError({"campaign", "merge", "--store", store}, "plan.json");
    expectUsageError({"campaign", "merge", "--store", store, "--json"}, "no campaign 99");
}

TEST(ClusterCli, RunShardAndMergeOfAnEditedPlanExitTwoNamingWhatDiffers) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    prepareCampaign(dir, smallClusterSpec(), 4);
    editPlan(dir, [](ClusterPlan& p) { p.spec.options["cpu.impl"] = "reference"; });
    const QString store = QString::fromStdString(dir);
    expectUsageError({"campaign", "run-shard", "--store", store, "--shard", "0"}, "cpu.impl");
    EXPECT_FALSE(QFile::exists(QString::fromStdString(CampaignDir{dir}.shardStore(0))));
    expectUsageError({"campaign", "merge", "--store", store}, "cpu.impl");
}

TEST(ClusterCli, ARefusedShardIsShownWithItsReasonAndResubmitted) {
    QTemporaryDir tmp;
    const std::string dir = tmp.filePath("c").toStdString();
    const CampaignDir d{dir};
    prepareCampaign(dir, smallClusterSpec(), 4);
    runShard(dir, 0, {});
    runShard(dir, 1, {});
    // Shard 1 replaced by a file that is not a store.
    {
        QFile f(QString::fromStdString(d.shardStore(1)));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray(100, 'x'));
    }
    const QString store = QString::fromStdString(dir);
    CliResult r = runCli({"campaign", "merge", "--store", store, "--json"});
    EXPECT_EQ(r.status, 1) << r.err.toStdString();
    ASSERT_EQ(r.json().value("refused").toArray().size(), 1);
    EXPECT_EQ(r.json().value("runs_done").toInt(), 4);

    const FakeSlurm slurm;
    const QProcessEnvironment env = withFakeSlurm(slurm);
    r = runCli({"campaign", "status", "--store", store, "--json"}, env);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject st = r.json();
    EXPECT_EQ(st.value("summary").toObject().value("refused").toInt(), 1);
    const QJsonObject s1 = st.value("shards").toArray()[1].toObject();
    EXPECT_EQ(s1.value("state").toString(), "refused");
    EXPECT_TRUE(s1.value("detail").toString().contains("shard-0001.db.refused-1"))
        << s1.value("detail").toString().toStdString();
    r = runCli({"campaign", "status", "--store", store}, env);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("refused")) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains("--resume")) << r.out.toStdString(); // says how to go on

    r = runCli(
        {"campaign", "submit", "--resume", "--slurm", "--store", store, "--cli", RS_CLI_PATH, "--json"}, env);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonArray arrays = r.json().value("arrays").toArray();
    ASSERT_EQ(arrays.size(), 1);
    EXPECT_EQ(arrays[0].toObject().value("array").toString(), "1");
    EXPECT_TRUE(slurm.sbatchLog().contains("--array=1 ")) << slurm.sbatchLog().toStdString();
}

} // namespace
