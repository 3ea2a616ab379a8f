// The Campaigns and Charts pages' facade (CampaignSession::openStore) on a store that cannot be written:
// it reads it (no write open first, which would fail there) and creates nothing beside it. As in
// test_campaign_cli_readonly, "cannot be written" is made where this machine allows it, since the tests run
// as root: a mode 555 folder with a mode 444 store, this program re-run as nobody; and a read-only bind
// mount in a mount namespace of its own (`unshare -m`). The re-run program is this test program with one
// test selected (ChildOpensTheStore) and the store named in RS_READONLY_STORE.
#include "tests/qtcoreapp.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdlib>
#include <iostream>
#include <set>

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/campaign/campaignengine.h"
#include "core/campaign/campaignstore.h"
#include "core/sessions/campaignsession.h"

namespace {

using namespace rs::campaign;

constexpr int kCannotRun = 97;
constexpr char kStoreVar[] = "RS_READONLY_STORE";

std::set<QString> filesIn(const QString& folder) {
    std::set<QString> out;
    for (const QString& f : QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System))
        out.insert(f);
    return out;
}

/** The child: opens the store named in the environment through the facade and prints what it read. */
TEST(CampaignSessionReadOnly, ChildOpensTheStore) {
    const char* path = std::getenv(kStoreVar);
    if (path == nullptr)
        GTEST_SKIP() << "runs only as the child of ReadsAStoreThatCannotBeWritten (" << kStoreVar
                     << " unset)";
    rs::sessions::CampaignSession session;
    QEventLoop loop;
    QString failure;
    bool opened = false;
    QObject::connect(&session, &rs::sessions::CampaignSession::storeOpened, &loop, [&] {
        opened = true;
        loop.quit();
    });
    QObject::connect(&session, &rs::sessions::CampaignSession::storeFailed, &loop,
                     [&](const QString&, const QString& message) {
                         failure = message;
                         loop.quit();
                     });
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    ASSERT_TRUE(session.openStore(QString::fromLocal8Bit(path)));
    loop.exec();
    ASSERT_TRUE(opened) << "storeFailed: " << failure.toStdString();
    QString error;
    const auto campaigns = session.campaigns(&error);
    EXPECT_TRUE(error.isEmpty()) << error.toStdString();
    std::cout << "campaigns read: " << campaigns.size() << std::endl;
}

struct Way {
    std::string name;
    bool asNobody = false;
    QStringList prefix;
};

TEST(CampaignSessionReadOnly, ReadsAStoreThatCannotBeWritten) {
    QTemporaryDir dir;
    ASSERT_TRUE(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                      QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup |
                                                      QFile::ExeGroup));
    const QString folder = dir.filePath("store");
    ASSERT_TRUE(QDir().mkpath(folder));
    const QString db = folder + "/s.sqlite";
    {
        CampaignStore rw(db.toStdString());
        CampaignSpec s;
        s.name = "read only";
        s.targets = {"cpu"};
        s.algorithms = {"ascon-aead128"};
        s.messageBytes = {16};
        s.repeats = 1;
        runCampaign(rw, s);
    }
    ASSERT_EQ(::chmod(db.toLocal8Bit().constData(), 0444), 0);
    ASSERT_EQ(::chmod(folder.toLocal8Bit().constData(), 0555), 0);
    struct Writable {
        QByteArray folder;
        ~Writable() { ::chmod(folder.constData(), 0755); }
    } writable{folder.toLocal8Bit()};
    const std::set<QString> files = filesIn(folder);

    std::vector<Way> ways;
    ways.push_back({"mode 555 folder, 444 store" + std::string(::geteuid() == 0 ? ", run as nobody" : ""),
                    ::geteuid() == 0,
                    {}});
    const QStringList bind = {"unshare",
                              "-m",
                              "sh",
                              "-c",
                              R"(mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@")",
                              folder};
    QProcess probe;
    probe.start(bind.front(),
                bind.mid(1) + QStringList{"sh", "-c", R"(! touch "$0/probe" 2>/dev/null)", folder});
    if (probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit && probe.exitCode() == 0)
        ways.push_back({"read-only bind mount", false, bind});
    else
        std::cout << "[  SKIPPED ] read-only bind mount: unshare -m and mount are not allowed here"
                  << std::endl;

    int ran = 0;
    for (const Way& w : ways) {
        SCOPED_TRACE(w.name);
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(kStoreVar, db);
        env.insert("HOME", dir.filePath("home")); // nobody's settings and caches go nowhere that matters
        p.setProcessEnvironment(env);
        if (w.asNobody)
            p.setChildProcessModifier([] {
                if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0)
                    ::_exit(kCannotRun);
            });
        const QString self = QCoreApplication::applicationFilePath();
        const QStringList args = {self, "--gtest_filter=CampaignSessionReadOnly.ChildOpensTheStore"};
        p.start(w.prefix.isEmpty() ? args.front() : w.prefix.front(),
                w.prefix.isEmpty() ? args.mid(1) : w.prefix.mid(1) + args);
        if (!p.waitForStarted(30000)) {
            std::cout << "[  SKIPPED ] " << w.name << ": " << p.errorString().toStdString() << std::endl;
            continue;
        }
        ASSERT_TRUE(p.waitForFinished(120000));
        const QString out = QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
        if (w.asNobody && (p.exitCode() == kCannotRun || p.exitCode() == 127)) {
            std::cout << "[  SKIPPED ] " << w.name << ": this program cannot run as nobody here" << std::endl;
            continue;
        }
        ++ran;
        EXPECT_EQ(p.exitStatus(), QProcess::NormalExit);
        EXPECT_EQ(p.exitCode(), 0) << out.toStdString();
        EXPECT_TRUE(out.contains("campaigns read: 1")) << out.toStdString();
        EXPECT_EQ(filesIn(folder), files) << "the facade created files beside a store it only reads";
    }
    if (ran == 0) GTEST_SKIP() << "no way to keep this program from writing a folder here (see above)";
}

} // namespace
