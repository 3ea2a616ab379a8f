// `roundscope-cli campaign compare` and `campaign regressions` through the real executable, over stores
// whose repeats are known: a point made 25 % slower is SLOWER with its interval and p-value, one drawn
// the same way is SAME, the two campaigns' differing compilers are warned about; a campaign of another
// store is named STORE.db:N; regressions lists the slower points of the later campaigns (exit 1) and
// starts at --since REV; every bad argument is one line naming it (exit 2), and nothing is written.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>

#include "core/campaign/campaignstore.h"
#include "tests/campaign/comparestoretest.h"

namespace {

using namespace rs::campaign;
using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

/** Twelve repeats around centre. */
std::vector<double> noisy(double centre, std::uint32_t seed) {
    return rs::test::noisyRepeats(centre, 12, seed);
}

using rs::test::addCampaign;

QJsonObject pointAt(const QJsonObject& c, int bytes) {
    for (const auto v : c.value("points").toArray())
        if (v.toObject().value("message_bytes").toInt() == bytes) return v.toObject();
    ADD_FAILURE() << "no point of " << bytes << " bytes";
    return {};
}

struct Stores {
    QTemporaryDir dir;
    QString db = dir.filePath("c.db");
    Stores() {
        CampaignStore s(db.toStdString());
        addCampaign(s, "base", {{"compiler", "g++ 12.2.0"}, {"git_revision", "aaa111"}}, 1000, 4000, 1);
        addCampaign(s, "slower", {{"compiler", "clang 14"}, {"git_revision", "bbb222"}}, 1250, 4000, 3);
        addCampaign(s, "same", {{"compiler", "g++ 12.2.0"}, {"git_revision", "ccc333"}}, 1000, 4000, 5);
    }
};

TEST(CampaignCompareCli, VerdictsIntervalsAndTheConditionsTheyDifferIn) {
    Stores st;
    CliResult r = runCli({"campaign", "compare", "1", "2", "--db", st.db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject c = r.json();
    const QJsonObject slow = pointAt(c, 64), same = pointAt(c, 256);
    EXPECT_EQ(slow.value("verdict").toString(), "SLOWER");
    EXPECT_NEAR(slow.value("ratio").toDouble(), 1.25, 0.02);
    EXPECT_LT(slow.value("ci_low").toDouble(), slow.value("ratio").toDouble());
    EXPECT_GT(slow.value("ci_low").toDouble(), 1.05);
    EXPECT_LT(slow.value("p_value").toDouble(), 0.001);
    EXPECT_EQ(slow.value("cliffs_delta").toDouble(), 1.0); // every B repeat slower than every A repeat
    EXPECT_EQ(slow.value("repeats_a").toInt(), 12);
    EXPECT_EQ(same.value("verdict").toString(), "SAME");
    EXPECT_EQ(c.value("slower").toInt(), 1);
    EXPECT_EQ(c.value("same").toInt(), 1);
    EXPECT_NEAR(c.value("geometric_mean").toObject().value("ratio").toDouble(), std::sqrt(1.25), 0.02);
    EXPECT_EQ(c.value("provenance_differs").toArray().first().toString(), "compiler: g++ 12.2.0 vs clang 14");
    EXPECT_EQ(c.value("revision_b").toString(), "bbb222");

    r = runCli({"campaign", "compare", "1", "2", "--db", st.db});
    ASSERT_EQ(r.status, 0);
    const QString text = QString::fromUtf8(r.out);
    EXPECT_TRUE(text.contains("cpu ascon-aead128 AD 0 B msg 64 B: SLOWER")) << r.out.toStdString();
    EXPECT_TRUE(text.contains("warning: the two campaigns ran under different conditions"))
        << r.out.toStdString();
    EXPECT_TRUE(text.contains("geometric mean of the ratios: ")) << r.out.toStdString();
    EXPECT_TRUE(text.contains("0 faster, 1 slower, 1 same, 0 uncertain, 0 not compared"))
        << r.out.toStdString();

    // A threshold wider than the difference makes the slower point SAME; the comparison is seeded.
    r = runCli({"campaign", "compare", "1", "2", "--db", st.db, "--threshold", "40", "--json"});
    EXPECT_EQ(pointAt(r.json(), 64).value("verdict").toString(), "SAME");
    EXPECT_EQ(runCli({"campaign", "compare", "1", "2", "--db", st.db, "--json"}).out,
              runCli({"campaign", "compare", "1", "2", "--db", st.db, "--json"}).out);
}

TEST(CampaignCompareCli, TargetAgainstTargetInOneCampaign) {
    QTemporaryDir dir;
    const QString db = dir.filePath("t.db");
    {
        CampaignStore s(db.toStdString());
        CampaignSpec spec;
        spec.name = "two targets";
        spec.targets = {"cpu", "cpu-mt"};
        spec.algorithms = {"ascon-aead128"};
        spec.messageBytes = {64};
        const auto id = s.createCampaign(spec, {});
        s.recordRun(id, {"cpu", "ascon-aead128", 64, 0}, true, "", {}, {{"time_median", 1000, "ns"}},
                    noisy(1000, 1));
        s.recordRun(id, {"cpu-mt", "ascon-aead128", 64, 0}, true, "", {}, {{"time_median", 500, "ns"}},
                    noisy(500, 2));
        s.setStatus(id, "finished");
    }
    CliResult r = runCli({"campaign", "compare", "1", "1", "--db", db, "--targets", "cpu,cpu-mt", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject c = r.json();
    const QJsonObject p = pointAt(c, 64);
    EXPECT_EQ(p.value("target").toString(), "cpu vs cpu-mt");
    EXPECT_EQ(p.value("verdict").toString(), "FASTER");
    EXPECT_NEAR(p.value("ratio").toDouble(), 0.5, 0.02);
    EXPECT_EQ(c.value("targets").toArray().at(1).toString(), "cpu-mt");
    r = runCli({"campaign", "compare", "1", "1", "--db", db, "--targets", "cpu,cpu-mt"});
    EXPECT_TRUE(QString::fromUtf8(r.out).contains("cpu vs cpu-mt ascon-aead128 AD 0 B msg 64 B: FASTER"))
        << r.out.toStdString();
    expectUsageError({"campaign", "compare", "1", "1", "--db", db, "--targets", "cpu"},
                     "--targets: expected two targets, A's and B's, as X,Y");
    expectUsageError({"campaign", "compare", "1", "1", "--db", db, "--targets", "cpu,cuda"},
                     "--targets: campaign 1 has no run on target 'cuda'");
}

TEST(CampaignCompareCli, ACampaignOfAnotherStoreIsNamedByItsFile) {
    Stores st;
    const QString other = st.dir.filePath("other.db");
    {
        CampaignStore s(other.toStdString());
        addCampaign(s, "elsewhere", {{"compiler", "g++ 12.2.0"}}, 800, 3200, 9);
    }
    const CliResult r = runCli({"campaign", "compare", other + ":1", "1", "--db", st.db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("slower").toInt(), 2); // 1000 and 4000 ns against 800 and 3200
}

TEST(CampaignCompareCli, RegressionsListTheSlowerPointsOfLaterCampaigns) {
    Stores st;
    CliResult r = runCli({"campaign", "regressions", "--db", st.db, "--baseline", "1", "--json"});
    EXPECT_EQ(r.status, 1) << r.err.toStdString();
    const QJsonArray found = r.json().value("regressions").toArray();
    ASSERT_EQ(found.size(), 1);
    EXPECT_EQ(found[0].toObject().value("campaign").toInt(), 2);
    EXPECT_EQ(found[0].toObject().value("message_bytes").toInt(), 64);
    EXPECT_EQ(found[0].toObject().value("revision").toString(), "bbb222");
    EXPECT_EQ(r.json().value("campaigns").toInt(), 2);

    r = runCli({"campaign", "regressions", "--db", st.db, "--baseline", "1", "--since", "ccc"});
    EXPECT_EQ(r.status, 0) << r.out.toStdString();
    EXPECT_TRUE(QString::fromUtf8(r.out).contains("0 regression(s) in 1 campaign(s) after 1"))
        << r.out.toStdString();
    expectUsageError({"campaign", "regressions", "--db", st.db, "--baseline", "1", "--since", "zzz"},
                     "--since");
}

TEST(CampaignCompareCli, BadArgumentsAreNamedAndNothingIsWritten) {
    Stores st;
    QFile f(st.db);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    expectUsageError({"campaign", "compare", "1", "--db", st.db}, "two campaigns");
    expectUsageError({"campaign", "compare", "1", "x2", "--db", st.db}, "B: 'x2' is not a campaign");
    expectUsageError({"campaign", "compare", "1", "9", "--db", st.db}, "B: no campaign 9");
    expectUsageError({"campaign", "compare", "1", "2"}, "needs --db");
    expectUsageError({"campaign", "compare", "1", "2", "--db", st.db, "--threshold", "150"}, "--threshold");
    expectUsageError({"campaign", "compare", "1", "2", "--db", st.db, "--metric", "cycles"}, "--metric");
    expectUsageError({"campaign", "compare", st.dir.filePath("none.db") + ":1", "2", "--db", st.db},
                     "A: no campaign store at");
    expectUsageError({"campaign", "regressions", "--db", st.db}, "--baseline");
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_EQ(f.readAll(), before);
}

} // namespace

namespace {

TEST(CampaignExportGbench, EveryRepeatIsAnIterationAndCompareDotPyReadsIt) {
    Stores st;
    const QString a = st.dir.filePath("a.json"), b = st.dir.filePath("b.json");
    ASSERT_EQ(
        runCli({"campaign", "export", "--db", st.db, "--id", "1", "--format", "gbench", "--out", a}).status,
        0);
    ASSERT_EQ(
        runCli({"campaign", "export", "--db", st.db, "--id", "2", "--format", "gbench", "--out", b}).status,
        0);
    QFile f(b);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonArray benchmarks = doc.value("benchmarks").toArray();
    ASSERT_EQ(benchmarks.size(), 2 * (12 + 1)); // two runs: twelve repeats and the median each
    const std::vector<double> repeats = noisy(1250, 3);
    for (int i = 0; i < 12; ++i) {
        const QJsonObject o = benchmarks[i].toObject();
        EXPECT_EQ(o.value("name").toString(), "cpu/ascon-aead128/ad:0/msg:64");
        EXPECT_EQ(o.value("run_type").toString(), "iteration");
        EXPECT_EQ(o.value("repetition_index").toInt(), i);
        EXPECT_EQ(o.value("repetitions").toInt(), 12);
        EXPECT_EQ(o.value("real_time").toDouble(),
                  repeats[static_cast<std::size_t>(i)]); // as stored, in order
        EXPECT_EQ(o.value("time_unit").toString(), "ns");
    }
    EXPECT_EQ(benchmarks[12].toObject().value("aggregate_name").toString(), "median");
    EXPECT_EQ(doc.value("context")
                  .toObject()
                  .value("roundscope_provenance")
                  .toObject()
                  .value("compiler")
                  .toString(),
              "clang 14");
    expectUsageError({"campaign", "export", "--db", st.db, "--id", "1", "--format", "xml"}, "--format");
    expectUsageError({"campaign", "export", "--db", st.db, "--id", "1", "--format", "gbench", "--csv"},
                     "choose one");

    // Google Benchmark's own comparison tool reads the two files and finds the 25 % (its U test too).
    const QString python = QStringLiteral("/usr/bin/python3"),
                  tool = QStringLiteral("/usr/share/benchmark/compare.py");
    if (!QFile::exists(tool) || !QFile::exists(python))
        GTEST_SKIP() << "Google Benchmark's compare.py is not installed (libbenchmark-tools, python3-scipy: "
                        ".ci/setup)";
    QProcess p;
    p.start(python, {tool, QStringLiteral("benchmarks"), a, b});
    ASSERT_TRUE(p.waitForFinished(120000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    ASSERT_EQ(p.exitCode(), 0) << out.toStdString() << p.readAllStandardError().toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("cpu/ascon-aead128/ad:0/msg:64_pvalue"))) << out.toStdString();
    EXPECT_TRUE(out.contains(QStringLiteral("+0.25"))) << out.toStdString(); // (B - A) / A of the medians
}

} // namespace
