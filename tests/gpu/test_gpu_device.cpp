// roundscope-gpu end to end. Without a CUDA device (or in a build without nvcc) the probe must say why,
// in one JSON line, with exit status 4, and the device cases skip with that reason; with a device every
// variant runs a short sweep and a `run`, and every line must say verified before it has a figure.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include "tests/clitestsupport.h"

namespace {

using rs::test::runCli;

/** The probe's line; `why` receives the no-device reason (empty with a device). */
QJsonObject probe(QString* why) {
    const auto r = runCli({QStringLiteral("probe")});
    const QJsonObject o = r.json();
    const QString status = o.value(QStringLiteral("status")).toString();
    if (r.status == 0) {
        EXPECT_EQ(status, QStringLiteral("ok"));
        why->clear();
    } else {
        EXPECT_EQ(r.status, 4) << r.out.toStdString();
        EXPECT_TRUE(status.startsWith(QStringLiteral("no CUDA device: "))) << status.toStdString();
        *why = status;
    }
    return o;
}

#define REQUIRE_DEVICE()                                                                                     \
    QString why;                                                                                             \
    probe(&why);                                                                                             \
    if (!why.isEmpty()) GTEST_SKIP() << why.toStdString()

QList<QJsonObject> jsonLines(const QByteArray& out) {
    QList<QJsonObject> lines;
    for (const QByteArray& l : out.split('\n'))
        if (!l.trimmed().isEmpty()) {
            QJsonParseError e{};
            lines << QJsonDocument::fromJson(l, &e).object();
            EXPECT_EQ(e.error, QJsonParseError::NoError) << l.toStdString();
        }
    return lines;
}

TEST(GpuRunner, ProbeSaysWhetherThereIsADevice) {
    QString why;
    const QJsonObject o = probe(&why);
    if (why.isEmpty()) {
        EXPECT_FALSE(o.value(QStringLiteral("device")).toString().isEmpty());
        EXPECT_GE(o.value(QStringLiteral("compute_capability")).toString().toDouble(), 8.0);
    }
}

TEST(GpuRunner, ListsEveryVariant) {
    const auto r = runCli({QStringLiteral("variants")});
    EXPECT_EQ(r.status, 0);
    const auto lines = jsonLines(r.out);
    EXPECT_EQ(lines.size(), 11);
    EXPECT_EQ(lines.front().value(QStringLiteral("variant")).toString(), QStringLiteral("paper"));
    EXPECT_EQ(lines.front().value(QStringLiteral("threads_per_block")).toInt(), 512);
}

TEST(GpuRunner, BadUsageIsExitTwoWithOneLine) {
    using rs::test::expectUsageError;
    expectUsageError({}, "a command is required");
    expectUsageError({QStringLiteral("fly")}, "unknown command 'fly'");
    expectUsageError({QStringLiteral("sweep")}, "--alg is required");
    expectUsageError({QStringLiteral("sweep"), QStringLiteral("--alg"), QStringLiteral("aes-128-ecb")},
                     "no kernel for 'aes-128-ecb'");
    expectUsageError({QStringLiteral("sweep"), QStringLiteral("--alg"), QStringLiteral("lea-128-ctr"),
                      QStringLiteral("--variant"), QStringLiteral("paper")},
                     "'paper' is not a variant of lea-128-ctr");
    expectUsageError({QStringLiteral("sweep"), QStringLiteral("--alg"), QStringLiteral("lea-128-ctr"),
                      QStringLiteral("--to"), QStringLiteral("4T")},
                     "--to:");
    expectUsageError({QStringLiteral("sweep"), QStringLiteral("--alg"), QStringLiteral("lea-128-ctr"),
                      QStringLiteral("--from"), QStringLiteral("64"), QStringLiteral("--to"),
                      QStringLiteral("16")},
                     "from <= to");
    expectUsageError({QStringLiteral("sweep"), QStringLiteral("--alg")}, "--alg needs a value");
    QTemporaryDir dir;
    const QString in = dir.filePath(QStringLiteral("in.bin"));
    QFile f(in);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(17, 'x'));
    f.close();
    expectUsageError({QStringLiteral("run"), QStringLiteral("--alg"), QStringLiteral("skinny-128-256-ecb"),
                      QStringLiteral("--variant"), QStringLiteral("paper"), QStringLiteral("--key"),
                      QString(64, QLatin1Char('0')), QStringLiteral("--in"), in, QStringLiteral("--out"),
                      dir.filePath(QStringLiteral("out.bin"))},
                     "ECB needs whole 16-byte blocks");
    expectUsageError({QStringLiteral("run"), QStringLiteral("--alg"), QStringLiteral("lea-128-ctr"),
                      QStringLiteral("--variant"), QStringLiteral("const-rk"), QStringLiteral("--key"),
                      QStringLiteral("zz"), QStringLiteral("--in"), in, QStringLiteral("--out"), in},
                     "--key:");
    expectUsageError({QStringLiteral("run"), QStringLiteral("--alg"), QStringLiteral("lea-128-ctr"),
                      QStringLiteral("--variant"), QStringLiteral("const-rk"), QStringLiteral("--key"),
                      QString(32, QLatin1Char('0')), QStringLiteral("--in"),
                      dir.filePath(QStringLiteral("none")), QStringLiteral("--out"), in},
                     "': cannot open: No such file");
    // A device as the input would never end (and exhaust memory): refused before a byte is read.
    expectUsageError({QStringLiteral("run"), QStringLiteral("--alg"), QStringLiteral("lea-128-ctr"),
                      QStringLiteral("--variant"), QStringLiteral("const-rk"), QStringLiteral("--key"),
                      QString(32, QLatin1Char('0')), QStringLiteral("--in"), QStringLiteral("/dev/zero"),
                      QStringLiteral("--out"), in},
                     "character device");
}

