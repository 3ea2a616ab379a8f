// `roundscope-cli board ...` end to end, on the virtual board.
#include <gtest/gtest.h>

#include <QJsonArray>

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

// Issue 22's command in full: all 1 089 records of both files on both paths, the modelled range with its
// inputs, and the memory of the three firmware builds.
TEST(BoardCli, Paper000OnTheVirtualBoardIsAModelledRangeWithItsInputs) {
    const auto r = runCli({QStringLiteral("board"), QStringLiteral("paper000"),
                           QStringLiteral("--per-record"), QStringLiteral("--json")});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_EQ(o.value(QStringLiteral("kind")).toString(), QStringLiteral("modelled"));
    const QJsonObject paper = o.value(QStringLiteral("paper")).toObject();
    EXPECT_DOUBLE_EQ(paper.value(QStringLiteral("speedup_min")).toDouble(), 7.93);
    EXPECT_DOUBLE_EQ(paper.value(QStringLiteral("memory_saving_min_pct")).toDouble(), 90);
    const QJsonArray variants = o.value(QStringLiteral("variants")).toArray();
    ASSERT_EQ(variants.size(), 2);
    for (const auto x : variants) {
        const QJsonObject v = x.toObject();
        SCOPED_TRACE(v.value(QStringLiteral("operation")).toString().toStdString());
        EXPECT_EQ(v.value(QStringLiteral("records")).toInt(), 1089);
        EXPECT_FALSE(v.contains(QStringLiteral("speedup"))); // never a bare figure on the virtual board
        const QJsonArray range = v.value(QStringLiteral("speedup_range")).toArray();
        ASSERT_EQ(range.size(), 2);
        EXPECT_LT(range[0].toDouble(), range[1].toDouble());
        for (const char* path : {"sw", "ip", "ip_high", "sw_qemu"}) {
            const QJsonObject p = v.value(QLatin1String(path)).toObject();
            const QJsonArray recs = p.value(QStringLiteral("per_record")).toArray();
            ASSERT_EQ(recs.size(), 1089) << path;
            double sum = 0;
            for (const auto rec : recs)
                sum += rec.toArray()[3].toDouble() + rec.toArray()[4].toDouble();
            EXPECT_EQ(sum, p.value(QStringLiteral("ticks")).toDouble()) << path;
            EXPECT_DOUBLE_EQ(p.value(QStringLiteral("us")).toDouble(),
                             sum * 1e6 / p.value(QStringLiteral("timer_hz")).toDouble())
                << path;
        }
    }
    for (const auto x :
         o.value(QStringLiteral("model")).toObject().value(QStringLiteral("inputs")).toArray()) {
        const QJsonObject i = x.toObject();
        EXPECT_FALSE(i.value(QStringLiteral("source")).toString().isEmpty());
        EXPECT_FALSE(i.value(QStringLiteral("unit")).toString().isEmpty());
    }
    const QJsonObject mem = o.value(QStringLiteral("memory")).toObject();
    const QJsonArray builds = mem.value(QStringLiteral("builds")).toArray();
    ASSERT_EQ(builds.size(), 3);
    for (const auto b : builds)
        EXPECT_GT(b.toObject().value(QStringLiteral("stack")).toDouble(), 0);
    EXPECT_GT(mem.value(QStringLiteral("saving_footprint_pct")).toDouble(), 0);
    EXPECT_LT(mem.value(QStringLiteral("saving_footprint_pct")).toDouble(), 100);

    // The text: one line per model input, with its source in parentheses.
    const auto t = runCli({QStringLiteral("board"), QStringLiteral("paper000"), QStringLiteral("--records"),
                           QStringLiteral("3")});
    ASSERT_EQ(t.status, 0) << t.err.toStdString();
    for (const char* name : {"PS clock f_cpu = 666.67 MHz (paper 000", "Cortex-A9 CPI = 0.80 to 1.50",
                             "M_AXI_GP read latency = 120.00 to 200.00 ns (measured by UviDTE-FPSoC",
                             "software instructions = per operation (totals with each variant) (measured: "
                             "retired instructions",
                             "driver instructions per register access = 25.00 to 40.00",
                             "IP clocks (Verilated, low inputs) and ", "ip: text "})
        EXPECT_TRUE(QString::fromUtf8(t.out).contains(QLatin1String(name))) << name << "\n"
                                                                            << t.out.toStdString();
    EXPECT_TRUE(t.out.contains("(modelled); paper 000: >= 7.93x"));
}

TEST(BoardCli, BadUsageIsExitTwoWithOneLine) {
    using rs::test::expectUsageError;
    expectUsageError({QStringLiteral("board")}, "expected 'info', 'kat', 'bench' or 'paper000'");
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
    expectUsageError(
        {QStringLiteral("board"), QStringLiteral("paper000"), QStringLiteral("--cpi"), QStringLiteral("2:1")},
        "--cpi: expected 0 < LO <= HI, got '2:1'");
    expectUsageError(
        {QStringLiteral("board"), QStringLiteral("paper000"), QStringLiteral("--cpi"),
         QStringLiteral("0.3:1")},
        "--cpi: a Cortex-A9 issues at most two instructions a clock, so CPI >= 0.5, got '0.3:1'");
    expectUsageError({QStringLiteral("board"), QStringLiteral("paper000"), QStringLiteral("--gp-read-ns"),
                      QStringLiteral("fast")},
                     "--gp-read-ns: expected LO:HI");
    expectUsageError({QStringLiteral("board"), QStringLiteral("paper000"), QStringLiteral("--records"),
                      QStringLiteral("0")},
                     "--records");
    expectUsageError({QStringLiteral("board"), QStringLiteral("paper000"), QStringLiteral("--port"),
                      QStringLiteral("/dev/roundscope-none")},
                     "board: cannot open");
}

} // namespace
