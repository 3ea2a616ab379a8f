// `roundscope-cli ip run|kat|resources --alg lea-*|skinny-128-256|skinny-128-384` through the real
// executable.
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

TEST(BlockIpCli, Skinny384RunsThePaperVectorAndCtr) {
    // The SKINNY paper's SKINNY-128-384 vector (resources/vectors/skinny/skinny_paper_kat.txt, Count 6).
    const QString tk = QStringLiteral("DF889548CFC7EA52D296339301797449AB588A34A47F1AB2DFE9C8293FBEA9A5"
                                      "AB1AFAC2611012CD8CEF952618C3EBE8");
    for (const char* rpc : {"1", "4"}) {
        const auto r = runCli({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                               QStringLiteral("skinny-128-384"), QStringLiteral("--key"), tk,
                               QStringLiteral("--pt"), QStringLiteral("A3994B66AD85A3459F44E92B08F550CB"),
                               QStringLiteral("--unroll"), QLatin1String(rpc), QStringLiteral("--json")});
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        const QJsonObject o = r.json();
        EXPECT_EQ(o.value(QStringLiteral("out")).toString().toUpper(),
                  QStringLiteral("94ECF589E2017C601B38C6346A10DCFA"));
        EXPECT_TRUE(o.value(QStringLiteral("matches_model")).toBool());
        const int perBlock = QLatin1String(rpc) == QLatin1String("1") ? 57 : 15; // 1 + ceil(56 / RPC)
        EXPECT_EQ(o.value(QStringLiteral("cycles_per_block")).toInt(), perBlock);
        EXPECT_EQ(o.value(QStringLiteral("formula")).toString(),
                  QStringLiteral("1 + ceil(56 / %1) = %2 per block").arg(QLatin1String(rpc)).arg(perBlock));
    }
    const auto c =
        runCli({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                QStringLiteral("skinny-128-384"), QStringLiteral("--key"), QString(96, QLatin1Char('5')),
                QStringLiteral("--pt"), QString(70, QLatin1Char('6')), QStringLiteral("--mode"),
                QStringLiteral("ctr"), QStringLiteral("--iv"), QString(32, QLatin1Char('f')),
                QStringLiteral("--unroll"), QStringLiteral("4"), QStringLiteral("--json")});
    ASSERT_EQ(c.status, 0) << c.err.toStdString();
    EXPECT_TRUE(c.json().value(QStringLiteral("matches_model")).toBool());
    EXPECT_EQ(c.json().value(QStringLiteral("blocks")).toInt(), 3);
    EXPECT_EQ(c.json().value(QStringLiteral("core_cycles")).toInt(), 45);
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
    for (const char* rpc : {"1", "4"}) {
        const auto t =
            runCli({QStringLiteral("ip"), QStringLiteral("kat"), QStringLiteral("--alg"),
                    QStringLiteral("skinny-128-384"), QStringLiteral("--unroll"), QLatin1String(rpc),
                    QString::fromStdString(rs::test::vectorPath("skinny/skinny_paper_kat.txt")),
                    QStringLiteral("--json")});
        ASSERT_EQ(t.status, 0) << rpc << ": " << t.out.toStdString() << t.err.toStdString();
        EXPECT_EQ(t.json().value(QStringLiteral("passed")).toInt(), 1) << rpc;
        EXPECT_EQ(t.json().value(QStringLiteral("failed")).toInt(), 0) << rpc;
    }
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

TEST(BlockIpCli, Skinny384BadInputIsExitTwoWithOneLine) {
    using rs::test::expectUsageError;
    const QString tk256(64, QLatin1Char('0')), tk384(96, QLatin1Char('0')), block(32, QLatin1Char('0'));
    const auto run = [&](const QString& key, std::initializer_list<QString> more) {
        QStringList a{QStringLiteral("ip"),    QStringLiteral("run"),
                      QStringLiteral("--alg"), QStringLiteral("skinny-128-384"),
                      QStringLiteral("--key"), key,
                      QStringLiteral("--pt")};
        for (const QString& m : more)
            a << m;
        return a;
    };
    // SKINNY-128-256's 32-byte tweakey is not enough; neither is one byte short or one too many.
    expectUsageError(run(tk256, {block}), "--key: skinny-128-384 takes 48 bytes, got 32");
    expectUsageError(run(tk384.left(94), {block}), "--key: skinny-128-384 takes 48 bytes, got 47");
    expectUsageError(run(tk384 + QStringLiteral("00"), {block}),
                     "--key: skinny-128-384 takes 48 bytes, got 49");
    expectUsageError(run(tk384, {block, QStringLiteral("--unroll"), QStringLiteral("2")}),
                     "not built for skinny-128-384 (choose one of 1, 4)");
    expectUsageError(run(tk384, {block, QStringLiteral("--unroll"), QStringLiteral("57")}), "--unroll");
    expectUsageError(run(tk384, {QStringLiteral("0011")}), "ECB needs whole 16-byte blocks");
    expectUsageError(run(tk384, {block, QStringLiteral("--mode"), QStringLiteral("ctr")}), "--iv");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                      QStringLiteral("skinny-128-384"), QStringLiteral("--unroll"), QStringLiteral("3")},
                     "must divide the round count");
}

TEST(BlockIpCli, ResourcesOfTheSkinnyCoreFromARealSynthesis) {
    const auto r = runCli({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                           QStringLiteral("skinny-128-256"), QStringLiteral("--json")});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_GT(o.value(QStringLiteral("luts")).toInt(), 300);
    EXPECT_GT(o.value(QStringLiteral("ffs")).toInt(), 128 + 256); // state + tweakey registers at least
    // SKINNY-128-384 (CIPHER 3): the TK3 schedule and KEY8..11 add 2 x 128 flip-flops to the same IP.
    const auto t = runCli({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                           QStringLiteral("skinny-128-384"), QStringLiteral("--json")});
    ASSERT_EQ(t.status, 0) << t.err.toStdString();
    EXPECT_EQ(t.json().value(QStringLiteral("alg")).toString(), QStringLiteral("skinny-128-384"));
    EXPECT_GE(t.json().value(QStringLiteral("ffs")).toInt(), o.value(QStringLiteral("ffs")).toInt() + 256);
    EXPECT_GT(t.json().value(QStringLiteral("luts")).toInt(), o.value(QStringLiteral("luts")).toInt());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("ROUNDSCOPE_YOSYS"), QStringLiteral("/nonexistent/yosys"));
    const auto missing = runCli({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                                 QStringLiteral("lea-128")},
                                env);
    EXPECT_EQ(missing.status, 2);
    EXPECT_TRUE(missing.err.contains("yosys not found")) << missing.err.toStdString();
}

} // namespace
