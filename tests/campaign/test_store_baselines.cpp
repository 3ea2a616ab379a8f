// Baselines in the store (schema 4): a campaign marked as the baseline of its machine (provenance host) and
// revision, one per machine and revision (marking another replaces it and says which), cleared, listed,
// looked up by machine and revision or as a machine's newest earlier one; a bad id changes nothing; a
// schema 3 store is read without the table and gains it when opened for writing; a mark changed behind the
// store's back is refused like any other damaged row.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <QTemporaryDir>

#include <fstream>
#include <iterator>

#include "core/campaign/campaignstore.h"
#include "core/campaign/storeintegrity.h"

namespace {

using namespace rs::campaign;

std::string readAll(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

/** SQL on the file through a plain connection, as another program would; the first column of the last row. */
std::string sql(const std::string& path, const std::string& statement) {
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    std::string result;
    const char* next = statement.c_str();
    while (next && *next) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, next, -1, &st, &next) != SQLITE_OK) {
            ADD_FAILURE() << sqlite3_errmsg(db) << " in " << statement;
            break;
        }
        if (!st) break;
        while (sqlite3_step(st) == SQLITE_ROW)
            if (const auto* t = sqlite3_column_text(st, 0)) result = reinterpret_cast<const char*>(t);
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return result;
}

CampaignSpec spec(const std::string& name) {
    CampaignSpec s;
    s.name = name;
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = {16};
    s.repeats = 1;
    return s;
}

/** Campaigns 1..6: h1 at aaa (twice), h1 at bbb, h2 at aaa, h1 at aaa built dirty, no host nor revision. */
void addCampaigns(CampaignStore& s) {
    s.createCampaign(spec("h1 aaa"), {{"host", "h1"}, {"git_revision", "aaa"}, {"git_dirty", "no"}});
    s.createCampaign(spec("h1 aaa again"), {{"host", "h1"}, {"git_revision", "aaa"}, {"cpu", "other"}});
    s.createCampaign(spec("h1 bbb"), {{"host", "h1"}, {"git_revision", "bbb"}});
    s.createCampaign(spec("h2 aaa"), {{"host", "h2"}, {"git_revision", "aaa"}});
    s.createCampaign(spec("h1 aaa dirty"), {{"host", "h1"}, {"git_revision", "aaa"}, {"git_dirty", "yes"}});
    s.createCampaign(spec("nowhere"), {});
}

std::vector<std::int64_t> ids(const std::vector<BaselineRow>& rows) {
    std::vector<std::int64_t> out;
    for (const BaselineRow& b : rows)
        out.push_back(b.campaignId);
    return out;
}

TEST(StoreBaselines, TheMachineAndRevisionComeFromTheProvenance) {
    EXPECT_EQ(baselineHost({{"host", "h1"}, {"cpu", "x"}}), "h1");
    EXPECT_EQ(baselineHost({}), "");
    EXPECT_EQ(baselineRevision({{"git_revision", "abc"}, {"git_dirty", "no"}}), "abc");
    EXPECT_EQ(baselineRevision({{"git_revision", "abc"}, {"git_dirty", "yes"}}), "abc-dirty");
    EXPECT_EQ(baselineRevision({}), "unknown");
    EXPECT_EQ(baselineRevision({{"git_revision", ""}}), "unknown");
}

TEST(StoreBaselines, MarkReplaceClearAndList) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("b.sqlite").toStdString();
    {
        CampaignStore s(path);
        addCampaigns(s);
        EXPECT_TRUE(s.baselines().empty());

        BaselineMarked m = s.markBaseline(1);
        EXPECT_EQ(m.baseline.campaignId, 1);
        EXPECT_EQ(m.baseline.host, "h1");
        EXPECT_EQ(m.baseline.revision, "aaa");
        EXPECT_FALSE(m.baseline.marked.empty());
        EXPECT_FALSE(m.replaced);
        EXPECT_FALSE(m.already);

        // Another campaign of the same machine and revision replaces it, and says which it replaced.
        m = s.markBaseline(2);
        ASSERT_TRUE(m.replaced);
        EXPECT_EQ(*m.replaced, 1);
        EXPECT_EQ(ids(s.baselines()), (std::vector<std::int64_t>{2}));

        // Other revisions and machines have baselines of their own; a dirty build is a revision of its own.
        EXPECT_FALSE(s.markBaseline(3).replaced);
        EXPECT_FALSE(s.markBaseline(4).replaced);
        m = s.markBaseline(5);
        EXPECT_EQ(m.baseline.revision, "aaa-dirty");
        EXPECT_FALSE(m.replaced);
        m = s.markBaseline(6);
        EXPECT_EQ(m.baseline.host, "");
        EXPECT_EQ(m.baseline.revision, "unknown");
        EXPECT_EQ(ids(s.baselines()), (std::vector<std::int64_t>{2, 3, 4, 5, 6}));

        // Marking it again changes nothing, not even when it was marked.
        const std::string when = s.baselineFor("h1", "bbb")->marked;
        m = s.markBaseline(3);
        EXPECT_TRUE(m.already);
        EXPECT_FALSE(m.replaced);
        EXPECT_EQ(m.baseline.marked, when);

        EXPECT_EQ(s.baselineFor("h1", "aaa")->campaignId, 2);
        EXPECT_EQ(s.baselineFor("h2", "aaa")->campaignId, 4);
        EXPECT_FALSE(s.baselineFor("h2", "bbb"));
        // The machine's newest baseline, or its newest before a campaign.
        EXPECT_EQ(s.latestBaseline("h1")->campaignId, 5);
        EXPECT_EQ(s.latestBaseline("h1", 5)->campaignId, 3);
        EXPECT_EQ(s.latestBaseline("h1", 3)->campaignId, 2);
        EXPECT_FALSE(s.latestBaseline("h1", 2));
        EXPECT_FALSE(s.latestBaseline("h3"));

        EXPECT_TRUE(s.clearBaseline(5));
        EXPECT_FALSE(s.clearBaseline(5)); // no longer one: nothing changed
        EXPECT_FALSE(s.clearBaseline(1));
        EXPECT_EQ(s.latestBaseline("h1")->campaignId, 3);
        s.verifyAll();
    }
    // Kept in the file; read-only stores list them and refuse to change them.
    CampaignStore ro(path, {OpenMode::ReadOnly, {}});
    EXPECT_EQ(ids(ro.baselines()), (std::vector<std::int64_t>{2, 3, 4, 6}));
    EXPECT_THROW(ro.markBaseline(1), StoreError);
    EXPECT_THROW(ro.clearBaseline(2), StoreError);
}

