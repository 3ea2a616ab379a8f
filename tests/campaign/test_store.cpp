// The SQLite campaign store: schema and migrations, WAL and foreign keys, runs and measurements round
// trip, and files that are not RoundScope stores refused and left byte for byte unchanged.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <QTemporaryDir>

#include <fstream>
#include <iterator>
#include <limits>
#include <random>

#include "core/campaign/campaignstore.h"

namespace {

using namespace rs::campaign;

std::string readAll(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

CampaignSpec smallSpec() {
    CampaignSpec s;
    s.name = "store test";
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = {16, 64};
    s.repeats = 3;
    return s;
}

std::string pragma(const std::string& path, const char* sql) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, sql, -1, &st, nullptr);
    std::string v =
        sqlite3_step(st) == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(st, 0)) : "";
    sqlite3_finalize(st);
    sqlite3_close(db);
    return v;
}

TEST(Store, CreatesTheSchemaWithWalAndForeignKeys) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("s.sqlite").toStdString();
    {
        CampaignStore s(path);
        EXPECT_EQ(s.schemaVersion(), CampaignStore::kSchemaVersion);
        EXPECT_TRUE(s.campaigns().empty());
    }
    EXPECT_EQ(pragma(path, "PRAGMA journal_mode"), "wal");
    EXPECT_EQ(pragma(path, "PRAGMA application_id"), std::to_string(CampaignStore::kApplicationId));
    EXPECT_EQ(pragma(path, "PRAGMA user_version"), std::to_string(CampaignStore::kSchemaVersion));
    EXPECT_EQ(pragma(path, "SELECT group_concat(name) FROM (SELECT name FROM sqlite_master WHERE type = "
                           "'table' ORDER BY name)"),
              "baselines,campaigns,leases,measurements,provenance,runs,shards,summary");
    std::int64_t id = 0;
    {
        CampaignStore s(path);
        id = s.createCampaign(smallSpec(), {{"host", "a"}});
        s.recordRun(id, {"cpu", "ascon-aead128", 16, 0}, true, "", {}, {{"time_median", 5, "ns"}});
        // foreign_keys=ON on the store's connection: a run of no campaign is refused.
        EXPECT_THROW(s.recordRun(id + 7, {"cpu", "ascon-aead128", 16, 0}, true, "", {}, {}), StoreError);
    }
    // Reopening migrates nothing and keeps the data.
    CampaignStore again(path);
    EXPECT_EQ(again.schemaVersion(), CampaignStore::kSchemaVersion);
    ASSERT_EQ(again.campaigns().size(), 1u);
    EXPECT_EQ(again.campaigns()[0].id, id);
    EXPECT_EQ(again.campaigns()[0].provenance.at("host"), "a");
    ASSERT_EQ(again.runs(id).size(), 1u);
    EXPECT_EQ(again.runs(id)[0].measurements.at(0), (Measurement{"time_median", 5, "ns"}));
}

TEST(Store, AnEmptyFileBecomesANewStore) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("empty.sqlite").toStdString();
    std::ofstream(path, std::ios::binary).close(); // version 0: zero bytes
    ASSERT_EQ(readAll(path).size(), 0u);
    CampaignStore s(path);
    EXPECT_EQ(s.schemaVersion(), CampaignStore::kSchemaVersion);
    EXPECT_EQ(pragma(path, "PRAGMA application_id"), std::to_string(CampaignStore::kApplicationId));
    const auto id = s.createCampaign(smallSpec(), {});
    EXPECT_EQ(s.campaign(id)->runsTotal, 2);
    EXPECT_EQ(s.campaign(id)->status, "running");
}

