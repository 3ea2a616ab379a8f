// `roundscope-cli ip ...` end to end: run the real executable, parse its one JSON object, compare
// with the KAT files and the cycle formula; bad inputs exit 2 with one line naming the argument.
#include "tests/clitestsupport.h"
#include "tests/hw/hwtest.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>

#include <filesystem>

#include <unistd.h>

#include "core/katfile.h"
#include "hw/ip/ascon/asconipcycles.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;

CliResult cli(const QStringList& args,
              const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    return rs::test::runCli(args, env);
}

QString hexOf(const rs::core::KatRecord& r, const char* f) {
    return QString::fromStdString(rs::crypto::toHex(r.hex(f)));
}

TEST(IpCli, RunMatchesTheKatAndTheCycleFormula) {
    for (const auto& v : rs::test::ipVariants()) {
        const auto recs = rs::core::readKatFile(rs::test::vectorPath(v.katFile));
        const auto& r = recs.at(33 * 9 + 17); // PT 9 bytes, AD 17 bytes
        for (const auto& [unroll, pre] : {std::pair{1, false}, std::pair{6, true}}) {
            QStringList args{"ip",       "run",
                             "--alg",    v.id,
                             "--key",    hexOf(r, "Key"),
                             "--nonce",  hexOf(r, "Nonce"),
                             "--ad",     hexOf(r, "AD"),
                             "--pt",     hexOf(r, "PT"),
                             "--unroll", QString::number(unroll),
                             "--json"};
            if (pre) args << "--precomputed";
            const CliResult res = cli(args);
            ASSERT_EQ(res.status, 0) << res.err.toStdString();
            const QJsonObject o = res.json();
            EXPECT_EQ(o.value("ct").toString() + o.value("tag").toString(), hexOf(r, "CT")) << v.id;
            const auto f = rs::hw::expectedCycles({v.variant, unroll, pre, false, false, 17, 9});
            const QJsonObject c = o.value("cycles").toObject();
            EXPECT_EQ(c.value("total").toInteger(), static_cast<qint64>(f.totalCycles));
            EXPECT_EQ(c.value("init").toInteger(), static_cast<qint64>(f.core.init));
            EXPECT_EQ(c.value("ad").toInteger(), static_cast<qint64>(f.core.ad));
            EXPECT_EQ(c.value("data").toInteger(), static_cast<qint64>(f.core.data));
            EXPECT_EQ(c.value("final").toInteger(), static_cast<qint64>(f.core.final));
            EXPECT_EQ(o.value("axi_transactions").toInteger(), static_cast<qint64>(f.axiTransactions));
        }
    }
}

