// The store under damage and faults, tested the way the problems were found: single bytes of a real
// store damaged all over the file (every copy is refused with a StoreError naming it, or read exactly as
// the original; it is never written, and a resume into it is refused unless it reads exactly); every
// write, sync and truncate of a short campaign failing in turn; and a power loss at every write (the
// files put back as their last sync left them). After each fault the store reopens and a resume
// completes it: nothing committed is lost, nothing is stored twice, every run verifies.
#include <gtest/gtest.h>

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <random>
#include <set>

#include <unistd.h>

#include "tests/campaign/faultvfs.h"
#include "tests/campaign/storetestsupport.h"

namespace {

using namespace rs::campaign;
using rs::test::FaultVfs;

/** A folder on a memory file system when there is one (many fsyncs), else the usual temporary folder. */
std::unique_ptr<QTemporaryDir> fastDir() {
    if (QFileInfo(QStringLiteral("/dev/shm")).isWritable())
        return std::make_unique<QTemporaryDir>(QStringLiteral("/dev/shm/rs-store-XXXXXX"));
    return std::make_unique<QTemporaryDir>();
}

void removeStore(const std::string& path) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        ::unlink((path + suffix).c_str());
}

/** A finished campaign of 160 runs and a cancelled one with 3 of its 6 runs: what a resume continues. */
void makeRealStore(const std::string& path) {
    CampaignStore store(path);
    runCampaign(store, rs::test::shortSpec(160, "finished"), rs::test::fastOptions());
    std::atomic<bool> cancel{false};
    EngineOptions o = rs::test::fastOptions();
    o.cancel = &cancel;
    o.progress = [&](const EngineProgress& p) {
        if (p.done == 3) cancel = true;
    };
    runCampaign(store, rs::test::shortSpec(6, "cancelled"), o);
}

