// `roundscope-cli wave diff A B` end to end on real files: Verilator's VCD against GTKWave's conversions
// of it (equal), and copies of it changed on purpose (a bit set early, every time shifted, a bus widened):
// exit 0 when every pair is equal, 1 when one differs, 2 for bad input.
#include "tests/clitestsupport.h"

#include <QJsonArray>
#include <QTemporaryDir>

#include <fstream>
#include <iterator>
#include <sstream>

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

QString waveData(const char* name) {
    return QStringLiteral(RS_WAVE_DATA_DIR "/") + QLatin1String(name);
}

std::string verilatorVcd() {
    std::ifstream in(waveData("verilator.vcd").toStdString(), std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

/** Writes text to name in dir; returns the path. */
QString write(const QTemporaryDir& dir, const char* name, const std::string& text) {
    const QString path = dir.filePath(QLatin1String(name));
    std::ofstream(path.toStdString(), std::ios::binary) << text;
    return path;
}

QJsonObject pairNamed(const QJsonObject& result, const QString& name) {
    for (const auto& p : result.value("signals").toArray())
        if (p.toObject().value("name").toString() == name) return p.toObject();
    ADD_FAILURE() << "no pair " << name.toStdString();
    return {};
}

TEST(WaveDiffCli, TheSameRunFromOtherToolsIsEqual) {
    CliResult r = runCli({"wave", "diff", waveData("verilator.vcd"), waveData("fst2vcd.vcd"), "--json"});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_TRUE(o.value("equal").toBool());
    EXPECT_EQ(o.value("compared").toInt(), 11);
    EXPECT_EQ(o.value("differing").toInt(), 0);
    EXPECT_EQ(o.value("signals").toArray().size(), 11);
    EXPECT_EQ(o.value("end").toInteger(), 245001);
    r = runCli({"wave", "diff", waveData("verilator.vcd"), waveData("fst2vcd.vcd")});
    ASSERT_EQ(r.status, 0);
    EXPECT_TRUE(r.out.contains("equal: 0 of 11 signals differ")) << r.out.toStdString();
    for (const char* fst : {"verilator.fst", "gtkwave.fst"}) {
        r = runCli({"wave", "diff", waveData("verilator.vcd"), waveData(fst)});
        if (r.status == 2 && r.err.contains("FST support was not built")) continue;
        EXPECT_EQ(r.status, 0) << fst << ": " << r.out.toStdString() << r.err.toStdString();
    }
}

TEST(WaveDiffCli, ABitSetEarlyIsFoundAtItsTick) {
    QTemporaryDir dir;
    std::string text = verilatorVcd();
    const auto at = text.find("#100000\n");
    ASSERT_NE(at, std::string::npos);
    text.insert(at + 8, "13\n"); // done (code 3) set at tick 100 000, long before count reaches 20
    const QString changed = write(dir, "changed.vcd", text);
    CliResult r = runCli({"wave", "diff", waveData("verilator.vcd"), changed, "--json"});
    ASSERT_EQ(r.status, 1) << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_FALSE(o.value("equal").toBool());
    EXPECT_EQ(o.value("differing").toInt(), 1);
    const QJsonObject done = pairNamed(o, "done");
    EXPECT_FALSE(done.value("equal").toBool());
    EXPECT_EQ(done.value("first_tick").toInteger(), 100000);
    EXPECT_EQ(done.value("value_a").toString(), "0");
    EXPECT_EQ(done.value("value_b").toString(), "1");
    EXPECT_EQ(done.value("intervals").toInt(), 1); // until the real rise, then equal again
    EXPECT_TRUE(pairNamed(o, "count").value("equal").toBool());
    r = runCli({"wave", "diff", waveData("verilator.vcd"), changed});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(r.out.contains("done: differs from tick 100000 (A 0, B 1), 1 interval"))
        << r.out.toStdString();
    EXPECT_FALSE(r.out.contains("count:")) << "equal pairs of a whole-file diff are not listed";
    // Only the chosen signals: those are equal.
    r = runCli({"wave", "diff", waveData("verilator.vcd"), changed, "--signals", "count,count_q,clk"});
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("count_q: equal")) << r.out.toStdString();
}

TEST(WaveDiffCli, AlignsOnAClockAcrossAnOffset) {
    // The same run with every time 7000 ticks later (a longer reset): by time it differs, aligned on
    // clk's first rising edge (5000 in A, 12000 in B) it does not.
    QTemporaryDir dir;
    std::istringstream in(verilatorVcd());
    std::string shifted;
    for (std::string line; std::getline(in, line);)
        shifted +=
            (line.size() > 1 && line[0] == '#' ? "#" + std::to_string(std::stoull(line.substr(1)) + 7000)
                                               : line) +
            "\n";
    const QString late = write(dir, "late.vcd", shifted);
    EXPECT_EQ(runCli({"wave", "diff", waveData("verilator.vcd"), late}).status, 1);
    CliResult r = runCli({"wave", "diff", waveData("verilator.vcd"), late, "--align", "clk", "--json"});
    ASSERT_EQ(r.status, 0) << r.out.toStdString() << r.err.toStdString();
    const QJsonObject o = r.json();
    EXPECT_EQ(o.value("offset_a").toInteger(), 5000);
    EXPECT_EQ(o.value("offset_b").toInteger(), 12000);
    EXPECT_EQ(o.value("begin").toInteger(), -5000);
    EXPECT_EQ(o.value("align").toString(), "clk");
    r = runCli({"wave", "diff", waveData("verilator.vcd"), late, "--align", "time"});
    EXPECT_EQ(r.status, 1);
}

TEST(WaveDiffCli, AWiderBusIsAMismatchOfItsOwn) {
    QTemporaryDir dir;
    std::string text = verilatorVcd();
    const std::string decl = "$var wire  8 # count [7:0] $end";
    const auto at = text.find(decl);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, decl.size(), "$var wire 16 # count [15:0] $end"); // top's count only, not u_sub's
    const QString wide = write(dir, "wide.vcd", text);
    CliResult r = runCli({"wave", "diff", waveData("verilator.vcd"), wide, "--json"});
    ASSERT_EQ(r.status, 1) << r.err.toStdString();
    const QJsonObject count = pairNamed(r.json(), "count");
    EXPECT_TRUE(count.value("width_mismatch").toBool());
    EXPECT_EQ(count.value("width_a").toInt(), 8);
    EXPECT_EQ(count.value("width_b").toInt(), 16);
    EXPECT_FALSE(count.contains("first_tick"));
    EXPECT_TRUE(pairNamed(r.json(), "top.u_sub.count").value("equal").toBool());
    r = runCli({"wave", "diff", waveData("verilator.vcd"), wide});
    EXPECT_TRUE(r.out.contains("count: width 8 in A, 16 in B")) << r.out.toStdString();
}

TEST(WaveDiffCli, BadInputExitsTwo) {
    QTemporaryDir dir;
    const QString a = waveData("verilator.vcd");
    const QString bad = write(dir, "bad.vcd", "$var wire 1 ! a $end\n$enddefinitions $end\n#3\n1!\n#2\n0!\n");
    expectUsageError({"wave", "diff", a, dir.filePath("none.vcd")}, "B: ");
    expectUsageError({"wave", "diff", bad, a}, "A: ");
    expectUsageError({"wave", "diff", a}, "expected A and B");
    expectUsageError({"wave", "diff", a, a, "--signals", "count,nosuch"}, "no signal 'nosuch' in dump A");
    expectUsageError({"wave", "diff", a, a, "--signals", "count,"}, "--signals");
    expectUsageError({"wave", "diff", a, a, "--align", "nosuch"}, "--align");
    const QString flat = write(dir, "flat.vcd", "$var wire 1 ! a $end\n$enddefinitions $end\n#0\n0!\n#10\n");
    expectUsageError({"wave", "diff", flat, flat, "--align", "a"}, "--align: a never rises in dump A");
}

} // namespace
