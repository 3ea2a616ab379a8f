// The store's own integrity check and its read-only mode: a row changed behind the store's back (a
// value, a key, a name, a deleted run or measurement, a vanished campaign) is refused when read and the
// file is never written; a damaged index that quick_check misses is found before a resume writes;
// read-only opening never creates, migrates or writes; schema 1 stores are migrated (checksums computed
// after integrity_check) or read through a copy, and one that fails integrity_check or holds a value of
// another type than its column's is refused when read as well; a stored definition this program cannot
// read is reported for its campaign without breaking the listing.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <QFileInfo>
#include <QTemporaryDir>

#include <fstream>
#include <iterator>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"
#include "core/campaign/storeintegrity.h"

namespace {

using namespace rs::campaign;

std::string readAll(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

void writeAll(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

CampaignSpec spec(const std::string& name, std::vector<std::uint64_t> sizes = {16, 64}) {
    CampaignSpec s;
    s.name = name;
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = std::move(sizes);
    s.repeats = 1;
    return s;
}

EngineOptions resumeOptions() {
    EngineOptions o;
    o.start = StartMode::Resume;
    return o;
}

/** SQL on the file through a plain connection (no store open), as another program would. */
std::string sql(const std::string& path, const std::string& statement) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    std::string result;
    const char* next = statement.c_str();
    while (next && *next) { // every statement in turn; the text of the last row's first column is returned
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, next, -1, &st, &next) != SQLITE_OK) {
            ADD_FAILURE() << sqlite3_errmsg(db) << " in " << statement;
            break;
        }
        if (!st) continue; // white space after the last statement
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            result =
                sqlite3_column_text(st, 0) ? reinterpret_cast<const char*>(sqlite3_column_text(st, 0)) : "";
        if (rc != SQLITE_DONE) ADD_FAILURE() << sqlite3_errmsg(db) << " in " << statement;
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return result;
}

/** Two campaigns (2 and 3 runs) with measurements and provenance, every connection closed. */
std::string makeStore(const QTemporaryDir& dir, const QString& name) {
    const std::string path = dir.filePath(name).toStdString();
    CampaignStore s(path);
    const auto a = s.createCampaign(spec("a"), {{"host", "h1"}, {"cpu", "c1"}});
    s.recordRun(a, {"cpu", "ascon-aead128", 16, 0}, true, "", {{"threads", "1"}},
                {{"time_median", 412.5, "ns"}, {"throughput", 3.8e7, "bytes/s"}});
    s.recordRun(a, {"cpu", "ascon-aead128", 64, 0}, false, "wrong answer", {}, {});
    const auto b = s.createCampaign(spec("b", {16, 32, 48}), {{"host", "h2"}});
    for (std::uint64_t m : {16, 32, 48})
        s.recordRun(b, {"cpu", "ascon-aead128", m, 0}, true, "", {}, {{"time_median", 100.0 + m, "ns"}});
    return path;
}

void expectRefusedUnchanged(const std::string& path, const std::string& what) {
    const std::string before = readAll(path);
    try {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        ro.campaigns();
        for (std::int64_t id = 1; id <= 3; ++id)
            ro.runs(id);
        ADD_FAILURE() << what << ": read as sound";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(path + " is corrupt"), std::string::npos)
            << what << ": " << e.what();
    }
    try {
        CampaignStore rw(path);
        ADD_FAILURE() << what << ": opened for writing";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << what << ": " << e.what();
    }
    EXPECT_EQ(readAll(path), before) << what << ": the file was written";
}