TEST(StoreFaults, DamagedBytesAreRefusedOrReadExactlyAndNeverWritten) {
    const auto dir = fastDir();
    const std::string base = dir->filePath(QStringLiteral("base.sqlite")).toStdString();
    makeRealStore(base);
    ASSERT_FALSE(QFileInfo::exists(QString::fromStdString(base + "-wal"))) << "the WAL was not checkpointed";
    rs::test::StoreContent original;
    {
        CampaignStore ro(base, {OpenMode::ReadOnly, {}});
        original = rs::test::contentOf(ro);
    }
    ASSERT_EQ(original.campaigns.size(), 2u);
    ASSERT_EQ(original.runs.at(2).size(), 3u);
    const std::string bytes = rs::test::readAll(base);
    ASSERT_GT(bytes.size(), 16384u);

    // Positions all over the file (every 1/300th, at a random offset inside it) and the header fields.
    std::mt19937 rng(15);
    std::vector<std::size_t> positions = {18, 19, 20, 21, 24, 28, 31, 32, 36, 40,
                                          44, 47, 52, 56, 60, 63, 64, 68, 71, 96};
    const std::size_t stride = bytes.size() / 300;
    for (std::size_t i = 0; i < 300; ++i)
        positions.push_back(i * stride + rng() % stride);
    // And the schema's text, which SQLite quotes when it cannot parse it: a byte outside ASCII there.
    const std::size_t schemaFrom = positions.size();
    for (const char* word :
         {"CREATE TABLE campaigns", "CREATE TABLE provenance", "DEFAULT", "sqlite_autoindex_runs_1"}) {
        ASSERT_NE(bytes.find(word), std::string::npos) << word;
        positions.push_back(bytes.find(word) + 4);
    }
    int refused = 0, exact = 0, resumed = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const std::size_t at = positions[i];
        SCOPED_TRACE("byte " + std::to_string(at));
        const std::string path = dir->filePath(QStringLiteral("damaged.sqlite")).toStdString();
        removeStore(path);
        std::string damaged = bytes;
        damaged[at] =
            static_cast<char>(damaged[at] ^ static_cast<char>(i >= schemaFrom ? 0x80 : 1 + rng() % 255));
        rs::test::writeAll(path, damaged);
        bool readExactly = false;
        try {
            CampaignStore ro(path, {OpenMode::ReadOnly, {}});
            const rs::test::StoreContent got = rs::test::contentOf(ro);
            EXPECT_TRUE(got == original) << "byte " << at << ": different data read as sound";
            readExactly = got == original;
            ++exact;
        } catch (const StoreError& e) {
            const std::string message = e.what();
            EXPECT_NE(message.find(path), std::string::npos) << "byte " << at << ": " << message;
            // One clean line, even when SQLite quotes damaged bytes of the schema.
            EXPECT_EQ(
                std::count_if(message.begin(), message.end(), [](char ch) { return ch < 0x20 || ch > 0x7e; }),
                0)
                << "byte " << at << ": " << message;
            ++refused;
        } catch (const std::exception& e) {
            ADD_FAILURE() << "byte " << at << ": not a StoreError: " << e.what();
        }
        ASSERT_EQ(rs::test::readAll(path), damaged) << "byte " << at << ": reading changed the file";

        // A resume writes only into a store that reads exactly; any other is refused and left as it is.
        try {
            CampaignStore rw(path);
            const EngineResult r = runCampaign(rw, rs::test::shortSpec(6, "cancelled"),
                                               rs::test::fastOptions(StartMode::Resume));
            EXPECT_TRUE(readExactly) << "byte " << at << ": a resume wrote into a store its reading refused";
            EXPECT_EQ(r.campaignId, 2);
            EXPECT_EQ(r.skipped, 3);
            ++resumed;
        } catch (const StoreError& e) {
            EXPECT_NE(std::string(e.what()).find(path), std::string::npos)
                << "byte " << at << ": " << e.what();
            EXPECT_EQ(rs::test::readAll(path), damaged)
                << "byte " << at << ": a refused resume changed the file";
        } catch (const std::exception& e) {
            ADD_FAILURE() << "byte " << at << ": resume: not a StoreError: " << e.what();
        }
    }
    removeStore(dir->filePath(QStringLiteral("damaged.sqlite")).toStdString());
    // Both outcomes occur: bytes of rows, pages and indexes (refused), and free space (read exactly).
    EXPECT_GT(refused, static_cast<int>(positions.size()) / 4) << exact << " read exactly";
    EXPECT_GT(exact, 0);
    std::cout << "[          ] " << positions.size() << " damaged copies: " << refused << " refused, "
              << exact << " read exactly (" << resumed << " resumed)" << std::endl;
}

/** One campaign attempt through the fault VFS; the keys its progress reported stored (committed or
 *  skipped). */
struct Attempt {
    std::set<RunKey> reported;
    std::string error;
};

Attempt attempt(const std::string& path, const CampaignSpec& spec) {
    Attempt a;
    rs::test::StoredKeys stored;
    try {
        CampaignStore store(path, {OpenMode::ReadWrite, FaultVfs::kName});
        EngineOptions o = rs::test::fastOptions(StartMode::Resume);
        o.progress = [&](const EngineProgress& p) {
            stored.see(p);
            a.reported = stored.keys();
        };
        runCampaign(store, spec, o);
    } catch (const StoreError& e) {
        a.error = e.what();
        EXPECT_NE(a.error.find(path), std::string::npos) << a.error;
    } catch (const std::exception& e) {
        a.error = e.what();
        ADD_FAILURE() << "not a StoreError: " << e.what();
    }
    return a;
}

/** After a fault: the store reads (every run verified), holds every run reported before the fault, once;
 *  a resume (default VFS) completes it without touching those runs. */
