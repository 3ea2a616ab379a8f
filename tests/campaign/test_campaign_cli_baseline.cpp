// `roundscope-cli campaign baseline` and the baselines it marks, through the real executable: a campaign
// marked as its machine and revision's baseline (another one of them replaces it and says so), cleared,
// listed; `campaign regressions` without --baseline compares each machine's later campaigns against the
// newest baseline marked for it before them and names it; none marked is one line saying how to mark one
// (exit 2); a bad id is one line naming --id and the store stays as it was; `campaign compare baseline B`;
// a schema 3 store is read as it is and upgraded only when a mark is written.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <sqlite3.h>

#include <set>

#include "core/campaign/campaignstore.h"
#include "tests/campaign/comparestoretest.h"

namespace {

using namespace rs::campaign;
using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

using rs::test::addCampaign;

Provenance on(const std::string& host, const std::string& revision) {
    return {{"host", host}, {"git_revision", revision}, {"compiler", "g++ 12.2.0"}};
}

QByteArray bytesOf(const QString& path) {
    QFile f(path);
    EXPECT_TRUE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

std::string pragma(const QString& path, const char* statement) {
    sqlite3* db = nullptr;
    sqlite3_open(path.toStdString().c_str(), &db);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, statement, -1, &st, nullptr);
    std::string v = st && sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0)
                        ? reinterpret_cast<const char*>(sqlite3_column_text(st, 0))
                        : "";
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

/** 1 base (h, aaa); 2 slower at 64 B (h, bbb); 3 as fast as 1 (h, ccc); 4 slower at 256 B (h, ddd);
 *  5 slower everywhere on another machine (elsewhere, bbb). */
struct Store {
    QTemporaryDir dir;
    QString db = dir.filePath("b.db");
    Store() {
        CampaignStore s(db.toStdString());
        addCampaign(s, "base", on("h", "aaa"), 1000, 4000, 1);
        addCampaign(s, "slower", on("h", "bbb"), 1250, 4000, 3);
        addCampaign(s, "same", on("h", "ccc"), 1000, 4000, 5);
        addCampaign(s, "slower 256", on("h", "ddd"), 1000, 5000, 7);
        addCampaign(s, "elsewhere", on("elsewhere", "bbb"), 2000, 8000, 9);
    }
    CliResult run(QStringList args) const {
        args << "--db" << db;
        return runCli(args);
    }
};

std::set<std::pair<int, int>> campaignAndBaseline(const QJsonObject& o) {
    std::set<std::pair<int, int>> out;
    for (const auto v : o.value("regressions").toArray())
        out.emplace(v.toObject().value("campaign").toInt(), v.toObject().value("baseline").toInt());
    return out;
}

TEST(CampaignBaselineCli, MarkReplaceClearAndList) {
    Store st;
    CliResult r = st.run({"campaign", "baseline"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("no baseline is marked")) << r.out.toStdString();

    r = st.run({"campaign", "baseline", "--id", "1"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(QString::fromUtf8(r.out).trimmed(), "campaign 1 is now the baseline of host h at revision aaa");

    // Another campaign of machine h at revision aaa replaces it, and says so.
    {
        CampaignStore s(st.db.toStdString());
        addCampaign(s, "base again", on("h", "aaa"), 1000, 4000, 11);
    }
    r = st.run({"campaign", "baseline", "--id", "6", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("replaced").toInt(), 1);
    EXPECT_EQ(r.json().value("host").toString(), "h");
    EXPECT_EQ(r.json().value("revision").toString(), "aaa");
    r = st.run({"campaign", "baseline", "--id", "1"});
    EXPECT_TRUE(
        r.out.contains("campaign 1 is now the baseline of host h at revision aaa, replacing campaign 6"))
        << r.out.toStdString();
    r = st.run({"campaign", "baseline", "--id", "1"});
    EXPECT_TRUE(r.out.contains("campaign 1 was already the baseline")) << r.out.toStdString();
    ASSERT_EQ(st.run({"campaign", "baseline", "--id", "5"}).status, 0);

    r = st.run({"campaign", "baseline", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonArray list = r.json().value("baselines").toArray();
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list[0].toObject().value("id").toInt(), 1);
    EXPECT_EQ(list[0].toObject().value("name").toString(), "base");
    EXPECT_EQ(list[1].toObject().value("host").toString(), "elsewhere");
    EXPECT_FALSE(list[1].toObject().value("marked").toString().isEmpty());
    r = st.run({"campaign", "baseline"});
    EXPECT_TRUE(r.out.startsWith("#1  h  aaa  base  marked 20")) << r.out.toStdString();
    EXPECT_TRUE(r.out.contains("#5  elsewhere  bbb  elsewhere  marked ")) << r.out.toStdString();

    r = st.run({"campaign", "baseline", "--id", "5", "--clear"});
    EXPECT_EQ(QString::fromUtf8(r.out).trimmed(), "campaign 5 is no longer a baseline");
    r = st.run({"campaign", "baseline", "--id", "5", "--clear"});
    EXPECT_EQ(QString::fromUtf8(r.out).trimmed(), "campaign 5 was no baseline; nothing changed");
    r = st.run({"campaign", "baseline", "--json"});
    EXPECT_EQ(r.json().value("baselines").toArray().size(), 1);
}

TEST(CampaignBaselineCli, ABadIdIsOneLineAndTheStoreStaysAsItWas) {
    Store st;
    ASSERT_EQ(st.run({"campaign", "baseline", "--id", "1"}).status, 0);
    const QByteArray before = bytesOf(st.db);
    expectUsageError({"campaign", "baseline", "--db", st.db, "--id", "9"}, "--id: no campaign 9");
    expectUsageError({"campaign", "baseline", "--db", st.db, "--id", "9", "--clear"}, "--id: no campaign 9");
    expectUsageError({"campaign", "baseline", "--db", st.db, "--id", "x"}, "--id");
    expectUsageError({"campaign", "baseline", "--db", st.db, "--id", "0"}, "--id");
    expectUsageError({"campaign", "baseline", "--db", st.db, "--clear"}, "--clear");
    expectUsageError({"campaign", "baseline", "--id", "1"}, "--db");
    expectUsageError({"campaign", "baseline", "--db", st.dir.filePath("none.db"), "--id", "1"},
                     "no campaign store at");
    EXPECT_EQ(bytesOf(st.db), before);
    EXPECT_FALSE(QFile::exists(st.dir.filePath("none.db")));
}

TEST(CampaignBaselineCli, RegressionsWithoutABaselineUseTheMarkedOne) {
    Store st;
    // None marked and none given: one line saying how to mark one.
    const QByteArray before = bytesOf(st.db);
    expectUsageError({"campaign", "regressions", "--db", st.db}, "no baseline is marked in");
    const CliResult none = st.run({"campaign", "regressions"});
    EXPECT_TRUE(none.err.contains("campaign baseline --db " + st.db.toUtf8() + " --id N"))
        << none.err.toStdString();
    EXPECT_TRUE(none.err.contains("--baseline A")) << none.err.toStdString();
    EXPECT_EQ(bytesOf(st.db), before);

    ASSERT_EQ(st.run({"campaign", "baseline", "--id", "1"}).status, 0);
    CliResult r = st.run({"campaign", "regressions"});
    EXPECT_EQ(r.status, 1) << r.err.toStdString();
    const QString text = QString::fromUtf8(r.out);
    EXPECT_TRUE(text.startsWith("baseline: campaign 1 \"base\" (host h, revision aaa, marked 20"))
        << r.out.toStdString();
    EXPECT_TRUE(text.contains("campaign 2 (revision bbb")) << r.out.toStdString();
    EXPECT_TRUE(text.contains("  SLOWER cpu ascon-aead128 AD 0 B msg 64 B")) << r.out.toStdString();
    EXPECT_TRUE(
        text.contains("2 regression(s) in 3 campaign(s) against the marked baseline(s) 1; 1 campaign(s) "
                      "not compared: no baseline of their machine ran before them"))
        << r.out.toStdString();
    r = st.run({"campaign", "regressions", "--json"});
    EXPECT_EQ(r.json().value("baseline").toInt(), 1);
    EXPECT_EQ(r.json().value("campaigns").toInt(), 3);
    EXPECT_EQ(r.json().value("without_baseline").toInt(), 1); // campaign 5, on another machine
    EXPECT_EQ(campaignAndBaseline(r.json()), (std::set<std::pair<int, int>>{{2, 1}, {4, 1}}));

    // A newer baseline of the machine takes over for the campaigns after it; each is named.
    ASSERT_EQ(st.run({"campaign", "baseline", "--id", "3"}).status, 0);
    r = st.run({"campaign", "regressions", "--json"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(r.json().value("baseline").isNull());
    EXPECT_EQ(r.json().value("baselines").toArray().size(), 2);
    EXPECT_EQ(campaignAndBaseline(r.json()), (std::set<std::pair<int, int>>{{2, 1}, {4, 3}}));
    r = st.run({"campaign", "regressions"});
    EXPECT_TRUE(r.out.contains("baseline: campaign 3 \"same\" (host h, revision ccc")) << r.out.toStdString();
    // --since starts at a revision, as with --baseline.
    r = st.run({"campaign", "regressions", "--since", "ddd", "--json"});
    EXPECT_EQ(campaignAndBaseline(r.json()), (std::set<std::pair<int, int>>{{4, 3}}));
    expectUsageError({"campaign", "regressions", "--db", st.db, "--since", "zzz"}, "--since");
    // Given explicitly, --baseline still wins.
    r = st.run({"campaign", "regressions", "--baseline", "3", "--json"});
    EXPECT_EQ(r.json().value("baseline").toInt(), 3);
    EXPECT_EQ(campaignAndBaseline(r.json()), (std::set<std::pair<int, int>>{{4, 3}, {5, 3}}));
}

TEST(CampaignBaselineCli, CompareAgainstTheMarkedBaseline) {
    Store st;
    expectUsageError({"campaign", "compare", "baseline", "2", "--db", st.db},
                     "A: no baseline is marked for host h before campaign 2");
    ASSERT_EQ(st.run({"campaign", "baseline", "--id", "1"}).status, 0);
    CliResult r = st.run({"campaign", "compare", "baseline", "2"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.startsWith("baseline: campaign 1 \"base\" (host h, revision aaa"))
        << r.out.toStdString();
    EXPECT_TRUE(r.out.contains("cpu ascon-aead128 AD 0 B msg 64 B: SLOWER")) << r.out.toStdString();
    r = st.run({"campaign", "compare", "baseline", "2", "--json"});
    EXPECT_EQ(r.json().value("a").toInt(), 1);
    EXPECT_EQ(r.json().value("baseline").toObject().value("id").toInt(), 1);
    // Another machine's baseline is not B's; a campaign of the store named by its file finds its own.
    expectUsageError({"campaign", "compare", "baseline", "5", "--db", st.db},
                     "A: no baseline is marked for host elsewhere before campaign 5");
    r = runCli({"campaign", "compare", "baseline", st.db + ":4", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("a").toInt(), 1);
}

TEST(CampaignBaselineCli, ASchemaThreeStoreIsReadAsItIsAndUpgradedByAMark) {
    Store st;
    {
        sqlite3* db = nullptr;
        sqlite3_open(st.db.toStdString().c_str(), &db);
        ASSERT_EQ(sqlite3_exec(db, "DROP TABLE baselines; PRAGMA user_version=3;", nullptr, nullptr, nullptr),
                  SQLITE_OK);
        sqlite3_close(db);
    }
    const QByteArray before = bytesOf(st.db);
    CliResult r = st.run({"campaign", "baseline"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("no baseline is marked")) << r.out.toStdString();
    expectUsageError({"campaign", "regressions", "--db", st.db}, "no baseline is marked");
    expectUsageError({"campaign", "baseline", "--db", st.db, "--id", "9"}, "--id: no campaign 9");
    EXPECT_EQ(bytesOf(st.db), before);
    EXPECT_EQ(pragma(st.db, "PRAGMA user_version"), "3");

    r = st.run({"campaign", "baseline", "--id", "1"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(pragma(st.db, "PRAGMA user_version"), "4");
    r = st.run({"campaign", "regressions", "--json"});
    EXPECT_EQ(r.status, 1) << r.err.toStdString();
    EXPECT_EQ(r.json().value("baseline").toInt(), 1);
}

} // namespace
