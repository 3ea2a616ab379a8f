// `roundscope-cli ip run|resources --alg mldsa-*` through the real executable: the unit's output beside the
// FIPS 204 model, its clocks, --in files, --vcd, the refusals, and one real synthesis (B = 1, ~20 s).
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include "core/crypto/mldsantt.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "tests/clitestsupport.h"
#include "tests/testsupport.h"

namespace {

using rs::test::expectUsageError;
using rs::test::runCli;

QStringList ipRun(const char* alg, const char* b) {
    return {QStringLiteral("ip"), QStringLiteral("run"),           QStringLiteral("--alg"),
            QLatin1String(alg),   QStringLiteral("--butterflies"), QLatin1String(b)};
}

rs::crypto::MlDsaPoly polyOf(const QJsonArray& a) {
    rs::crypto::MlDsaPoly p{};
    EXPECT_EQ(a.size(), 256);
    for (int i = 0; i < a.size() && i < 256; ++i)
        p[static_cast<std::size_t>(i)] = a.at(i).toInt();
    return p;
}

TEST(MlDsaIpCli, RandomRunMatchesTheModelWithTheFormulaClocks) {
    for (const auto& [alg, op] : {std::pair{"mldsa-ntt", rs::oracle::MlDsaKind::Ntt},
                                  {"mldsa-intt", rs::oracle::MlDsaKind::InverseNtt},
                                  {"mldsa-pwm", rs::oracle::MlDsaKind::MultiplyNtt},
                                  {"mldsa-pwa", rs::oracle::MlDsaKind::AddNtt}}) {
        QStringList args = ipRun(alg, "4");
        args << QStringLiteral("--random") << QStringLiteral("9") << QStringLiteral("--json");
        const auto r = runCli(args);
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        const QJsonObject o = r.json();
        EXPECT_TRUE(o.value(QStringLiteral("matches_model")).toBool()) << alg;
        EXPECT_EQ(static_cast<std::uint64_t>(o.value(QStringLiteral("core_cycles")).toDouble()),
                  rs::hw::mldsaIpCycles(op, 4));
        EXPECT_GT(o.value(QStringLiteral("bus_clocks")).toDouble(),
                  o.value(QStringLiteral("core_cycles")).toDouble());
        EXPECT_EQ(o.value(QStringLiteral("output")).toArray().size(), 256);
        EXPECT_FALSE(o.value(QStringLiteral("bank_conflict")).toBool());
    }
}

TEST(MlDsaIpCli, InFileAndVcd) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    rs::crypto::MlDsaPoly a{};
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = static_cast<std::int32_t>((i * 7919u + 3u) % static_cast<std::size_t>(rs::crypto::kMlDsaQ));
    a[5] = rs::crypto::kMlDsaQ - 1;
    const rs::crypto::Bytes bytes = rs::crypto::mldsaPolyToBytes(a);
    const QString in = dir.filePath(QStringLiteral("a.bin")), vcd = dir.filePath(QStringLiteral("t.vcd"));
    {
        QFile f(in);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
    }
    QStringList args = ipRun("mldsa-ntt", "2");
    args << QStringLiteral("--in") << in << QStringLiteral("--vcd") << vcd << QStringLiteral("--json");
    const auto r = runCli(args);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(polyOf(r.json().value(QStringLiteral("output")).toArray()), rs::crypto::mldsaNtt(a));
    EXPECT_EQ(r.json().value(QStringLiteral("core_cycles")).toInt(), 519);
    QFile v(vcd);
    ASSERT_TRUE(v.open(QIODevice::ReadOnly));
    const QByteArray text = v.readAll();
    EXPECT_TRUE(text.contains("stage_issue")) << "the lanes are in the VCD";
    EXPECT_TRUE(text.contains("bank3_wr"));

    // pwm/pwa take 2048 bytes; a 1024-byte file is refused, and so is a coefficient >= q
    QStringList pwm = ipRun("mldsa-pwm", "2");
    pwm << QStringLiteral("--in") << in;
    expectUsageError(pwm, "expected 2 polynomials, a then b: 2048 bytes");
    rs::crypto::Bytes bad = bytes;
    bad[0] = 0xff;
    const QString badPath = dir.filePath(QStringLiteral("bad.bin"));
    {
        QFile f(badPath);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(reinterpret_cast<const char*>(bad.data()), static_cast<qint64>(bad.size()));
    }
    QStringList badArgs = ipRun("mldsa-intt", "1");
    badArgs << QStringLiteral("--in") << badPath;
    expectUsageError(badArgs, "--in:");
}

TEST(MlDsaIpCli, BadInputIsExitTwoWithOneLine) {
    expectUsageError(ipRun("mldsa-ntt", "3"), "--butterflies: 3 was not Verilated (built: 1, 2, 4)");
    expectUsageError(ipRun("mldsa-ntt", "0"), "--butterflies");
    QStringList both = ipRun("mldsa-pwa", "2");
    both << QStringLiteral("--in") << QStringLiteral("x") << QStringLiteral("--random")
         << QStringLiteral("1");
    expectUsageError(both, "give one of them");
    QStringList missing = ipRun("mldsa-pwa", "2");
    missing << QStringLiteral("--in") << QStringLiteral("/nonexistent/poly.bin");
    expectUsageError(missing, "--in: ML-DSA operand file '/nonexistent/poly.bin': cannot open");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                      QStringLiteral("mldsa-ntt"), QStringLiteral("--butterflies"), QStringLiteral("3")},
                     "B = 1, 2, 4 or 8");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                      QStringLiteral("mldsa-xyz")},
                     "mldsa-ntt");
}

TEST(MlDsaIpCli, ResourcesFromARealSynthesis) {
    if (std::system("yosys -V > /dev/null 2>&1") != 0) GTEST_SKIP() << "yosys not installed";
    const auto r = runCli({QStringLiteral("ip"), QStringLiteral("resources"), QStringLiteral("--alg"),
                           QStringLiteral("mldsa-ntt"), QStringLiteral("--butterflies"), QStringLiteral("1"),
                           QStringLiteral("--json")});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    // B = 1: two modular multipliers (23 x 23 bits), at least one DSP48E1 each; the banks are memories.
    EXPECT_GE(o.value(QStringLiteral("dsp48")).toInt(), 2);
    EXPECT_GT(o.value(QStringLiteral("block_ram")).toInt() + o.value(QStringLiteral("lut_ram")).toInt(), 0);
    EXPECT_GT(o.value(QStringLiteral("luts")).toInt(), 500);
    EXPECT_EQ(o.value(QStringLiteral("butterflies")).toInt(), 1);
}

} // namespace
