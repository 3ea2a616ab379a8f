// `roundscope-cli wave axi FILE` end to end: the AXI4-Lite transactions of an IP run's capture (VCD, our
// signal names) and of Verilator's trace of every net (FST, s_axi_* pins and aclk) with register names; a
// file without the bus, a bad --core and a missing file are bad input (exit 2).
#include "tests/clitestsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include "core/waveform/vcd.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

TEST(WaveAxiCli, AnIpRunsCaptureAndVerilatorsTraceListTheSameTransactions) {
    QTemporaryDir dir;
    const QString vcd = dir.filePath("run.vcd"), fst = dir.filePath("run.fst");
    CliResult r =
        runCli({"ip", "run", "--alg", "ascon-aead128", "--key", "000102030405060708090A0B0C0D0E0F", "--nonce",
                "101112131415161718191A1B1C1D1E1F", "--pt", "2021", "--vcd", vcd, "--fst", fst});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();

    r = runCli({"wave", "axi", vcd, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject capture = r.json();
    EXPECT_EQ(capture.value("core").toString(), "ascon");
    EXPECT_EQ(capture.value("bus_prefix").toString(), "");
    // The capture's VCD carries a toggling clk (as the GUI's export): one rising edge a cycle, a cycle 10
    // units of 1 ns, the bus's values changing at their cycle's rising edge; the decoder samples on it.
    EXPECT_EQ(capture.value("clock").toString(), "clk");
    const rs::waveform::WaveformStore file = rs::waveform::readVcdFile(vcd.toStdString());
    const auto clk = file.find("clk");
    ASSERT_TRUE(clk) << "the capture's VCD has no clock";
    ASSERT_GT(file.endTick(), 0u);
    EXPECT_EQ(file.endTick() % 10, 0u);
    EXPECT_NEAR(file.tickSeconds(), 1e-9, 1e-18);
    std::uint64_t rising = 0;
    for (std::size_t k = 0; k < file.changeCount(*clk); ++k)
        if (file.change(*clk, k).value == 1) {
            EXPECT_EQ(file.change(*clk, k).tick, 10 * rising) << "rising edge " << rising;
            ++rising;
        }
    EXPECT_EQ(rising, file.endTick() / 10) << "one rising edge a cycle";
    const auto awaddr = file.find("awaddr"), awvalid = file.find("awvalid");
    ASSERT_TRUE(awaddr && awvalid);
    const QJsonArray ts = capture.value("transactions").toArray();
    ASSERT_GT(ts.size(), 10);
    EXPECT_EQ(capture.value("count").toInt(), ts.size());
    bool keyWrite = false, start = false;
    for (const auto& v : ts) {
        const QJsonObject t = v.toObject();
        EXPECT_FALSE(t.value("register").toString().isEmpty()) << t.value("address").toString().toStdString();
        EXPECT_EQ(t.value("latency_clocks").toInt(), 2);
        EXPECT_EQ(t.value("response").toString(), "OKAY");
        // The transaction's cycle begins at its rising edge; a write's address is on the bus in that cycle.
        const auto cycle = static_cast<rs::waveform::Tick>(t.value("start_cycle").toInteger());
        EXPECT_EQ(static_cast<rs::waveform::Tick>(t.value("start_tick").toInteger()), 10 * cycle);
        if (t.value("kind").toString() == "write") {
            for (const rs::waveform::Tick at : {10 * cycle, 10 * cycle + 9}) {
                EXPECT_EQ(file.valueAt(*awvalid, at), 1U) << at;
                EXPECT_EQ(file.valueAt(*awaddr, at), t.value("address").toString().toULongLong(nullptr, 16))
                    << at;
            }
        }
        // KEY0 carries key bytes 0..3, little-endian (REGISTERS.md's byte packing); upper-case hex.
        keyWrite =
            keyWrite || (t.value("register").toString() == "KEY0" && t.value("kind").toString() == "write" &&
                         t.value("data").toString() == "0x03020100" && t.value("address") == "0x30");
        start =
            start || (t.value("register").toString() == "CTRL" && t.value("data").toString() == "0x00000001");
    }
    EXPECT_TRUE(keyWrite);
    EXPECT_TRUE(start);

    r = runCli({"wave", "axi", fst, "--json"});
    if (!(r.status == 2 && r.err.contains("FST support was not built"))) {
        ASSERT_EQ(r.status, 0) << r.err.toStdString();
        const QJsonObject full = r.json();
        EXPECT_TRUE(full.value("bus_prefix").toString().endsWith("s_axi_"));
        EXPECT_TRUE(full.value("clock").toString().endsWith("aclk"));
        const QJsonArray fts = full.value("transactions").toArray();
        ASSERT_EQ(fts.size(), ts.size());
        for (qsizetype i = 0; i < ts.size(); ++i)
            for (const char* key : {"kind", "register", "data", "response", "latency_clocks"})
                EXPECT_EQ(fts[i].toObject().value(key), ts[i].toObject().value(key)) << i << " " << key;
    }

    r = runCli({"wave", "axi", vcd});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("registers: ascon")) << r.out.toStdString();
    const QString text = QString::fromUtf8(r.out);
    EXPECT_TRUE(text.contains(QString::number(ts.size()) + " transactions, 0 with an error response"));
    EXPECT_TRUE(text.contains("write  0x30     KEY0       0x03020100  OKAY")) << r.out.toStdString();
    // --core names the registers by another map; addresses stay.
    r = runCli({"wave", "axi", vcd, "--core", "mldsa", "--json"});
    ASSERT_EQ(r.status, 0);
    EXPECT_EQ(r.json().value("core").toString(), "mldsa");
}

TEST(WaveAxiCli, BadInputIsRefusedWithExitTwo) {
    QTemporaryDir dir;
    const QString plain = dir.filePath("plain.vcd");
    QFile f(plain);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("$timescale 1ns $end\n$scope module top $end\n$var wire 1 ! clk $end\n$upscope $end\n"
            "$enddefinitions $end\n#0\n0!\n#5\n1!\n");
    f.close();
    expectUsageError({"wave", "axi", plain}, "no AXI4-Lite bus");
    expectUsageError({"wave", "axi", plain, "--core", "riscv"}, "--core");
    expectUsageError({"wave", "axi", dir.filePath("missing.vcd")}, "FILE");
}

} // namespace
