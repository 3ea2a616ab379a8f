// `roundscope-cli board ...` end to end, on the virtual board.
#include <gtest/gtest.h>

#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

namespace {

using rs::test::runCli;

TEST(BoardCli, KatAndBenchOnTheVirtualBoard) {
    const auto k =
        runCli({QStringLiteral("board"), QStringLiteral("kat"), QStringLiteral("--port"),
                QStringLiteral("virtual"), QStringLiteral("--alg"), QStringLiteral("ascon-aead128"),
                QString::fromStdString(rs::test::vectorPath("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt")),
                QStringLiteral("--json")});
    ASSERT_EQ(k.status, 0) << k.err.toStdString();
    const QJsonObject o = k.json();
    EXPECT_EQ(o.value(QStringLiteral("passed")).toInt(), 1089);
    EXPECT_EQ(o.value(QStringLiteral("failed")).toInt(), 0);
    EXPECT_EQ(o.value(QStringLiteral("timing")).toString(), QStringLiteral("modelled (virtual board)"));
    // The wrong variant's file: every record fails, exit 1.
    const auto wrong =
        runCli({QStringLiteral("board"), QStringLiteral("kat"), QStringLiteral("--port"),
                QStringLiteral("virtual"), QStringLiteral("--alg"), QStringLiteral("ascon-128"),
                QString::fromStdString(rs::test::vectorPath("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt")),
                QStringLiteral("--json")});
    EXPECT_EQ(wrong.status, 1);
    EXPECT_EQ(wrong.json().value(QStringLiteral("passed")).toInt(), 0);
    const auto b = runCli({QStringLiteral("board"), QStringLiteral("bench"), QStringLiteral("--port"),
                           QStringLiteral("virtual"), QStringLiteral("--count"), QStringLiteral("50"),
                           QStringLiteral("--json")});
    ASSERT_EQ(b.status, 0) << b.err.toStdString();
    EXPECT_EQ(b.json().value(QStringLiteral("count")).toInt(), 50);
    EXPECT_GT(b.json().value(QStringLiteral("ip_cycles")).toDouble(), 0);
}

TEST(BoardCli, BadUsageIsExitTwoWithOneLine) {
    using rs::test::expectUsageError;
    expectUsageError({QStringLiteral("board")}, "expected 'info', 'kat' or 'bench'");
    expectUsageError({QStringLiteral("board"), QStringLiteral("info")}, "--port");
    expectUsageError({QStringLiteral("board"), QStringLiteral("info"), QStringLiteral("--port"),
                      QStringLiteral("virtual"), QStringLiteral("--alg"), QStringLiteral("lea-128")},
                     "--alg: the board runs");
    expectUsageError({QStringLiteral("board"), QStringLiteral("info"), QStringLiteral("--port"),
                      QStringLiteral("/dev/roundscope-none")},
                     "board: cannot open");
    expectUsageError(
        {QStringLiteral("board"), QStringLiteral("kat"), QStringLiteral("--port"), QStringLiteral("virtual")},
        "expected one KAT FILE");
}

} // namespace
