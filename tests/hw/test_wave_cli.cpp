// `roundscope-cli wave ...` and `ip run --lanes` end to end: the real executable over a real IP
// capture written as VCD. wave delta measures what the viewer's cursors do, and equals the
// documented latencies (hw/CYCLES.md); bad files and arguments exit 2 with one line.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QTemporaryDir>

#include <fstream>
#include <iterator>

#include <sys/stat.h>

#include "core/waveform/vcd.h"
#include "hw/ip/ascon/asconip.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

constexpr const char* kKey = "000102030405060708090A0B0C0D0E0F";
constexpr const char* kNonce = "101112131415161718191A1B1C1D1E1F";

// An Ascon-128a capture (unroll 1, precomputed: C0 = 1 + w = 5) written as VCD.
QString captureVcd(const QTemporaryDir& dir) {
    rs::waveform::WaveformStore store;
    rs::hw::AsconIp ip;
    rs::hw::AsconIpOptions opt;
    opt.precomputed = true;
    opt.capture = &store;
    ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128av12, rs::crypto::fromHex(kKey),
               rs::crypto::fromHex(kNonce), rs::crypto::Bytes(16, 1), rs::crypto::Bytes(32, 2), opt);
    const QString path = dir.filePath("capture.vcd");
    rs::waveform::writeVcdFile(store, path.toStdString());
    return path;
}

