// Campaigns on a real one-node Slurm cluster (slurmctld + slurmd + munged, started by .ci/slurm-cluster as
// this test program's CTest fixture): a campaign of over 100 runs on cpu, ip and riscv-qemu submitted as
// job arrays, at most 2 tasks at a time, merged into one store that holds every run once, verified, with
// the job and task ids, and draws the same chart as a local run; one task cancelled (scancel) and one
// killed (SIGKILL) midway, then resumed: only those shards rerun, nothing repeated; a controller that
// cannot be reached is a clear error and nothing is submitted twice.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QThread>

#include <fstream>
#include <map>
#include <set>

#include "core/campaign/campaignstore.h"
#include "core/campaign/chartdata.h"

namespace {

using rs::test::CliResult;
using rs::test::runCli;

/** Skips (with the script's reason) where the fixture could not start a cluster. */
#define REQUIRE_CLUSTER()                                                                                    \
    do {                                                                                                     \
        if (!QFile::exists(RS_SLURM_STATE "/up")) {                                                          \
            QFile why(RS_SLURM_STATE "/skip-reason");                                                        \
            const QByteArray reason =                                                                        \
                why.open(QIODevice::ReadOnly) ? why.readAll().trimmed() : QByteArray();                      \
            GTEST_SKIP() << "no Slurm cluster: "                                                             \
                         << (reason.isEmpty() ? "the fixture .ci/slurm-cluster did not start one"            \
                                              : reason.data());                                              \
        }                                                                                                    \
    } while (false)

QString writeSpec(const QTemporaryDir& dir, const std::string& json) {
    const QString path = dir.filePath("spec.json");
    std::ofstream(path.toStdString()) << json;
    return path;
}

QJsonObject status(const QString& store) {
    const CliResult r = runCli({"campaign", "status", "--store", store, "--json"});
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
    return r.json();
}

/** Polls status until no shard is pending or running (at most `seconds`). */
QJsonObject waitIdle(const QString& store, int seconds = 400) {
    QElapsedTimer t;
    t.start();
    for (;;) {
        const QJsonObject s = status(store);
        const QJsonObject sum = s.value("summary").toObject();
        if (sum.value("pending").toInt() == 0 && sum.value("running").toInt() == 0) return s;
        if (t.elapsed() > seconds * 1000) {
            ADD_FAILURE() << "shards still queued after " << seconds << " s";
            return s;
        }
        QThread::msleep(500);
    }
}

std::map<int, QJsonObject> shardsOf(const QJsonObject& status) {
    std::map<int, QJsonObject> out;
    for (const auto& v : status.value("shards").toArray())
        out[v.toObject().value("shard").toInt()] = v.toObject();
    return out;
}

std::vector<rs::campaign::RunRow> storedRuns(const QString& db, std::int64_t id) {
    const rs::campaign::CampaignStore s(db.toStdString(), {rs::campaign::OpenMode::ReadOnly, {}});
    return s.runs(id);
}

TEST(ClusterSlurm, AHundredRunCampaignOnThreeBackEndsMergesIntoOneStore) {
    REQUIRE_CLUSTER();
    QTemporaryDir tmp;
    // 3 targets x (Ascon-AEAD128: 9 messages x 2 AD + LEA-128-CTR: 9 messages) = 3 x 27 = 81 ... + 2 sizes
    const QString spec = writeSpec(tmp, R"({"name": "slurm e2e", "targets": ["cpu", "ip", "riscv-qemu"],
      "algorithms": ["ascon-aead128", "lea-128-ctr"], "message_bytes": [0, 16, 32, 48, 64, 80, 96, 112, 128, 256, 512, 1024],
      "ad_bytes": [0, 16], "repeats": 2})");
    const QString store = tmp.filePath("cluster");
    CliResult r = runCli({"campaign", "submit", spec, "--slurm", "--store", store, "--max-parallel", "2",
                          "--per-task", "12", "--cli", RS_CLI_PATH, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject sub = r.json();
    const qint64 id = sub.value("campaign").toInteger();
    const QJsonArray arrays = sub.value("arrays").toArray();
    ASSERT_EQ(arrays.size(), 3); // one array per target
    for (const auto& a : arrays)
        EXPECT_TRUE(a.toObject().value("array").toString().endsWith("%2"))
            << a.toObject().value("array").toString().toStdString();
    // The job script submit wrote, as the README shows it.
    QFile script(store + "/jobs/cpu.sbatch");
    ASSERT_TRUE(script.open(QIODevice::ReadOnly));
    EXPECT_TRUE(script.readAll().contains("campaign run-shard --store"));

    const QJsonObject idle = waitIdle(store);
    EXPECT_EQ(idle.value("summary").toObject().value("done").toInt(), sub.value("shards").toInt())
        << QJsonDocument(idle).toJson().toStdString();
    r = runCli({"campaign", "merge", "--store", store, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString() << r.out.toStdString();
    const int total = r.json().value("runs_total").toInt();
    EXPECT_GE(total, 100);
    EXPECT_EQ(r.json().value("runs_done").toInt(), total);
    EXPECT_EQ(r.json().value("status").toString(), "finished");
    // Merging again adds nothing.
    r = runCli({"campaign", "merge", "--store", store, "--json"});
    EXPECT_EQ(r.json().value("runs_added").toInt(), 0);

    const QString db = store + "/campaign.db";
    const auto runs = storedRuns(db, id);
    ASSERT_EQ(static_cast<int>(runs.size()), total);
    std::set<rs::campaign::RunKey> keys;
    std::set<std::string> jobs;
    for (const auto& run : runs) {
        EXPECT_TRUE(keys.insert(run.key).second) << "a run twice";
        EXPECT_TRUE(run.verified) << run.key.target << " " << run.key.algorithm << ": " << run.failure;
        EXPECT_FALSE(run.parameters.at("slurm.job_id").empty());
        EXPECT_EQ(run.parameters.at("slurm.array_task_id"), run.parameters.at("cluster.shard"));
        jobs.insert(run.parameters.at("slurm.array_job_id"));
    }
    EXPECT_EQ(jobs.size(), 3u);

    // The same chart as a local run of the same definition: the same series over the same sizes.
    const QString local = tmp.filePath("local.db");
    r = runCli({"campaign", "run", spec, "--db", local, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const auto series = [](const QString& path, std::int64_t campaign, const std::string& metric) {
        const rs::campaign::CampaignStore s(path.toStdString(), {rs::campaign::OpenMode::ReadOnly, {}});
        rs::campaign::ChartRequest req;
        req.campaigns = {campaign};
        req.metric = metric;
        std::map<std::string, std::vector<double>> out;
        for (const auto& se : rs::campaign::chartData(s, req).series)
            for (const auto& p : se.points)
                out[se.label].push_back(p.x);
        return out;
    };
    const qint64 localId = r.json().value("campaign").toInteger();
    // Throughput: cpu and ip (Ascon AD 0, AD 16, LEA each); riscv-qemu counts instructions, not time.
    const auto merged = series(db, id, "throughput");
    EXPECT_EQ(merged.size(), 6u);
    EXPECT_EQ(merged, series(local, localId, "throughput"));
    const auto instructions = series(db, id, "instructions");
    EXPECT_EQ(instructions.size(), 3u);
    EXPECT_EQ(instructions, series(local, localId, "instructions"));
    r = runCli({"chart", "--db", db, "--campaign", QString::number(id), "--out", tmp.filePath("c.png")});
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
}

/** The pid of the shard task's roundscope-cli (its job script execs it). */
QString shardPid(const QString& store, int shard) {
    QProcess p;
    p.start("pgrep", {"-f", QString("run-shard --store %1 --shard %2$").arg(store).arg(shard)});
    p.waitForFinished(10000);
    return QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts).value(0);
}

/** Waits until the shard's log shows a finished run. */
bool firstRunLogged(const QString& store, const QString& job, int shard, int seconds) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < seconds * 1000) {
        QFile log(QString("%1/logs/%2_%3.out").arg(store, job).arg(shard));
        if (log.open(QIODevice::ReadOnly) && log.readAll().contains("[1/")) return true;
        QThread::msleep(100);
    }
    return false;
}

TEST(ClusterSlurm, CancelledAndKilledTasksAreResumedWithoutRepeatingARun) {
    REQUIRE_CLUSTER();
    QTemporaryDir tmp;
    // Runs of about a second each (2-4 MiB, 100 repeats), 4 per shard: a task is caught in the middle.
    const QString spec = writeSpec(tmp, R"({"name": "slurm faults", "targets": ["cpu"],
      "algorithms": ["ascon-aead128"], "message_bytes": [2097152, 3145728, 4194304, 4194305], "ad_bytes": [0, 1, 2, 3],
      "repeats": 100})");
    const QString store = tmp.filePath("cluster folder"); // a space: sbatch gets every path as one argument
    CliResult r = runCli({"campaign", "submit", spec, "--slurm", "--store", store, "--max-parallel", "2",
                          "--per-task", "4", "--cli", RS_CLI_PATH, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const qint64 id = r.json().value("campaign").toInteger();
    const QString job = r.json().value("arrays").toArray()[0].toObject().value("job").toString();
    ASSERT_EQ(r.json().value("shards").toInt(), 4);

    ASSERT_TRUE(firstRunLogged(store, job, 0, 120)) << "shard 0 never started";
    ASSERT_TRUE(firstRunLogged(store, job, 1, 120)) << "shard 1 never started";
    QProcess::execute("scancel", {job + "_0"});
    const QString pid = shardPid(store, 1);
    ASSERT_FALSE(pid.isEmpty());
    QProcess::execute("kill", {"-KILL", pid});

    QJsonObject st = waitIdle(store);
    auto shards = shardsOf(st);
    EXPECT_EQ(shards[0].value("state").toString(), "failed") << QJsonDocument(st).toJson().toStdString();
    EXPECT_EQ(shards[1].value("state").toString(), "failed");
    EXPECT_EQ(shards[2].value("state").toString(), "done");
    EXPECT_EQ(shards[3].value("state").toString(), "done");
    EXPECT_TRUE(shards[0].value("detail").toString().contains("not in the queue"));

    r = runCli(
        {"campaign", "submit", "--resume", "--slurm", "--store", store, "--cli", RS_CLI_PATH, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonArray again = r.json().value("arrays").toArray();
    ASSERT_EQ(again.size(), 1);
    EXPECT_EQ(again[0].toObject().value("array").toString(), "0-1"); // only the two that failed
    const QString job2 = again[0].toObject().value("job").toString();
    st = waitIdle(store);
    shards = shardsOf(st);
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(shards[i].value("state").toString(), "done") << i;
    EXPECT_EQ(shards[0].value("submissions").toInt(), 2);
    EXPECT_EQ(shards[2].value("submissions").toInt(), 1);

    r = runCli({"campaign", "merge", "--store", store, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("runs_done").toInt(), 16);
    const auto runs = storedRuns(store + "/campaign.db", id);
    ASSERT_EQ(runs.size(), 16u);
    std::set<rs::campaign::RunKey> keys;
    int beforeKill = 0;
    for (const auto& run : runs) {
        EXPECT_TRUE(keys.insert(run.key).second);
        EXPECT_TRUE(run.verified);
        // The runs shards 0 and 1 committed before they were stopped are kept from the first job.
        const std::string shard = run.parameters.at("cluster.shard");
        if ((shard == "0" || shard == "1") && run.parameters.at("slurm.array_job_id") == job.toStdString())
            ++beforeKill;
        if (shard == "2" || shard == "3") {
            EXPECT_EQ(run.parameters.at("slurm.array_job_id"), job.toStdString());
        }
    }
    EXPECT_GE(beforeKill, 2) << "each stopped shard had committed a run before it was stopped";
    EXPECT_LT(beforeKill, 8);
    EXPECT_FALSE(job2.isEmpty());
}

TEST(ClusterSlurm, AnUnreachableControllerIsAClearErrorAndNothingIsSubmittedTwice) {
    REQUIRE_CLUSTER();
    QTemporaryDir tmp;
    // The cluster's own configuration with the controller's port moved where nothing listens.
    QFile conf("/etc/slurm/slurm.conf");
    ASSERT_TRUE(conf.open(QIODevice::ReadOnly));
    QByteArray text;
    for (const QByteArray& line : conf.readAll().split('\n'))
        if (!line.startsWith("SlurmctldPort") && !line.startsWith("MessageTimeout")) text += line + "\n";
    text += "SlurmctldPort=6899\nMessageTimeout=3\n";
    const QString badConf = tmp.filePath("slurm.conf");
    QFile out(badConf);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(text);
    out.close();
    QProcessEnvironment bad = QProcessEnvironment::systemEnvironment();
    bad.insert("SLURM_CONF", badConf);

    const QString spec = writeSpec(tmp, R"({"name": "slurm down", "targets": ["cpu"],
      "algorithms": ["ascon-aead128"], "message_bytes": [0, 16], "repeats": 1})");
    const QString store = tmp.filePath("cluster");
    CliResult r =
        runCli({"campaign", "submit", spec, "--slurm", "--store", store, "--cli", RS_CLI_PATH}, bad);
    EXPECT_EQ(r.status, 2);
    const QString err = QString::fromUtf8(r.err);
    EXPECT_TRUE(err.contains("sbatch")) << err.toStdString();
    EXPECT_TRUE(err.contains("--resume")) << err.toStdString();
    r = runCli({"campaign", "status", "--store", store}, bad);
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(QString::fromUtf8(r.err).contains("squeue")) << r.err.toStdString();

    // With the controller back: nothing arrived, the shard is unsubmitted, and resume submits it once.
    QJsonObject st = status(store);
    EXPECT_EQ(st.value("summary").toObject().value("unsubmitted").toInt(), 1);
    r = runCli(
        {"campaign", "submit", "--resume", "--slurm", "--store", store, "--cli", RS_CLI_PATH, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    st = waitIdle(store);
    auto shards = shardsOf(st);
    EXPECT_EQ(shards[0].value("state").toString(), "done");
    EXPECT_EQ(shards[0].value("submissions").toInt(), 1);
    r = runCli({"campaign", "merge", "--store", store, "--json"});
    EXPECT_EQ(r.json().value("runs_done").toInt(), 2);
}

} // namespace