TEST(StoreIntegrity, ARowChangedBehindTheStoresBackIsRefused) {
    QTemporaryDir dir;
    const std::string base = makeStore(dir, "base.sqlite");
    const std::string bytes = readAll(base);
    const std::pair<const char*, const char*> changes[] = {
        {"a measured value", "UPDATE measurements SET value = 412.25 WHERE rowid = 1"},
        {"a measurement's unit", "UPDATE measurements SET unit = 'us' WHERE rowid = 1"},
        {"a deleted measurement", "DELETE FROM measurements WHERE rowid = 2"},
        {"a measurement of a failed run", "INSERT INTO measurements VALUES (2, 'time_median', 1.0, 'ns')"},
        {"a run's message size", "UPDATE runs SET message_bytes = 17 WHERE id = 1"},
        {"a run's verdict", "UPDATE runs SET verified = 1, failure = '' WHERE id = 2"},
        {"a run moved to another campaign", "UPDATE runs SET campaign_id = 2 WHERE id = 2"},
        {"a deleted run", "PRAGMA foreign_keys=OFF; DELETE FROM runs WHERE id = 3"},
        {"a campaign's name", "UPDATE campaigns SET name = 'c' WHERE id = 1"},
        {"a campaign's status", "UPDATE campaigns SET status = 'finished' WHERE id = 2"},
        {"a campaign's definition",
         "UPDATE campaigns SET spec_json = replace(spec_json, '64', '65') WHERE id = 1"},
        {"a provenance value", "UPDATE provenance SET value = 'h3' WHERE key = 'host' AND campaign_id = 2"},
        {"a deleted campaign", "PRAGMA foreign_keys=OFF; DELETE FROM campaigns WHERE id = 2"},
        // (Its first byte replaced: it covers the run's time, so it may begin with "00" already.)
        {"a checksum",
         "UPDATE runs SET checksum = CASE WHEN substr(checksum, 1, 2) = '00' THEN 'ff' ELSE '00' END "
         "|| substr(checksum, 3) WHERE id = 4"},
    };
    for (const auto& [what, statement] : changes) {
        const std::string path = dir.filePath("changed.sqlite").toStdString();
        writeAll(path, bytes);
        sql(path, statement);
        expectRefusedUnchanged(path, what);
    }
    // Unchanged, the same file reads and opens.
    CampaignStore ok(base);
    ok.verifyAll();
    EXPECT_EQ(ok.campaigns().size(), 2u);
}