TEST(Store, MigratesAnEmptyDatabaseAndRefusesANewerSchema) {
    QTemporaryDir dir;
    const std::string v0 = dir.filePath("v0.sqlite").toStdString();
    { // version 0: an SQLite file with RoundScope's id and no tables yet
        sqlite3* db = nullptr;
        sqlite3_open(v0.c_str(), &db);
        sqlite3_exec(db, "PRAGMA application_id=1381188401; PRAGMA user_version=0;", nullptr, nullptr,
                     nullptr);
        sqlite3_close(db);
    }
    CampaignStore s(v0);
    EXPECT_EQ(s.schemaVersion(), CampaignStore::kSchemaVersion);
    const auto id = s.createCampaign(smallSpec(), {{"host", "h"}});
    EXPECT_EQ(s.campaign(id)->provenance.at("host"), "h");

    const std::string v9 = dir.filePath("v9.sqlite").toStdString();
    { CampaignStore make(v9); }
    {
        sqlite3* db = nullptr;
        sqlite3_open(v9.c_str(), &db);
        sqlite3_exec(db, "PRAGMA user_version=9;", nullptr, nullptr, nullptr);
        sqlite3_close(db);
    }
    const std::string before = readAll(v9);
    try {
        CampaignStore newer(v9);
        FAIL() << "a newer schema was opened";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("newer"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(v9), before);
}

TEST(Store, RunsAndMeasurementsRoundTrip) {
    QTemporaryDir dir;
    CampaignStore s(dir.filePath("r.sqlite").toStdString());
    const auto id = s.createCampaign(smallSpec(), {});
    const RunKey a{"cpu", "ascon-aead128", 16, 0}, b{"cpu", "ascon-aead128", 64, 0};
    EXPECT_FALSE(s.hasRun(id, a));
    s.recordRun(id, a, true, "", {{"threads", "1"}},
                {{"time_median", 412.5, "ns"}, {"throughput", 3.8e7, "bytes/s"}});
    s.recordRun(id, b, false, "wrong answer: output byte 3", {}, {{"time_median", 1.0, "ns"}});
    EXPECT_TRUE(s.hasRun(id, a));
    EXPECT_THROW(s.recordRun(id, a, true, "", {}, {}), StoreError); // a run is recorded once
    const auto runs = s.runs(id);
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].key, a);
    EXPECT_TRUE(runs[0].verified);
    EXPECT_EQ(runs[0].parameters.at("threads"), "1");
    ASSERT_EQ(runs[0].measurements.size(), 2u);
    EXPECT_EQ(runs[0].measurements[0], (Measurement{"time_median", 412.5, "ns"}));
    EXPECT_EQ(runs[0].measurements[1].unit, "bytes/s");
    EXPECT_FALSE(runs[1].verified);
    EXPECT_TRUE(runs[1].measurements.empty()); // a failed run keeps no figure
    EXPECT_EQ(runs[1].failure, "wrong answer: output byte 3");
    const auto c = s.campaign(id);
    EXPECT_EQ(c->runsDone, 2);
    EXPECT_EQ(c->runsFailed, 1);
    EXPECT_EQ(c->runsTotal, 2);
    EXPECT_EQ(c->spec, smallSpec());
    EXPECT_EQ(s.findResumable(smallSpec()), id);
    s.setStatus(id, "finished");
    EXPECT_FALSE(s.findResumable(smallSpec()));
    EXPECT_FALSE(s.campaign(id + 1));
}

