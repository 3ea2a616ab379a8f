// `roundscope-cli riscv ...` end to end through the real executable and QEMU.
#include <gtest/gtest.h>

#include <QJsonArray>

#include "tests/clitestsupport.h"

namespace {

using rs::test::runCli;

TEST(RiscvCli, RunPrintsVerifiedCounts) {
    const auto r = runCli({QStringLiteral("riscv"), QStringLiteral("run"), QStringLiteral("--kernel"),
                           QStringLiteral("lea-128-ctr-pre-fixed"), QStringLiteral("--bytes"),
                           QStringLiteral("64"), QStringLiteral("--json")});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_TRUE(o.value(QStringLiteral("verified")).toBool());
    EXPECT_EQ(o.value(QStringLiteral("sim")).toString(), QStringLiteral("qemu"));
    EXPECT_GT(o.value(QStringLiteral("per_block_instructions")).toDouble(), 400);
    EXPECT_EQ(o.value(QStringLiteral("output")).toString().size(), 128);
}

TEST(RiscvCli, KernelsAndPaperTables) {
    const auto k = runCli({QStringLiteral("riscv"), QStringLiteral("kernels"), QStringLiteral("--json")});
    ASSERT_EQ(k.status, 0);
    EXPECT_EQ(k.json().value(QStringLiteral("kernels")).toArray().size(), 10);
    const auto t = runCli({QStringLiteral("riscv"), QStringLiteral("paper003"), QStringLiteral("--isa"),
                           QStringLiteral("rv32i"), QStringLiteral("--json")});
    ASSERT_EQ(t.status, 0) << t.err.toStdString();
    const QJsonObject o = t.json();
    EXPECT_EQ(o.value(QStringLiteral("lea_ctr")).toArray().size(), 4);
    EXPECT_EQ(o.value(QStringLiteral("lea_gcm")).toArray().size(), 6);
    const auto text = runCli({QStringLiteral("riscv"), QStringLiteral("paper003")});
    EXPECT_TRUE(text.out.contains("lea-128-ctr-pre-fixed: ")) << text.out.toStdString();
}

TEST(RiscvCli, BadUsageIsExitTwoWithOneLine) {
    using rs::test::expectUsageError;
    expectUsageError({QStringLiteral("riscv")}, "expected 'run', 'kernels' or 'paper003'");
    expectUsageError({QStringLiteral("riscv"), QStringLiteral("fly")}, "got 'fly'");
    expectUsageError({QStringLiteral("riscv"), QStringLiteral("run")}, "--kernel");
    expectUsageError(
        {QStringLiteral("riscv"), QStringLiteral("run"), QStringLiteral("--kernel"), QStringLiteral("aes")},
        "unknown 'aes'");
    expectUsageError({QStringLiteral("riscv"), QStringLiteral("run"), QStringLiteral("--kernel"),
                      QStringLiteral("ascon-aead128"), QStringLiteral("--sim"), QStringLiteral("bochs")},
                     "--sim: expected qemu or spike");
    expectUsageError({QStringLiteral("riscv"), QStringLiteral("run"), QStringLiteral("--kernel"),
                      QStringLiteral("ascon-aead128"), QStringLiteral("--isa"), QStringLiteral("rv64gc")},
                     "--isa: expected rv32im or rv32i");
    expectUsageError({QStringLiteral("riscv"), QStringLiteral("run"), QStringLiteral("--kernel"),
                      QStringLiteral("lea-128-ecb-c"), QStringLiteral("--bytes"), QStringLiteral("20")},
                     "ECB needs whole 16-byte blocks");
    expectUsageError({QStringLiteral("riscv"), QStringLiteral("run"), QStringLiteral("--kernel"),
                      QStringLiteral("ascon-aead128"), QStringLiteral("--bytes"), QStringLiteral("70000")},
                     "--bytes");
}

} // namespace