TEST(StoreBaselines, ABadIdChangesNothing) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("bad.sqlite").toStdString();
    CampaignStore s(path);
    addCampaigns(s);
    s.markBaseline(1);
    const auto before = s.baselines();
    for (const std::int64_t bad : {0, 7, -1}) {
        try {
            s.markBaseline(bad);
            ADD_FAILURE() << "campaign " << bad << " was marked";
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find("no campaign " + std::to_string(bad)), std::string::npos)
                << e.what();
        }
        EXPECT_THROW(s.clearBaseline(bad), StoreError);
    }
    EXPECT_EQ(s.baselines(), before);
}

TEST(StoreBaselines, ASchemaThreeStoreIsReadAsItIsAndGainsTheTableWhenWritten) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("v3.sqlite").toStdString();
    {
        CampaignStore s(path);
        addCampaigns(s);
    }
    // What schema 3 wrote: the same tables but the baselines, user_version 3.
    sql(path, "DROP TABLE baselines; PRAGMA user_version=3;");
    ASSERT_EQ(sql(path, "PRAGMA user_version"), "3");
    const std::string before = readAll(path);
    {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        EXPECT_EQ(ro.campaigns().size(), 6u);
        EXPECT_TRUE(ro.baselines().empty());
        EXPECT_FALSE(ro.latestBaseline("h1"));
    }
    EXPECT_EQ(readAll(path), before); // read, not upgraded
    {
        CampaignStore rw(path);
        EXPECT_EQ(rw.schemaVersion(), CampaignStore::kSchemaVersion);
        EXPECT_EQ(rw.schemaVersion(), 4);
        EXPECT_TRUE(rw.baselines().empty());
        EXPECT_EQ(rw.markBaseline(4).baseline.host, "h2");
        rw.verifyAll();
        EXPECT_EQ(rw.campaign(4)->provenance.at("git_revision"), "aaa");
    }
    EXPECT_EQ(sql(path, "PRAGMA user_version"), "4");
    CampaignStore again(path, {OpenMode::ReadOnly, {}});
    EXPECT_EQ(ids(again.baselines()), (std::vector<std::int64_t>{4}));
}

/** Reading the baselines, verifying the store and opening it for writing are all refused naming the damage;
 *  the file is not changed. */
void expectDamaged(const std::string& path, const std::string& damage) {
    const std::string before = readAll(path);
    {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        try {
            ro.baselines();
            ADD_FAILURE() << "a damaged mark was read";
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find(path + " is corrupt"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find(damage), std::string::npos) << e.what();
        }
        EXPECT_THROW(ro.verifyAll(), StoreError);
    }
    EXPECT_THROW(CampaignStore rw(path), StoreError);
    EXPECT_TRUE(readAll(path) == before) << "the damaged store was written";
}

TEST(StoreBaselines, AMarkChangedBehindTheStoresBackIsRefused) {
    QTemporaryDir dir;
    std::string path;
    int made = 0;
    const auto make = [&] { // a fresh store each time, with campaign 1 marked
        path = dir.filePath(QStringLiteral("d%1.sqlite").arg(++made)).toStdString();
        CampaignStore s(path);
        addCampaigns(s);
        s.markBaseline(1);
    };
    make();
    sql(path, "UPDATE baselines SET marked = '2020-01-01T00:00:00.000Z'");
    expectDamaged(path, "the baseline mark of campaign 1 does not match its checksum");

    make();
    sql(path, "UPDATE baselines SET campaign_id = 3"); // another campaign of the machine, not of the revision
    expectDamaged(path, "does not match its checksum");

    // Sealed by hand, but for a machine the campaign did not run on.
    make();
    detail::RawBaseline forged{"h2", "aaa", 1, "2020-01-01T00:00:00.000Z", {}};
    forged.checksum = detail::checksumOf(forged);
    sql(path, "UPDATE baselines SET host = 'h2', marked = '" + forged.marked + "', checksum = '" +
                  forged.checksum + "'");
    expectDamaged(path, "the baseline mark of campaign 1 is not for its machine and revision");
}

} // namespace
