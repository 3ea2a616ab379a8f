// `roundscope-cli campaign ...` and `chart` end to end through the real executable: a campaign runs
// into a store, is listed and exported; killed with SIGKILL in the middle, it resumes without losing a
// committed run or repeating one; the chart is written as a real PNG; bad files are refused untouched.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <fstream>
#include <set>

#include "core/campaign/campaignstore.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

QString writeSpec(const QTemporaryDir& dir, const QString& name, const std::string& json) {
    const QString path = dir.filePath(name);
    std::ofstream(path.toStdString()) << json;
    return path;
}

constexpr const char* kSmall = R"({"name": "cli small", "targets": ["cpu", "cpu-mt", "ip"],
  "algorithms": ["ascon-aead128"], "message_bytes": [16, 256], "ad_bytes": [0, 16], "repeats": 3})";

TEST(CampaignCli, RunListExportAndChart) {
    QTemporaryDir dir;
    const QString db = dir.filePath("c.sqlite"), spec = writeSpec(dir, "small.json", kSmall);
    CliResult r = runCli({"campaign", "run", spec, "--db", db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QJsonObject o = r.json();
    EXPECT_EQ(o.value("runs").toInt(), 12); // 3 targets x 2 AD x 2 messages
    EXPECT_EQ(o.value("failed").toInt(), 0);
    const qint64 id = o.value("campaign").toInteger();

    r = runCli({"campaign", "list", "--db", db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonArray list = r.json().value("campaigns").toArray();
    ASSERT_EQ(list.size(), 1);
    EXPECT_EQ(list[0].toObject().value("status").toString(), "finished");
    EXPECT_EQ(list[0].toObject().value("runs_done").toInt(), 12);
    EXPECT_FALSE(list[0].toObject().value("provenance").toObject().value("host").toString().isEmpty());

    r = runCli({"campaign", "export", "--db", db, "--id", QString::number(id), "--csv"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    EXPECT_TRUE(lines.front().startsWith("campaign,target,algorithm"));
    int ipCycles = 0;
    for (const auto& l : lines)
        ipCycles += l.contains(",ip,") && l.contains(",cycles,") ? 1 : 0;
    EXPECT_EQ(ipCycles, 4); // every IP run carries its clock count
    r = runCli({"campaign", "export", "--db", db, "--id", QString::number(id), "--json"});
    ASSERT_EQ(r.status, 0);
    EXPECT_EQ(r.json().value("runs").toArray().size(), 12);

    const QString png = dir.filePath("throughput.png");
    r = runCli({"chart", "--db", db, "--campaign", QString::number(id), "--metric", "throughput", "--out",
                png, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("series").toInt(), 6); // 3 targets x 2 AD sizes
    const QImage img(png);
    ASSERT_FALSE(img.isNull());
    EXPECT_EQ(img.width(), 1000);
    const QString pdf = dir.filePath("speedup.pdf");
    r = runCli({"chart", "--db", db, "--campaign", QString::number(id), "--kind", "speedup", "--baseline",
                "cpu", "--out", pdf, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.read(5) == "%PDF-");

    expectUsageError({"chart", "--db", db, "--campaign", "99", "--out", png}, "--campaign");
    expectUsageError({"chart", "--db", db, "--campaign", "x", "--out", png}, "--campaign");
    expectUsageError(
        {"chart", "--db", db, "--campaign", QString::number(id), "--metric", "nosuch", "--out", png},
        "nosuch");
    expectUsageError({"chart", "--db", db, "--campaign", QString::number(id), "--out", dir.filePath("c.gif")},
                     "--out");
    expectUsageError({"campaign", "export", "--db", db, "--id", "99", "--csv"}, "--id");
    expectUsageError(
        {"campaign", "run", writeSpec(dir, "bad.json", R"({"name": "b", "targets": ["gpu"]})"), "--db", db},
        "SPEC");
}

TEST(CampaignCli, ChartAndExportNameTheOptionAtFault) {
    QTemporaryDir dir;
    const QString db = dir.filePath("n.sqlite"), png = dir.filePath("c.png");
    const QString spec = writeSpec(dir, "n.json", R"({"name": "names", "targets": ["cpu", "cpu-mt"],
        "algorithms": ["ascon-aead128"], "message_bytes": [16, 64], "repeats": 1})");
    ASSERT_EQ(runCli({"campaign", "run", spec, "--db", db}).status, 0);
    ASSERT_EQ(runCli({"campaign", "run", spec, "--db", db, "--new"}).status, 0);
    // A baseline target the campaign never ran: every point would be left out of an empty chart.
    expectUsageError(
        {"chart", "--db", db, "--campaign", "1", "--kind", "speedup", "--baseline", "nope", "--out", png},
        "--baseline: no verified run of target 'nope' with a median time in this campaign (the "
        "targets there: cpu, cpu-mt)");
    expectUsageError(
        {"chart", "--db", db, "--campaign", "1,2", "--kind", "efficiency", "--baseline", "ip", "--out", png},
        "--baseline");
    EXPECT_FALSE(QFile::exists(png));
    const CliResult ok = runCli({"chart", "--db", db, "--campaign", "1", "--kind", "speedup", "--baseline",
                                 "cpu-mt", "--out", png, "--json"});
    ASSERT_EQ(ok.status, 0) << ok.err.toStdString();
    EXPECT_EQ(ok.json().value("series").toInt(), 1);
    // No campaign id at all is --campaign's fault, an unknown kind --kind's, an unknown metric --metric's.
    expectUsageError({"chart", "--db", db, "--campaign", "", "--out", png},
                     "--campaign: no campaign id given");
    expectUsageError({"chart", "--db", db, "--campaign", "1", "--kind", "pie", "--out", png},
                     "--kind: chart kind 'pie'");
    expectUsageError({"chart", "--db", db, "--campaign", "1", "--metric", "joules", "--out", png},
                     "--metric: no verified run of campaign(s) has the metric 'joules'");
    // export without --id: which ids there are.
    expectUsageError(
        {"campaign", "export", "--db", db, "--csv"},
        ("campaign export: --id is required (the campaigns in " + db.toStdString() + ": 1, 2)").c_str());
}

TEST(CampaignCli, AnUnsupportedPairIsRefusedWhenDefinedAndNothingIsStored) {
    // The board runs the Ascon IP only: pairing it with LEA is the definition's error, named, exit 2, and no
    // store is created (never runs counted and stored as failures).
    QTemporaryDir dir;
    const QString db = dir.filePath("pairs.sqlite");
    const QString spec = writeSpec(dir, "pairs.json", R"({"name": "pairs", "targets": ["cpu", "board"],
        "algorithms": ["ascon-128", "lea-128-ctr"], "message_bytes": [16]})");
    expectUsageError(
        {"campaign", "run", spec, "--db", db},
        "SPEC: targets x algorithms: board does not run lea-128-ctr (board runs ascon-128, ascon-128a, "
        "ascon-aead128); drop the pair or split the campaign");
    EXPECT_FALSE(QFile::exists(db));
}

TEST(CampaignCli, AnInterleavedCampaignRunsInSeededRoundsAndKeepsItsSeed) {
    QTemporaryDir dir;
    const QString spec = writeSpec(dir, "il.json", R"({"name": "il", "targets": ["cpu"],
        "algorithms": ["ascon-aead128", "lea-128-ctr"], "message_bytes": [16, 64], "repeats": 3})");
    const auto order = [&](const QString& db, const QString& seed) {
        const CliResult r = runCli({"campaign", "run", spec, "--db", db, "--interleave", seed});
        EXPECT_EQ(r.status, 0) << r.err.toStdString();
        QStringList points; // "[k/12] round R/3: POINT: time", then "[12/12] after 3 rounds: POINT: ..."
        for (const QByteArray& line : r.out.trimmed().split('\n'))
            if (line.startsWith('[')) points << QString::fromUtf8(line.left(line.lastIndexOf(':')));
        return points;
    };
    QStringList a = order(dir.filePath("a.sqlite"), "5");
    const QStringList b = order(dir.filePath("b.sqlite"), "5").mid(0, 12);
    ASSERT_EQ(a.size(), 16); // 4 runs x 3 rounds, each a timed call; then the 4 runs recorded
    EXPECT_TRUE(a[12].startsWith("[12/12] after 3 rounds: cpu ascon-aead128 AD 0 B msg 16 B"))
        << a[12].toStdString();
    a.resize(12);
    EXPECT_TRUE(a.front().startsWith("[1/12] round 1/3: cpu ")) << a.front().toStdString();
    EXPECT_TRUE(a.back().startsWith("[12/12] round 3/3: cpu ")) << a.back().toStdString();
    EXPECT_EQ(a, b); // the same seed: the same order
    rs::campaign::CampaignStore store(dir.filePath("a.sqlite").toStdString());
    const auto campaigns = store.campaigns();
    ASSERT_EQ(campaigns.size(), 1u);
    EXPECT_EQ(campaigns[0].spec.interleaveSeed, std::optional<std::uint64_t>(5)); // kept in the definition
    for (const auto& run : store.runs(campaigns[0].id))
        EXPECT_EQ(run.samples.size(), 3u);
    // A seed that is not one: named, nothing stored.
    const QString bad = dir.filePath("bad.sqlite");
    expectUsageError({"campaign", "run", spec, "--db", bad, "--interleave", "-1"},
                     "--interleave: expected a seed 0..9007199254740991 or 'random', got '-1'");
    expectUsageError({"campaign", "run", spec, "--db", bad, "--interleave", "9007199254740992"},
                     "--interleave");
    EXPECT_FALSE(QFile::exists(bad));
}

TEST(CampaignCli, KilledCampaignResumesWithoutLossOrRepeats) {
    QTemporaryDir dir;
    const QString db = dir.filePath("k.sqlite");
    // Enough runs, each long enough (repeats), that the kill lands in the middle.
    const QString spec = writeSpec(dir, "long.json", R"({"name": "killed", "targets": ["cpu"],
            "algorithms": ["ascon-aead128", "ascon-128", "ascon-128a"], "message_bytes": [1024, 2048, 4096, 8192, 16384,
      32768, 65536], "ad_bytes": [0, 16], "repeats": 1000})");
    QProcess p;
    p.start(QStringLiteral(RS_CLI_PATH), {"campaign", "run", spec, "--db", db});
    ASSERT_TRUE(p.waitForStarted());
    // Wait for a few committed runs, then SIGKILL: no chance to clean up.
    std::vector<std::pair<std::string, std::string>> before; // (key, finished) of committed runs
    for (int i = 0; i < 600 && before.size() < 3; ++i) {
        QThread::msleep(50);
        if (!QFile::exists(db)) continue;
        try {
            rs::campaign::CampaignStore s(db.toStdString(), {rs::campaign::OpenMode::ReadOnly, {}});
            const auto cs = s.campaigns();
            if (cs.empty()) continue;
            before.clear();
            for (const auto& r : s.runs(cs.front().id))
                before.emplace_back(r.key.algorithm + "/" + std::to_string(r.key.adBytes) + "/" +
                                        std::to_string(r.key.messageBytes),
                                    r.finished);
        } catch (const std::exception&) {
        }
    }
    ASSERT_GE(before.size(), 3u) << "the campaign did not commit runs in time";
    ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
    p.waitForFinished();
    CliResult r = runCli({"campaign", "run", spec, "--db", db, "--resume", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_GE(o.value("skipped").toInt(), static_cast<int>(before.size()));

    rs::campaign::CampaignStore s(db.toStdString(), {rs::campaign::OpenMode::ReadOnly, {}});
    const auto cs = s.campaigns();
    ASSERT_EQ(cs.size(), 1u); // resumed, not started again
    EXPECT_EQ(cs.front().status, "finished");
    const auto runs = s.runs(cs.front().id);
    EXPECT_EQ(runs.size(), 42u); // every run once
    std::set<std::string> keys;
    std::map<std::string, std::string> finished;
    for (const auto& run : runs) {
        const std::string k = run.key.algorithm + "/" + std::to_string(run.key.adBytes) + "/" +
                              std::to_string(run.key.messageBytes);
        EXPECT_TRUE(keys.insert(k).second) << "repeated " << k;
        finished[k] = run.finished;
        EXPECT_TRUE(run.verified) << k;
    }
    for (const auto& [k, when] : before) // committed before the kill: kept as they were
        EXPECT_EQ(finished[k], when) << k;
}

TEST(CampaignCli, ForeignAndCorruptFilesAreRefusedUntouched) {
    QTemporaryDir dir;
    const QString notes = dir.filePath("notes.db");
    std::ofstream(notes.toStdString()) << "not a database at all\n";
    const QString spec = writeSpec(dir, "small.json", kSmall);
    expectUsageError({"campaign", "run", spec, "--db", notes}, "--db");
    expectUsageError({"campaign", "list", "--db", notes}, "--db");
    QFile f(notes);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), QByteArray("not a database at all\n"));
}

} // namespace
