// Read-only stores: reading creates nothing beside the store (no -wal, no -shm; also for a store whose
// file cannot be written, and for a path SQLite's URIs would misread), and still sees what a writer
// commits after the store was opened, while the writer runs and after it closed. Every non-empty file
// that does not begin with SQLite's header is refused in every mode, naming the file, and left as it was.
#include <gtest/gtest.h>

#include <QDir>
#include <QTemporaryDir>

#include <set>

#include <sys/stat.h>

#include "tests/campaign/storetestsupport.h"

namespace {

using namespace rs::campaign;
using rs::test::contentOf;
using rs::test::fastOptions;
using rs::test::readAll;
using rs::test::shortSpec;
using rs::test::writeAll;

std::set<std::string> filesIn(const QTemporaryDir& dir) {
    std::set<std::string> out;
    for (const QString& name : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System))
        out.insert(name.toStdString());
    return out;
}

TEST(StoreReadOnly, ReadingCreatesNoFileBesideTheStore) {
    QTemporaryDir dir;
    // The second name holds what a URI would take for its query, fragment and escapes.
    for (const QString& name : {QStringLiteral("s.sqlite"), QStringLiteral("a b?immutable=0#x%41.sqlite")}) {
        const std::string path = dir.filePath(name).toStdString();
        {
            CampaignStore rw(path);
            runCampaign(rw, shortSpec(3), fastOptions());
        }
        const std::set<std::string> files = filesIn(dir);
        ASSERT_EQ(files.count(name.toStdString()), 1u);
        const std::string before = readAll(path);
        for (const mode_t mode : {0644, 0444}) { // a store whose file cannot be written as well
            ASSERT_EQ(::chmod(path.c_str(), mode), 0);
            {
                CampaignStore ro(path, {OpenMode::ReadOnly, {}});
                const auto content = contentOf(ro);
                ASSERT_EQ(content.campaigns.size(), 1u);
                EXPECT_EQ(content.runs.at(1).size(), 3u);
                ro.verifyAll();
                EXPECT_TRUE(ro.shards(1).empty());
                EXPECT_FALSE(ro.lease(1).has_value());
            }
            EXPECT_EQ(filesIn(dir), files) << name.toStdString() << " mode " << std::oct << mode;
            EXPECT_EQ(readAll(path), before);
        }
        ASSERT_EQ(::chmod(path.c_str(), 0644), 0);
    }
}

TEST(StoreReadOnly, AWriterThatComesLaterIsRead) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("w.sqlite").toStdString();
    {
        CampaignStore rw(path);
        runCampaign(rw, shortSpec(3, "a"), fastOptions());
    }
    {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        ASSERT_EQ(ro.campaigns().size(), 1u);
        CampaignStore rw(path); // a writer comes: its runs are in its -wal file until it closes
        runCampaign(rw, shortSpec(2, "b"), fastOptions());
        ASSERT_EQ(ro.campaigns().size(), 2u);
        EXPECT_EQ(ro.runs(2).size(), 2u);
        // A store opened while the writer runs reads what the -wal file holds.
        CampaignStore late(path, {OpenMode::ReadOnly, {}});
        EXPECT_EQ(contentOf(late), contentOf(ro));
    }
    // The writer closed while readers held the store open, so its -wal and -shm files are still there
    // (a read-only connection never folds a log in); the next writer that is alone with the file does.
    EXPECT_TRUE(QFile::exists(QString::fromStdString(path + "-wal")));
    { CampaignStore rw(path); }
    ASSERT_FALSE(QFile::exists(QString::fromStdString(path + "-wal")));
    // A writer that comes and goes between two reads (it folds its log into the file and removes it).
    CampaignStore ro(path, {OpenMode::ReadOnly, {}});
    ASSERT_EQ(ro.campaigns().size(), 2u);
    {
        CampaignStore rw(path);
        runCampaign(rw, shortSpec(4, "c"), fastOptions());
    }
    EXPECT_FALSE(QFile::exists(QString::fromStdString(path + "-wal")));
    ASSERT_EQ(ro.campaigns().size(), 3u);
    EXPECT_EQ(ro.runs(3).size(), 4u);
    ro.verifyAll();
}

TEST(StoreReadOnly, EveryNonEmptyFileThatIsNotAStoreIsRefusedInEveryMode) {
    QTemporaryDir dir;
    const std::string header("SQLite format 3", 16);
    const std::string contents[] = {"x",
                                    std::string(1, '\0'),
                                    "ab",
                                    std::string(19, 'z'),
                                    header.substr(0, 10),
                                    header + std::string(40, '\0'), // a header cut short
                                    std::string(100, '\0'),
                                    std::string(4096, '\0')};
    for (const std::string& bytes : contents) {
        const std::string path = dir.filePath("n.db").toStdString();
        writeAll(path, bytes);
        for (const OpenMode mode : {OpenMode::ReadWrite, OpenMode::ReadOnly}) {
            const std::string what = std::to_string(bytes.size()) + " bytes, " +
                                     (mode == OpenMode::ReadOnly ? "read-only" : "read-write");
            try {
                CampaignStore s(path, {mode, {}});
                ADD_FAILURE() << what << ": opened as a store";
            } catch (const StoreError& e) {
                EXPECT_NE(std::string(e.what()).find(path + " is not an SQLite database"), std::string::npos)
                    << what << ": " << e.what();
            }
            const std::string now = readAll(path);
            EXPECT_TRUE(now == bytes) << what << ": the file was changed (" << now.size() << " bytes now)";
            EXPECT_EQ(filesIn(dir), std::set<std::string>{"n.db"}) << what;
        }
    }
}

} // namespace
