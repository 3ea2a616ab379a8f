// `campaign list`, `campaign export` and `chart` on a store that cannot be written, through the real
// executable: they read it and create nothing beside it (no -wal, no -shm), and a store whose -wal file
// they could only read by creating a -shm file is refused in plain words. The tests run as root here and
// in CI, and root writes where permissions say no, so "cannot be written" is made twice, each when this
// machine allows it: (1) a folder of mode 555 and a store of mode 444, the CLI run as nobody when the
// test runs as root (as itself otherwise); (2) a read-only bind mount of the folder in a mount namespace
// of the CLI's own (`unshare -m`, where the container allows it), which even root cannot write. A way
// this machine does not allow is skipped with a message saying why; if neither is, the test skips.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <fstream>
#include <iostream>
#include <iterator>
#include <set>

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"

namespace {

using namespace rs::campaign;
using rs::test::CliResult;

std::string readAll(const QString& path) {
    std::ifstream f(path.toStdString(), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

std::set<QString> filesIn(const QString& folder) {
    std::set<QString> out;
    for (const QString& f : QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System))
        out.insert(f);
    return out;
}

CampaignSpec spec(const std::string& name) {
    CampaignSpec s;
    s.name = name;
    s.targets = {"cpu", "cpu-mt"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = {16, 64};
    s.repeats = 1;
    return s;
}

/** The CLI could not be run as the medium asks (no such user change, the program or its libraries out of
 *  nobody's reach): the way is skipped, not failed. */
constexpr int kCannotRun = 97;

/** How the CLI is kept from writing the folder. */
struct Medium {
    std::string name;
    bool asNobody = false; ///< run the CLI as uid/gid 65534 (root ignores the modes)
    QStringList prefix;    ///< a program the CLI runs under (the read-only bind mount)
};

CliResult runOn(const Medium& m, const QStringList& args) {
    QProcess p;
    if (m.asNobody)
        p.setChildProcessModifier([] {
            if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                ::_exit(kCannotRun);
        });
    if (m.prefix.isEmpty())
        p.start(QStringLiteral(RS_CLI_PATH), args);
    else
        p.start(m.prefix.front(), m.prefix.mid(1) + QStringList{QStringLiteral(RS_CLI_PATH)} + args);
    CliResult r;
    if (!p.waitForStarted(30000)) { // nobody may not reach the program here
        r.status = kCannotRun;
        r.err = p.errorString().toUtf8();
        return r;
    }
    EXPECT_TRUE(p.waitForFinished(120000));
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

/** The ways this machine allows; why the others are left out goes to the test's output. */
std::vector<Medium> media(const QString& folder) {
    std::vector<Medium> out;
    const bool root = ::geteuid() == 0;
    out.push_back(
        {root ? "mode 555 folder, 444 store, CLI as nobody" : "mode 555 folder, 444 store", root, {}});
    // The folder bound read-only over itself, in a mount namespace that only the CLI sees.
    const QString script =
        QStringLiteral(R"(mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@")");
    const QStringList prefix = {QStringLiteral("unshare"),
                                QStringLiteral("-m"),
                                QStringLiteral("sh"),
                                QStringLiteral("-c"),
                                script,
                                folder};
    QProcess probe;
    probe.start(prefix.front(),
                prefix.mid(1) + QStringList{"sh", "-c", R"(! touch "$0/probe" 2>/dev/null)", folder});
    if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
        out.push_back({"read-only bind mount", false, prefix});
    else
        std::cout << "[  SKIPPED ] read-only bind mount: unshare -m and mount are not allowed here ("
                  << probe.readAllStandardError().trimmed().toStdString() << ")" << std::endl;
    return out;
}

TEST(CampaignCliReadOnly, ReadCommandsReadAStoreThatCannotBeWrittenAndCreateNothing) {
    QTemporaryDir dir;
    // Anyone may enter the test's folders (nobody included); only "out" may be written by anyone.
    ASSERT_TRUE(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                      QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup |
                                                      QFile::ExeGroup));
    const QString store = dir.filePath("store"), out = dir.filePath("out");
    ASSERT_TRUE(QDir().mkpath(store) && QDir().mkpath(out));
    ASSERT_EQ(::chmod(out.toLocal8Bit().constData(), 0777), 0);
    const QString db = store + "/s.sqlite", logged = store + "/logged.sqlite";
    {
        CampaignStore rw(db.toStdString());
        runCampaign(rw, spec("first"));
        runCampaign(rw, spec("second"), [] {
            EngineOptions o;
            o.start = StartMode::New;
            return o;
        }());
    }
    {
        // A store with runs in its -wal file (a writer still open, or one stopped before folding its log
        // in), copied without the -shm file.
        const QString writing = out + "/w.sqlite";
        CampaignStore rw(writing.toStdString());
        runCampaign(rw, spec("logged"));
        ASSERT_TRUE(QFile::copy(writing, logged) && QFile::copy(writing + "-wal", logged + "-wal"));
    }
    for (const QString& f : filesIn(store))
        ASSERT_EQ(::chmod((store + "/" + f).toLocal8Bit().constData(), 0444), 0);
    ASSERT_EQ(::chmod(store.toLocal8Bit().constData(), 0555), 0);
    struct Writable { // on every way out, so that the folder can be removed (by a user other than root too)
        QByteArray folder;
        ~Writable() { ::chmod(folder.constData(), 0755); }
    } writable{store.toLocal8Bit()};
    const std::set<QString> files = filesIn(store);
    const std::string before = readAll(db);

    const std::vector<Medium> ways = media(store);
    int ran = 0;
    for (const Medium& m : ways) {
        SCOPED_TRACE(m.name);
        CliResult r = runOn(m, {"campaign", "list", "--db", db, "--json"});
        if (m.asNobody && (r.status == kCannotRun || r.status == 127)) { // 127: the loader found no library
            std::cout << "[  SKIPPED ] " << m.name << ": roundscope-cli cannot be run as nobody here ("
                      << r.err.trimmed().toStdString() << ")" << std::endl;
            continue;
        }
        ++ran;
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        EXPECT_EQ(r.json().value("campaigns").toArray().size(), 2);
        r = runOn(m, {"campaign", "export", "--db", db, "--id", "2", "--csv"});
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        EXPECT_EQ(r.out.count('\n'), 1 + 4 * 4) << r.out.toStdString(); // header, 4 runs x 4 metrics
        const QString png = out + "/c.png";
        QFile::remove(png);
        r = runOn(m, {"chart", "--db", db, "--campaign", "1,2", "--kind", "speedup", "--baseline", "cpu",
                      "--out", png});
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        EXPECT_TRUE(QFile::exists(png));
        EXPECT_EQ(filesIn(store), files);
        EXPECT_EQ(readAll(db), before);

        // Its -wal file holds runs, and reading them needs a -shm file that cannot be made: said plainly.
        r = runOn(m, {"campaign", "list", "--db", logged});
        EXPECT_EQ(r.status, 2);
        const QString err = QString::fromUtf8(r.err);
        EXPECT_TRUE(err.contains("--db: campaign store " + logged + " has a write-ahead log beside it (" +
                                 logged + "-wal"))
            << err.toStdString();
        EXPECT_TRUE(err.contains(
            logged + "-shm, which reading the log needs and which cannot be created here: " + store +
            " cannot be written"))
            << err.toStdString();
        EXPECT_EQ(filesIn(store), files);
    }
    if (ran == 0) GTEST_SKIP() << "no way to keep roundscope-cli from writing a folder here (see above)";
}

} // namespace