TEST(StoreIntegrity, ADamagedIndexIsFoundBeforeAResumeWrites) {
    QTemporaryDir dir;
    const std::string path = makeStore(dir, "index.sqlite");
    // Damage the runs' unique index (a key byte in its page): quick_check passes, integrity_check does not,
    // and a lookup through it no longer finds recorded runs (a resume stored them twice).
    const auto root =
        std::stoll(sql(path, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_runs_1'"));
    const auto pageSize = std::stoll(sql(path, "PRAGMA page_size"));
    std::string bytes = readAll(path);
    const std::size_t page = static_cast<std::size_t>((root - 1) * pageSize);
    const std::size_t at = bytes.find("ascon-aead128", page);
    ASSERT_LT(at, page + static_cast<std::size_t>(pageSize));
    bytes[at + 6] = 'b'; // "ascon-bead128"
    writeAll(path, bytes);
    EXPECT_EQ(sql(path, "PRAGMA quick_check"), "ok");
    EXPECT_NE(sql(path, "PRAGMA integrity_check"), "ok");
    try {
        CampaignStore rw(path);
        runCampaign(rw, spec("a"), resumeOptions());
        ADD_FAILURE() << "a store with a damaged index was written";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(path + " is corrupt"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(path), bytes);
}

TEST(StoreIntegrity, ReadOnlyNeverCreatesMigratesOrWrites) {
    QTemporaryDir dir;
    const std::string missing = dir.filePath("missing.sqlite").toStdString();
    try {
        CampaignStore ro(missing, {OpenMode::ReadOnly, {}});
        ADD_FAILURE() << "a missing store was opened";
    } catch (const StoreError& e) {
        EXPECT_EQ(std::string(e.what()), "no campaign store at " + missing);
    }
    EXPECT_FALSE(QFileInfo::exists(QString::fromStdString(missing)));

    const std::string path = makeStore(dir, "s.sqlite");
    const std::string before = readAll(path);
    {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        EXPECT_TRUE(ro.readOnly());
        EXPECT_EQ(ro.campaigns().size(), 2u);
        EXPECT_EQ(ro.runs(2).size(), 3u);
        EXPECT_THROW(ro.createCampaign(spec("x"), {}), StoreError);
        EXPECT_THROW(ro.setStatus(1, "finished"), StoreError);
        EXPECT_THROW(ro.recordRun(1, {"cpu", "ascon-aead128", 32, 0}, true, "", {}, {}), StoreError);
    }
    EXPECT_EQ(readAll(path), before);

    // An empty file is a store with nothing in it, and stays empty.
    const std::string empty = dir.filePath("empty.sqlite").toStdString();
    writeAll(empty, "");
    {
        CampaignStore ro(empty, {OpenMode::ReadOnly, {}});
        EXPECT_TRUE(ro.campaigns().empty());
    }
    EXPECT_EQ(readAll(empty), "");
    // A folder or a device is not a store.
    EXPECT_THROW(CampaignStore(dir.path().toStdString(), {OpenMode::ReadOnly, {}}), StoreError);
    EXPECT_THROW(CampaignStore("/dev/null"), StoreError);
}

/** A store as schema 1 wrote it: its tables, RoundScope's id, user_version 1. */
std::string makeSchemaOneStore(const QTemporaryDir& dir) {
    const std::string path = dir.filePath("v1.sqlite").toStdString();
    const std::string json = specJson(spec("old", {16, 64}));
    sql(path,
        std::string(detail::migrationSql(0)) + "PRAGMA application_id=1381188401; PRAGMA user_version=1;");
    sql(path,
        "INSERT INTO campaigns VALUES (1, 'old', '" + json + "', '2024-05-01T10:00:00.000Z', 'cancelled')");
    sql(path, "INSERT INTO provenance VALUES (1, 'host', 'h')");
    sql(path,
        "INSERT INTO runs VALUES (1, 1, 'cpu', 'ascon-aead128', 16, 0, 1, '', '2024-05-01T10:00:01.000Z', "
        "'{\"threads\":\"1\"}')");
    sql(path, "INSERT INTO measurements VALUES (1, 'time_median', 412.5, 'ns')");
    return path;
}

TEST(StoreIntegrity, SchemaOneIsReadThroughACopyAndMigratedWithChecksums) {
    QTemporaryDir dir;
    const std::string path = makeSchemaOneStore(dir);
    const std::string before = readAll(path);
    {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        const auto cs = ro.campaigns();
        ASSERT_EQ(cs.size(), 1u);
        EXPECT_EQ(cs[0].name, "old");
        EXPECT_EQ(cs[0].runsDone, 1);
        EXPECT_EQ(cs[0].runsTotal, 2);
        EXPECT_EQ(cs[0].provenance.at("host"), "h");
        ASSERT_EQ(ro.runs(1).size(), 1u);
        EXPECT_EQ(ro.runs(1)[0].measurements.at(0), (Measurement{"time_median", 412.5, "ns"}));
    }
    EXPECT_EQ(readAll(path), before); // not migrated by reading
    EXPECT_EQ(sql(path, "PRAGMA user_version"), "1");
    {
        CampaignStore rw(path); // integrity_check, then the migration seals every row
        EXPECT_EQ(rw.schemaVersion(), CampaignStore::kSchemaVersion);
        rw.verifyAll();
        EXPECT_EQ(rw.runs(1).at(0).parameters.at("threads"), "1");
        const EngineResult r = runCampaign(rw, spec("old", {16, 64}), resumeOptions());
        EXPECT_EQ(r.campaignId, 1);
        EXPECT_EQ(r.skipped, 1);
        EXPECT_EQ(r.runs, 1);
    }
    // From now on a change is found.
    sql(path, "UPDATE measurements SET value = 1 WHERE rowid = 1");
    expectRefusedUnchanged(path, "a value changed after the migration");
}

TEST(StoreIntegrity, SchemaOneThatFailsIntegrityCheckIsNotMigrated) {
    QTemporaryDir dir;
    const std::string path = makeSchemaOneStore(dir);
    const auto root =
        std::stoll(sql(path, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_runs_1'"));
    std::string bytes = readAll(path);
    const std::size_t page = static_cast<std::size_t>((root - 1) * std::stoll(sql(path, "PRAGMA page_size")));
    bytes[bytes.find("ascon-aead128", page) + 6] = 'b';
    writeAll(path, bytes);
    try {
        CampaignStore rw(path);
        ADD_FAILURE() << "a damaged schema 1 store was migrated";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(path + " is corrupt"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readAll(path), bytes);
}

/** A schema 1 store with one campaign of `runs` runs (message sizes 16, 32, ...), as an older release
 *  wrote it (no checksums). */
std::string makeSchemaOneStore(const QTemporaryDir& dir, int runs) {
    std::vector<std::uint64_t> sizes;
    for (int i = 1; i <= runs; ++i)
        sizes.push_back(static_cast<std::uint64_t>(16 * i));
    const std::string path = dir.filePath("v1-" + QString::number(runs) + ".sqlite").toStdString();
    sql(path,
        std::string(detail::migrationSql(0)) + "PRAGMA application_id=1381188401; PRAGMA user_version=1;");
    sql(path, "INSERT INTO campaigns VALUES (1, 'old', '" + specJson(spec("old", sizes)) +
                  "', '2024-05-01T10:00:00.000Z', 'finished')");
    sql(path, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " +
                  std::to_string(runs) +
                  ") INSERT INTO runs SELECT i, 1, 'cpu', 'ascon-aead128', 16 * i, 0, 1, '', "
                  "'2024-05-01T10:00:01.000Z', '{}' FROM n");
    return path;
}

/** Reading it (read-only) and opening it for writing are both refused naming the damage; the file stays. */
void expectOldStoreRefused(const std::string& path, const std::string& damage) {
    const std::string before = readAll(path);
    try {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        ADD_FAILURE() << "a damaged schema 1 store was read: " << ro.runs(1).size() << " runs";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(path + " is corrupt"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(damage), std::string::npos) << e.what();
    }
    try {
        CampaignStore rw(path);
        ADD_FAILURE() << "a damaged schema 1 store was migrated";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find(damage), std::string::npos) << e.what();
    }
    EXPECT_TRUE(readAll(path) == before) << "the damaged store was written";
}

TEST(StoreIntegrity, SchemaOneWithADamagedIndexIsRefusedWhenRead) {
    QTemporaryDir dir;
    const std::string path = makeSchemaOneStore(dir, 58);
    // One byte in the runs' unique index: the campaign id of its middle entry, where a lookup's binary
    // search looks first, becomes 0 (record serial type 9, the constant 1, becomes 8, the constant 0).
    const auto root =
        std::stoll(sql(path, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_runs_1'"));
    const auto pageSize = static_cast<std::size_t>(std::stoll(sql(path, "PRAGMA page_size")));
    std::string bytes = readAll(path);
    const std::size_t page = static_cast<std::size_t>(root - 1) * pageSize;
    ASSERT_EQ(static_cast<unsigned char>(bytes[page]), 10u); // one leaf page holds the whole index
    const auto u16 = [&](std::size_t at) {
        return static_cast<std::size_t>(static_cast<unsigned char>(bytes[at])) << 8 |
               static_cast<unsigned char>(bytes[at + 1]);
    };
    const std::size_t cells = u16(page + 3), middle = (cells - 1) / 2;
    ASSERT_EQ(cells, 58u);
    // The cell: payload size (1 byte), record header size (1 byte), then campaign_id's serial type.
    const std::size_t type = page + u16(page + 8 + 2 * middle) + 2;
    ASSERT_EQ(bytes[type], 9);
    bytes[type] = 8;
    writeAll(path, bytes);
    // quick_check does not look into the index, and a lookup through it now finds other runs.
    EXPECT_EQ(sql(path, "PRAGMA quick_check"), "ok");
    EXPECT_NE(sql(path, "SELECT count(*) FROM runs WHERE campaign_id = 1"), "58");
    expectOldStoreRefused(path, "sqlite_autoindex_runs_1");
}

TEST(StoreIntegrity, SchemaOneWithAValueOfAnotherTypeIsRefusedWhenRead) {
    // integrity_check does not look at the types of a table's values: the full read does (a number read
    // as text would be a run of 0 bytes).
    QTemporaryDir dir;
    const std::string path = makeSchemaOneStore(dir, 3);
    sql(path, "UPDATE runs SET message_bytes = 'sixteen' WHERE id = 1");
    EXPECT_EQ(sql(path, "PRAGMA integrity_check"), "ok");
    expectOldStoreRefused(path, "table runs, row 1: message_bytes holds text, not an integer");
}

TEST(StoreIntegrity, AStoredDefinitionThatNoLongerParsesIsReportedForItsCampaign) {
    QTemporaryDir dir;
    const std::string path = makeStore(dir, "old.sqlite");
    // An old program stored a definition this one refuses (over the run cap: 189 M runs; an unknown
    // target), its checksums intact: each is reported for its campaign, the listing goes on.
    std::string sizes;
    for (int i = 0; i < 1000; ++i)
        sizes += (i ? "," : "") + std::to_string(i);
    const std::string huge = R"({"name":"a","targets":["cpu","cpu-mt","ip"],"algorithms":["ascon-aead128",)"
                             R"("ascon-128","ascon-128a"],"message_bytes":[)" +
                             sizes + R"(],"ad_bytes":[)" + sizes + R"(],"repeats":1})";
    {
        detail::Conn c;
        c.path = path;
        ASSERT_EQ(sqlite3_open(path.c_str(), &c.db), SQLITE_OK);
        detail::Stmt u(c, "UPDATE campaigns SET spec_json = ? WHERE id = ?");
        u.bind(1, huge).bind(2, std::int64_t{1}).step();
        detail::Stmt v(
            c, "UPDATE campaigns SET spec_json = replace(spec_json, '\"cpu\"', '\"gpu\"') WHERE id = 2");
        v.step();
        detail::sealCampaign(c, 1);
        detail::sealCampaign(c, 2);
        sqlite3_close(c.db);
    }
    CampaignStore ro(path, {OpenMode::ReadOnly, {}});
    const auto cs = ro.campaigns();
    ASSERT_EQ(cs.size(), 2u);
    EXPECT_NE(cs[0].specError.find("runs"), std::string::npos) << cs[0].specError;
    EXPECT_NE(cs[1].specError.find("unknown target 'gpu'"), std::string::npos) << cs[1].specError;
    EXPECT_EQ(cs[0].runsDone, 2);
    EXPECT_EQ(cs[0].runsTotal, 0);
    EXPECT_EQ(ro.runs(1).size(), 2u); // the runs stay readable
}

} // namespace

namespace {

TEST(StoreIntegrity, EveryRepeatsTimeIsKeptInOrderAndSealed) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("samples.sqlite").toStdString();
    {
        CampaignStore s(path);
        CampaignSpec spec;
        spec.name = "samples";
        spec.targets = {"cpu"};
        spec.algorithms = {"ascon-aead128"};
        spec.messageBytes = {16, 32};
        spec.adBytes = {0};
        const auto id = s.createCampaign(spec, {});
        s.recordRun(id, {"cpu", "ascon-aead128", 16, 0}, true, "", {}, {{"time_median", 2, "ns"}}, {3, 1, 2});
        s.recordRun(id, {"cpu", "ascon-aead128", 32, 0}, false, "wrong answer", {}, {}, {5, 6});
        const auto runs = s.runs(id);
        EXPECT_EQ(runs.at(0).samples, (std::vector<double>{3, 1, 2})); // the order they ran in
        EXPECT_EQ(runs.at(0).measurements,
                  (std::vector<Measurement>{{"time_median", 2, "ns"}})); // not figures
        EXPECT_TRUE(runs.at(1).samples.empty());                         // a failed run keeps no time
    }
    EXPECT_EQ(sql(path, "SELECT count(*) FROM measurements WHERE metric = 'time_sample'"), "3");
    sql(path, "UPDATE measurements SET value = 0.5 WHERE metric = 'time_sample' AND value = 1");
    expectRefusedUnchanged(path, "a repeat's time changed");
}

} // namespace