TEST(GpuRunner, WithoutADeviceSweepAndRunSayWhy) {
    QString why;
    probe(&why);
    if (why.isEmpty())
        GTEST_SKIP() << "a CUDA device is present: the no-device path cannot be exercised here";
    const auto r =
        runCli({QStringLiteral("sweep"), QStringLiteral("--alg"), QStringLiteral("skinny-128-256-ctr"),
                QStringLiteral("--to"), QStringLiteral("64")});
    EXPECT_EQ(r.status, 4);
    const auto lines = jsonLines(r.out);
    ASSERT_EQ(lines.size(), 1);
    EXPECT_EQ(lines.front().value(QStringLiteral("status")).toString(), why);
}

TEST(GpuDevice, EveryVariantSweepsVerifiedBeforeTimed) {
    REQUIRE_DEVICE();
    for (const char* alg : {"skinny-128-256-ecb", "skinny-128-256-ctr", "lea-128-ctr", "ascon-aead128"}) {
        const auto r = runCli({QStringLiteral("sweep"), QStringLiteral("--alg"), QLatin1String(alg),
                               QStringLiteral("--from"), QStringLiteral("16"), QStringLiteral("--to"),
                               QStringLiteral("1M"), QStringLiteral("--repeats"), QStringLiteral("3")});
        EXPECT_EQ(r.status, 0) << alg << ": " << r.out.toStdString() << r.err.toStdString();
        const auto lines = jsonLines(r.out);
        EXPECT_GE(lines.size(), 17) << alg;
        for (const QJsonObject& l : lines) {
            EXPECT_TRUE(l.value(QStringLiteral("verified")).toBool()) << alg;
            const QJsonObject total = l.value(QStringLiteral("total_ms")).toObject();
            EXPECT_GT(total.value(QStringLiteral("median")).toDouble(), 0.0);
            EXPECT_LE(
                l.value(QStringLiteral("kernel_ms")).toObject().value(QStringLiteral("median")).toDouble(),
                total.value(QStringLiteral("median")).toDouble());
            const double e = l.value(QStringLiteral("speedup_E")).toDouble();
            EXPECT_NEAR(l.value(QStringLiteral("efficiency_S")).toDouble(), 1.0 - 1.0 / e, 1e-3);
        }
    }
}

TEST(GpuDevice, RunWritesTheModelsOutput) {
    REQUIRE_DEVICE();
    QTemporaryDir dir;
    const QString in = dir.filePath(QStringLiteral("in.bin")), out = dir.filePath(QStringLiteral("out.bin"));
    QFile f(in);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(QByteArray(1000, '\x5a'));
    f.close();
    const auto r =
        runCli({QStringLiteral("run"), QStringLiteral("--alg"), QStringLiteral("skinny-128-256-ctr"),
                QStringLiteral("--variant"), QStringLiteral("shared-sbox-x4"), QStringLiteral("--key"),
                QString(64, QLatin1Char('1')), QStringLiteral("--iv"), QString(32, QLatin1Char('f')),
                QStringLiteral("--in"), in, QStringLiteral("--out"), out, QStringLiteral("--repeats"),
                QStringLiteral("2")});
    EXPECT_EQ(r.status, 0) << r.out.toStdString() << r.err.toStdString();
    QFile o(out);
    ASSERT_TRUE(o.open(QIODevice::ReadOnly));
    EXPECT_EQ(o.size(), 1000);
}

} // namespace