void expectRecovers(const std::string& path, const CampaignSpec& spec, const Attempt& a,
                    const std::string& what) {
    SCOPED_TRACE(what + (a.error.empty() ? std::string(" (no error)") : " (" + a.error + ")"));
    std::vector<RunRow> before;
    if (QFileInfo::exists(QString::fromStdString(path))) {
        CampaignStore ro(path, {OpenMode::ReadOnly, {}});
        const auto cs = ro.campaigns();
        ASSERT_LE(cs.size(), 1u);
        if (!cs.empty()) before = ro.runs(cs.front().id);
    }
    std::set<RunKey> present;
    for (const RunRow& r : before) {
        EXPECT_TRUE(present.insert(r.key).second) << "stored twice";
        EXPECT_TRUE(r.verified);
    }
    for (const RunKey& k : a.reported)
        EXPECT_TRUE(present.count(k)) << "a committed run was lost: msg " << k.messageBytes;
    CampaignStore rw(path);
    const EngineResult r = runCampaign(rw, spec, rs::test::fastOptions(StartMode::Resume));
    const std::vector<RunRow> after = rw.runs(r.campaignId);
    ASSERT_EQ(after.size(), expandRuns(spec).size());
    std::set<RunKey> keys;
    for (const RunRow& row : after)
        EXPECT_TRUE(keys.insert(row.key).second && row.verified);
    for (std::size_t i = 0; i < before.size(); ++i) { // what was there stays as it was
        EXPECT_EQ(after[i].id, before[i].id);
        EXPECT_EQ(after[i].finished, before[i].finished);
    }
    EXPECT_EQ(rw.campaigns().size(), 1u);
    EXPECT_EQ(rw.campaign(r.campaignId)->status, "finished");
}

TEST(StoreFaults, EveryFailingWriteSyncAndTruncateLosesNothingCommitted) {
    FaultVfs::install();
    const auto dir = fastDir();
    const CampaignSpec spec = rs::test::shortSpec(4);
    const std::string path = dir->filePath(QStringLiteral("f.sqlite")).toStdString();
    // A clean run through the VFS counts the operations a fault can hit.
    FaultVfs::reset();
    const Attempt clean = attempt(path, spec);
    ASSERT_TRUE(clean.error.empty()) << clean.error;
    const int counts[] = {FaultVfs::count(FaultVfs::Op::Write), FaultVfs::count(FaultVfs::Op::Sync),
                          FaultVfs::count(FaultVfs::Op::Truncate)};
    ASSERT_GT(counts[0], 10);
    ASSERT_GT(counts[1], 4);
    const char* names[] = {"write", "sync", "truncate"};
    int failures = 0;
    for (int op = 0; op < 3; ++op)
        for (int n = 1; n <= counts[op]; ++n) {
            removeStore(path);
            FaultVfs::reset();
            FaultVfs::failAt(static_cast<FaultVfs::Op>(op), n);
            const Attempt a = attempt(path, spec);
            const bool hit = FaultVfs::triggered();
            FaultVfs::reset();
            failures += a.error.empty() ? 0 : 1;
            expectRecovers(path, spec, a,
                           std::string(names[op]) + " " + std::to_string(n) +
                               (hit ? " failed" : " not reached"));
            if (HasFatalFailure()) return;
        }
    EXPECT_GT(failures, counts[0] / 2); // most faults stop the campaign with a StoreError
    std::cout << "[          ] faults: " << counts[0] << " writes, " << counts[1] << " syncs, " << counts[2]
              << " truncates; " << failures << " stopped the campaign" << std::endl;
}

TEST(StoreFaults, PowerLossAtEveryWriteKeepsEveryCommittedRun) {
    FaultVfs::install();
    const auto dir = fastDir();
    const CampaignSpec spec = rs::test::shortSpec(4);
    const std::string path = dir->filePath(QStringLiteral("p.sqlite")).toStdString();
    FaultVfs::reset();
    ASSERT_TRUE(attempt(path, spec).error.empty());
    const int writes = FaultVfs::count(FaultVfs::Op::Write);
    int lostTail = 0;
    for (int n = 1; n <= writes; ++n) {
        removeStore(path);
        FaultVfs::reset();
        FaultVfs::powerLossAt(n);
        const Attempt a = attempt(path, spec); // the store (every connection) is closed when it returns
        // The last writes are the checkpoint when the store closes: the campaign itself had ended.
        ASSERT_TRUE(FaultVfs::triggered()) << "write " << n;
        FaultVfs::restore(); // the disk as the last syncs left it
        FaultVfs::reset();
        expectRecovers(path, spec, a, "power loss at write " + std::to_string(n));
        if (HasFatalFailure()) return;
        lostTail += a.reported.size() < expandRuns(spec).size() ? 1 : 0;
    }
    EXPECT_GT(lostTail, 0);
}

} // namespace
