// `roundscope-cli campaign ...` and `chart` against the store's rules, through the real executable:
// list/export/chart only read (a missing store is an error, nothing is created or written); run refuses a
// stored definition unless --resume (idempotent: "nothing to do" when finished) or --new; two resumes at
// once run the campaign once; outputs are written all or nothing (a size limit or /dev/full is an error,
// the previous file stays); a damaged store is refused naming the file, or read exactly, never written.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <set>

#include <sys/resource.h>
#include <sys/stat.h>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"

namespace {

using namespace rs::campaign;
using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

std::string readAll(const QString& path) {
    std::ifstream f(path.toStdString(), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

void writeAll(const QString& path, const std::string& bytes) {
    std::ofstream(path.toStdString(), std::ios::binary | std::ios::trunc) << bytes;
}

CampaignSpec cpuSpec(const std::string& name, int sizes) {
    CampaignSpec s;
    s.name = name;
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    for (int i = 0; i < sizes; ++i)
        s.messageBytes.push_back(static_cast<std::uint64_t>(16 * (i + 1)));
    s.adBytes = {0, 16};
    s.repeats = 3;
    return s;
}

QString writeSpec(const QTemporaryDir& dir, const QString& name, const CampaignSpec& spec) {
    const QString path = dir.filePath(name);
    writeAll(path, specJson(spec));
    return path;
}

/** A finished campaign and one cancelled after 3 runs (what --resume continues), no connection left open. */
void makeStore(const QString& db, const CampaignSpec& finished, const CampaignSpec& cancelled) {
    CampaignStore store(db.toStdString());
    runCampaign(store, finished);
    std::atomic<bool> cancel{false};
    EngineOptions o;
    o.cancel = &cancel;
    o.progress = [&](const EngineProgress& p) { cancel = p.done == 3; };
    runCampaign(store, cancelled, o);
}

TEST(CampaignCliStore, ReadCommandsNeverCreateOrChangeAStore) {
    QTemporaryDir dir;
    const QString missing = dir.filePath("missing.sqlite"), png = dir.filePath("c.png");
    expectUsageError({"campaign", "list", "--db", missing}, "no campaign store at");
    expectUsageError({"campaign", "export", "--db", missing, "--id", "1", "--csv"}, "no campaign store at");
    expectUsageError({"chart", "--db", missing, "--campaign", "1", "--out", png}, "no campaign store at");
    EXPECT_FALSE(QFileInfo::exists(missing));
    EXPECT_FALSE(QFileInfo::exists(png));

    const QString db = dir.filePath("s.sqlite");
    makeStore(db, cpuSpec("a", 2), cpuSpec("b", 3));
    const std::string before = readAll(db);
    ASSERT_EQ(runCli({"campaign", "list", "--db", db, "--json"}).status, 0);
    ASSERT_EQ(runCli({"campaign", "export", "--db", db, "--id", "2", "--csv"}).status, 0);
    ASSERT_EQ(runCli({"chart", "--db", db, "--campaign", "1,2", "--out", png}).status, 0);
    EXPECT_EQ(readAll(db), before);
}

TEST(CampaignCliStore, AStoredDefinitionNeedsResumeOrNewAndResumeIsIdempotent) {
    QTemporaryDir dir;
    const QString db = dir.filePath("r.sqlite"), spec = writeSpec(dir, "s.json", cpuSpec("rules", 2));
    CliResult r = runCli({"campaign", "run", spec, "--db", db, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("campaign").toInt(), 1);
    expectUsageError({"campaign", "run", spec, "--db", db}, "--resume continues it, --new starts another");
    const std::string before = readAll(db);
    r = runCli({"campaign", "run", spec, "--db", db, "--resume"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("nothing to do: campaign 1 is finished")) << r.out.toStdString();
    r = runCli({"campaign", "run", spec, "--db", db, "--resume", "--json"});
    ASSERT_EQ(r.status, 0);
    EXPECT_TRUE(r.json().value("nothing_to_do").toBool());
    EXPECT_EQ(r.json().value("runs").toInt(), 0);
    EXPECT_EQ(readAll(db), before); // nothing rerun, nothing stored
    expectUsageError({"campaign", "run", spec, "--db", db, "--resume", "--new"}, "not both");
    r = runCli({"campaign", "run", spec, "--db", db, "--new", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("campaign").toInt(), 2);
    EXPECT_EQ(r.json().value("runs").toInt(), 4);
    // --resume on a store without the definition starts it.
    r = runCli(
        {"campaign", "run", writeSpec(dir, "t.json", cpuSpec("other", 1)), "--db", db, "--resume", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("campaign").toInt(), 3);
}

TEST(CampaignCliStore, TwoResumesAtOnceRunTheCampaignOnce) {
    QTemporaryDir dir;
    const QString db = dir.filePath("t.sqlite");
    CampaignSpec s = cpuSpec("twice", 12);
    for (std::size_t i = 0; i < s.messageBytes.size(); ++i)
        s.messageBytes[i] = 4096 * (i + 1);
    s.repeats = 1000; // a few seconds: the two overlap
    makeStore(db, cpuSpec("other", 1), s);
    const QString spec = writeSpec(dir, "s.json", s);
    QProcess a, b;
    a.start(QStringLiteral(RS_CLI_PATH), {"campaign", "run", spec, "--db", db, "--resume", "--json"});
    b.start(QStringLiteral(RS_CLI_PATH), {"campaign", "run", spec, "--db", db, "--resume", "--json"});
    ASSERT_TRUE(a.waitForFinished(300000) && b.waitForFinished(300000));
    const QString errs = QString::fromUtf8(a.readAllStandardError() + b.readAllStandardError());
    const std::multiset<int> codes = {a.exitCode(), b.exitCode()};
    // One continued it; the other was refused naming the runner (or found it finished): never a raw error.
    EXPECT_EQ(codes.count(0), codes.count(2) == 1 ? 1u : 2u) << errs.toStdString();
    EXPECT_FALSE(errs.contains(QLatin1String("UNIQUE"))) << errs.toStdString();
    if (codes.count(2) == 1) {
        EXPECT_TRUE(errs.contains(
            QRegularExpression(QStringLiteral("campaign 2 is being run by pid \\d+ on .+ since "))))
            << errs.toStdString();
    }
    std::cout << "[          ] exit codes " << a.exitCode() << " and " << b.exitCode() << std::endl;
    CampaignStore store(db.toStdString(), {OpenMode::ReadOnly, {}});
    const auto runs = store.runs(2);
    std::set<RunKey> keys;
    for (const RunRow& r : runs)
        keys.insert(r.key);
    EXPECT_EQ(runs.size(), 24u);
    EXPECT_EQ(keys.size(), 24u);
    EXPECT_EQ(store.campaign(2)->status, "finished");
}

/** The CLI with a file-size limit (ulimit -f): every write past it fails (EFBIG; SIGXFSZ is ignored). */
CliResult runLimited(const QStringList& args, rlim_t bytes) {
    QProcess p;
    p.setChildProcessModifier([bytes] {
        const rlimit limit{bytes, bytes};
        setrlimit(RLIMIT_FSIZE, &limit);
    });
    p.start(QStringLiteral(RS_CLI_PATH), args);
    EXPECT_TRUE(p.waitForFinished(120000));
    CliResult r;
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

TEST(CampaignCliStore, OutputsAreWrittenAllOrNothing) {
    QTemporaryDir dir;
    const QString db = dir.filePath("o.sqlite");
    makeStore(db, cpuSpec("a", 6), cpuSpec("b", 2));
    // Reading the store writes nothing (no -wal or -shm file), so the limited CLI only has its output to
    // write.
    const CampaignStore reader(db.toStdString(), {OpenMode::ReadOnly, {}});
    ASSERT_EQ(reader.runs(1).size(), 12u);
    const QString csv = dir.filePath("runs.csv"), png = dir.filePath("c.png"), pdf = dir.filePath("c.pdf");
    for (const QString& out : {csv, png, pdf})
        writeAll(out, "the previous file\n");
    const QList<QStringList> commands = {
        {"campaign", "export", "--db", db, "--id", "1", "--csv", "--out", csv},
        {"chart", "--db", db, "--campaign", "1", "--out", png},
        {"chart", "--db", db, "--campaign", "1", "--kind", "speedup", "--baseline", "cpu", "--out", pdf},
    };
    for (const QStringList& args : commands) {
        const CliResult r = runLimited(args, 1024);
        EXPECT_EQ(r.status, 2) << args.join(' ').toStdString() << ": " << r.err.toStdString();
        EXPECT_TRUE(r.err.contains("--out: ")) << r.err.toStdString();
        EXPECT_TRUE(r.err.contains("File too large")) << r.err.toStdString();
        EXPECT_EQ(readAll(args.back()), "the previous file\n") << args.join(' ').toStdString();
    }
    // Without the limit the same commands write whole files.
    ASSERT_EQ(runCli(commands[0]).status, 0);
    EXPECT_GT(readAll(csv).size(), 1024u);
    qsizetype lines = 1;
    for (const RunRow& r : reader.runs(1))
        lines += static_cast<qsizetype>(r.measurements.size());
    EXPECT_EQ(QString::fromStdString(readAll(csv)).count('\n'), lines);
    ASSERT_EQ(runCli(commands[1]).status, 0);
    EXPECT_EQ(readAll(png).substr(1, 3), "PNG");
    // A device is refused before anything is written to it.
    expectUsageError({"campaign", "export", "--db", db, "--id", "1", "--csv", "--out", "/dev/full"},
                     "/dev/full");
    struct stat st {};
    ASSERT_EQ(::stat("/dev/full", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
    for (const QString& f : QDir(dir.path()).entryList(QDir::Files | QDir::Hidden)) // no temporary file left
        EXPECT_FALSE(f.contains(QLatin1String(".tmp-"))) << f.toStdString();
}

TEST(CampaignCliStore, ADamagedStoreIsRefusedOrReadExactlyAndNeverWritten) {
    QTemporaryDir dir;
    const QString base = dir.filePath("base.sqlite"), copy = dir.filePath("copy.sqlite");
    const CampaignSpec unfinished = cpuSpec("unfinished", 6);
    makeStore(base, cpuSpec("finished", 20), unfinished);
    const QString spec = writeSpec(dir, "u.json", unfinished);
    const std::string bytes = readAll(base);
    const QStringList list = {"campaign", "list", "--db", copy, "--json"};
    const QStringList exportRuns = {"campaign", "export", "--db", copy, "--id", "1", "--json"};
    writeAll(copy, bytes);
    const QByteArray listed = runCli(list).out, exported = runCli(exportRuns).out;
    ASSERT_FALSE(listed.isEmpty());
    ASSERT_FALSE(exported.isEmpty());
    std::mt19937 rng(3);
    int refused = 0;
    for (int i = 0; i < 24; ++i) {
        for (const char* suffix : {"-wal", "-shm"})
            QFile::remove(copy + QLatin1String(suffix));
        std::string damaged = bytes;
        const std::size_t at = static_cast<std::size_t>(i) * bytes.size() / 24 + rng() % (bytes.size() / 24);
        damaged[at] = static_cast<char>(damaged[at] ^ static_cast<char>(1 + rng() % 255));
        writeAll(copy, damaged);
        bool anyRefused = false;
        for (const auto& [args, original] : {std::pair{list, listed}, std::pair{exportRuns, exported}}) {
            const CliResult r = runCli(args);
            if (r.status == 0) {
                EXPECT_EQ(r.out, original) << "byte " << at << ": different data with exit 0";
            } else {
                EXPECT_EQ(r.status, 2) << "byte " << at;
                EXPECT_TRUE(r.err.contains(copy.toUtf8())) << "byte " << at << ": " << r.err.toStdString();
                anyRefused = true;
            }
        }
        const CliResult resume = runCli({"campaign", "run", spec, "--db", copy, "--resume"});
        if (anyRefused) {
            EXPECT_EQ(resume.status, 2) << "byte " << at << ": a resume ran on a store its reading refused";
            EXPECT_TRUE(resume.err.contains(copy.toUtf8())) << resume.err.toStdString();
        }
        if (resume.status != 0) {
            EXPECT_EQ(readAll(copy), damaged) << "byte " << at << ": a refused resume wrote";
        }
        refused += anyRefused ? 1 : 0;
    }
    EXPECT_GT(refused, 0);
}

} // namespace
