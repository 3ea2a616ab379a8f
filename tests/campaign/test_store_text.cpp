// Text the store writes itself for every run: the run parameters as JSON (written by hand, not through
// QJsonDocument) and the finish time (written without QDateTime). Both are judged by readers no one here
// wrote: SQLite's own JSON functions and Qt's date parser.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <QDateTime>
#include <QTemporaryDir>

#include <chrono>
#include <string>

#include "core/campaign/campaignstore.h"
#include "core/campaign/utcclock.h"

using namespace rs::campaign;

namespace {

CampaignSpec oneRunSpec(int runs) {
    CampaignSpec s;
    s.name = "text";
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    for (int i = 0; i < runs; ++i)
        s.messageBytes.push_back(static_cast<std::uint64_t>(i));
    return s;
}

/** One column of every run row, through a plain SQLite connection. */
std::vector<std::string> column(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &st, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
    std::vector<std::string> out;
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        const auto* text = sqlite3_column_text(st, 0);
        out.emplace_back(text ? reinterpret_cast<const char*>(text) : "(null)",
                         static_cast<std::size_t>(sqlite3_column_bytes(st, 0)));
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

} // namespace

TEST(StoreText, RunParametersAreJsonThatSqliteParsesAndReadBackUnchanged) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("p.sqlite").toStdString();
    std::string controls;
    for (char c = 1; c < 0x20; ++c)
        controls += c;
    const std::map<std::string, std::string> tricky{
        {"quote\"", "a \"b\" c"},
        {"back\\slash", "C:\\dir\\"},
        {"controls", controls + "\x7f"},
        {"utf8 \xc2\xb5", "\xe2\x88\x9e \xf0\x9f\x94\x91 \xc3\xbc"},
        {"", ""},
        {"cpu.impl", "fast"}};
    const std::map<std::string, std::string> notUtf8{{"bad", "x\xff\xfe y"}, {"ok", "fine"}};
    std::int64_t id = 0;
    {
        CampaignStore s(path);
        id = s.createCampaign(oneRunSpec(3), {});
        s.recordRuns(id, {{{"cpu", "ascon-aead128", 0, 0}, true, "", tricky, {{"t", 1, "ns"}}, ""},
                          {{"cpu", "ascon-aead128", 1, 0}, true, "", notUtf8, {{"t", 2, "ns"}}, ""},
                          {{"cpu", "ascon-aead128", 2, 0}, true, "", {}, {{"t", 3, "ns"}}, ""}});
    }
    CampaignStore s(path);
    EXPECT_NO_THROW(s.verifyAll());
    const auto runs = s.runs(id);
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_EQ(runs[0].parameters, tricky);
    // Bytes that are not UTF-8 cannot be JSON text: they are replaced (U+FFFD), the rest is kept.
    EXPECT_EQ(runs[1].parameters.at("ok"), "fine");
    EXPECT_EQ(runs[1].parameters.at("bad"), "x\xef\xbf\xbd\xef\xbf\xbd y");
    EXPECT_TRUE(runs[2].parameters.empty());

    // SQLite's JSON parser accepts every stored text and finds the values in it.
    EXPECT_EQ(column(path, "SELECT json_valid(parameters_json) FROM runs ORDER BY id"),
              (std::vector<std::string>{"1", "1", "1"}));
    EXPECT_EQ(column(path, "SELECT parameters_json FROM runs ORDER BY id")[2], "{}");
    // Every key and value as SQLite's json_each sees them.
    std::vector<std::string> pairs;
    for (const auto& [k, v] : tricky)
        pairs.push_back(k + "=" + v);
    EXPECT_EQ(column(path, "SELECT key || '=' || value FROM runs, json_each(runs.parameters_json) WHERE "
                           "message_bytes = 0 ORDER BY key"),
              pairs);
}

TEST(StoreText, TimestampsAreTheTextQtWritesForUtc) {
    using namespace std::chrono;
    // The epoch, before it (the millisecond part must not go negative), a leap day, 2026, 2199.
    for (const long long ms :
         {0LL, -1LL, -86'400'001LL, 951'782'400'123LL, 1'796'400'000'999LL, 7'258'118'399'999LL}) {
        const auto t = system_clock::time_point(milliseconds(ms));
        const QString qt = QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
        EXPECT_EQ(utcIsoText(t), qt.toStdString()) << ms;
    }
    // Now: parses back as UTC within a few seconds of Qt's clock.
    const QDateTime parsed = QDateTime::fromString(QString::fromStdString(utcNowIso()), Qt::ISODateWithMs);
    ASSERT_TRUE(parsed.isValid());
    EXPECT_EQ(parsed.timeSpec(), Qt::UTC);
    EXPECT_LT(std::llabs(parsed.msecsTo(QDateTime::currentDateTimeUtc())), 5000);
}