TEST(Store, ABatchIsRecordedWholeOrNotAtAllAndEveryValueVerifiesWhenReadBack) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("b.sqlite").toStdString();
    CampaignSpec spec = smallSpec();
    spec.messageBytes = {0, 1, 2, 3};
    std::int64_t id = 0;
    {
        CampaignStore s(path);
        id = s.createCampaign(spec, {});
        // Values whose read-back could differ from what was bound: an embedded NUL, bytes that are not
        // UTF-8 (in the failure text; parameters are JSON, which keeps valid UTF-8), a negative zero, an
        // integral double, the extremes of a double.
        std::vector<CampaignStore::PendingRun> batch{
            {{"cpu", "ascon-aead128", 0, 0},
             true,
             "",
             {{"a\0b", "\xc2\xb5s \xc3\xbc"}},
             {{"t", -0.0, "ns"}, {"u", 5.0, "ns"}, {"v", 1.7976931348623157e308, "x"}, {"w", 4.9e-324, "y"}},
             "2026-12-04T10:00:00.000Z"},
            {{"cpu", "ascon-aead128", 1, 0}, true, "", {}, {{"t", 2.5, "ns"}}, "2026-12-04T10:00:00.001Z"},
            {{"cpu", "ascon-aead128", 2, 0},
             false,
             std::string("bad\0tail\xff", 9),
             {},
             {{"t", 1.0, "ns"}},
             ""}};
        // A NaN figure is refused by the schema: the whole batch is rolled back, nothing is recorded.
        auto withNan = batch;
        withNan[1].measurements[0].value = std::numeric_limits<double>::quiet_NaN();
        EXPECT_THROW(s.recordRuns(id, withNan), StoreError);
        EXPECT_FALSE(s.hasRun(id, batch[0].key));
        EXPECT_EQ(s.campaign(id)->runsDone, 0);
        const auto ids = s.recordRuns(id, batch);
        ASSERT_EQ(ids.size(), 3u);
        EXPECT_LT(ids[0], ids[1]);
        // A batch repeating a recorded run is refused as a whole: run 3 is not recorded either.
        std::vector<CampaignStore::PendingRun> again{{{"cpu", "ascon-aead128", 3, 0}, true, "", {}, {}, ""},
                                                     batch[0]};
        EXPECT_THROW(s.recordRuns(id, again), StoreError);
        EXPECT_FALSE(s.hasRun(id, {"cpu", "ascon-aead128", 3, 0}));
        EXPECT_EQ(s.campaign(id)->runsDone, 3);
        EXPECT_EQ(s.campaign(id)->runsFailed, 1);
        EXPECT_TRUE(s.recordRuns(id, {}).empty());
    }
    // A fresh open verifies every checksum before it writes; reading verifies each row again.
    CampaignStore s(path);
    EXPECT_NO_THROW(s.verifyAll());
    const auto runs = s.runs(id);
    ASSERT_EQ(runs.size(), 3u);
    EXPECT_EQ(runs[0].parameters.at("a\0b"), "\xc2\xb5s \xc3\xbc");
    EXPECT_EQ(runs[0].finished, "2026-12-04T10:00:00.000Z");
    ASSERT_EQ(runs[0].measurements.size(), 4u);
    EXPECT_EQ(runs[0].measurements[3].value, 4.9e-324);
    EXPECT_EQ(runs[2].failure, std::string("bad\0tail\xff", 9));
    EXPECT_TRUE(runs[2].measurements.empty());
}

TEST(Store, ForeignAndCorruptFilesAreRefusedUnchanged) {
    QTemporaryDir dir;
    const std::string text = dir.filePath("notes.txt").toStdString();
    std::ofstream(text) << "my notes";
    EXPECT_THROW(CampaignStore{text}, StoreError);
    EXPECT_EQ(readAll(text), "my notes");

    // Random bytes, with and without an SQLite header in front.
    std::mt19937 rng(6);
    std::string noise(8192, '\0');
    for (char& c : noise)
        c = static_cast<char>(rng());
    const std::string random = dir.filePath("random.bin").toStdString();
    std::ofstream(random, std::ios::binary) << noise;
    try {
        CampaignStore s(random);
        FAIL() << "random bytes were opened";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(random), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("not an SQLite database"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(random), noise);
    const std::string headed = dir.filePath("headed.sqlite").toStdString();
    const std::string headedBytes = std::string("SQLite format 3", 16) + noise;
    std::ofstream(headed, std::ios::binary) << headedBytes;
    try {
        CampaignStore s(headed);
        FAIL() << "an SQLite header followed by noise was opened";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(headed), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("not changed"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(headed), headedBytes);

    const std::string foreign = dir.filePath("other.sqlite").toStdString();
    {
        sqlite3* db = nullptr;
        sqlite3_open(foreign.c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('x');", nullptr,
                     nullptr, nullptr);
        sqlite3_close(db);
    }
    const std::string foreignBytes = readAll(foreign);
    try {
        CampaignStore s(foreign);
        FAIL() << "a foreign database was opened";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("another program (application_id 0)"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find(foreign), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(foreign), foreignBytes);

    // A real store with a damaged page.
    const std::string damaged = dir.filePath("damaged.sqlite").toStdString();
    {
        CampaignStore s(damaged);
        for (int i = 0; i < 40; ++i)
            s.createCampaign(smallSpec(), {{"pad", std::string(500, 'p')}});
    }
    pragma(damaged, "PRAGMA wal_checkpoint(TRUNCATE)");
    std::string bytes = readAll(damaged);
    ASSERT_GT(bytes.size(), 8192u);
    for (std::size_t i = 4096 + 8; i < 4096 + 600 && i < bytes.size(); ++i)
        bytes[i] = static_cast<char>(0xA5);
    std::ofstream(damaged, std::ios::binary | std::ios::trunc) << bytes;
    try {
        CampaignStore s(damaged);
        FAIL() << "a damaged store was opened";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(damaged + " is corrupt"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(damaged), bytes);
}

} // namespace