TEST(WaveCli, InfoConvertAndDelta) {
    QTemporaryDir dir;
    const QString vcd = captureVcd(dir);
    CliResult r = runCli({"wave", "info", vcd, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    QJsonObject o = r.json();
    EXPECT_GT(o.value("signals").toInteger(), 20);
    EXPECT_GT(o.value("end_tick").toInteger(), 50);
    EXPECT_GT(o.value("changes").toInteger(), 100);
    EXPECT_DOUBLE_EQ(o.value("tick_seconds").toDouble(), 10e-9); // the writer's default timescale
    const QJsonArray list = o.value("signal_list").toArray();
    EXPECT_EQ(list.size(), o.value("signals").toInteger());

    // LOAD to presentation of the first block: C0 = 1 + w = 5 clocks; state names need no hex.
    r = runCli({"wave", "delta", vcd, "--a", "phase=1", "--b", "blk_valid=1", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    o = r.json();
    EXPECT_EQ(o.value("delta_ticks").toInteger(), 5);
    EXPECT_DOUBLE_EQ(o.value("delta_cycles").toDouble(), 5.0);
    EXPECT_DOUBLE_EQ(o.value("delta_ns").toDouble(), 50.0); // 10 ns ticks: the viewer's Δ in ns
    // The first take to the second: one block every M = max(w, n_b) = 8 clocks.
    const qint64 firstTake = runCli({"wave", "delta", vcd, "--a", "take=1", "--b", "take=1", "--json"})
                                 .json()
                                 .value("a_tick")
                                 .toInteger();
    r = runCli({"wave", "delta", vcd, "--a", "take=1", "--after", QString::number(firstTake + 1), "--b",
                "take=1", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("a_tick").toInteger() - firstTake, 8);

    // VCD -> FST keeps every change.
    const qint64 changes = runCli({"wave", "info", vcd, "--json"}).json().value("changes").toInteger();
    const QString fst = dir.filePath("capture.fst");
    r = runCli({"wave", "convert", vcd, fst, "--json"});
    if (r.status == 2 && r.err.contains("FST support was not built")) GTEST_SKIP() << r.err.toStdString();
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    r = runCli({"wave", "info", fst, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("changes").toInteger(), changes);
}

TEST(WaveCli, BadFilesAndArgumentsExitTwo) {
    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.vcd");
    std::ofstream(bad.toStdString()) << "$var wire 1 ! a $end\n$enddefinitions $end\n#3\n1!\n#2\n0!\n";
    expectUsageError({"wave", "info", bad}, "VCD line 5: time #2 goes back");
    expectUsageError({"wave", "info", dir.filePath("none.vcd")}, "none.vcd");
    expectUsageError({"wave", "info"}, "expected one FILE");
    expectUsageError({"wave", "bogus"}, "wave: expected");
    const QString vcd = captureVcd(dir);
    expectUsageError({"wave", "delta", vcd, "--a", "nosuch=1", "--b", "take=1"}, "--a");
    expectUsageError({"wave", "delta", vcd, "--a", "phase=zz", "--b", "take=1"}, "--a");
    expectUsageError({"wave", "delta", vcd, "--a", "phase=-1", "--b", "take=1"}, "--a");
    expectUsageError({"wave", "delta", vcd, "--a", "phase=1", "--b", "take"}, "--b");
    expectUsageError({"wave", "delta", vcd, "--a", "phase=1", "--b", "take=1", "--clock", "x0"}, "--clock");
    expectUsageError({"wave", "convert", vcd, dir.filePath("out.txt")}, "OUT");
}

QString waveData(const char* name) {
    return QStringLiteral(RS_WAVE_DATA_DIR "/") + QLatin1String(name);
}

TEST(WaveCli, OtherToolsFilesOfAnyWidth) {
    // Verilator's trace has a 320-bit and a 128-bit net (and the code '$'): both were refused.
    for (const char* name : {"verilator.vcd", "fst2vcd.vcd", "verilator.fst"}) {
        const CliResult r = runCli({"wave", "info", waveData(name), "--json"});
        if (r.status == 2 && r.err.contains("FST support was not built")) continue;
        ASSERT_EQ(r.status, 0) << name << ": " << r.err.toStdString();
        EXPECT_EQ(r.json().value("widest_bits").toInt(), 320) << name;
        EXPECT_FALSE(r.json().contains("truncated")) << name;
    }
    // A 128-bit value as the cursor event: block holds its first value from tick 0, count reaches 4 at
    // the fourth rising edge (35 ns in 1 ps ticks).
    CliResult r = runCli({"wave", "delta", waveData("verilator.vcd"), "--a",
                          "block=0123456789abcdeffedcba9876543210", "--b", "count=4", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("a_tick").toInteger(), 0);
    EXPECT_EQ(r.json().value("b_tick").toInteger(), 35000);
    expectUsageError({"wave", "delta", waveData("verilator.vcd"), "--a", "count=100", "--b", "count=4"},
                     "at most 8 bits");
    QTemporaryDir dir;
    const QString fst = dir.filePath("wide.fst");
    r = runCli({"wave", "convert", waveData("verilator.vcd"), fst, "--json"});
    if (r.status == 2 && r.err.contains("FST support was not built")) return;
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const qint64 changes =
        runCli({"wave", "info", waveData("verilator.vcd"), "--json"}).json().value("changes").toInteger();
    r = runCli({"wave", "info", fst, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_EQ(r.json().value("changes").toInteger(), changes);
    EXPECT_EQ(r.json().value("widest_bits").toInt(), 320);
}

TEST(WaveCli, CutOffFilesLoadAndDevicesAreRefused) {
    QTemporaryDir dir;
    std::ifstream in(waveData("verilator.vcd").toStdString(), std::ios::binary);
    const std::string full((std::istreambuf_iterator<char>(in)), {});
    const QString cut = dir.filePath("killed.vcd");
    std::ofstream(cut.toStdString(), std::ios::binary) << full.substr(0, full.size() * 2 / 3);
    CliResult r = runCli({"wave", "info", cut, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString(); // was: exit 2, the whole file refused
    const QJsonObject t = r.json().value("truncated").toObject();
    EXPECT_GT(t.value("end_tick").toInteger(), 0);
    EXPECT_EQ(t.value("end_tick").toInteger(), r.json().value("end_tick").toInteger());
    EXPECT_TRUE(t.value("message").toString().contains("cut off at line"))
        << t.value("message").toString().toStdString();
    r = runCli({"wave", "info", cut}); // the text output says it too
    EXPECT_TRUE(r.out.contains("cut off")) << r.out.toStdString();
    // `wave info` on a link to /dev/zero never ended.
    const QString zero = dir.filePath("zero.vcd");
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), zero));
    expectUsageError({"wave", "info", zero}, "character device");
    const QString zeroFst = dir.filePath("zero.fst");
    ASSERT_TRUE(QFile::link(QStringLiteral("/dev/zero"), zeroFst));
    const CliResult f = runCli({"wave", "info", zeroFst});
    EXPECT_EQ(f.status, 2);
    EXPECT_TRUE(f.err.contains("character device") || f.err.contains("FST support was not built"))
        << f.err.toStdString();
}

TEST(WaveCli, IpRunFstOpensInTheViewerAndNeverReplacesADevice) {
    QTemporaryDir dir;
    const QString fst = dir.filePath("ip.fst");
    CliResult r = runCli({"ip", "run", "--alg", "ascon-aead128", "--key", kKey, "--nonce", kNonce, "--pt",
                          "00112233", "--fst", fst, "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    // Verilator's own trace: the 320-bit state net made the whole file unreadable.
    r = runCli({"wave", "info", fst, "--json"});
    if (r.status == 2 && r.err.contains("FST support was not built")) GTEST_SKIP() << r.err.toStdString();
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_GE(r.json().value("widest_bits").toInt(), 320);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1) << "no temporary file left";
    // The FST writer unlinked its path first: `--fst /dev/full` as root replaced the device node.
    const QString fifo = dir.filePath("trace.fst");
    ASSERT_EQ(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    expectUsageError({"ip", "run", "--alg", "ascon-aead128", "--key", kKey, "--nonce", kNonce, "--pt", "00",
                      "--fst", fifo},
                     "FIFO");
    EXPECT_TRUE(QFileInfo(fifo).isFile() == false && QFileInfo::exists(fifo));
    struct stat st {};
    ASSERT_EQ(::stat(fifo.toLocal8Bit().constData(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST(WaveCli, IpRunReportsTheLanes) {
    const CliResult r =
        runCli({"ip", "run", "--alg", "ascon-aead128", "--key", kKey, "--nonce", kNonce, "--ad",
                "00112233445566778899AABBCCDDEEFF", "--pt", "0011223344556677", "--lanes", "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject lanes = r.json().value("lanes").toObject();
    EXPECT_EQ(lanes.value("words_per_block").toInt(), 4);
    const QJsonArray blocks = lanes.value("blocks").toArray();
    // AD 16 bytes: s = 2 blocks (a full one and the padded empty one), t = 0, plus the last block.
    ASSERT_EQ(blocks.size(), 3);
    EXPECT_EQ(blocks[0].toObject().value("kind").toString(), "AD");
    EXPECT_EQ(blocks[2].toObject().value("kind").toString(), "last");
    // Full mode, unroll 1: the first block is taken at C0 = 1 + n_a = 13 clocks after LOAD, then every M = 8.
    const qint64 load = lanes.value("load").toInteger();
    for (int j = 0; j < 3; ++j)
        EXPECT_EQ(blocks[j].toObject().value("take").toInteger() - load, 13 + 8 * j) << "block " << j;
    // Fig. 7: the length, lane 0 and lane 1 all end at the take clock.
    for (const auto& b : blocks) {
        const QJsonObject o = b.toObject();
        const qint64 take = o.value("take").toInteger();
        for (const char* lane : {"length", "lane0", "lane1"})
            EXPECT_EQ(o.value(lane).toArray()[1].toInteger(), take + 1) << lane;
    }
}

} // namespace
