// `roundscope-cli ip resources` through the resource cache (hw/ip/resourcecache.h): a configuration
// synthesised once is read back ("cached": true, yosys not run), --no-cache runs yosys again, a damaged cache
// file is recomputed; for the Ascon IP, the block cores and the ML-DSA unit. yosys is a counting stand-in.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using rs::test::CliResult;

/** A yosys that logs every synthesis (`-s`) to runs.txt beside it, then answers as fake_yosys.sh does. */
struct CountingYosys {
    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();

    CountingYosys() {
        const QString script = dir.filePath(QStringLiteral("yosys.sh"));
        QFile f(script);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral(
                    "#!/bin/sh\ncase \" $* \" in *\" -s \"*) echo run >> '%1' ;; esac\nexec '%2' \"$@\"\n")
                    .arg(dir.filePath(QStringLiteral("runs.txt")),
                         QStringLiteral(RS_TEST_SOURCE_DIR "/fake_yosys.sh"))
                    .toUtf8());
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        env.insert(QStringLiteral("ROUNDSCOPE_YOSYS"), script);
        env.insert(QStringLiteral("ROUNDSCOPE_CACHE_DIR"), dir.filePath(QStringLiteral("cache")));
    }
    int runs() const {
        QFile f(dir.filePath(QStringLiteral("runs.txt")));
        return f.open(QIODevice::ReadOnly) ? static_cast<int>(f.readAll().count('\n')) : 0;
    }
    QJsonObject resources(QStringList args) const {
        args.prepend(QStringLiteral("resources"));
        args.prepend(QStringLiteral("ip"));
        args << QStringLiteral("--json");
        const CliResult r = rs::test::runCli(args, env);
        EXPECT_EQ(r.status, 0) << r.err.toStdString();
        return r.json();
    }
};

TEST(IpResourceCacheCli, TheSecondRunIsReadBackAndNoCacheRunsYosys) {
    CountingYosys y;
    ASSERT_TRUE(y.dir.isValid());
    const QJsonObject first = y.resources({"--unroll", "2"});
    EXPECT_FALSE(first.value("cached").toBool(true));
    EXPECT_EQ(first.value("luts").toInt(), 10);
    EXPECT_EQ(y.runs(), 1);
    const QJsonObject second = y.resources({"--unroll", "2"});
    EXPECT_TRUE(second.value("cached").toBool());
    EXPECT_EQ(second.value("luts").toInt(), 10);
    EXPECT_EQ(second.value("cells"), first.value("cells"));
    EXPECT_EQ(y.runs(), 1) << "read back, yosys not run";
    const QJsonObject again = y.resources({"--unroll", "2", "--no-cache"});
    EXPECT_FALSE(again.value("cached").toBool(true));
    EXPECT_EQ(y.runs(), 2);
    y.resources({"--unroll", "3"}); // another configuration: synthesised
    EXPECT_EQ(y.runs(), 3);
    EXPECT_TRUE(QDir(y.dir.filePath(QStringLiteral("cache/resources"))).exists());
}

TEST(IpResourceCacheCli, EveryCoreUsesTheCache) {
    CountingYosys y;
    ASSERT_TRUE(y.dir.isValid());
    for (const QStringList& args : {QStringList{"--alg", "lea-128", "--unroll", "2"},
                                    QStringList{"--alg", "skinny-128-256", "--detail"},
                                    QStringList{"--alg", "mldsa-ntt", "--butterflies", "2"}}) {
        const int before = y.runs();
        EXPECT_FALSE(y.resources(args).value("cached").toBool(true)) << args.join(' ').toStdString();
        EXPECT_GT(y.runs(), before);
        const int after = y.runs();
        EXPECT_TRUE(y.resources(args).value("cached").toBool()) << args.join(' ').toStdString();
        EXPECT_EQ(y.runs(), after);
        EXPECT_FALSE(y.resources(QStringList(args) << "--no-cache").value("cached").toBool(true));
        EXPECT_GT(y.runs(), after);
    }
}

TEST(IpResourceCacheCli, ADamagedCacheFileIsRecomputed) {
    CountingYosys y;
    ASSERT_TRUE(y.dir.isValid());
    y.resources({});
    const QDir cache(y.dir.filePath(QStringLiteral("cache/resources")));
    const QStringList files = cache.entryList({QStringLiteral("*.json")}, QDir::Files);
    ASSERT_EQ(files.size(), 1);
    QFile f(cache.filePath(files.front()));
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"format\": 1, \"luts\": [");
    f.close();
    const QJsonObject o = y.resources({});
    EXPECT_FALSE(o.value("cached").toBool(true));
    EXPECT_EQ(o.value("luts").toInt(), 10);
    EXPECT_EQ(y.runs(), 2);
    EXPECT_TRUE(y.resources({}).value("cached").toBool()) << "the damaged file was replaced";
}

} // namespace
