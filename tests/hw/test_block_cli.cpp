// `roundscope-cli ip run|resources --alg lea-*|skinny-128-256` through the real executable.
#include <gtest/gtest.h>

#include <QProcessEnvironment>

#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

namespace {

using rs::test::runCli;

TEST(BlockIpCli, RunShowsTheOutputBesideTheModelAndTheClocks) {
    const auto r = runCli({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                           QStringLiteral("lea-192"), QStringLiteral("--key"), QString(48, QLatin1Char('1')),
                           QStringLiteral("--pt"), QString(64, QLatin1Char('2')), QStringLiteral("--unroll"),
                           QStringLiteral("4"), QStringLiteral("--json")});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_TRUE(o.value(QStringLiteral("matches_model")).toBool());
    EXPECT_EQ(o.value(QStringLiteral("blocks")).toInt(), 2);
    EXPECT_EQ(o.value(QStringLiteral("cycles_per_block")).toInt(), 8); // 1 + ceil(28 / 4)
    EXPECT_EQ(o.value(QStringLiteral("core_cycles")).toInt(), 16);
    EXPECT_EQ(o.value(QStringLiteral("formula")).toString(),
              QStringLiteral("1 + ceil(28 / 4) = 8 per block"));
    const auto c =
        runCli({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                QStringLiteral("skinny-128-256"), QStringLiteral("--key"), QString(64, QLatin1Char('3')),
                QStringLiteral("--pt"), QStringLiteral("00112233445566778899"), QStringLiteral("--mode"),
                QStringLiteral("ctr"), QStringLiteral("--iv"), QString(32, QLatin1Char('f')),
                QStringLiteral("--json")});
    ASSERT_EQ(c.status, 0) << c.err.toStdString();
    EXPECT_TRUE(c.json().value(QStringLiteral("matches_model")).toBool());
    EXPECT_EQ(c.json().value(QStringLiteral("cycles_per_block")).toInt(), 49);
}

TEST(BlockIpCli, KatFilesThroughTheCores) {
    for (const char* alg : {"lea-128", "lea-192", "lea-256"})
        for (const char* file : {"lea/lea_kisa_ecb.txt", "lea/lea_kisa_ctr.txt"}) {
            const auto r =
                runCli({QStringLiteral("ip"), QStringLiteral("kat"), QStringLiteral("--alg"),
                        QLatin1String(alg), QStringLiteral("--unroll"), QStringLiteral("4"),
                        QString::fromStdString(rs::test::vectorPath(file)), QStringLiteral("--json")});
            ASSERT_EQ(r.status, 0) << alg << " " << file << ": " << r.out.toStdString()
                                   << r.err.toStdString();
            EXPECT_EQ(r.json().value(QStringLiteral("passed")).toInt(), 10) << alg << " " << file;
            EXPECT_EQ(r.json().value(QStringLiteral("failed")).toInt(), 0);
        }
    const auto s = runCli({QStringLiteral("ip"), QStringLiteral("kat"), QStringLiteral("--alg"),
                           QStringLiteral("skinny-128-256"),
                           QString::fromStdString(rs::test::vectorPath("skinny/skinny_paper_kat.txt")),
                           QStringLiteral("--json")});
    ASSERT_EQ(s.status, 0) << s.out.toStdString() << s.err.toStdString();
    EXPECT_EQ(s.json().value(QStringLiteral("passed")).toInt(), 1);
}

TEST(BlockIpCli, BadInputIsExitTwoWithOneLine) {
    using rs::test::expectUsageError;
    const QString key16(32, QLatin1Char('0')), block(32, QLatin1Char('0'));
    expectUsageError({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                      QStringLiteral("lea-128"), QStringLiteral("--key"), key16, QStringLiteral("--pt"),
                      block, QStringLiteral("--unroll"), QStringLiteral("3")},
                     "not built for lea-128 (choose one of 1, 4)");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                      QStringLiteral("lea-256"), QStringLiteral("--key"), key16, QStringLiteral("--pt"),
                      block},
                     "--key: lea-256 takes 32 bytes");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                      QStringLiteral("lea-128"), QStringLiteral("--key"), key16, QStringLiteral("--pt"),
                      QStringLiteral("00")},
                     "ECB needs whole 16-byte blocks");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                      QStringLiteral("lea-128"), QStringLiteral("--key"), key16, QStringLiteral("--pt"),
                      block, QStringLiteral("--mode"), QStringLiteral("ctr")},
                     "--iv");
    expectUsageError(
        {QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"), QStringLiteral("aes")},
        "ip resources takes lea-128");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                      QStringLiteral("lea-128"), QStringLiteral("--unroll"), QStringLiteral("5")},
                     "must divide the round count");
}

TEST(BlockIpCli, ResourcesOfTheSkinnyCoreFromARealSynthesis) {
    const auto r = runCli({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                           QStringLiteral("skinny-128-256"), QStringLiteral("--json")});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_GT(o.value(QStringLiteral("luts")).toInt(), 300);
    EXPECT_GT(o.value(QStringLiteral("ffs")).toInt(), 128 + 256); // state + tweakey registers at least
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ROUNDSCOPE_YOSYS"), QStringLiteral("/nonexistent/yosys"));
    const auto missing = runCli({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                                 QStringLiteral("lea-128")},
                                env);
    EXPECT_EQ(missing.status, 2);
    EXPECT_TRUE(missing.err.contains("yosys not found")) << missing.err.toStdString();
}

} // namespace