TEST(IpCli, RunWritesVcdAndFstFiles) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("rs_test_ip_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const QString vcd = QString::fromStdString((dir / "run.vcd").string());
    const QString fst = QString::fromStdString((dir / "run.fst").string());
    const CliResult r =
        cli({"ip", "run", "--alg", "ascon-aead128", "--key", "000102030405060708090A0B0C0D0E0F", "--nonce",
             "101112131415161718191A1B1C1D1E1F", "--pt", "2021", "--unroll", "2", "--vcd", vcd, "--fst", fst,
             "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("vcd").toString(), vcd);
    ASSERT_TRUE(fs::exists(vcd.toStdString()));
    ASSERT_TRUE(fs::exists(fst.toStdString()));
    EXPECT_GT(fs::file_size(vcd.toStdString()), 0u);
    EXPECT_GT(fs::file_size(fst.toStdString()), 0u);
    fs::remove_all(dir);
}

TEST(IpCli, KatPassesEveryRecordThroughTheIp) {
    const CliResult r =
        cli({"ip", "kat", "--alg", "ascon-128a", "--unroll", "12",
             QString::fromStdString(rs::test::vectorPath("ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"))});
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.out.trimmed().toStdString(), "1089 passed, 0 failed");
    // The v1.2 file is not an SP 800-232 file: every record fails, exit status 1.
    const CliResult wrong =
        cli({"ip", "kat", "--alg", "ascon-aead128", "--json",
             QString::fromStdString(rs::test::vectorPath("ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"))});
    EXPECT_EQ(wrong.status, 1);
    EXPECT_EQ(wrong.json().value("failed").toInt(), 1089);
}

TEST(IpCli, ResourcesReportTheCellCounts) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("ROUNDSCOPE_YOSYS", QStringLiteral(RS_TEST_SOURCE_DIR "/fake_yosys.sh"));
    const CliResult r = cli({"ip", "resources", "--unroll", "3", "--json"}, env);
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_EQ(o.value("unroll").toInt(), 3);
    EXPECT_EQ(o.value("luts").toInt(), 10);
    EXPECT_EQ(o.value("ffs").toInt(), 15);
    EXPECT_EQ(o.value("muxf7").toInt(), 2);
    EXPECT_EQ(o.value("muxf8").toInt(), 1);
    EXPECT_EQ(o.value("carry4").toInt(), 3);
    EXPECT_EQ(o.value("paper").toObject().value("ascon128").toObject().value("luts").toInt(), 39224);
    EXPECT_FALSE(o.contains("ip")) << "the scopes and -abc9 come with --detail";

    const CliResult detail =
        cli({"ip", "resources", "--detail", "--param", "OUT_DEPTH=16,IN_DEPTH=8", "--json"}, env);
    ASSERT_EQ(detail.status, 0) << detail.err.toStdString();
    const QJsonObject d = detail.json();
    EXPECT_EQ(d.value("luts").toInt(), 10);
    EXPECT_EQ(d.value("ip").toObject().value("abc").toObject().value("luts").toInt(), 10);
    EXPECT_EQ(d.value("ip").toObject().value("abc9").toObject().value("luts").toInt(), 6);
    EXPECT_EQ(d.value("ip").toObject().value("lut_depth").toInt(), 12);
    EXPECT_EQ(d.value("core").toObject().value("top").toString(), "ascon_core");
    EXPECT_EQ(d.value("core").toObject().value("abc9").toObject().value("luts").toInt(), 5);
    EXPECT_EQ(d.value("core").toObject().value("lut_depth").toInt(), 6);
    EXPECT_EQ(d.value("params").toObject().value("OUT_DEPTH").toInt(), 16);
    EXPECT_EQ(d.value("params").toObject().value("IN_DEPTH").toInt(), 8);
    EXPECT_EQ(cli({"ip", "resources", "--param", "OUT_DEPTH", "--json"}, env).status, 2);
    EXPECT_EQ(cli({"ip", "resources", "--param", "OUT DEPTH=4", "--json"}, env).status, 2);

    env.insert("ROUNDSCOPE_YOSYS", "/nonexistent/yosys");
    const CliResult missing = cli({"ip", "resources", "--json"}, env);
    EXPECT_EQ(missing.status, 2);
    EXPECT_TRUE(missing.out.isEmpty());
    EXPECT_TRUE(missing.err.contains("yosys not found")) << missing.err.toStdString();
}

TEST(IpCli, BadInputsExitTwoNamingTheArgument) {
    const QStringList base{"--key",   "000102030405060708090A0B0C0D0E0F",
                           "--nonce", "101112131415161718191A1B1C1D1E1F",
                           "--pt",    "00"};
    expectUsageError(QStringList{"ip", "run", "--alg", "lea-128-gcm"} + base, "--alg");
    expectUsageError(QStringList{"ip", "run", "--alg", "ascon-128", "--unroll", "5"} + base, "--unroll");
    expectUsageError(QStringList{"ip", "run", "--alg", "ascon-128", "--unroll", "x"} + base, "--unroll");
    expectUsageError({"ip", "run", "--alg", "ascon-128", "--key", "0001", "--nonce", "00", "--pt", "00"},
                     "--key");
    expectUsageError({"ip", "run", "--alg", "ascon-128", "--key", "000102030405060708090A0B0C0D0E0F"},
                     "--nonce");
    expectUsageError(QStringList{"ip", "run", "--alg", "ascon-128", "--ad-precomputed"} + base,
                     "--ad-precomputed");
    expectUsageError(QStringList{"ip", "run", "--alg", "ascon-128", "--vcd", "/nonexistent/dir/x.vcd"} + base,
                     "--vcd");
    expectUsageError(QStringList{"ip", "run", "--alg", "ascon-128", "--fst", "/nonexistent/dir/x.fst"} + base,
                     "--fst");
    expectUsageError({"ip", "kat", "--alg", "ascon-128"}, "FILE");
    expectUsageError({"ip", "kat", "--alg", "ascon-128", "/nonexistent/kat.txt"}, "FILE");
    expectUsageError({"ip", "resources", "--unroll", "13"}, "--unroll");
    expectUsageError({"ip", "simulate"}, "ip");
    expectUsageError({"ip"}, "ip");
}

} // namespace
